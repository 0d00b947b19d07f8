"""A person at a LAN table: the ``briscola play`` screen, fed by the server.

:func:`sit` runs one seat (or a spectator's chair) until the person leaves:
the seat's messages drive a :class:`~briscola.prompt.person.Person` through
:class:`~.seat.RemoteTable`, chat and notices are printed above the input
line as they come, a dropped connection (or a server pausing for a restart)
is resumed with the token, and after each match the person is asked about
another.  The input line is there at every moment: ``say TEXT`` chats,
``score``, ``seen``, ``last``, ``hand`` and ``help`` answer at once,
``leave``, ``quit``, Ctrl-C and Ctrl-D leave (asking first in a match), a
card typed out of turn is refused with why; the panel under the line says
what the table waits for.  Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from typing import Any

from ..engine.cards import Card, Faces, Language, card_label, card_name
from ..engine.text import printable
from ..prompt.app import yes_no
from ..prompt.console import Console, Line
from ..prompt.layout import clock_text
from ..prompt.person import LeaveTable, Person, PromptFailed
from ..prompt.style import Text
from ..protocol.messages import Message
from ..words.answers import ALIASES
from ..words.lobby import t
from ..words.table import words
from .check import ServerFault
from .lobby import Away
from .seat import RemoteTable
from .session import ServerError, Session

__all__ = ["chat_text", "notice_text", "sit"]

WARN_S = 15.0  # the warning line before a turn's time runs out
LEAVE = frozenset({"leave", "quit"})
# Notices about one's own seat that need no line: the screen says it another way.
QUIET_MINE = frozenset({"joined", "resumed"})


def _dim(text: str) -> list[Text]:
    return [[("class:dim", text)]]


def notice_text(lang: Language, msg: Message, *, mine: bool = False, name: str = "?") -> str:
    """A notice in the person's words: to them for their own seat ("You want a
    rematch"), else of the seat's person by name; the server's English text for
    codes we do not know."""
    code = str(msg.get("code"))
    who = printable(str(msg.get("name") or name), 40)
    seconds = msg.get("seconds")
    values: dict[str, Any] = {"name": who, "seat": msg.get("seat")}
    values["was"] = printable(str(msg.get("was") or "?"), 40)
    count = msg.get("count")
    if isinstance(count, int) and not isinstance(count, bool) and count > 0:
        values["n"] = count
    key = f"{code}.you" if mine else code
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and seconds > 0:
        values["time"] = clock_text(float(seconds))
        key += ".for"
    for k in (key, key.removesuffix(".for"), code):
        try:
            return t(lang, k, **values)
        except KeyError:
            continue
    return printable(str(msg.get("text", "")), 300)


def chat_text(lang: Language, msg: Message) -> str:
    """A chat line, always marked with who says it and from where (a seat, or among
    the spectators) in a form and style no notice takes, so chat cannot pass for one."""
    name = printable(str(msg.get("name", "?")), 40)
    text = printable(str(msg.get("text", "")), 500)
    seat = msg.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        role = t(lang, "chat.seat", seat=seat)
    else:
        role = t(lang, "chat.watcher")
    return t(lang, "chat", name=name, role=role, text=text)


class _Sitting:
    """One person's evening at a table: the seat's state between the server's lines."""

    def __init__(self, session: Session, console: Console, lang: Language, watching: bool):
        self.session, self.console, self.lang, self.watching = session, console, lang, watching
        self.person: Person | None = None
        self.table: RemoteTable | None = None
        self.leaving: str | None = None  # "now", or "ask" (a match is on: make sure)
        self.wake = asyncio.Event()
        self.away = False  # a bot plays our seat until we type
        self.wants: list[str] = []  # who asked for a rematch
        self.server_away = False
        self.said_restart = False  # the server's bye said it pauses for a restart
        self.warning: asyncio.TimerHandle | None = None
        self.ids = itertools.count(1)  # our own requests' ids (here, next)
        self.round_over = False  # the table rests after a round: Enter goes on
        self.ahead: Card | None = None  # a card typed before our turn, played at it
        self.kept: tuple[int, list[str | None]] | None = None  # the slots last kept on disk

    # -- the panel's last line ------------------------------------------------------

    def status(self, key: str | None, **values: Any) -> None:
        assert self.person is not None
        self.person.status = None if key is None else [("", t(self.lang, key, **values))]
        self.console.refresh()

    def in_match(self) -> bool:
        table = self.table
        return table is not None and table.start is not None and table.ended is None

    def names(self) -> list[str]:
        start = self.table.start if self.table is not None else None
        return [str(n) for n in (start or {}).get("names", [])]

    def name_of(self, seat: object) -> str:
        names = self.names()
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    # -- the input line, when no card and no question is asked ------------------------

    def idle(self, item: Line) -> bool:
        if isinstance(item, BaseException):  # Ctrl-C or Ctrl-D
            self.leave()
            return True
        text = item.strip()
        if self.away and not self.watching:
            self.take_back()
        if self.round_over and not text:  # read: the next round may be dealt
            self.round_over = False
            self.session.send({"type": "next", "id": next(self.ids)})
            self.status("status.round_wait")
            return True
        if self.chat(text):
            return True
        low = " ".join(text.lower().split())
        if ALIASES.get(low, low) in LEAVE:
            self.leave()
            return True
        assert self.person is not None
        if not text or self.person.answer(text):
            return True
        card = None if self.watching or not self.in_match() else self.person.ahead(text)
        if card is not None:  # played at the turn, as briscola play does
            self.ahead = card
            name = card_name(card, self.person.faces, self.lang)
            self.console.show(_dim(t(self.lang, "ahead", card=name)))
            return True
        self.console.show(_dim(self.not_now()))
        return True

    def not_now(self) -> str:
        """Why a card (or an unknown word) is not taken now."""
        if self.watching:
            return t(self.lang, "not_now.watching")
        seen = self.person.seen if self.person is not None else None
        mine = seen is not None and seen.to_move == self.table_seat()
        if self.in_match() and seen is not None and seen.to_move is not None and not mine:
            return t(self.lang, "not_now.turn", name=self.name_of(seen.to_move))
        if self.in_match():
            return t(self.lang, "not_now.wait")
        return t(self.lang, "not_now.no_match")

    def chat(self, text: str) -> bool:
        """``say TEXT``: to everyone at the table."""
        word, _, rest = text.partition(" ")
        if word.lower() != "say" or not rest.strip():
            return False
        if self.server_away:
            self.console.show(_dim(t(self.lang, "not_sent")))
        else:
            self.session.send({"type": "chat", "text": rest.strip()})
        return True

    def take_back(self) -> None:
        """Any line from an away seat takes it back (the server says handback)."""
        self.session.send({"type": "here", "id": next(self.ids)})
        self.console.show(_dim(t(self.lang, "here")))

    def leave(self) -> None:
        self.leaving = "ask" if self.in_match() and not self.watching else "now"
        self.wake.set()

    # -- the server's lines -----------------------------------------------------------

    def notice(self, msg: Message) -> None:
        code = msg.get("code")
        mine = msg.get("seat") == self.session.seat and not self.watching
        name = self.name_of(msg.get("seat"))
        if mine and code == "away":
            self.away = True
            self.status("status.away")
        elif mine and code == "handback":
            self.away = False
            self.status(None)
        elif code == "takes" and self.person is not None:  # the seat changed hands
            if mine:
                self.person.back_word = "back.taken"
                self.person.taken_from = str(msg.get("was") or "")  # its cards before
            elif isinstance(msg.get("seat"), int):
                self.person.rename(msg["seat"], str(msg.get("name") or "?"))
            self.renamed(msg.get("seat"), msg.get("name"))
        elif mine and code == "meanwhile":
            self.console.show(_dim(self.meanwhile(msg)))
            return
        elif code == "rematch":
            self.wants.append(printable(str(msg.get("name") or name), 40))
        elif code == "round_pause":  # the panel says it: Enter goes on
            if not self.watching:
                self.round_over = True
                self.status("status.round_pause")
            return
        if not (mine and code in QUIET_MINE):
            self.console.show(_dim(notice_text(self.lang, msg, mine=mine, name=name)))

    def renamed(self, seat: object, name: object) -> None:
        """The match's names as the server has them now: a ``match_start`` after a
        resume names the new person, and is still this match."""
        start = self.table.start if self.table is not None else None
        names = start.get("names") if start is not None else None
        fits = isinstance(names, list) and isinstance(seat, int) and 0 <= seat < len(names)
        if fits and isinstance(name, str) and name:
            names[seat] = name  # type: ignore[index]

    def table_seat(self) -> int | None:
        return None if self.table is None or self.table.info is None else self.table.seat

    def play_ahead(self) -> None:
        """Our turn: a card typed before it is the answer, while it is still in hand."""
        card, self.ahead = self.ahead, None
        seen = self.person.seen if self.person is not None else None
        if card is not None and seen is not None and card in seen.hand:
            self.console.keep(str(card))

    def keep_hand(self) -> None:
        """The hand's slots, with the token on disk: a client started again after a
        crash numbers the cards as this one did."""
        seen = self.person.seen if self.person is not None else None
        if self.watching or seen is None or not seen.round or self.session.token is None:
            return
        hand = [None if c is None else str(c) for c in seen.hand]
        if (seen.round, hand) != self.kept:
            self.kept = (seen.round, hand)
            self.session.keep_hand(seen.round, hand)

    def meanwhile(self, msg: Message) -> str:
        """What a bot played for us while we were away, and the tricks that went by."""
        assert self.person is not None
        cards = []
        for text in msg.get("cards") or []:
            try:
                cards.append(card_label(Card.parse(str(text)), self.person.faces, self.lang))
            except ValueError:
                continue
        tricks = msg.get("tricks")
        count = tricks if type(tricks) is int and tricks >= 0 else 0
        if not cards:
            return t(self.lang, "meanwhile.none", count)
        if not count:  # the bot's cards lie in the trick on the table still
            return t(self.lang, "meanwhile.cards", cards=", ".join(cards))
        return t(self.lang, "meanwhile", count, cards=", ".join(cards))

    def turn_started(self, msg: Message) -> None:
        """Our turn: the clock in the panel, and a warning line 15 s before the end."""
        assert self.person is not None
        self.cancel_warning()
        time_ms = msg.get("time_ms")
        start = self.table.start if self.table is not None else None
        unlimited = isinstance(start, dict) and start.get("move_ms") == 0  # --turn-timeout 0
        if not isinstance(time_ms, int) or time_ms <= 0 or unlimited:
            self.person.deadline = None
            return
        loop = asyncio.get_running_loop()
        self.person.deadline = loop.time() + time_ms / 1000
        if time_ms / 1000 > WARN_S:
            self.warning = loop.call_later(time_ms / 1000 - WARN_S, self.warn)

    def warn(self) -> None:
        if self.table is not None and self.table.turn_task is not None:
            text = t(self.lang, "warn", left=clock_text(WARN_S))
            self.console.show([[("class:warn", text)]])

    def cancel_warning(self) -> None:
        if self.warning is not None:
            self.warning.cancel()
            self.warning = None

    def clock_others(self, msg: Message) -> None:
        """Another seat's turn: its clock is the server's, counted down from the arrival
        of its ``clock`` message (or a snapshot's ``time_left_ms``), so that every
        screen at the table, a spectator's too, shows the same time left; until then,
        none (a bot's card, or a table without a time limit)."""
        assert self.person is not None and self.table is not None
        seen = self.person.seen
        left = msg.get("time_left_ms") if msg["type"] == "state" else msg.get("ms")
        mover = msg.get("to_move") if msg["type"] == "state" else msg.get("seat")
        if msg["type"] == "clock" and seen is not None and mover != seen.to_move:
            return  # a clock for another moment than the one on screen
        self.person.deadline = None
        if seen is None or mover is None or mover == self.table.seat:
            return  # ours: the turn's own clock comes with it
        if type(left) is int and left >= 0:
            self.person.deadline = asyncio.get_running_loop().time() + left / 1000


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
    me = _Sitting(session, console, lang, watching)
    person = Person(console, name=session.name, faces=faces, lang=lang, count=count, pace=pace)
    person.lan = True
    table = RemoteTable(person, session.send)
    me.person, me.table = person, table
    console.panel = person.panel
    # At a terminal the line is always there; on a pipe every line is kept for the
    # next question, so that a script's cards wait for their turns.
    if console.toolbar:
        console.idle = me.idle
    console.intercept = lambda text: me.chat(text.strip())
    me.status("status.watch_wait" if watching else "status.filling")
    console.start()
    again: asyncio.Task[bool] | None = None
    sure: asyncio.Task[bool] | None = None
    back: asyncio.Task[bool] | None = None
    incoming: asyncio.Task[Message | None] | None = None
    try:
        while True:
            if incoming is None and back is None:
                incoming = asyncio.ensure_future(session.next())
            waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(me.wake.wait())}
            waits |= {w for w in (incoming, table.turn_task, again, sure, back) if w is not None}
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for w in waits:
                if w not in (incoming, table.turn_task, again, sure, back):
                    w.cancel()
            if me.wake.is_set():
                me.wake.clear()
                if me.leaving == "now" or (me.leaving == "ask" and not me.in_match()):
                    return await _leave(session, table, console, lang)
                if me.leaving == "ask" and sure is None:
                    sure = asyncio.ensure_future(
                        _sure(console, lang, words(lang, "ask.leave"), True)
                    )
                me.leaving = None
            if sure is not None and sure.done():
                if sure.result():
                    return await _leave(session, table, console, lang)
                sure = None
            if table.failed is not None:
                if isinstance(table.failed, LeaveTable):
                    return await _leave(session, table, console, lang)
                if isinstance(table.failed, PromptFailed):
                    raise table.failed.error
                raise table.failed
            if again is not None and again.done():
                if not again.result():
                    return await _leave(session, table, console, lang)
                again = None
                me.status("status.rematch")
                try:
                    answer = await session.request("rematch")
                    free = answer.get("free")
                    if isinstance(free, list) and free:  # someone left: name the empty seat
                        seats = ", ".join(str(i) for i in free[:8] if type(i) is int)
                        me.status("status.rematch_seat", count=len(free), seats=seats)
                except ServerFault:
                    raise
                except ServerError as err:  # someone left: the table waits for a new person
                    console.show(_dim(t(lang, "refused", text=printable(err.message, 300))))
                    me.status("status.filling")
            if back is not None:
                if not back.done():
                    continue
                ok, back, me.server_away = back.result(), None, False
                watcher = session.token is None and session.watching is not None
                if not ok and session.refusal:  # back, but it said no: say what it said
                    text = printable(session.refusal, 300)
                    said = t(lang, "gone_refused" + ("_watch" if watcher else ""), text=text)
                else:
                    said = t(lang, ("back" if ok else "gone") + ("_watch" if watcher else ""))
                console.show(_dim(said))
                if not ok:
                    return 1
                me.console.refresh()  # the panel as before the wait ("waiting for...")
                continue
            if incoming is None or not incoming.done():
                continue
            msg, incoming = incoming.result(), None
            if msg is None:
                me.server_away = True
                back = asyncio.ensure_future(_reconnect(session, me))
                continue
            kind = msg["type"]
            if kind == "bye":
                text = printable(str(msg.get("text") or msg.get("reason") or ""), 200)
                if msg.get("reason") == "restart" and (session.token or session.watching):
                    said = "restart" if session.token else "restart_watch"
                    console.show(_dim(t(lang, said)))
                    me.said_restart = True  # "connecting again": no "lost" line after it
                    continue  # the connection ends next; the seat is resumed
                console.show(_dim(t(lang, "bye", text=text)))
                return 0 if msg.get("reason") in ("bye", None) else 1
            if kind == "chat":
                console.show([[("class:chat", chat_text(lang, msg))]])
            elif kind == "notice":
                me.notice(msg)
                if watching and msg.get("code") == "closed":  # the server's lobby has us again
                    session.watching = None
                    return 0
            elif kind == "error":
                text = printable(str(msg.get("message", "")), 300)
                console.show(_dim(t(lang, "refused", text=text)))
            elif kind == "here":
                pass  # the answer to our "here": the handback notice says it
            elif kind == "clock":
                if me.person is not None and me.person.seen is not None:
                    me.clock_others(msg)
                    console.refresh()
            else:
                await _table_line(me, msg)
                if kind == "match_end" and watching:
                    me.status("status.watch_wait")
                elif kind == "match_end":
                    me.wants = []
                    me.status("status.again")
                    again = asyncio.ensure_future(_sure(console, lang, t(lang, "again"), False))
    finally:
        me.cancel_warning()
        console.idle = console.intercept = console.panel = None  # back to the lobby: none
        for task in (incoming, again, sure, back):
            if task is not None:
                task.cancel()
        await table.cancel_turn()


