"""The oracle: a research bot that sees every card, the upper mark for the expert.

Floor 5 (bots).  It sets ``sees_all``, so the table shows it a copy of the
whole round (every hand and the stock in drawing order) before each of its
moves.  It scores each action on that true position the way the expert
scores a sample: greedy playouts, and an exact solve once few cards are left
(more of them than the expert can afford, since there is one position, not
many).  Only the arena offers it: ``play`` and the protocol never do.
"""

from __future__ import annotations

from ..game import Action, Round
from ..observation import Observation
from ..players import Bot
from .expert import Search, evaluate
from .solver import Position

__all__ = ["OracleBot"]

ORACLE_SOLVE_CARDS = 12


class OracleBot(Bot):
    sees_all = True

    def __init__(
        self, seed: int | None = None, name: str = "oracle", solve_cards: int = ORACLE_SOLVE_CARDS
    ) -> None:
        if not isinstance(solve_cards, int) or not 0 <= solve_cards <= 40:
            raise ValueError(f"solve_cards must be 0..40, got {solve_cards!r}")
        self.name = name
        self.solve_cards = solve_cards
        self._round: Round | None = None

    def reveal(self, r: Round) -> None:
        self._round = r

    def choose(self, obs: Observation) -> Action:
        r = self._round
        self._round = None
        if r is None:
            raise RuntimeError("the oracle plays only where the table reveals the round")
        if len(obs.legal) == 1:
            return obs.legal[0]
        side = obs.rules.team_of[obs.seat]
        position = Position.from_round(r)
        values = evaluate(position.copy, side, lambda done: done == 0, Search(self.solve_cards))
        return max(obs.legal, key=lambda a: values[a])
