"""Built-in bots at a LAN table, thinking off the event loop.

An expert thinks for tens of milliseconds per card; on the server's event
loop that would hold up every other table.  :class:`PooledBot` sends each
``choose`` to a worker process with the bot itself, and takes the bot back
with its answer, so its random state moves on exactly as it would
in-process: the same seed gives the same cards.  Quick bots (random,
greedy) answer in place.  Tables are served fairly (:class:`BotPool`): a
queue per table, least used first, and bot-heavy tables in workers of their
own that run only on idle cores.  Workers end with the server, however it
ends.  Floor 7 (server).
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
import sys
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
# A client whose tables' bots waited for or held a worker more than this many seconds
# lately (about a third of the time, steadily) is bot-heavy: its tables think in the
# idle-core workers, so that a table where people play never waits behind them.
HEAVY_S = 5.0
USE_KEPT = 1000

# A bot's move to think: the bot, its observation, its answer, and when it was asked.
Job = tuple[Bot, Observation, "asyncio.Future[tuple[Action, Bot]]", float]


def _quiet_tracker() -> None:
    """After a ``kill -9`` of the server, multiprocessing's resource tracker removes the
    pools' named semaphores, as it should, but says so on the host's terminal as a
    Python warning ("leaked semaphore objects"): nothing for the host to do.  The
    tracker is started with the server's ``-W`` options, so this one keeps it quiet
    (before the first semaphore starts it)."""
    quiet = "ignore::UserWarning:multiprocessing.resource_tracker"
    if quiet not in sys.warnoptions:
        sys.warnoptions.append(quiet)


def _worker_start(server: int, heavy: bool) -> None:
    """A worker ends with the server, however the server ends, and yields it the cores.
    Ctrl-C at the server's terminal reaches its workers too: theirs to ignore, since
    the server stops them itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(server)
    if heavy:
        _lower_priority()
    else:  # a table where people play: below the server's loop, above the bot-heavy
        with contextlib.suppress(OSError):
            os.nice(10)


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
    """A worker of the bot-heavy tables yields the cores to everything else: on Linux
    it runs only when a core is idle (SCHED_IDLE), elsewhere at nice 19."""
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return
    with contextlib.suppress(OSError):
        os.nice(19)


def _pause(seconds: float) -> None:
    time.sleep(seconds)  # long enough that each job of warm() gets a worker of its own


def _pids(pool: concurrent.futures.ProcessPoolExecutor) -> list[int]:
    """The worker processes of a pool (the executor keeps them by pid)."""
    processes = getattr(pool, "_processes", None) or {}
    return [pid for pid in processes if isinstance(pid, int)]


def _choose(bot: Bot, obs: Observation) -> tuple[Action, Bot]:
    return bot.choose(obs), bot


