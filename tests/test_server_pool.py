"""The bot pool shared by every table: fair between tables, and gone with the server.

Real worker processes (the pool's forkserver), one worker so that the order is the
pool's choice alone."""

from __future__ import annotations

import asyncio
import random

from briscola.bots.expert import ExpertBot
from briscola.game import Round
from briscola.observation import observe
from briscola.rules import TableRules
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
        assert pool._busy == 0 and not pool._queues
    finally:
        pool.close()
