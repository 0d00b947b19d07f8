"""A TCP connection as a :class:`~.link.Link`: the transport of LAN tables.

:class:`TcpLink` reads the socket in a task of its own (chunks cut into
lines by the link; the stream reader's own line limit is never used) and
writes through the stream writer.  What a hostile peer could make us hold is
bounded here: a line over 64 KiB closes the connection (PROTOCOL.md), lines
beyond a token-bucket rate are refused with ``rate_limited`` and a flood of
them closes it, and a peer that does not read is cut off once
:data:`MAX_BUFFER` bytes wait for it.  Each decoded message goes to
``route`` first (the LAN lobby takes its requests there); the rest queue for
the protocol host (refused lines too: ``route`` gets their
:class:`~.messages.ProtocolError`).  Floor 6 (protocol).
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
READ_CHUNK = 1 << 16
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


class TcpLink(Link):
    """One TCP connection; see the module docstring."""

    kind = "client"
    # No waiting on TCP: the lines of one moment are written in the same turn of the
    # event loop anyway, and a LAN round trip is worth more than a saved system call.
    flush_s = 0.0
    #: When set (``briscola bench --server``), the seconds from each ``play`` read to
    #: the next line written on the same connection are appended here.
    answer_times: list[float] | None = None

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        label: str = "client",
        rate: float = 20.0,
        burst: float = 50.0,
        max_buffer: int = MAX_BUFFER,
        route: Callable[[Message | ProtocolError], bool] | None = None,
        tap: Tap | None = None,
    ) -> None:
        super().__init__(label, tap=tap)
        self.reader = reader
        self.writer = writer
        self.bucket = TokenBucket(rate, burst)
        self.max_buffer = max_buffer
        self.route = route
        self.closed = False
        self.cut_off = False  # closed by us because it did not read
        self.why = ""  # the bye reason when we closed it
        self._limited = 0
        self._owed = 0  # turns sent and not yet answered
        self._read_at = 0.0
        self._task: asyncio.Task[None] | None = None
        self.ended = asyncio.get_running_loop().create_future()

    @property
    def peer(self) -> str:
        info = self.writer.get_extra_info("peername")
        return f"{info[0]}:{info[1]}" if isinstance(info, tuple) else "?"

    @property
    def alive(self) -> bool:
        return not self.closed and not self.eof

    def start(self) -> None:
        """Start reading the socket."""
        self._task = asyncio.get_running_loop().create_task(self._read(), name=self.label)

    async def _read(self) -> None:
        try:
            while not self.closed:
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    break
                self.feed(data)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            if not self.eof:
                self.feed_eof()
            self._release()

    def _pause_reading(self, pause: bool) -> None:
        transport = self.writer.transport
        with contextlib.suppress(AttributeError, RuntimeError):  # closing already
            if pause:
                transport.pause_reading()  # type: ignore[attr-defined]
            else:
                transport.resume_reading()  # type: ignore[attr-defined]

    def _write(self, data: bytes) -> None:
        transport = self.writer.transport
        if transport.is_closing():
            return
        self.writer.write(data)
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
        self.writer.transport.abort()
        self._release()

    def _shut(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()
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
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        return None

    async def gone(self) -> tuple[str, str, str]:
        if self.cut_off:
            return "disconnected", "did not read what was sent (cut off)", ""
        return "disconnected", "dropped the connection", ""
