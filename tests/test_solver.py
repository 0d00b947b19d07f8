"""The search position and the exact endgame solver, against the engine and brute force."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from briscola.bots.solver import Position, expect, solve, solve_actions
from briscola.engine.cards import Card
from briscola.engine.game import EXCHANGE, Round
from briscola.engine.rules import TableRules


def _random_round(rules: TableRules, rng: random.Random, cards_left: int) -> Round:
    """A round played at random until at most ``cards_left`` cards remain."""
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(rules.players))
    while sum(len(h) for h in r.hands) + len(r.stock) > cards_left:
        r.act(rng.choice(r.legal_actions()))
    return r


def _endgames(
    players: int, variant: str, left: int, seed: int, count: int
) -> Iterator[tuple[Round, Position]]:
    """``count`` random rounds with at most ``left`` cards left, and their Positions."""
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(count):
        r = _random_round(rules, rng, left)
        yield r, Position.from_round(r)


def _state(p: Position) -> tuple[object, ...]:
    return (p.hands, p.stock, p.trick, p.score, p.to_move)


def _tree(r: Round, side: int, other: Callable[[list[float]], float]) -> float:
    """A plain search through the engine, without pruning: ``side`` takes its
    best action, the other side's actions are valued by ``other``."""
    if r.over:
        return r.points[side]
    values = []
    for a in r.legal_actions():
        q = r.copy()
        q.act(a)
        values.append(_tree(q, side, other))
    return max(values) if r.rules.team_of[r.to_move] == side else other(values)


def _brute(r: Round, side: int) -> float:
    """Plain minimax: the other side replies its best."""
    return _tree(r, side, min)


CASES = [
    # players, variant, cards left, positions: 2-player endgames (stock empty) and a few
    # with stock, the exchange (brisca) and the bisca order, team endgames at 4 seats.
    # The deepest cases take fewer positions: the brute force grows with the cards.
    (2, "italian", 6, 25),
    (2, "italian", 10, 6),
    (2, "brisca", 10, 6),
    (2, "bisca", 8, 25),
    (4, "italian", 12, 10),
    (4, "brisca", 12, 10),
]


@pytest.mark.parametrize(("players", "variant", "left", "count"), CASES)
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_solver_agrees_with_brute_force(players: int, variant: str, left: int, count: int) -> None:
    for r, p in _endgames(players, variant, left, players * 1000 + left, count):
        for side in (0, 1):
            assert solve(p, side) == _brute(r, side)
        # Per action too, and the position is left as it was.
        before = _state(p)
        exact = solve_actions(p, 0)
        for a, v in exact.items():
            q = r.copy()
            q.act(EXCHANGE if a == EXCHANGE else Card(a))
            assert v == _brute(q, 0)
        assert _state(p) == before


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_exchange_positions_are_searched() -> None:
    """Some brisca positions offer the exchange, and the solver scores it."""
    rules = TableRules(players=2, variant="brisca")
    rng = random.Random(7)
    seen = 0
    for _ in range(400):
        r = _random_round(rules, rng, 12)
        if EXCHANGE in r.legal_actions():
            p = Position.from_round(r)
            assert EXCHANGE in solve_actions(p, r.to_move)
            seen += 1
    assert seen > 0


def test_solver_needs_two_sides() -> None:
    rules = TableRules(players=3)
    p = Position.from_round(_random_round(rules, random.Random(1), 6))
    with pytest.raises(ValueError, match="two sides"):
        solve(p, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
def test_position_plays_like_the_engine(players: int, variant: str) -> None:
    """The same actions on a Round and on its Position give the same round, to the end."""
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(players)
    for _ in range(5):
        deck = list(rules.deck)
        rng.shuffle(deck)
        r = Round(rules, deck, rng.randrange(players))
        p = Position.from_round(r)
        while not r.over:
            actions = r.legal_actions()
            assert sorted(map(str, p.actions())) == sorted(
                a if a == EXCHANGE else str(int(a)) for a in actions
            )
            a = rng.choice(actions)
            r.act(a)
            p.act(a)
            assert p.hands == r.hands and p.stock == r.stock and p.score == r.points
            assert (p.to_move, p.leader, p.trick) == (r.to_move, r.leader, r.trick)
        assert p.over


def test_exchange_refused_when_not_allowed() -> None:
    rules = TableRules(players=2)
    p = Position.from_round(_random_round(rules, random.Random(3), 40))
    assert p.exchange_card() == -1
    with pytest.raises(ValueError):
        p.exchange()


def _expect_by_engine(r: Round, side: int) -> float:
    """Expectimax: every action of the other side is equally likely (a random player)."""
    return _tree(r, side, lambda values: sum(values) / len(values))


@pytest.mark.parametrize(
    ("players", "variant", "left"),
    [(2, "italian", 6), (2, "brisca", 8), (3, "italian", 6), (4, "italian", 8)],
)
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_expect_agrees_with_the_engine(players: int, variant: str, left: int) -> None:
    for r, p in _endgames(players, variant, left, players * 77 + left, 15):
        before = _state(p)
        for side in range(len(r.rules.teams)):
            assert expect(p, side) == pytest.approx(_expect_by_engine(r, side))
        assert _state(p) == before


def test_expect_against_a_random_player_is_at_least_the_solved_value() -> None:
    """A random player never does better than the best reply: the expectation is
    never below the minimax value, and with a value function it maps the score."""
    rng = random.Random(5)
    for _ in range(20):
        p = Position.from_round(_random_round(TableRules(), rng, 6))
        assert expect(p, 0) >= solve(p, 0)
        won = expect(p, 0, lambda score: float(score[0] > 60))
        assert 0.0 <= won <= 1.0
        assert (won == 1.0) == (expect(p, 0, lambda score: -float(score[0] <= 60)) == 0.0)
