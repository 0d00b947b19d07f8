"""A small protocol client for the LAN server tests, and the checks run on what it received.

Everything here talks to 127.0.0.1 only and every wait is bounded: a test that
goes wrong fails with a timeout of a few seconds instead of hanging.

- :class:`Client`: one TCP connection speaking the lobby; every line it
  receives is kept (``lines``, ``raw``) for the checks afterwards.
- :func:`running`: an in-process :class:`briscola.server.lobby.Server` on a free port,
  stopped (and every client closed) at the end.
- :class:`ServeProcess`: ``python -m briscola serve`` as a real process.
- :func:`play_out`: a seated client answering every ``turn`` with a legal card.
- :func:`relay_bot`: an external bot program seated over TCP through a relay.
- :func:`check_hidden`: the hidden-information and token checks over a transcript.
- :func:`read_records` / :func:`verify_records`: the match records a server wrote.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import signal
import socket
import struct
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from briscola.engine.replay import ReplayResult, verify_record

HOST = "127.0.0.1"
WAIT = 5.0  # the bound on one wait for a message, in seconds
# The pause between rounds of a test's server unless the test sets one: the server deals
# from a random seed, so now and then a round is drawn and the match goes on, and a
# scripted person never says "next" (the default pause would wait 20 s).
ROUND_PAUSE = 2.0
ROOT = Path(__file__).resolve().parent.parent
SIMPLE_BOT = [sys.executable, str(ROOT / "examples" / "bots" / "simple_bot.py")]
CARD = re.compile(r"[A234567JQK][CDSB]")
TOKEN = re.compile(r"[0-9a-f]{64}")

Message = dict[str, Any]


class Closed(Exception):
    """The server closed the connection while a message was awaited."""


class Client:
    """One connection to the server; ``lines`` holds every message received, in order."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str):
        self.reader = reader
        self.writer = writer
        self.name = name
        self.lines: list[Message] = []
        self.raw: list[bytes] = []
        self.eof = False
        self.ids = itertools.count(2)  # 1 is the handshake's
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.server_hello: Message | None = None
        self.pending: Message | None = None  # the last turn received and not yet answered

    @classmethod
    async def connect(
        cls,
        port: int,
        name: str = "Anna",
        *,
        hello: bool = True,
        rcvbuf: int | None = None,
        source: str | None = None,
    ) -> Client:
        """Open a connection (and answer the server's ``hello`` unless told not to);
        ``source``, a loopback address such as 127.0.0.7, stands for another machine."""
        if rcvbuf is None:
            local = (source, 0) if source else None
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(HOST, port, limit=1 << 24, local_addr=local), WAIT
            )
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            await asyncio.wait_for(loop.sock_connect(sock, (HOST, port)), WAIT)
            reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 24)
        client = cls(reader, writer, name)
        if hello:
            await client.hello(name)
        return client

    # -- sending -----------------------------------------------------------------------

    async def send_raw(self, data: bytes) -> None:
        """Write bytes as they are; a connection the server already closed is no error."""
        with contextlib.suppress(ConnectionError):
            self.writer.write(data)
            await asyncio.wait_for(self.writer.drain(), WAIT)

    async def send(self, message: Message) -> None:
        await self.send_raw(json.dumps(message).encode() + b"\n")

    def next_id(self) -> int:
        return next(self.ids)

    # -- receiving ---------------------------------------------------------------------

    async def receive(self, timeout: float = WAIT) -> Message:
        """The next message; :class:`Closed` at the end of the stream."""
        while True:
            try:
                raw = await asyncio.wait_for(self.reader.readline(), timeout)
            except (ConnectionError, asyncio.IncompleteReadError):
                raw = b""
            except TimeoutError:
                last = self.lines[-1] if self.lines else None
                raise TimeoutError(
                    f"{self.name}: nothing for {timeout:.1f} s after {last}"
                ) from None
            if not raw:
                self.eof = True
                raise Closed(f"{self.name}: the server closed the connection")
            assert raw.endswith(b"\n"), f"{self.name}: a line without its end: {raw[:200]!r}"
            if not raw.strip():
                continue
            message = json.loads(raw)
            assert isinstance(message, dict), f"{self.name}: not a JSON object: {raw[:200]!r}"
            assert isinstance(message.get("type"), str), f"{self.name}: no type in {message}"
            self.raw.append(raw)
            self.lines.append(message)
            if message["type"] == "turn":
                self.pending = message
            elif message["type"] == "played" and message.get("seat") == self.seat:
                self.pending = None  # answered, or played for the seat by a bot
            return message

    async def until(self, want: str | Callable[[Message], bool], timeout: float = WAIT) -> Message:
        """Read until a message of type ``want`` (or one ``want(message)`` accepts) arrives;
        everything on the way stays in ``lines``.  The whole wait is bounded by ``timeout``."""
        test = (lambda m: m["type"] == want) if isinstance(want, str) else want
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no {want} within {timeout} s")
            message = await self.receive(left)
            if test(message):
                return message

    async def seen(self, want: Callable[[Message], bool], timeout: float = WAIT) -> Message:
        """The first message so far that ``want`` accepts, or else the next one to come."""
        for message in self.lines:
            if want(message):
                return message
        return await self.until(want, timeout)

    async def request(self, kind: str, timeout: float = WAIT, /, **fields: Any) -> Message:
        """Send a request with a fresh id; the answer (or error) that echoes the id."""
        rid = self.next_id()
        await self.send({"type": kind, "id": rid, **fields})
        return await self.until(lambda m: m.get("id") == rid and m["type"] != "turn", timeout)

    async def ask(self, kind: str, answer: str, timeout: float = WAIT, /, **fields: Any) -> Message:
        """A request that must succeed with an answer of type ``answer``."""
        got = await self.request(kind, timeout, **fields)
        assert got["type"] == answer, f"{self.name}: {kind} {fields} got {got}"
        return got

    async def refused(self, kind: str, expect: str, /, **fields: Any) -> Message:
        """A request that must be refused with error code ``expect``."""
        got = await self.request(kind, WAIT, **fields)
        assert got["type"] == "error" and got.get("code") == expect, (
            f"{self.name}: {kind} {fields} should get error {expect}, got {got}"
        )
        return got

    async def hello(self, name: str, **extra: Any) -> Message:
        """Read the server's ``hello`` and answer it."""
        first = await self.receive()
        assert first["type"] == "hello" and first.get("protocol") == 1, first
        assert isinstance(first.get("id"), int) and isinstance(first.get("software"), str), first
        self.server_hello = first
        answer = {"type": "hello", "id": first["id"], "protocol": 1, "name": name, **extra}
        await self.send(answer)
        return first

    async def closed_within(self, timeout: float = WAIT) -> list[Message]:
        """Read to the end of the stream (it must come within ``timeout``); what came."""
        start = len(self.lines)
        deadline = time.monotonic() + timeout
        with contextlib.suppress(Closed):
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{self.name}: the connection is still open")
                await self.receive(left)
        return self.lines[start:]

    async def quiet(self, seconds: float) -> list[Message]:
        """Whatever arrives in the next ``seconds`` (the connection may stay open)."""
        start = len(self.lines)
        deadline = time.monotonic() + seconds
        with contextlib.suppress(TimeoutError, Closed):
            while (left := deadline - time.monotonic()) > 0:
                await self.receive(left)
        return self.lines[start:]

    def of(self, kind: str) -> list[Message]:
        """Every message of one type received so far."""
        return [m for m in self.lines if m["type"] == kind]

    # -- at a table --------------------------------------------------------------------

    async def create(self, table: str, **fields: Any) -> Message:
        got = await self.ask("create", "created", table=table, **fields)
        assert got.get("table") == table, got
        return got

    async def join(self, table: str, **fields: Any) -> Message:
        got = await self.ask("join", "joined", table=table, **fields)
        assert got.get("table") == table and isinstance(got.get("seat"), int), got
        token = got.get("token")
        assert isinstance(token, str) and TOKEN.fullmatch(token), f"token: {token!r}"
        self.table, self.seat, self.token = table, got["seat"], token
        return got

    async def play(self, turn: Message, rng: random.Random | None = None) -> str:
        """Answer ``turn``: its first legal card, or a random legal action with ``rng``."""
        legal = turn["legal"]
        self.pending = None
        choice = next(a for a in legal if a != "exchange") if rng is None else rng.choice(legal)
        if choice == "exchange":
            await self.send({"type": "exchange", "id": turn["id"]})
        else:
            await self.send({"type": "play", "id": turn["id"], "card": choice})
        return choice

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)

    def abort(self) -> None:
        """Drop the connection at once (a reset, as when a cable is pulled)."""
        sock = self.writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.writer.transport.abort()