async def _table_line(me: _Sitting, msg: Message) -> None:
    """A line of the match itself: the screen, the panel's clock, what was played for us."""
    assert me.table is not None and me.person is not None
    kind = msg["type"]
    if kind == "match_start":
        me.away = False
    table = me.table
    kept = me.session.kept_hand
    if kind == "state" and kept is not None and not me.watching:
        me.session.kept_hand = None
        if kept[0] == msg.get("round"):  # the slots of this round: the same numbers
            me.person.kept_order = [None if c is None else Card.parse(c) for c in kept[1]]
    await table.handle(msg)
    if kind == "state" and me.person.view is not None:  # the cards on the table a bot chose
        trick = msg.get("trick") or []
        me.person.view.stood_in = {p["seat"] for p in trick if p.get("standin") is True}
    me.keep_hand()
    if kind in ("match_start", "state", "round_start"):
        me.round_over = False
        me.status(None)
    if kind == "turn":
        me.play_ahead()
        me.turn_started(msg)
    elif kind in ("played", "trick", "round_start", "state"):
        if kind == "played" and msg.get("seat") == table.seat:
            me.cancel_warning()
        me.clock_others(msg)
    elif kind in ("round_end", "match_end"):
        me.ahead = None  # a card for a round that is over: no answer to what comes next
        me.cancel_warning()
        me.person.deadline = None
    me.console.refresh()


