"""A LAN table as the people at it and the lobby see it.

:class:`TableView` is what a table is (its rules, seats, spectators, state and
the round in play) and what it shows: the lobby's line of it (each seat's
name and kind: a person, away, held for them, a bot, open or free), the names
by seat, the snapshot of the round a seat or a spectator may see, and what it
tells everyone at it (``notice``, ``clock``, ``chat``), with its limits: a
seat's drops and returns are told at most every few seconds, the table's
notices and chat lines at most one a second past a burst (the rest merged or
counted), and a seat's drops and returns written into a match's record up to
a bound.  :class:`~.seating.Seating` builds the seats' story on it and
:class:`~.table.Table` the matches.  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any, Protocol

from ..engine.game import Match, Round
from ..engine.observation import observe
from ..engine.records import Record
from ..engine.rules import TableRules
from ..engine.text import printable
from ..players import MatchInfo
from ..protocol.messages import Message, encode, turn_message
from ..protocol.tcp import TcpLink, TokenBucket
from ..spec import PlayerSpec
from ..words.names import bot_names
from .config import ServerConfig
from .disk import Disk
from .pool import BotPool
from .seat import NetSeat

__all__ = ["TableView", "TablesServer"]

log = logging.getLogger("briscola.server")

# A seat's drops and returns: told at most this often (a flapping client must not
# flood the table), the latest one at least.
FLAPS = frozenset({"dropped", "resumed", "handback", "restored", "takeover"})
FLAP_RATE, FLAP_BURST = 0.2, 4.0
TABLE_RATE, TABLE_BURST = 1.0, 10.0  # notices about seats, and chat lines, per table
MARKS_PER_SEAT = 100  # drops and returns of a seat written into a match's record


class TablesServer(Protocol):
    """What a table needs of the server it stands in (the lobby's
    :class:`~.lobby.Server` is one): the table is told of its server, it does
    not import the lobby."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def pool(self) -> BotPool: ...

    @property
    def disk(self) -> Disk: ...

    @property
    def standin(self) -> PlayerSpec: ...

    @property
    def matches(self) -> set[asyncio.Task[None]]: ...

    def tidy(self, table: Any) -> None: ...

    def register(self, seat: NetSeat[Any]) -> None: ...

    def started(self, table: Any) -> None: ...


