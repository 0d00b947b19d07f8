"""Where the game meets the person: a prompt-toolkit terminal, or plain lines on a pipe.

Both consoles print the same text and ask the same questions.  The terminal
keeps one prompt-toolkit prompt up the whole time (``prompt_async`` in a
loop, under ``patch_stdout``), with the table's panel as its bottom toolbar:
what is printed goes above the line without touching what is being typed,
and a line typed while nobody asks is answered at once or kept for the next
question.  It adds colour, completion, lines laid out for its width and
paced bot moves (a short pause that any key skips).  The line console reads
stdin in a daemon thread, so that the event loop keeps serving the other
seats and a closed pipe simply ends the game.  Floor 6.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import signal
import sys
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TextIO

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, DynamicCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from prompt_toolkit.validation import ValidationError, Validator

from ..engine.text import printable
from ..signals import caught, kept
from .layout import wrap
from .style import STYLE, Text

__all__ = ["Console", "LineConsole", "TerminalConsole"]


def _safe(line: Text) -> Text:
    """A line with every control or bidi character shown as an escape: whatever a
    bot or a client sent (a name, a chat line) cannot forge lines or repaint."""
    return [(frag[0], printable(frag[1]), *frag[2:]) for frag in line]


MENU_ROWS = 8  # the most completions shown at once
PANEL_ROWS = 5  # a panel this short is never put in short

Line = str | BaseException  # a line typed, or KeyboardInterrupt (Ctrl-C)


@dataclass
class _Ask:
    message: str
    completer: Completer | None
    answer: asyncio.Future[Line]


class Console:
    """The person's side of the table: ``show`` lines, ``ask`` for one.

    Lines come in whenever they are typed.  The newest open ``ask`` takes the
    next one (a question asked during a turn, say, before the turn's prompt);
    with no ask open, ``idle`` may answer it at once (a command between turns)
    and otherwise it is kept for the next ask, so nothing typed ahead is lost.
    """

    #: set when a Ctrl-C came as a signal (no prompt up): "c-c" or "c-d"
    pending: str | None = None
    #: whether the score stands in a panel (else the person types ``score``)
    toolbar: bool = False
    #: the lines that stay under the log (the table, what it waits for); called with
    #: True when they must be short (a small terminal)
    panel: Callable[..., list[Text]] | None = None
    #: a line typed (or Ctrl-C, Ctrl-D) with no ask open; True when it was dealt with
    idle: Callable[[Line], bool] | None = None
    #: the prompt while nobody asks
    waiting: str = "> "
    #: a line any question passes on (``say TEXT`` at a LAN table); True: taken
    intercept: Callable[[str], bool] | None = None

    def __init__(self) -> None:
        self._asks: list[_Ask] = []
        self._kept: collections.deque[Line] = collections.deque()
        self._ended = False
        self._news: asyncio.Event | None = None

    def show(self, lines: list[Text]) -> None:
        raise NotImplementedError

    def start(self) -> None:
        """Begin reading lines (the first ask does it too)."""

    def refresh(self) -> None:
        """Draw the panel again: what it shows changed."""

    def _deliver(self, item: Line) -> None:
        if self._news is not None:
            self._news.set()
        if self._asks:
            ask = self._asks[-1]
            if not ask.answer.done():
                ask.answer.set_result(item)
                return
            # The ask has its line but has not taken it yet: what follows waits its
            # turn, or it would be answered before the line typed first.
            self._kept.append(item)
            return
        if self.idle is not None and not self._kept and self.idle(item):
            return
        self._kept.append(item)

    def keep(self, line: str) -> None:
        """A line for the next ask, before any typed after it (a card typed ahead)."""
        self._kept.appendleft(line)

    def _end(self) -> None:
        """The input ended (Ctrl-D, a closed pipe): every ask from now on sees it."""
        self._ended = True
        if self._news is not None:
            self._news.set()
        asked = False
        for ask in self._asks:
            if not ask.answer.done():
                ask.answer.set_exception(EOFError())
                asked = True
        if not asked and self.idle is not None:
            self.idle(EOFError())

    async def ask(
        self,
        message: str,
        *,
        completer: Completer | None = None,
        validator: Validator | None = None,
    ) -> str:
        """One line from the person; EOFError when they leave, KeyboardInterrupt on Ctrl-C."""
        self.start()
        while True:
            self._prompted(message)
            if self._kept:
                item = self._kept.popleft()
            elif self._ended:
                raise EOFError
            else:
                ask = _Ask(message, completer, asyncio.get_running_loop().create_future())
                self._asks.append(ask)
                self._asked(ask)
                try:
                    item = await ask.answer
                finally:
                    self._asks.remove(ask)
                    self._asked(None)
            if isinstance(item, BaseException):
                raise type(item)()
            if self.intercept is not None and self.intercept(item):
                continue
            if validator is not None:
                try:
                    validator.validate(Document(item))
                except ValidationError as err:
                    self.show([[("class:error", err.message)]])
                    continue
            return item

    def _asked(self, ask: _Ask | None) -> None:
        """An ask opened (or closed: None)."""

    def _prompted(self, message: str) -> None:
        """A question is asked (a line may be waiting for it already)."""

    async def pause(self, seconds: float) -> None:
        """Let the person follow a bot's move: ``seconds``, or less when they type."""
        if seconds <= 0 or self._kept or self._ended:
            return
        self.start()
        self._news = news = asyncio.Event()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(news.wait(), seconds)
        finally:
            self._news = None

    async def close(self) -> None:
        """Stop reading lines."""

    @contextlib.asynccontextmanager
    async def interrupts(self) -> AsyncIterator[None]:
        """While a game runs: what Ctrl-C outside a prompt does (here: the default);
        then the console is closed."""
        try:
            yield
        finally:
            await self.close()


class TerminalConsole(Console):
    """One prompt that is always up, with the panel under it as its bottom toolbar.

    Lines are laid out for the terminal's width (``width`` fixes it; without a
    terminal of its own, as in tests, nothing is wrapped).  What is printed
    goes above the prompt (``patch_stdout`` at the terminal) and leaves what
    is being typed alone.  A refused entry is said above the prompt, and the
    prompt comes back empty.
    """

    toolbar = True

    def __init__(
        self,
        input: Input | None = None,
        output: Output | None = None,
        *,
        print_output: Output | None = None,
        width: int | None = None,
        style: Style = STYLE,
        tick: float = 1.0,
    ) -> None:
        super().__init__()
        self.session: PromptSession[str] = PromptSession(
            input=input,
            output=output,
            # No empty rows kept under the line for a menu that is not there: the
            # room is made while completions show, as many rows as they need.
            reserve_space_for_menu=0,
            key_bindings=_tab_completes(),
            completer=DynamicCompleter(lambda: self._top().completer),
            complete_while_typing=Condition(lambda: self._top().completer is not None),
            bottom_toolbar=self._bar,
            style=style,
            refresh_interval=tick,  # the countdown in the panel
            erase_when_done=True,  # what a line did is printed; the line itself goes
        )
        self.input = self.session.input
        self.print_output = print_output
        self.width = width
        self.style = style
        self._reader: asyncio.Task[None] | None = None
        self.session.default_buffer.on_text_changed += self._typed
        self.session.default_buffer.on_completions_changed += self._menu_room

    def _top(self) -> _Ask:
        if self._asks:
            return self._asks[-1]
        return _Ask(self.waiting, None, asyncio.Future())  # never awaited

    def _menu_room(self, buffer: Buffer) -> None:
        state = buffer.complete_state
        shown = len(state.completions) if state is not None else 0
        self.session.reserve_space_for_menu = min(shown, MENU_ROWS) + 1 if shown else 0

    def _typed(self, _: object) -> None:
        if self._news is not None:  # a key ends a bot's pause
            self._news.set()

    def columns(self) -> int | None:
        if self.width is not None:
            return self.width
        if self.print_output is not None:
            return None
        return self.session.output.get_size().columns

    def show(self, lines: list[Text]) -> None:
        width = self.columns()
        for line in map(_safe, lines):
            for part in wrap(line, width - 1) if width else [line]:
                out = FormattedText(part)
                print_formatted_text(out, style=self.style, output=self.print_output)

    def _bar(self) -> FormattedText | None:
        """The panel, laid out afresh for the size at every redraw: in short when the
        whole of it would take more than a third of the rows."""
        if self.panel is None:
            return None
        width = self.columns()
        rows = self.session.output.get_size().rows if width and self.print_output is None else 0
        laid = self._laid(self.panel(), width)
        if rows and len(laid) > max(PANEL_ROWS, rows // 3):
            laid = self._laid(self.panel(True), width)
        if not laid:
            return None
        joined: Text = []
        for part in laid:
            joined += ([("", "\n")] if joined else []) + part
        return FormattedText(joined)

    @staticmethod
    def _laid(lines: list[Text], width: int | None) -> list[Text]:
        out: list[Text] = []
        for line in map(_safe, lines):
            out += wrap(line, width, indent="  ", groups=True) if width else [line]
        return out

    def refresh(self) -> None:
        app = self.session.app
        if app.is_running:
            app.invalidate()

    def _asked(self, ask: _Ask | None) -> None:
        self.refresh()

    def start(self) -> None:
        if self._reader is None and not self._ended:
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        # Raw between two prompts too: keys typed in that moment are not echoed by
        # the terminal, and Ctrl-C stays a key for the next prompt.
        with self.input.raw_mode():
            await self._prompts()

    async def _prompts(self) -> None:
        while True:
            try:
                text = await self.session.prompt_async(
                    lambda: self._top().message,
                    handle_sigint=False,  # raw mode: Ctrl-C is a key; keep our handler
                )
            except KeyboardInterrupt:
                self._deliver(KeyboardInterrupt())
                continue
            except EOFError:
                self._end()
                return
            except _Closed:
                return
            self._deliver(text)

    async def close(self) -> None:
        """End the prompt the way it ends itself, still in raw mode: it then reads
        the answer to its last cursor-position question, which would otherwise
        come after the program stopped reading and land in the shell as
        ``^[[9;1R``."""
        reader, self._reader = self._reader, None
        if reader is None or reader.done():
            return
        app = self.session.app
        try:
            app.exit(exception=_Closed())
        except Exception:  # not running, or already ending: nothing waits for an answer
            reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, _Closed):
            await reader

    @contextlib.asynccontextmanager
    async def interrupts(self) -> AsyncIterator[None]:
        """Ctrl-C in the moment between two prompts asks at the person's next turn.

        At the prompt the terminal is raw and Ctrl-C is a key; between prompts it
        is a signal, caught here instead of ending the program.
        """
        # prompt-toolkit sets SIGWINCH back to the default when its prompt ends, not
        # to what was there before the game: kept until the prompt is closed.
        with kept(*[signal.SIGWINCH] if hasattr(signal, "SIGWINCH") else []):
            try:
                with caught({signal.SIGINT: self._interrupted}):
                    yield
            finally:
                await self.close()

    def _interrupted(self) -> None:
        self._deliver(KeyboardInterrupt())


class _Closed(Exception):
    """The prompt is ended by the program (:meth:`TerminalConsole.close`)."""


def _tab_completes() -> KeyBindings:
    """Tab puts in the one card that fits what was typed, at once.

    prompt-toolkit's own Tab does nothing while the menu shown during typing is
    still being computed, and inserts no common part when the case differs
    (``fiv`` for ``Five of Coins``); a quick typist would see Tab ignored.
    """
    kb = KeyBindings()

    @kb.add("tab")
    def _(event: KeyPressEvent) -> None:
        b = event.current_buffer
        if b.complete_state is None and b.completer is not None:
            found = list(
                b.completer.get_completions(b.document, CompleteEvent(completion_requested=True))
            )
            if len(found) == 1:
                b.delete_before_cursor(-found[0].start_position)
                b.insert_text(found[0].text)
                return
            b.start_completion(select_first=True)
        elif b.complete_state is not None:
            b.complete_next()

    return kb


class LineConsole(Console):
    """Plain lines for a pipe: no escape codes, each question on a line of its own."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        super().__init__()
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self._started = False

    def show(self, lines: list[Text]) -> None:
        for line in map(_safe, lines):
            self.stdout.write(to_plain_text(line) + "\n")
        self.stdout.flush()

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._start_reader()

    def _start_reader(self) -> None:
        loop = asyncio.get_running_loop()

        def read() -> None:
            try:
                for line in self.stdin:
                    loop.call_soon_threadsafe(self._deliver, line.rstrip("\r\n"))
                loop.call_soon_threadsafe(self._end)
            except (OSError, ValueError):  # stdin closed under us: the same as its end
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._end)
            except RuntimeError:  # the loop ended before the input did: nobody reads on
                pass

        threading.Thread(target=read, name="briscola-stdin", daemon=True).start()

    def _prompted(self, message: str) -> None:
        self.stdout.write(message.rstrip() + "\n")
        self.stdout.flush()
