"""The table loop: whole matches between Players, who sees what, and the fault policies."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import io
import json
import warnings

import pytest

from briscola.bots.greedy import GreedyBot
from briscola.bots.random_bot import RandomBot
from briscola.engine.cards import Card
from briscola.engine.events import Drew, Event, Exchanged, Played, RoundStarted
from briscola.engine.game import Action, Round
from briscola.engine.observation import Observation
from briscola.engine.records import Record
from briscola.engine.replay import verify_record
from briscola.engine.rules import TableRules
from briscola.players import Bot, MatchInfo, Player, SeatFailure
from briscola.table import play_match, run_match


class Watcher(Player):
    """Keeps every event it is given; checks it is never given another seat's secret."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self.closed = 0
        self.info_got: MatchInfo | None = None

    async def start(self, info: MatchInfo) -> None:
        self.info_got = info
        assert self.seat is None or info.seat == self.seat

    async def notify(self, event: Event) -> None:
        owner = event.private_to
        assert owner is None or owner == self.seat, f"seat {self.seat} was shown {event}"
        self.events.append(event)

    async def close(self) -> None:
        self.closed += 1


class Recording(Watcher, Bot):
    """A random bot that tracks its own hand from its events and checks every turn."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat)
        self.bot = RandomBot(seed=seed)
        self.hand: list[Card] = []
        self.turns = 0

    async def notify(self, event: Event) -> None:
        await super().notify(event)
        if isinstance(event, RoundStarted):
            self.hand = list(event.hand)
        elif isinstance(event, Drew):
            self.hand.append(event.card)
        elif isinstance(event, Played) and event.seat == self.seat:
            self.hand.remove(event.card)
        elif isinstance(event, Exchanged) and event.seat == self.seat:
            self.hand[self.hand.index(event.gave)] = event.took

    def choose(self, obs: Observation) -> Action:
        assert obs.seat == self.seat
        assert sorted(obs.hand) == sorted(self.hand)  # the events told it exactly its hand
        self.turns += 1
        return self.bot.choose(obs)


class FailAt(Recording):
    """Fails at its ``at``-th turn: raises SeatFailure, a plain exception, or plays nonsense."""

    def __init__(self, seat: int, at: int, how: str) -> None:
        super().__init__(seat)
        self.at, self.how = at, how

    def choose(self, obs: Observation) -> Action:
        if self.turns + 1 == self.at:
            if self.how == "seat":
                raise SeatFailure("timeout", "no answer within 10000 ms")
            if self.how == "crash":
                raise ZeroDivisionError("division by zero")
            bad: Action = next(c for c in obs.rules.deck if c not in obs.hand)
            return bad
        return super().choose(obs)


class StandIn(Watcher, Bot):
    """A random bot that sits down mid-match (it never saw the deal); ``crash`` makes it fail."""

    def __init__(self, seat: int, crash: bool = False) -> None:
        super().__init__(seat)
        self.bot = RandomBot(seed=seat)
        self.turns = 0
        self.crash = crash

    def choose(self, obs: Observation) -> Action:
        self.turns += 1
        if self.crash:
            raise RuntimeError("stand-in broke")
        return self.bot.choose(obs)


@pytest.mark.parametrize(
    ("players", "variant"), [(2, "italian"), (3, "bisca"), (4, "brisca"), (6, "italian")]
)
async def test_a_whole_match_between_bots(players: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant, target=2)  # type: ignore[arg-type]
    seats: list[Player] = [Recording(s, seed=s) for s in range(players - 1)]
    seats.append(GreedyBot())
    watcher = Watcher()
    out = io.StringIO()
    outcome = await play_match(
        rules, seats, seed=11, record=Record(out), watchers=[watcher], names=None
    )
    assert outcome.reason == "complete" and outcome.faults == []
    assert outcome.winner is not None and outcome.rounds_won[outcome.winner] == 2
    assert sum(1 for r in outcome.rounds if r.winner is not None) == sum(outcome.rounds_won)
    assert all(sum(r.points) == 120 for r in outcome.rounds)
    verify_record(out.getvalue().splitlines())  # the record replays to the same match
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["seed"] == 11
    assert lines[-1]["type"] == "match_end" and lines[-1]["reason"] == "complete"
    assert sum(1 for x in lines if x["type"] == "played") == rules.tricks * players * len(
        outcome.rounds
    )
    for s, p in enumerate(seats[:-1]):
        assert isinstance(p, Recording) and p.closed == 1 and p.turns > 0
        assert p.info_got is not None and p.info_got.seat == s
        assert p.events[-1].type == "match_end"
    # The watcher saw the public story: every card played, no hand, no draw.
    assert all(e.private_to is None for e in watcher.events)
    starts = [e for e in watcher.events if isinstance(e, RoundStarted)]
    assert len(starts) == len(outcome.rounds) and all(e.hand == () for e in starts)
    assert not any(isinstance(e, Drew) for e in watcher.events)
    assert sum(isinstance(e, Played) for e in watcher.events) == rules.tricks * players * len(
        outcome.rounds
    )


async def test_the_same_seed_gives_the_same_match() -> None:
    async def one() -> list[str]:
        out = io.StringIO()
        rules = TableRules(players=3, target=2)
        await play_match(rules, [RandomBot(seed=s) for s in range(3)], seed=5, record=Record(out))
        return out.getvalue().splitlines()

    assert await one() == await one()


async def test_forfeit_on_seat_failure_keeps_everything_played() -> None:
    rules = TableRules(players=2, target=3)
    failing = FailAt(1, at=25, how="seat")  # in the second round
    other = Recording(0)
    out = io.StringIO()
    outcome = await play_match(rules, [other, failing], seed=3, record=Record(out))
    assert outcome.reason == "fault" and outcome.winner == 0 and outcome.forfeit == 1
    assert [(f.seat, f.code, f.policy) for f in outcome.faults] == [(1, "timeout", "forfeit")]
    assert len(outcome.rounds) == 1  # the finished round is kept
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    faults = [x for x in lines if x["type"] == "fault"]
    assert len(faults) == 1
    assert faults[0]["seat"] == 1 and faults[0]["code"] == "timeout"
    assert faults[0]["message"] == "no answer within 10000 ms"
    assert faults[0]["policy"] == "forfeit"
    # Every card played before the failure is in the record.
    played = sum(1 for x in lines if x["type"] == "played")
    assert played == other.turns + failing.turns
    end = lines[-1]
    assert end["type"] == "match_end" and end["reason"] == "fault" and end["winner"] == 0
    assert other.closed == 1 and failing.closed == 1
    verify_record(out.getvalue().splitlines())


@pytest.mark.parametrize(("how", "code"), [("crash", "crashed"), ("illegal", "illegal_move")])
async def test_a_bot_that_crashes_or_answers_illegally_fails_its_seat(how: str, code: str) -> None:
    rules = TableRules(players=4)
    seats: list[Player] = [Recording(s) for s in range(4)]
    seats[2] = FailAt(2, at=3, how=how)
    outcome = await play_match(rules, seats, seed=8)
    assert outcome.reason == "fault" and outcome.forfeit == 0 and outcome.winner == 1
    fault = outcome.faults[0]
    assert (fault.seat, fault.code) == (2, code)
    if how == "crash":
        assert fault.message == "ZeroDivisionError: division by zero"
    else:
        assert "which is not one of the legal actions" in fault.message
    assert all(isinstance(p, Watcher) and p.closed == 1 for p in seats)


async def test_takeover_lets_a_bot_sit_down_and_the_match_completes() -> None:
    rules = TableRules(players=3, target=2)
    failing = FailAt(0, at=4, how="seat")
    seats: list[Player] = [failing, Recording(1), Recording(2)]
    stand_ins: list[StandIn] = []

    def takeover(seat: int) -> Player:
        bot = StandIn(seat)
        stand_ins.append(bot)
        return bot

    out = io.StringIO()
    outcome = await play_match(
        rules, seats, seed=4, on_fault="takeover", takeover=takeover, record=Record(out)
    )
    assert outcome.reason == "complete" and max(outcome.rounds_won) == 2
    assert [(f.seat, f.code, f.policy) for f in outcome.faults] == [(0, "timeout", "takeover")]
    assert len(stand_ins) == 1 and stand_ins[0].turns > 0 and stand_ins[0].closed == 1
    assert stand_ins[0].info_got is not None and stand_ins[0].info_got.seat == 0
    assert failing.closed == 1  # the failed Player is released at once
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [x["policy"] for x in lines if x["type"] == "fault"] == ["takeover"]
    assert lines[0]["on_fault"] == "takeover"
    verify_record(out.getvalue().splitlines())


async def test_a_stand_in_that_fails_too_forfeits_the_seat() -> None:
    """Taking over again and again could go on forever: the second failure forfeits."""
    rules = TableRules(players=2)
    seats: list[Player] = [Recording(0), FailAt(1, at=2, how="crash")]
    out = io.StringIO()
    outcome = await play_match(
        rules,
        seats,
        seed=4,
        on_fault="takeover",
        takeover=lambda seat: StandIn(seat, crash=True),
        record=Record(out),
    )
    assert outcome.reason == "fault" and outcome.winner == 0 and outcome.forfeit == 1
    assert [(f.code, f.policy) for f in outcome.faults] == [
        ("crashed", "takeover"),
        ("crashed", "forfeit"),
    ]
    assert outcome.faults[1].message == "RuntimeError: stand-in broke"
    verify_record(out.getvalue().splitlines())  # a forfeit after a takeover is consistent


async def test_a_seat_failing_at_the_start_forfeits() -> None:
    class NoStart(Watcher):
        async def start(self, info: MatchInfo) -> None:
            raise SeatFailure("crashed", "the bot process exited with status 1")

    seats: list[Player] = [Recording(0), NoStart(1)]
    outcome = await play_match(TableRules(), seats, seed=1)
    assert outcome.reason == "fault" and outcome.winner == 0 and outcome.rounds == []
    assert outcome.faults[0].code == "crashed"
    assert all(isinstance(p, Watcher) and p.closed == 1 for p in seats)


async def test_close_is_called_on_every_player_even_when_one_close_fails() -> None:
    class BadClose(Recording):
        async def close(self) -> None:
            await super().close()
            raise OSError("pipe already gone")

    seats: list[Player] = [BadClose(0), Recording(1)]
    outcome = await play_match(TableRules(), seats, seed=2)
    assert outcome.reason == "complete"
    assert all(isinstance(p, Watcher) and p.closed == 1 for p in seats)


async def test_a_cancelled_match_still_closes_every_player() -> None:
    """Ctrl-C while a built-in bot thinks cancels the match's task where it runs (as
    asyncio.run's handler does); the match never waits on anything, so the cancel lands
    where the seats are closed: they are all closed, then the cancel goes on."""

    class Cancels(Recording):
        def choose(self, obs: Observation) -> Action:
            if self.turns == 5:
                task = asyncio.current_task()
                assert task is not None
                task.cancel()
            return super().choose(obs)

    seats: list[Player] = [Recording(0), Cancels(1)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine ... was never awaited" included
        with pytest.raises(asyncio.CancelledError):
            await asyncio.create_task(play_match(TableRules(), seats, seed=3))
        gc.collect()
    assert all(isinstance(p, Watcher) and p.closed == 1 for p in seats)


async def test_play_match_refuses_bad_arrangements() -> None:
    with pytest.raises(ValueError, match="a 3-player table needs 3 players, got 2"):
        await play_match(TableRules(players=3), [RandomBot(), RandomBot()])
    with pytest.raises(ValueError, match="the takeover policy needs a takeover player factory"):
        await play_match(TableRules(), [RandomBot(), RandomBot()], on_fault="takeover")


async def test_explicit_decks_and_first_dealer() -> None:
    rules = TableRules()
    deck = list(rules.deck)
    seats: list[Player] = [Recording(0), Recording(1)]
    outcome = await play_match(rules, seats, seed=1, decks=[deck], first_dealer=1)
    assert outcome.first_dealer == 1
    first = seats[0]
    assert isinstance(first, Recording)
    start = next(e for e in first.events if isinstance(e, RoundStarted))
    assert start.hand == (deck[0], deck[2], deck[4]) and start.dealer == 1


def test_only_an_all_seeing_player_is_shown_the_round() -> None:
    class Peeker(RandomBot):
        sees_all = True

        def __init__(self) -> None:
            super().__init__(seed=1)
            self.shown: list[Round] = []

        def reveal(self, r: Round) -> None:
            self.shown.append(r)

    peeker = Peeker()
    plain = Recording(1)
    outcome = run_match(TableRules(), [peeker, plain], seed=6)
    assert outcome.reason == "complete"
    assert len(peeker.shown) == 20 and all(r.events is None for r in peeker.shown)
    assert plain.turns == 20


async def test_a_match_stopped_midway_still_ends_its_record() -> None:
    """A person leaving or Ctrl-C: the record ends with reason abandoned and checks out."""

    class Leaves(Recording):
        def choose(self, obs: Observation) -> Action:
            if self.turns == 5:
                raise KeyboardInterrupt
            return super().choose(obs)

    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        await play_match(TableRules(), [Recording(0), Leaves(1)], seed=3, record=Record(out))
    lines = out.getvalue().splitlines()
    last = json.loads(lines[-1])
    assert last == {
        "type": "match_end",
        "winner": None,
        "rounds_won": [0, 0],
        "reason": "abandoned",
    }
    assert verify_record(lines).reason == "abandoned"


async def test_a_match_dealt_from_given_packs_records_no_seed() -> None:
    rules = TableRules()
    packs = [list(reversed(rules.deck))] * 3  # a drawn round could need a second pack
    out = io.StringIO()
    await play_match(rules, [Recording(0), Recording(1)], seed=5, decks=packs, record=Record(out))
    lines = out.getvalue().splitlines()
    assert json.loads(lines[0])["seed"] is None
    assert verify_record(lines).reason == "complete"


async def test_a_seat_is_never_told_the_seed() -> None:
    """The seed deals every hand: knowing it would show a seat every card."""
    seats = [Recording(0), Recording(1)]
    await play_match(TableRules(), seats, seed=123456)
    for p in seats:
        assert p.info_got is not None
        assert [f.name for f in dataclasses.fields(p.info_got)] == [
            "seat",
            "rules",
            "names",
            "move_ms",
        ]
        assert "123456" not in repr(p.info_got) and "123456" not in str(p.events)