class BotPool:
    """The worker processes the built-in bots of every table share.

    Two sets of workers: one per core for the tables where people play (at nice
    10, below the server's loop), and one fewer for bot-heavy tables, which run
    only on idle cores; so a table of bots that plays on and on never slows a
    person's table, however many there are.  Within each set a free worker takes
    the next job of the table that used the workers least lately."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        # By "heavy": the people's tables' workers (False) and the bot-heavy's (True).
        self._pools: dict[bool, concurrent.futures.ProcessPoolExecutor | None] = {
            False: None,
            True: None,
        }
        self._room = {False: self.workers, True: max(1, self.workers - 1)}
        self._busy = {False: 0, True: 0}
        self._queues: dict[object, collections.deque[Job]] = {}
        self._used: dict[object, tuple[float, float]] = {}  # table: (worker s, as of when)
        self._heavy: set[object] = set()
        self._held = False  # the bot-heavy workers are stopped
        self._closed = False  # the server stops: no worker starts again

    def executor(self, heavy: bool = False) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.workers <= 0 or self._closed:
            return None
        pool = self._pools[heavy]
        if pool is None:
            # forkserver: a worker must not inherit the server's sockets and loop.
            ctx = multiprocessing.get_context("forkserver")
            _quiet_tracker()
            pool = self._pools[heavy] = concurrent.futures.ProcessPoolExecutor(
                self._room[heavy],
                mp_context=ctx,
                initializer=_worker_start,
                initargs=(os.getpid(), heavy),
            )
        return pool

    async def warm(self) -> None:
        """Start every worker now: a worker started at an expert's first move would
        hold up every table while it forks (the first time, the fork server too)."""
        loop = asyncio.get_running_loop()
        jobs = []
        for heavy in (False, True):
            pool = self.executor(heavy)
            if pool is not None:
                jobs += [loop.run_in_executor(pool, _pause, 0.05) for _ in range(self._room[heavy])]
        with contextlib.suppress(Exception):  # a pool that cannot start thinks in place
            await asyncio.gather(*jobs)

    async def choose(self, bot: Bot, obs: Observation, table: object = None) -> tuple[Action, Bot]:
        """The bot's move, thought in a worker when it is worth it.  Jobs wait in a queue
        per ``table``; a free worker of its set takes the next job of the table that
        has used the workers least lately, so one table's bots never queue ahead of
        another's."""
        if self.workers <= 0 or self._closed or type(bot).__name__ not in SLOW:
            return _choose(bot, obs)  # after close(), in place: no worker is left to wait for
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[Action, Bot]] = loop.create_future()
        job = (bot, obs, done, time.monotonic())
        self._queues.setdefault(table, collections.deque()).append(job)
        self._dispatch()
        return await done

    def _dispatch(self) -> None:
        now = time.monotonic()
        for table in sorted(self._queues, key=lambda t: self._use(t, now)):
            heavy = self._is_heavy(table, now)
            queue = self._queues[table]
            while queue and self._busy[heavy] < self._room[heavy]:
                bot, obs, done, asked = queue.popleft()
                if done.cancelled():  # its table ended meanwhile
                    continue
                pool = self.executor(heavy)
                if pool is None:  # broken: think in place
                    done.set_result(_choose(bot, obs))
                    continue
                self._busy[heavy] += 1
                self._hold_heavy()
                job = asyncio.get_running_loop().run_in_executor(pool, _choose, bot, obs)
                job.add_done_callback(
                    functools.partial(self._finished, table, heavy, asked, bot, obs, done)
                )
                break  # one job a table at a time: the others' turns come first
            if not queue:
                del self._queues[table]

    def _hold_heavy(self) -> None:
        """While a people's table's bot thinks, the bot-heavy tables' workers are
        stopped (SIGSTOP), so that no core it could use is busy with them; they go on
        (SIGCONT) when it has its answer."""
        hold, pool = self._busy[False] > 0, self._pools[True]
        if hold == self._held or pool is None:
            return
        self._held = hold
        for pid in _pids(pool):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP if hold else signal.SIGCONT)

    def _is_heavy(self, table: object, now: float) -> bool:
        """Bot-heavy: over ``HEAVY_S`` worker seconds lately, and until under a quarter
        of it (in the idle-core workers a table uses less, and must not flip back)."""
        use = self._use(table, now)
        if use > HEAVY_S:
            self._heavy.add(table)
        elif use < HEAVY_S / 4:
            self._heavy.discard(table)
        return table in self._heavy

    def _use(self, table: object, now: float) -> float:
        """Seconds a table's bots waited for or held a worker lately (halving every
        ``USE_HALF_S``)."""
        used, since = self._used.get(table, (0.0, now))
        return float(used * 0.5 ** ((now - since) / USE_HALF_S))

    def _finished(
        self,
        table: object,
        heavy: bool,
        asked: float,
        bot: Bot,
        obs: Observation,
        done: asyncio.Future[tuple[Action, Bot]],
        job: asyncio.Future[tuple[Action, Bot]],
    ) -> None:
        self._busy[heavy] -= 1
        self._hold_heavy()
        now = time.monotonic()
        # What the table asked of the workers: its moves' time from asked to answered.
        # A table of bots that play on always has a move waiting, whatever it is given.
        self._used[table] = (self._use(table, now) + (now - asked), now)
        if len(self._used) > USE_KEPT:  # tables long gone
            for key in [k for k in self._used if k not in self._queues][: len(self._used) // 2]:
                del self._used[key]
                self._heavy.discard(key)
        if done.cancelled():
            if not job.cancelled():
                job.exception()  # looked at: a worker ended with its table is no news
        elif job.cancelled() or self._closed:  # the server stops: its tables are paused
            done.cancel()
        elif isinstance(err := job.exception(), BrokenProcessPool):
            log.warning("the bot pool broke; it is started again")
            self._pools[heavy] = None
            done.set_result(_choose(bot, obs))
        elif err is not None:
            done.set_exception(err)
        else:
            done.set_result(job.result())
        if not self._closed:
            self._dispatch()

    def close(self) -> None:
        """Stop every worker now.  A worker still thinking for a table that ended is
        ended too (SIGCONT first: a stopped one would not see the signal); left to
        the executor's own shutdown, a worker sometimes missed its call to stop and
        held the server's exit for ever."""
        self._closed = True
        for queue in self._queues.values():  # their tables are paused, as in _finished
            for *_, done, _asked in queue:
                done.cancel()
        self._queues.clear()
        for heavy, pool in self._pools.items():
            if pool is None:
                continue
            pids = _pids(pool)
            pool.shutdown(wait=False, cancel_futures=True)
            self._pools[heavy] = None
            for pid in pids:
                for sig in (signal.SIGCONT, signal.SIGTERM):
                    with contextlib.suppress(OSError):
                        os.kill(pid, sig)


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
