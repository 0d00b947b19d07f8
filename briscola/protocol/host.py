"""The host side: an external bot program as a :class:`~briscola.players.Player`.

:class:`BotProcess` runs one program (its command line split like a shell
would, without a shell), writes and reads JSON lines, keeps its stderr and
always cleans up: close stdin, wait, terminate, kill, reap.
:class:`CommandPlayer` speaks the protocol over it: the handshake, every
event the seat may see, a ``turn`` per move answered by id within ``move_ms``
plus a grace period, and the faults of PROTOCOL.md.  Each refused line is an
``error`` to the bot and a fault for the record (:meth:`CommandPlayer.faults`);
three in a row for one request, silence, a crash or an early exit are a
:class:`~briscola.players.SeatFailure`, whose policy the table applies.

Every line in and out is logged at DEBUG on ``briscola.protocol`` (``>>`` to
the bot, ``<<`` from it, ``!!`` its stderr).  Modelled on python-chess's
``engine.py``.  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import re
import shlex
import signal
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar

from .. import __version__
from ..events import Event
from ..game import Action
from ..observation import Observation
from ..players import MatchInfo, Player, SeatFailure
from .framing import FrameError, LineSplitter
from .messages import (
    BOT_TYPES,
    Message,
    ProtocolError,
    decode,
    encode,
    error,
    hello,
    read_answer,
    read_hello,
    turn_message,
)

__all__ = ["BotProcess", "CommandPlayer", "make_command_player"]

log = logging.getLogger("briscola.protocol")

SOFTWARE = f"briscola {__version__}"
DEFAULT_MOVE_MS = 10_000
GRACE_MS = 500  # pipe, scheduler and process start-up latency on top of move_ms
HANDSHAKE_MS = 10_000  # an interpreter or a JIT may take seconds to start
CLOSE_MS = 1_000  # for each step of the shutdown: exit after bye, after SIGTERM
MAX_FAULTS = 3  # in a row for one request: the seat has failed
READ_CHUNK = 1 << 17
# Events wait this long to go out together: a seat's next turn usually comes first
# and takes them along in the same write (one wake-up of the bot instead of many).
FLUSH_S = 0.005

Tap = Callable[[str, str], None]  # (">>" or "<<", line): every line, for tests and transcripts
Item = Message | ProtocolError | None  # a message, a refused line, or None for end of output
T = TypeVar("T")

# Processes started and not yet reaped: killed at interpreter exit if a clean-up
# was itself interrupted (a second Ctrl-C), so no bot outlives its host.
_LIVE: set[asyncio.SubprocessTransport] = set()


@atexit.register
def _kill_leftovers() -> None:  # pragma: no cover - only runs after an interrupted clean-up
    for transport in list(_LIVE):
        if transport.get_returncode() is None:
            _signal_group(transport.get_pid(), signal.SIGKILL)


def _signal_group(pid: int, sig: int) -> None:
    """Signal a bot's process group (its own session: see spawn), if anything is left."""
    with contextlib.suppress(OSError):
        os.killpg(pid, sig)


def split_command(command: str) -> list[str]:
    """A command line split like a shell would (quotes, backslashes), with clear errors."""
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise ValueError(f"cannot read the command line {command!r}: {err}") from None
    if not argv:
        raise ValueError("the command line is empty; expected e.g. 'python3 mybot.py'")
    return argv


