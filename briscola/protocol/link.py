"""A line transport: JSON lines out to a peer, parsed lines in, whatever carries them.

The protocol host (:mod:`.host`) speaks to every remote seat through a
:class:`Link`: a bot program's pipes (:class:`~.process.BotProcess`) or a TCP
connection (:class:`~.tcp.TcpLink`).  The link owns what is the same on every
transport: queueing lines out and writing them in bursts, cutting bytes into
lines (:mod:`.framing`), decoding them (:mod:`.messages`), keeping ``info``
texts, and waking the one reader that waits for the next message.  A
subclass only moves bytes (:meth:`Link._write`), says whether the peer is
still there, and tells how it went away (:meth:`Link.gone`).

Every line in and out is logged at DEBUG on ``briscola.protocol`` (``>>`` to
the peer, ``<<`` from it).  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ..engine.text import printable
from .framing import FrameError, LineSplitter
from .messages import Message, ProtocolError, decode, encode

__all__ = [
    "FLUSH_S",
    "InfoBox",
    "Interrupted",
    "Item",
    "Link",
    "Tap",
    "before_lines",
    "flush_due",
    "run_before_lines",
]

log = logging.getLogger("briscola.protocol")

# Events wait this long to go out together: a seat's next turn usually comes first
# and takes them along in the same write (one wake-up of the peer instead of many).
FLUSH_S = 0.005
INFO_CHARS = 1000  # of one info text kept
# What a peer may make us keep (docs/protocol.md, "Limits"): info per match, and the
# lines queued unread; past QUEUE_MAX the link stops reading until the host catches up.
INFO_LINES = 1000
INFO_TOTAL = 100_000  # characters
# Lines are judged as they come (see Link.judge): only answers to the pending request
# wait, and only this many; past it the link stops reading until the host catches up.
QUEUE_MAX = 64

Tap = Callable[[str, str], None]  # (">>" or "<<", line): every line, for tests and transcripts
Item = Message | ProtocolError | None  # a message, a refused line, or None for end of input


# Links without a wait (flush_s 0) with lines queued, per event loop: they are written
# together at the end of this turn of the loop, or sooner, by whoever is about to wait
# (flush_due), so the lines of a move leave in the step that made them.
_due: dict[asyncio.AbstractEventLoop, dict[Link, None]] = {}


def flush_due() -> None:
    """Write what every link of this event loop has queued for the end of its turn."""
    links = _due.pop(asyncio.get_running_loop(), None)
    if links:
        for link in links:
            link.flush()


def _queue(link: Link) -> None:
    _at_turn_end(_due, link, flush_due)


T = TypeVar("T")


def _at_turn_end(
    waiting: dict[asyncio.AbstractEventLoop, dict[T, None]], item: T, run: Callable[[], None]
) -> None:
    """Add ``item`` to what waits on this event loop; the first of a turn has ``run``
    called at the turn's end."""
    loop = asyncio.get_running_loop()
    items = waiting.get(loop)
    if items is None:
        for old in [other for other in waiting if other.is_closed()]:
            del waiting[old]  # a loop that ended before its turn did
        items = waiting[loop] = {}
        loop.call_soon(run)
    items[item] = None


# What must reach the operating system before any line leaves (the LAN server's table
# files: write before you tell), per event loop: each runs once, first thing of the
# next flush of any link, or at the end of this turn of the loop; several changes in a
# row, one write.
_before: dict[asyncio.AbstractEventLoop, dict[Callable[[], object], None]] = {}


def before_lines(fn: Callable[[], object]) -> None:
    """Run ``fn`` before the next line of any link of this event loop goes out, at the
    latest at the end of this turn of the loop (once, however often it is asked for)."""
    _at_turn_end(_before, fn, run_before_lines)


