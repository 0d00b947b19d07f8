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
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import time
from concurrent.futures.process import BrokenProcessPool

from ..events import Event
from ..game import Action
from ..observation import Observation
from ..players import Bot, MatchInfo, Player
from ..protocol.link import flush_due

__all__ = ["BotPool", "PooledBot"]

log = logging.getLogger("briscola.server")

# The bots worth a trip to another process; the others answer in microseconds.
SLOW = frozenset({"ExpertBot", "OracleBot"})


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

    def executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            # forkserver: a worker must not inherit the server's sockets and loop.
            ctx = multiprocessing.get_context("forkserver")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=_lower_priority
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

    async def choose(self, bot: Bot, obs: Observation) -> tuple[Action, Bot]:
        pool = self.executor() if type(bot).__name__ in SLOW else None
        if pool is None:
            return _choose(bot, obs)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, _choose, bot, obs)
        except BrokenProcessPool:
            log.warning("the bot pool broke; bots think in place until it is restarted")
            self._pool = None
            return _choose(bot, obs)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class PooledBot(Player):
    """A built-in bot whose thinking runs in the :class:`BotPool`."""

    def __init__(self, bot: Bot, pool: BotPool) -> None:
        self.bot = bot
        self.pool = pool
        self.name = bot.name

    async def start(self, info: MatchInfo) -> None:
        await self.bot.start(info)

    async def notify(self, event: Event) -> None:
        await self.bot.notify(event)

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        flush_due()  # the table's news goes out while the bot thinks
        action, self.bot = await self.pool.choose(self.bot, obs)
        return action
