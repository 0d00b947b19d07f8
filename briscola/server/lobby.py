"""The LAN server: connections, the lobby's requests, limits, shutdown and restart.

:class:`Server` accepts TCP connections (asyncio streams, one task each,
tracked so that shutdown can end them), greets each with ``hello`` and gives
it a :class:`Client`: the lobby's side of one connection.  A client's lines
come through its :class:`~briscola.protocol.tcp.TcpLink`; lobby requests
(``list``, ``create``, ``join``, ``watch``, ``resume``, ``leave``,
``rematch``, ``chat``) are answered here, and once the client holds a seat
everything else goes to the seat's protocol host.  Every refusal is an
``error`` with a code of docs/protocol.md; a client can never end the
server or another table.  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.records import dump_line, event_line
from ..engine.replay import RecordError, Resumable, resume_point
from ..engine.rules import RulesError, TableRules
from ..engine.text import printable
from ..protocol import PROTOCOL_VERSION
from ..protocol.host import SOFTWARE
from ..protocol.messages import Message, ProtocolError, error, hello
from ..protocol.tcp import TcpLink, TokenBucket
from ..words.names import NAME_CHARS, looks_alike, name_problem
from .config import ServerConfig
from .disk import Disk, private_folder
from .pool import BotPool
from .seat import TOKEN_CHARS, NetSeat, token_hash
from .table import LobbyError, Table, bot_spec, capped

__all__ = ["Client", "Server"]

log = logging.getLogger("briscola.server")

SEAT_KEY = re.compile(r"[0-9]")
CHAT_CHARS = 500


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


def _text(msg: Message, key: str, limit: int, what: str, *, required: bool = True) -> str | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise LobbyError("bad_message", f"{what} must be a non-empty string, got {value!r}")
    value = value.strip()
    if len(value) > limit:
        raise LobbyError("bad_message", f"{what} is at most {limit} characters, got {len(value)}")
    if printable(value) != value:
        raise LobbyError("bad_message", f"{what} may not hold control characters")
    return value


class Client:
    """The lobby's side of one connection."""

    def __init__(self, server: Server, link: TcpLink) -> None:
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
        seat, token, name = table.join(self.link, self.name, msg.get("seat"), msg.get("code"))
        self.seat = held = table.seats[seat]
        assert held is not None
        held.program = self.program
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
        table.watch(self.link)

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
        table.resume(self.link, held)
        self.seat = held
        held.program = self.program
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
        # "Giulia 2" at the table: a seat's name is its own; a spectator's, unlike any seat's
        name = self.seat.name if self.seat is not None else table.spectator_name(self.name)
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
            table.spectators.discard(self.link)
            self.server.tidy(table)

    def gone(self) -> None:
        self.stop_watching()
        if self.seat is not None:
            seat, self.seat = self.seat, None
            seat.dropped(self.link)
            if seat.link is None:
                seat.table.vacate(seat)
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


# Letters and digits nobody mistakes for one another when a code is read out across a
# room (no I, 1, O, 0): 32 of them, 12 in groups of 4, 60 bits.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def made_code() -> str:
    """A private table's code the server makes: e.g. ``K7MX-Q2PA-9WDE``."""
    chars = "".join(secrets.choice(CODE_LETTERS) for _ in range(12))
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))


def _request_id(msg: Message) -> None:
    msg_id = msg.get("id")
    if not isinstance(msg_id, int) or isinstance(msg_id, bool):
        raise LobbyError("bad_message", f"{msg['type']!r} needs an integer 'id', got {msg_id!r}")


ADDRESS_GUESSES, TABLE_GUESSES = 5, 10  # wrong codes before the pauses begin
GUESS_PAUSE_S, GUESS_PAUSE_MAX_S = 2.0, 600.0
GUESS_KEYS = 10_000  # what a flood of addresses can make the server hold
LOGGED = 3  # refusals of a connection logged at info level
CHAT_RATE, CHAT_BURST = 0.5, 5.0  # a connection's chat lines, and an address's
TOKENS_KEPT = 24  # token hashes per table slot before the ended ones are forgotten


