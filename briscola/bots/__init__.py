"""Built-in bots, each a :class:`~briscola.players.Bot` that sees only its observation.

``random`` and ``greedy`` are the yardsticks; ``expert`` is the strongest under a
time budget; ``oracle`` sees every card (research only: the arena offers it,
``play`` and the protocol do not; see :data:`PLAYABLE`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..players import Bot
from .expert import ExpertBot
from .greedy import GreedyBot
from .oracle import OracleBot
from .random_bot import RandomBot

__all__ = ["BOTS", "PLAYABLE", "ExpertBot", "GreedyBot", "OracleBot", "RandomBot", "make_bot"]

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    "oracle": OracleBot,
}
# The bots a person may meet (``play``) or a protocol client may run: no oracle.
PLAYABLE: tuple[str, ...] = ("random", "greedy", "expert")


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A built-in bot by name: ``make_bot("greedy")``, ``make_bot("random", seed=3)``."""
    try:
        factory = BOTS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot {level!r}; expected one of {', '.join(sorted(BOTS))}"
        ) from None
    return factory(seed=seed, **options)
