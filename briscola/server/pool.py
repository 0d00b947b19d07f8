"""Built-in bots at a LAN table, thinking off the event loop.

An expert thinks for tens of milliseconds per card; on the server's event
loop that would hold up every other table.  :class:`PooledBot` sends each
``choose`` to a process pool (one worker per core) with the bot itself, and
takes the bot back with its answer, so its random state moves on exactly as
it would in-process: the same seed gives the same cards.  Quick bots
(random, greedy) answer in place; a broken pool falls back to in place too.
Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import ctypes
import ctypes.util
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures.process import BrokenProcessPool

from ..engine.events import Event
from ..engine.game import Action
from ..engine.observation import Observation
from ..players import Bot, MatchInfo, Player
from ..protocol.link import flush_due

__all__ = ["BotPool", "PooledBot"]

log = logging.getLogger("briscola.server")

# The bots worth a trip to another process; the others answer in microseconds.
SLOW = frozenset({"ExpertBot", "OracleBot"})
PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_S = 1.0
USE_HALF_S = 10.0
# A table whose bots used more than this many worker seconds lately (about a third of
# a worker, steadily) is bot-heavy: such tables share all workers but one, so that a
# table where people play never waits behind them.
HEAVY_S = 5.0
USE_KEPT = 1000

Job = tuple[Bot, Observation, "asyncio.Future[tuple[Action, Bot]]"]


def _worker_start(server: int) -> None:
    """A worker ends with the server, however the server ends, and yields it the cores.
    Ctrl-C at the server's terminal reaches its workers too: theirs to ignore, since
    the server stops them itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(server)
    _lower_priority()


def _die_with(server: int) -> None:
    """Nothing the server started may outlive it (a kill -9 runs none of its code): on
    Linux the kernel signals the worker when its parent goes; everywhere a thread
    watches the server's process and ends the worker when it is gone."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        while True:
            time.sleep(WATCH_S)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except OSError:
                pass  # alive, and not ours to signal

    threading.Thread(target=watch, name="briscola-watch-server", daemon=True).start()


def _lower_priority() -> None:
    """A worker yields the cores to the server's loop and the players' programs: on
    Linux it runs only when a core is idle (SCHED_IDLE), elsewhere at nice 10.  A bot
    may think longer (``max_ms`` bounds it), but no table waits for another's bot."""
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return
    with contextlib.suppress(OSError):
        os.nice(10)


def _pause(seconds: float) -> None:
    time.sleep(seconds)  # long enough that each job of warm() gets a worker of its own


def _choose(bot: Bot, obs: Observation) -> tuple[Action, Bot]:
    return bot.choose(obs), bot


class BotPool:
    """The process pool the built-in bots of every table share."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._queues: dict[object, collections.deque[Job]] = {}
        self._used: dict[object, tuple[float, float]] = {}  # table: (worker s, as of when)
        self._busy = 0

    def executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            # forkserver: a worker must not inherit the server's sockets and loop.
            ctx = multiprocessing.get_context("forkserver")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),)
            )
        return self._pool

    async def warm(self) -> None:
        """Start every worker now: a worker started at an expert's first move would
        hold up every table while it forks (the first time, the fork server too)."""
        pool = self.executor()
        if pool is None:
            return
        loop = asyncio.get_running_loop()
        jobs = [loop.run_in_executor(pool, _pause, 0.05) for _ in range(self.workers)]
        with contextlib.suppress(Exception):  # a pool that cannot start thinks in place
            await asyncio.gather(*jobs)

    async def choose(self, bot: Bot, obs: Observation, table: object = None) -> tuple[Action, Bot]:
        """The bot's move, thought in a worker when it is worth it.  Jobs wait in a queue
        per ``table``; a free worker takes the next job of the table that has used
        the workers least lately, so one table's bots never queue ahead of another's,
        and bot-heavy tables leave one worker to the rest."""
        pool = self.executor() if type(bot).__name__ in SLOW else None
        if pool is None:
            return _choose(bot, obs)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[Action, Bot]] = loop.create_future()
        self._queues.setdefault(table, collections.deque()).append((bot, obs, done))
        self._dispatch()
        return await done

    def _dispatch(self) -> None:
        pool = self._pool
        while self._busy < self.workers and self._queues:
            now = time.monotonic()
            table = min(self._queues, key=lambda t: self._use(t, now))
            if self._use(table, now) > HEAVY_S and 1 < self.workers <= self._busy + 1:
                break  # every waiting table is bot-heavy: the last worker stays for the others
            queue = self._queues[table]
            bot, obs, done = queue.popleft()
            if not queue:
                del self._queues[table]
            if done.cancelled():  # its table ended meanwhile
                continue
            if pool is None:  # broken and not yet restarted: think in place
                done.set_result(_choose(bot, obs))
                continue
            self._busy += 1
            job = asyncio.get_running_loop().run_in_executor(pool, _choose, bot, obs)
            job.add_done_callback(functools.partial(self._finished, table, now, bot, obs, done))

    def _use(self, table: object, now: float) -> float:
        """Worker seconds a table used lately (halving every ``USE_HALF_S``)."""
        used, since = self._used.get(table, (0.0, now))
        return float(used * 0.5 ** ((now - since) / USE_HALF_S))

    def _finished(
        self,
        table: object,
        began: float,
        bot: Bot,
        obs: Observation,
        done: asyncio.Future[tuple[Action, Bot]],
        job: asyncio.Future[tuple[Action, Bot]],
    ) -> None:
        self._busy -= 1
        now = time.monotonic()
        self._used[table] = (self._use(table, now) + (now - began), now)
        if len(self._used) > USE_KEPT:  # tables long gone
            for key in [k for k in self._used if k not in self._queues][: len(self._used) // 2]:
                del self._used[key]
        if not done.cancelled():
            err = job.exception()
            if isinstance(err, BrokenProcessPool):
                log.warning("the bot pool broke; bots think in place until it is restarted")
                self._pool = None
                done.set_result(_choose(bot, obs))
            elif err is not None:
                done.set_exception(err)
            else:
                done.set_result(job.result())
        self._dispatch()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class PooledBot(Player):
    """A built-in bot whose thinking runs in the :class:`BotPool`."""

    def __init__(self, bot: Bot, pool: BotPool, table: object = None) -> None:
        self.bot = bot
        self.pool = pool
        self.table = table  # whose queue its moves wait in
        self.name = bot.name

    async def start(self, info: MatchInfo) -> None:
        await self.bot.start(info)

    async def notify(self, event: Event) -> None:
        await self.bot.notify(event)

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        flush_due()  # the table's news goes out while the bot thinks
        action, self.bot = await self.pool.choose(self.bot, obs, self.table)
        return action
