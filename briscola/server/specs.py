"""What a lobby request may ask for, shared by the lobby and its tables.

:class:`LobbyError` is a refused request (its ``code`` as in
docs/protocol.md, and what was wrong); :func:`bot_spec` is the one check of a
bot a client asks a table to seat (random, greedy or expert, never a program
on the server) and :func:`capped` keeps a lobby's expert within the default
one's budget; :func:`made_code` is a private table's code the server makes, and
:func:`as_made` reads one as a person may type it (small letters, no dashes).
Floor 7 (server).
"""

from __future__ import annotations

import dataclasses
import secrets

from ..bots.expert import DEFAULT_SAMPLES, ExpertBot
from ..spec import PlayerSpec, parse_spec

__all__ = [
    "MAX_THINK_MS",
    "SERVER_BOTS",
    "LobbyError",
    "as_made",
    "bot_spec",
    "capped",
    "made_code",
]

SERVER_BOTS = ("random", "greedy", "expert")
MAX_THINK_MS = ExpertBot().max_ms


class LobbyError(Exception):
    """A refused lobby request: ``code`` as in docs/protocol.md, and what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def bot_spec(text: object) -> PlayerSpec:
    """A bot a client may seat: random, greedy or expert (with options); never a program."""
    if not isinstance(text, str):
        raise LobbyError("bad_spec", f"a bot is a spec like 'expert', got {text!r}")
    try:
        spec = parse_spec(text, allow=SERVER_BOTS)
    except ValueError as err:
        raise LobbyError("bad_spec", f"{err}; this server runs random, greedy or expert") from None
    if spec.kind not in SERVER_BOTS:  # cmd: would start a program on the server
        raise LobbyError(
            "bad_spec", f"{text!r} is not a bot this server runs: random, greedy or expert"
        )
    others = sorted(set(spec.options) - {"think_ms"})
    if others:  # samples=10**9 would hold the bot pool for everyone
        raise LobbyError("bad_spec", f"this server sets only think_ms of a bot, not {others[0]}")
    think = spec.options.get("think_ms")
    if think is not None and think > MAX_THINK_MS:
        raise LobbyError(
            "bad_spec",
            f"think_ms is at most {MAX_THINK_MS:g} here (the default expert's budget), got {think}",
        )
    return spec


def capped(spec: PlayerSpec, players: int) -> PlayerSpec:
    """A lobby's expert thinks at most as much as the default one: ``think_ms`` may
    only shorten its search (its samples stay those of the default), so that no
    table's bots hold the shared pool longer than an ordinary table's."""
    if spec.kind != "expert" or "think_ms" not in spec.options:
        return spec
    options = {**spec.options, "samples": DEFAULT_SAMPLES[players]}
    return dataclasses.replace(spec, options=options)


# Letters and digits nobody mistakes for one another when a code is read out across a
# room (no I, 1, O, 0): 32 of them, 12 in groups of 4, 60 bits.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def made_code() -> str:
    """A private table's code the server makes: e.g. ``K7MX-Q2PA-9WDE``."""
    chars = "".join(secrets.choice(CODE_LETTERS) for _ in range(12))
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))


def as_made(code: str) -> str | None:
    """``code`` in the form :func:`made_code` writes, when it is one typed as a person
    hears it read out ("k7mx q2pa 9wde", "K7MXQ2PA9WDE"); None when it is no such code."""
    chars = "".join(code.split()).replace("-", "").upper()
    if len(chars) != 12 or not all(c in CODE_LETTERS for c in chars):
        return None
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))
