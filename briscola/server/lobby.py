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
from collections import Counter
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
from .disk import Disk
from .pool import BotPool
from .seat import NetSeat
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
        self.seat: NetSeat[Table] | None = None
        self.watching: Table | None = None
        loop = asyncio.get_running_loop()
        self.born = self.last = loop.time()
        self.chat_bucket = TokenBucket(0.5, 5)
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
            if kind in ("play", "exchange"):
                self._refuse(msg, "not_seated", f"{kind!r} with no turn pending: you hold no seat")
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
        log.info("%s: refused %s: %s", self.link.peer, printable(str(msg["type"]), 20), code)
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
        log.info("%s is %s", self.link.peer, printable(self.name or "", NAME_CHARS))

    # -- the requests ---------------------------------------------------------------

    def list_tables(self, msg: Message) -> None:
        self.answer(msg, "tables", **self.server.listing())

    def create(self, msg: Message) -> None:
        self.server.may_create(self)
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
        self.stop_watching()
        assert self.name is not None
        seat, token, name = table.join(self.link, self.name, msg.get("seat"), msg.get("code"))
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
        table.watch(self.link)

    def resume(self, msg: Message) -> None:
        token = msg.get("token")
        if not isinstance(token, str) or not token:
            raise LobbyError("bad_message", "resume needs the 'token' that join gave")
        for table in self.server.tables.values():
            held = next((s for s in table.seats if s is not None and s.owns(token)), None)
            if held is None:
                continue
            if self.seat is not None and self.seat is not held:
                raise LobbyError(
                    "already_seated", f"you hold seat {self.seat.seat} already; leave it first"
                )
            self.stop_watching()
            old = held.link
            self.answer(msg, "resumed", table=table.name, seat=held.seat)
            self.link.flush()
            table.resume(self.link, token)
            self.seat = held
            for other in self.server.clients:
                if other is not self and other.seat is held and other.link is old:
                    other.seat = None
            return
        raise LobbyError("bad_token", "no seat has this token (it may have been given up)")

    def leave(self, msg: Message) -> None:
        if self.seat is not None:
            seat, self.seat = self.seat, None
            seat.table.leave(seat)
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
        # A rematch that starts now does so in a task: the answer still goes out first.
        self.answer(msg, "rematching", waiting=table.ask_rematch(self.seat))
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
        if not self.chat_bucket.take():
            raise LobbyError("rate_limited", "chat: 5 lines in a row, then one every 2 s")
        seat = self.seat.seat if self.seat is not None else None
        name = self.seat.name if self.seat is not None else self.name  # "Giulia 2" at the table
        assert name is not None
        table.chat(seat, name, printable(text.strip(), CHAT_CHARS))

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


