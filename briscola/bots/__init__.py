"""Built-in bots, each a :class:`~briscola.players.Bot` that sees only its observation.

``random`` and ``greedy`` are the yardsticks; stronger bots join :data:`BOTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..players import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["BOTS", "GreedyBot", "RandomBot", "make_bot"]

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A built-in bot by name: ``make_bot("greedy")``, ``make_bot("random", seed=3)``."""
    try:
        factory = BOTS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot {level!r}; expected one of {', '.join(sorted(BOTS))}"
        ) from None
    return factory(seed=seed, **options)
