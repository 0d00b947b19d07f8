"""The table: the one loop that drives the engine through a match between Players.

For each move it builds the mover's observation, asks its Player, checks the
answer against the engine's legal actions, applies it, and hands every event
to the Players that may see it, to the watchers (public events only) and to
the record.  A seat that fails is handled by the fault policy: ``forfeit``
(its side loses the match) or ``takeover`` (a built-in bot sits down and the
match goes on).  Either way nothing already played is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from .engine.cards import Card
from .engine.events import Event, Played, RoundStarted, TakenBack
from .engine.game import Match, Round, RoundResult
from .engine.observation import observe
from .engine.records import Record
from .engine.rules import TableRules
from .players import MatchInfo, Player, SeatFailure

__all__ = [
    "UNDO",
    "FaultPolicy",
    "MatchOutcome",
    "Paused",
    "SeatFault",
    "play_match",
    "run_match",
]

FaultPolicy = Literal["forfeit", "takeover"]
DEFAULT_MOVE_MS = 10_000
UNDO: Final = "undo"  # a seat's answer: take back my last move (see play_match's undo)


class Paused(BaseException):
    """Raised by a seat at its turn to stop the match so that it goes on later: the
    record gets a ``pause`` line, no ending (a person keeping a match at ``play``)."""


@dataclass(frozen=True, slots=True)
class SeatFault:
    seat: int
    code: str
    message: str
    policy: FaultPolicy


@dataclass(slots=True)
class MatchOutcome:
    """How a match ended, with every round's points and every fault."""

    rules: TableRules
    seed: int
    first_dealer: int
    winner: int | None  # team index, None for no winner
    rounds_won: tuple[int, ...]
    reason: str
    rounds: list[RoundResult] = field(default_factory=list)
    faults: list[SeatFault] = field(default_factory=list)
    forfeit: int | None = None


