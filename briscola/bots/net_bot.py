"""``net``: the network alone, a card in about a millisecond.

Floor 5 (bots).  At its turn the bot reads its observation into the
network (:mod:`briscola.bots.net`) and plays the legal card with the highest
policy.  At a table the network was not trained for (3, 4 or 6 seats, the
brisca exchange, the bisca order: :func:`~briscola.bots.net.trained_for`) it
plays as the expert's search does, so that it is a legal and sound player
everywhere.
"""

from __future__ import annotations

from ..engine.game import Action
from ..engine.observation import Observation
from ..players import Bot
from .expert import ExpertBot
from .net import Network, load, shipped, trained_for

__all__ = ["NetBot"]


class NetBot(Bot):
    """``net``: the shipped weights, or those of ``weights=FILE``."""

    def __init__(
        self, seed: int | None = None, name: str = "net", weights: str | None = None
    ) -> None:
        self.name = name
        self.network: Network = shipped() if weights is None else load(weights)
        self.seed = seed
        self._search: ExpertBot | None = None

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if not trained_for(obs.rules):
            if self._search is None:
                self._search = ExpertBot(seed=self.seed)
            return self._search.choose(obs)
        chances, _value = self.network.policy(obs)
        return max(chances, key=chances.__getitem__)
