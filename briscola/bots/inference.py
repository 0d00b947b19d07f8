"""Card-level inference: how likely a sampled deal makes the other side's plays.

Floor 5 (bots).  A determinization deals the unseen cards uniformly; but a
greedy player who led a Knight holds no cheaper card it would rather have
led, and one who let a rich trick go holds no cheap trump.  :class:`Evidence`
weighs a sample by the chance that the greedy player, holding what the sample
gives it, would have played the cards it did (policy-based inference, as in
Skat and Hearts programs).

The hand a seat held at an earlier move is not in the sample, only its hand
now.  Then it held the card it played and all but the cards it drew since,
among its hand now and the cards it played later; each such choice counts
alike.  Only moves a few draws back are weighed (older ones leave too many
choices to say much), and only the other side's: partners are searched, not
inferred.  Like :mod:`briscola.bots.model` the greedy player is mixed with
``EPSILON`` of random play, so no sample gets weight 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from ..engine.observation import Observation
from .solver import Position

__all__ = ["EPSILON", "MAX_DRAWS", "Evidence"]

EPSILON = 0.1  # share of a greedy player's moves its hand does not explain
MAX_DRAWS = 2  # weigh a past move only when the seat drew at most this many cards since


@dataclass(frozen=True, slots=True)
class _Move:
    seat: int
    card: int
    trick: tuple[int, ...]  # the cards before it in its trick
    leader: int
    stock_left: bool  # was the stock not yet empty at that trick?
    keep: int  # the other cards it held then
    later: tuple[int, ...]  # its cards played after this one


class Evidence:
    """The other side's recent plays of a round, ready to weigh samples."""

    __slots__ = ("_factors", "moves")

    def __init__(self, obs: Observation) -> None:
        rules = obs.rules
        n = rules.players
        mine = rules.team_of[obs.seat]
        tricks = [*obs.played, obs.trick] if obs.trick else list(obs.played)
        # An exchange changes a hand between tricks: moves before one are not weighed.
        since = {seat: len(obs.played) + 1 for seat, _gave, _took in obs.exchanges}
        moves: list[_Move] = []
        for t, trick in enumerate(tricks):
            for k, (seat, card) in enumerate(trick):
                if rules.team_of[seat] == mine or t < since.get(seat, 0):
                    continue
                held = min(3, rules.tricks - t)
                later = [int(c) for tr in tricks[t + 1 :] for s, c in tr if s == seat]
                drawn = len(later) + obs.hand_sizes[seat] - (held - 1)
                if held < 2 or drawn > MAX_DRAWS:
                    continue
                stock = len(rules.deck) - 3 * n - n * t
                prefix = tuple(int(c) for _, c in trick[:k])
                moves.append(_Move(seat, int(card), prefix, trick[0][0], stock > 0, held - 1,
                                   tuple(later)))  # fmt: skip
        self.moves = tuple(moves)
        # A move's factor depends on the sample only through its seat's hand now.
        self._factors: dict[tuple[int, tuple[int, ...]], float] = {}

    def weight(self, p: Position, greedy: Callable[[Position], int]) -> float:
        """How much likelier the sample ``p`` makes the weighed plays for a greedy
        player (``greedy``: its card for the mover of a position) than for a
        random one; 1 when nothing is weighed.  ``greedy`` must be the same at
        every call and read no hand but the mover's: each move's factor is
        kept per hand its seat holds now."""
        if not self.moves:
            return 1.0
        factors = self._factors
        q: Position | None = None
        weight = 1.0
        for i, m in enumerate(self.moves):
            now = tuple(sorted(p.hands[m.seat]))
            factor = factors.get((i, now))
            if factor is None:
                if q is None:
                    q = p.copy()
                q.trick = list(m.trick)
                q.leader = m.leader
                q.to_move = m.seat
                q.stock = [0] if m.stock_left else []
                hits = total = 0
                for rest in combinations((*m.later, *now), m.keep):
                    q.hands[m.seat] = [m.card, *rest]
                    hits += greedy(q) == m.card
                    total += 1
                held = m.keep + 1
                factor = factors[(i, now)] = ((1 - EPSILON) * hits / total + EPSILON / held) * held
            weight *= factor
        return weight
