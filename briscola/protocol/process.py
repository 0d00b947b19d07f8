"""A bot program as a running process: lines out, lines in, its stderr, and clean-up.

:class:`BotProcess` starts one program (its command line split like a shell
would, without a shell, in its own process group), queues lines to it and
writes them in bursts, cuts its output into messages (:mod:`.framing`,
:mod:`.messages`), keeps its stderr (a file under ``bot_log``, the log, the
last lines for error messages) and always cleans up: ``bye``, close stdin,
wait, SIGTERM, SIGKILL to the whole group, reap.  It knows nothing of turns
or faults: that is :mod:`.host`.

Every line in and out is logged at DEBUG on ``briscola.protocol`` (``>>`` to
the bot, ``<<`` from it, ``!!`` its stderr).  Floor 6 (protocol).
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
from typing import IO

from ..players import SeatFailure
from .framing import FrameError, LineSplitter
from .messages import Message, ProtocolError, decode, encode

__all__ = ["CLOSE_MS", "BotProcess", "Item", "Tap", "split_command"]

log = logging.getLogger("briscola.protocol")

CLOSE_MS = 1_000  # for each step of the shutdown: exit after bye, after SIGTERM
READ_CHUNK = 1 << 17
# Events wait this long to go out together: a seat's next turn usually comes first
# and takes them along in the same write (one wake-up of the bot instead of many).
FLUSH_S = 0.005

Tap = Callable[[str, str], None]  # (">>" or "<<", line): every line, for tests and transcripts
Item = Message | ProtocolError | None  # a message, a refused line, or None for end of output

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
        self._early: list[str] = []
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
            safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.label)
            path = self.bot_log / f"{safe}-{transport.get_pid()}.stderr.log"
            try:
                self.bot_log.mkdir(parents=True, exist_ok=True)
                self._log_file = path.open("w", encoding="utf-8")
            except OSError as err:  # the host's problem, not the bot's: go on without
                log.warning("cannot keep %s's stderr in %s: %s", self.label, path, err)
            else:
                self.log_path = path
                self._log_file.write("".join(self._early))  # what came during the start
            self._early.clear()

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
        elif self.bot_log is not None and self.transport is None:
            self._early.append(text)  # the file opens once the process has its pid
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


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
