"""The bot side (``briscola bot``): a turn line rebuilds the observation it came from."""

from __future__ import annotations

import argparse
import io
import json
import random
from dataclasses import replace

import pytest

from briscola.engine.game import Round
from briscola.engine.observation import Observation, observe
from briscola.engine.rules import VARIANTS, TableRules
from briscola.players import MatchInfo
from briscola.protocol import bot_side
from briscola.protocol.bot_side import BotSide, rebuild, serve
from briscola.protocol.messages import turn_message

MUST = [
    "type",
    "id",
    "hand",
    "legal",
    "trick",
    "trump",
    "trump_suit",
    "stock",
    "points",
    "played",
    "hand_sizes",
    "time_ms",
]


# Every table, the 39-card pack at 3 seats (match_start's optional "pack") included.
TABLES = [(2, 40), (3, 36), (4, 40), (3, 39), (6, 36)]


def positions(seed: int, count: int, variants=VARIANTS, rounds_won=None):
    """Observations of the seat to move at random points of random rounds."""
    rng = random.Random(seed)
    for i in range(count):
        seats, pack = TABLES[i % len(TABLES)]
        rules = TableRules(players=seats, variant=variants[i % len(variants)], pack=pack)
        deck = list(rules.deck)
        rng.shuffle(deck)
        r = Round(
            rules, deck, rng.randrange(rules.players), number=1 + i % 3, rounds_won=rounds_won
        )
        steps = rng.randrange(len(deck))
        for _ in range(steps):
            if r.over:
                break
            r.act(rng.choice(r.legal_actions()))
        if not r.over:
            yield r, observe(r, r.to_move)


def start_of(obs: Observation) -> dict:
    names = tuple(f"p{s}" for s in range(obs.rules.players))
    return MatchInfo(obs.seat, obs.rules, names, 100).to_message()


def test_a_turn_line_rebuilds_the_exact_observation() -> None:
    seen = 0
    for _, obs in positions(1, 600):
        line = json.loads(json.dumps(turn_message(obs, 1, 100)))
        assert rebuild(line, start_of(obs)) == obs
        seen += 1
    assert seen > 400


def test_the_must_fields_alone_are_enough_without_exchanges() -> None:
    """Without the extras a bot still gets the right observation, given the round_start's
    face-up card; only the fields that need the extras are left aside."""
    for r, obs in positions(2, 300, variants=("italian", "bisca")):
        full = turn_message(obs, 1, 100)
        bare = {k: v for k, v in full.items() if k in MUST}
        got = rebuild(bare, start_of(obs), dealt=r.trump_card)
        expected = replace(obs, round=got.round, trump_taken=None, known=got.known)
        assert got == expected
        if obs.trump_taken is None:
            assert got.known == obs.known


def test_bot_side_answers_and_ignores_what_it_does_not_know(capsys) -> None:
    side = BotSide("greedy", seed=1)
    ans = side.handle({"type": "hello", "id": 7, "protocol": 1, "software": "x", "extra": 1})
    assert ans is not None and ans["id"] == 7 and ans["protocol"] == 1
    assert side.handle({"type": "weather", "sunny": True}) is None
    _, obs = next(positions(3, 1, variants=("brisca",)))
    early = side.handle(turn_message(obs, 2, 100))  # the first legal card, and why
    assert early == {"type": "play", "id": 2, "card": str(obs.legal[0])}
    assert "before match_start" in capsys.readouterr().err
    assert side.handle({**start_of(obs), "future": [1]}) is None
    answer = side.handle({**turn_message(obs, 2, 100), "future": {"x": 1}})
    assert answer is not None and answer["id"] == 2
    assert answer["type"] in ("play", "exchange")
    side.handle({"type": "error", "code": "illegal_move", "message": "no"})
    assert "illegal_move: no" in capsys.readouterr().err
    side.handle({"type": "bye"})
    assert side.done


def test_serve_skips_unreadable_lines_and_stops_at_bye(capsys) -> None:
    _, obs = next(positions(4, 1))
    lines = [
        json.dumps({"type": "hello", "id": 1, "protocol": 1, "software": "t"}),
        "",
        "not json",
        "[1]",
        json.dumps(start_of(obs)),
        json.dumps({"type": "round_start", "trump": "ZZ"}),
        json.dumps(turn_message(obs, 2, 100)),
        json.dumps({"type": "bye"}),
        json.dumps({"type": "hello", "id": 3}),
    ]
    out = io.StringIO()
    assert serve(BotSide("random", 5), io.BytesIO("\r\n".join(lines).encode()), out) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, 2]  # nothing after bye
    err = capsys.readouterr().err
    assert "not json" in err and "ZZ" in err


