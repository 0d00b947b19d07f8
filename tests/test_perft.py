"""Perft: exact counts of the action sequences of the first two tricks from fixed deals.

As in chess engines' "perft", the engine's legal actions are walked exhaustively
(with :meth:`Round.copy`) and the number of distinct sequences is pinned.  Each
pinned number was first checked against a second, naive model of RULES.md in
this file that shares no code with the engine and copies nothing: it replays
every prefix from the deal.  Any change to dealing, drawing, trick resolution or
the brisca exchange moves these numbers.
"""

from __future__ import annotations

import random

import pytest

from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.rules import TableRules

ORDER = "A3KQJ76542"  # strength high to low (default ranking)


def engine_count(r: Round, tricks: int) -> int:
    """Sequences of actions (exchanges included) until ``tricks`` tricks are complete."""
    if len(r.history) == tricks:
        return 1
    total = 0
    for action in r.legal_actions():
        child = r.copy()
        child.act(action)
        total += engine_count(child, tricks)
    return total


class Naive:
    """RULES.md on plain lists, rebuilt from the deal for every prefix of actions."""

    def __init__(self, players: int, deck: list[str], dealer: int, brisca: bool) -> None:
        n = players
        first = (dealer + 1) % n
        self.n, self.brisca = n, brisca
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(3 * n):
            self.hands[(first + i) % n].append(deck[i])
        self.face_up = deck[3 * n]
        self.trump = self.face_up[1]
        self.pile = deck[3 * n + 1 :]  # drawn from the front; the face-up card comes last
        self.to_move = first
        self.trick: list[tuple[int, str]] = []
        self.tricks = 0
        self.exchanged = False

    def actions(self) -> list[str]:
        out = list(self.hands[self.to_move])
        if self.brisca and not self.exchanged and self.pile:  # a stock card lies on it
            rank = self.face_up[0]
            mine = ("7" if rank in "A3KQJ" else "2" if rank in "4567" else "") + self.trump
            if len(mine) == 2 and mine in self.hands[self.to_move]:
                out.append("exchange")
        return out

    def act(self, action: str) -> None:
        hand = self.hands[self.to_move]
        if action == "exchange":
            mine = ("7" if self.face_up[0] in "A3KQJ" else "2") + self.trump
            hand[hand.index(mine)] = self.face_up
            self.face_up = mine
            self.exchanged = True
            return
        hand.remove(action)
        self.trick.append((self.to_move, action))
        self.exchanged = False
        self.to_move = (self.to_move + 1) % self.n
        if len(self.trick) < self.n:
            return
        trumps = [sc for sc in self.trick if sc[1][1] == self.trump]
        led = self.trick[0][1][1]
        pool = trumps or [sc for sc in self.trick if sc[1][1] == led]
        winner = min(pool, key=lambda sc: ORDER.index(sc[1][0]))[0]
        self.trick = []
        self.tricks += 1
        self.to_move = winner
        for i in range(self.n):
            if self.pile:
                self.hands[(winner + i) % self.n].append(self.pile.pop(0))
            elif self.face_up:
                self.hands[(winner + i) % self.n].append(self.face_up)
                self.face_up = ""


def naive_count(players: int, deck: list[str], dealer: int, brisca: bool, tricks: int) -> int:
    def replay(prefix: list[str]) -> Naive:
        g = Naive(players, deck, dealer, brisca)
        for a in prefix:
            g.act(a)
        return g

    def count(prefix: list[str]) -> int:
        g = replay(prefix)
        if g.tricks == tricks:
            return 1
        return sum(count([*prefix, a]) for a in g.actions())

    return count([])


def deal(players: int, variant: str, seed: int) -> tuple[TableRules, list[Card], int]:
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    return rules, deck, seed % players


# (players, variant, seed, tricks) -> sequences.  Without the exchange every seat
# always holds 3 cards: 3 ** (tricks * players).  The brisca deals were picked
# because a trump 7 or 2 meets a face-up card it may take; 6 seats go one trick
# deep to keep the walk short.
PINNED = [
    (2, "italian", 1, 2, 81),
    (3, "bisca", 2, 2, 729),
    (4, "italian", 3, 2, 6561),
    (6, "italian", 1, 1, 729),
    (2, "brisca", 1, 2, 216),
    (2, "brisca", 2, 2, 216),
    (3, "brisca", 14, 2, 1458),
    (3, "brisca", 18, 2, 1944),
    (4, "brisca", 16, 2, 21870),
    (6, "brisca", 4, 1, 1458),
]
IDS = [f"{n}p-{v}-seed{s}" for n, v, s, _, _ in PINNED]


@pytest.mark.parametrize(("players", "variant", "seed", "tricks", "count"), PINNED, ids=IDS)
def test_perft(players: int, variant: str, seed: int, tricks: int, count: int) -> None:
    rules, deck, dealer = deal(players, variant, seed)
    assert engine_count(Round(rules, deck, dealer), tricks) == count
    if variant != "brisca":
        assert count == 3 ** (tricks * players)
    else:
        assert count > 3 ** (tricks * players)  # the exchange adds sequences


@pytest.mark.parametrize(("players", "variant", "seed", "tricks", "count"), PINNED, ids=IDS)
def test_perft_agrees_with_a_naive_model(
    players: int, variant: str, seed: int, tricks: int, count: int
) -> None:
    _, deck, dealer = deal(players, variant, seed)
    naive = naive_count(players, [str(c) for c in deck], dealer, variant == "brisca", tricks)
    assert naive == count


def test_perft_walk_leaves_the_round_untouched() -> None:
    rules, deck, dealer = deal(3, "brisca", 14)
    r = Round(rules, deck, dealer)
    before = ([h[:] for h in r.hands], r.stock[:], r.to_move)
    engine_count(r, 1)
    assert before == ([h[:] for h in r.hands], r.stock[:], r.to_move)
