"""The Player interface: every seat, whoever sits in it, is a Player.

A built-in bot, an external program on stdin/stdout, a person at the prompt,
a person or bot over TCP: the table loop (:mod:`briscola.table`) drives them
all through these four calls.  A Player receives only what its seat may see:
the events visible to it and, at its turn, an
:class:`~briscola.engine.observation.Observation`.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from typing import Any

from .engine.events import Event
from .engine.game import Action, Round
from .engine.observation import Observation
from .engine.rules import TableRules

__all__ = ["Bot", "Clocked", "MatchInfo", "Player", "SeatFailure", "TimeControl"]


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


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match clock, as cutechess's ``--tc 30+0.5``: ``base_ms`` for the whole match,
    ``increment_ms`` added after each move made in time.  A seat whose clock runs
    out loses the match (``time_forfeit``); see :class:`Clocked`."""

    base_ms: int
    increment_ms: int = 0

    TEXT = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:\+\s*(\d+(?:\.\d*)?|\.\d+)\s*)?")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``SECONDS+INCREMENT`` (``30+0.5``; ``30`` alone: no increment); a ValueError
        that says what is expected otherwise."""
        found = cls.TEXT.fullmatch(text)
        expected = "SECONDS+INCREMENT, e.g. 30+0.5 (30 s a match, 0.5 s more a move)"
        if found is None:
            raise ValueError(f"a time control is {expected}; got {text!r}")
        base, increment = float(found.group(1)), float(found.group(2) or 0)
        if not 0 < base <= 86_400 or increment > 3_600 or not math.isfinite(base + increment):
            raise ValueError(
                f"a time control is {expected}, with 0 < SECONDS <= 86400 and an increment "
                f"of at most 3600; got {text!r}"
            )
        return cls(round(base * 1000), round(increment * 1000))

    def __str__(self) -> str:
        return f"{self.base_ms / 1000:g}+{self.increment_ms / 1000:g}"


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
    # Under a time control, set by :class:`Clocked` for each move: (ms left on the
    # seat's match clock before the move, increment ms).  A remote seat sends them in
    # its ``turn`` as ``clock_ms`` and ``increment_ms``.
    clock: tuple[int, int] | None = None
    # Set by a seat whose last action a stand-in bot chose for its person (a LAN
    # seat): the table loop marks that card ``standin`` for every screen and the record.
    stood_in: bool = False

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
    written to its answer read), and ``bench --bots`` the expert.

    With a :class:`TimeControl` it is also the seat's match clock, for every kind of
    Player: each move may take what is left on it (a program is told so in its
    ``turn``), the increment is added after a move made in time, and a move that
    takes longer (or a program's timeout) is a :class:`SeatFailure`
    ``time_forfeit``."""

    def __init__(self, inner: Player, tc: TimeControl | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_all = inner.sees_all
        self.times: list[float] = []  # ms, one per move
        self.tc = tc
        self.left_ms = float(tc.base_ms) if tc is not None else math.inf

    async def start(self, info: MatchInfo) -> None:
        if self.tc is not None:
            self.left_ms = float(self.tc.base_ms)  # a clock a match
        await self.inner.start(info)

    async def notify(self, event: Event) -> None:
        await self.inner.notify(event)

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        tc, left = self.tc, self.left_ms
        if tc is not None:
            self.inner.clock = (math.floor(left), tc.increment_ms)
            time_ms = max(1, math.floor(left))  # the clock, not the table's move time
        began = time.perf_counter()
        try:
            action = await self.inner.act(obs, time_ms)
        except SeatFailure as err:
            if tc is not None and err.code == "timeout":
                raise self._out(left, None) from None
            raise
        finally:
            took = (time.perf_counter() - began) * 1000
            self.times.append(took)
            self.inner.clock = None
        if tc is not None:
            if took > left:
                raise self._out(left, took)
            self.left_ms = left - took + tc.increment_ms
        return action

    def _out(self, left: float, took: float | None) -> SeatFailure:
        spent = "no answer came in that time" if took is None else f"it took {took:.0f} ms"
        return SeatFailure(
            "time_forfeit",
            f"{self.name} ran out of time: {left:.0f} ms left on its clock ({self.tc}) "
            f"before this move, and {spent}",
        )

    def reveal(self, r: Round) -> None:
        self.inner.reveal(r)

    async def info(self) -> list[str]:
        return await self.inner.info()

    async def faults(self) -> list[tuple[str, str]]:
        return await self.inner.faults()

    async def close(self) -> None:
        await self.inner.close()
