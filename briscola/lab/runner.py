"""How the arena plays its matches: the run's plan, a match, the worker processes.

Floor 7.  :class:`ArenaConfig` holds all a worker needs (it is pickled to each);
:func:`plan` lists every match as (deal, rotation, seed); :func:`play_one` plays
one through :func:`briscola.table.play_match` and returns a :class:`MatchResult`;
:func:`run_arena` spreads the plan over ``--jobs`` processes
(:mod:`briscola.lab.workers`) and yields the results in plan order, so that a run
gives the same figures at any ``--jobs``.
A :class:`Session` keeps a process's event loop and its ``cmd:`` programs from
match to match (unless ``--fresh-process``).  The command is
:mod:`briscola.lab.arena`; the statistics are :mod:`briscola.lab.tally`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import random
import sys
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..bots import make_bot
from ..engine.cards import Card
from ..engine.deals import Start
from ..engine.game import Match, Round
from ..engine.records import Record
from ..engine.rules import TableRules
from ..players import Clocked, Player, TimeControl
from ..protocol.host import RemoteSeat, at_match
from ..spec import PlayerSpec, parse_spec
from ..table import FaultPolicy, play_match
from .workers import in_workers

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
    starts: tuple[Start | None, ...] = ()  # per deal of --deals: a pack or a position
    labels: tuple[str, ...] = ()  # per side, its name in results (unique); none: the specs
    names: tuple[tuple[str, str], ...] = ()  # spec text: the player's name (name=, hello)
    strict: bool = False  # every fault of a cmd: player is a failure
    tc: TimeControl | None = None  # --tc: every player's match clock, unless its spec has one

    def label(self, side: int) -> str:
        return self.labels[side] if self.labels else self.specs[side]

    def name_of(self, text: str) -> str:
        return dict(self.names).get(text, text)

    def side_members(self, side: int) -> tuple[str, ...]:
        return self.members[side] if self.members else (self.specs[side],)

    def clock(self, side: int) -> str | None:
        """The match clock a side plays under: its specs' own ``tc=``, else ``--tc``."""
        return clock_of(self.side_members(side), self.tc)

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


def begin(rules: TableRules, seed: int, start: Start) -> tuple[Match, Round, list[Card]]:
    """The match of a position: its first round dealt from ``seed``, and every card the
    position says was played, played; (the match, the round, its pack).  A ValueError
    names the first card that cannot be played there."""
    match = Match(rules, seed, first_dealer=start.first_dealer, record_events=True)
    deck = match.shuffled_deck()
    r = match.start_round(deck)
    for n, (seat, card) in enumerate(start.moves, 1):
        if r.over or r.to_move != seat or card not in r.legal_actions():
            raise ValueError(
                f"card {n} of the position, {card} by seat {seat}, cannot be played in "
                f"the round its seed {seed} deals"
            )
        r.act(card)
    return match, r, deck


def check_start(rules: TableRules, seed: int, start: Start) -> None:
    """A ValueError when a deal's start does not fit the table."""
    for pack in start.decks:
        if sorted(pack) != sorted(rules.deck):
            raise ValueError(
                f"its pack holds {len(pack)} cards, not the {rules.pack} of this table "
                f"({rules.players} players), each once"
            )
    if start.first_dealer is not None and start.first_dealer >= rules.players:
        raise ValueError(
            f"first_dealer {start.first_dealer}: this table has seats 0-{rules.players - 1}"
        )
    if start.moves:
        begin(rules, seed, start)


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
            self.finish(_all(left))

    def finish(self, aw: Coroutine[Any, Any, T]) -> T:
        """Run ``aw`` to its end on the session's loop, after a signal too.  A signal
        that cut a run short inside ``run_until_complete`` can leave asyncio's own
        ``loop.stop()`` queued on the loop; one more ``run_until_complete`` would then
        return before ``aw`` ended ("Event loop stopped before Future completed")."""
        loop = self.runner.get_loop()
        task = loop.create_task(aw)
        while True:
            try:
                return loop.run_until_complete(task)
            except RuntimeError:
                if task.done() or loop.is_closed() or loop.is_running():
                    raise

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
            self.finish(_all(shutdowns))
        say_stopped(self.kept.values())
        self.kept.clear()
        self.runner.close()


def say_stopped(players: Iterable[Player]) -> None:
    """Tell, on stderr, of every program that had to be stopped by a signal because it
    did not exit after ``bye`` (PROTOCOL.md: a bot exits on ``bye``), as check-bot and
    ``join --bot`` do."""
    from ..protocol.host import CommandPlayer

    for player in players:
        inner = player.inner if isinstance(player, Clocked) else player
        process = inner.process if isinstance(inner, CommandPlayer) else None
        if process is not None and process.ended_by in ("terminate", "kill"):
            how = "SIGTERM" if process.ended_by == "terminate" else "SIGKILL"
            print(f"{inner.name}: did not exit after bye and the end of its input; "
                  f"stopped with {how}", file=sys.stderr)  # fmt: skip


async def _all(aws: Sequence[Awaitable[Any]]) -> None:
    await asyncio.gather(*aws, return_exceptions=True)


