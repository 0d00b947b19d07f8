"""Built-in bots, each a :class:`~briscola.players.Bot` that sees only its observation.

``random`` and ``greedy`` are the yardsticks; ``expert`` is the strongest under a
time budget; ``net`` is the trained network alone (about a millisecond a card);
``oracle`` sees every card (research only: the arena offers it,
``play`` and the protocol do not; see :data:`PLAYABLE`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..players import Bot

__all__ = ["BOTS", "PLAYABLE", "bot_class", "make_bot"]

# A name, and the bot's class or where it lives ("module.Class", imported when first
# asked for: a `briscola bot --level random` process need not load the expert's
# search, and every test that starts one pays for what it loads).  Classes are
# imported from their modules: `from briscola.bots.greedy import GreedyBot`.
BOTS: dict[str, str | Callable[..., Bot]] = {
    "random": "random_bot.RandomBot",
    "greedy": "greedy.GreedyBot",
    "expert": "expert.ExpertBot",
    "net": "net_bot.NetBot",
    "oracle": "oracle.OracleBot",
}
# The bots a person may meet (``play``) or a protocol client may run: no oracle.
PLAYABLE: tuple[str, ...] = ("random", "greedy", "net", "expert")


def bot_class(level: str) -> Callable[..., Bot]:
    """The class (or factory) of a built-in bot by name; :class:`ValueError` if unknown."""
    try:
        where = BOTS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot {level!r}; expected one of {', '.join(sorted(BOTS))}"
        ) from None
    if isinstance(where, str):
        module, name = where.rsplit(".", 1)
        where = BOTS[level] = getattr(import_module(f".{module}", __name__), name)
    return where


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A built-in bot by name: ``make_bot("greedy")``, ``make_bot("random", seed=3)``."""
    return bot_class(level)(seed=seed, **options)
