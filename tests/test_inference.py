"""Card-level inference: uniform with nothing seen, for the other side only, and telling."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.bots.greedy import GreedyBot
from briscola.bots.inference import Evidence
from briscola.bots.playout import _waste, greedy_card
from briscola.bots.solver import Position
from briscola.engine.game import Round
from briscola.engine.observation import determinize, observe, unseen_cards
from briscola.engine.rules import PACKS, PLAYER_COUNTS, VARIANTS, TableRules


def _policy(p: Position) -> int:
    return greedy_card(p, _waste(p))


def _round(players: int, seed: int, moves: int) -> Round:
    rules = TableRules(players=players)
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(players))
    greedy = GreedyBot()
    for _ in range(moves):
        r.act(greedy.choose(observe(r, r.to_move)))
    return r


def test_with_no_plays_seen_every_sample_weighs_the_same() -> None:
    for players in (2, 3, 4, 6):
        r = _round(players, players, 0)
        obs = observe(r, r.to_move)
        evidence = Evidence(obs)
        assert evidence.moves == ()
        rng = random.Random(1)
        for _ in range(5):
            assert evidence.weight(Position.from_round(determinize(obs, rng)), _policy) == 1.0


def test_weights_are_positive_and_samples_still_agree_with_the_observation() -> None:
    """Inference only weighs samples: each is still a deal of the unseen cards."""
    for players in (2, 3, 4):
        for seed in range(6):
            r = _round(players, seed, 2 * players + seed)
            obs = observe(r, r.to_move)
            evidence = Evidence(obs)
            mine = obs.rules.team_of[obs.seat]
            assert all(obs.rules.team_of[m.seat] != mine for m in evidence.moves)
            unseen = set(unseen_cards(obs))
            rng = random.Random(seed)
            for _ in range(5):
                p = Position.from_round(determinize(obs, rng))
                assert evidence.weight(p, _policy) > 0
                others = {c for s, h in enumerate(p.hands) if s != obs.seat for c in h}
                known = {int(c) for cs in obs.known for c in cs}
                assert others - known <= {int(c) for c in unseen}


def test_a_deal_that_explains_greedy_play_weighs_more() -> None:
    """The true hands of greedy players explain their plays better than random
    play does (weight above 1), and better than most sampled deals."""
    lower = 0
    for seed in range(20):
        r = _round(2, seed, 5)  # mid-trick or at a trick's start, with plays seen
        obs = observe(r, r.to_move)
        evidence = Evidence(obs)
        if not evidence.moves:
            continue
        true = evidence.weight(Position.from_round(r), _policy)
        assert true > 1
        rng = random.Random(seed)
        for _ in range(10):
            lower += evidence.weight(Position.from_round(determinize(obs, rng)), _policy) < true
    assert lower > 50


SEATS_AND_PACKS = [(n, pack) for n in PLAYER_COUNTS for pack in PACKS[n]]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SEATS_AND_PACKS), st.sampled_from(VARIANTS), st.integers(0, 2**32))
def test_inference_weighs_only_deals_the_seat_could_meet(
    table: tuple[int, int], variant: str, seed: int
) -> None:
    """At any moment of any table: every sample keeps each card where the seat
    saw it (its hand, the trick, the known cards) or among the unseen; weights
    are positive, 1 with nothing weighed, and the same when asked again (a
    move's factor is kept per hand) as from a fresh Evidence."""
    players, pack = table
    rules = TableRules(players, variant, pack=pack)  # type: ignore[arg-type]
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(players))
    greedy = GreedyBot()
    for _ in range(rng.randrange(len(deck))):
        r.act(greedy.choose(observe(r, r.to_move)))
    obs = observe(r, r.to_move)
    evidence = Evidence(obs)
    unseen = {int(c) for c in unseen_cards(obs)}
    for _ in range(4):
        p = Position.from_round(determinize(obs, rng))
        assert p.hands[obs.seat] == [int(c) for c in obs.hand]
        for seat, hand in enumerate(p.hands):
            known = {int(c) for c in obs.known[seat]}
            if seat != obs.seat:
                assert known <= set(hand) and set(hand) - known <= unseen
        w = evidence.weight(p, _policy)
        assert w > 0 and (evidence.moves or w == 1.0)
        assert evidence.weight(p, _policy) == w == Evidence(obs).weight(p, _policy)
