"""The client's connection to a LAN server: handshake, lobby requests, reconnects.

A :class:`Session` holds one :class:`~briscola.protocol.tcp.TcpLink` at a
time.  Answers to its own requests (``list``, ``join``...) are matched by
id and handed to the waiting caller; everything else (the seat's protocol
messages, chat, notices) queues on the link for whoever plays the table.
When the connection drops (or the server pauses for a restart),
:meth:`Session.reconnect` comes back with a growing pause between tries, for
up to ``patience`` seconds (ten minutes by default): to the seat with its
token, to the table it watched, or to the lobby.  Each seat's token is also
kept on disk (:class:`~.tokens.Tokens`), so that ``briscola join`` run
again after the client died resumes the seat.
Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from ..engine.cards import Card
from ..protocol import PROTOCOL_VERSION
from ..protocol.messages import Message, ProtocolError
from ..protocol.tcp import TcpLink
from .check import ServerError, ServerFault, check_answer
from .tokens import Tokens

__all__ = ["ANSWERS", "ServerError", "Session", "parse_address"]

ANSWERS = frozenset(
    {"tables", "created", "joined", "watching", "resumed", "left", "rematching", "error"}
)
CONNECT_S = 10.0
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
PATIENCE_S = 600.0  # how long a client waits for its server to come back


def _slots(kept: dict[str, Any] | None) -> tuple[int, list[str | None]] | None:
    """The round and hand slots kept on disk, when they are what they should be."""
    if kept is None:
        return None
    round_, hand = kept.get("round"), kept.get("hand")
    if type(round_) is not int or not isinstance(hand, list) or len(hand) > 3:
        return None
    try:
        [Card.parse(c) for c in hand if c is not None]
    except (ValueError, TypeError):
        return None
    return round_, hand


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``."""
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = _port(rest[1:], text)
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        port = _port(number, text)
    if not host:
        raise ValueError(f"no host in {text!r}; expected HOST or HOST:PORT")
    return host, port


def _port(text: str, whole: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"bad port in {whole!r}; expected HOST:PORT with a port 1..65535")
    return int(text)


