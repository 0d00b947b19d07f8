"""benchmarks/seeing.py: the research bots that see some hands run, and see only those."""

from __future__ import annotations

import random

from scripts import load, run

from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules


def test_the_arena_runs_them() -> None:
    done = run("seeing", "arena", "hands:samples=20", "partner:samples=20",
               "--players", "4", "--games", "1", "--seed", "3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "hands:samples=20 vs partner:samples=20: 4 players" in out
    assert "Elo difference" in out


def test_partner_samples_keep_the_partners_hand_and_redeal_the_rest() -> None:
    seeing = load("seeing")
    rules = TableRules(players=4)
    rng = random.Random(5)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    for _ in range(9):
        r.act(r.legal_actions()[0])
    seat = r.to_move
    partner = (seat + 2) % 4
    bot = seeing.PartnerBot(seed=1, samples=5)
    bot.reveal(r.copy())
    sample = bot._sampler(observe(r, seat), random.Random(0))
    hidden = sorted(int(c) for s in (1, 3) for c in r.hands[(seat + s) % 4]) + sorted(
        int(c) for c in r.stock[1:]
    )
    moved = False
    for _ in range(10):
        p = sample()
        assert p.hands[seat] == [int(c) for c in r.hands[seat]]
        assert p.hands[partner] == [int(c) for c in r.hands[partner]]
        assert p.stock[0] == int(r.stock[0])
        now = sorted(c for s in (1, 3) for c in p.hands[(seat + s) % 4]) + sorted(p.stock[1:])
        assert sorted(now) == sorted(hidden)
        moved |= p.hands[(seat + 1) % 4] != [int(c) for c in r.hands[(seat + 1) % 4]]
    assert moved
    hands = seeing.SeeingBot(seed=1, samples=5)
    hands.reveal(r.copy())
    p = hands._sampler(observe(r, seat), random.Random(0))()
    assert p.hands == [[int(c) for c in h] for h in r.hands]