async def _sure(console: Console, lang: Language, question: str, ended: bool) -> bool:
    """y or n to ``question``; Ctrl-C, Ctrl-D or the input's end answer ``ended``."""
    try:
        return await yes_no(console, lang, question)
    except (EOFError, KeyboardInterrupt):
        return ended


async def _leave(session: Session, table: RemoteTable, console: Console, lang: Language) -> int:
    await table.cancel_turn()
    console.show([[("", words(lang, "left"))]])
    with contextlib.suppress(ServerError):
        await session.request("leave", timeout=5.0)
    session.forget()
    return 0


async def _reconnect(session: Session, me: _Sitting) -> bool:
    """Back to the seat with the token; the panel says so meanwhile, counting down to
    the next try (leave stops it)."""
    said, me.said_restart = me.said_restart, False
    away = Away(me.lang, lambda text: me.console.show(_dim(text)), said=said)
    kept = me.console.panel
    before = me.person.status if me.person is not None else None  # said again once back

    def panel(tight: bool = False) -> list[Text]:
        left = away.seconds()
        if me.person is not None:
            key = "status.server_away" if left else "status.server_trying"
            me.person.status = [("", t(me.lang, key, pause=left))]
        return kept(tight) if kept is not None else []

    def tell(what: str, pause: float) -> None:
        away.tell(what, pause)
        me.console.panel = panel
        me.console.refresh()

    try:
        return await session.reconnect(tell)
    finally:
        if me.console.panel is panel:
            me.console.panel = kept
        if me.person is not None:
            me.person.status = before
