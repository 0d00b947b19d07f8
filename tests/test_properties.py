"""Property tests (Hypothesis) over seeds, table sizes and variants of the whole engine."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine.events import Drew, Exchanged, Played, RoundStarted, TrickDone, TrumpTaken
from briscola.engine.game import EXCHANGE, Match, Round
from briscola.engine.rules import PACKS, PLAYER_COUNTS, VARIANTS, TableRules

# Every table of RULES.md: 6 seats and the 39-card pack at 3 seats included.
SEATS_AND_PACKS = [(n, pack) for n in PLAYER_COUNTS for pack in PACKS[n]]
tables = st.builds(
    lambda seats, variant, target: TableRules(seats[0], variant, target, pack=seats[1]),
    st.sampled_from(SEATS_AND_PACKS),
    st.sampled_from(VARIANTS),
    st.sampled_from((1, 2, 3)),
)
seeds = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=150, deadline=None)


def random_round(rules: TableRules, seed: int) -> Round:
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(rules.players), record_events=True)
    while not r.over:
        r.act(rng.choice(r.legal_actions()))
    return r


@FAST
@given(tables, seeds)
def test_every_card_played_exactly_once_and_points_sum_to_120(rules: TableRules, seed: int) -> None:
    r = random_round(rules, seed)
    played = [c for _, trick, _ in r.history for c in trick]
    assert sorted(played) == sorted(rules.deck)
    assert len(r.history) == rules.tricks
    assert sum(r.points) == 120
    assert all(h == [] for h in r.hands) and r.stock == [] and r.trick == []
    # Each team's points are exactly what its seats' tricks held.
    by_team = [0] * len(rules.teams)
    for _, trick, winner in r.history:
        by_team[rules.team_of[winner]] += sum(rules.points[c] for c in trick)
    assert by_team == r.points


@FAST
@given(tables, seeds)
def test_events_tell_the_same_story_as_the_state(rules: TableRules, seed: int) -> None:
    r = random_round(rules, seed)
    assert r.events is not None
    n = rules.players
    hands = {e.seat: list(e.hand) for e in r.events if isinstance(e, RoundStarted)}
    assert sorted(hands) == list(range(n))
    seen = [c for h in hands.values() for c in h]
    seen += [e.card for e in r.events if isinstance(e, Drew)]
    # Every card reaches a hand once; an exchange brings one in and sends one back
    # under the stock, to be drawn again.
    seen += [e.took for e in r.events if isinstance(e, Exchanged)]
    gave = [e.gave for e in r.events if isinstance(e, Exchanged)]
    assert sorted(seen) == sorted([*rules.deck, *gave])
    assert gave == [g for _, g, _ in r.exchanges]
    assert [e.card for e in r.events if isinstance(e, Played)] == [
        c for _, t, _ in r.history for c in t
    ]
    tricks = [e for e in r.events if isinstance(e, TrickDone)]
    assert [t.winner for t in tricks] == [w for _, _, w in r.history]
    taken = [e for e in r.events if isinstance(e, TrumpTaken)]
    assert len(taken) == 1 and (taken[0].seat, taken[0].card) == r.trump_taken


@settings(max_examples=40, deadline=None)
@given(tables, seeds)
def test_the_same_seed_gives_the_same_match(rules: TableRules, seed: int) -> None:
    def play(match_seed: int) -> list[object]:
        match = Match(rules, seed=match_seed, record_events=True)
        rng = random.Random(match_seed)
        out: list[object] = [match.first_dealer]
        while not match.over:
            r = match.start_round()
            while not r.over:
                r.act(rng.choice(r.legal_actions()))
            out.append(match.finish_round())
            out.append(r.events)
        out.append(match.ended)
        return out

    first = play(seed)
    assert play(seed) == first


@FAST
@given(tables, seeds, st.integers(min_value=0, max_value=60))
def test_copy_then_same_actions_gives_the_same_round(rules: TableRules, seed: int, k: int) -> None:
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    for _ in range(k):
        if r.over:
            break
        r.act(rng.choice(r.legal_actions()))
    twin = r.copy()
    while not r.over:
        a = rng.choice(r.legal_actions())
        assert a in twin.legal_actions()
        if a == EXCHANGE:
            assert twin.can_exchange()
        r.act(a)
        twin.act(a)
    assert twin.over and twin.points == r.points and twin.history == r.history
