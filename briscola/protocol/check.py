"""``briscola check-bot COMMAND``: a bot program through the conformance checks.

Each check starts the program afresh, plays its part against built-in bots
through the real host, and prints one line: ``PASS`` or ``FAIL`` with the
reason, and under a FAIL every fault and failure it saw, by code (with a hint
where one applies).  The checks: the handshake; a stateless reading of ``turn`` (a fresh
process gets positions in the middle of a round, with no event before them);
unknown fields and message types ignored; a short match at every table size
(2, 3, 4 and 6 seats) in every variant, and at 3 seats with both packs, each
named in the output, with random or greedy bots beside it (``--players``,
``--variant``, ``--pack`` pick some); two matches in one process (the arena
keeps a process for many matches); the brisca exchange offered; every answer
within ``move_ms``; leaving after ``bye``.  The exit status is 0 only if every
check passes; 2 when the program cannot start and answer ``hello`` (its stderr
is shown).  Each process's ``--bot-log`` file is named after its check
(``match-6p-brisca-1-12345.stderr.log``), and each fault says the check's deal
(its seed) and the turn id.

Floor 6 (protocol).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import random
import re
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.greedy import GreedyBot
from ..bots.random_bot import RandomBot
from ..engine.cards import Card
from ..engine.game import EXCHANGE, Round
from ..engine.observation import Observation, observe
from ..engine.records import Record
from ..engine.rules import VARIANTS, TableRules, Variant
from ..engine.text import printable
from ..players import MatchInfo, Player, SeatFailure
from ..table import play_match
from .host import CLOSE_MS, CommandPlayer, at_match
from .messages import Message
from .process import STDERR_ENDED, STOP_SIGNALS, program_name, stopped_by

__all__ = ["CheckResult", "main", "run_checks"]

SEED = 20_251_129
Table = tuple[int, Variant, int]  # seats, variant, pack (0: the table's default)


def tables(
    players: int | None = None, variant: Variant | None = None, pack: int | None = None
) -> list[Table]:
    """The tables check-bot plays a match at: every size and variant, both 3-seat packs;
    or those that ``players``, ``variant`` and ``pack`` (3 seats only) leave."""
    out: list[Table] = []
    for n in (2, 3, 4, 6):
        for v in VARIANTS:
            for k in (36, 39) if n == 3 else (0,):
                if players not in (None, n) or variant not in (None, v):
                    continue
                if pack is not None and k != pack:  # --pack picks 3-seat tables
                    continue
                out.append((n, v, k))
    return out


def table_name(table: Table) -> str:
    n, variant, pack = table
    return f"match, {n} seats, {variant}" + (f", {pack} cards" if pack else "")


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str
    ok: bool
    detail: str
    seen: tuple[str, ...] = ()  # every fault and failure, one line per code

    def line(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'}  {self.name}: {self.detail}"
        return "\n".join([head, *(f"      {line}" for line in self.seen)])


class CheckFailed(Exception):
    """A check's failure: what it saw, every fault and failure by code."""

    def __init__(self, seen: list[tuple[str, str]], hint: str = "") -> None:
        codes: dict[str, list[str]] = {}
        for code, message in seen:
            codes.setdefault(code, []).append(message)
        super().__init__(seen[0][1])
        if len(seen) == 1:  # the one fault is the detail
            self.detail = f"{seen[0][0]}: {seen[0][1]}{hint}"
            self.lines: tuple[str, ...] = ()
            return
        counts = ", ".join(f"{code} x{len(messages)}" for code, messages in codes.items())
        self.detail = f"{len(seen)} faults and failures: {counts}{hint}"
        self.lines = tuple(f"{code}: {messages[0]}" for code, messages in codes.items())


class _Probe(CommandPlayer):
    """The host as usual, plus unknown fields in its messages when ``odd`` is set, and
    a count of the turns that offered the exchange and of those it answered with it."""

    odd = False
    offered = 0
    exchanged = 0
    counted = 0  # answers and late answers the checker has taken into account
    late_counted = 0

    def hello(self, msg_id: int) -> Message:
        return self._odd(super().hello(msg_id))

    def match_start(self, info: MatchInfo) -> Message:
        return self._odd(super().match_start(info))

    def turn(self, obs: Observation, msg_id: int, time_ms: int) -> Message:
        if obs.can_exchange:
            self.offered += 1
        return self._odd(super().turn(obs, msg_id, time_ms))

    async def act(self, obs: Observation, time_ms: int | None) -> Any:
        action = await super().act(obs, time_ms)
        self.exchanged += action == EXCHANGE
        return action

    def _odd(self, msg: Message) -> Message:
        if self.odd:
            msg["x_future_field"] = {"nested": [1, "two", None], "note": "ignore me"}
        return msg