class Session:
    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        tokens: Tokens | None = None,
        patience: float = PATIENCE_S,
        program: bool = False,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.program = program  # a bot's relay: its hello says kind "bot"
        self.link: TcpLink | None = None
        self.software = ""
        self.token: str | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.watching: str | None = None  # the table watched, to watch again after a drop
        self.watch_code: str | None = None
        # The round and the hand's slots kept with the token by a client that died.
        self.kept_hand: tuple[int, list[str | None]] | None = None
        self.tokens = tokens
        self.patience = patience
        self.seat_over = ""  # the table of a kept seat the server no longer holds
        # Why the last reconnect failed: "" when the server did not come back in time,
        # else what it said when it refused the seat (or the table watched).
        self.refusal = ""
        self._ids = itertools.count(1_000_001)  # far from the server's turn ids
        self._waiting: dict[int, asyncio.Future[Message]] = {}

    async def connect(self) -> None:
        """Open the connection and answer the server's hello."""
        try:
            inf = float("inf")
            _, link = await asyncio.wait_for(
                asyncio.get_running_loop().create_connection(
                    lambda: TcpLink(
                        label="server", rate=inf, burst=inf, max_buffer=1 << 30, route=self._route
                    ),
                    self.host,
                    self.port,
                ),
                CONNECT_S,
            )
        except (OSError, TimeoutError) as err:
            why = "no answer" if isinstance(err, TimeoutError) else err.strerror or str(err)
            raise ServerError(
                "",
                f"cannot reach {self.host}:{self.port}: {why}; check that 'briscola serve' "
                f"runs there and listens on port {self.port}",
            ) from None
        self.link = link
        link.start()
        try:
            first = await self.next(CONNECT_S)
        except TimeoutError:
            await link.close(bye=False)
            silent = f"{self.host}:{self.port} said nothing in {CONNECT_S:g} s"
            raise ServerError("", silent) from None
        if first is None or first.get("type") != "hello":
            text = "" if first is None else first.get("text") or first.get("message") or ""
            raise ServerError(
                str(first.get("code", "")) if first else "",
                f"{self.host}:{self.port} did not greet us as a briscola server"
                + (f": {text}" if text else ""),
            )
        self.software = str(first.get("software", ""))
        hello = {"type": "hello", "id": first.get("id"), "protocol": PROTOCOL_VERSION,
                 "name": self.name}  # fmt: skip
        if self.program:
            hello["kind"] = "bot"
        self.send(hello)

    def send(self, msg: Message) -> None:
        if self.link is not None:
            self.link.send(msg, now=True)

    async def next(self, timeout: float | None = None) -> Message | None:
        """The next message for the table (None when the connection ended)."""
        assert self.link is not None
        while True:
            try:
                item = await self.link.receive(timeout if timeout is not None else 3600.0)
            except TimeoutError:
                if timeout is not None:
                    raise
                continue
            if item is None:
                self.link.items.appendleft(None)  # it stays ended
                return None
            if isinstance(item, ProtocolError):
                continue  # a line we could not read; the server is not ours to fault
            return item

    def _route(self, msg: Message | ProtocolError) -> bool:
        if isinstance(msg, ProtocolError):
            return False
        msg_id = msg.get("id")
        if msg["type"] in ANSWERS and isinstance(msg_id, int):
            waiter = self._waiting.pop(msg_id, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(msg)
                return True
        return False

    async def request(self, kind: str, timeout: float = 15.0, **fields: Any) -> Message:
        """A lobby request and its answer; :class:`ServerError` when refused."""
        if self.link is None or not self.link.alive:
            raise ServerError("", "the connection to the server is closed")
        msg_id = next(self._ids)
        waiter = asyncio.get_running_loop().create_future()
        self._waiting[msg_id] = waiter
        self.send({"type": kind, "id": msg_id, **fields})
        ended = self.link.ended
        done, _ = await asyncio.wait({waiter, ended}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        self._waiting.pop(msg_id, None)
        if waiter not in done:
            waiter.cancel()
            raise ServerError("", "the server closed the connection" if ended.done()
                              else f"no answer to {kind} within {timeout:g} s")  # fmt: skip
        answer: Message = waiter.result()
        try:
            check_answer(answer)
        except ServerFault:
            self.link.abort()  # a server that says what cannot be: no more of it
            raise
        if answer["type"] == "error":
            raise ServerError(str(answer.get("code")), str(answer.get("message")))
        return answer

    @property
    def server(self) -> str:
        return f"{self.host}:{self.port}"

    async def join(self, table: str, seat: int | None, code: str | None) -> Message:
        fields: dict[str, Any] = {"table": table}
        if seat is not None:
            fields["seat"] = seat
        if code is not None:
            fields["code"] = code
        got = await self.request("join", **fields)
        self._seated(str(got["table"]), int(got["seat"]), str(got["token"]))
        return got

    async def watch(self, table: str, code: str | None) -> Message:
        fields: dict[str, Any] = {"table": table} | ({"code": code} if code else {})
        got = await self.request("watch", **fields)
        self.watching, self.watch_code = table, code
        return got

    async def resume_kept(self, table: str | None) -> Message | None:
        """Back to a seat kept on disk for this server (at ``table``, or any); None when
        there is none, or the server says its match is over (then it is forgotten)."""
        tokens = self.tokens
        kept = tokens.find(self.server, self.name, table) if tokens is not None else None
        if kept is None:
            return None
        try:
            got = await self.request("resume", token=kept["token"])
        except ServerError as err:
            if err.code != "bad_token":
                raise
            self.forget(str(kept["table"]))
            self.seat_over = str(kept["table"])  # said: not silently the lobby
            return None
        self._seated(str(got["table"]), int(got["seat"]), str(kept["token"]), kept)
        return got

    def _seated(
        self, table: str, seat: int, token: str, kept: dict[str, Any] | None = None
    ) -> None:
        self.token, self.table, self.seat = token, table, seat
        self.watching = None
        self.kept_hand = _slots(kept)
        if self.tokens is not None:
            self.tokens.keep(self.server, self.name, table, token, seat)
            if self.kept_hand is not None:
                self.keep_hand(*self.kept_hand)

    def keep_hand(self, round_: int, hand: list[str | None]) -> None:
        """The slots of the seat's hand, kept with its token (see :class:`~.tokens.Tokens`)."""
        if self.tokens is not None and self.table is not None and self.token is not None:
            self.tokens.keep_hand(self.server, self.name, self.table, round_, hand)

    def forget(self, table: str | None = None) -> None:
        """The seat is given up (left, or its match is over): its token too."""
        table = table or self.table
        if self.tokens is not None and table is not None:
            self.tokens.forget(self.server, self.name, table)
        if table == self.table:
            self.token = None

    async def reconnect(self, tell: Callable[[str, float], None]) -> bool:
        """Back after a drop or a server's pause, trying with a growing pause for up to
        ``patience`` seconds: to the seat (with the token), to the table watched, or to
        the lobby.  False when the time is up or the server refused (``refusal`` says
        which)."""
        loop = asyncio.get_running_loop()
        self.refusal = ""
        give_up = loop.time() + self.patience
        for pause in itertools.chain(BACKOFF, itertools.repeat(BACKOFF[-1])):
            if loop.time() + pause > give_up:
                return False
            tell("retry", pause)
            await asyncio.sleep(pause)
            try:
                await self.connect()
                if self.token is not None:
                    await self.request("resume", token=self.token)
                elif self.watching is not None:
                    await self.watch(self.watching, self.watch_code)
            except ServerError as err:
                if err.code == "bad_token":
                    self.forget()
                if err.code:  # refused, not unreachable: trying again would not help
                    self.refusal = err.message or err.code
                    return False
                continue
            return True
        return False  # pragma: no cover - the loop returns

    async def close(self) -> None:
        if self.link is not None:
            await self.link.close(bye=False)
