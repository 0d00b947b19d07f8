"""The server's disk thread and bot pool, on their own (no sockets)."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
from pathlib import Path

import pytest

from briscola.bots.expert import ExpertBot
from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.server.disk import Disk
from briscola.server.pool import BotPool


async def _settle(disk: Disk) -> None:
    await asyncio.sleep(0)  # the loop's turn ends: the batch goes to the thread
    await disk.run(lambda: None)  # and the thread has done it


async def test_a_record_opens_in_the_thread_folder_and_all(tmp_path: Path) -> None:
    disk = Disk()
    path = tmp_path / "new" / "folder" / "r.jsonl"
    f = disk.open(path, "w")
    for i in range(3):
        f.write(f"line {i}\n")
        f.flush()
    f.fsync(f.fileno())
    f.write("last\n")
    f.close()
    await _settle(disk)
    disk.close()
    assert path.read_text() == "line 0\nline 1\nline 2\nlast\n"


async def test_appending_goes_on_after_what_is_there(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("first\n")
    disk = Disk()
    f = disk.open(path, "a")
    f.write("second\n")
    f.close()
    await _settle(disk)
    disk.close()
    assert path.read_text() == "first\nsecond\n"


async def test_a_file_that_cannot_be_opened_is_said_once_and_nothing_breaks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    disk = Disk()
    with caplog.at_level(logging.WARNING, logger="briscola.server"):
        f = disk.open(blocker / "r.jsonl", "w")  # its folder is a file
        f.write("lost\n")
        f.flush()
        f.fsync(-1)
        f.close()
        await _settle(disk)
    disk.close()
    warnings = [r for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(warnings) == 1 and "the match goes on unrecorded" in warnings[0].getMessage()


async def test_warm_starts_every_worker_and_they_think_below_the_server() -> None:
    """The people's tables' workers (one a core) at nice 10; the bot-heavy tables'
    (one fewer) only on idle cores."""
    pool = BotPool(2)
    try:
        await pool.warm()
        executor, heavy = pool.executor(), pool.executor(heavy=True)
        assert executor is not None and heavy is not None
        assert len(executor._processes) == 2 and len(heavy._processes) == 1  # before any bot
        loop = asyncio.get_running_loop()
        here = os.getpriority(os.PRIO_PROCESS, 0)
        nice = await loop.run_in_executor(executor, os.getpriority, os.PRIO_PROCESS, 0)
        assert nice >= min(19, here + 10)
        if sys.platform.startswith("linux"):
            policy = await loop.run_in_executor(heavy, os.sched_getscheduler, 0)
            assert policy == os.SCHED_IDLE
        rules = TableRules(players=2)
        deck = list(rules.deck)
        random.Random(5).shuffle(deck)
        r = Round(rules, deck, 0)
        obs = observe(r, r.to_move)
        bot = ExpertBot(seed=3, samples=20)
        action, back = await pool.choose(bot, obs)
        assert action in obs.legal and isinstance(back, ExpertBot)
        # The bot came back as it went: its move is a function of the position and its seed.
        again = ExpertBot(seed=3, samples=20)
        assert again.choose(obs) == action and again.seed == back.seed == 3
    finally:
        pool.close()


async def test_warm_without_workers_does_nothing() -> None:
    pool = BotPool(0)
    await pool.warm()
    assert pool.executor() is None
