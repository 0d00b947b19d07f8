"""``briscola bench --calibration``: do the advice's chances come true?

Floor 7 (an arrangement of bots and the engine).  It plays rounds of the
expert against itself and against greedy, at each table size asked for, and
at every choice an expert seat makes it records the chance of winning the
round that the advice states for the card it plays (the number ``hint``
shows, :func:`~briscola.bots.advice.advise`), and whether that seat's side
then won the round.  The reliability table puts the stated chances in ten
bins (0-10 %, ..., 90-100 %) and shows, for each, the mean stated chance,
how often the side really won, and the standard error of their gap (a
round's choices counted together), then names the bin furthest off.  The
Brier score is the mean squared gap between the stated chance and what
happened (0 is perfect; always saying 50 % scores 0.25).  A well calibrated
advice has every bin's two numbers close: the goal is within 5 points in
every bin over 2,000 positions.

With ``raw`` the chances are the search's before the calibration
(:data:`~briscola.bots.calibration.CALIBRATION`), the data that calibration is
fitted from (:func:`fit`, by ``benchmarks/calibration_fit.py``).  Rounds are
dealt from ``seed``; the experts play with ``samples`` samples a move and no
clock, so a run is repeatable.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.calibration import calibrate, stage
from ..bots.expert import ExpertBot
from ..bots.greedy import GreedyBot
from ..engine.game import Match
from ..engine.observation import observe
from ..engine.rules import TableRules

__all__ = ["Calibration", "calibration", "fit", "format_calibration"]

SEED = 20_261_203
SAMPLES = 300
BINS = 10


Point = tuple[int, float, int, int, float, bool]
# (table size, stated chance, won 1 or 0, the round's number in the run, the share of the
# pack still to play, exact)


@dataclass(slots=True)
class Calibration:
    """Every recorded choice, a :data:`Point`."""

    points: list[Point] = field(default_factory=list)
    rounds: int = 0
    seconds: float = 0.0

    def table(self, players: int | None = None) -> list[dict[str, Any]]:
        """The reliability table: per bin its count, mean stated chance, observed
        rate, and ``se``, the standard error of their gap with each round's choices
        counted together (they rise and fall with the round: not independent)."""
        rows: list[dict[str, Any]] = []
        for b in range(BINS):
            inside = [
                (p, won, r)
                for n, p, won, r, *_ in self.points
                if (players is None or n == players) and min(BINS - 1, int(p * BINS)) == b
            ]
            if not inside:
                rows.append({"bin": b, "count": 0, "stated": None, "observed": None, "se": None})
                continue
            stated = sum(p for p, _, _ in inside) / len(inside)
            observed = sum(won for _, won, _ in inside) / len(inside)
            by_round: dict[int, float] = {}
            for p, won, r in inside:
                by_round[r] = by_round.get(r, 0.0) + won - p - (observed - stated)
            se = math.sqrt(sum(v * v for v in by_round.values())) / len(inside)
            rows.append(
                {"bin": b, "count": len(inside), "stated": stated, "observed": observed, "se": se}
            )
        return rows

    def worst(self, players: int | None = None) -> dict[str, Any] | None:
        """The row of :meth:`table` whose observed rate is furthest from the stated."""
        rows = [row for row in self.table(players) if row["count"]]
        return max(rows, key=lambda r: abs(r["observed"] - r["stated"]), default=None)

    def brier(self, players: int | None = None) -> float | None:
        gaps = [(p - won) ** 2 for n, p, won, *_ in self.points if players is None or n == players]
        return sum(gaps) / len(gaps) if gaps else None


def calibration(
    seats: Sequence[int] = (2, 4),
    rounds: int = 40,
    seed: int = SEED,
    samples: int = SAMPLES,
    raw: bool = False,
) -> Calibration:
    """``rounds`` rounds at each table size in ``seats``: half the expert against
    itself, half one side of experts against greedy (sides alternating)."""
    out = Calibration()
    start = time.perf_counter()
    deals = random.Random(seed)
    for players in seats:
        rules = TableRules(players=players)
        for i in range(rounds):
            match_seed = deals.randrange(2**63)
            against = i % 2 == 1  # every other round: experts on one side, greedy on the other
            expert_side = (i // 2) % 2
            bots = {}
            for s in range(players):
                if against and rules.team_of[s] != expert_side:
                    continue
                bots[s] = ExpertBot(seed=match_seed + s, samples=samples, max_ms=1e9)
            greedy = GreedyBot()
            r = Match(rules, match_seed).start_round()
            stated: list[tuple[int, float, float, bool]] = []  # (side, chance, left, exact)
            while not r.over:
                seat = r.to_move
                obs = observe(r, seat)
                bot = bots.get(seat)
                if bot is None or len(obs.legal) == 1:
                    r.act(greedy.choose(obs) if bot is None else obs.legal[0])
                    continue
                est = bot.estimates(obs)
                action, _ = bot.choice(obs, est)
                chance = min(1.0, max(0.0, est.by_action[action].win))  # sums of shares
                left = stage(obs)
                if not raw and not est.exact:
                    chance = calibrate(chance, players, left)
                stated.append((rules.team_of[seat], chance, left, est.exact))
                r.act(action)
            winner = r.winner()
            won = -1 if winner is None else winner
            out.points += [
                (players, p, int(side == won), out.rounds, left, exact)
                for side, p, left, exact in stated
            ]
            out.rounds += 1
    out.seconds = time.perf_counter() - start
    return out


def fit(
    points: Sequence[tuple[float, int]], bins: int = 20, least: int = 100
) -> tuple[tuple[float, float], ...]:
    """The knots of the monotone map from stated chances ``p`` to what happened.

    The points sorted by ``p`` go in ``bins`` bins of equal width, a bin of
    fewer than ``least`` points joined to the next (equal width keeps the
    ends sharp, where few points are and the curve is steep; a chance of 0
    or 1, which the samples give often, is a group of its own); each group's
    mean ``p`` and win rate, then pooled where a rate is not above the one
    before (isotonic regression, pool adjacent violators).  Each pool is a
    knot (mean ``p``, rate): both rise strictly, so the map straight between
    them (:func:`~briscola.bots.calibration.calibrate`) keeps the order of
    the cards; the ends are at 0 and 1 (closed by (0, 0) and (1, 1) where no
    pool is).  Knots are rounded to 3 places, as the code keeps them."""
    groups: list[list[float]] = []  # [sum p, sum won, count]
    last_bin: int | None = None
    for p, won in sorted(points):
        b = -1 if p <= 0 else bins if p >= 1 else min(bins - 1, int(p * bins))
        ends = last_bin is not None and b != last_bin and (last_bin < 0 or b == bins)
        if not groups or ends or (groups[-1][2] >= least and b != last_bin):
            groups.append([0.0, 0.0, 0])
        groups[-1] = [groups[-1][0] + p, groups[-1][1] + won, groups[-1][2] + 1]
        last_bin = b
    if len(groups) > 1 and groups[-1][2] < least:  # too few at the top: with the one below
        top = groups.pop()
        groups[-1] = [a + b for a, b in zip(groups[-1], top, strict=True)]
    pools: list[list[float]] = []
    for g in groups:
        pools.append(g)
        while len(pools) > 1 and pools[-1][1] / pools[-1][2] <= pools[-2][1] / pools[-2][2]:
            top = pools.pop()
            pools[-1] = [a + b for a, b in zip(pools[-1], top, strict=True)]
    knots: list[tuple[float, float]] = []
    for total, wins, n in pools:
        x, y = round(total / n, 3), round(wins / n, 3)
        if not knots or (x > knots[-1][0] and y > knots[-1][1]):  # else one once rounded
            knots.append((x, y))
    if not knots:
        return ((0.0, 0.0), (1.0, 1.0))
    if knots[0][1] <= 0:  # never won: up to there it says 0
        knots[0] = (0.0, 0.0)
    elif knots[0][0] > 0:
        knots.insert(0, (0.0, 0.0))
    if knots[-1][1] >= 1:  # always won
        knots[-1] = (1.0, 1.0)
    elif knots[-1][0] < 1:
        knots.append((1.0, 1.0))
    return tuple(knots)


def format_calibration(c: Calibration, seats: Sequence[int]) -> str:
    """The reliability table of each table size and of all, and the Brier scores."""
    lines = [
        f"{c.rounds} rounds, {len(c.points)} positions, {c.seconds:.0f} s: "
        "the chance stated at each choice against the rounds won"
    ]
    for players in [*seats, None]:
        if players is not None and len(seats) == 1:
            continue
        title = "all tables" if players is None else f"{players} players"
        n = sum(1 for p in c.points if players is None or p[0] == players)
        lines.append("")
        lines.append(f"{title}: {n} positions, Brier score {_num(c.brier(players), 4)}")
        lines.append("  stated     count  mean stated  observed  gap    se")
        for row in c.table(players):
            low, high = row["bin"] * 10, row["bin"] * 10 + 10
            if not row["count"]:
                lines.append(f"  {low:3d}-{high:3d}%  {0:5d}")
                continue
            lines.append(
                f"  {low:3d}-{high:3d}%  {row['count']:5d}  {100 * row['stated']:10.1f}%"
                f"  {100 * row['observed']:7.1f}%  {_gap(row):+5.1f}  {100 * row['se']:4.1f}"
            )
        worst = c.worst(players)
        if worst is not None:
            low = worst["bin"] * 10
            off = abs(_gap(worst))
            ses = f"{off / (100 * worst['se']):.1f} se" if worst["se"] else "se 0"
            lines.append(f"  worst decile {low}-{low + 10}%: {off:.1f} points off ({ses})")
    return "\n".join(lines)


def _gap(row: dict[str, Any]) -> float:
    return 100 * (float(row["observed"]) - float(row["stated"]))


def _num(x: float | None, digits: int) -> str:
    return "-" if x is None else f"{x:.{digits}f}"
