"""A bot's random choices as a function of the position it sees and its seed.

Floor 5 (bots).  A bot that drew from one running generator would answer the
same position differently the second time it is asked (after ``undo`` at
``play``, a player could fish for a better reply), and ``hint`` would change
its mind when asked twice.  So every built-in bot that draws at random draws
from :func:`position_rng`: a generator seeded by the bot's seed (the match
seed's share for its seat) and everything the seat has seen of the position.
"""

from __future__ import annotations

import hashlib
import random
from functools import lru_cache

from ..engine.cards import Card
from ..engine.observation import Observation

__all__ = ["base_seed", "position_key", "position_rng", "position_seed"]


def base_seed(seed: int | None) -> int:
    """``seed``, or for a bot made without one a seed of its own, drawn once."""
    return random.randrange(2**63) if seed is None else seed


def position_key(obs: Observation) -> str:
    """Everything ``obs``'s seat knows of the position, as text: the same for the
    same position however it was reached (and however often it was asked)."""
    rules = obs.rules
    parts = [
        f"{rules.players}/{rules.variant}/{len(rules.deck)}/{rules.target}",
        f"r{obs.round} d{obs.dealer} w{','.join(map(str, obs.rounds_won))}",
        f"s{obs.seat} m{obs.to_move} l{obs.leader}",
        "hand " + " ".join(map(str, obs.hand)),
        "trick " + " ".join(f"{s}{c}" for s, c in obs.trick),
        "played " + "|".join(map(_trick_text, obs.played)),
        "ex " + " ".join(f"{s}{g}{t}" for s, g, t in obs.exchanges),
        f"up {obs.dealt_trump} {obs.trump_card} {obs.trump_taken}",
        "known " + "|".join(" ".join(map(str, cs)) for cs in obs.known),
    ]
    return "\n".join(parts)


@lru_cache(maxsize=4096)
def _trick_text(trick: tuple[tuple[int, Card], ...]) -> str:
    """A finished trick as position_key writes it: the same text at every later move
    of the round, so made once (a random bot's self-play asks at every move)."""
    return " ".join(f"{s}{c}" for s, c in trick)


def position_seed(seed: int, obs: Observation) -> int:
    """A seed made of ``seed`` and the position ``obs`` shows (sha256: the same on
    every machine and every run, unlike Python's ``hash``)."""
    digest = hashlib.sha256(f"{seed}\n{position_key(obs)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def position_rng(seed: int, obs: Observation) -> random.Random:
    """A generator for the choices a bot with ``seed`` makes at ``obs``."""
    return random.Random(position_seed(seed, obs))
