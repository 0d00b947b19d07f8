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
import json
import logging
import random
import signal
import sys
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from .. import signals
from ..engine.deals import DealsError, Start, read_suite
from ..engine.rules import RulesError, TableRules
from ..engine.text import printable
from ..players import SeatFailure
from ..protocol.host import CommandPlayer
from ..protocol.messages import BotHello
from ..protocol.process import STDERR_ENDED
from ..spec import SpecError, UsageError, parse_spec
from .arena_dir import kept, kept_as_played, kept_seed, record_dir
from .runner import (
    ArenaConfig,
    MatchResult,
    Stopped,
    check_start,
    on_cluster,
    plan,
    run_arena,
)
from .sprt import Sprt, SprtError, parse_sprt
from .tally import Tally, failed_status, render
from .workers import STOP_SIGNALS, WorkerDied

# -- the command --------------------------------------------------------------


_COUNT = {2: "two", 3: "three", 4: "four", 6: "six"}
GAMES = 100  # deals, when --games is not given
REPORT_EVERY = 100  # matches between progress lines when stdout is not a terminal
SPRT_GAMES = 100_000  # the most deals an SPRT plays, when --games is not given


def expand_specs(args: argparse.Namespace) -> list[str]:
    """The players of the command line, a name from --bots standing for its player, and
    every player of --bots when none is given."""
    texts = list(args.specs)
    if getattr(args, "bots", None) is not None:
        from .bots_file import read_bots

        league = read_bots(args.bots)
        texts = [league.get(t, t) for t in texts] or list(league.values())
    if not texts:
        raise UsageError("give the players: two or more specs, or --bots FILE")
    return texts


def config_from_args(args: argparse.Namespace) -> ArenaConfig:
    """Check the arguments together; a bad combination is a UsageError (exit 2)."""
    args.specs = expand_specs(args)
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
    seed = args.seed
    if seed is None and args.record is not None and Path(args.record).is_dir():  # resuming
        seed = kept_seed(Path(args.record))
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    deals: tuple[int, ...] = ()
    starts: tuple[Start | None, ...] = ()
    games = args.games or (SPRT_GAMES if getattr(args, "sprt", None) else GAMES)
    if getattr(args, "deals", None) is not None:
        try:
            suite = read_suite(args.deals)
        except DealsError as err:
            raise UsageError(str(err)) from None
        deals, starts = suite.seeds, suite.starts
        if suite.players is not None and suite.players != rules.players:
            raise UsageError(
                f"--deals {args.deals} is a suite for {suite.players} players, and this "
                f"table has {rules.players}: give --players {suite.players} or a suite "
                f"made for {rules.players}"
            )
        for seed_of, start in zip(deals, starts, strict=False):
            try:
                if start is not None:
                    check_start(rules, seed_of, start)
            except ValueError as err:
                assert start is not None
                raise UsageError(f"--deals {args.deals}, line {start.line}: {err}") from None
        if args.games is not None and args.games > len(deals):
            raise UsageError(f"--games {args.games}: {args.deals} holds {len(deals)} deals")
        games = min(args.games or len(deals), len(deals))
    if args.record is not None:
        record_dir(args.record)
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
        starts=starts,
        strict=getattr(args, "strict", False),
        tc=getattr(args, "tc", None),
    )


# -- before the first match: every program starts and says hello ------------------


async def _greet(text: str, config: ArenaConfig) -> tuple[str, BotHello | None, str]:
    """Start ``text``'s program and shake hands: (text, its hello or None, why not)."""
    spec = parse_spec(text)
    host: dict[str, Any] = {"move_ms": config.move_ms}
    if config.bot_log is not None:
        host["bot_log"] = config.bot_log
    player = spec.make(name=spec.label, **host)
    assert isinstance(player, CommandPlayer)
    try:
        await player.greet(f"{spec.label}-start")
        hello: BotHello = player.bot
        return text, hello, ""
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