class _Pipes(asyncio.SubprocessProtocol):
    """Hands the pipes' bytes to the BotProcess as they come (no reader tasks)."""

    def __init__(self, owner: BotProcess) -> None:
        self.owner = owner

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 1:
            self.owner._stdout(data)
        else:
            self.owner._stderr(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1:
            self.owner._stdout_closed()

    def process_exited(self) -> None:
        self.owner._exited()


class BotProcess:
    """One running bot program: lines to it, parsed lines from it, its stderr, clean-up."""

    def __init__(
        self,
        command: str,
        *,
        label: str = "bot",
        bot_log: str | Path | None = None,
        verbose: bool = False,
        tap: Tap | None = None,
        close_ms: int = CLOSE_MS,
    ) -> None:
        self.argv = split_command(command)
        self.label = label
        self.bot_log = Path(bot_log) if bot_log is not None else None
        self.verbose = verbose
        self.tap = tap
        self.close_ms = close_ms
        self.transport: asyncio.SubprocessTransport | None = None
        self.stdin: asyncio.WriteTransport | None = None
        self.items: deque[Item] = deque()
        self.infos: list[str] = []
        self.stderr_tail: deque[str] = deque(maxlen=10)
        self.log_path: Path | None = None
        self.eof = False  # the bot closed its stdout (exited, most likely)
        self.ended_by = ""  # how close() ended it: exit (by itself), terminate or kill
        self._log_file: IO[str] | None = None
        self._splitter = LineSplitter()
        self._debug = False
        self._out = bytearray()
        self._flush_timer: asyncio.TimerHandle | None = None
        self._waiter: asyncio.Future[None] | None = None
        self._exit: asyncio.Future[None] | None = None

    @property
    def pid(self) -> int | None:
        return None if self.transport is None else self.transport.get_pid()

    @property
    def returncode(self) -> int | None:
        return None if self.transport is None else self.transport.get_returncode()

    @property
    def alive(self) -> bool:
        return self.transport is not None and not self.eof and self.returncode is None

    async def spawn(self) -> None:
        self._debug = log.isEnabledFor(logging.DEBUG)
        loop = asyncio.get_running_loop()
        self._exit = loop.create_future()
        pipe = asyncio.subprocess.PIPE
        try:
            # Its own process group: a wrapper script's children are stopped with it,
            # and a Ctrl-C at the terminal reaches the host, which stops the bots itself.
            transport, _ = await loop.subprocess_exec(
                lambda: _Pipes(self),
                *self.argv,
                stdin=pipe,
                stdout=pipe,
                stderr=pipe,
                start_new_session=True,
            )
        except OSError as err:
            raise SeatFailure(
                "crashed", f"cannot start {self.argv[0]!r}: {err.strerror or err}"
            ) from None
        self.transport = transport
        _LIVE.add(transport)
        stdin = transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        self.stdin = stdin
        if self.bot_log is not None:
            self.bot_log.mkdir(parents=True, exist_ok=True)
            safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.label)
            self.log_path = self.bot_log / f"{safe}-{transport.get_pid()}.stderr.log"
            self._log_file = self.log_path.open("w", encoding="utf-8")

    # -- lines out --------------------------------------------------------------

    def send(self, msg: Message | bytes, now: bool = False) -> None:
        """Queue one line (a message, or one already encoded), written ``now`` or within
        :data:`FLUSH_S` with the lines that follow (one system call for a burst of
        events).  Nothing once the bot is gone."""
        if not self.alive:
            return
        data = msg if isinstance(msg, bytes) else encode(msg)
        if self._debug or self.tap is not None:
            line = data.decode().rstrip("\n")
            log.debug("%s >> %s", self.label, line)
            if self.tap is not None:
                self.tap(">>", line)
        self._out += data
        if now:
            self.flush()
        elif self._flush_timer is None:
            self._flush_timer = asyncio.get_running_loop().call_later(FLUSH_S, self.flush)

    def flush(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        data, self._out = bytes(self._out), bytearray()
        # A closed pipe swallows the write: the bot's end of output tells the story.
        if data and self.stdin is not None and not self.stdin.is_closing() and self.alive:
            self.stdin.write(data)

    # -- lines in ---------------------------------------------------------------

    async def receive(self, timeout: float) -> Item:
        """The next message, refused line or end of output; TimeoutError when none came."""
        if not self.items:
            if timeout <= 0:
                raise TimeoutError
            # A bare future and a timer: cheaper than wait_for, which makes a task each time.
            loop = asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            timer = loop.call_later(timeout, _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
            if not self.items:
                raise TimeoutError
        return self.items.popleft()

    def pending(self) -> list[Item]:
        """Whatever the bot sent that nobody asked for yet."""
        items = list(self.items)
        self.items.clear()
        return items

    def _put(self, item: Item) -> None:
        self.items.append(item)
        if self._waiter is not None:
            _wake(self._waiter)

    def _stdout(self, data: bytes) -> None:
        for item in self._splitter.feed(data):
            self._line(item)

    def _stdout_closed(self) -> None:
        for item in self._splitter.eof():
            self._line(item)
        self.eof = True
        self._put(None)

    def _line(self, item: str | FrameError) -> None:
        if isinstance(item, FrameError):
            log.debug("%s << (refused: %s)", self.label, item.message)
            self._put(ProtocolError(item.code, item.message))
            return
        if self._debug:
            log.debug("%s << %s", self.label, item)
        if self.tap is not None:
            self.tap("<<", item)
        try:
            msg = decode(item)
        except ProtocolError as err:
            self._put(err)
            return
        if msg["type"] == "info" and isinstance(msg.get("text"), str):
            text: str = msg["text"][:1000]
            self.infos.append(text)
            log.info("%s says: %s", self.label, text)
            return
        self._put(msg)

    def _stderr(self, data: bytes) -> None:
        text = data.decode("utf-8", "replace")
        if self._log_file is not None:
            self._log_file.write(text)
            self._log_file.flush()
        level = logging.INFO if self.verbose else logging.DEBUG
        for line in text.splitlines():
            if line.strip():
                self.stderr_tail.append(line[:300])
                log.log(level, "%s !! %s", self.label, line)

    def _exited(self) -> None:
        if self._exit is not None and not self._exit.done():
            self._exit.set_result(None)

    # -- the end ----------------------------------------------------------------

    async def exit_status(self, timeout: float) -> int | None:
        """The exit status once the program has ended, waiting at most ``timeout``."""
        if self._exit is None or self.transport is None:
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._exit), timeout)
        return self.returncode

    def last_words(self) -> str:
        """The end of the bot's stderr, for an error message."""
        return f"; its stderr ended with: {self.stderr_tail[-1]!r}" if self.stderr_tail else ""

    async def close(self, bye: bool = True) -> int | None:
        """Say ``bye``, close stdin, wait; then terminate, then kill.  Always reaps."""
        transport = self.transport
        if transport is None:
            return None
        try:
            if bye:
                self.send({"type": "bye"})
            self.flush()
            if self.stdin is not None:
                self.stdin.close()
            step = self.close_ms / 1000
            status = await self.exit_status(step)
            self.ended_by = "exit"
            for how, sig in (("terminate", signal.SIGTERM), ("kill", signal.SIGKILL)):
                if status is not None:
                    break
                self.ended_by = how
                log.info("%s did not exit after bye; %s", self.label, how)
                _signal_group(transport.get_pid(), sig)
                status = await self.exit_status(step)
            while status is None:  # pragma: no cover - SIGKILL ignored: only a stuck kernel
                status = await self.exit_status(step)
            _signal_group(transport.get_pid(), signal.SIGKILL)  # what it left behind
            return status
        finally:
            if self._log_file is not None:
                self._log_file.close()
                self._log_file = None
            if transport.get_returncode() is not None:
                _LIVE.discard(transport)
            transport.close()


