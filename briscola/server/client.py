"""The lobby's side of one connection: its requests.

A :class:`Client` is made for each connection the server lets in.  Its
lines come through the connection's :class:`~briscola.protocol.tcp.TcpLink`:
first the ``hello`` (a name, and ``kind: "bot"`` for a program), then the
lobby's requests (``list``, ``create``, ``join``, ``watch``, ``resume``,
``leave``, ``rematch``, ``here``, ``next``, ``chat``), each answered here or
refused with an ``error`` whose code is in docs/protocol.md; once the client
holds a seat, everything else goes to the seat's protocol host.  The
connection's own limits are here too: the handshake's and the lobby's idle
time (one timer), its chat rate, its matches a minute.  What the server as a
whole admits (connections, tables, private codes, the records folder) is the
lobby's (:mod:`.lobby`).  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from ..engine.text import printable
from ..protocol import PROTOCOL_VERSION
from ..protocol.messages import Message, ProtocolError, error
from ..protocol.tcp import TcpLink, TokenBucket
from ..words.names import NAME_CHARS, name_problem
from .config import ServerConfig
from .seat import TOKEN_CHARS, NetSeat, token_hash
from .specs import LobbyError
from .table import Table

__all__ = ["CHAT_BURST", "CHAT_RATE", "REQUESTS", "Client", "ClientsServer"]

log = logging.getLogger("briscola.server")

CHAT_CHARS = 500
LOGGED = 3  # refusals of a connection logged at info level
CHAT_RATE, CHAT_BURST = 0.5, 5.0  # a connection's chat lines, and an address's


def _name(msg: Message, key: str, what: str, *, seat: bool = True) -> str | None:
    """A name a client gives (its own; a table's, which may be left out): the one check
    of :func:`~..words.names.name_problem`."""
    value = msg.get(key)
    if value is None and not seat:
        return None
    if not isinstance(value, str):
        raise LobbyError("bad_message", f"{what} must be a string, got {value!r}")
    problem = name_problem(value.strip(), what, seat=seat)
    if problem is not None:
        raise LobbyError("bad_message", problem)
    return value.strip()


class ClientsServer(Protocol):
    """What a client needs of its server (the lobby's :class:`~.lobby.Server` is one):
    the client is told of its server, it does not import the lobby."""

    clients: set[Client]
    tables: dict[str, Table]

    @property
    def config(self) -> ServerConfig: ...

    def seat_of(self, client: Client) -> NetSeat[Table] | None: ...

    def seat_by_token(self, sha: str) -> NetSeat[Table] | None: ...

    def listing(self) -> dict[str, Any]: ...

    def find(self, name: object) -> Table: ...

    def guard_code(self, table: Table, client: Client, code: object) -> None: ...

    def may_create(self, client: Client) -> None: ...

    def create(self, msg: Message) -> tuple[Table, str]: ...

    def records_room(self) -> None: ...

    def chat_bucket(self, address: str) -> TokenBucket: ...

    def tidy(self, table: Table) -> None: ...


class Client:
    """The lobby's side of one connection."""

    def __init__(self, server: ClientsServer, link: TcpLink) -> None:
        self.server = server
        self.link = link
        self.name: str | None = None
        self.program = False  # its hello said kind "bot": the lobby shows its seat as a bot's
        self.seat: NetSeat[Table] | None = None
        self.watching: Table | None = None
        loop = asyncio.get_running_loop()
        self.born = self.last = loop.time()
        self.chat_bucket = TokenBucket(CHAT_RATE, CHAT_BURST)
        self.starts: deque[float] = deque(maxlen=server.config.matches_per_minute)
        self.refusals = 0  # lines refused; the first few are logged
        self._timer: asyncio.TimerHandle | None = None

    @property
    def table(self) -> Table | None:
        return self.seat.table if self.seat is not None else self.watching

    @property
    def address(self) -> str:
        return self.link.peer.rpartition(":")[0] or "?"

    # -- lines from the client ----------------------------------------------------

    def route(self, msg: Message | ProtocolError) -> bool:
        """Handle a lobby message; False to pass it on to the seat's protocol host."""
        try:
            return self._route(msg)
        finally:
            self.last = asyncio.get_running_loop().time()
            if not self.link.closed:
                self.arm()

    def _route(self, msg: Message | ProtocolError) -> bool:
        seat = self.server.seat_of(self)
        if seat is not None:
            seat.present()  # any line: a person away after a timeout is back
        if isinstance(msg, ProtocolError):  # a line that could not be read
            if self.server.seat_of(self) is not None:
                return False  # the seat's host answers it, with the turn's id
            self.link.send(error(msg.code, msg.message))
            return True
        kind = msg["type"]
        if self.name is None:
            self._hello(msg)
            return True
        handler = REQUESTS.get(kind)
        if handler is None:
            if self.seat is not None and self.server.seat_of(self) is not None:
                return False
            if kind in ("play", "exchange", "info"):
                self._refuse(msg, "not_seated", f"{kind!r} is for a seat's match: you hold no seat")
            elif kind == "hello":
                self._refuse(msg, "bad_message", "'hello' comes once, at the start")
            else:
                self._refuse(
                    msg,
                    "unknown_type",
                    f"unknown message type {printable(kind, 40)!r}; the lobby takes "
                    + ", ".join(sorted(REQUESTS)),
                )
            return True
        try:
            if kind != "chat":
                _request_id(msg)
            handler(self, msg)
        except LobbyError as err:
            self._refuse(msg, err.code, err.message)
        except Exception:  # a bug of ours: said, logged, and the connection goes on
            log.exception("%s: %s failed", self.link.peer, printable(kind, 20))
            self._refuse(msg, "internal", f"the server could not handle {kind!r}; it is logged")
        return True

    def _refuse(self, msg: Message, code: str, message: str) -> None:
        self.refusals += 1
        # Before hello nothing a peer sends is logged (its close says how many were
        # refused); after it, the first few refusals, then only at debug level.
        level = logging.INFO if self.name is not None and self.refusals <= LOGGED else logging.DEBUG
        log.log(level, "%s: refused %s: %s", self.link.peer, printable(str(msg["type"]), 20), code)
        msg_id = msg.get("id")
        ok = isinstance(msg_id, int) and not isinstance(msg_id, bool)
        self.link.send(error(code, message, msg_id if ok else None))

    def answer(self, msg: Message, kind: str, **fields: Any) -> None:
        self.link.send({"type": kind, "id": msg["id"], **fields})

    def _hello(self, msg: Message) -> None:
        if msg["type"] != "hello":
            self._refuse(msg, "bad_message", "answer the server's hello first (id 1)")
            return
        if msg.get("id") != 1:
            self._refuse(msg, "unknown_id", f"hello answers id 1, got {msg.get('id')!r}")
            return
        version = msg.get("protocol")
        if type(version) is not int or version != PROTOCOL_VERSION:  # 1.0 and true are not 1
            self.link.send(
                error(
                    "unsupported_protocol",
                    f"this server speaks protocol {PROTOCOL_VERSION} only, got {version!r}",
                    1,
                )
            )
            self.link.bye("unsupported_protocol", "protocol version 1 only")
            return
        try:
            self.name = _name(msg, "name", "a name")
        except LobbyError as err:
            self._refuse(msg, err.code, err.message)
            return
        self.program = msg.get("kind") == "bot"  # optional; without it, a person
        log.info("%s is %s", self.link.peer, printable(self.name or "", NAME_CHARS))

    # -- the requests ---------------------------------------------------------------

    def list_tables(self, msg: Message) -> None:
        self.answer(msg, "tables", **self.server.listing())

    def create(self, msg: Message) -> None:
        self.server.may_create(self)
        self.may_start()
        table, code = self.server.create(msg)
        table.creator = table.budget = self
        self.answer(msg, "created", table=table.name, **({"code": code} if code else {}))

    def join(self, msg: Message) -> None:
        if self.seat is not None:
            raise LobbyError(
                "already_seated", f"you hold seat {self.seat.seat} already; leave first"
            )
        table = self.server.find(msg.get("table"))
        self.server.guard_code(table, self, msg.get("code"))
        self.may_start()
        self.stop_watching()
        assert self.name is not None
        seat, token, name = table.join(
            self.link, self.name, msg.get("seat"), msg.get("code"), program=self.program
        )
        self.seat = table.seats[seat]
        # Flushed now: the answer goes out before the match_start a last seat sets off.
        self.answer(msg, "joined", table=table.name, seat=seat, token=token, name=name)
        self.link.flush()

    def watch(self, msg: Message) -> None:
        table = self.server.find(msg.get("table"))
        self.server.guard_code(table, self, msg.get("code"))
        if self.seat is not None:
            raise LobbyError("already_seated", "you hold a seat; leave it to watch another table")
        self.stop_watching()
        self.answer(msg, "watching", table=table.name)
        self.link.flush()
        self.watching = table
        assert self.name is not None
        table.watch(self.link, self.name)

    def resume(self, msg: Message) -> None:
        token = msg.get("token")
        if not isinstance(token, str) or not token:
            raise LobbyError("bad_message", "resume needs the 'token' that join gave")
        if len(token) != TOKEN_CHARS:  # refused before any work: no hash of 64 KiB
            raise LobbyError("bad_token", f"a token is {TOKEN_CHARS} characters, as join gave it")
        held = self.server.seat_by_token(token_hash(token))
        if held is None:
            raise LobbyError("bad_token", "no seat has this token (it may have been given up)")
        if self.seat is not None and self.seat is not held:
            raise LobbyError(
                "already_seated", f"you hold seat {self.seat.seat} already; leave it first"
            )
        table = held.table
        self.stop_watching()
        old = held.link
        self.answer(msg, "resumed", table=table.name, seat=held.seat)
        self.link.flush()
        table.resume(self.link, held, program=self.program)
        self.seat = held
        for other in self.server.clients:
            if other is not self and other.seat is held and other.link is old:
                other.seat = None

    def leave(self, msg: Message) -> None:
        if self.seat is not None:
            seat, self.seat = self.seat, None
            seat.table.leave(seat)
            if seat.table.creator is self and seat.table.playing:
                # Its creator left the match: it no longer keeps the table (bots would
                # play it out under the person's name, "won (complete)"); with no other
                # person seated the match ends as deserted, its record says why.
                seat.table.creator = None
            self.server.tidy(seat.table)
        elif self.watching is not None:
            self.stop_watching()
        else:
            raise LobbyError("not_seated", "you are at no table")
        self.answer(msg, "left")

    def here(self, msg: Message) -> None:
        """A person away after a timeout takes the seat back (any line does; this one
        says so and is answered)."""
        if self.seat is None:
            raise LobbyError("not_seated", "you hold no seat")
        self.answer(msg, "here", seat=self.seat.seat, away=self.seat.away)

    def go_on(self, msg: Message) -> None:
        """After a round's end: this person has read it; the next round may come."""
        if self.seat is None:
            raise LobbyError("not_seated", "you hold no seat")
        self.seat.table.go_on(self.seat.seat)
        self.answer(msg, "next")

    def ask_rematch(self, msg: Message) -> None:
        if self.seat is None:
            raise LobbyError("not_seated", "only a seated player can ask for a rematch")
        table = self.seat.table
        # After a match, also when someone left meanwhile (the table waits for a person).
        after = (
            table.state == "done" or table.ending or (table.state == "waiting" and table.matches)
        )
        if not after:
            raise LobbyError("bad_message", f"table {table.name!r} is {table.state}, not done")
        self.may_start()
        self.server.records_room()
        # A rematch that starts now does so in a task: the answer still goes out first.
        waiting = table.ask_rematch(self.seat)
        # free: seats a new person must take before the rematch starts (someone left)
        self.answer(msg, "rematching", waiting=waiting, free=table.free_seats())
        self.link.flush()

    def chat(self, msg: Message) -> None:
        table = self.table
        if table is None:
            raise LobbyError("not_seated", "join or watch a table to chat")
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            raise LobbyError("bad_message", "chat needs a non-empty string 'text'")
        if len(text) > CHAT_CHARS:
            raise LobbyError(
                "bad_message", f"a chat line is at most {CHAT_CHARS} characters, got {len(text)}"
            )
        if not (self.chat_bucket.take() and self.server.chat_bucket(self.address).take()):
            raise LobbyError(
                "rate_limited", "chat: 5 lines in a row, then one every 2 s, per address too"
            )
        seat = self.seat.seat if self.seat is not None else None
        assert self.name is not None
        # "Giulia 2" at the table: a seat's name is its own; a spectator's, unlike any other
        name = self.seat.name if self.seat is not None else table.spectator_name(self.link)
        if not table.chat(seat, name, printable(text.strip(), CHAT_CHARS)):
            raise LobbyError("rate_limited", "the table's chat is full; a notice counts the rest")

    def may_start(self) -> None:
        """A connection takes part in so many matches a minute at most (a script that
        churns matches fills the host's disk with records)."""
        starts = self.starts
        now = asyncio.get_running_loop().time()
        if starts.maxlen and len(starts) == starts.maxlen and now - starts[0] < 60:
            raise LobbyError(
                "rate_limited",
                f"at most {starts.maxlen} matches a minute per connection; "
                f"try again in {60 - (now - starts[0]):.0f} s",
            )

    # -- the end of a connection ------------------------------------------------------

    def stop_watching(self) -> None:
        if self.watching is not None:
            table, self.watching = self.watching, None
            table.spectators.pop(self.link, None)
            self.server.tidy(table)

    def gone(self) -> None:
        self.stop_watching()
        if self.seat is not None:
            seat, self.seat = self.seat, None
            seat.dropped(self.link)  # held for the grace, then free (or a bot plays)
            self.server.tidy(seat.table)
        for table in list(self.server.tables.values()):
            if table.creator is self:
                table.creator = None
                self.server.tidy(table)

    async def run(self) -> None:
        """Wait for the end of the connection, closing it at the handshake and idle limits."""
        self.arm()
        try:
            await self.link.ended
        finally:
            if self._timer is not None:
                self._timer.cancel()

    def arm(self) -> None:
        """Set the one timer a connection has: the handshake's, or the lobby's idle one."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        cfg = self.server.config
        loop = asyncio.get_running_loop()
        if self.name is None:
            due = self.born + cfg.handshake_timeout
        elif self.watching is not None:  # a table's news keeps its reader
            due = max(self.last, self.watching.active) + cfg.idle_timeout
        elif self.table is None:
            due = self.last + cfg.idle_timeout
        else:
            return  # at a table: the seat's own limits apply
        self._timer = loop.call_at(due, self._expired)

    def _expired(self) -> None:
        self._timer = None
        cfg = self.server.config
        if self.name is None:
            self.link.bye("handshake_timeout", f"no hello within {cfg.handshake_timeout:g} s")
        elif self.watching is not None:
            quiet = asyncio.get_running_loop().time() - max(self.last, self.watching.active)
            if quiet < cfg.idle_timeout:
                self.arm()  # the table spoke meanwhile
            else:
                self.link.bye(
                    "idle", f"no message for {cfg.idle_timeout:g} s from you or the table"
                )
        elif self.table is None:
            self.link.bye("idle", f"no message for {cfg.idle_timeout:g} s in the lobby")


REQUESTS: dict[str, Callable[[Client, Message], None]] = {
    "list": Client.list_tables,
    "create": Client.create,
    "join": Client.join,
    "watch": Client.watch,
    "resume": Client.resume,
    "leave": Client.leave,
    "rematch": Client.ask_rematch,
    "here": Client.here,
    "next": Client.go_on,
    "chat": Client.chat,
}


def _request_id(msg: Message) -> None:
    msg_id = msg.get("id")
    if not isinstance(msg_id, int) or isinstance(msg_id, bool):
        raise LobbyError("bad_message", f"{msg['type']!r} needs an integer 'id', got {msg_id!r}")
