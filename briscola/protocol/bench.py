"""The protocol's benchmark: matches between two ``briscola bot --level random`` processes.

Rounds per second through the host (timed from each ``round_start`` to its
``round_end``, and with process start-up included), the wall time of one move
(a ``turn`` out, a ``play`` back), and the host's own cost per move: its CPU
time per move minus that of the same matches between in-process bots.
Called by ``briscola bench --protocol``.  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import sys
import time

from ..bots.random_bot import RandomBot
from ..engine.events import Event, RoundEnded, RoundStarted
from ..engine.rules import TableRules
from ..players import Player
from ..table import play_match
from .host import CommandPlayer

__all__ = ["bench_protocol"]

SEED = 20_251_129
BOT = f"{sys.executable} -m briscola bot --level random"


class _RoundClock(Player):
    """A watcher that times every round from its deal to its end."""

    def __init__(self) -> None:
        self.begun = 0.0
        self.spent = 0.0
        self.rounds = 0

    async def notify(self, event: Event) -> None:
        if isinstance(event, RoundStarted):
            self.begun = time.perf_counter()
        elif isinstance(event, RoundEnded):
            self.spent += time.perf_counter() - self.begun
            self.rounds += 1


async def _matches(seconds: float, external: bool) -> dict[str, float]:
    rules = TableRules(players=2, target=3)
    clock = _RoundClock()
    moves = matches = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while matches == 0 or time.perf_counter() - wall < seconds:
        players: list[Player]
        if external:
            hosts = [CommandPlayer(f"{BOT} --seed {matches * 2 + i}", f"r{i}") for i in range(2)]
            players = list(hosts)
        else:
            players = [RandomBot(seed=matches * 2 + i) for i in range(2)]
        await play_match(rules, players, seed=SEED + matches, watchers=[clock])
        if external:
            moves += sum(len(h.answer_ms) for h in hosts)
        matches += 1
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    return {
        "rounds": clock.rounds,
        "round_s": clock.spent,
        "wall": wall,
        "cpu": cpu,
        "moves": moves or clock.rounds * 40,
    }


def bench_protocol(seconds: float) -> dict[str, float]:
    """Figures of the protocol path; see the module docstring."""
    ext = asyncio.run(_matches(seconds, external=True))
    local = asyncio.run(_matches(min(seconds, 1.0), external=False))
    host_cpu = ext["cpu"] / ext["moves"] - local["cpu"] / local["moves"]
    return {
        "protocol_rounds_per_s_2p": ext["rounds"] / ext["round_s"],
        "protocol_rounds_per_s_2p_with_startup": ext["rounds"] / ext["wall"],
        "protocol_move_us": ext["round_s"] / ext["moves"] * 1e6,
        "protocol_host_cpu_us_per_move": host_cpu * 1e6,
        "inprocess_move_us": local["round_s"] / local["moves"] * 1e6,
    }
