"""A TCP connection as a :class:`~.link.Link`: the transport of LAN tables.

:class:`TcpLink` is the connection's asyncio protocol: the bytes the
transport hands it are cut into lines at once (no reader task, no stream
reader: the one line limit is the link's own, 64 KiB), and lines go out
through the transport, those of one step of a table together.  What a
hostile peer could make us hold is bounded here: a line over 64 KiB closes
the connection (PROTOCOL.md), lines beyond a token-bucket rate are refused
with ``rate_limited`` and a flood of them closes it, and a peer that does
not read is cut off once :data:`MAX_BUFFER` bytes wait for it.  Each decoded
message goes to ``route`` first (the LAN lobby takes its requests there);
the rest queue for the protocol host (refused lines too: ``route`` gets
their :class:`~.messages.ProtocolError`).  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable

from .framing import FrameError
from .link import Link, Tap
from .messages import Message, ProtocolError, error

__all__ = ["MAX_BUFFER", "TcpLink", "TokenBucket"]

log = logging.getLogger("briscola.protocol")

MAX_BUFFER = 1 << 20  # bytes waiting for a peer that does not read: past it, cut off
FLOOD = 50  # lines refused in a row for their rate: the peer is flooding; close


def _id_of(item: str | FrameError) -> int | None:
    """The request id of a line refused unread, if it plainly has one (for the error)."""
    if isinstance(item, str) and '"id"' in item:
        found = _ID.search(item)
        if found:
            return int(found.group(1))
    return None


_ID = re.compile(r'"id"\s*:\s*(-?\d{1,18})\b')


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; :meth:`take` spends one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class TcpLink(Link, asyncio.Protocol):
    """One TCP connection; see the module docstring.  Made by the transport's
    protocol factory (``loop.create_server`` or ``create_connection``); it reads
    nothing until :meth:`start`, so that whoever routes its lines is in place."""

    kind = "client"
    # No waiting on TCP: the lines of one moment go out together when the table's
    # step ends (see Link.send), and a LAN round trip is worth more than a system call.
    flush_s = 0.0
    #: When set (``briscola bench --server``), the seconds from each ``play`` read to
    #: the next line written on the same connection are appended here.
    answer_times: list[float] | None = None

    def __init__(
        self,
        *,
        label: str = "client",
        rate: float = 20.0,
        burst: float = 50.0,
        max_buffer: int = MAX_BUFFER,
        route: Callable[[Message | ProtocolError], bool] | None = None,
        tap: Tap | None = None,
        on_connect: Callable[[TcpLink], None] | None = None,
    ) -> None:
        super().__init__(label, tap=tap)
        self.bucket = TokenBucket(rate, burst)
        self.max_buffer = max_buffer
        self.route = route
        self.on_connect = on_connect
        self.transport: asyncio.Transport | None = None
        self._peer: str | None = None
        self.closed = False
        self.cut_off = False  # closed by us because it did not read
        self.why = ""  # the bye reason when we closed it
        self._limited = 0
        self._owed = 0  # turns sent and not yet answered
        self._read_at = 0.0
        self._started = False
        loop = asyncio.get_running_loop()
        self.ended = loop.create_future()  # its input ended (or we closed it)
        self._lost = loop.create_future()  # the transport let go of the socket

    @property
    def peer(self) -> str:
        if self._peer is None and self.transport is not None:  # it never changes: asked once
            info = self.transport.get_extra_info("peername")
            self._peer = f"{info[0]}:{info[1]}" if isinstance(info, tuple) else "?"
        return self._peer or "?"

    @property
    def alive(self) -> bool:
        return not self.closed and not self.eof

    # -- the asyncio protocol ---------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.pause_reading()  # until start()
        if self.on_connect is not None:
            self.on_connect(self)

    def data_received(self, data: bytes) -> None:
        if not self.closed:
            self.feed(data)

    def eof_received(self) -> bool:
        self.closed = True
        self._release()
        return False  # close our side too

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._release()
        if not self._lost.done():
            self._lost.set_result(None)

    def start(self) -> None:
        """Start reading the socket."""
        self._started = True
        if not self.paused:
            self._pause_reading(False)

    def _pause_reading(self, pause: bool) -> None:
        transport = self.transport
        if transport is None or transport.is_closing() or (not pause and not self._started):
            return
        with contextlib.suppress(RuntimeError):  # closing already
            if pause:
                transport.pause_reading()
            else:
                transport.resume_reading()

    def _write(self, data: bytes) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        transport.write(data)
        if self._read_at and TcpLink.answer_times is not None:
            TcpLink.answer_times.append(time.perf_counter() - self._read_at)
            self._read_at = 0.0
        if transport.get_write_buffer_size() > self.max_buffer:
            waiting = transport.get_write_buffer_size()
            log.info("%s: cut off: it does not read (%d bytes waiting)", self.label, waiting)
            self.cut_off = True
            self.why = "slow_reader"
            self.abort()

    # -- lines in: the limits, then the router ----------------------------------

    def send(self, msg: Message | bytes, now: bool = False) -> None:
        if isinstance(msg, dict) and msg.get("type") == "turn":
            self._owed += 1  # its answer is asked for: it does not count against the rate
        super().send(msg, now)

    def _line(self, item: str | FrameError) -> None:
        if self._owed:
            self._owed -= 1
        elif not self.bucket.take():
            self._limited += 1
            if self._limited >= FLOOD:
                self.bye("flood", f"more than {FLOOD} lines over the rate limit in a row")
                return
            why = f"too many lines; at most {self.bucket.rate:g} a second, bursts of "
            self.send(error("rate_limited", why + f"{self.bucket.burst:g}", _id_of(item)))
            return
        self._limited = 0
        super()._line(item)

    def refused(self, err: ProtocolError) -> None:
        if err.code == "line_too_long":
            self.send(error(err.code, err.message))
            self.bye("line_too_long", err.message)
            return
        if self.route is not None and self.route(err):
            return
        super().refused(err)

    def message(self, msg: Message) -> None:
        if TcpLink.answer_times is not None and msg["type"] == "play":
            self._read_at = time.perf_counter()
        if self.route is not None and self.route(msg):
            return
        super().message(msg)

    # -- the end ----------------------------------------------------------------

    def bye(self, reason: str, text: str) -> None:
        """Say ``bye`` with a reason and close (at once, without waiting)."""
        if self.closed:
            return
        self.why = reason
        self.send({"type": "bye", "reason": reason, "text": text})
        self.flush()
        self._shut()

    def abort(self) -> None:
        """Drop the connection without a word (it does not read, or we stop)."""
        self.closed = True
        if self.transport is not None:
            self.transport.abort()
        self._release()

    def _shut(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()  # what is buffered still goes out first
        self._release()

    def _release(self) -> None:
        if not self.eof:
            self.feed_eof()
        if not self.ended.done():
            self.ended.set_result(None)

    async def close(self, bye: bool = True) -> int | None:
        if bye and not self.closed:
            self.bye("bye", "goodbye")
        self.flush()
        self._shut()
        if self.transport is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._lost), 1.0)
            except TimeoutError:  # it does not take what is left: drop it
                self.transport.abort()
        return None

    async def gone(self) -> tuple[str, str, str]:
        if self.cut_off:
            return "disconnected", "did not read what was sent (cut off)", ""
        return "disconnected", "dropped the connection", ""
