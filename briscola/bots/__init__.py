"""Built-in bots, each a :class:`~briscola.players.Bot` that sees only its observation.

``random`` and ``greedy`` are the yardsticks; ``expert`` is the strongest under a
time budget; ``net`` is the trained network alone (about a millisecond a card);
``oracle`` sees every card (research only: the arena offers it,
``play`` and the protocol do not; see :data:`PLAYABLE`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..players import Bot
from .expert import ExpertBot
from .greedy import GreedyBot
from .net_bot import NetBot
from .oracle import OracleBot
from .random_bot import RandomBot

__all__ = [
    "BOTS",
    "PLAYABLE",
    "ExpertBot",
    "GreedyBot",
    "NetBot",
    "OracleBot",
    "RandomBot",
    "make_bot",
]

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    "net": NetBot,
    "oracle": OracleBot,
}
# The bots a person may meet (``play``) or a protocol client may run: no oracle.
PLAYABLE: tuple[str, ...] = ("random", "greedy", "net", "expert")


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A built-in bot by name: ``make_bot("greedy")``, ``make_bot("random", seed=3)``."""
    try:
        factory = BOTS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot {level!r}; expected one of {', '.join(sorted(BOTS))}"
        ) from None
    return factory(seed=seed, **options)
