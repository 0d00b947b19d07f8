"""The oracle: a research bot that sees every card, the upper mark for the expert.

Floor 5 (bots).  It sets ``sees_all``, so the table shows it a copy of the
whole round (every hand and the stock in drawing order) before each of its
moves.  It scores each action on that true position the way the expert
scores a sample: greedy playouts, and an exact solve once few cards are left
(more of them than the expert can afford, since there is one position, not
many).  Like the expert it models the other side with
:mod:`briscola.bots.model`: when that side looks like a random player, the
true position is played out ``ORACLE_SAMPLES`` times with random moves for it.
Only the arena offers it: ``play`` and the protocol never do.
"""

from __future__ import annotations

from ..engine.game import Action, Round
from ..engine.observation import Observation
from ..players import Bot
from .estimate import Search, _solved, evaluate
from .expert import _check_switch, keep_proven
from .model import OpponentModel
from .seeds import base_seed, position_rng
from .solver import Position

__all__ = ["OracleBot"]

ORACLE_SOLVE_CARDS = 12
ORACLE_SAMPLES = 200  # playouts of the true position when the other side may be random


class OracleBot(Bot):
    sees_all = True

    def __init__(
        self,
        seed: int | None = None,
        name: str = "oracle",
        solve_cards: int = ORACLE_SOLVE_CARDS,
        adapt: bool = True,
    ) -> None:
        if not isinstance(solve_cards, int) or not 0 <= solve_cards <= 40:
            raise ValueError(f"solve_cards must be 0..40, got {solve_cards!r}")
        _check_switch("adapt", adapt)
        self.name = name
        self.solve_cards = solve_cards
        self.model = OpponentModel(seed) if adapt else None
        self.seed = base_seed(seed)  # the random player's choices: by this and the position
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
        exact = evaluate(position.copy, side, lambda done: done == 0, Search(self.solve_cards))
        noise = self.model.noise(obs) if self.model is not None else 0.0
        if noise < 0.01:
            return max(obs.legal, key=exact.__getitem__)
        search = Search(self.solve_cards, noise=noise)
        rng = position_rng(self.seed, obs)
        mixed = evaluate(position.copy, side, lambda done: done < ORACLE_SAMPLES, search, rng)
        if _solved(position, search, False, 1):  # a proven result is kept, as by the expert
            return keep_proven(obs.legal, exact, mixed)
        return max(obs.legal, key=mixed.__getitem__)
