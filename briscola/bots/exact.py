"""Every deal of the cards a seat cannot see, when they are few: exact chances.

Floor 5 (bots).  Late in a round the unseen cards are only the other hands
and a card or two of the stock.  With 2 players and the stock empty there is
one deal: the other hand is known.  With two draws left there are four.
Then sampling is no way to give a chance: :func:`deals` lists every deal
that agrees with what the seat saw (each hand unordered, the stock in
order, since the order says who draws what), each as likely as the others,
and the expert's estimate solves every one (:mod:`briscola.bots.solver`,
both sides playing their best), so a chance is 0 %, 100 % or the exact share
of the deals.  Only for 2 sides (2 players, or 4 in two teams): the solver's.
"""

from __future__ import annotations

from itertools import combinations, permutations
from math import factorial, prod
from random import Random

from ..engine.observation import Observation, determinize, unseen_cards
from .solver import Position

__all__ = ["EXACT_CARDS", "EXACT_DEALS", "deal_count", "deals"]

EXACT_DEALS = 120  # at most this many deals (2 players, two draws left: 120)
EXACT_CARDS = 12  # and at most this many cards left in hands and stock (the solver's time)


def _unknown(obs: Observation) -> tuple[list[int], list[int], int]:
    """The seats with unseen cards, how many each holds unseen, and how many
    stock cards are unseen (all but the face-up card)."""
    seats = [s for s in range(obs.rules.players) if s != obs.seat]
    sizes = [obs.hand_sizes[s] - len(obs.known[s]) for s in seats]
    stock = obs.stock - (1 if obs.trump_card is not None and obs.stock else 0)
    return seats, sizes, stock


def deal_count(obs: Observation) -> int:
    """How many deals of the unseen cards agree with ``obs``."""
    _seats, sizes, stock = _unknown(obs)
    return factorial(sum(sizes) + stock) // prod(factorial(k) for k in sizes)


def deals(
    obs: Observation, limit: int = EXACT_DEALS, cards: int = EXACT_CARDS
) -> list[Position] | None:
    """Every deal of the unseen cards that agrees with ``obs``, as positions to
    solve; None when there are more than ``limit``, more than ``cards`` cards
    left, or more than 2 sides."""
    if len(obs.rules.teams) != 2 or sum(obs.hand_sizes) + obs.stock > cards:
        return None
    if deal_count(obs) > limit:
        return None
    seats, sizes, _stock = _unknown(obs)
    pool = sorted(int(c) for c in unseen_cards(obs))
    base = Position.from_round(determinize(obs, Random(0)))  # the shape; every deal replaces it
    face_up = base.stock[:1] if obs.stock else []
    known = {s: [int(c) for c in obs.known[s]] for s in seats}
    out: list[Position] = []

    def deal(i: int, rest: list[int], hands: dict[int, list[int]]) -> None:
        if i == len(seats):
            for order in permutations(rest):
                p = base.copy()
                for s, h in hands.items():
                    p.hands[s] = sorted(known[s] + h)
                p.stock = face_up + list(order)
                out.append(p)
            return
        for part in combinations(rest, sizes[i]):
            left = [c for c in rest if c not in part]
            deal(i + 1, left, {**hands, seats[i]: list(part)})

    deal(0, pool, {})
    return out
