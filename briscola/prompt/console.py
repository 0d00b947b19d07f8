"""Where the game meets the person: a prompt-toolkit terminal, or plain lines on a pipe.

Both consoles print the same text and ask the same questions; the terminal
adds colour, completion, the bottom toolbar, lines laid out for its width
and paced bot moves (a short pause that any key skips; what was typed stays
as the start of the next entry).  The line console reads stdin in a
daemon thread, so that the event loop keeps serving the other seats and a
closed pipe simply ends the game.  Floor 6.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from prompt_toolkit.validation import Validator

from ..words.text import printable
from .view import STYLE, Text, wrap

__all__ = ["Console", "LineConsole", "TerminalConsole"]


def _safe(line: Text) -> Text:
    """A line with every control or bidi character shown as an escape: whatever a
    bot or a client sent (a name, a chat line) cannot forge lines or repaint."""
    return [(frag[0], printable(frag[1]), *frag[2:]) for frag in line]


class Console:
    """The person's side of the table: ``show`` lines, ``ask`` for one."""

    #: set when a key pressed during a pause asks to leave: "c-c" or "c-d"
    pending: str | None = None
    #: whether the score stands in a toolbar (else the person types ``score``)
    toolbar: bool = False
    #: keys typed during a pause, kept as the start of the next entry
    typeahead: str = ""

    def show(self, lines: list[Text]) -> None:
        raise NotImplementedError

    async def ask(
        self,
        message: str,
        *,
        completer: Completer | None = None,
        validator: Validator | None = None,
        toolbar: Text | None = None,
    ) -> str:
        """One line from the person; EOFError when they leave, KeyboardInterrupt on Ctrl-C."""
        raise NotImplementedError

    async def pause(self, seconds: float) -> None:
        """Let the person follow a bot's move."""

    @contextlib.contextmanager
    def interrupts(self) -> Iterator[None]:
        """While a game runs: what Ctrl-C outside a prompt does (here: the default)."""
        yield


class TerminalConsole(Console):
    """A real prompt: PromptSession with completion and a bottom toolbar.

    Lines are laid out for the terminal's width (``width`` fixes it; without a
    terminal of its own, as in tests, nothing is wrapped).  A refused entry is
    said above the prompt, and the prompt comes back empty.
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
    ) -> None:
        self.session: PromptSession[str] = PromptSession(
            input=input, output=output, key_bindings=_tab_completes()
        )
        # Questions get their own session: a session keeps the completer and
        # validator of its last prompt, and "y" is no card.
        self.questions: PromptSession[str] = PromptSession(input=input, output=output)
        self.input = self.session.input
        self.print_output = print_output
        self.width = width
        self.style = style

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

    async def ask(
        self,
        message: str,
        *,
        completer: Completer | None = None,
        validator: Validator | None = None,
        toolbar: Text | None = None,
    ) -> str:
        if completer is None and validator is None and toolbar is None:
            return await self.questions.prompt_async(message, style=self.style, handle_sigint=False)
        bar = None
        if toolbar:

            def bar() -> FormattedText:  # laid out afresh when the terminal is resized
                width = self.columns()
                lines = wrap(toolbar, width, indent="") if width else [toolbar]
                joined: Text = []
                for i, line in enumerate(lines):
                    joined += ([("", "\n")] if i else []) + line
                return FormattedText(joined)

        typed, self.typeahead = self.typeahead, ""
        return await self.session.prompt_async(
            message,
            default=typed,
            completer=completer,
            complete_while_typing=completer is not None,
            validator=validator,
            validate_while_typing=False,
            bottom_toolbar=bar,
            style=self.style,
            handle_sigint=False,  # raw mode: Ctrl-C is a key; keep our handler in place
        )

    @contextlib.contextmanager
    def interrupts(self) -> Iterator[None]:
        """Ctrl-C while the bots think (no prompt up) asks at the person's next turn.

        At a prompt or in a pause the terminal is raw and Ctrl-C is a key; between
        them it is a signal, caught here instead of ending the program.
        """
        loop = asyncio.get_running_loop()
        try:
            loop.add_signal_handler(signal.SIGINT, self._interrupted)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
            yield
            return
        try:
            yield
        finally:
            loop.remove_signal_handler(signal.SIGINT)

    def _interrupted(self) -> None:
        self.pending = "c-c"

    async def pause(self, seconds: float) -> None:
        if seconds <= 0 or self.pending:
            return
        pressed = asyncio.Event()

        def keys_ready() -> None:
            for press in self.input.read_keys():
                if press.key in (Keys.ControlC, Keys.ControlD):
                    self.pending = "c-c" if press.key == Keys.ControlC else "c-d"
                elif press.key in (Keys.Backspace, Keys.ControlH):
                    self.typeahead = self.typeahead[:-1]
                elif len(press.data) == 1 and press.data.isprintable():
                    self.typeahead += press.data  # the start of the next entry
                pressed.set()

        with (
            self.input.raw_mode(),
            self.input.attach(keys_ready),
            contextlib.suppress(TimeoutError),
        ):
            await asyncio.wait_for(pressed.wait(), seconds)


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
    """Plain lines for a pipe: no escape codes, the prompt on a line of its own."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self._lines: asyncio.Queue[str | None] | None = None

    def show(self, lines: list[Text]) -> None:
        for line in map(_safe, lines):
            self.stdout.write(to_plain_text(line) + "\n")
        self.stdout.flush()

    def _start_reader(self) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            try:
                for line in self.stdin:
                    loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\r\n"))
                loop.call_soon_threadsafe(queue.put_nowait, None)
            except (OSError, ValueError):  # stdin closed under us: the same as its end
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(queue.put_nowait, None)
            except RuntimeError:  # the loop ended before the input did: nobody reads on
                pass

        threading.Thread(target=read, name="briscola-stdin", daemon=True).start()
        return queue

    async def ask(
        self,
        message: str,
        *,
        completer: Completer | None = None,
        validator: Validator | None = None,
        toolbar: Text | None = None,
    ) -> str:
        if self._lines is None:
            self._lines = self._start_reader()
        self.stdout.write(message.rstrip() + "\n")
        self.stdout.flush()
        line = await self._lines.get()
        if line is None:
            self._lines.put_nowait(None)  # every later question sees the end too
            raise EOFError
        return line
