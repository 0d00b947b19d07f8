"""benchmarks/ismcts.py: the research ISMCTS bot plays legal, seeded moves from what it sees."""

from __future__ import annotations

import random

import pytest
from scripts import load, run

from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules


def test_the_arena_runs_it_with_the_brisca_exchange() -> None:
    done = run("ismcts", "arena", "ismcts:iterations=30,ucb=1", "greedy",
               "--variant", "brisca", "--games", "2", "--seed", "3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "ismcts:iterations=30,ucb=1 vs greedy: 2 players" in done.stdout
    bad = run("ismcts", "arena", "ismcts:iterations=0", "greedy")
    assert bad.returncode == 2
    assert "iterations must be a whole number of at least 1, got 0" in bad.stderr


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_its_move_depends_on_the_observation_only(players: int) -> None:
    ismcts = load("ismcts")
    rules = TableRules(players=players)
    rng = random.Random(players)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    for _ in range(players + 1):
        r.act(r.legal_actions()[0])
    seat = r.to_move
    other = (seat + 1) % players
    # The same observation for `seat`, another deal of what it cannot see.
    swapped = r.copy()
    i = next(i for i, c in enumerate(swapped.hands[other]) if c not in swapped.stock[:1])
    swapped.hands[other][i], swapped.stock[-1] = swapped.stock[-1], swapped.hands[other][i]
    assert observe(swapped, seat) == observe(r, seat)
    assert swapped.hands != r.hands
    moves = [
        ismcts.IsmctsBot(seed=7, iterations=60).choose(observe(round_, seat))
        for round_ in (r, swapped, r)
    ]
    assert moves[0] in r.legal_actions()
    assert moves[0] == moves[1] == moves[2]
