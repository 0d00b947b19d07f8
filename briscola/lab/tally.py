"""The arena's results as statistics, in JSON and as a table for people.

Floor 7.  A :class:`Tally` takes each :class:`~briscola.lab.runner.MatchResult`
as it comes (the progress line, the SPRT's ratio after each deal pair) and
gives the summary: per side wins, draws and losses, the win rate with a Wilson
interval, the mean point difference per round over deals, the Elo difference,
the faults and failures by code with where each first happened, and a
program's think times.  :func:`render` is the summary for people.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.text import printable
from .runner import ArenaConfig, MatchResult, clock_text
from .sprt import Sprt
from .stats import elo_difference, los, mean_ci, paired_elo, paired_los, wilson


@dataclass
class Tally:
    """The results so far, and the statistics they support; with ``sprt``, the test's
    log-likelihood ratio after each complete deal pair, and its verdict."""

    config: ArenaConfig
    results: list[MatchResult] = field(default_factory=list)
    interrupted: bool = False
    sprt: Sprt | None = None
    llr: float = 0.0
    verdict: str | None = None
    counts: list[int] = field(default_factory=lambda: [0] * 5)  # pentanomial, side 0
    elapsed: float | None = None  # seconds of play, when timed
    resumed: int = 0  # results kept from an earlier run (not played in elapsed)
    _open: dict[int, list[MatchResult]] = field(default_factory=dict)
    # Per side: code -> [count, first occurrence]; recovered faults, then failures.
    _faults: list[dict[str, list[Any]]] = field(default_factory=list)
    _failures: list[dict[str, list[Any]]] = field(default_factory=list)
    _think: list[ThinkTimes] = field(default_factory=list)
    wdl: list[list[int]] = field(default_factory=list)  # per side: won, drawn, lost, none

    def __post_init__(self) -> None:
        k = self.config.sides
        self.wdl = [[0, 0, 0, 0] for _ in range(k)]
        self._faults = [{} for _ in range(k)]
        self._failures = [{} for _ in range(k)]
        self._think = [ThinkTimes() for _ in range(k)]
        results, self.results = self.results, []
        for res in results:
            self.add(res)

    def _seen(self, res: MatchResult) -> None:
        """Count the match's faults and failures by side and code, keeping the first of
        each with where it happened; its answer times too."""
        for kept, events in ((self._faults, res.side_faults), (self._failures, res.side_failures)):
            for side, code, message in events:
                first = {
                    "message": message,
                    "deal": res.deal + 1,
                    "rotation": res.rotation,
                    "seed": res.seed,
                    "record": res.record or None,
                }
                kept[side].setdefault(code, [0, first])[0] += 1
        for side, answers in enumerate(res.think):
            self._think[side].add(answers, res.late[side] if res.late else 0)
        for side in range(self.config.sides):
            self.wdl[side][_slot(res, side)] += 1

    def progress(self, total: int) -> str:
        """One line on how the run stands (cutechess's running score): matches, the
        score of each side, Elo for two, faults and failures, pace."""
        cfg = self.config
        n = len(self.results)
        parts = []
        for side in range(cfg.sides):
            w, d, lost, _ = self.wdl[side]
            score = f" {(w + d / 2) / (w + d + lost):.1%}" if w + d + lost else ""
            trouble = (
                sum(v[0] for v in self._faults[side].values()),
                sum(v[0] for v in self._failures[side].values()),
            )
            extra = f" ({trouble[0]} faults, {trouble[1]} failures)" if any(trouble) else ""
            parts.append(f"{printable(cfg.label(side), 40)} {w}-{d}-{lost}{score}{extra}")
        line = f"[{n}/{total}] " + ", ".join(parts)
        if cfg.sides == 2:
            w, d, lost = self.wdl[0][:3]
            elo, low, high = elo_difference(w, d, lost)
            line += f"; Elo {elo_text(_finite(elo), [_finite(low), _finite(high)], w - lost)}"
            line += f", LOS {los(w, lost):.1%}"
        if self.sprt is not None:
            line += f"; LLR {self.llr:+.2f}"
        if self.elapsed:
            line += f"; {self.elapsed:.1f} s, {(n - self.resumed) / self.elapsed:.1f} matches/s"
        return line

    @property
    def paired(self) -> bool:
        """Whether deals come in pairs: two sides, each deal from both sides' seats."""
        return self.config.sides == 2 and self.config.duplicate

    def add(self, result: MatchResult) -> None:
        self.results.append(result)
        self._seen(result)
        if not self.paired:
            return
        pair = self._open.setdefault(result.deal, [])
        pair.append(result)
        if len(pair) < 2:
            return
        del self._open[result.deal]
        self.counts[int(2 * sum(_score(r) for r in pair))] += 1
        if self.sprt is not None and self.verdict is None:
            self.llr = self.sprt.llr(self.counts)
            self.verdict = self.sprt.verdict(self.llr)

    def summary(self) -> dict[str, Any]:
        cfg = self.config
        k = cfg.sides
        per_deal: dict[int, list[list[float]]] = {}
        sides: list[dict[str, Any]] = []
        counts = [[0, 0, 0, 0] for _ in range(k)]  # wins, draws, losses, no result
        failures: dict[str, list[Any]] = {}  # code: [count, first message]
        for res in self.results:
            for s in range(k):
                counts[s][_slot(res, s)] += 1
            for code, message in res.failures:
                failures.setdefault(code, [0, message])[0] += 1
            diffs = per_deal.setdefault(res.deal, [[] for _ in range(k)])
            for pts in res.rounds:
                for s in range(k):
                    others = [pts[o] for o in range(k) if o != s]
                    diffs[s].append(pts[s] - sum(others) / len(others))
        unwritten = [r.record_error for r in self.results if r.record_error]
        rotations_done: dict[int, int] = {}
        for res in self.results:
            rotations_done[res.deal] = rotations_done.get(res.deal, 0) + 1
        for s in range(k):
            wins, draws, losses, unfinished = counts[s]
            samples = [sum(d[s]) / len(d[s]) for d in per_deal.values() if d[s]]
            mean, low, high = mean_ci(samples)
            decisive = wins + losses
            sides.append(
                {
                    "label": cfg.label(s),
                    "spec": cfg.specs[s],
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "no_result": unfinished,
                    "win_rate": wins / decisive if decisive else None,
                    "win_rate_ci": list(wilson(wins, decisive)),
                    "point_diff": mean,
                    "point_diff_ci": [low, high],
                    "faults": _by_code(self._faults[s]),
                    "failures": _by_code(self._failures[s]),
                    "think_ms": self._think[s].to_json(),
                    "tc": cfg.clock(s),
                }
            )
        out: dict[str, Any] = {
            "games": sum(1 for n in rotations_done.values() if n == cfg.rotations),
            "matches": len(self.results),
            "players": cfg.rules.players,
            "pack": cfg.rules.pack,
            "variant": cfg.rules.variant,
            "target": cfg.rules.target,
            "seed": cfg.seed,
            "deals": cfg.deals_name,
            "duplicate": cfg.duplicate,
            "interrupted": self.interrupted,
            "strict": cfg.strict,
            "tc": None if cfg.tc is None else str(cfg.tc),
            "elapsed_s": None if self.elapsed is None else round(self.elapsed, 3),
            "matches_per_s": (
                round((len(self.results) - self.resumed) / self.elapsed, 2)
                if self.elapsed
                else None
            ),
            "faults": sum(len(r.side_faults) for r in self.results),
            "record_errors": {
                "count": len(unwritten),
                "first": unwritten[0] if unwritten else None,
            },
            "failures": {
                code: {"count": n, "first": first} for code, (n, first) in failures.items()
            },
            "sides": sides,
        }
        decided = sum(counts[0][:3])
        out["draw_ratio"] = counts[0][1] / decided if decided else None
        if k == 2:
            elo, low, high = elo_difference(*counts[0][:3])
            out["elo"] = _finite(elo)
            out["elo_ci"] = [_finite(low), _finite(high)]
            out["los"] = los(counts[0][0], counts[0][2])
        if self.paired:
            elo, low, high = paired_elo(self.counts)
            pairs = sum(self.counts)
            out["pairs"] = {
                "count": pairs,
                "pentanomial": list(self.counts),
                "elo": _finite(elo),
                "elo_ci": [_finite(low), _finite(high)],
                "los": paired_los(self.counts),
                "draw_ratio": self.counts[2] / pairs if pairs else None,
            }
        if self.sprt is not None:
            out["sprt"] = {
                **self.sprt.to_json(),
                "llr": self.llr,
                "pairs": sum(self.counts),
                "verdict": self.verdict,
            }
        return out


def failed_status(sides: Sequence[dict[str, Any]], strict: bool) -> int:
    """The exit status of a run's sides (their summaries): 1 when one failed, or with
    ``strict`` when a cmd: side had a recovered fault; else 0."""
    failed = any(side["failures"] for side in sides)
    faulted = strict and any(side["faults"] for side in sides if "cmd:" in side["spec"])
    return 1 if failed or faulted else 0


def _by_code(kept: dict[str, list[Any]]) -> dict[str, dict[str, Any]]:
    return {code: {"count": n, "first": first} for code, (n, first) in sorted(kept.items())}


class ThinkTimes:
    """A side's answer times: count, mean and maximum exactly, percentiles from a
    histogram of 1% wide bins (so that a long run holds no list of every answer)."""

    STEP = math.log(1.01)
    FLOOR = 0.01  # ms: anything quicker counts as this

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.max = 0.0
        self.late = 0
        self.bins: dict[int, int] = {}

    def add(self, answers: Sequence[float], late: int = 0) -> None:
        self.late += late
        for ms in answers:
            self.count += 1
            self.total += ms
            self.max = max(self.max, ms)
            b = round(math.log(max(ms, self.FLOOR) / self.FLOOR) / self.STEP)
            self.bins[b] = self.bins.get(b, 0) + 1

    def percentile(self, p: float) -> float:
        rank = max(1, math.ceil(p * self.count))
        seen = 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= rank:
                return min(self.max, self.FLOOR * math.exp(b * self.STEP))
        return self.max  # pragma: no cover - rank <= count

    def to_json(self) -> dict[str, Any] | None:
        if not self.count:
            return None  # no move of this side was timed
        return {
            "answers": self.count,
            "mean": round(self.total / self.count, 2),
            "p50": round(self.percentile(0.5), 2),
            "p99": round(self.percentile(0.99), 2),
            "max": round(self.max, 2),
            "late": self.late,
        }


def _slot(res: MatchResult, side: int) -> int:
    """Where a match counts for ``side``: 0 won, 1 drawn, 2 lost, 3 no result.

    A side that failed lost.  With three sides nobody won a forfeited match: the
    others get no result, neither a win nor a draw they did not play out.
    """
    if res.winner == side:
        return 0
    if res.forfeit is not None and res.winner is None:
        return 2 if res.forfeit == side else 3
    return 1 if res.winner is None else 2


def _score(res: MatchResult) -> float:
    """Side 0's score of a match between two sides: 1 won, 1/2 drawn, 0 lost."""
    return (1.0, 0.5, 0.0, 0.0)[_slot(res, 0)]


def _finite(x: float) -> float | None:
    """JSON has no infinity: an unbounded end is null."""
    return x if math.isfinite(x) else None


def _num(x: float | None, fmt: str) -> str:
    return "-" if x is None else format(x, fmt)


def signed(x: float, digits: int = 0) -> str:
    """``+12``, ``-3``, and ``0`` for anything that rounds to nothing (never ``-0``);
    the infinities as ``+inf`` and ``-inf``."""
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    text = f"{x:+.{digits}f}"
    return text[1:] if float(text) == 0 else text


def elo_text(elo: float | None, ci: Sequence[float | None], lean: float = 0) -> str:
    """An Elo figure and its interval, ``+35 [95% CI +10, +61]``, with an unbounded end
    as ``-inf`` or ``+inf``.  In JSON an infinity is null: a null figure is infinite the
    way the result ``lean``s (more won than lost: +inf), a null low end -inf and a null
    high end +inf when the figure is finite (at a score of 0 or 1 all three are)."""
    whole = math.inf if lean > 0 else -math.inf
    low, high = ci

    def end(x: float | None, unbounded: float) -> str:
        if x is None:
            return signed(whole if elo is None or not math.isfinite(elo) else unbounded)
        return signed(x)

    return f"{end(elo, whole)} [95% CI {end(low, -math.inf)}, {end(high, math.inf)}]"


def render(summary: dict[str, Any]) -> str:
    """The result as a table for people."""
    s = summary
    names = [printable(side.get("label", side["spec"]), 60) for side in s["sides"]]
    clocks = [(name, side.get("tc")) for name, side in zip(names, s["sides"], strict=True)]
    head = (
        f"{' vs '.join(names)}: {s['players']} players, "
        f"{s['pack']} cards, {s['variant']}, first to {s['target']}; "
        f"{s['games']} deals, {s['matches']} matches"
        f"{' (duplicate)' if s['duplicate'] else ''}, "
        f"{'deals from ' + s['deals'] if s.get('deals') else 'seed ' + str(s['seed'])}"
        f"{clock_text(s.get('tc'), clocks)}"
    )
    lines = [head]
    if s["interrupted"]:
        lines.append("interrupted: the result so far")
    width = max(len("side"), *(len(n) for n in names))
    lines.append(
        f"{'side':<{width}}  {'wins':>6} {'draws':>5} {'losses':>6}  "
        f"{'win rate':>8}  {'95% CI':<15}  {'points/round':>12}  95% CI"
    )
    for name, side in zip(names, s["sides"], strict=True):
        lo, hi = side["win_rate_ci"]
        plo, phi = side["point_diff_ci"]
        lines.append(
            f"{name:<{width}}  {side['wins']:>6} {side['draws']:>5} {side['losses']:>6}  "
            f"{_num(side['win_rate'], '8.1%')}  [{lo:5.1%}, {hi:5.1%}]  "
            f"{side['point_diff']:+12.2f}  [{plo:+.2f}, {phi:+.2f}]"
        )
    if "elo" in s:
        a, b = names
        first = s["sides"][0]
        lean = first["wins"] - first["losses"]
        lines.append(
            f"Elo difference ({a} - {b}): {elo_text(s['elo'], s['elo_ci'], lean)}, "
            f"LOS {s['los']:.1%}, draw ratio {_num(s['draw_ratio'], '.1%')}"
        )
    if "pairs" in s:
        pairs = s["pairs"]
        penta = pairs["pentanomial"]
        lean = sum(c * (x - 2) for x, c in enumerate(penta))
        lines.append(
            f"Paired by deal ({pairs['count']} pairs; scored 0, 1/2, 1, 3/2, 2: "
            f"{' '.join(map(str, penta))}): Elo "
            f"{elo_text(pairs['elo'], pairs['elo_ci'], lean)}, LOS {pairs['los']:.1%}, "
            f"even pairs {_num(pairs['draw_ratio'], '.1%')}"
        )
        if pairs["count"] > 1 and max(penta) == pairs["count"]:
            lines.append("  (every pair scored the same: the pairs show no spread to measure)")
    elif "elo" not in s:
        lines.append(f"draw ratio {_num(s['draw_ratio'], '.1%')}")
    if "sprt" in s:
        lines.append(_sprt_line(s["sprt"]))
    unfinished = [(n, side) for n, side in zip(names, s["sides"], strict=True) if side["no_result"]]
    if unfinished:
        told = ", ".join(f"{n} {side['no_result']}" for n, side in unfinished)
        lines.append(f"no result (another side failed, nobody won): {told}")
    timed = [(n, side) for n, side in zip(names, s["sides"], strict=True) if side["think_ms"]]
    if timed:
        lines.append("think time per answer, ms:")
        for n, side in timed:
            t = side["think_ms"]
            late = ""  # a built-in bot has no clock to be late on
            if "cmd:" in side["spec"]:
                late = f", {t['late']} late: past move_ms, within the grace"
            lines.append(
                f"  {n:<{width}}  mean {t['mean']:.1f}  p50 {t['p50']:.1f}  "
                f"p99 {t['p99']:.1f}  max {t['max']:.1f}  ({t['answers']} answers{late})"
            )
    lines.extend(trouble_lines(names, s))
    unwritten = s["record_errors"]
    if unwritten["count"]:
        lines.append(
            f"records: {unwritten['count']} could not be written in full "
            f"(first: {printable(unwritten['first'], 200)})"
        )
    if s.get("elapsed_s") is not None:
        lines.append(
            f"time: {s['elapsed_s']:.1f} s, {_num(s['matches_per_s'], '.1f')} matches a second"
        )
    return "\n".join(lines)


def trouble_lines(names: Sequence[str], s: dict[str, Any], head: bool = True) -> list[str]:
    """Per side: faults (refused lines, recovered) and failures (fatal), by code, each
    with its first occurrence; ``head``: with the lines that say what they are."""
    lines: list[str] = []
    for name, side in zip(names, s["sides"], strict=True):
        faults, failures = side.get("faults") or {}, side.get("failures") or {}
        if not faults and not failures:
            continue
        counts = [
            f"{what} {sum(v['count'] for v in seen.values())}"
            for what, seen in (("faults", faults), ("failures", failures))
            if seen
        ]
        lines.append(f"{name}: {', '.join(counts)}")
        for what, seen in (("fault", faults), ("failure", failures)):
            for code, v in seen.items():
                first = v["first"]
                where = f"deal {first['deal']} rotation {first['rotation']} (seed {first['seed']})"
                if first.get("record"):
                    where += f", {first['record']}"
                lines.append(
                    f"  {what} {code} x{v['count']}, first in {where}: "
                    f"{printable(first['message'], 300)}"
                )
    if lines and head:
        lines.insert(0, "faults (refused lines, recovered) and failures (the seat failed):")
        if not s.get("strict") and any(side.get("faults") for side in s["sides"]):
            lines.append("  (--strict makes every fault a failure; --record keeps every line)")
    return lines


def _sprt_line(t: dict[str, Any]) -> str:
    verdict = {
        "H1": f"H1 accepted (Elo {t['elo1']:+g} rather than {t['elo0']:+g})",
        "H0": f"H0 accepted (Elo {t['elo0']:+g} rather than {t['elo1']:+g})",
        None: "no verdict yet",
    }[t["verdict"]]
    return (
        f"SPRT elo0={t['elo0']:g} elo1={t['elo1']:g} alpha={t['alpha']:g} beta={t['beta']:g}: "
        f"LLR {t['llr']:+.2f} [{t['lower']:+.2f}, {t['upper']:+.2f}] after {t['pairs']} "
        f"pairs, {verdict}"
    )
