"""A bot program as a running process: the pipes' :class:`~.link.Link`, its stderr, clean-up.

:class:`BotProcess` starts one program (its command line split like a shell
would, without a shell, in its own process group) and is the
:class:`~.link.Link` over its stdin and stdout; it keeps the program's
stderr (a file under ``bot_log``, the log, the last lines for error
messages) and always cleans up: ``bye``, close stdin, wait, SIGTERM, SIGKILL
to the whole group, reap.  It knows nothing of turns or faults: that is
:mod:`.host`.

Its stderr is logged at DEBUG on ``briscola.protocol`` after ``!!`` (INFO in
verbose mode).  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import logging
import os
import re
import shlex
import signal
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..engine.text import printable
from ..players import SeatFailure
from ..signals import caught
from .link import Item, Link, Tap

__all__ = [
    "CLOSE_MS",
    "STOP_SIGNALS",
    "BotProcess",
    "Item",
    "Tap",
    "program_name",
    "split_command",
    "stopped_by",
]

log = logging.getLogger("briscola.protocol")

CLOSE_MS = 1_000  # for each step of the shutdown: exit after bye, after SIGTERM
# Once the program has exited, what it wrote is read until the pipe is quiet this
# long (at most EXIT_READ_S): a child of it may hold its stdout open for ever.
EXIT_QUIET_S = 0.05
EXIT_READ_S = 1.0
LOG_BYTES = 10 << 20  # of a program's stderr kept in its --bot-log file
TAIL_CHARS = 300  # of each stderr line kept for error messages
SHOWN_CHARS = 160  # of each stderr line quoted in a one-line message
STDERR_ENDED = "; its stderr"  # where a failure's message quotes the program's stderr
AROUND = 2  # lines shown before and after the first error line
OWN = 6  # the program's own last lines kept (not a stack frame, not a runtime's banner)

# Processes started and not yet reaped: killed at interpreter exit if a clean-up
# was itself interrupted (a second Ctrl-C), so no bot outlives its host.
_LIVE: set[asyncio.SubprocessTransport] = set()


@atexit.register
def _kill_leftovers() -> None:  # pragma: no cover - only runs after an interrupted clean-up
    for transport in list(_LIVE):
        if transport.get_returncode() is None:
            _signal_group(transport.get_pid(), signal.SIGKILL)


STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def stopped_by(signals: tuple[int, ...]) -> Iterator[list[int]]:
    """While in it, ``signals`` cancel the running task as Ctrl-C does, so that a host
    (check-bot, join --bot) stops its bots on the way out (by default SIGTERM ended
    the process and left them running); the list holds the signal that came."""
    task = asyncio.current_task()
    stopped: list[int] = []

    def stop(signum: int) -> None:
        if not stopped and task is not None:  # once: a second one must not cut the unwinding
            task.cancel()
        stopped.append(signum)

    # Put back as found after, not set to the default (an ignored SIGHUP stays so).
    with caught({sig: functools.partial(stop, sig) for sig in signals}):
        yield stopped


def _signal_group(pid: int, sig: int) -> None:
    """Signal a bot's process group (its own session: see spawn), if anything is left."""
    with contextlib.suppress(OSError):
        os.killpg(pid, sig)


def program_name(command: str) -> str:
    """The name of the program a command runs, for labels and log files: its script's
    file name without the suffix (``node bots/carlo.js --fast`` is ``carlo``,
    ``python3 -m bots.carlo`` is ``carlo``, ``./carlo`` is ``carlo``)."""
    try:
        argv = split_command(command)
    except ValueError:
        return "bot"
    words = argv[1:] if _INTERPRETER.match(Path(argv[0]).name) else []
    for i, word in enumerate(words):
        if word in ("-c", "-e", "--eval"):  # code on the command line: no file to name it
            break
        if word == "-m" and i + 1 < len(words):  # python3 -m package.module
            return words[i + 1].rpartition(".")[2] or "bot"
        if not word.startswith("-") and ("." in Path(word).name or os.sep in word):
            return Path(word).stem or "bot"
    return Path(argv[0]).stem or "bot"


