"""The random bot: any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

import random

from ..engine.game import Action
from ..engine.observation import Observation
from ..players import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal)
