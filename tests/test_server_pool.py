"""The bot pool shared by every table: fair between tables, and gone with the server.

Real worker processes (the pool's forkserver), one worker so that the order is the
pool's choice alone."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from lan import running

from briscola.bots.expert import ExpertBot
from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.server.fairbench import format_fairness, run_fairness
from briscola.server.pool import BotPool


def _position(seed: int) -> tuple[ExpertBot, object]:
    rules = TableRules(players=2)
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    r = Round(rules, deck, 0)
    return ExpertBot(seed=seed, samples=60), observe(r, r.to_move)


async def test_a_busy_tables_bots_do_not_queue_ahead_of_another_tables_turn() -> None:
    """Table A asks for five moves at once; table B for one, just after. B's move is
    thought next, not after all of A's."""
    pool = BotPool(workers=1)
    await pool.warm()
    done: list[str] = []

    async def move(table: str, seed: int) -> None:
        bot, obs = _position(seed)
        await pool.choose(bot, obs, table)  # type: ignore[arg-type]
        done.append(table)

    try:
        busy = [asyncio.ensure_future(move("A", n)) for n in range(5)]
        await asyncio.sleep(0.01)  # A's first move is in the worker now
        other = asyncio.ensure_future(move("B", 9))
        await asyncio.wait_for(asyncio.gather(*busy, other), 60)
    finally:
        pool.close()
    assert done.index("B") <= 1, done


async def test_a_move_of_a_table_that_ended_is_not_thought() -> None:
    pool = BotPool(workers=1)
    await pool.warm()
    try:
        bot, obs = _position(1)
        first = asyncio.ensure_future(pool.choose(bot, obs, "A"))  # type: ignore[arg-type]
        gone = asyncio.ensure_future(pool.choose(*_position(2), "A"))  # type: ignore[arg-type]
        await asyncio.sleep(0.01)
        gone.cancel()
        await asyncio.wait_for(first, 30)
        assert pool._busy == {False: 0, True: 0} and not pool._queues
    finally:
        pool.close()


async def test_the_fairness_bench_runs_and_the_abusive_ask_is_refused(tmp_path: Path) -> None:
    """``bench --server --abusive``'s scenario, small: every figure there (not judged:
    tests never assert on timing), the 5000 ms ask refused, the tables played."""
    async with running(tmp_path, unstarted_per_address=100) as lan:
        got = await asyncio.wait_for(run_fairness(lan.port, 1, 1, think=0.0, warmup=0.5), 120)
    assert got["abusive_refused_5000"] is True and got["abusive_matches"] >= 0
    assert got["expert_cards"] >= 2 * 20 - 4  # two 2-seat matches: about 20 expert cards each
    assert got["alone_ms_p99"] >= got["alone_ms_p50"] > 0 and got["ratio_p99"] > 0
    assert "p99 crowded / alone" in format_fairness(got)


async def test_closing_ends_every_worker_even_one_thinking_or_stopped() -> None:
    """The server stops while a people's table's bot thinks and a bot-heavy table's
    worker is stopped for it: close() ends both sets of workers at once (the server's
    exit once waited for ever on one), and no move starts a worker again."""
    import time

    pool = BotPool(workers=2)
    await pool.warm()
    pool._heavy.add("bots")  # a bot-heavy table: its moves go to the idle-core workers
    heavy = asyncio.ensure_future(pool.choose(*_position(3), "bots"))  # type: ignore[arg-type]
    _, obs = _position(4)  # a long think: it is still going when the server stops
    slow = ExpertBot(seed=4, samples=5000)
    light = asyncio.ensure_future(pool.choose(slow, obs, "people"))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    assert pool._held, "the bot-heavy worker is stopped while the people's bot thinks"
    pids = [pid for p in pool._pools.values() if p is not None for pid in p._processes or {}]
    assert len(pids) == 3
    pool.close()
    for task in (heavy, light):
        task.cancel()
    await asyncio.gather(heavy, light, return_exceptions=True)

    def alive(pid: int) -> bool:
        """Running, or stopped: neither gone nor a zombie (gone but for its parent's
        wait).  One look at /proc: the process may be reaped at any moment, and a
        file that vanishes (ENOENT) or a read refused (ESRCH) both say it is gone."""
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except (FileNotFoundError, ProcessLookupError):
            return False

    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not [pid for pid in pids if alive(pid)]
    bot, obs = _position(5)
    assert (await pool.choose(bot, obs, "late"))[0] in obs.legal  # type: ignore[arg-type]
    assert pool._pools == {False: None, True: None}


async def test_a_move_asked_after_close_is_thought_in_place_while_a_worker_counts_busy() -> None:
    """close() while a worker thinks: until the executor's thread reports the broken
    pool (late under load), the worker still counts as busy.  A move asked then is
    thought in place at once (it once waited for ever in the queue: a CI hang), and
    a move still queued at close() is cancelled, as one in a worker is."""
    pool = BotPool(workers=1)
    await pool.warm()
    _, obs = _position(4)
    thinking = asyncio.ensure_future(
        pool.choose(ExpertBot(seed=4, samples=5000), obs, "A")  # type: ignore[arg-type]
    )
    queued = asyncio.ensure_future(pool.choose(*_position(6), "B"))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    assert pool._busy[False] == 1 and pool._queues, "one move thinks, one waits"
    pool.close()
    bot, late_obs = _position(5)
    move, _ = await asyncio.wait_for(pool.choose(bot, late_obs, "late"), 30)  # type: ignore[arg-type]
    assert move in late_obs.legal  # type: ignore[attr-defined]
    got = await asyncio.gather(thinking, queued, return_exceptions=True)
    assert all(isinstance(g, asyncio.CancelledError) for g in got), got
