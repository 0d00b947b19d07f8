"""``net``: the network alone, a card in about a millisecond.

Floor 5 (bots).  At its turn the bot reads its observation into the
network (:mod:`briscola.bots.net`) and plays the legal card with the highest
policy.  Each table size has its own network (the shipped
``weights/netN.npz``); at a table with none (no file shipped for its size,
the brisca exchange, the bisca order: :func:`~briscola.bots.net.trained_for`)
it plays as the expert's search does, so that it is a legal and sound player
everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.game import Action
from ..engine.observation import Observation
from ..players import Bot
from .expert import ExpertBot

if TYPE_CHECKING:
    from .net import Network

__all__ = ["NetBot"]


class NetBot(Bot):
    """``net``: the shipped weights, or those of ``weights=FILE``; ``samples`` and
    ``think_ms`` are the search's budget where it falls back to the search."""

    def __init__(
        self,
        seed: int | None = None,
        name: str = "net",
        weights: str | None = None,
        samples: int | None = None,
        think_ms: float | None = None,
    ) -> None:
        try:
            from .net import load, shipped  # NumPy, loaded when a network is used
        except ImportError as err:
            raise ValueError(str(err)) from None
        self.name = name
        self.network: Network = shipped() if weights is None else load(weights)
        self._given = weights is not None
        self._tables: dict[int, Network | None] = {}  # the shipped network by table size
        self._search = ExpertBot(seed=seed, samples=samples, think_ms=think_ms)

    def _network(self, players: int) -> Network | None:
        """The network for a table of ``players``: the one given, or the shipped
        one of that size (None: none is shipped for it)."""
        if self._given or self.network.players == players:
            return self.network
        if players not in self._tables:
            from .net import WeightsError, shipped

            try:
                self._tables[players] = shipped(players)
            except WeightsError:
                self._tables[players] = None
        return self._tables[players]

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        network = self._network(obs.rules.players)
        if network is None or not network.knows(obs.rules):
            return self._search.choose(obs)
        chances, _value = network.policy(obs)
        return max(chances, key=chances.__getitem__)