async def play_out(
    client: Client,
    rng: random.Random | None = None,
    *,
    think: float = 0.0,
    timeout: float = WAIT,
    stop: Callable[[Message], bool] | None = None,
) -> Message:
    """Answer every ``turn`` with a legal card until ``match_end`` (or a message ``stop``
    accepts, left unanswered); returns that message.  A turn already received and not
    answered is answered first.  Each wait is bounded by ``timeout``."""
    if client.pending is not None:
        await client.play(client.pending, rng)
    while True:
        message = await client.receive(timeout)
        kind = message["type"]
        if stop is not None and stop(message):
            return message
        if kind == "turn":
            if think:
                await asyncio.sleep(think)
            await client.play(message, rng)
        elif kind == "match_end":
            return message
        elif kind == "round_end":  # read at once: the table need not wait for us
            await client.send({"type": "next", "id": client.next_id()})
        elif kind == "bye":
            raise AssertionError(f"{client.name}: bye in the middle of a match: {message}")


async def mid_match(port: int, name: str = "Anna", turns: int = 2, **create: Any) -> Client:
    """A client that made table ``t`` with a random bot (or ``create``'s), sat down and
    played until its ``turns``-th turn, left unanswered."""
    client = await Client.connect(port, name)
    await client.create("t", **(create or {"bots": {"1": "random"}}))
    await client.join("t")
    await asyncio.wait_for(play_out(client, stop=nth_turn(turns)), 30.0)
    return client


