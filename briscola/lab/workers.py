"""Worker processes for the arena: tasks in, results out in task order, and a stop
that always ends.

multiprocessing's Pool did not serve here: it starts a new worker in place of one
that a stop signal ended (which then takes the next task and starts its bots), and
its ``terminate`` waits for ever on a worker stuck where no signal handler runs or
on a queue lock that a killed worker held.  Here each worker has a pipe of its own,
nothing is shared, no worker is ever replaced, and a stop SIGTERMs each worker (it
unwinds its match: its record ends, its bots are stopped) and SIGKILLs one still
there after a bound.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import signal
import sys
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import AbstractContextManager
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
PATIENCE = 5.0  # seconds a stopped worker has to unwind before SIGKILL

# What one worker runs: entered once in the worker, it gives the function that plays
# one task; leaving it (at the end, or on a stop signal) closes what the worker kept.
Worker = Callable[[], AbstractContextManager[Callable[[T], R]]]


class WorkerDied(RuntimeError):
    """A worker process ended without answering its task (killed from outside)."""


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _block() -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def _unblock() -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _serve(worker: Worker[Any, Any], conn: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    for sig in STOP_SIGNALS:  # the parent stops us with SIGTERM; a hang-up reaches all
        signal.signal(sig, _stop)
    _unblock()  # held since the fork, so that none met the parent's handlers here
    with worker() as play:
        while True:
            try:
                task = conn.recv()
            except EOFError:  # the parent is gone
                return
            if task is None:
                return
            try:
                answer: tuple[bool, Any] = (True, play(task))
            except Exception as err:  # the parent raises it, as a Pool does
                answer = (False, err)
            conn.send(answer)


def in_workers(
    worker: Worker[T, R], tasks: Sequence[T], jobs: int, patience: float = PATIENCE
) -> Generator[R, None, None]:
    """The result of every task, in task order, from ``jobs`` processes.  Closing the
    generator early (a verdict, Ctrl-C, SIGTERM) stops the workers."""
    fork = sys.platform != "win32"
    ctx = multiprocessing.get_context("fork") if fork else multiprocessing.get_context("spawn")
    procs: list[BaseProcess] = []
    conns: list[Connection] = []
    try:
        for _ in range(max(1, min(jobs, len(tasks)))):
            mine, theirs = ctx.Pipe()
            started = ctx.Process(target=_serve, args=(worker, theirs), daemon=True)
            _block()
            try:
                started.start()
            finally:
                _unblock()
            theirs.close()
            procs.append(started)
            conns.append(mine)
        yield from _deal_out(tasks, procs, conns)
        for conn in conns:  # the end: each worker closes what it kept and exits
            conn.send(None)
        for proc in procs:
            proc.join()
    finally:
        stop_workers(procs, patience)
        for conn in conns:
            conn.close()


def _deal_out(
    tasks: Sequence[T], procs: list[BaseProcess], conns: list[Connection]
) -> Generator[Any, None, None]:
    waiting = list(range(len(tasks)))[::-1]  # task indexes, the next one last
    busy: dict[int, int] = {}  # worker: the task it plays
    done: dict[int, Any] = {}
    given = 0

    def give(w: int) -> None:
        if waiting:
            busy[w] = waiting.pop()
            conns[w].send(tasks[busy[w]])

    for w in range(len(procs)):
        give(w)
    while given < len(tasks):
        while given in done:
            yield done.pop(given)
            given += 1
        if given == len(tasks):
            return
        watched = [conns[w] for w in busy] + [procs[w].sentinel for w in busy]
        multiprocessing.connection.wait(watched)
        for w in list(busy):
            if conns[w].poll():
                try:
                    ok, value = conns[w].recv()
                except EOFError:
                    ok, value = False, None
                if not ok and value is not None:
                    raise value
                if ok:
                    done[busy.pop(w)] = value
                    give(w)
                    continue
            if not procs[w].is_alive():
                raise WorkerDied(
                    f"a worker process ended (exit code {procs[w].exitcode}) "
                    f"while it played task {busy[w] + 1}"
                )


def stop_workers(procs: Sequence[BaseProcess], patience: float = PATIENCE) -> None:
    """SIGTERM each worker still running (it unwinds its match and stops its bots),
    then SIGKILL one that has not gone within ``patience`` seconds."""
    alive = [p for p in procs if p.exitcode is None]
    for p in alive:
        with contextlib.suppress(OSError):
            p.terminate()
    end = time.monotonic() + patience
    for p in alive:
        p.join(max(0.0, end - time.monotonic()))
    for p in alive:
        if p.exitcode is None:
            p.kill()
            p.join(patience)