class CommandPlayer(Player):
    """A seat played by an external program over the JSON-lines protocol."""

    def __init__(
        self,
        command: str,
        name: str | None = None,
        *,
        move_ms: int | None = None,
        grace_ms: int = GRACE_MS,
        handshake_ms: int = HANDSHAKE_MS,
        close_ms: int = CLOSE_MS,
        bot_log: str | Path | None = None,
        verbose: bool = False,
        tap: Tap | None = None,
    ) -> None:
        self.command = command
        split_command(command)  # refuse a broken command line now, not at the table
        self.name = name or Path(split_command(command)[-1]).name
        self.move_ms = move_ms
        self.grace_ms = grace_ms
        self.handshake_ms = handshake_ms
        self.close_ms = close_ms
        self.bot_log = bot_log
        self.verbose = verbose
        self.tap = tap
        self.seat = -1
        self.process: BotProcess | None = None
        self.bot: Any = None  # the bot's hello (name, version, author)
        self._next_id = 0
        self._limit = ""  # the time limit of the pending move, for the timeout message
        self._faults: list[tuple[str, str]] = []
        self.answer_ms: list[float] = []  # how long each answer took, for check-bot

    # -- the Player interface ---------------------------------------------------

    async def start(self, info: MatchInfo) -> None:
        self.seat = info.seat
        if self.move_ms is None:
            self.move_ms = info.move_ms
        self.process = BotProcess(
            self.command,
            label=f"seat{info.seat}-{self.name}",
            bot_log=self.bot_log,
            verbose=self.verbose,
            tap=self.tap,
            close_ms=self.close_ms,
        )
        await self.process.spawn()
        await self.handshake()
        self.process.send(self.match_start(info))

    async def handshake(self) -> None:
        """``hello`` both ways; a version other than 1 is refused and the bot told ``bye``."""
        proc = self._proc()
        deadline = _now() + self.handshake_ms / 1000
        try:
            self.bot = await self._request(self.hello, read_hello, deadline, "hello")
        except ProtocolError as err:  # unsupported_protocol: the one fault without a retry
            proc.send(error(err.code, err.message, self._next_id))
            proc.send({"type": "bye"})
            self._faults.append((err.code, err.message))
            raise SeatFailure(err.code, err.message) from None

    # The three messages the host makes itself (check-bot adds fields to them).

    def hello(self, msg_id: int) -> Message:
        return hello(msg_id, SOFTWARE)

    def match_start(self, info: MatchInfo) -> Message:
        return info.to_message()

    def turn(self, obs: Observation, msg_id: int, time_ms: int) -> Message:
        return turn_message(obs, msg_id, time_ms)

    async def notify(self, event: Event) -> None:
        if self.process is not None:
            self.process.send(_encoded(event))

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        move_ms = time_ms if time_ms is not None else self.move_ms or DEFAULT_MOVE_MS
        self._limit = f"{move_ms} + {self.grace_ms} ms"
        start = _now()
        deadline = start + (move_ms + self.grace_ms) / 1000
        self._unsolicited()

        def ask(msg_id: int) -> Message:
            left = max(0, move_ms - int((_now() - start) * 1000))
            return self.turn(obs, msg_id, left)

        def accept(msg: Message, msg_id: int) -> Action:
            if msg["type"] == "hello":
                raise ProtocolError("bad_message", "'hello' only answers the host's hello")
            return read_answer(msg, msg_id, obs.legal)

        action = await self._request(ask, accept, deadline, "turn")
        self.answer_ms.append((_now() - start) * 1000)
        return action

    async def info(self) -> list[str]:
        if self.process is None or not self.process.infos:
            return []
        texts, self.process.infos = self.process.infos, []
        return texts

    async def faults(self) -> list[tuple[str, str]]:
        texts, self._faults = self._faults, []
        return texts

    async def close(self) -> None:
        if self.process is not None:
            await asyncio.shield(self.process.close(bye=self.bot is not None))

    # -- requests and faults ----------------------------------------------------

    def _proc(self) -> BotProcess:
        if self.process is None:
            raise SeatFailure("crashed", f"{self.name} was not started")
        return self.process

    async def _request(
        self,
        make: Callable[[int], Message],
        accept: Callable[[Message, int], T],
        deadline: float,
        what: str,
    ) -> T:
        """Send a request until the bot answers it acceptably, at most three times."""
        proc = self._proc()
        faults: list[ProtocolError] = []
        while True:
            self._next_id += 1
            msg_id = self._next_id
            proc.send(make(msg_id), now=True)
            try:
                while True:
                    msg = await self._receive(deadline, what, msg_id)
                    kind = msg["type"]
                    if kind == "info":  # a good one was kept by the reader
                        self._refuse(_bad_info(msg), None)
                    elif kind in BOT_TYPES and kind != "chat":
                        return accept(msg, msg_id)
                    else:
                        self._refuse(_unknown_type(kind), None)
            except ProtocolError as err:
                if err.code == "unsupported_protocol":
                    raise
                self._refuse(err, msg_id)
                faults.append(err)
                if len(faults) >= MAX_FAULTS:
                    reasons = "; ".join(f"{f.code}: {f.message}" for f in faults)
                    raise SeatFailure(
                        "faults",
                        f"{self.name}: {MAX_FAULTS} faults in a row for one {what}: {reasons}",
                    ) from None

    async def _receive(self, deadline: float, what: str, msg_id: int) -> Message:
        proc = self._proc()
        try:
            item = await proc.receive(deadline - _now())
        except TimeoutError:
            limit = f"{self.handshake_ms} ms" if what == "hello" else self._limit
            raise SeatFailure(
                "timeout",
                f"{self.name} did not answer {what} id {msg_id} within {limit} "
                "(does it flush stdout after each line?)",
            ) from None
        if item is None:
            status = await proc.exit_status(self.close_ms / 1000)
            how = "closed its output" if status is None else f"exited with status {status}"
            raise SeatFailure(
                "crashed",
                f"{self.name} {how} while the host waited for {what} id {msg_id}"
                f"{proc.last_words()}",
            )
        if isinstance(item, ProtocolError):
            raise item
        return item

    def _refuse(self, err: ProtocolError, msg_id: int | None) -> None:
        """Tell the bot what was wrong and keep it for the record."""
        self._proc().send(error(err.code, err.message, msg_id))
        self._faults.append((err.code, err.message))
        log.info("%s: %s: %s", self.name, err.code, err.message)

    def _unsolicited(self) -> None:
        """Refuse what arrived between requests (a second answer, a stray line); not
        counted against the next move, but kept in the record."""
        for item in self._proc().pending():
            if item is None:
                self._proc().items.append(None)  # the request that follows reports it
                return
            if isinstance(item, ProtocolError):
                self._refuse(item, None)
            elif item["type"] in ("play", "exchange", "hello"):
                self._refuse(
                    ProtocolError(
                        "unknown_id",
                        f"{item['type']!r} with id {item.get('id')!r} answers no pending request",
                    ),
                    None,
                )
            elif item["type"] == "info":
                self._refuse(_bad_info(item), None)
            else:
                self._refuse(_unknown_type(item["type"]), None)


def _unknown_type(kind: str) -> ProtocolError:
    why = "chat is for LAN tables only" if kind == "chat" else f"unknown message type {kind!r}"
    return ProtocolError("unknown_type", f"{why}; a bot sends hello, play, exchange or info")


# The table hands one event to every seat in a row: encode it once for all of them.
_last: list[Any] = [None, b""]


def _encoded(event: Event) -> bytes:
    if _last[0] is not event:
        _last[0], _last[1] = event, encode(event.to_message())
    data: bytes = _last[1]
    return data


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _bad_info(msg: Message) -> ProtocolError:
    return ProtocolError("bad_message", f"'info' needs a string 'text', got {msg.get('text')!r}")


def _now() -> float:
    return asyncio.get_running_loop().time()


def make_command_player(command: str, name: str | None = None, **options: Any) -> Player:
    """A Player for ``cmd:COMMAND``; options: grace_ms, handshake_ms, close_ms, bot_log (a
    directory for the bot's stderr), verbose (its stderr at INFO), tap, and move_ms (used
    only when the table gives no time per move; the table's own always wins)."""
    return CommandPlayer(command, name, **options)