def nth_turn(n: int) -> Callable[[Message], bool]:
    """A ``stop`` for :func:`play_out`: the ``n``-th turn from now, left unanswered."""
    seen = [0]

    def stop(message: Message) -> bool:
        if message["type"] != "turn":
            return False
        seen[0] += 1
        return seen[0] >= n

    return stop


# -- servers --------------------------------------------------------------------------


class Lan:
    """A server under test: its port and records, and the clients a test opened on it."""

    def __init__(self, port: int, records: Path, server: Any = None) -> None:
        self.port = port
        self.records = records
        self.server = server
        self.clients: list[Client] = []
        self.stopped = False

    async def stop(self) -> None:
        """Stop the in-process server now (``running`` then does not stop it again)."""
        self.stopped = True
        await asyncio.wait_for(self.server.stop(), 10.0)

    async def connect(self, name: str = "Anna", **options: Any) -> Client:
        client = await Client.connect(self.port, name, **options)
        self.clients.append(client)
        return client

    async def seated(self, name: str, table: str, **join: Any) -> Client:
        client = await self.connect(name)
        await client.join(table, **join)
        return client

    async def alive(self) -> None:
        """The server still answers: a fresh connection says hello and lists the tables."""
        client = await self.connect("Checker")
        got = await client.ask("list", "tables")
        assert isinstance(got.get("tables"), list), got
        await client.close()

    async def close_clients(self) -> None:
        for client in self.clients:
            await client.close()