class Backoff:
    """Wrong tries by key: after ``free`` of them, each costs a pause that doubles."""

    def __init__(self) -> None:
        self.tries: dict[str, tuple[int, float]] = {}  # key: (wrong tries, refused until)

    def wait(self, key: str, now: float) -> float:
        return self.tries.get(key, (0, 0.0))[1] - now

    def failed(self, key: str, now: float, free: int) -> None:
        count = self.tries.pop(key, (0, 0.0))[0] + 1
        until = now
        if count >= free:
            until = now + min(GUESS_PAUSE_MAX_S, GUESS_PAUSE_S * 2 ** (count - free))
        if len(self.tries) >= GUESS_KEYS:  # the oldest go first (dicts keep order)
            del self.tries[next(iter(self.tries))]
        self.tries[key] = (count, until)


class Server:
    """The LAN server; see the module docstring."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.pool = BotPool(config.workers)
        self.disk = Disk()
        self.standin = bot_spec(config.standin)  # read once: every seat makes one per match
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self.matches: set[asyncio.Task[None]] = set()
        self.handlers: set[asyncio.Task[Any]] = set()
        self.per_address: Counter[str] = Counter()
        self.by_link: dict[TcpLink, Client] = {}
        self.chats: dict[str, TokenBucket] = {}  # by address
        self.records_bytes = 0  # in the records folder at start; the disk counts the rest
        self.guesses = Backoff()
        self.tokens: dict[str, NetSeat[Table]] = {}  # by the token's hash
        self.port = 0
        self.numbered = 0
        self.stopping = False
        self._server: asyncio.Server | None = None

    async def start(self, warm: bool = False) -> None:
        """Listen (reopening the tables of unfinished records first); with ``warm`` the
        bot workers start before the first table needs them."""
        if warm:
            await self.pool.warm()
        private_folder(self.config.records)
        self.records_bytes = _folder_bytes(self.config.records)
        self.restore()
        cfg = self.config
        self._server = await asyncio.get_running_loop().create_server(
            lambda: TcpLink(
                rate=cfg.rate, burst=cfg.burst, max_buffer=cfg.max_buffer, on_connect=self._accept
            ),
            cfg.host,
            cfg.port,
            backlog=min(4096, max(100, cfg.max_connections)),
        )
        self.port = self._server.sockets[0].getsockname()[1]
        log.debug("listening on %s:%d", self.config.host, self.port)  # run.py prints it

    # -- connections ----------------------------------------------------------------

    def _accept(self, link: TcpLink) -> None:
        """A connection came: its handler runs as a task of its own, tracked."""
        task = asyncio.get_running_loop().create_task(self._connected(link))
        self.handlers.add(task)
        task.add_done_callback(self.handlers.discard)

    async def _connected(self, link: TcpLink) -> None:
        cfg = self.config
        link.label = f"client {link.peer}"
        address = link.peer.rpartition(":")[0] or "?"
        full = len(self.clients) >= cfg.max_connections
        if full and not self.per_address[address]:
            full = not self._make_room()  # a new address always gets in
        if full or self.per_address[address] >= cfg.max_per_address:
            log.info("refused %s: too many connections", link.peer)
            link.send(error("too_many_connections", "the server is full; try again later"))
            link.bye("too_many_connections", "the server is full")
            await link.close(bye=False)
            return
        client = Client(self, link)
        link.route = client.route
        link.keeps_info = False  # until a seat's host takes the link: see NetSeat
        self.clients.add(client)
        self.by_link[link] = client
        self.per_address[address] += 1
        log.debug("connection from %s", link.peer)
        try:
            link.start()
            link.send(hello(1, SOFTWARE), now=True)
            await client.run()
        finally:
            client.gone()
            self.clients.discard(client)
            self.by_link.pop(link, None)
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            await link.close(bye=False)
            why = [link.why] if link.why else []
            if client.refusals:
                why.append(f"{client.refusals} lines refused")
            # The one line of a connection that never said hello.
            log.info("%s closed%s", link.peer, f" ({', '.join(why)})" if why else "")

    def register(self, seat: NetSeat[Table]) -> None:
        """A seat got a token: it is found by the token's hash, in one look-up."""
        self.tokens[seat.token_sha] = seat
        if len(self.tokens) > TOKENS_KEPT * self.config.max_tables:  # forget the old ones
            self.tokens = {s.token_sha: s for t in self.tables.values() for s in t.seats
                           if s is not None and s.token_sha}  # fmt: skip

    def seat_by_token(self, sha: str) -> NetSeat[Table] | None:
        seat = self.tokens.get(sha)
        if seat is None or seat.token_sha != sha:
            return None
        table = seat.table
        if self.tables.get(table.name) is not table or table.seats[seat.seat] is not seat:
            return None  # a seat of a match that ended, or of a table that went
        return seat

    def _make_room(self) -> bool:
        """The server is full and a new address calls: the address with the most
        connections lets go of its longest idle one that holds no seat."""
        heavy = [c for c in self.clients if c.seat is None and not c.link.closed
                 and self.per_address[c.address] > 1]  # fmt: skip
        if not heavy:
            return False
        most = max(self.per_address[c.address] for c in heavy)
        victim = min((c for c in heavy if self.per_address[c.address] == most),
                     key=lambda c: max(c.last, c.watching.active if c.watching else 0))  # fmt: skip
        log.info("%s: closed to let a new address in", victim.link.peer)
        victim.link.bye("full", "the server is full; a connection from a new address needed room")
        return True

    def chat_bucket(self, address: str) -> TokenBucket:
        bucket = self.chats.get(address)
        if bucket is None:
            if len(self.chats) >= GUESS_KEYS:
                del self.chats[next(iter(self.chats))]
            bucket = self.chats[address] = TokenBucket(CHAT_RATE, CHAT_BURST)
        return bucket

    def started(self, table: Table) -> None:
        """A match starts at ``table``: it counts for each connection seated there."""
        now = asyncio.get_running_loop().time()
        for held in table.seats:
            client = self.by_link.get(held.link) if held is not None and held.link else None
            if client is not None:
                client.starts.append(now)

    def records_room(self) -> None:
        """The records folder's bound: past it no new match is made (none is deleted)."""
        used = self.records_bytes + self.disk.written
        limit = self.config.records_max_mb * 1024 * 1024
        if used >= limit:
            raise LobbyError(
                "records_full",
                f"the host's records folder is full ({used // 2**20} of "
                f"{self.config.records_max_mb} MB): no new tables until the host makes room "
                "(serve --records-max-mb)",
            )

    def seat_of(self, client: Client) -> NetSeat[Table] | None:
        seat = client.seat
        return seat if seat is not None and seat.link is client.link else None

    # -- tables -----------------------------------------------------------------------

    def listing(self) -> dict[str, Any]:
        return {
            "tables": [t.summary() for t in self.tables.values()],
            "waiting": sorted(c.name for c in self.clients if c.name and c.table is None),
        }

    def find(self, name: object) -> Table:
        if not isinstance(name, str) or name not in self.tables:
            raise LobbyError("no_such_table", f"there is no table {name!r}; 'list' shows them")
        return self.tables[name]

    def guard_code(self, table: Table, client: Client, code: object) -> None:
        """A private table's code, checked with the guesses limited per table and per
        address: a few wrong ones, then a pause that doubles with each."""
        if not table.private:
            return
        keys = (f"{table.number}|{client.address}", f"{table.number}|*")
        now = asyncio.get_running_loop().time()
        wait = max(self.guesses.wait(key, now) for key in keys)
        if wait > 0:
            raise LobbyError(
                "rate_limited",
                f"too many wrong codes for {table.name!r}; try again in {wait:.0f} s",
            )
        try:
            table.check_code(code)
        except LobbyError:
            self.guesses.failed(keys[0], now, free=ADDRESS_GUESSES)
            self.guesses.failed(keys[1], now, free=TABLE_GUESSES)
            raise

    def create(self, msg: Message) -> tuple[Table, str]:
        if len(self.tables) >= self.config.max_tables:
            raise LobbyError(
                "too_many_tables", f"the server holds {self.config.max_tables} tables at most"
            )
        name = _name(msg, "table", "a table's name", seat=False)
        if name is None:
            name = next(f"table-{i}" for i in range(1, 10**6) if f"table-{i}" not in self.tables)
        alike = next((t for t in self.tables if looks_alike(t, name)), None)
        if alike is not None:
            raise LobbyError("table_exists", f"there is a table {alike!r} already")
        try:
            rules = TableRules(
                players=msg.get("players", 2),
                target=msg.get("target", 1),
                variant=msg.get("variant", "italian"),
                pack=msg.get("pack", 0),
            )
        except (RulesError, TypeError) as err:
            raise LobbyError("bad_message", str(err)) from None
        made = msg.get("code") is True  # the server makes one nobody can guess
        code = made_code() if made else _text(msg, "code", NAME_CHARS, "code", required=False)
        bots_msg = msg.get("bots") or {}
        if not isinstance(bots_msg, dict):
            raise LobbyError("bad_message", "bots is an object from seat number to a bot spec")
        bots = {}
        for key, text in bots_msg.items():
            # ASCII digits only: "²".isdigit() holds, and int() of it raises.
            if not (SEAT_KEY.fullmatch(key) and int(key) < rules.players):
                raise LobbyError(
                    "bad_message", f"bots: seat {key!r} is not a seat 0..{rules.players - 1}"
                )
            bots[int(key)] = capped(bot_spec(text), rules.players)
        if len(bots) >= rules.players:
            raise LobbyError("bad_message", "leave at least one seat free for a person")
        self.numbered += 1
        table = Table(self, name, rules, code=code, bots=bots, number=self.numbered)
        self.tables[name] = table
        table.place()
        log.info("table %s created (%d players, %s)", name, rules.players, rules.variant)
        return table, code if made and code else ""

    def may_create(self, client: Client) -> None:
        """A connection, or an address, holds only a few tables that have not started,
        and an address only its share of all tables: idle clients, or one guest's many
        connections, must not hold every table slot."""
        self.records_room()
        cfg = self.config
        address = client.address
        unstarted = [t for t in self.tables.values() if t.matches == 0 and t.creator]
        mine = sum(t.creator is client for t in unstarted)
        theirs = sum(isinstance(t.creator, Client) and t.creator.address == address
                     for t in unstarted)  # fmt: skip
        # Say which limit was reached: the host's option lifts only the one per address.
        if mine >= cfg.unstarted_per_connection:
            raise LobbyError(
                "too_many_unstarted",
                f"this connection has {mine} tables waiting for players, at most "
                f"{cfg.unstarted_per_connection} per connection until one starts; "
                "make more from another connection",
            )
        if theirs >= cfg.unstarted_per_address:
            raise LobbyError(
                "too_many_unstarted",
                f"your address has {theirs} tables waiting for players, at most "
                f"{cfg.unstarted_per_address} until one starts "
                "(the host sets it: serve --unstarted-per-address)",
            )
        share = max(cfg.max_tables // 4, cfg.unstarted_per_address)
        held = sum(t.held_from(address) for t in self.tables.values())
        if held >= share:
            raise LobbyError(
                "too_many_tables_here",
                f"your address is at {held} tables, made or seated; one address holds at "
                f"most {share} of the server's {cfg.max_tables}",
            )

    def tidy(self, table: Table) -> None:
        """A table nobody is at goes: a match in progress there ends (its record says
        why), since no person would see another card of it."""
        if self.stopping or not table.deserted or self.tables.get(table.name) is not table:
            return  # a stop keeps every table for the next start
        if table.task is not None and not table.task.done():
            table.task.cancel()
        del self.tables[table.name]
        table.announce("closed", None, f"table {table.name} closed: nobody plays at it")
        for client in self.clients:
            if client.watching is table:  # back in the lobby, with its idle limit
                client.watching = None
                client.arm()
        table.spectators.clear()
        table.forget()
        log.info("table %s closed", table.name)

    # -- shutdown and restart ---------------------------------------------------------------

    async def stop(self) -> None:
        """A clean stop is a pause: every client told (``bye``, reason ``restart``),
        every unfinished match's record marked paused and fsynced, to be reopened by
        the next start with the same records, as after a crash."""
        self.stopping = True
        if self._server is not None:
            self._server.close()
        for table in self.tables.values():
            table.pausing = True
        for client in list(self.clients):
            client.link.bye(
                "restart", "the server is stopping for a restart; tables and seats are kept"
            )
        for task in list(self.matches):
            task.cancel()
        await asyncio.gather(*self.matches, return_exceptions=True)
        if self.handlers:
            await asyncio.wait(list(self.handlers), timeout=2.0)
        for task in list(self.handlers):
            task.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
        self.pool.close()
        await asyncio.get_running_loop().run_in_executor(None, self.disk.close)
        log.info("stopped")

    def restore(self) -> None:
        """Reopen the tables kept when the server last stopped, each in its state."""
        for seats_file in sorted(self.config.records.glob("*.seats.json")):
            try:
                self._restore(seats_file)
            except (OSError, ValueError, KeyError, TypeError, RecordError) as err:
                log.warning("cannot reopen the table of %s: %s", seats_file.name, err)

    def _restore(self, seats_file: Path) -> None:
        data = json.loads(seats_file.read_text(encoding="utf-8"))
        kept = data.get("record", "")  # absent: a file of an older server, named as its record
        if kept is None:
            record = None
        elif kept:
            record = self.config.records / Path(str(kept)).name
        else:
            record = seats_file.with_suffix("").with_suffix(".jsonl")
        point, data_bytes = None, b""
        if record is not None and record.exists():
            data_bytes = record.read_bytes()
            point = resume_point(data_bytes)
        between = "state" in data  # the table is kept between matches too
        if point is None and not between:  # ended, or its record is gone: nothing to reopen
            seats_file.unlink(missing_ok=True)
            return
        if self.config.abandon_unfinished:  # the host ends what was left, on purpose
            if point is not None and record is not None:
                why = "the host started the server with --abandon-unfinished"
                self._abandon(record, point, why)
            seats_file.unlink(missing_ok=True)
            return
        rules = TableRules.from_dict(data["rules"])
        name = str(data["table"])
        if name in self.tables:
            raise ValueError(f"a table {name!r} is open already")
        bots = {int(k): capped(bot_spec(v), rules.players) for k, v in data["bots"].items()}
        self.numbered = max(self.numbered, int(data["number"]))
        table = Table(self, name, rules, bots=bots, number=int(data["number"]))
        table.code_kept = str(data.get("code_hash") or "")
        if data.get("code_sha256"):  # an older server's unsalted hash: no code opens it
            table.code_kept = "unusable$"
        table.table_file = seats_file
        for i, held in enumerate(data["seats"]):
            if held is not None and i not in bots:
                seat = NetSeat(
                    table, i, str(held["name"]), table._standin(i), token_sha=held["token_sha256"]
                )
                seat.bot_plays = "" if seat.person else "left"  # given up: a bot plays on
                table.seats[i] = seat
                if seat.person:
                    self.register(seat)
        if point is None or record is None:
            self._reopen_between(table, data, record)
            return
        if table.deserted:  # nobody of it is left to come back: its end, said
            self._abandon(record, point, "deserted: no person held a seat when it reopened")
            seats_file.unlink(missing_ok=True)
            return
        last = data_bytes[: point.size].rstrip(b"\n").rpartition(b"\n")[2]
        after = "pause" if last.startswith(b'{"type":"pause"') else "crash"
        with open(record, "r+b") as f:
            f.truncate(point.size)
        table.record_path = record
        table.matches = int(data["matches"]) - 1
        if point.header.get("seed") is None:  # dealt in secret: the rounds to come too
            point.match.rng = secrets.SystemRandom()
        table.restored = (point.match, point.round, after)
        self.tables[name] = table
        table.start_match()
        for held_seat in table.seats:
            if held_seat is not None:
                held_seat.hold()
        log.info("table %s reopened from %s (after a %s)", name, record.name, after)

    def _reopen_between(self, table: Table, data: dict[str, Any], record: Path | None) -> None:
        """A table that was waiting for players or resting between matches: its seats are
        held for their people for the grace time, the table itself too."""
        table.record_path = record if record is not None and record.exists() else None
        table.matches = int(data["matches"])
        table.seats = [s if s is None or s.person else None for s in table.seats]
        table.rematch = {int(i) for i in data.get("rematch", [])} & {
            s.seat for s in table.seats if s is not None
        }
        table.state = "waiting" if table.free_seats() or not table.matches else "done"
        table.creator = table  # nobody's connection: kept for the grace, then tidied
        self.tables[table.name] = table
        table.save()
        for held_seat in table.seats:
            if held_seat is not None:
                held_seat.hold()
        asyncio.get_running_loop().call_later(self.config.grace, self._kept_over, table)
        log.info("table %s reopened, %s (match %d)", table.name, table.state, table.matches)

    def _kept_over(self, table: Table) -> None:
        if table.creator is table:
            table.creator = None
            self.tidy(table)

    def _abandon(self, record: Path, point: Resumable, why: str) -> None:
        ended = event_line(point.match.end(None, "abandoned"))
        ended["why"] = why
        with open(record, "r+b") as f:
            f.truncate(point.size)
            f.seek(point.size)
            f.write((dump_line(ended) + "\n").encode())
            f.flush()
            os.fsync(f.fileno())
        log.info("%s: the unfinished match is ended as abandoned", record.name)


def _folder_bytes(folder: Path) -> int:
    """What the records folder holds now (its files, not below)."""
    total = 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
    return total
