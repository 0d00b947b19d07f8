"""The greedy bot: the rules of thumb a club player plays by, one trick deep.

- Exchange the trump 7 or 2 whenever the brisca rules allow it.
- Leading: throw a worthless card of a plain suit (a *liscio*); keep trumps
  and the big point cards (Ace, 3) for later; lead a trump only when nothing
  cheaper is left.
- Following, when the trick is the other side's: win it with a card of the
  suit led if possible (it brings its own points); spend a trump only when
  the trick is worth it, and then the lowest trump that wins; otherwise throw
  the cheapest card.
- When the partner already holds the trick and nobody of the other side is
  still to play, give it points (*caricare*); else keep them.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.game import EXCHANGE, Action
from ..engine.observation import Observation
from ..players import Bot

__all__ = ["GreedyBot"]

# Trick points from which spending a trump is worth it, by how many trumps we hold.
_TRUMP_WORTH = 10
_TRUMP_WORTH_CHEAP = 4  # with a worthless trump (2, 4, 5, 6, 7)


class GreedyBot(Bot):
    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name

    def choose(self, obs: Observation) -> Action:
        if EXCHANGE in obs.legal:
            return EXCHANGE
        rules = obs.rules
        strength, points = rules.strength, rules.points
        trump = obs.trump_suit
        hand: list[Card] = [a for a in obs.legal if isinstance(a, Card)]

        def waste(c: Card) -> tuple[int, int, int]:
            # What throwing c away costs: its points, whether it is a trump, its strength.
            return (points[c] + (8 if c // 10 == trump else 0), c // 10 == trump, strength[c])

        if not obs.trick:
            return min(hand, key=waste)
        cards = [c for _, c in obs.trick]
        best_i = rules.trick_winner(trump, cards)
        best = cards[best_i]
        n = rules.players
        on_table = sum(points[c] for c in cards)
        left = [(obs.leader + k) % n for k in range(len(cards) + 1, n)]  # still to play
        mine = rules.team_of[obs.seat]
        opponents_left = [s for s in left if rules.team_of[s] != mine]
        if rules.team_of[obs.trick[best_i][0]] == mine:
            if not opponents_left or (best // 10 == trump and strength[best] >= 8):
                # Partner's trick is safe: load it, but never with a trump.
                plain = [c for c in hand if c // 10 != trump] or hand
                return max(plain, key=lambda c: (points[c], -strength[c]))
            return min(hand, key=waste)
        beats = rules.beats[trump][best]
        winners = [c for c in hand if beats[c]]
        same_suit = [c for c in winners if c // 10 == best // 10 and c // 10 != trump]
        if same_suit and (
            not opponents_left
            or points[max(same_suit, key=points.__getitem__)] == 0
            or best // 10 != trump
        ):
            return max(same_suit, key=lambda c: (points[c], strength[c]))
        trumps = sorted((c for c in winners if c // 10 == trump), key=lambda c: strength[c])
        if trumps:
            low = trumps[0]
            worth = _TRUMP_WORTH_CHEAP if points[low] == 0 else _TRUMP_WORTH
            if on_table >= worth or (obs.stock == 0 and on_table > 0):
                return low
        return min(hand, key=waste)