class Checker:
    def __init__(self, command: str, move_ms: int, handshake_ms: int, bot_log: str | None) -> None:
        self.command = command
        # Named in its faults as the arena names it: its script, then its hello name.
        self.name = program_name(command)
        self.move_ms = move_ms
        self.handshake_ms = handshake_ms
        self.bot_log = bot_log
        self.slowest = 0.0
        self.answers = 0
        self.left_alone = 0  # processes that exited after bye by themselves
        self.closed = 0
        self.late = 0  # answers past move_ms, within the grace
        self.timeouts: list[str] = []  # the checks where an answer never came
        self.tail: list[str] = []  # the stderr of a program that did not start
        self.first_error = ""

    def probe(self, check: str = "bot") -> _Probe:
        p = self._probe()
        # Its processes' stderr files are named after the check ("match-6p-brisca-1-…").
        p.log_name = re.sub(r"[^a-z0-9]+", "-", check.lower().replace(" seats", "p")).strip("-")
        return p

    def _probe(self) -> _Probe:
        return _Probe(
            self.command,
            self.name,
            move_ms=self.move_ms,
            handshake_ms=self.handshake_ms,
            bot_log=self.bot_log,
            # Once the bot had to be stopped, known: don't wait the full time again.
            close_ms=CLOSE_MS if self.left_alone == self.closed else 100,
        )

    def _account(self, p: _Probe) -> None:
        new = p.answer_ms[p.counted :]  # counted once, however often accounted
        if new:
            self.slowest = max(self.slowest, *new)
            self.answers += len(new)
        self.late += p.late - p.late_counted
        p.counted, p.late_counted = len(p.answer_ms), p.late
        if p.process is not None and p.process.ended_by:
            self.closed += 1
            self.left_alone += p.process.ended_by == "exit"

    async def _done(self, p: _Probe) -> list[tuple[str, str]]:
        """Close a probe and return its faults (any fails the check)."""
        await p.faults()
        await p.close()
        self._account(p)
        return p.seen

    def _timed_out(self, what: str, seen: list[tuple[str, str]]) -> None:
        self.timeouts += [
            what for code, message in seen if code == "timeout" and " turn " in message
        ]

    async def _play(self, what: str, rules: TableRules, seats: list[Player], **kwargs: Any) -> int:
        """A match with the probe at seat 0; any fault fails the check.  Rounds."""
        record = Record()
        outcome = await play_match(rules, seats, move_ms=self.move_ms, record=record, **kwargs)
        probe = seats[0]
        assert isinstance(probe, _Probe)
        self._account(probe)
        seen = _seen(record)
        self._timed_out(what, seen)
        if seen:
            raise CheckFailed(seen, f" (the deal: seed {kwargs.get('seed', SEED)})")
        return len(outcome.rounds)

    async def handshake(self) -> str:
        p = self.probe("handshake")
        rules = TableRules()
        try:
            await p.start(MatchInfo(0, rules, ("bot", "random"), self.move_ms))
        except SeatFailure as err:
            if p.process is not None:  # what the program said before it failed
                self.tail, self.first_error = p.process.tail(5), p.process.first_error
            await self._done(p)
            message = err.message.split(STDERR_ENDED)[0]  # its stderr is shown in full lines
            raise CheckFailed([*p.seen, (err.code, message)]) from None
        faults = await self._done(p)
        if faults:
            raise CheckFailed(faults)
        hello = p.bot
        self.name = hello.name
        return f"answered hello as {hello.name!r} with protocol 1"

    async def match(self, table: Table, greedy: bool = False) -> str:
        players, variant, pack = table
        rules = TableRules(players=players, variant=variant, pack=pack)
        name = table_name(table)
        probe = self.probe(name)
        others: list[Player] = [
            GreedyBot(seed=s) if greedy else RandomBot(seed=s) for s in range(1, players)
        ]
        seed = SEED + players * 10 + pack + len(variant)
        rounds = await self._play(name, rules, [probe, *others], seed=seed)
        beside = "greedy" if greedy else "random"
        return f"{rounds} round(s) beside {beside} bots, {len(probe.answer_ms)} answers, no fault"

    async def two_matches(self) -> str:
        """One process, two matches, at seat 0 then seat 1: after ``match_end`` comes
        the next ``match_start``, as the arena does unless --fresh-process."""
        rules = TableRules(players=2)
        probe = self.probe("two matches")
        probe.keep = True
        hint = "; a bot that plays one match per process needs 'arena --fresh-process'"
        try:
            for n in range(2):
                seats: list[Player] = [RandomBot(seed=n + 1)]
                seats.insert(n, probe)
                record = Record()
                ended = probe.process  # the process that played match 1
                await play_match(
                    rules, seats, seed=SEED + 10 + n, move_ms=self.move_ms, record=record
                )
                seen = [(code, f"match {n + 1}: {message}") for code, message in _seen(record)]
                self._timed_out("two matches, one process", seen)
                # The hint only where it applies: the program left by itself after a
                # match_end (status 0 before anything was asked of it in match 2).
                left = n == 1 and (
                    probe.spawned > 1 or (ended is not None and ended.returncode == 0)
                )
                if seen:
                    raise CheckFailed(seen, hint if left else "")
                if left:
                    raise CheckFailed([("left", "the program exited after match 1")], hint)
        finally:
            await probe.shutdown()
            self._account(probe)
        return f"2 matches (seat 0, then seat 1) in one process, {len(probe.answer_ms)} answers"

    async def stateless(self) -> str:
        """Positions in the middle of rounds, each to a fresh process that saw no event."""
        rng = random.Random(SEED)
        asked = 0
        for players in (2, 3, 4):
            rules = TableRules(players=players, variant="brisca")
            for _ in range(2):
                deck = list(rules.deck)
                rng.shuffle(deck)
                r = Round(rules, deck, dealer=rng.randrange(players))
                for _ in range(rng.randrange(1, len(deck) - 2)):
                    r.act(rng.choice(r.legal_actions()))
                if r.over:
                    continue
                obs = observe(r, r.to_move)
                await self._one_turn("stateless turns", rules, obs)
                asked += 1
        return f"{asked} mid-round turns to fresh processes answered legally"

    async def unknown(self) -> str:
        """Unknown fields in every message, unknown message types between them."""
        rules = TableRules(players=2, variant="brisca")
        deck = list(rules.deck)
        random.Random(SEED + 1).shuffle(deck)
        r = Round(rules, deck, dealer=1)
        await self._one_turn("unknown fields and types", rules, observe(r, r.to_move), odd=True)
        return "extra fields and unknown message types were ignored"

    async def _one_turn(
        self, what: str, rules: TableRules, obs: Observation, odd: bool = False
    ) -> None:
        p = self.probe(what)
        p.odd = odd
        names = tuple(f"p{s}" for s in range(rules.players))
        failure: list[tuple[str, str]] = []
        action = None
        try:
            await p.start(MatchInfo(obs.seat, rules, names, self.move_ms))
            if odd:
                assert p.process is not None
                p.process.send({"type": "x_future_news", "id": 99, "data": [1, 2, 3]})
                p.process.send({"type": "weather", "text": "sunny"})
            action = await p.act(obs, self.move_ms)
        except SeatFailure as err:
            failure = [(err.code, err.message)]
        finally:
            faults = await self._done(p)
        seen = faults + failure
        self._timed_out(what, seen)
        if seen:
            raise CheckFailed(seen)
        if action not in obs.legal:  # pragma: no cover - the host refuses those itself
            raise SeatFailure("illegal_move", f"answered {action}")

    async def exchange(self) -> str:
        """A brisca deal where the bot holds the trump 7 and the face-up card is an Ace."""
        rules = TableRules(players=2, variant="brisca")
        seven, ace = Card.parse("7D"), Card.parse("AD")
        rest = [c for c in rules.deck if c not in (seven, ace)]
        random.Random(SEED).shuffle(rest)
        # Dealer 1 deals seat 0 first: cards 0, 2, 4 to seat 0; card 6 face up.
        deck = [seven, *rest[:5], ace, *rest[5:]]
        probe = self.probe("brisca exchange")
        seats: list[Player] = [probe, GreedyBot(seed=1)]
        await self._play("brisca exchange", rules, seats, decks=[deck] * 6, first_dealer=1)
        if probe.offered == 0:  # pragma: no cover - the deal guarantees it
            raise SeatFailure("check", "the exchange was never offered")
        return (
            f"offered {probe.offered} time(s), taken {probe.exchanged} time(s), every answer legal"
        )


