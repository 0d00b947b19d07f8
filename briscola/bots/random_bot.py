"""The random bot: any legal action, uniformly, drawn by its seed and the position
(:mod:`briscola.bots.seeds`: the same position, the same card)."""

from __future__ import annotations

from ..engine.game import Action
from ..engine.observation import Observation
from ..players import Bot
from .seeds import base_seed, position_rng

__all__ = ["RandomBot"]


class RandomBot(Bot):
    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.seed = base_seed(seed)
        self.name = name

    def choose(self, obs: Observation) -> Action:
        return position_rng(self.seed, obs).choice(obs.legal)
