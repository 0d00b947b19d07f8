"""The Player interface: every seat, whoever sits in it, is a Player.

A built-in bot, an external program on stdin/stdout, a person at the prompt,
a person or bot over TCP: the table loop (:mod:`briscola.table`) drives them
all through these four calls.  A Player receives only what its seat may see:
the events visible to it and, at its turn, an
:class:`~briscola.engine.observation.Observation`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .engine.events import Event
from .engine.game import Action, Round
from .engine.observation import Observation
from .engine.rules import TableRules

__all__ = ["Bot", "Clocked", "MatchInfo", "Player", "SeatFailure"]


class SeatFailure(Exception):
    """A seat failed for good (crash, silence, three faults in a row, a dropped link).

    ``code`` is a short machine word (``timeout``, ``crashed``, ``faults``,
    ``disconnected``, ``illegal_move``); the message says what happened.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What every seat learns when a match starts (protocol ``match_start``)."""

    seat: int
    rules: TableRules
    names: tuple[str, ...]
    move_ms: int
    # No seed here, ever: the match seed deals every hand, so a seat must not see it.

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.rules.teams

    def to_message(self) -> dict[str, Any]:
        msg = {
            "type": "match_start",
            "seat": self.seat,
            "players": self.rules.players,
            "names": list(self.names),
            "teams": [list(t) for t in self.rules.teams],
            "variant": self.rules.variant,
            "target": self.rules.target,
            "move_ms": self.move_ms,
        }
        if not self.rules.default_pack:  # an added field, only where it says something
            msg["pack"] = self.rules.pack
        return msg


class Player:
    """A seat at the table.  Subclasses override what they need.

    ``act`` must return one of ``obs.legal``; a Player that cannot go on raises
    :class:`SeatFailure`.  ``time_ms`` is the time left for this move, or None
    when the table sets no clock.
    """

    name: str = "player"
    # Research only: a Player with ``sees_all`` is shown the whole round before
    # each of its moves (the arena's ``oracle``).  Nothing else ever sets it.
    sees_all: bool = False

    async def start(self, info: MatchInfo) -> None:
        """A match begins; ``info.seat`` is this Player's seat."""

    async def notify(self, event: Event) -> None:
        """Something this seat may see happened."""

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        raise NotImplementedError

    def reveal(self, r: Round) -> None:
        """Only for ``sees_all`` Players: a copy of the whole round before a move."""

    async def info(self) -> list[str]:
        """Texts the Player wants kept in the record (protocol ``info``), drained."""
        return []

    async def faults(self) -> list[tuple[str, str]]:
        """Refused messages since the last call, drained: ``(code, message)`` each.

        Faults the seat recovered from (an external bot's illegal card or bad
        line); the table writes them to the record and the match goes on.
        """
        return []

    async def close(self) -> None:
        """The match is over or abandoned; release what the Player holds."""


class Bot(Player):
    """An in-process bot: a synchronous ``choose`` over the observation alone."""

    def choose(self, obs: Observation) -> Action:
        raise NotImplementedError

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        return self.choose(obs)


class Clocked(Player):
    """A Player whose moves are timed: the wall clock around ``act``, in ms.  The
    arena times its built-in bots so (a program's time is its host's, from a turn
    written to its answer read), and ``bench --bots`` the expert."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_all = inner.sees_all
        self.times: list[float] = []  # ms, one per move

    async def start(self, info: MatchInfo) -> None:
        await self.inner.start(info)

    async def notify(self, event: Event) -> None:
        await self.inner.notify(event)

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        began = time.perf_counter()
        try:
            return await self.inner.act(obs, time_ms)
        finally:
            self.times.append((time.perf_counter() - began) * 1000)

    def reveal(self, r: Round) -> None:
        self.inner.reveal(r)

    async def info(self) -> list[str]:
        return await self.inner.info()

    async def faults(self) -> list[tuple[str, str]]:
        return await self.inner.faults()

    async def close(self) -> None:
        await self.inner.close()
