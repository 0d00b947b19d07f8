"""Expert think times: ``briscola bench --bots`` (percentiles of the time per move).

Floor 5 (bots).  The expert at its default budget plays matches at 2, 3, 4
and 6 seats through the one match loop until ``seconds`` have passed at each
(the match in progress is finished), against greedy bots and random bots in turn
(its opponent model makes it search otherwise against each), and every call
of its ``choose`` is timed; forced moves count too, as they are moves a
player waits for.
"""

from __future__ import annotations

import time

from ..engine.rules import TableRules
from ..players import Clocked, Player
from .expert import ExpertBot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["bench_bots", "percentile"]

SEED = 20_251_130


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between ranks."""
    if not values:
        raise ValueError("no values")
    data = sorted(values)
    pos = (len(data) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (pos - low)


def bench_bots(seconds: float, sizes: tuple[int, ...] = (2, 3, 4, 6)) -> dict[str, float]:
    """The expert's think time per move in ms at each table size (``seconds``
    each): p50, p90, p99, max, the moves timed and the matches; the 2-seat
    figures as ``expert_think_ms_p50`` and so on, the others with ``_3p`` etc."""
    out: dict[str, float] = {}
    for players in sizes:
        tag = "" if players == 2 else f"_{players}p"
        for key, value in _bench_table(seconds, players).items():
            out[key.replace("expert_", f"expert{tag}_", 1) if tag else key] = value
    return out


def _bench_table(seconds: float, players: int) -> dict[str, float]:
    from ..table import run_match  # same floor; imported late to keep this module light

    rules = TableRules(players=players)
    timed = Clocked(ExpertBot(seed=SEED))
    end = time.perf_counter() + seconds
    match = 0
    while match == 0 or time.perf_counter() < end:
        rival = GreedyBot if match // players % 2 == 0 else RandomBot
        seats: list[Player] = [rival(seed=SEED + match) for _ in range(players)]
        seats[match % players] = timed  # the expert takes every seat in turn
        run_match(rules, seats, seed=SEED + match)
        match += 1
    ms = timed.times
    return {
        "expert_think_ms_p50": percentile(ms, 50),
        "expert_think_ms_p90": percentile(ms, 90),
        "expert_think_ms_p99": percentile(ms, 99),
        "expert_think_ms_max": max(ms),
        "expert_moves_timed": float(len(ms)),
        "expert_matches": float(match),
    }
