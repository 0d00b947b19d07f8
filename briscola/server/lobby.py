"""The LAN server: who gets in, its tables, shutdown and restart.

:class:`Server` accepts TCP connections (asyncio streams, one task each,
tracked so that shutdown can end them), greets each with ``hello`` and gives
it a :class:`~.client.Client`, which answers the lobby's requests.  The
server holds what the lobby as a whole admits: connections in all and per
address (a new address always gets in: the busiest one lets go of an idle
connection), tables in all, not yet started per connection and per address,
and an address's share of them; private codes, with the wrong guesses
limited per table and per address; the records folder's bound; the tokens
that resume seats.  A clean stop is a pause: every table is kept and
:mod:`.restore` reopens it at the next start.  A client can never end the
server or another table.  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from ..engine.rules import RulesError, TableRules
from ..engine.text import printable
from ..protocol.host import SOFTWARE
from ..protocol.link import run_before_lines
from ..protocol.messages import Message, error, hello
from ..protocol.tcp import TcpLink, TokenBucket
from ..words.names import NAME_CHARS, looks_alike
from .client import CHAT_BURST, CHAT_RATE, Client, _name
from .config import ServerConfig
from .disk import Disk, private_folder
from .pool import BotPool
from .restore import restore
from .seat import NetSeat
from .specs import LobbyError, bot_spec, capped, made_code
from .table import Table

__all__ = ["Client", "Server"]

log = logging.getLogger("briscola.server")

SEAT_KEY = re.compile(r"[0-9]")


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


ADDRESS_GUESSES, TABLE_GUESSES = 5, 10  # wrong codes before the pauses begin
GUESS_PAUSE_S, GUESS_PAUSE_MAX_S = 2.0, 600.0
GUESS_KEYS = 10_000  # what a flood of addresses can make the server hold
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
        restore(self)
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
        run_before_lines()  # the tables' files as they stop, before the disk thread goes
        await asyncio.get_running_loop().run_in_executor(None, self.disk.close)
        log.info("stopped")


def _folder_bytes(folder: Path) -> int:
    """What the records folder holds now (its files, not below)."""
    total = 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
    return total
