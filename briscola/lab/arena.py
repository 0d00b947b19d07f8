"""``briscola arena``: many matches between players, with honest statistics.

Floor 7 (an arrangement).  Each *deal* is a match seed drawn from ``--seed``;
with duplicate deals (the default) every deal is played once per rotation of
the sides over the seats, with the same seed each time, so the luck of the
cards cancels out as in duplicate bridge.  Every match runs through
:func:`briscola.table.run_match`, the one match loop; ``--jobs J`` spreads
the matches over J worker processes and, every random choice being derived
from the seed, gives the same results as ``--jobs 1``.

Sides: with 2 players each spec is a player; with 4 players two specs are
two teams (partners opposite) and four specs name the seats 0 to 3 (the team
``A + C`` against ``B + D``); with 3 players three specs are three players,
and two specs mean the first against two of the second (``A B`` is ``A B B``).
With 6 players (three pairs, seat i with i+3) three specs are the pairs, two
the first pair against two pairs of the second, six name the seats.

Statistics (:mod:`briscola.lab.stats`): per side wins, draws and losses of
matches, the win rate of decisive matches with a Wilson 95% interval, the
mean point difference per round (over the other side; over the mean of the
others with 3 sides) with a 95% interval, and for two sides the Elo
difference.  The point interval takes one value per deal (the mean over all
its rotations), which is what duplicate deals are for: the cards' luck stays
out of the spread.

For a bot author: every ``cmd:`` program is started and must answer ``hello``
before the first match (:func:`greet_all`; else exit 2 with its stderr), which
also gives a side its label (``name=``, else the ``hello`` name); per side the
result counts faults (refused lines, recovered) and failures by code, each with
where it first happened, and the think time of a program's answers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import itertools
import json
import logging
import math
import multiprocessing
import multiprocessing.util
import random
import signal
import sys
import time
from collections.abc import Coroutine, Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from ..bots import make_bot
from ..engine.deals import DealsError, read_deals
from ..engine.records import Record
from ..engine.rules import RulesError, TableRules
from ..engine.text import printable
from ..players import Player, SeatFailure
from ..protocol.host import CommandPlayer, RemoteSeat
from ..protocol.process import STDERR_ENDED
from ..spec import PlayerSpec, SpecError, UsageError, parse_spec
from ..table import FaultPolicy, play_match
from .sprt import Sprt, SprtError, parse_sprt
from .stats import elo_difference, mean_ci, paired_elo, wilson

__all__ = [
    "ArenaConfig",
    "MatchResult",
    "Session",
    "Tally",
    "main",
    "plan",
    "play_one",
    "run_arena",
]

T = TypeVar("T")


@dataclass(frozen=True)
class ArenaConfig:
    """Everything a worker needs to play any match of the run (picklable)."""

    rules: TableRules
    specs: tuple[str, ...]  # one per side: its label, and its players unless members say
    seed: int
    games: int
    duplicate: bool = True
    record_dir: str | None = None
    on_fault: FaultPolicy = "forfeit"
    bot_log: str | None = None
    move_ms: int = 10_000
    members: tuple[tuple[str, ...], ...] = ()  # per side, a spec per seat of its team
    fresh_process: bool = False  # a new process per match for cmd: players
    deals: tuple[int, ...] = ()  # the match seeds of --deals; none: drawn from seed
    deals_name: str | None = None  # where they came from
    labels: tuple[str, ...] = ()  # per side, its name in results (unique); none: the specs
    names: tuple[tuple[str, str], ...] = ()  # spec text: the player's name (name=, hello)
    strict: bool = False  # every fault of a cmd: player is a failure

    def label(self, side: int) -> str:
        return self.labels[side] if self.labels else self.specs[side]

    def name_of(self, text: str) -> str:
        return dict(self.names).get(text, text)

    def side_members(self, side: int) -> tuple[str, ...]:
        return self.members[side] if self.members else (self.specs[side],)

    @property
    def sides(self) -> int:
        return len(self.rules.teams)

    @property
    def rotations(self) -> int:
        return self.sides if self.duplicate else 1


@dataclass(frozen=True)
class MatchResult:
    """One match as the statistics need it; points are by side, not by team."""

    deal: int
    rotation: int
    winner: int | None  # side
    rounds: tuple[tuple[int, ...], ...]  # each round's points by side
    faults: int  # seat failures (the name is older than the words; see side_failures)
    forfeit: int | None = None  # the side that failed and lost the match, if one did
    failures: tuple[tuple[str, str], ...] = ()  # (code, message) of each seat failure
    record_error: str = ""  # why its record could not be written in full (a full disk)
    seed: int = 0  # the match seed
    record: str = ""  # its record file, when recording
    side_faults: tuple[tuple[int, str, str], ...] = ()  # recovered: (side, code, message)
    side_failures: tuple[tuple[int, str, str], ...] = ()  # fatal: (side, code, message)
    # The clock's, not the seed's: two runs of one seed differ here only.
    think: tuple[tuple[float, ...], ...] = field(default=(), compare=False)  # per side, ms
    late: tuple[int, ...] = field(default=(), compare=False)  # past move_ms, in the grace


def deal_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(2**63) for _ in range(games)]


def side_of_team(team: int, rotation: int, sides: int) -> int:
    """Which side sits in ``team``'s seats in ``rotation``: rotation r moves side i
    to team (i + r) mod sides."""
    return (team - rotation) % sides


def plan(config: ArenaConfig) -> list[tuple[int, int, int]]:
    """Every match of the run in order: (deal, rotation, match seed)."""
    seeds = config.deals[: config.games] or deal_seeds(config.seed, config.games)
    return [(deal, rot, seed) for deal, seed in enumerate(seeds) for rot in range(config.rotations)]


class Session:
    """What one process keeps between the matches it plays: an event loop and, unless
    ``fresh_process``, a running program per seat of each ``cmd:`` spec (its process
    plays the next match when this one ended cleanly; see CommandPlayer)."""

    def __init__(self) -> None:
        self.runner = asyncio.Runner()
        self.kept: dict[tuple[str, int], Player] = {}

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        try:
            return self.runner.run(coro)
        except BaseException:  # Ctrl-C, SIGTERM: the match unwinds now, as under asyncio.run
            self._unwind()
            raise

    def _unwind(self) -> None:
        """Cancel what a signal cut short and let it finish: its record ends as
        abandoned, its programs are stopped."""
        loop = self.runner.get_loop()
        left = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))

    def player(self, spec: PlayerSpec, instance: int, name: str, host: dict[str, Any]) -> Player:
        key = (spec.text, instance)
        if key not in self.kept:
            self.kept[key] = spec.make(name=name, keep=True, **host)
        return self.kept[key]

    def close(self) -> None:
        """Stop every kept program (and anything a signal left running)."""
        if self.runner.get_loop().is_closed():
            return
        self._unwind()
        from ..protocol.host import CommandPlayer  # only cmd: players are ever kept

        shutdowns = [p.shutdown() for p in self.kept.values() if isinstance(p, CommandPlayer)]
        if shutdowns:
            self.run(_all(shutdowns))
        self.kept.clear()
        self.runner.close()


async def _all(aws: list[Coroutine[Any, Any, None]]) -> None:
    await asyncio.gather(*aws, return_exceptions=True)


def _seat_players(
    config: ArenaConfig,
    specs: dict[str, PlayerSpec],
    rotation: int,
    seed: int,
    session: Session | None = None,
) -> tuple[list[Player], list[str]]:
    """The players by seat, and their names in the record (a side's label)."""
    rules = config.rules
    players: list[Player] = []
    names: list[str] = []
    instances: dict[str, int] = {}  # cmd: seats of each spec so far in this match
    for seat in range(rules.players):
        team = rules.team_of[seat]
        side = side_of_team(team, rotation, config.sides)
        members = config.side_members(side)
        spec = specs[members[rules.teams[team].index(seat) % len(members)]]
        # The side's name when all its seats play one spec, else the member's own.
        name = config.label(side) if len(set(members)) == 1 else config.name_of(spec.text)
        bot_seed = random.Random(f"{seed}/{rotation}/{seat}").randrange(2**63)
        host: dict[str, Any] = {"move_ms": config.move_ms, "strict": config.strict}
        if config.bot_log is not None:
            host["bot_log"] = config.bot_log
        instance = instances[spec.text] = instances.get(spec.text, -1) + 1
        # The player's own name tells its seats apart in the log and its processes' files.
        process = name if instance == 0 else f"{name}.{instance + 1}"
        if spec.kind == "cmd" and session is not None and not config.fresh_process:
            players.append(session.player(spec, instance, process, host))
        else:
            players.append(spec.make(seed=bot_seed, name=process, **host))
        names.append(name)
    return players, names


def play_one(
    config: ArenaConfig, deal: int, rotation: int, seed: int, session: Session | None = None
) -> MatchResult:
    """Play one match of the run; the same arguments always give the same result.

    With a ``session`` the match runs on its event loop and its programs are kept
    for the next match (unless ``config.fresh_process``)."""
    specs = {t: parse_spec(t) for side in range(config.sides) for t in config.side_members(side)}
    players, names = _seat_players(config, specs, rotation, seed, session)
    rules = config.rules
    record = None
    out = None
    path = Path()
    if config.record_dir is not None:
        path = Path(config.record_dir) / f"deal{deal + 1:05d}-rot{rotation}.jsonl"
        out = path.open("w", encoding="utf-8")
        record = Record(out)
    sides = [
        side_of_team(rules.team_of[seat], rotation, config.sides) for seat in range(rules.players)
    ]
    try:
        match = play_match(
            rules,
            players,
            seed=seed,
            names=names,
            move_ms=config.move_ms,
            record=record,
            on_fault=config.on_fault,
            takeover=lambda seat: make_bot("greedy", seed=seed + seat),
        )
        outcome = session.run(match) if session is not None else asyncio.run(match)
    finally:
        if out is not None:
            out.close()

    def by_side(team_values: Sequence[int]) -> tuple[int, ...]:
        values = [0] * config.sides
        for team, v in enumerate(team_values):
            values[side_of_team(team, rotation, config.sides)] = v
        return tuple(values)

    winner = None
    if outcome.winner is not None:
        winner = side_of_team(outcome.winner, rotation, config.sides)
    forfeit = None
    if outcome.forfeit is not None:
        forfeit = side_of_team(outcome.forfeit, rotation, config.sides)
    faults: list[tuple[int, str, str]] = []
    think: list[list[float]] = [[] for _ in range(config.sides)]
    late = [0] * config.sides
    for seat, player in enumerate(players):
        if isinstance(player, RemoteSeat):
            seen, answers, slow = player.drain()
            faults.extend((sides[seat], code, message) for code, message in seen)
            think[sides[seat]].extend(round(ms, 2) for ms in answers)
            late[sides[seat]] += slow
    return MatchResult(
        deal,
        rotation,
        winner,
        tuple(by_side(r.points) for r in outcome.rounds),
        len(outcome.faults),
        forfeit,
        tuple((f.code, f.message) for f in outcome.faults),
        "" if record is None or record.error is None else _why(path, record.error),
        seed=seed,
        record=str(path) if record is not None else "",
        side_faults=tuple(faults),
        side_failures=tuple((sides[f.seat], f.code, f.message) for f in outcome.faults),
        think=tuple(tuple(t) for t in think),
        late=tuple(late),
    )


def _why(path: Path, err: OSError) -> str:
    return f"{path}: {err.strerror or err}"


# -- workers ------------------------------------------------------------------

_WORKER_CONFIG: ArenaConfig | None = None
_WORKER_SESSION: Session | None = None
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: stop at once, as a second Ctrl-C does, and exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _worker_init(config: ArenaConfig) -> None:
    global _WORKER_CONFIG, _WORKER_SESSION
    _WORKER_CONFIG = config
    _WORKER_SESSION = Session()
    # A worker leaves by SystemExit (the SIGTERM below) or at the pool's end; either
    # way multiprocessing runs its finalizers, and the kept programs are stopped.
    multiprocessing.util.Finalize(None, _WORKER_SESSION.close, exitpriority=10)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    # The parent stops the pool with SIGTERM (and a hang-up reaches us all): unwind the
    # match being played, so that its bots are stopped and its record ends, then exit.
    for sig in STOP_SIGNALS:
        signal.signal(sig, _worker_stop)


def _worker_stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _worker_play(task: tuple[int, int, int]) -> MatchResult:
    assert _WORKER_CONFIG is not None
    return play_one(_WORKER_CONFIG, *task, session=_WORKER_SESSION)


def run_arena(
    config: ArenaConfig, jobs: int = 1, tasks: Sequence[tuple[int, int, int]] | None = None
) -> Generator[MatchResult, None, None]:
    """The results of every match (or of ``tasks``) in plan order, from ``jobs``
    processes."""
    tasks = plan(config) if tasks is None else tasks
    if jobs <= 1:
        session = Session()
        try:
            for task in tasks:
                yield play_one(config, *task, session=session)
        finally:
            session.close()
        return
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    pool = ctx.Pool(jobs, initializer=_worker_init, initargs=(config,))
    try:
        yield from pool.imap(_worker_play, tasks, chunksize=1)
        pool.close()
        pool.join()  # the workers end by themselves and stop their programs with bye
    finally:
        pool.terminate()
        pool.join()


# -- statistics ---------------------------------------------------------------


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
            elo, low, high = elo_difference(*self.wdl[0][:3])
            line += (
                f"; Elo {_num(_finite(elo), '+.0f')} "
                f"[{_num(_finite(low), '+.0f')}, {_num(_finite(high), '+.0f')}]"
            )
        if self.sprt is not None:
            line += f"; LLR {self.llr:+.2f}"
        if self.elapsed:
            line += f"; {self.elapsed:.1f} s, {n / self.elapsed:.1f} matches/s"
        return line

    @property
    def strict_failed(self) -> bool:
        """With --strict: whether a side with a cmd: player failed (the exit status)."""
        cmd_sides = [
            s
            for s in range(self.config.sides)
            if any(t.startswith("cmd:") for t in self.config.side_members(s))
        ]
        return any(self._failures[s] or self._faults[s] for s in cmd_sides)

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
            "elapsed_s": None if self.elapsed is None else round(self.elapsed, 3),
            "matches_per_s": (round(len(self.results) / self.elapsed, 2) if self.elapsed else None),
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
        if k == 2:
            elo, low, high = elo_difference(*counts[0][:3])
            out["elo"] = _finite(elo)
            out["elo_ci"] = [_finite(low), _finite(high)]
        if self.paired:
            elo, low, high = paired_elo(self.counts)
            out["pairs"] = {
                "count": sum(self.counts),
                "pentanomial": list(self.counts),
                "elo": _finite(elo),
                "elo_ci": [_finite(low), _finite(high)],
            }
        if self.sprt is not None:
            out["sprt"] = {
                **self.sprt.to_json(),
                "llr": self.llr,
                "pairs": sum(self.counts),
                "verdict": self.verdict,
            }
        return out


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
            return None  # a built-in bot: its moves are not timed
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


def render(summary: dict[str, Any]) -> str:
    """The result as a table for people."""
    s = summary
    names = [printable(side.get("label", side["spec"]), 60) for side in s["sides"]]
    head = (
        f"{' vs '.join(names)}: {s['players']} players, "
        f"{s['pack']} cards, {s['variant']}, first to {s['target']}; "
        f"{s['games']} deals, {s['matches']} matches"
        f"{' (duplicate)' if s['duplicate'] else ''}, "
        f"{'deals from ' + s['deals'] if s.get('deals') else 'seed ' + str(s['seed'])}"
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
        lo, hi = s["elo_ci"]
        a, b = names
        lines.append(
            f"Elo difference ({a} - {b}): {_num(s['elo'], '+.0f')} "
            f"[95% CI {_num(lo, '+.0f')}, {_num(hi, '+.0f')}]"
        )
    if "pairs" in s:
        pairs = s["pairs"]
        lo, hi = pairs["elo_ci"]
        lines.append(
            f"Paired by deal ({pairs['count']} pairs; scored 0, 1/2, 1, 3/2, 2: "
            f"{' '.join(map(str, pairs['pentanomial']))}): Elo {_num(pairs['elo'], '+.0f')} "
            f"[95% CI {_num(lo, '+.0f')}, {_num(hi, '+.0f')}]"
        )
    if "sprt" in s:
        lines.append(_sprt_line(s["sprt"]))
    unfinished = [(n, side) for n, side in zip(names, s["sides"], strict=True) if side["no_result"]]
    if unfinished:
        told = ", ".join(f"{n} {side['no_result']}" for n, side in unfinished)
        lines.append(f"no result (another side failed, nobody won): {told}")
    timed = [(n, side["think_ms"]) for n, side in zip(names, s["sides"], strict=True)]
    if any(t for _, t in timed):
        lines.append("think time per answer, ms (programs only):")
        for n, t in timed:
            if t:
                lines.append(
                    f"  {n:<{width}}  mean {t['mean']:.1f}  p50 {t['p50']:.1f}  "
                    f"p99 {t['p99']:.1f}  max {t['max']:.1f}  ({t['answers']} answers, "
                    f"{t['late']} late: past move_ms, within the grace)"
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


# -- the command --------------------------------------------------------------


_COUNT = {2: "two", 3: "three", 4: "four", 6: "six"}
GAMES = 100  # deals, when --games is not given
REPORT_EVERY = 100  # matches between progress lines when stdout is not a terminal
SPRT_GAMES = 100_000  # the most deals an SPRT plays, when --games is not given


def config_from_args(args: argparse.Namespace) -> ArenaConfig:
    """Check the arguments together; a bad combination is a UsageError (exit 2)."""
    try:
        rules = TableRules(
            players=args.players, variant=args.variant, target=args.target, pack=args.pack
        )
    except RulesError as err:
        raise UsageError(str(err)) from None
    texts = list(args.specs)
    sides = len(rules.teams)
    members: tuple[tuple[str, ...], ...] = ()
    if sides == 3 and len(texts) == 2:
        texts.append(texts[1])
    if sides < rules.players and len(texts) == rules.players:
        members = tuple(tuple(texts[s] for s in team) for team in rules.teams)
        texts = [m[0] if len(set(m)) == 1 else " + ".join(m) for m in members]
    if len(texts) != sides:
        what = f"{sides} specs"
        if sides < rules.players:
            what = f"{_COUNT[sides]} specs (one per team) or {_COUNT[rules.players]} (one per seat)"
        extra = " (or two: the first against two of the second)" if sides == 3 else ""
        raise UsageError(
            f"{rules.players} players need {what}{extra}, got {len(args.specs)}: "
            f"{' '.join(args.specs)}"
        )
    for text in {t for side in members or ((t,) for t in texts) for t in side}:
        try:
            parse_spec(text).check_program()
        except (SpecError, ValueError) as err:
            raise UsageError(str(err)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    deals: tuple[int, ...] = ()
    games = args.games or (SPRT_GAMES if getattr(args, "sprt", None) else GAMES)
    if getattr(args, "deals", None) is not None:
        try:
            deals = read_deals(args.deals)
        except DealsError as err:
            raise UsageError(str(err)) from None
        if args.games is not None and args.games > len(deals):
            raise UsageError(f"--games {args.games}: {args.deals} holds {len(deals)} deals")
        games = min(args.games or len(deals), len(deals))
    if args.record is not None:
        _record_dir(args.record)
    if args.bot_log is not None:
        try:
            Path(args.bot_log).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            why = err.strerror or err
            raise UsageError(f"cannot use --bot-log {args.bot_log!r}: {why}") from None
    return ArenaConfig(
        rules=rules,
        specs=tuple(texts),
        seed=seed,
        games=games,
        duplicate=not args.no_duplicate,
        record_dir=args.record,
        on_fault=args.on_fault,
        bot_log=args.bot_log,
        move_ms=args.move_ms,
        members=members,
        fresh_process=args.fresh_process,
        deals=deals,
        deals_name=args.deals if deals else None,
        strict=getattr(args, "strict", False),
    )


# -- before the first match: every program starts and says hello ------------------


async def _greet(text: str, config: ArenaConfig) -> tuple[str, str | None, str]:
    """Start ``text``'s program and shake hands: (text, its hello name or None, why not)."""
    spec = parse_spec(text)
    host: dict[str, Any] = {"move_ms": config.move_ms}
    if config.bot_log is not None:
        host["bot_log"] = config.bot_log
    player = spec.make(name=spec.label, **host)
    assert isinstance(player, CommandPlayer)
    try:
        await player.greet(f"{spec.label}-start")
        return text, player.bot.name, ""
    except SeatFailure as err:
        return text, None, _cannot_start(text, err, player)
    finally:
        await player.shutdown()


def _cannot_start(text: str, err: SeatFailure, player: CommandPlayer) -> str:
    message = err.message.split(STDERR_ENDED)[0]  # its stderr follows, in full lines
    why = [f"{printable(text, 200)} did not start: {err.code}: {printable(message, 300)}"]
    process = player.process
    if process is not None:
        tail = process.tail(5)
        if process.first_error and process.first_error not in tail:
            why.append(f"  its first error line: {printable(process.first_error, 300)}")
        if tail:
            why.append("  the last lines of its stderr:")
            why.extend(f"    {printable(line, 300)}" for line in tail)
        elif not process.first_error:
            why.append("  (it wrote nothing on stderr)")
    return "\n".join(why)


def greet_all(texts: Sequence[str], config: ArenaConfig) -> dict[str, str]:
    """Every cmd: spec's program, started once before the run: its hello name by spec;
    a UsageError (exit 2) with each failing program's stderr when one cannot start."""
    programs = sorted({t for t in texts if parse_spec(t).kind == "cmd"})
    if not programs:
        return {}

    async def greet() -> list[tuple[str, str | None, str]]:
        return list(await asyncio.gather(*(_greet(t, config) for t in programs)))

    answers = asyncio.run(greet())
    failed = [why for _, name, why in answers if name is None]
    if failed:
        raise UsageError(
            "every cmd: program must start and answer hello before the first match\n"
            + "\n".join(failed)
        )
    return {text: name for text, name, _ in answers if name is not None}


def named(config: ArenaConfig, hellos: dict[str, str]) -> ArenaConfig:
    """The config with each player's name (name=, else its hello, else a short form of
    its spec) and each side's label, unique in the run."""
    texts = {t for side in range(config.sides) for t in config.side_members(side)}
    names: dict[str, str] = {}
    for text in texts:
        spec = parse_spec(text)
        names[text] = spec.name or hellos.get(text) or spec.label
    labels = []
    for side in range(config.sides):
        members = config.side_members(side)
        if len(set(members)) == 1:
            labels.append(names[members[0]])
        else:
            labels.append(" + ".join(names[m] for m in members))
    return replace(config, labels=tuple(unique(labels)), names=tuple(sorted(names.items())))


def unique(labels: Sequence[str]) -> list[str]:
    """``a a b`` -> ``a a#2 b``: no two sides of a run look alike."""
    out: list[str] = []
    for label in labels:
        name, n = label, 1
        while name in out:
            n += 1
            name = f"{label}#{n}"
        out.append(name)
    return out


def _record_dir(text: str) -> None:
    """A directory for the run's records: made if need be, and holding none yet (a
    second run must not overwrite the first one's records)."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError(f"cannot use --record {text!r}: it is a file, not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
        old = sorted(p.name for p in path.glob("deal*-rot*.jsonl"))
    except OSError as err:
        raise UsageError(f"cannot use --record {text!r}: {err.strerror or err}") from None
    if old:
        raise UsageError(
            f"--record {text!r} already holds the records of a run ({old[0]}, ... {len(old)} "
            "files); give a new or empty directory"
        )


def _collect(
    tally: Tally, results: Iterator[MatchResult], total: int, bar: bool, every: int = 0
) -> None:
    """Add every result to ``tally``, with a progress bar on a terminal (and the
    SPRT's LLR in it), else a progress line on stderr every ``every`` matches; stop
    early when ``tally.interrupted`` is set (by the Ctrl-C handler) or the SPRT has
    its verdict."""
    start = time.monotonic()
    if not bar:
        for res in results:
            tally.add(res)
            tally.elapsed = time.monotonic() - start
            n = len(tally.results)
            if every and n % every == 0 and n < total:
                print(tally.progress(total), file=sys.stderr, flush=True)
            if tally.interrupted or tally.verdict is not None:
                return
        return
    from prompt_toolkit.shortcuts import ProgressBar
    from prompt_toolkit.shortcuts.progress_bar.base import ProgressBarCounter

    cfg = tally.config
    title = f"{' vs '.join(cfg.label(s) for s in range(cfg.sides))}: {total} matches"
    # Ctrl-C in the bar sends this process SIGINT, which the handler below receives.
    with ProgressBar(title=title) as progress:
        counter: ProgressBarCounter[None] = progress(label=_label(tally), total=total)
        for res in results:
            tally.add(res)
            tally.elapsed = time.monotonic() - start
            counter.label = _label(tally)
            counter.item_completed()
            if tally.interrupted or tally.verdict is not None:
                return


def _label(tally: Tally) -> str:
    t = tally.sprt
    if t is None:
        return "matches"
    return f"LLR {tally.llr:+.2f} [{t.lower:+.2f}, {t.upper:+.2f}]"


def matches(
    config: ArenaConfig,
    args: argparse.Namespace,
    tasks: Sequence[tuple[int, int, int]] | None = None,
) -> Generator[MatchResult, None, None]:
    """The run's results from --jobs processes here, or from a --scheduler's cluster."""
    scheduler = getattr(args, "scheduler", None)
    if scheduler is None:
        return run_arena(config, args.jobs, tasks)
    if args.jobs > 1:
        raise UsageError("--jobs and --scheduler: the cluster's workers are the jobs; give one")
    return on_cluster(config, scheduler, tasks)


def play_deal(config: ArenaConfig, tasks: Sequence[tuple[int, int, int]]) -> list[MatchResult]:
    """The matches of one deal, in a session of their own: one task on a cluster's worker."""
    session = Session()
    try:
        return [play_one(config, *task, session=session) for task in tasks]
    finally:
        session.close()


def on_cluster(
    config: ArenaConfig, address: str, tasks: Sequence[tuple[int, int, int]] | None = None
) -> Generator[MatchResult, None, None]:
    """The results of every match (or of ``tasks``) in plan order, played by the
    workers of the cluster whose scheduler is at ``address``: a deal a task."""
    from .cluster import run_on_cluster  # the optional extra, loaded only here

    tasks = plan(config) if tasks is None else tasks
    deals = [list(group) for _, group in itertools.groupby(tasks, key=lambda t: t[0])]
    return run_on_cluster(address, deals, functools.partial(play_deal, config))


def sprt_from_args(args: argparse.Namespace, config: ArenaConfig) -> Sprt | None:
    if getattr(args, "sprt", None) is None:
        return None
    try:
        sprt = parse_sprt(args.sprt)
    except SprtError as err:
        raise UsageError(str(err)) from None
    if config.sides != 2:
        raise UsageError(
            f"--sprt compares two sides; {config.rules.players} players here have {config.sides}"
        )
    if not config.duplicate:
        raise UsageError("--sprt tests deal pairs: it cannot be used with --no-duplicate")
    return sprt


def main(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    sprt = sprt_from_args(args, config)
    with show_log(args):
        texts = [t for side in range(config.sides) for t in config.side_members(side)]
        try:
            hellos = greet_stoppable(texts, config)
        except Stopped as err:
            print("briscola arena: stopped before the first match", file=sys.stderr)
            return 128 + err.signum
        return _run(named(config, hellos), sprt, args)


def greet_stoppable(texts: Sequence[str], config: ArenaConfig) -> dict[str, str]:
    """:func:`greet_all`, where SIGTERM or SIGHUP raise :class:`Stopped` (the programs
    being started are stopped on the way out)."""

    def on_stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    previous = {sig: signal.signal(sig, on_stop) for sig in STOP_SIGNALS}
    try:
        return greet_all(texts, config)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def show_log(args: argparse.Namespace) -> Iterator[None]:
    """-v or --log-level: the protocol's log (every line in and out at DEBUG, faults
    and info at INFO, the bots' stderr) on stderr while the command runs."""
    level = "debug" if getattr(args, "verbose", False) else getattr(args, "log_level", None)
    if level is None:
        yield
        return
    log = logging.getLogger("briscola.protocol")
    shown = logging.StreamHandler(sys.stderr)
    shown.setFormatter(logging.Formatter("%(message)s"))
    before = log.level
    log.addHandler(shown)
    log.setLevel(getattr(logging, level.upper()))
    try:
        yield
    finally:
        log.removeHandler(shown)
        log.setLevel(before)


def _run(config: ArenaConfig, sprt: Sprt | None, args: argparse.Namespace) -> int:
    tally = Tally(config, sprt=sprt)
    results = matches(config, args)

    def on_interrupt(signum: int, frame: object) -> None:
        # In one process the match being played ends first, so that its record and its
        # players close cleanly; a second Ctrl-C (or the wait on workers) stops at once.
        if tally.interrupted or args.jobs > 1:
            tally.interrupted = True
            raise KeyboardInterrupt
        tally.interrupted = True

    def on_stop(signum: int, frame: object) -> None:
        tally.interrupted = True
        raise Stopped(signum)

    previous = {signal.SIGINT: signal.signal(signal.SIGINT, on_interrupt)}
    previous.update({sig: signal.signal(sig, on_stop) for sig in STOP_SIGNALS})
    status = 0
    try:
        bar = sys.stdout.isatty() and not args.json
        every = getattr(args, "report_every", REPORT_EVERY)
        _collect(tally, results, len(plan(config)), bar, every)
    except KeyboardInterrupt as err:  # Stopped too: the bots are stopped on the way out
        tally.interrupted = True
        status = 128 + err.signum if isinstance(err, Stopped) else 130
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    summary = tally.summary()
    try:
        print(json.dumps(summary) if args.json else render(summary))
    except OSError:
        if status != 128 + signal.SIGHUP:
            raise
        # after a hang-up the terminal may be gone: the records hold the result
    if not status and config.strict and tally.strict_failed:
        status = 1
    return status or (130 if tally.interrupted else 0)
