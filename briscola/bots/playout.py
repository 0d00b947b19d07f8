"""The greedy playouts of the expert's samples: every seat plays by greedy's rules.

Floor 5 (bots).  A sample of the expert (:mod:`briscola.bots.expert`) is scored
by playing the round out from it with the greedy player's rules for every seat
(:func:`playout`; :func:`greedy_card` is :class:`~briscola.bots.greedy.GreedyBot`'s
card, on the solver's :class:`~briscola.bots.solver.Position`).  Our own side in
a playout knows the sample, so it loads a partner's trick only when nothing can
beat it, and it leads a plain Ace or 3 after its middle trumps (greedy's order
spends them into the other side's trumps, and the search then prefers cashing
high cards early).  With ``noise`` the other side plays a random card with that
chance.  The playouts are most of the expert's time, hence the inlined loop.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from random import Random

from .solver import Position, trick_result

__all__ = ["greedy_card", "greedy_policy", "playout"]

_RNG = Random(0)  # for callers that give no generator (tests, the oracle)


def _waste_table(
    trump: int, strength: tuple[int, ...], points: tuple[int, ...], lead: bool = False
) -> list[int]:
    """Greedy's cost of throwing each card away, as one int (see GreedyBot.waste).

    With ``lead``, the order our own side leads in: a plain Ace or 3 after
    every trump but the 3 and the Ace, since the other side trumps it (greedy
    leads it before a trump with points, and the search then undervalues
    keeping such cards)."""
    out = []
    for c in range(40):
        t = 1 if c // 10 == trump else 0
        cost = (points[c] + 8 * t) * 20 + t * 10 + strength[c]
        if lead and not t and points[c] >= 10:
            cost += 100
        out.append(cost)
    return out


_WASTE: dict[tuple[int, tuple[int, ...], bool], list[int]] = {}


def _waste(p: Position, lead: bool = False) -> list[int]:
    key = (p.trump, p.points, lead)
    table = _WASTE.get(key)
    if table is None:
        table = _WASTE[key] = _waste_table(p.trump, p.strength, p.points, lead)
    return table


def greedy_card(
    p: Position, waste: list[int], sure: bool = False, lead: list[int] | None = None
) -> int:
    """The card :class:`~briscola.bots.greedy.GreedyBot` plays for the mover of ``p``.

    With ``sure`` (our own side in a playout, which knows the sample) a
    partner's trick counts as safe when no card of the other side still to
    play beats it, not by greedy's rule of thumb (a trump 3 is not safe with
    the Ace out): the search then sees a partner who loads only safe tricks.
    ``lead`` is the order it leads in, if not ``waste``'s.
    """
    hand = p.hands[p.to_move]
    trick = p.trick
    if not trick:
        return min(hand, key=(lead or waste).__getitem__)
    trump, strength, points, team_of = p.trump, p.strength, p.points, p.team_of
    best_i, on_table = trick_result(trick, trump, strength, points)
    best = trick[best_i]
    n = p.n
    mine = team_of[p.to_move]
    k = len(trick)
    leader = p.leader
    opponents_left = False
    for j in range(k + 1, n):
        if team_of[(leader + j) % n] != mine:
            opponents_left = True
            break
    if team_of[(leader + best_i) % n] == mine:
        if sure:
            safe = not _beats_later(p, p.leader, best, k, mine)
        else:
            safe = not opponents_left or (best // 10 == trump and strength[best] >= 8)
        if safe:
            plain = [c for c in hand if c // 10 != trump] or hand
            return max(plain, key=lambda c: points[c] * 20 + 9 - strength[c])
        return min(hand, key=waste.__getitem__)
    best_suit = best // 10
    same: list[int] = []
    low = -1
    for c in hand:
        s = c // 10
        if s == best_suit:
            if strength[c] > strength[best]:
                if s != trump:
                    same.append(c)
                elif low < 0 or strength[c] < strength[low]:
                    low = c
        elif s == trump and (low < 0 or strength[c] < strength[low]):
            low = c
    if same:
        return max(same, key=lambda c: points[c] * 20 + strength[c])
    if low >= 0:
        worth = 4 if points[low] == 0 else 10
        if on_table >= worth or (not p.stock and on_table > 0):
            return low
    return min(hand, key=waste.__getitem__)


def greedy_policy(p: Position) -> Callable[[Position], int]:
    """Greedy's card for the mover of a position with ``p``'s trump and pack:
    the player model the inference weighs samples by."""
    return partial(greedy_card, waste=_waste(p))


def playout(p: Position, side: int = -1, noise: float = 0.0, rng: Random | None = None) -> None:
    """Play ``p`` to the end of the round with the greedy rules for every seat;
    ``side``'s seats know which of their partner's tricks are safe and keep
    plain Aces and 3s longer when leading (see :func:`greedy_card`).

    With ``noise`` each move of a seat not on ``side`` is a random card with
    that probability (drawn from ``rng``): the other side is modelled as a
    greedy player that sometimes does something else.
    """
    waste = _waste(p)
    lead = _waste(p, lead=True)
    hands = p.hands
    team_of = p.team_of
    rand = (rng or _RNG).random
    while hands[p.to_move]:
        if not p.exchange_rule or len(p.stock) < 2:  # no exchange left: inlined
            _playout_inline(p, waste, lead, side, noise, rand)
            return
        if p.exchange_card() >= 0:  # the brisca exchange, while the stock allows it
            p.exchange()
        hand = hands[p.to_move]
        own = team_of[p.to_move] == side
        if noise and not own and rand() < noise:
            p.play(hand[int(rand() * len(hand))])
        elif own:
            p.play(greedy_card(p, waste, True, lead))
        else:
            p.play(greedy_card(p, waste))


def _playout_inline(
    p: Position,
    waste_table: list[int],
    lead_table: list[int],
    side: int,
    noise: float,
    rand: Callable[[], float],
) -> None:
    """:func:`playout` with no exchange left to make, from any point of a trick,
    inlined (the playouts are most of the expert's time): :func:`greedy_card`'s
    choices, with the trick's best card and points kept as it grows."""
    waste = waste_table.__getitem__
    own_lead = lead_table.__getitem__
    n, hands, stock, score, team_of = p.n, p.hands, p.stock, p.score, p.team_of
    trump, strength, points = p.trump, p.strength, p.points
    leader = p.leader
    k = len(p.trick)  # cards in the trick so far
    if k:
        best_k, on_table = trick_result(p.trick, trump, strength, points)
        best = p.trick[best_k]
        best_seat = (leader + best_k) % n
    while True:
        if not k:
            hand = hands[leader]
            if not hand:
                break
            if team_of[leader] == side:
                a = min(hand, key=own_lead)
            elif noise and rand() < noise:
                a = hand[int(rand() * len(hand))]
            else:
                a = min(hand, key=waste)
            hand.remove(a)
            best, best_seat, on_table = a, leader, points[a]
            k = 1
        seat = leader + k if leader + k < n else leader + k - n
        while k < n:
            hand = hands[seat]
            mine = team_of[seat]
            if mine != side and noise and rand() < noise:
                c = hand[int(rand() * len(hand))]
            elif team_of[best_seat] == mine:  # a partner holds the trick
                if mine == side:
                    safe = not _beats_later(p, leader, best, k, mine)
                else:
                    safe = (best // 10 == trump and strength[best] >= 8) or all(
                        team_of[(leader + j) % n] == mine for j in range(k + 1, n)
                    )
                if safe:
                    plain = [c for c in hand if c // 10 != trump] or hand
                    c = max(plain, key=lambda c: points[c] * 20 + 9 - strength[c])
                else:
                    c = min(hand, key=waste)
            else:
                suit = best // 10
                over = strength[best]
                c = low = -1
                c_key = -1
                for d in hand:
                    s = d // 10
                    if s == suit:
                        if strength[d] > over:
                            if s != trump:
                                key = points[d] * 20 + strength[d]
                                if key > c_key:
                                    c, c_key = d, key
                            elif low < 0 or strength[d] < strength[low]:
                                low = d
                    elif s == trump and (low < 0 or strength[d] < strength[low]):
                        low = d
                if c < 0:
                    if low >= 0 and (
                        on_table >= (4 if points[low] == 0 else 10) or (not stock and on_table > 0)
                    ):
                        c = low
                    else:
                        c = min(hand, key=waste)
            hand.remove(c)
            on_table += points[c]
            if c // 10 == best // 10:
                if strength[c] > strength[best]:
                    best, best_seat = c, seat
            elif c // 10 == trump:
                best, best_seat = c, seat
            k += 1
            seat = seat + 1 if seat + 1 < n else 0
        score[team_of[best_seat]] += on_table
        if stock:
            for j in range(n):
                hands[(best_seat + j) % n].append(stock.pop())
        leader = best_seat
        k = 0
    p.trick = []
    p.leader = p.to_move = leader


def _beats_later(p: Position, leader: int, best: int, k: int, mine: int) -> bool:
    """Does a seat of the other side after the ``k``-th card of the trick led
    by ``leader`` hold a card beating ``best``?"""
    n, trump, strength, team_of = p.n, p.trump, p.strength, p.team_of
    suit = best // 10
    for j in range(k + 1, n):
        seat = (leader + j) % n
        if team_of[seat] == mine:
            continue
        for c in p.hands[seat]:
            s = c // 10
            if (s == suit and strength[c] > strength[best]) or (s == trump and suit != trump):
                return True
    return False