class TableView:
    """A table's state and what it shows; see the module docstring."""

    def __init__(
        self,
        server: TablesServer,
        name: str,
        rules: TableRules,
        *,
        code: str | None = None,
        bots: dict[int, PlayerSpec] | None = None,
        number: int = 0,
    ) -> None:
        self.server = server
        self.config: ServerConfig = server.config
        self.pool: BotPool = server.pool
        self.name = name
        self.rules = rules
        # A private table's code: in memory while known, on disk only salted and slow
        # (made when first saved; a reopened table knows only that, until a right code).
        self.code = code or ""
        self.code_kept = ""
        self.bots: dict[int, PlayerSpec] = dict(bots or {})
        self.number = number  # the table's place in the server's order, for seeds
        self.seats: list[NetSeat[Any] | None] = [None] * rules.players
        # Each watching connection and its name at the table, in the order they came.
        self.spectators: dict[TcpLink, str] = {}
        self.state = "waiting"
        self.matches = 0
        self.round: Round | None = None
        self.bot_cards: set[str] = set()  # this round's cards a stand-in played (for a snapshot)
        self.task: asyncio.Task[None] | None = None
        self.record_path: Path | None = None
        self.table_file: Path | None = None  # what a restart needs; see save()
        self._saved: tuple[Path, str] | None = None  # the file as last written
        self.rematch: set[int] = set()
        self.ending = False  # the match has ended; the table is not done with it yet
        # A match to go on with after a restart: its state, and "pause" or "crash".
        self.restored: tuple[Match, Round | None, str] | None = None
        self.creator: object = None  # the connection that made it, until it goes
        # Whose account its bots' work goes on in the shared pool: the connection that
        # made it (one client's tables share one budget), else the table itself.
        self.budget: object = self
        self.record: Record | None = None  # the match's, while it runs
        self.pausing = False  # the server stops cleanly: the match is paused, not ended
        self._flaps: dict[int, TokenBucket] = {}
        # The table's screens: notices and chat lines, limited for the whole table (past
        # it merged, or dropped and counted, told a little later).
        self._notices = TokenBucket(TABLE_RATE, TABLE_BURST)
        self._chats = TokenBucket(TABLE_RATE, TABLE_BURST)
        self._chat_dropped = 0
        self.active = asyncio.get_running_loop().time()  # when it last said anything
        self._marks: dict[int, int] = {}  # drops and returns in the record, by seat
        self.clock_due: tuple[int, float] | None = None  # whose card is due, and when
        self.ready: set[int] = set()  # who went on after a round's end
        self.all_ready: asyncio.Event | None = None  # set while the table rests
        self._held_notes: dict[int, tuple[str, str, float | None, int]] = {}

    # -- what the lobby shows ---------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.state == "playing"

    def seat_names(self) -> list[str | None]:
        """By seat: the name of whoever has it (a bot, a person present or not), or None
        for a seat anyone may take."""
        names = self.names()
        return [None if self.is_free(i) else names[i] for i in range(self.rules.players)]

    def is_free(self, i: int) -> bool:
        if i in self.bots:
            return False
        held = self.seats[i]
        return held is None or not held.person  # a seat left mid-match is free again

    def seat_info(self) -> list[dict[str, Any]]:
        """What the lobby shows of each seat (an optional field of ``tables``)."""
        names = self.names()
        out: list[dict[str, Any]] = []
        for i, held in enumerate(self.seats):
            grace = None
            if i in self.bots:
                kind = "bot"
            elif self.is_free(i) and held is not None and self.playing:
                kind = "open"  # left mid-match: a bot plays it until a person takes it
            elif self.is_free(i):
                kind = "free"
            else:
                assert held is not None
                left = held.grace_left()
                if left is not None:
                    kind, grace = "away", int(left + 0.999)
                elif held.away:
                    kind = "held"  # a bot plays for the person until they are back
                else:
                    kind = "bot" if held.program else "person"
            info = {"kind": kind, "name": None if kind == "free" else names[i], "grace_s": grace}
            if kind in ("away", "held") and held is not None and held.program:
                info["bot"] = True  # a program's seat, away: still marked as a bot
            out.append(info)
        return out

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.name,
            "players": self.rules.players,
            "variant": self.rules.variant,
            "target": self.rules.target,
            "pack": self.rules.pack,
            "state": self.state,
            "seats": self.seat_names(),
            "seat_info": self.seat_info(),
            "spectators": len(self.spectators),
            "private": self.private,
        }

    def held_from(self, address: str) -> bool:
        """Whether a connection from ``address`` made this table or sits at it."""
        creator = getattr(self.creator, "address", None)
        return creator == address or any(
            s is not None and s.link is not None and s.link.peer.rpartition(":")[0] == address
            for s in self.seats
        )

    def free_seats(self) -> list[int]:
        return [i for i in range(self.rules.players) if self.is_free(i)]

    @property
    def deserted(self) -> bool:
        """No person has a seat (present or held for them) and its creator has gone:
        nobody would play another card of it (watchers alone do not keep a table)."""
        people = any(s is not None and s.person for s in self.seats)
        return not people and not self.creator

    @property
    def private(self) -> bool:
        return bool(self.code or self.code_kept)

    # -- telling the table ------------------------------------------------------------

    def links(self) -> list[TcpLink]:
        seated = [s.link for s in self.seats if s is not None and s.link is not None]
        return seated + list(self.spectators)

    def broadcast(self, msg: Message) -> None:
        data = encode(msg)
        self.active = asyncio.get_running_loop().time()
        for link in self.links():
            link.send(data)

    def announce(
        self,
        code: str,
        seat: int | None,
        text: str,
        *,
        seconds: float | None = None,
        was: str | None = None,
    ) -> None:
        """A ``notice`` to everyone at the table.  A seat's comings and goings are
        rate limited: past a few in a row, only the latest is told, a little later."""
        if seat is not None and code in FLAPS:
            bucket = self._flaps.setdefault(seat, TokenBucket(FLAP_RATE, FLAP_BURST))
            if not bucket.take():
                self._hold(seat, code, text, seconds, 1 / FLAP_RATE)
                return
        if seat is not None and not self._notices.take():  # the table's limit: merged too
            self._hold(-1 - seat, code, text, seconds, 1 / TABLE_RATE)  # apart from the above
            return
        self._tell(code, seat, text, seconds, was)

    def _hold(self, key: int, code: str, text: str, seconds: float | None, delay: float) -> None:
        """Keep the latest notice under ``key``, told after ``delay`` with how many merged."""
        first = key not in self._held_notes
        merged = self._held_notes.get(key, ("", "", None, 0))[3] + 1
        self._held_notes[key] = (code, text, seconds, merged)
        if first:
            asyncio.get_running_loop().call_later(delay, self._told_late, key)

    def _told_late(self, key: int) -> None:
        code, text, seconds, merged = self._held_notes.pop(key)
        seat = key if key >= 0 else -1 - key
        self._tell(code, seat, f"{text} ({merged} notices merged)", seconds)

    def _tell(
        self,
        code: str,
        seat: int | None,
        text: str,
        seconds: float | None,
        was: str | None = None,
        count: int = 0,
    ) -> None:
        name = None
        if seat is not None:
            held = self.seats[seat]
            name = held.name if held is not None else self.names()[seat]
        log.info("table %s: %s: %s", self.name, code, printable(text, 200))
        msg: Message = {"type": "notice", "code": code, "seat": seat, "name": name, "text": text}
        if seconds is not None:
            msg["seconds"] = seconds
        if was is not None:  # the seat changed hands: whose it was
            msg["was"] = was
        if count:
            msg["count"] = count
        self.broadcast(msg)

    def clock(self, seat: int, due: float | None) -> None:
        """A person's card is due at ``due`` (loop time; None: no longer): everyone at
        the table is told the time left (``clock``), so that every screen counts down
        to the same moment; a snapshot carries it too."""
        self.clock_due = None if due is None else (seat, due)
        if due is not None:
            self.broadcast({"type": "clock", "seat": seat, "ms": self._left_ms(due)})

    @staticmethod
    def _left_ms(due: float) -> int:
        return max(0, int((due - asyncio.get_running_loop().time()) * 1000))

    def mark(self, line: Message) -> None:
        """A line of the table's own into the match's record: who plays a seat, pauses.
        A seat's drops and returns are kept up to a bound a match (a flapping client
        must not fill the disk)."""
        if self.record is None or not self.playing or self.ending or self.pausing:
            return  # (a stop drops every connection: no line for each after the pause)
        if line["type"] in ("dropped", "resumed"):
            count = self._marks.get(line["seat"], 0)
            if count >= MARKS_PER_SEAT:
                return
            self._marks[line["seat"]] = count + 1
        self.record.write(line)

    def chat(self, seat: int | None, name: str, text: str) -> bool:
        """A chat line to the table; False when the table's chat limit drops it (the
        table is told how many were dropped, once, a little later)."""
        if not self._chats.take():
            self._chat_dropped += 1
            if self._chat_dropped == 1:
                asyncio.get_running_loop().call_later(1 / TABLE_RATE, self._chat_told)
            return False
        self.broadcast({"type": "chat", "seat": seat, "name": name, "text": text})
        return True

    def _chat_told(self) -> None:
        dropped, self._chat_dropped = self._chat_dropped, 0
        text = (
            f"{dropped} chat lines were dropped: the table takes {TABLE_BURST:g} in a row, "
            "then one a second"
        )
        self._tell("chat_dropped", None, text, None, count=dropped)

    def state_for(self, seat: int | None) -> Message | None:
        """The snapshot of the round in progress, as ``seat`` may see it (None: a spectator)."""
        r = self.round
        if r is None or r.over:
            return None
        obs = observe(r, r.to_move if seat is None else seat)
        msg = turn_message(obs, 0, 0)
        for key in ("id", "time_ms"):
            del msg[key]
        msg["type"] = "state"
        msg["to_move"] = r.to_move
        for pair in msg["trick"]:  # a card on the table a stand-in chose: as ``played`` says
            if pair["card"] in self.bot_cards:
                pair["standin"] = True
        if self.clock_due is not None and self.clock_due[0] == r.to_move:
            msg["time_left_ms"] = self._left_ms(self.clock_due[1])
        if seat is None:
            msg["hand"] = []
            msg["seat"] = None
            for key in ("legal", "known"):
                msg.pop(key, None)
        return msg

    def watch(self, link: TcpLink, name: str) -> None:
        self.spectators[link] = name
        if self.playing:
            link.send(self.match_start(None))
            state = self.state_for(None)
            if state is not None:
                link.send(state)

    def match_start(self, seat: int | None) -> Message:
        msg = MatchInfo(0, self.rules, self.names(), self.move_ms).to_message()
        msg["seat"] = seat
        return msg

    @property
    def move_ms(self) -> int:
        return int(self.config.turn_timeout * 1000)

    def names(self) -> tuple[str, ...]:
        """The names at the table, by seat: a person's, or a bot's (a name of its own
        and its spec, as ``briscola play`` gives them: "Marco (expert)")."""
        seats = enumerate(self.seats)
        people = {i: s.name for i, s in seats if s is not None and i not in self.bots}
        bots = iter(bot_names(len(self.bots), people.values()))  # none looks like a person's
        out = []
        for i in range(self.rules.players):
            spec = self.bots.get(i)
            out.append(f"{next(bots)} ({spec.text})" if spec is not None else people.get(i, "?"))
        return tuple(out)
