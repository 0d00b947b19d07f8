"""A person at a LAN table: the ``briscola play`` screen, fed by the server.

:func:`sit` runs one seat (or a spectator's chair) until the person leaves:
the seat's messages drive a :class:`~briscola.prompt.person.Person` through
:class:`~.seat.RemoteTable`, chat and notices are printed above the prompt as
they come, ``say TEXT`` at any prompt chats, a dropped connection is resumed
with the token, and after each match the person is asked about another.
Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import Any

from prompt_toolkit.completion import Completer
from prompt_toolkit.document import Document
from prompt_toolkit.validation import Validator

from ..cards import Faces, Language
from ..prompt.console import Console
from ..prompt.person import LeaveTable, Person, PromptFailed
from ..prompt.view import Text
from ..protocol.messages import Message
from ..words.i18n import decimal
from ..words.lobby import t
from ..words.table import words
from ..words.text import printable
from .seat import RemoteTable
from .session import ServerError, Session

__all__ = ["TableConsole", "sit"]

YES = frozenset({"y", "yes", "j", "ja", "s", "si", "sì"})


class _SayFirst(Validator):
    """``say ...`` is always a good entry; anything else is the game's to judge."""

    def __init__(self, inner: Validator | None) -> None:
        self.inner = inner

    def validate(self, document: Document) -> None:
        if document.text.strip().lower().startswith("say ") or self.inner is None:
            return
        self.inner.validate(document)


class TableConsole(Console):
    """The person's console at a LAN table: ``say TEXT`` at any prompt chats."""

    def __init__(self, inner: Console, chat: Callable[[str], None]) -> None:
        self.inner = inner
        self.chat = chat

    @property
    def pending(self) -> str | None:
        return self.inner.pending

    @pending.setter
    def pending(self, value: str | None) -> None:
        self.inner.pending = value

    @property
    def toolbar(self) -> bool:  # type: ignore[override]
        return self.inner.toolbar

    @property
    def typeahead(self) -> str:
        return self.inner.typeahead

    @typeahead.setter
    def typeahead(self, value: str) -> None:
        self.inner.typeahead = value

    def show(self, lines: list[Text]) -> None:
        self.inner.show(lines)

    async def ask(
        self,
        message: str,
        *,
        completer: Completer | None = None,
        validator: Validator | None = None,
        toolbar: Text | None = None,
    ) -> str:
        while True:
            text = await self.inner.ask(
                message,
                completer=completer,
                validator=_SayFirst(validator) if validator is not None else None,
                toolbar=toolbar,
            )
            word, _, rest = text.strip().partition(" ")
            if word.lower() == "say" and rest.strip():
                self.chat(rest.strip())
                continue
            return text

    async def pause(self, seconds: float) -> None:
        await self.inner.pause(seconds)

    @contextlib.contextmanager
    def interrupts(self) -> Iterator[None]:
        with self.inner.interrupts():
            yield


def _dim(text: str) -> list[Text]:
    return [[("class:dim", text)]]


def notice_text(lang: Language, msg: Message) -> str:
    """A notice in the person's words (the server's English text for codes we do not know)."""
    code = str(msg.get("code"))
    name = printable(str(msg.get("name") or "?"), 40)
    try:
        return t(lang, code, name=name, seat=msg.get("seat"))
    except KeyError:
        return printable(str(msg.get("text", "")), 300)


async def sit(
    session: Session,
    console: Console,
    *,
    lang: Language,
    faces: Faces,
    pace: float,
    count: bool = True,
    watching: bool = False,
) -> int:
    """Play (or watch) at the table the session is seated at; the exit status."""
    chat = TableConsole(console, lambda text: session.send({"type": "chat", "text": text}))
    person = Person(chat, name=session.name, faces=faces, lang=lang, count=count, pace=pace)
    table = RemoteTable(person, session.send)
    again: asyncio.Task[bool] | None = None
    stop = asyncio.Event()
    incoming: asyncio.Task[Message | None] | None = None
    with _leave_on_interrupt(stop, watching):
        try:
            while True:
                if incoming is None:
                    incoming = asyncio.ensure_future(session.next())
                waits: set[asyncio.Future[Any]] = {incoming, asyncio.ensure_future(stop.wait())}
                if table.turn_task is not None:
                    waits.add(table.turn_task)
                if again is not None:
                    waits.add(again)
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for w in waits:
                    if w is not incoming and w is not table.turn_task and w is not again:
                        w.cancel()
                if stop.is_set():
                    return await _leave(session, table)
                if table.failed is not None:
                    if isinstance(table.failed, LeaveTable):
                        console.show([[("", words(lang, "left"))]])
                        return await _leave(session, table)
                    if isinstance(table.failed, PromptFailed):
                        raise table.failed.error
                    raise table.failed
                if again is not None and again.done():
                    if not again.result():
                        return await _leave(session, table)
                    again = None
                    with contextlib.suppress(ServerError):
                        await session.request("rematch")
                if not incoming.done():
                    continue
                msg, incoming = incoming.result(), None
                if msg is None:
                    if not await _reconnect(session, console, lang):
                        return 1
                    continue
                kind = msg["type"]
                if kind == "bye":
                    text = printable(str(msg.get("text") or msg.get("reason") or ""), 200)
                    console.show(_dim(t(lang, "bye", text=text)))
                    if msg.get("reason") == "restart":  # a pause: wait for the server
                        continue
                    return 0 if msg.get("reason") in ("bye", None) else 1
                if kind == "chat":
                    name = printable(str(msg.get("name", "?")), 40)
                    text = printable(str(msg.get("text", "")), 500)
                    console.show([[("class:chat", t(lang, "chat", name=name, text=text))]])
                elif kind == "notice":
                    mine = msg.get("seat") == session.seat and not watching
                    if not (mine and msg.get("code") in ("joined", "resumed", "handback")):
                        console.show(_dim(notice_text(lang, msg)))
                elif kind == "error":
                    text = printable(str(msg.get("message", "")), 300)
                    console.show(_dim(t(lang, "refused", text=text)))
                else:
                    await table.handle(msg)
                    if kind == "match_end" and not watching:
                        again = asyncio.ensure_future(_ask_again(chat, lang))
        finally:
            if incoming is not None:
                incoming.cancel()
            await table.cancel_turn()
            if again is not None:
                again.cancel()


async def _ask_again(console: Console, lang: Language) -> bool:
    try:
        answer = await console.ask(t(lang, "again"))
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in YES


async def _leave(session: Session, table: RemoteTable) -> int:
    await table.cancel_turn()
    with contextlib.suppress(ServerError):
        await session.request("leave", timeout=5.0)
    session.forget()
    return 0


async def _reconnect(session: Session, console: Console, lang: Language) -> bool:
    def tell(_: str, pause: float) -> None:
        console.show(_dim(t(lang, "lost", pause=decimal(lang, pause, None))))

    if await session.reconnect(tell):
        console.show(_dim(t(lang, "back")))
        return True
    console.show(_dim(t(lang, "gone")))
    return False


@contextlib.contextmanager
def _leave_on_interrupt(stop: asyncio.Event, watching: bool) -> Iterator[None]:
    """A spectator leaves on Ctrl-C (a seated person is asked at their turn)."""
    if not watching:
        yield
        return
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGINT, stop.set)
    except (NotImplementedError, RuntimeError, ValueError):  # pragma: no cover
        yield
        return
    try:
        yield
    finally:
        loop.remove_signal_handler(signal.SIGINT)