def greet_all(texts: Sequence[str], config: ArenaConfig) -> dict[str, BotHello]:
    """Every cmd: spec's program, started once before the run: its hello by spec;
    a UsageError (exit 2) with each failing program's stderr when one cannot start."""
    programs = sorted({t for t in texts if parse_spec(t).kind == "cmd"})
    if not programs:
        return {}

    async def greet() -> list[tuple[str, BotHello | None, str]]:
        return list(await asyncio.gather(*(_greet(t, config) for t in programs)))

    answers = asyncio.run(greet())
    failed = [why for _, name, why in answers if name is None]
    if failed:
        raise UsageError(
            "every cmd: program must start and answer hello before the first match\n"
            + "\n".join(failed)
        )
    return {text: hello for text, hello, _ in answers if hello is not None}


def named(config: ArenaConfig, hellos: dict[str, BotHello]) -> ArenaConfig:
    """The config with each player's name (name=, else its hello, else a short form of
    its spec) and each side's label, unique in the run."""
    texts = {t for side in range(config.sides) for t in config.side_members(side)}
    names: dict[str, str] = {}
    for text in texts:
        spec = parse_spec(text)
        hello = hellos.get(text)
        names[text] = spec.name or (hello.name if hello is not None else spec.label)
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
    return on_cluster(config, scheduler, tasks)  # --jobs beside it: refused by argparse


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
        return _run(named(config, hellos), sprt, args, hellos)


class Interruptible(Protocol):
    """A run that its stop signals mark (the arena's tally, a tournament's flag)."""

    interrupted: bool


@contextlib.contextmanager
def stop_signals(run: Interruptible, at_once: bool) -> Iterator[None]:
    """While a run plays, Ctrl-C and the stop signals mark ``run`` interrupted.

    In one process the first Ctrl-C does only that: the match being played ends, its
    record and its players closed, and the run stops after it.  An exception raised
    there at any moment was lost where Python ignores one (a finaliser) or left a
    match made and never played ("coroutine ... was never awaited").  A second Ctrl-C,
    or any while workers play (``at_once``), raises KeyboardInterrupt at once; SIGTERM
    and SIGHUP raise :class:`Stopped`.  The handlers found are put back after."""

    def on_interrupt(signum: int, frame: object) -> None:
        if run.interrupted or at_once:
            run.interrupted = True
            raise KeyboardInterrupt
        run.interrupted = True

    def on_stop(signum: int, frame: object) -> None:
        run.interrupted = True
        raise Stopped(signum)

    with signals.kept(signal.SIGINT, *STOP_SIGNALS):
        signal.signal(signal.SIGINT, on_interrupt)
        for sig in STOP_SIGNALS:
            signal.signal(sig, on_stop)
        yield


def greet_stoppable(texts: Sequence[str], config: ArenaConfig) -> dict[str, BotHello]:
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


def _run(
    config: ArenaConfig,
    sprt: Sprt | None,
    args: argparse.Namespace,
    hellos: dict[str, BotHello] | None = None,
) -> int:
    done, out = kept(config, hellos)
    tally = Tally(config, sprt=sprt, resumed=len(done))
    for res in done:  # a resumed run: what its results.jsonl holds counts first
        tally.add(res)
    held_tasks = {(r.deal, r.rotation, r.seed) for r in done}
    tasks = [t for t in plan(config) if t not in held_tasks]
    played = matches(config, args, tasks)
    results = kept_as_played(config, played, out)

    status = 0
    with stop_signals(tally, at_once=args.jobs > 1):
        try:
            bar = sys.stdout.isatty() and not args.json
            every = getattr(args, "report_every", REPORT_EVERY)
            _collect(tally, results, len(plan(config)), bar, every)
        except KeyboardInterrupt as err:  # Stopped too: the bots are stopped on the way out
            tally.interrupted = True
            status = 128 + err.signum if isinstance(err, Stopped) else 130
        except WorkerDied as err:  # killed from outside (the OOM killer): what was played counts
            tally.interrupted = True
            print(f"briscola arena: {err}; the run stops here", file=sys.stderr)
            status = 1
        finally:
            close = getattr(played, "close", None)
            if close is not None:
                close()
            if out is not None:
                out.close("arena")
    summary = tally.summary()
    try:
        print(json.dumps(summary) if args.json else render(summary))
    except OSError:
        if status != 128 + signal.SIGHUP:
            raise
        # after a hang-up the terminal may be gone: the records hold the result
    return status or (130 if tally.interrupted else failed_status(summary["sides"], config.strict))
