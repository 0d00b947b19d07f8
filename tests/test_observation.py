"""A seat's view: the fields a protocol turn needs, nothing hidden, and determinization."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from itertools import islice

import pytest

from briscola.engine import observation
from briscola.engine.cards import Card
from briscola.engine.game import EXCHANGE, Round
from briscola.engine.observation import Observation, determinize, observe, unseen_cards
from briscola.engine.rules import TableRules

# The MUST fields of the protocol's `turn` (PROTOCOL.md) that observe() fills;
# the host adds `id` and `time_ms`.
TURN_MUST = {
    "type",
    "hand",
    "legal",
    "trick",
    "trump",
    "trump_suit",
    "stock",
    "points",
    "played",
    "hand_sizes",
}


def positions(rules: TableRules, seed: int) -> Iterator[Round]:
    """Every position of one seeded random round (exchanges included), before each action."""
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, seed % rules.players)
    while not r.over:
        yield r
        r.act(rng.choice(r.legal_actions()))
    yield r


def public_knowledge(r: Round) -> set[Card]:
    """Cards every seat may know the place of: played, face-up, exchanged, the last draw."""
    cards = {c for _, trick, _ in r.history for c in trick} | set(r.trick) | {r.trump_card}
    if r.face_up is not None:
        cards.add(r.face_up)
    for _, gave, took in r.exchanges:
        cards |= {gave, took}
    if r.trump_taken is not None:
        cards.add(r.trump_taken[1])
    return cards


def mentioned(obs: Observation) -> set[Card]:
    """Every card an observation carries, in any field, and in its protocol message."""
    cards = set(obs.hand) | {c for _, c in obs.trick} | {obs.dealt_trump}
    cards |= {a for a in obs.legal if isinstance(a, Card)}
    cards |= {c for t in obs.played for _, c in t}
    cards |= {c for cs in obs.known for c in cs}
    cards |= {c for _, g, t in obs.exchanges for c in (g, t)}
    if obs.trump_card is not None:
        cards.add(obs.trump_card)
    if obs.trump_taken is not None:
        cards.add(obs.trump_taken[1])
    text = json.dumps(obs.to_turn())
    in_text = {c for c in obs.rules.deck if f'"{c}"' in text}
    assert in_text <= cards, "the protocol message carries a card the observation does not"
    return cards


def test_to_turn_has_every_must_field_of_a_protocol_turn() -> None:
    r = Round(TableRules(players=3), list(TableRules(players=3).deck), 0)
    turn = observe(r, r.to_move).to_turn()
    assert set(turn) >= TURN_MUST
    assert "id" not in turn and "time_ms" not in turn
    assert turn["type"] == "turn"
    assert turn["hand"] == [str(c) for c in r.hands[r.to_move]]
    assert turn["legal"] == turn["hand"]
    assert turn["trick"] == [] and turn["played"] == []
    assert turn["trump"] == str(r.trump_card) and turn["trump_suit"] == "CDSB"[r.trump_suit]
    assert turn["stock"] == 27 and turn["points"] == [0, 0, 0] and turn["hand_sizes"] == [3, 3, 3]
    json.dumps(turn)  # plain JSON values only


def test_turn_fields_follow_the_round() -> None:
    rules = TableRules(players=4)
    r = Round(rules, list(rules.deck), 3)
    r.play(r.hands[0][0])
    r.play(r.hands[1][0])
    obs = observe(r, 2)
    turn = obs.to_turn()
    assert turn["trick"] == [{"seat": 0, "card": "AC"}, {"seat": 1, "card": "2C"}]
    assert turn["hand_sizes"] == [2, 2, 3, 3]
    assert obs.legal == tuple(r.hands[2]) and obs.to_move == 2
    assert observe(r, 0).legal == ()  # not this seat's turn
    r.play(r.hands[2][0])
    r.play(r.hands[3][0])
    turn = observe(r, 1).to_turn()
    assert turn["played"] == [
        [{"seat": s, "card": c} for s, c in zip(range(4), ("AC", "2C", "3C", "4C"), strict=True)]
    ]
    assert turn["points"] == [21, 0] and turn["stock"] == 24
    assert observe(r, 0).team == 0 and observe(r, 3).team == 1


@pytest.mark.parametrize(("players", "pack"), [(2, 40), (3, 36), (3, 39), (4, 40), (6, 36)])
@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_an_observation_never_holds_a_hidden_card(players: int, pack: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant, pack=pack)  # type: ignore[arg-type]
    for seed in range(25):
        for r in positions(rules, seed):
            public = public_knowledge(r)
            stock_hidden = set(r.stock[1:])  # everything but the face-up card
            for seat in range(players):
                obs = observe(r, seat)
                cards = mentioned(obs)
                assert not cards & stock_hidden
                for other in range(players):
                    if other != seat:
                        assert not (cards & set(r.hands[other])) - public
                assert obs.hand == tuple(r.hands[seat])
                assert obs.hand_sizes == tuple(len(h) for h in r.hands)
                assert obs.stock == len(r.stock)
                legal = tuple(r.legal_actions()) if seat == r.to_move and not r.over else ()
                assert obs.legal == legal


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_known_cards_appear_only_while_still_in_hand() -> None:
    """The face-up card drawn last and cards taken by exchange are public while held."""
    checked_trump = checked_exchange = 0
    for players in (2, 3, 4):
        rules = TableRules(players=players, variant="brisca")
        for seed in range(40):
            for r in positions(rules, seed):
                held: list[set[Card]] = [set() for _ in range(players)]
                for seat, _, took in r.exchanges:
                    held[seat].add(took)
                if r.trump_taken is not None:
                    held[r.trump_taken[0]].add(r.trump_taken[1])
                for seat in range(players):
                    want = held[seat] & set(r.hands[seat])
                    for viewer in range(players):
                        got = set(observe(r, viewer).known[seat])
                        assert got == (set() if viewer == seat else want)
                    checked_trump += r.trump_taken is not None and r.trump_taken[0] == seat
                    checked_exchange += bool(want - {r.trump_taken and r.trump_taken[1]})
    assert checked_trump > 100 and checked_exchange > 100


def test_unseen_cards_are_other_hands_and_the_stock() -> None:
    rules = TableRules(players=3)
    for r in positions(rules, 3):
        seat = r.to_move
        obs = observe(r, seat)
        public = public_knowledge(r)
        hidden = {c for s, h in enumerate(r.hands) if s != seat for c in h} - public
        hidden |= set(r.stock[1:])
        assert set(unseen_cards(obs)) == hidden


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
def test_determinize_is_consistent_with_what_the_seat_saw(players: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(players)
    for seed in range(6):
        for r in positions(rules, seed):
            if r.over:
                continue
            seat = rng.randrange(players)
            obs = observe(r, seat)
            sample = determinize(obs, rng)
            assert observe(sample, seat) == obs
            placed = [c for h in sample.hands for c in h] + sample.stock + sample.trick
            placed += [c for _, t, _ in sample.history for c in t]
            assert sorted(placed) == sorted(rules.deck)  # every card exactly once
            assert sample.hands[seat] == r.hands[seat]
            assert [len(h) for h in sample.hands] == [len(h) for h in r.hands]
            assert len(sample.stock) == len(r.stock) and sample.face_up == r.face_up
            # A card the seat saw elsewhere (played, face-up, known in a hand) stays there.
            for other in range(players):
                assert set(obs.known[other]) <= set(sample.hands[other])
            unseen = set(unseen_cards(obs))
            for other in range(players):
                if other != seat:
                    assert set(sample.hands[other]) - set(obs.known[other]) <= unseen
            assert set(sample.stock[1:]) <= unseen
            # The sample is a round that plays on to a proper end.
            k = sample.copy()
            while not k.over:
                k.act(rng.choice(k.legal_actions()))
            assert sum(k.points) == 120


def test_determinize_keeps_the_exchange_state_of_the_turn() -> None:
    rules = TableRules(variant="brisca")
    deck_head = [Card.parse(t) for t in ["7C", "6S", "4S", "6B", "5S", "6D", "KC"]]
    deck = deck_head + [c for c in rules.deck if c not in deck_head]
    r = Round(rules, deck, 1)
    assert EXCHANGE in observe(r, 0).legal
    r.exchange()
    obs = observe(r, 0)
    assert EXCHANGE not in obs.legal and obs.known == ((), ())
    sample = determinize(obs, random.Random(1))
    assert not sample.can_exchange() and sample.exchanged_this_turn
    assert observe(sample, 0) == obs
    assert observe(r, 1).known == ((Card.parse("KC"),), ())


def test_determinize_of_a_finished_round_is_finished() -> None:
    *_, last = positions(TableRules(players=3), 8)
    assert last.over
    sample = determinize(observe(last, 1), random.Random(0))
    assert sample.over and sample.legal_actions() == [] and sample.points == last.points


def _unremembered(r: Round) -> Round:
    """A copy of ``r`` that has built no observation yet: observe() starts from scratch."""
    fresh = r.copy()
    fresh.observed = None
    return fresh


@pytest.mark.parametrize("players", [2, 4])
def test_what_observe_keeps_between_moves_follows_take_backs_and_copies(players: int) -> None:
    """observe() keeps the finished tricks it built on the round; after a take-back that
    plays on another way, and in a copy that goes its own way, it sees the tricks as
    they are now, as a round observed for the first time does."""
    rules = TableRules(players=players)
    rng = random.Random(players)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    snapshots = []
    while not r.over:
        assert observe(r, r.to_move) == observe(_unremembered(r), r.to_move)
        snapshots.append(r.copy())
        r.act(r.legal_actions()[0])
    for back in (snapshots[-5], snapshots[9], snapshots[2]):  # later tricks, then earlier
        r.restore(back)
        other = r.copy()
        while not r.over:  # another way from there: the last card of the hand each time
            for seat in range(players):
                assert observe(r, seat) == observe(_unremembered(r), seat)
            r.act(r.legal_actions()[-1])
        for seat in range(players):
            assert observe(r, seat) == observe(_unremembered(r), seat)
        other.act(other.legal_actions()[0])  # the copy still sees its own tricks
        assert observe(other, 0) == observe(_unremembered(other), 0)


def test_what_observe_kept_is_not_used_for_a_history_given_anew() -> None:
    """A history set on the round from outside (not grown by its own moves) is read
    afresh, even when it has as many tricks as what was kept."""
    rules = TableRules()
    one, two = (next(islice(positions(rules, seed), 12, None)) for seed in (1, 2))
    assert len(one.history) == len(two.history) == 6 and one.history != two.history
    observe(one, one.to_move)
    one.history = two.history[:]
    assert observe(one, one.to_move).played == observe(_unremembered(two), one.to_move).played


def test_determinize_deals_from_the_observation_it_is_given_each_time() -> None:
    """determinize() keeps what it derived from the last observation it dealt from;
    asked in turn for two seats' views of one position, each deal agrees with its own
    view, card for card as a determinize() that kept nothing deals it."""
    r = next(islice(positions(TableRules(variant="brisca"), 3), 10, None))
    views = [observe(r, 0), observe(r, 1)]
    for i in range(6):
        obs = views[i % 2]
        got = determinize(obs, random.Random(i))
        observation._dealt_from = None
        want = determinize(obs, random.Random(i))
        assert got.hands == want.hands and got.stock == want.stock
        assert got.history == want.history and got.exchange_stamp == want.exchange_stamp
        assert got.hands[obs.seat] == list(obs.hand)


def test_an_observation_filled_through_its_slots_is_one_its_init_would_make() -> None:
    """observe() fills an Observation through its slots' setters, skipping __init__:
    the same value as the dataclass makes, and nothing __post_init__ would do is lost."""
    assert not hasattr(Observation, "__post_init__")
    for r in positions(TableRules(players=4, variant="brisca"), 5):
        obs = observe(r, 1)
        again = Observation(**{f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)})
        assert obs == again and hash(obs) == hash(again) and repr(obs) == repr(again)
