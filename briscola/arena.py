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

Statistics (:mod:`briscola.stats`): per side wins, draws and losses of
matches, the win rate of decisive matches with a Wilson 95% interval, the
mean point difference per round (over the other side; over the mean of the
others with 3 sides) with a 95% interval, and for two sides the Elo
difference.  The point interval takes one value per deal (the mean over all
its rotations), which is what duplicate deals are for: the cards' luck stays
out of the spread.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import multiprocessing.util
import random
import signal
import sys
from collections.abc import Coroutine, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .bots import make_bot
from .deals import DealsError, read_deals
from .players import Player
from .records import Record
from .rules import RulesError, TableRules
from .spec import PlayerSpec, SpecError, UsageError, parse_spec
from .sprt import Sprt, SprtError, parse_sprt
from .stats import elo_difference, mean_ci, paired_elo, wilson
from .table import FaultPolicy, play_match
from .text import printable

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
    faults: int
    forfeit: int | None = None  # the side that failed and lost the match, if one did
    failures: tuple[tuple[str, str], ...] = ()  # (code, message) of each seat failure
    record_error: str = ""  # why its record could not be written in full (a full disk)


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

    def player(self, spec: PlayerSpec, instance: int, host: dict[str, Any]) -> Player:
        key = (spec.text, instance)
        if key not in self.kept:
            self.kept[key] = spec.make(name=spec.text, keep=True, **host)
        return self.kept[key]

    def close(self) -> None:
        """Stop every kept program (and anything a signal left running)."""
        if self.runner.get_loop().is_closed():
            return
        self._unwind()
        from .protocol.host import CommandPlayer  # only cmd: players are ever kept

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
) -> list[Player]:
    rules = config.rules
    players: list[Player] = []
    instances: dict[str, int] = {}  # cmd: seats of each spec so far in this match
    for seat in range(rules.players):
        team = rules.team_of[seat]
        members = config.side_members(side_of_team(team, rotation, config.sides))
        spec = specs[members[rules.teams[team].index(seat) % len(members)]]
        bot_seed = random.Random(f"{seed}/{rotation}/{seat}").randrange(2**63)
        host: dict[str, Any] = {"move_ms": config.move_ms}
        if config.bot_log is not None:
            host["bot_log"] = config.bot_log
        if spec.kind == "cmd" and session is not None and not config.fresh_process:
            instance = instances[spec.text] = instances.get(spec.text, -1) + 1
            players.append(session.player(spec, instance, host))
        else:
            players.append(spec.make(seed=bot_seed, name=spec.text, **host))
    return players