@contextlib.asynccontextmanager
async def running(tmp_path: Path, port: int = 0, **config: Any) -> AsyncIterator[Lan]:
    """A :class:`briscola.server.lobby.Server` on 127.0.0.1 and a free port (or ``port``, to
    restart one), records under ``tmp_path/records``; stopped, with every client
    closed, at the end."""
    from briscola.server.config import ServerConfig
    from briscola.server.lobby import Server

    records = tmp_path / "records"
    config.setdefault("round_pause", ROUND_PAUSE)
    cfg = ServerConfig(host=HOST, port=port, records=records, **config)
    server = Server(cfg)
    await asyncio.wait_for(server.start(), WAIT)
    lan = Lan(server.port, records, server)
    try:
        yield lan
    finally:
        try:
            if not lan.stopped:
                await lan.stop()
        finally:
            await lan.close_clients()


class ServeProcess:
    """``python -m briscola serve`` in its own process: stdout and stderr go to files."""

    def __init__(self, records: Path, logs: Path, *options: str) -> None:
        self.records = records
        self.logs = logs
        self.options = options
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0
        self.starts = 0

    async def start(self, timeout: float = 15.0) -> int:
        """Start the server; its port once it printed ``listening on HOST:PORT``."""
        self.starts += 1
        self.logs.mkdir(parents=True, exist_ok=True)
        out = self.logs / f"serve-{self.starts}.out"
        err = self.logs / f"serve-{self.starts}.err"
        argv = [sys.executable, "-m", "briscola", "serve", "--host", HOST, "--port", "0"]
        argv += ["--records", str(self.records), "--log-level", "debug", *self.options]
        if "--round-pause" not in self.options:
            argv += ["--round-pause", str(ROUND_PAUSE)]
        with out.open("wb") as stdout, err.open("wb") as stderr:
            self.process = await asyncio.create_subprocess_exec(
                *argv, stdout=stdout, stderr=stderr, stdin=asyncio.subprocess.DEVNULL, cwd=ROOT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(rf"^listening on {re.escape(HOST)}:(\d+)$", out.read_text(), re.M)
            if found:
                self.port = int(found.group(1))
                return self.port
            if self.process.returncode is not None:
                break
            await asyncio.sleep(0.05)
        raise AssertionError(
            f"serve did not print 'listening on {HOST}:PORT' (exit {self.process.returncode});"
            f" stderr: {err.read_text()[-2000:]}"
        )

    def log_text(self) -> str:
        return "".join(p.read_text(errors="replace") for p in sorted(self.logs.glob("serve-*")))

    async def signal(self, sig: int, timeout: float = 10.0) -> int:
        """Send ``sig`` and wait for the exit; the exit status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(sig)
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await asyncio.wait_for(self.process.wait(), 10.0)


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, *options: str) -> AsyncIterator[ServeProcess]:
    """A :class:`ServeProcess` over ``tmp_path/records``, killed at the end if still up."""
    serve = ServeProcess(tmp_path / "records", tmp_path / "logs", *options)
    try:
        yield serve
    finally:
        with contextlib.suppress(ProcessLookupError, TimeoutError):
            await serve.signal(signal.SIGTERM, 5.0)
        await serve.kill()


# -- an external bot over TCP ----------------------------------------------------------


async def relay_bot(
    port: int, table: str, command: Sequence[str] = SIMPLE_BOT, *, timeout: float = 30.0
) -> tuple[Client, int]:
    """Seat a stdin/stdout bot program at ``table``: the relay forwards the server's
    ``hello`` to it and its answer back, joins, then relays both ways until
    ``match_end``, sends the bot ``bye`` and closes its input.  Returns the relay's
    client (its transcript is what the bot was sent) and the bot's exit status."""
    bot = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert bot.stdin is not None and bot.stdout is not None
    client = await Client.connect(port, "relay", hello=False)
    try:
        async with asyncio.timeout(timeout):
            greeting = await client.receive()
            assert greeting["type"] == "hello", greeting
            bot.stdin.write(client.raw[-1])
            answer = json.loads(await asyncio.wait_for(bot.stdout.readline(), WAIT))
            client.name = answer.get("name", "relay")
            await client.send(answer)
            await client.join(table)

            async def upward() -> None:
                assert bot.stdout is not None
                while line := await bot.stdout.readline():
                    await client.send_raw(line)

            up = asyncio.create_task(upward())
            try:
                while True:
                    message = await client.receive()
                    bot.stdin.write(client.raw[-1])
                    await bot.stdin.drain()
                    if message["type"] in ("match_end", "bye"):
                        break
            finally:
                bot.stdin.write(b'{"type":"bye"}\n')
                with contextlib.suppress(ConnectionError):
                    await bot.stdin.drain()
                bot.stdin.close()
                status = await asyncio.wait_for(bot.wait(), WAIT)
                up.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await up
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
        await client.close()
    return client, status


# -- the checks ------------------------------------------------------------------------


def cards_named(value: Any) -> set[str]:
    """Every card text (``"AD"``) among a message's values, at any depth."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and CARD.fullmatch(item):
            found.add(item)
    return found


def has_key(value: Any, key: str) -> bool:
    if isinstance(value, dict):
        return key in value or any(has_key(v, key) for v in value.values())
    if isinstance(value, list):
        return any(has_key(v, key) for v in value)
    return False


def _public_in(view: Message) -> set[str]:
    """The public cards a ``turn`` or ``state`` names: played, the trick, the face-up
    card, exchanges, the drawn face-up card and the cards known to be held."""
    public = cards_named(view.get("played")) | cards_named(view.get("trick"))
    public |= cards_named(view.get("exchanges")) | cards_named(view.get("trump_taken"))
    public |= cards_named(view.get("known"))
    if view.get("trump"):
        public.add(view["trump"])
    return public


def check_hidden(
    client: Client, seat: int | None, tokens: Iterable[str] = ()
) -> dict[int, set[str]]:
    """The hidden-information check over everything ``client`` received.

    For a seat (``seat`` an int) every card in every line is its own (its
    ``round_start`` hand, its ``draw``, the hand and legal cards of its
    ``turn``/``state``) or already public (the face-up card, cards played, in a
    trick, drawn face up, exchanged).  A spectator (``seat`` None) gets no
    ``draw``, no ``turn``, empty hands, no ``legal``/``known``, no ``token`` and
    only public cards.  No line holds any of ``tokens`` but the client's own, and a
    ``tables`` line holds no token at all.  Returns the cards each round made the
    client's own, by round number (for :func:`check_own_cards`).
    """
    mine = client.token
    others = [t for t in tokens if t != mine]
    owned: dict[int, set[str]] = {}
    tracked: int | None = None  # the round followed from its round_start (or a snapshot)
    public: set[str] = set()
    own: set[str] = set()
    for n, (message, raw) in enumerate(zip(client.lines, client.raw, strict=True)):
        kind = message["type"]
        where = f"{client.name} line {n + 1} ({kind})"
        text = raw.decode()
        for token in others:
            assert token not in text, f"{where}: another seat's token"
        if kind == "tables":
            assert not TOKEN.search(text), f"{where}: a token in the table list"
        if seat is None:
            assert kind not in ("draw", "turn", "joined", "resumed"), f"{where}: to a spectator"
            assert not has_key(message, "token") and not TOKEN.search(text), f"{where}: a token"
        round_no = message.get("round")
        if kind == "match_start":
            assert message.get("seat") == seat, f"{where}: seat {message.get('seat')}, not {seat}"
            tracked, public, own = None, set(), set()
        elif kind == "round_start":
            if seat is None:
                assert message["hand"] == [], f"{where}: a hand for a spectator"
            tracked, public, own = round_no, {message["trump"]}, set(message["hand"])
        elif kind == "draw":
            own.add(message["card"])
        elif kind == "played":
            public.add(message["card"])
        elif kind == "exchanged":
            public |= {message["gave"], message["took"]}
            if message.get("seat") == seat:
                own.add(message["took"])
        elif kind == "trump_taken" and message.get("seat") == seat:
            own.add(message["card"])
        elif kind in ("turn", "state"):
            hand = set(message.get("hand", []))
            legal = set(message.get("legal", [])) - {"exchange"}
            if seat is None:
                assert hand == set(), f"{where}: a hand for a spectator"
                assert "legal" not in message and "known" not in message, where
            if tracked is None or round_no != tracked:  # a mid-round snapshot: the baseline
                tracked, public, own = round_no, _public_in(message), hand | legal
            assert hand <= own and legal <= hand, f"{where}: hand {sorted(hand)} not its own"
            assert _public_in(message) <= public | own, (
                f"{where}: {sorted(_public_in(message) - public - own)} were never public"
            )
        if tracked is not None:
            owned.setdefault(tracked, set()).update(own)
        leak = cards_named(message) - public - own
        assert not leak, f"{where}: {sorted(leak)} are neither its own nor public: {message}"
    return owned


def check_own_cards(owned: dict[int, set[str]], record: list[Message], seat: int) -> None:
    """The cards a transcript treated as the seat's own really were its cards, round by
    round, as the match record says (its round_start hand, its draws, exchanges)."""
    truth: dict[int, set[str]] = {}
    round_no = 0
    for line in record:
        kind = line["type"]
        if kind == "round_start":
            round_no = line["round"]
            if line.get("seat", line.get("to")) == seat:
                truth.setdefault(round_no, set()).update(line["hand"])
        elif kind == "draw" and line.get("seat", line.get("to")) == seat:
            truth.setdefault(round_no, set()).add(line["card"])
        elif kind in ("exchanged", "trump_taken") and line["seat"] == seat:
            truth.setdefault(round_no, set()).add(line.get("took", line.get("card")))
    for number, cards in owned.items():
        wrong = cards - truth.get(number, set())
        assert not wrong, f"round {number}: seat {seat} was told {sorted(wrong)} were its own"


# -- records ---------------------------------------------------------------------------


def read_records(directory: Path) -> dict[Path, list[Message]]:
    """Every match record under ``directory`` (a JSON-lines file starting with a header)."""
    found: dict[Path, list[Message]] = {}
    if not directory.exists():
        return found
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        try:
            lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        except (UnicodeDecodeError, json.JSONDecodeError, FileNotFoundError):
            continue  # FileNotFoundError: a seats file the server removed meanwhile
        if lines and isinstance(lines[0], dict) and lines[0].get("type") == "header":
            found[path] = lines
    return found


def verify_records(directory: Path, expect: int | None = None) -> dict[Path, ReplayResult]:
    """Check every record under ``directory`` with :func:`verify_record`."""
    records = read_records(directory)
    if expect is not None:
        assert len(records) == expect, f"{len(records)} records, expected {expect}: {records}"
    results = {}
    for path, lines in records.items():
        results[path] = verify_record(lines)
    return results


def record_of(directory: Path, name: str) -> list[Message]:
    """The one record whose header names seat ``name``."""
    matching = [r for r in read_records(directory).values() if name in r[0].get("names", [])]
    assert len(matching) == 1, f"{len(matching)} records name {name}"
    return matching[0]


async def records_settled(directory: Path, count: int, timeout: float = WAIT) -> None:
    """Wait until ``count`` records end with a ``match_end`` line (written, flushed)."""
    deadline = time.monotonic() + timeout
    while True:
        ended = [r for r in read_records(directory).values() if r[-1]["type"] == "match_end"]
        if len(ended) >= count:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(ended)} of {count} records ended")
        await asyncio.sleep(0.05)


def files_text(directory: Path) -> str:
    """Everything written under ``directory``, as text (to look for tokens in it)."""
    if not directory.exists():
        return ""
    parts = [p.read_bytes().decode(errors="replace") for p in directory.rglob("*") if p.is_file()]
    return "\n".join(parts)


def rss_mb(pid: int) -> float:
    """A process's resident memory now, in MB (from /proc)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