# Programs that run a script named among their arguments.
_INTERPRETER = re.compile(
    r"(python|pypy|node|nodejs|deno|bun|ruby|perl|php|java|bash|sh|dash|zsh|lua|luajit|"
    r"julia|rscript|dotnet|mono|elixir|escript|racket|guile|sbcl|swipl|tclsh|go|uv|env)"
    r"[\d.]*(\.exe)?$",
    re.I,
)


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
            self.owner.feed(data)
        else:
            self.owner._stderr(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1:
            self.owner.feed_eof()
        elif fd == 2:
            self.owner._stderr_closed()

    def process_exited(self) -> None:
        self.owner._exited()


class BotProcess(Link):
    """One running bot program: the Link over its pipes, its stderr, clean-up."""

    kind = "bot program"

    def __init__(
        self,
        command: str,
        *,
        label: str = "bot",
        bot_log: str | Path | None = None,
        verbose: bool = False,
        tap: Tap | None = None,
        close_ms: int = CLOSE_MS,
        cwd: str | None = None,
    ) -> None:
        super().__init__(label, tap=tap)
        self.argv = split_command(command)
        self.cwd = cwd  # the directory it runs in (a bots file's cwd=); None: ours
        self.bot_log = Path(bot_log) if bot_log is not None else None
        self.verbose = verbose
        self.close_ms = close_ms
        self.transport: asyncio.SubprocessTransport | None = None
        self.stdin: asyncio.WriteTransport | None = None
        self.stderr_tail: deque[str] = deque(maxlen=10)
        self.first_error = ""  # the first stderr line that looks like an error
        self.around: list[str] = []  # it, with up to AROUND lines before and after
        self._after = 0  # lines after it still to keep
        self._own: deque[str] = deque(maxlen=OWN)  # the program's own lines, the last
        self.log_path: Path | None = None
        self.ended_by = ""  # how close() ended it: exit (by itself), terminate or kill
        self._log_file: IO[str] | None = None
        self._log_room = LOG_BYTES
        self._early: list[str] = []
        self._partial = ""  # an stderr line not ended yet
        self._exit: asyncio.Future[None] | None = None
        self._last_read = 0.0  # loop time of the last bytes from stdout

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
                cwd=self.cwd,
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

    def _write(self, data: bytes) -> None:
        # A closed pipe swallows the write: the bot's end of output tells the story.
        if self.stdin is not None and not self.stdin.is_closing():
            self.stdin.write(data)

    def _pause_reading(self, pause: bool) -> None:
        pipe = None if self.transport is None else self.transport.get_pipe_transport(1)
        if not isinstance(pipe, asyncio.ReadTransport) or pipe.is_closing():
            return
        if pause:
            pipe.pause_reading()
        else:
            pipe.resume_reading()

    def feed(self, data: bytes) -> None:
        self._last_read = asyncio.get_running_loop().time()
        super().feed(data)

    def _stderr(self, data: bytes) -> None:
        text = data.decode("utf-8", "replace")
        self._keep_log(text)
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()[: TAIL_CHARS + 1]  # whole lines only, and bounded
        self._tail(lines)

    def _stderr_closed(self) -> None:
        self._tail([self._partial])  # a last line without its newline
        self._partial = ""

    def _tail(self, lines: list[str]) -> None:
        level = logging.INFO if self.verbose else logging.DEBUG
        for line in lines:
            line = line.rstrip("\r")
            if line.strip():
                self._keep(_cut(line))
                log.log(level, "%s !! %s", self.label, printable(line))

    def _keep(self, line: str) -> None:
        """One stderr line: into the tail, the first error's surroundings, the own lines."""
        if self._after > 0 and not _CARET.match(line):
            self.around.append(line)
            self._after -= 1
        if not self.first_error and _ERROR.match(line):
            self.first_error = line.strip()
            before = [x for x in self.stderr_tail if not _CARET.match(x)][-AROUND:]
            self.around, self._after = [*before, line], AROUND
        if not _NOISE.match(line):
            self._own.append(line)
        self.stderr_tail.append(line)

    def excerpt(self) -> list[str]:
        """What to show of the stderr of a program that failed: its first error line with
        the lines around it, then its own last lines (not a stack frame or a runtime's
        banner such as 'Node.js v20'); without an error line, its last lines."""
        if not self.first_error:
            return self.tail(5)
        own = [line for line in self._own if line not in self.around][-2:]
        return [*self.around, *(["…"] if own else []), *own]

    def _keep_log(self, text: str) -> None:
        """Into the --bot-log file (or held until it opens), up to LOG_BYTES."""
        if self.bot_log is None or self._log_room <= 0:
            return
        if len(text) >= self._log_room:
            note = f"\n[briscola: stderr past {LOG_BYTES} bytes not kept]\n"
            text = text[: self._log_room] + note
        self._log_room -= len(text)
        if self._log_file is not None:
            self._log_file.write(text)
            self._log_file.flush()
        elif self.transport is None:
            self._early.append(text)  # the file opens once the process has its pid

    def _exited(self) -> None:
        if self._exit is not None and not self._exit.done():
            self._exit.set_result(None)
        if not self.eof:  # stdout still open: read what is there, then call it the end
            loop = asyncio.get_running_loop()
            loop.call_later(EXIT_QUIET_S, self._end_after_exit, loop.time() + EXIT_READ_S)

    def _end_after_exit(self, until: float) -> None:
        """The program exited but its stdout is still open (a child holds it): once the
        pipe is quiet, that is the end of its output; nothing read later counts."""
        now = asyncio.get_running_loop().time()
        if not self.eof and now < until and (self.paused or now - self._last_read < EXIT_QUIET_S):
            asyncio.get_running_loop().call_later(EXIT_QUIET_S, self._end_after_exit, until)
            return
        self.feed_eof()

    # -- the end ----------------------------------------------------------------

    async def exit_status(self, timeout: float) -> int | None:
        """The exit status once the program has ended, waiting at most ``timeout``."""
        if self._exit is None or self.transport is None:
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._exit), timeout)
        return self.returncode

    def last_words(self) -> str:
        """The bot's stderr in one line, for a failure's message: its first error line
        with a line on each side, and its own last line; else the line it ended with."""
        if self._partial.strip():  # a last line without its newline
            self._stderr_closed()
        if not self.first_error:
            last = self.stderr_tail[-1] if self.stderr_tail else ""
            return f"{STDERR_ENDED} ended with: {last!r}" if last else ""
        at = self.around.index(next(x for x in self.around if x.strip() == self.first_error))
        before, after = self.around[:at][-1:], self.around[at + 1 :][:1]
        words = f"{STDERR_ENDED}'s first error line: {_shown(self.first_error)}"
        words += "".join(f", after {_shown(x)}" for x in before)
        words += "".join(f", then {_shown(x)}" for x in after)
        own = [line for line in self._own if line not in self.around][-1:]
        return words + "".join(f"; its own last line: {_shown(x)}" for x in own)

    def tail(self, lines: int = 5) -> list[str]:
        """The last lines of the bot's stderr (with one not ended by a newline)."""
        kept = list(self.stderr_tail)
        if self._partial.strip():
            kept.append(_cut(self._partial.rstrip("\r")))
        return kept[-lines:]

    async def gone(self) -> tuple[str, str, str]:
        status = await self.exit_status(self.close_ms / 1000)
        how = "closed its output" if status is None else f"exited with status {status}"
        return "crashed", how, self.last_words()

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