def test_main_refuses_an_unknown_level_or_option(capsys) -> None:
    args = argparse.Namespace(level="nonexistent", seed=None, think_ms=None)
    assert bot_side.main(args) == 2
    assert "not available" in capsys.readouterr().err
    args = argparse.Namespace(level="random", seed=None, think_ms=50)
    assert bot_side.main(args) == 2
    assert "--level random" in capsys.readouterr().err


def test_without_extras_or_round_start_a_turn_still_gives_a_usable_view() -> None:
    """Brisca positions with only the MUST fields: exchanges and the drawn face-up card
    are unknown then, but the hand, the legal actions and the table are exact."""
    for _, obs in positions(6, 200, variants=("brisca",)):
        full = turn_message(obs, 1, 100)
        bare = {k: v for k, v in full.items() if k in MUST}
        got = rebuild(bare, start_of(obs))
        assert (got.hand, got.legal, got.trick, got.played) == (
            obs.hand,
            obs.legal,
            obs.trick,
            obs.played,
        )
        assert got.dealer == obs.dealer and got.leader == obs.leader
        assert got.winners == obs.winners
        if obs.trump_card is not None:
            assert (
                got.dealt_trump == (obs.exchanges[0][2] if obs.exchanges else obs.trump_card)
                or obs.exchanges
            )
        # with the extras kept but no known field, the known cards are derived
        some = {k: v for k, v in full.items() if k != "known"}
        assert rebuild(some, start_of(obs)).known == obs.known


def test_an_exchange_is_answered_as_exchange() -> None:
    for _, obs in positions(7, 400, variants=("brisca",)):
        if obs.can_exchange:
            side = BotSide("greedy")  # greedy always makes the exchange
            side.handle(start_of(obs))
            assert side.handle(turn_message(obs, 4, 100)) == {"type": "exchange", "id": 4}
            return
    raise AssertionError("no position offered the exchange")


def test_main_serves_stdin(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    hello = json.dumps({"type": "hello", "id": 1, "protocol": 1, "software": "t"})
    stdin = io.TextIOWrapper(io.BytesIO(hello.encode() + b"\n"))
    monkeypatch.setattr("sys.stdin", stdin)
    args = argparse.Namespace(level="random", seed=1, think_ms=None)
    assert bot_side.main(args) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "briscola-random"


@pytest.mark.parametrize(
    "damage",
    [
        {"played": [[]]},  # IndexError in the trick winner
        {"hand_sizes": None},  # TypeError
        {"trump_suit": "X"},  # ValueError
        {"known": [1, 2]},  # AttributeError
        {"trick": [{"card": "AD"}]},  # KeyError
    ],
)
def test_an_inconsistent_turn_gets_the_first_legal_card_and_a_clear_line(
    damage: dict, capsys
) -> None:
    _, obs = next(positions(5, 1, variants=("italian",)))
    side = BotSide("greedy", seed=1)
    side.handle(start_of(obs))
    turn = {**json.loads(json.dumps(turn_message(obs, 4, 100))), **damage}
    out = io.StringIO()
    assert serve(side, io.BytesIO(json.dumps(turn).encode() + b"\n"), out) == 0
    assert json.loads(out.getvalue()) == {"type": "play", "id": 4, "card": str(obs.legal[0])}
    err = capsys.readouterr().err
    assert err.startswith("briscola bot: cannot read the turn (") and "first legal card" in err
    assert "Traceback" not in err


def test_a_turn_without_a_usable_legal_list_is_not_answered(capsys) -> None:
    side = BotSide("random", seed=1)
    for legal in (None, [{"x": 1}], ["ZZ"]):
        assert side.handle({"type": "turn", "id": 1, "legal": legal}) is None
    assert capsys.readouterr().err.count("names no legal card: no answer") == 3


def test_match_start_names_the_pack_only_when_it_is_not_the_default() -> None:
    """An added field (PROTOCOL.md: unknown fields are ignored), there only for 39 cards."""
    names = ("a", "b", "c")
    italian = MatchInfo(0, TableRules(players=3, pack=39), names, 100).to_message()
    assert italian["pack"] == 39
    assert "pack" not in MatchInfo(0, TableRules(players=3), names, 100).to_message()
    assert "pack" not in MatchInfo(0, TableRules(players=6), names * 2, 100).to_message()