def _seen(record: Record) -> list[tuple[str, str]]:
    """Every fault of a match, recovered or not, in order (the record keeps them all)."""
    return [(line["code"], line["message"]) for line in record.lines if line["type"] == "fault"]


async def run_checks(
    command: str,
    move_ms: int = 2_000,
    handshake_ms: int = 5_000,
    bot_log: str | None = None,
    at: list[Table] | None = None,
) -> list[CheckResult]:
    """Every check in order; ``at``: the tables of the match checks (default: all)."""
    c = Checker(command, move_ms, handshake_ms, bot_log)
    checks: list[tuple[str, Callable[[], Awaitable[str]]]] = [
        ("handshake", c.handshake),
        ("stateless turns", c.stateless),
        ("unknown fields and types", c.unknown),
    ]
    for i, table in enumerate(tables() if at is None else at):  # partners: random, greedy...
        checks.append((table_name(table), functools.partial(c.match, table, i % 2 == 1)))
    checks += [
        ("two matches, one process", c.two_matches),
        ("brisca exchange", c.exchange),
    ]
    results: list[CheckResult] = []
    for name, check in checks:
        if len(results) == 1 and not results[0].ok:  # it did not start: show its stderr
            results[0] = _with_stderr(results[0], c)
        if results and not results[0].ok:
            results.append(CheckResult(name, False, "skipped: the handshake failed"))
            continue
        try:
            results.append(CheckResult(name, True, await at_match(f"check {name!r}", check())))
        except CheckFailed as err:
            results.append(CheckResult(name, False, err.detail, err.lines))
        except SeatFailure as err:
            results.append(CheckResult(name, False, f"{err.code}: {err.message}"))
    if results[0].ok:
        results.append(_timing(c, move_ms))
        ok = c.closed > 0 and c.left_alone == c.closed
        detail = (
            f"exited by itself after bye {c.left_alone} of {c.closed} times"
            if ok
            else f"did not exit after bye and stdin closed ({c.closed - c.left_alone} of "
            f"{c.closed} times it had to be stopped)"
        )
        results.append(CheckResult("leaves after bye", ok, detail))
    else:
        for name in ("answers within time", "leaves after bye"):
            results.append(CheckResult(name, False, "skipped: the handshake failed"))
    return results