def seat_names(config: ArenaConfig, rotation: int) -> list[str]:
    """Who sits where in ``rotation``: by seat, its side's label when all the side's
    seats play one spec, else the member's own name."""
    rules = config.rules
    names = []
    for seat in range(rules.players):
        team = rules.team_of[seat]
        side = side_of_team(team, rotation, config.sides)
        members = config.side_members(side)
        text = members[rules.teams[team].index(seat) % len(members)]
        names.append(config.label(side) if len(set(members)) == 1 else config.name_of(text))
    return names


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
    names = seat_names(config, rotation)
    instances: dict[str, int] = {}  # cmd: seats of each spec so far in this match
    for seat, name in enumerate(names):
        team = rules.team_of[seat]
        members = config.side_members(side_of_team(team, rotation, config.sides))
        spec = specs[members[rules.teams[team].index(seat) % len(members)]]
        bot_seed = random.Random(f"{seed}/{rotation}/{seat}").randrange(2**63)
        host: dict[str, Any] = {"move_ms": config.move_ms, "strict": config.strict}
        if config.bot_log is not None:
            host["bot_log"] = config.bot_log
        instance = instances[spec.text] = instances.get(spec.text, -1) + 1
        # The player's own name tells its seats apart in the log and its processes' files.
        process = name if instance == 0 else f"{name}.{instance + 1}"
        if spec.kind == "cmd" and session is not None and not config.fresh_process:
            player = session.player(spec, instance, process, host)
        else:
            player = spec.make(seed=bot_seed, name=process, **host)
        # A program times its own answers; a built-in bot is timed here.  Under a time
        # control every player runs on a clock of its own for the match.
        tc = spec.tc or config.tc
        players.append(player if spec.kind == "cmd" and tc is None else Clocked(player, tc))
    return players, names


def clock_of(specs: Iterable[str], tc: TimeControl | None) -> str | None:
    """The clock of players: each spec's own ``tc=``, else ``tc``; where they differ
    (a team of two programs), each ("10+0.1 / none")."""
    clocks = [parse_spec(text).tc or tc for text in specs]
    said = [None if c is None else str(c) for c in clocks]
    return said[0] if len(set(said)) == 1 else " / ".join(c or "none" for c in said)


def clock_text(tc: str | None, clocks: Sequence[tuple[str, str | None]]) -> str:
    """A header's clock: ``--tc``'s, or each player's where one has a clock of its own."""
    if all(clock == tc for _, clock in clocks):
        return f"; clock {tc}" if tc else ""
    return "; clocks " + ", ".join(f"{name} {clock or 'none'}" for name, clock in clocks)


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
    start = config.starts[deal] if config.starts else None
    given: dict[str, Any] = {}
    if start is not None and start.moves:  # a position: the match goes on from there
        began, r, deck = begin(rules, seed, start)
        given["start_from"] = (began, r)
        if record is not None:  # what play_match writes itself when it deals
            extra = {"move_ms": config.move_ms, "on_fault": config.on_fault}
            record.header(rules, names, seed, began.first_dealer, **extra)
            record.deal(1, r.dealer, deck)
    elif start is not None:
        given.update(decks=start.decks, first_dealer=start.first_dealer)
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
            **given,
        )
        # Its faults' log lines say which deal (--log-level info).
        where = at_match(f"deal {deal + 1} rotation {rotation}", match)
        outcome = session.run(where) if session is not None else asyncio.run(where)
    finally:
        if out is not None:
            out.close()
            if record is not None and not record.lines:  # stopped before it dealt
                path.unlink(missing_ok=True)
    if session is None or config.fresh_process:  # its programs were stopped with the match
        say_stopped(players)

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
        inner = player.inner if isinstance(player, Clocked) else player
        if isinstance(inner, RemoteSeat):  # its own times: from turn written to answer read
            seen, answers, slow = inner.drain()
            faults.extend((sides[seat], code, message) for code, message in seen)
            think[sides[seat]].extend(round(ms, 2) for ms in answers)
            late[sides[seat]] += slow
        elif isinstance(player, Clocked):
            think[sides[seat]].extend(round(ms, 2) for ms in player.times)
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


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: stop at once, as a second Ctrl-C does, and exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _arena_worker(config: ArenaConfig) -> Iterator[Callable[[tuple[int, int, int]], MatchResult]]:
    """One worker process's matches: one session, its programs kept between matches
    and stopped when the worker ends (a stop signal unwinds the match first)."""
    session = Session()
    try:
        yield lambda task: play_one(config, *task, session=session)
    finally:
        session.close()


def run_arena(
    config: ArenaConfig, jobs: int = 1, tasks: Sequence[tuple[int, int, int]] | None = None
) -> Generator[MatchResult, None, None]:
    """The results of every match (or of ``tasks``) in plan order, from ``jobs``
    processes."""
    tasks = plan(config) if tasks is None else tasks
    if jobs > 1:
        yield from in_workers(functools.partial(_arena_worker, config), tasks, jobs)
        return
    session = Session()
    try:
        for task in tasks:
            yield play_one(config, *task, session=session)
    finally:
        session.close()


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