def play_one(
    config: ArenaConfig, deal: int, rotation: int, seed: int, session: Session | None = None
) -> MatchResult:
    """Play one match of the run; the same arguments always give the same result.

    With a ``session`` the match runs on its event loop and its programs are kept
    for the next match (unless ``config.fresh_process``)."""
    specs = {t: parse_spec(t) for side in range(config.sides) for t in config.side_members(side)}
    players = _seat_players(config, specs, rotation, seed, session)
    rules = config.rules
    record = None
    out = None
    path = Path()
    if config.record_dir is not None:
        path = Path(config.record_dir) / f"deal{deal + 1:05d}-rot{rotation}.jsonl"
        out = path.open("w", encoding="utf-8")
        record = Record(out)
    try:
        match = play_match(
            rules,
            players,
            seed=seed,
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
    return MatchResult(
        deal,
        rotation,
        winner,
        tuple(by_side(r.points) for r in outcome.rounds),
        len(outcome.faults),
        forfeit,
        tuple((f.code, f.message) for f in outcome.faults),
        "" if record is None or record.error is None else _why(path, record.error),
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
    _open: dict[int, list[MatchResult]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        results, self.results = self.results, []
        for res in results:
            self.add(res)

    @property
    def paired(self) -> bool:
        """Whether deals come in pairs: two sides, each deal from both sides' seats."""
        return self.config.sides == 2 and self.config.duplicate

    def add(self, result: MatchResult) -> None:
        self.results.append(result)
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
                    "spec": cfg.specs[s],
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "no_result": unfinished,
                    "win_rate": wins / decisive if decisive else None,
                    "win_rate_ci": list(wilson(wins, decisive)),
                    "point_diff": mean,
                    "point_diff_ci": [low, high],
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
            "faults": sum(r.faults for r in self.results),
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
    head = (
        f"{' vs '.join(side['spec'] for side in s['sides'])}: {s['players']} players, "
        f"{s['pack']} cards, {s['variant']}, first to {s['target']}; "
        f"{s['games']} deals, {s['matches']} matches"
        f"{' (duplicate)' if s['duplicate'] else ''}, "
        f"{'deals from ' + s['deals'] if s.get('deals') else 'seed ' + str(s['seed'])}"
    )
    lines = [head]
    if s["interrupted"]:
        lines.append("interrupted: the result so far")
    width = max(len("side"), *(len(side["spec"]) for side in s["sides"]))
    lines.append(
        f"{'side':<{width}}  {'wins':>6} {'draws':>5} {'losses':>6}  "
        f"{'win rate':>8}  {'95% CI':<15}  {'points/round':>12}  95% CI"
    )
    for side in s["sides"]:
        lo, hi = side["win_rate_ci"]
        plo, phi = side["point_diff_ci"]
        lines.append(
            f"{side['spec']:<{width}}  {side['wins']:>6} {side['draws']:>5} {side['losses']:>6}  "
            f"{_num(side['win_rate'], '8.1%')}  [{lo:5.1%}, {hi:5.1%}]  "
            f"{side['point_diff']:+12.2f}  [{plo:+.2f}, {phi:+.2f}]"
        )
    if "elo" in s:
        lo, hi = s["elo_ci"]
        a, b = (side["spec"] for side in s["sides"])
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
    unfinished = [side for side in s["sides"] if side["no_result"]]
    if unfinished:
        told = ", ".join(f"{side['spec']} {side['no_result']}" for side in unfinished)
        lines.append(f"no result (another side failed, nobody won): {told}")
    unwritten = s["record_errors"]
    if unwritten["count"]:
        lines.append(
            f"records: {unwritten['count']} could not be written in full "
            f"(first: {printable(unwritten['first'], 200)})"
        )
    if s["faults"]:
        lines.append(f"faults: {s['faults']} (see --record for details)")
        for code, seen in sorted(s["failures"].items(), key=lambda kv: -kv[1]["count"]):
            lines.append(f"  {code} {seen['count']}: {printable(seen['first'], 200)}")
    return "\n".join(lines)


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
    )


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


def _collect(tally: Tally, results: Iterator[MatchResult], total: int, bar: bool) -> None:
    """Add every result to ``tally``, with a progress bar on a terminal (and the
    SPRT's LLR in it); stop early when ``tally.interrupted`` is set (by the Ctrl-C
    handler) or the SPRT has its verdict."""
    if not bar:
        for res in results:
            tally.add(res)
            if tally.interrupted or tally.verdict is not None:
                return
        return
    from prompt_toolkit.shortcuts import ProgressBar
    from prompt_toolkit.shortcuts.progress_bar.base import ProgressBarCounter

    title = f"{' vs '.join(tally.config.specs)}: {total} matches"
    # Ctrl-C in the bar sends this process SIGINT, which the handler below receives.
    with ProgressBar(title=title) as progress:
        counter: ProgressBarCounter[None] = progress(label=_label(tally), total=total)
        for res in results:
            tally.add(res)
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
    from .cluster import run_on_cluster  # the optional extra, loaded only here

    return run_on_cluster(config, scheduler, tasks)


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
    tally = Tally(config, sprt=sprt_from_args(args, config))
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
        _collect(tally, results, len(plan(config)), sys.stdout.isatty() and not args.json)
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
    return status or (130 if tally.interrupted else 0)