def run_before_lines() -> None:
    """Run now what :func:`before_lines` was given on this loop (a clean stop does, last)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop runs: nothing of one waits here
        return
    while waiting := _before.pop(loop, None):
        for fn in waiting:
            try:
                fn()
            except Exception:  # a bug of one writer: the others still write, lines go on
                log.exception("a write before the lines failed")


@dataclass(slots=True)
class InfoBox:
    """A seat's ``info`` texts kept for the record, and the budget they count against
    (per seat and match: a seat's host hands its box to each link that plays it)."""

    texts: list[str] = field(default_factory=list)
    lines: int = 0
    chars: int = 0
    dropped: int = 0  # info lines past the limits, this match

    def new_match(self) -> None:
        self.lines = self.chars = self.dropped = 0


class Interrupted(Exception):
    """A receive cut short by :meth:`Link.interrupt`."""


class Link:
    """One peer that speaks JSON lines: a base class; see the module docstring."""

    #: What the peer is, for messages: "bot program" or "client".
    kind = "peer"
    #: How long lines wait to go out together (see :data:`FLUSH_S`).
    flush_s = FLUSH_S

    def __init__(self, label: str = "peer", *, tap: Tap | None = None) -> None:
        self.label = label
        self.tap = tap
        self.items: deque[Item] = deque()
        self.box = InfoBox()
        self.keeps_info = True  # info lines are kept (a lobby connection's are not)
        # Called with each message or refused line as it arrives: what to queue for the
        # reader (the line, a slimmer copy or another refusal), or None when it was
        # answered already (the protocol host judges its seat's lines so).
        self.judge: Callable[[Message | ProtocolError], Item] | None = None
        self.eof = False  # the peer's output ended
        self.paused = False  # reading stopped: QUEUE_MAX items wait unread
        self._splitter = LineSplitter()
        self._debug = log.isEnabledFor(logging.DEBUG)
        self._out = bytearray()
        self._flush_timer: asyncio.TimerHandle | None = None
        self._queued = False  # in _due (flush_s 0)
        self._waiter: asyncio.Future[None] | None = None
        self._interrupted = False

    # -- what a transport provides ---------------------------------------------

    @property
    def alive(self) -> bool:
        """Whether lines can still go out and come in."""
        return not self.eof

    def _write(self, data: bytes) -> None:
        raise NotImplementedError

    def _pause_reading(self, pause: bool) -> None:
        """Stop (or start again) taking bytes from the peer, so that it waits instead of
        us holding what it sends; a transport that cannot pause keeps reading."""

    async def gone(self) -> tuple[str, str, str]:
        """How the peer went away, once its input ended: a failure code (``crashed``,
        ``disconnected``), the words for it (``exited with status 3``) and any last
        words (the end of a program's stderr)."""
        return "disconnected", "dropped the connection", ""

    async def close(self, bye: bool = True) -> int | None:
        """Say ``bye`` (when asked), write what is queued, and let go of the transport;
        a program's exit status, where there is one."""
        if bye:
            self.send({"type": "bye"})
        self.flush()
        return None

    # -- lines out --------------------------------------------------------------

    def send(self, msg: Message | bytes, now: bool = False) -> None:
        """Queue one line (a message, or one already encoded), written ``now`` or within
        :attr:`flush_s` with the lines that follow (one system call for a burst of
        events; with no wait at all, ``now`` too waits for the end of this turn of
        the event loop).  Nothing once the peer is gone."""
        if not self.alive:
            return
        data = msg if isinstance(msg, bytes) else encode(msg)
        if self._debug or self.tap is not None:
            line = data.decode().rstrip("\n")
            log.debug("%s >> %s", self.label, _redact(line))
            if self.tap is not None:
                self.tap(">>", line)
        self._out += data
        if not self.flush_s:  # at the end of this turn of the loop, with all else it sends
            if not self._queued:
                self._queued = True
                _queue(self)
        elif now:
            self.flush()
        elif self._flush_timer is None:
            self._flush_timer = asyncio.get_running_loop().call_later(self.flush_s, self.flush)

    def flush(self) -> None:
        if _before:
            run_before_lines()
        self._queued = False
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        if not self._out:
            return
        data, self._out = bytes(self._out), bytearray()
        if self.alive:
            self._write(data)

    # -- lines in ---------------------------------------------------------------

    async def receive(self, timeout: float) -> Item:
        """The next message, refused line or end of input; TimeoutError when none came."""
        if not self.items:
            if timeout <= 0:
                raise TimeoutError
            flush_due()  # what this step said goes out before it waits
            # A bare future and a timer: cheaper than wait_for, which makes a task each time.
            loop = asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            timer = loop.call_later(timeout, _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
            if self._interrupted:
                self._interrupted = False
                raise Interrupted
            if not self.items:
                raise TimeoutError
        item = self.items.popleft()
        if self.paused and len(self.items) <= QUEUE_MAX // 2:
            self._read_again()
        return item

    def pending(self) -> list[Item]:
        """Whatever the peer sent that nobody asked for yet."""
        items = list(self.items)
        self.items.clear()
        if self.paused:
            self._read_again()
        return items

    def interrupt(self) -> None:
        """Wake the receive that waits now with :class:`Interrupted` (the LAN seat it
        waited for changed hands); nothing when none waits."""
        if self._waiter is not None:
            self._interrupted = True
            _wake(self._waiter)

    @property
    def infos(self) -> list[str]:
        return self.box.texts

    def put(self, item: Item) -> None:
        if self.judge is not None and item is not None:
            item = self.judge(item)
            if item is None:
                return
        self.items.append(item)
        if len(self.items) >= QUEUE_MAX and not self.paused and item is not None:
            self.paused = True
            self._pause_reading(True)
        if self._waiter is not None:
            _wake(self._waiter)

    def _read_again(self) -> None:
        self.paused = False
        self._pause_reading(False)

    def new_match(self) -> None:
        """A match starts on this link: the info limits count afresh."""
        self.box.new_match()

    def feed(self, data: bytes) -> None:
        """Bytes from the peer; none once its end was seen (a program that exited)."""
        if self.eof:
            return
        for item in self._splitter.feed(data):
            self._line(item)

    def feed_eof(self) -> None:
        """The peer's output ended."""
        if self.eof:
            return
        for item in self._splitter.eof():
            self._line(item)
        self.eof = True
        self.put(None)

    def _line(self, item: str | FrameError) -> None:
        if isinstance(item, FrameError):
            log.debug("%s << (refused: %s)", self.label, item.message)
            self.refused(ProtocolError(item.code, item.message))
            return
        if self._debug:
            log.debug("%s << %s", self.label, printable(_redact(item)))
        if self.tap is not None:
            self.tap("<<", item)
        try:
            msg = decode(item)
        except ProtocolError as err:
            self.refused(err)
            return
        if msg["type"] == "info" and self.keeps_info and isinstance(msg.get("text"), str):
            self._info(msg["text"][:INFO_CHARS])
            return
        self.message(msg)

    def _info(self, text: str) -> None:
        box = self.box
        if box.lines >= INFO_LINES or box.chars + len(text) > INFO_TOTAL:
            box.dropped += 1  # the host says so, once, in the record
            return
        box.lines += 1
        box.chars += len(text)
        box.texts.append(text)
        log.info("%s says: %s", self.label, printable(text))

    def message(self, msg: Message) -> None:
        """A decoded message from the peer (a transport may route some elsewhere)."""
        self.put(msg)

    def refused(self, err: ProtocolError) -> None:
        """A line that could not be read."""
        self.put(err)


def _redact(line: str) -> str:
    """A line for the log: a LAN seat's token is a secret, even there."""
    return _TOKEN.sub(r'\1"…"', line) if "token" in line else line


_TOKEN = re.compile(r'("token"\s*:\s*)"[^"]*"')


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