def _with_stderr(result: CheckResult, c: Checker) -> CheckResult:
    lines = list(result.seen)
    if c.first_error and c.first_error not in c.tail:
        lines.append(f"its first error line: {c.first_error}")
    if c.tail:
        lines.append("the last lines of its stderr:")
        lines.extend(f"  {line}" for line in c.tail)
    else:
        lines.append("(it wrote nothing on stderr)")
    return CheckResult(result.name, False, result.detail, tuple(lines))


def _timing(c: Checker, move_ms: int) -> CheckResult:
    """Every answer within move_ms: one that never came (a timeout) fails it too."""
    if c.answers == 0 and not c.timeouts:
        return CheckResult("answers within time", False, "no answer was timed")
    ok = c.slowest <= move_ms and not c.timeouts
    detail = f"slowest of {c.answers} answers: {c.slowest:.1f} ms (move_ms {move_ms})"
    seen = []
    if c.late:
        seen.append(f"{c.late} answer(s) past move_ms, within the grace of 500 ms")
    if c.timeouts:
        where = "; ".join(dict.fromkeys(c.timeouts))
        seen.append(f"{len(c.timeouts)} answer(s) never came within move_ms + 500 ms ({where})")
        detail = f"{len(c.timeouts)} timeout(s); " + detail
    return CheckResult("answers within time", ok, detail, tuple(seen))


async def _stoppable(checks: Awaitable[list[CheckResult]]) -> tuple[list[CheckResult], int]:
    """The checks' results, or none and the signal that stopped them."""
    with stopped_by(STOP_SIGNALS) as stopped:
        try:
            return await checks, 0
        except asyncio.CancelledError:
            if not stopped:
                raise
            return [], stopped[0]


def main(args: argparse.Namespace) -> int:
    from .host import split_command

    try:
        split_command(args.bot)
    except ValueError as err:
        print(f"briscola check-bot: error: {err}", file=sys.stderr)
        return 2
    if args.bot_log is not None:
        try:
            Path(args.bot_log).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            why = err.strerror or str(err)
            print(
                f"briscola check-bot: error: cannot use --bot-log {args.bot_log!r}: {why}",
                file=sys.stderr,
            )
            return 2
    at = tables(args.players, args.variant, args.pack)
    if not at:
        print("briscola check-bot: error: --pack goes with 3 seats", file=sys.stderr)
        return 2
    print(f"checking {printable(repr(args.bot))} (move_ms {args.move_ms})", flush=True)
    log = logging.getLogger("briscola.protocol")
    shown = logging.StreamHandler(sys.stderr)  # the host logs every line at DEBUG
    shown.setFormatter(logging.Formatter("%(message)s"))
    if getattr(args, "verbose", False):
        log.addHandler(shown)
        log.setLevel(logging.DEBUG)
    try:
        checks = run_checks(args.bot, args.move_ms, args.handshake_ms, args.bot_log, at)
        results, signum = asyncio.run(_stoppable(checks))
    finally:
        log.removeHandler(shown)
    if signum:  # SIGTERM, SIGHUP: its bots were stopped on the way out, as on Ctrl-C
        name = signal.Signals(signum).name
        print(f"briscola check-bot: stopped by {name}; the bot was stopped", file=sys.stderr)
        return 128 + signum
    for result in results:
        for line in result.line().split("\n"):
            print(printable(line), flush=True)  # details quote what the bot sent
    passed = sum(r.ok for r in results)
    print(f"{passed} of {len(results)} checks passed")
    if not results[0].ok:
        print(
            "briscola check-bot: error: the program did not start and answer hello",
            file=sys.stderr,
        )
        return 2
    return 0 if passed == len(results) else 1