ADDRESS_GUESSES, TABLE_GUESSES = 5, 10  # wrong codes before the pauses begin
GUESS_PAUSE_S, GUESS_PAUSE_MAX_S = 2.0, 600.0
GUESS_KEYS = 10_000  # what a flood of addresses can make the server hold


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
        self.guesses = Backoff()
        self.port = 0
        self.numbered = 0
        self._server: asyncio.Server | None = None

    async def start(self, warm: bool = False) -> None:
        """Listen (reopening the tables of unfinished records first); with ``warm`` the
        bot workers start before the first table needs them."""
        if warm:
            await self.pool.warm()
        self.config.records.mkdir(parents=True, exist_ok=True)
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
        if len(self.clients) >= cfg.max_connections or (
            self.per_address[address] >= cfg.max_per_address
        ):
            log.info("refused %s: too many connections", link.peer)
            link.send(error("too_many_connections", "the server is full; try again later"))
            link.bye("too_many_connections", "the server is full")
            await link.close(bye=False)
            return
        client = Client(self, link)
        link.route = client.route
        self.clients.add(client)
        self.per_address[address] += 1
        log.info("connection from %s", link.peer)
        try:
            link.start()
            link.send(hello(1, SOFTWARE), now=True)
            await client.run()
        finally:
            client.gone()
            self.clients.discard(client)
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            await link.close(bye=False)
            log.info("%s closed%s", link.peer, f" ({link.why})" if link.why else "")

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
        if not table.code_sha:
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
        code = (
            secrets.token_urlsafe(9)
            if made
            else _text(msg, "code", NAME_CHARS, "code", required=False)
        )
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
        log.info("table %s created (%d players, %s)", name, rules.players, rules.variant)
        return table, code if made and code else ""

    def may_create(self, client: Client) -> None:
        """A connection, or an address, holds only a few tables that have not started:
        idle clients must not hold every table slot."""
        unstarted = [t for t in self.tables.values() if t.matches == 0 and t.creator]
        mine = sum(t.creator is client for t in unstarted)
        address = client.address
        theirs = sum(isinstance(t.creator, Client) and t.creator.address == address
                     for t in unstarted)  # fmt: skip
        cfg = self.config
        if mine >= cfg.unstarted_per_connection or theirs >= cfg.unstarted_per_address:
            raise LobbyError(
                "too_many_tables",
                f"you have {mine} tables waiting for players ({theirs} from your address); "
                f"at most {cfg.unstarted_per_connection} per connection and "
                f"{cfg.unstarted_per_address} per address until one starts",
            )

    def tidy(self, table: Table) -> None:
        """A table nobody is at goes: a match in progress there ends (its record says
        why), since no person would see another card of it."""
        if not table.deserted or self.tables.get(table.name) is not table:
            return
        if table.task is not None and not table.task.done():
            table.task.cancel()
        del self.tables[table.name]
        log.info("table %s closed", table.name)

    # -- shutdown and restart ---------------------------------------------------------------

    async def stop(self) -> None:
        """A clean stop is a pause: every client told (``bye``, reason ``restart``),
        every unfinished match's record marked paused and fsynced, to be reopened by
        the next start with the same records, as after a crash."""
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
        """Reopen the tables whose match had not ended when the server last stopped."""
        for seats_file in sorted(self.config.records.glob("*.seats.json")):
            record = seats_file.with_suffix("").with_suffix(".jsonl")
            try:
                self._restore(seats_file, record)
            except (OSError, ValueError, KeyError, TypeError, RecordError) as err:
                log.warning("cannot reopen the table of %s: %s", record.name, err)

    def _restore(self, seats_file: Path, record: Path) -> None:
        data = json.loads(seats_file.read_text(encoding="utf-8"))
        if not record.exists():
            seats_file.unlink(missing_ok=True)
            return
        data_bytes = record.read_bytes()
        point = resume_point(data_bytes)
        if point is None:  # ended: nothing to reopen
            seats_file.unlink(missing_ok=True)
            return
        if self.config.abandon_unfinished:  # the host ends what was left, on purpose
            self._abandon(record, point, "the host started the server with --abandon-unfinished")
            seats_file.unlink(missing_ok=True)
            return
        last = data_bytes[: point.size].rstrip(b"\n").rpartition(b"\n")[2]
        after = "pause" if last.startswith(b'{"type":"pause"') else "crash"
        rules = TableRules.from_dict(data["rules"])
        name = str(data["table"])
        if name in self.tables:
            raise ValueError(f"a table {name!r} is open already")
        bots = {int(k): capped(bot_spec(v), rules.players) for k, v in data["bots"].items()}
        self.numbered = max(self.numbered, int(data["number"]))
        table = Table(self, name, rules, bots=bots, number=int(data["number"]))
        table.code_sha = str(data["code_sha256"])
        for i, held in enumerate(data["seats"]):
            if held is not None and i not in bots:
                seat = NetSeat(
                    table, i, str(held["name"]), table._standin(i), token_sha=held["token_sha256"]
                )
                seat.bot_plays = "" if seat.person else "left"  # given up: a bot plays on
                table.seats[i] = seat
        if table.deserted:  # nobody of it is left to come back: its end, said
            self._abandon(record, point, "deserted: no person held a seat when it reopened")
            seats_file.unlink(missing_ok=True)
            return
        with open(record, "r+b") as f:
            f.truncate(point.size)
        table.record_path = record
        table.matches = int(data["matches"]) - 1
        table.restored = (point.match, point.round, after)
        self.tables[name] = table
        table.start_match()
        for held_seat in table.seats:
            if held_seat is not None:
                held_seat.hold()
        log.info("table %s reopened from %s (after a %s)", name, record.name, after)

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