# How the first line of an error report starts, in the common languages: Python's
# traceback and exception line, JavaScript's and Java's exceptions, Rust's and Go's
# panics, C++'s terminate, a signal's report, a shell's or tool's error.
_ERROR = re.compile(
    r"\s*(Traceback \(most recent call last\)"
    r"|(\w+\.)*\w*(Error|Exception|Exit|Interrupt)\b(:|$|\s\[)"
    r"|Uncaught \w|Exception in thread |Caused by: |Unhandled exception"
    r"|thread '.*' panicked at|panic: |fatal error|terminate called"
    r"|Segmentation fault|Aborted|Killed$|.*core dumped"
    r"|\[?(error|fatal|ERROR|FATAL)\b[]:]"
    r"|.*(command not found|No such file or directory|Permission denied|can't open file"
    r"|cannot (find|open|execute|load)))"
)
# Lines a runtime adds around an error report: stack frames, source pointers, banners.
_NOISE = re.compile(
    r"\s|Node\.js v\d|note: run with|goroutine \d+ \[|exit status \d+$|During handling"
)
_CARET = re.compile(r"\s*[\^~]+\s*$")


def _cut(line: str) -> str:
    return line if len(line) <= TAIL_CHARS else line[:TAIL_CHARS] + "…"


def _shown(line: str) -> str:
    line = line.strip()
    return repr(line if len(line) <= SHOWN_CHARS else line[:SHOWN_CHARS] + "…")