async def play_match(
    rules: TableRules,
    players: Sequence[Player],
    *,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    move_ms: int = DEFAULT_MOVE_MS,
    record: Record | None = None,
    on_fault: FaultPolicy = "forfeit",
    takeover: Callable[[int], Player] | None = None,
    watchers: Sequence[Player] = (),
    decks: Sequence[Sequence[Card]] | None = None,
    first_dealer: int | None = None,
    start_from: tuple[Match, Round | None] | None = None,
    on_round: Callable[[Round], None] | None = None,
    undo: Sequence[int] = (),
    stopping: Callable[[], str | None] | None = None,
    between_rounds: Callable[[], Awaitable[None]] | None = None,
    rng: random.Random | None = None,
) -> MatchOutcome:
    """Play one match between ``players`` (one per seat) and return how it ended.

    ``decks`` gives the first rounds' packs in dealing order (tests, a deal suite's
    card orders); every other deal comes from ``seed``.  ``takeover(seat)`` makes the
    Player that sits down for a failed seat under the ``takeover`` policy.  ``start_from`` goes
    on with a match rebuilt from its record (the LAN server after a restart:
    the record already has its header and every line so far); ``on_round(r)``
    is told of each round as it is dealt (or resumed).  The seats in ``undo`` may
    answer :data:`UNDO` to take back their last move and the replies (a person
    against bots at ``play``; never at a LAN table).  When the match is cancelled,
    ``stopping()`` says why: ``"pause"`` leaves the record to go on after a restart
    (a ``pause`` line after the last whole move, no ending), any other text is
    kept as the ``why`` of the abandoned ``match_end``.  ``between_rounds()`` is
    awaited after each round when the match goes on (a LAN table lets its people
    read the round's end before the next deal).  ``rng`` deals instead of the
    seed (a LAN server's secret deals: the record keeps the deals, no seed).
    """
    if len(players) != rules.players:
        raise ValueError(
            f"a {rules.players}-player table needs {rules.players} players, got {len(players)}"
        )
    if on_fault == "takeover" and takeover is None:
        raise ValueError("the takeover policy needs a takeover player factory")
    seats = list(players)
    names = tuple(names) if names is not None else tuple(p.name for p in seats)
    if start_from is not None:
        match, resumed = start_from
    else:
        match = Match(rules, seed, first_dealer=first_dealer, record_events=True, rng=rng)
        resumed = None
    outcome = MatchOutcome(rules, match.seed, match.first_dealer, None, (), "complete")
    outcome.rounds = list(match.results)
    if resumed is not None and on_round is not None:
        on_round(resumed)
    if record is not None and start_from is None:
        # Given packs are not what the seed deals: such a record replays from its deals.
        seed_line = None if decks or rng is not None else match.seed
        record.header(
            rules, names, seed_line, match.first_dealer, move_ms=move_ms, on_fault=on_fault
        )

    def info_for(seat: int) -> MatchInfo:
        return MatchInfo(seat, rules, names, move_ms)

    async def deliver(events: list[Event]) -> None:
        for ev in events:
            if record is not None:
                record.event(ev)
            for seat, p in enumerate(seats):
                if ev.visible_to(seat):
                    await p.notify(ev)
            public = ev.public() if isinstance(ev, RoundStarted) and ev.seat == 0 else ev
            if public.visible_to(None):
                for w in watchers:
                    await w.notify(public)
        events.clear()

    async def keep_faults(seat: int) -> None:
        """The seat's recovered faults go to the record; the match goes on."""
        for code, message in await seats[seat].faults():
            if record is not None:
                record.fault(seat, code, message, fatal=False)

    async def keep_info(seat: int) -> None:
        if record is not None:
            for text in await seats[seat].info():
                record.info(seat, text)

    taken_over: set[int] = set()
    asking = False  # a seat is asked for a move (or between rounds): every line is written

    async def fail(seat: int, err: SeatFailure) -> bool:
        """Apply the fault policy; True when the match goes on."""
        # A stand-in that fails in turn forfeits: sitting down another could loop forever.
        policy: FaultPolicy = "forfeit" if seat in taken_over else on_fault
        outcome.faults.append(SeatFault(seat, err.code, err.message, policy))
        if record is not None:
            await keep_info(seat)  # its last words come before the fault
            record.fault(seat, err.code, err.message, policy=policy)
        if policy == "takeover" and takeover is not None:
            taken_over.add(seat)
            old = seats[seat]
            seats[seat] = takeover(seat)
            await _quietly(old.close())
            try:
                await seats[seat].start(info_for(seat))
            except SeatFailure as again:
                return await fail(seat, again)
            return True
        ended = match.forfeit(rules.team_of[seat])
        outcome.forfeit = ended.forfeit
        return False

    try:
        for seat, p in enumerate(seats):
            try:
                try:
                    await p.start(info_for(seat))
                finally:
                    await keep_faults(seat)
            except SeatFailure as err:
                if not await fail(seat, err):
                    break
        while not match.over:
            if resumed is not None and not resumed.over:
                r, resumed = resumed, None
            else:
                n = len(match.results)  # given packs first, then the seed's
                deck = list(decks[n]) if decks and n < len(decks) else match.shuffled_deck()
                if record is not None:
                    record.deal(len(match.results) + 1, match.next_dealer, deck)
                r = match.start_round(deck)
                if on_round is not None:
                    on_round(r)
            assert r.events is not None
            await deliver(r.events)
            # Per seat that may take back: the round before each of its moves this round.
            before: dict[int, list[Round]] = {s: [] for s in undo}
            while not r.over and not match.over:
                seat = r.to_move
                obs = observe(r, seat)
                if seats[seat].sees_all:
                    seats[seat].reveal(r.copy())
                if seat in before:
                    before[seat].append(r.copy())
                try:
                    try:
                        asking = True
                        action = await seats[seat].act(obs, move_ms)
                        asking = False
                    finally:
                        await keep_faults(seat)
                    if seat in before and str(action) == UNDO:  # an answer beyond Action
                        before[seat].pop()  # this turn's own
                        if before[seat]:  # back to the last turn, kept again when asked
                            r.restore(before[seat].pop())
                            taken = TakenBack(seat, len(r.history), observe(r, seat).trick)
                            await deliver([taken])
                        continue
                    if action not in obs.legal:
                        raise SeatFailure(
                            "illegal_move",
                            f"{seats[seat].name} answered {action!r}, which is not one of "
                            f"the legal actions {' '.join(str(a) for a in obs.legal)}",
                        )
                except SeatFailure as err:
                    if not await fail(seat, err):
                        break
                    continue
                except Exception as exc:  # a bot's bug is that seat's failure, not ours
                    crash = SeatFailure("crashed", f"{type(exc).__name__}: {exc}")
                    if not await fail(seat, crash):
                        break
                    continue
                await keep_info(seat)
                r.act(action)
                if seats[seat].stood_in:  # every screen and the record say a bot played it
                    r.events[:] = [_by_standin(ev, seat) for ev in r.events]
                await deliver(r.events)
            if r.over:
                outcome.rounds.append(match.finish_round())
            await deliver(r.events)
            if between_rounds is not None and r.over and not match.over:
                asking = True  # at rest: every line of the round is written
                await between_rounds()
                asking = False
        assert match.ended is not None
        await deliver([match.ended])
    except BaseException as exc:
        # Left, interrupted or cancelled mid-match: the record still gets its ending,
        # unless the match is only paused (a server's clean stop) to go on later.
        why = (
            stopping() if stopping is not None and isinstance(exc, asyncio.CancelledError) else None
        )
        if why == "pause" or isinstance(exc, Paused):
            if record is not None and asking:
                record.pause()
        elif not match.over:
            abandoned = match.end(None, "abandoned")
            if record is not None:
                record.event(abandoned, why=why)
        raise
    finally:
        await _close_all(seats)
    ended = match.ended
    assert ended is not None
    outcome.winner = ended.winner
    outcome.rounds_won = ended.rounds_won
    outcome.reason = ended.reason
    return outcome


def _by_standin(ev: Event, seat: int) -> Event:
    """``ev``, its card marked as a stand-in's when ``seat`` played it."""
    return replace(ev, standin=True) if isinstance(ev, Played) and ev.seat == seat else ev


async def _close_all(seats: Sequence[Player]) -> None:
    """Close every seat, even when the match was cancelled: a cancel still pending
    when the match reaches this (a built-in bots' match runs without yielding, so a
    Ctrl-C lands here) would otherwise cancel the closes before they start, and no
    seat would be closed ("coroutine 'Clocked.close' was never awaited").  The
    cancel goes on once they are done."""
    closing = asyncio.gather(*(_quietly(p.close()) for p in seats))
    try:
        await asyncio.shield(closing)
    except asyncio.CancelledError:
        await closing
        raise


async def _quietly(aw: object) -> None:
    """Await a clean-up call, ignoring its failure: one seat's broken close must not
    keep the others from closing."""
    with contextlib.suppress(Exception):
        await aw  # type: ignore[misc]


def run_match(rules: TableRules, players: Sequence[Player], **kwargs: object) -> MatchOutcome:
    """:func:`play_match` for synchronous callers (scripts, the arena's workers)."""
    return asyncio.run(play_match(rules, players, **kwargs))  # type: ignore[arg-type]
