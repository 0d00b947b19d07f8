"""The host side: a remote seat (a bot program, a TCP client) as a Player.

:class:`RemoteSeat` speaks the protocol over any :class:`~.link.Link`: the
handshake, every event the seat may see, a ``turn`` per move answered by id
within ``move_ms`` plus a grace period, and the faults of PROTOCOL.md.  Each
refused line is an ``error`` to the peer and a fault for the record
(:meth:`RemoteSeat.faults`); three in a row for one request, silence, or
the end of the peer's input are a :class:`~briscola.players.SeatFailure`,
whose policy the table (or the LAN server's seat) applies.
:class:`CommandPlayer` is a RemoteSeat over a program it starts itself
(:class:`~.process.BotProcess`); the LAN server seats RemoteSeats over TCP.

Faults are logged at INFO on ``briscola.protocol``, every line at DEBUG (see
:mod:`.process`).  Each fault and failure kept says where: the turn's id and the file that keeps
the program's stderr, and its log line the match (:data:`MATCH`).
Modelled on python-chess's ``engine.py``.  Floor 6 (protocol).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from .. import __version__
from ..engine.events import Event, MatchEnded
from ..engine.game import Action
from ..engine.observation import Observation
from ..engine.text import printable
from ..players import MatchInfo, Player, SeatFailure
from .link import INFO_LINES, INFO_TOTAL, InfoBox, Link
from .messages import (
    Message,
    ProtocolError,
    encode,
    error,
    hello,
    read_answer,
    read_hello,
    turn_message,
)
from .process import CLOSE_MS, BotProcess, Tap, program_name, split_command

__all__ = [
    "CLOSE_MS",
    "MATCH",
    "BotProcess",
    "CommandPlayer",
    "RemoteSeat",
    "at_match",
    "make_command_player",
    "split_command",
]

log = logging.getLogger("briscola.protocol")

SOFTWARE = f"briscola {__version__}"
DEFAULT_MOVE_MS = 10_000
GRACE_MS = 500  # pipe, scheduler and process start-up latency on top of move_ms
HANDSHAKE_MS = 10_000  # an interpreter or a JIT may take seconds to start
MAX_FAULTS = 3  # in a row for one request: the seat has failed
# Lines that neither answer the pending request nor answer an earlier one (unknown
# types, a bad info): past MAX_NOISE in one request each is a fault.  The host answers
# and records the first TOLD refusals of a request one by one, and counts the rest.
MAX_NOISE = 100
TOLD = 10
ANSWERS = frozenset({"hello", "play", "exchange"})
T = TypeVar("T")

#: The match being played, for the log lines of its faults ("deal 3 rotation 1",
#: "check 'match, 6 seats, brisca'", "table t match 2 round 1"): set by whoever plays it.
MATCH: contextvars.ContextVar[str] = contextvars.ContextVar("briscola_match", default="")


async def at_match(where: str, coro: Awaitable[T]) -> T:
    """Run ``coro`` with :data:`MATCH` set to ``where`` (in the running task's context)."""
    MATCH.set(where)
    return await coro


def _match() -> str:
    where = MATCH.get()
    return f"{where}: " if where else ""


class RemoteSeat(Player):
    """A seat whose moves come over a :class:`~.link.Link` (see the module docstring)."""

    def __init__(
        self,
        name: str,
        link: Link | None = None,
        *,
        move_ms: int | None = None,
        grace_ms: int = GRACE_MS,
        handshake_ms: int = HANDSHAKE_MS,
    ) -> None:
        self.name = name
        #: a person's seat (a LAN table): a timeout is a person's time running out,
        #: not a program that is slow or does not flush, and is told so
        self.person = False
        self.box = InfoBox()  # this seat's info texts and budget, whichever link it is on
        self._pending = 0  # the id of the request waiting for its answer; 0: none
        self._noise = 0  # lines that answer nothing, in this request
        self._link_now: Link | None = None
        self.link = link
        self.move_ms = move_ms
        self.grace_ms = grace_ms
        self.handshake_ms = handshake_ms
        self.seat = -1
        self.bot: Any = None  # the peer's hello (name, version, author)
        self._next_id = 0
        self._limit = ""  # the time limit of the pending move, for the timeout message
        self._faults: list[tuple[str, str]] = []
        self._told = 0  # refusals told one by one in this request
        self._untold: dict[str, int] = {}  # and those only counted, by code
        self._info_told = False  # the info limit was reached and said so, this match
        self.strict = False  # every fault is a failure (arena --strict)
        self.answer_ms: list[float] = []  # how long each answer took (check-bot, arena)
        self.late = 0  # answers past the move's time but within the grace
        self.seen: list[tuple[str, str]] = []  # every fault and failure, until the arena reads it
        self._heard = False  # a line came from the peer: a silence is then not a buffer
        self._asked = ""  # the request in progress or the last one ("turn id 4")
        self.stderr_log: str | Path | None = None  # where the peer's stderr is kept

    @property
    def link(self) -> Link | None:
        return self._link_now

    @link.setter
    def link(self, link: Link | None) -> None:
        """The link this seat is played over now: its lines are judged here as they
        come, and its info counts against this seat's budget for the match."""
        old, self._link_now = self._link_now, link
        if old is not None and old is not link:  # it plays this seat no more
            old.judge = None
            old.keeps_info = False
            old.box = InfoBox()
        if link is not None:
            link.box = self.box
            link.keeps_info = True
            link.judge = self._judge

    # -- the Player interface ---------------------------------------------------

    async def start(self, info: MatchInfo) -> None:
        self.seat = info.seat
        if self.move_ms is None:
            self.move_ms = info.move_ms
        link = self._link()
        self.box.new_match()
        self._info_told = False
        link.send(self.match_start(info))

    async def handshake(self) -> None:
        """``hello`` both ways; a version other than 1 is refused and the peer told ``bye``."""
        link = self._link()
        deadline = _now() + self.handshake_ms / 1000
        try:
            self.bot = await self._request(self.hello, read_hello, deadline, "hello")
        except ProtocolError as err:  # unsupported_protocol: the one fault without a retry
            link.send(error(err.code, err.message, self._next_id))
            link.send({"type": "bye"})
            raise SeatFailure(err.code, err.message) from None  # recorded once, as the failure

    # The three messages the host makes itself (check-bot adds fields to them).

    def hello(self, msg_id: int) -> Message:
        return hello(msg_id, SOFTWARE)

    def match_start(self, info: MatchInfo) -> Message:
        return info.to_message()

    def turn(self, obs: Observation, msg_id: int, time_ms: int) -> Message:
        return turn_message(obs, msg_id, time_ms)

    async def notify(self, event: Event) -> None:
        if self.link is not None:
            self.link.send(_encoded(event))

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        def make(msg_id: int, left: int) -> Message:
            msg = self.turn(obs, msg_id, left)
            if self.clock is not None:  # under a time control: the match clock too
                msg["clock_ms"], msg["increment_ms"] = self.clock
            return msg

        return await self.ask(make, obs.legal, time_ms)

    async def ask(
        self,
        make: Callable[[int, int], Message],
        legal: tuple[Action, ...],
        time_ms: int | None,
    ) -> Action:
        """One move, asked and judged as PROTOCOL.md says: ``make(id, ms_left)`` builds
        each ``turn`` line (:meth:`act` from the observation; ``join --bot`` passes on
        the LAN server's own), and only an action in ``legal`` is accepted."""
        move_ms = time_ms if time_ms is not None else self.move_ms or DEFAULT_MOVE_MS
        self._limit = f"{move_ms} + {self.grace_ms} ms"
        start = _now()
        deadline = start + (move_ms + self.grace_ms) / 1000
        self._unsolicited()

        def ask(msg_id: int) -> Message:
            return make(msg_id, max(0, move_ms - int((_now() - start) * 1000)))

        def accept(msg: Message, msg_id: int) -> Action:
            if msg["type"] == "hello":
                raise ProtocolError("bad_message", "'hello' only answers the host's hello")
            return read_answer(msg, msg_id, legal)

        action = await self._request(ask, accept, deadline, "turn")
        took = (_now() - start) * 1000
        self.answer_ms.append(took)
        self.late += took > move_ms
        return action

    async def info(self) -> list[str]:
        texts = self.box.texts[:]
        self.box.texts.clear()
        return texts

    async def faults(self) -> list[tuple[str, str]]:
        link = self.link
        if link is not None and self.box.dropped and not self._info_told:
            self._info_told = True
            self._refuse(
                ProtocolError(
                    "rate_limited",
                    f"more info than a match may keep ({INFO_LINES} lines, {INFO_TOTAL} "
                    "characters): the rest of this match's info is not kept",
                ),
                None,
            )
        texts, self._faults = self._faults, []
        return texts

    # -- requests and faults ----------------------------------------------------

    def _link(self) -> Link:
        if self.link is None:
            raise SeatFailure("disconnected", f"{self.name} is not connected")
        return self.link

    async def _request(
        self,
        make: Callable[[int], Message],
        accept: Callable[[Message, int], T],
        deadline: float,
        what: str,
    ) -> T:
        """Send a request until the bot answers it acceptably, at most three times."""
        link = self._link()
        faults: list[ProtocolError] = []
        noise = 0
        try:
            while True:
                self._next_id += 1
                msg_id = self._pending = self._next_id
                self._noise = 0
                self._asked = f"{what} id {msg_id}"
                link.send(make(msg_id), now=True)
                try:
                    while True:
                        msg = await self._receive(deadline, what, msg_id)
                        kind = msg["type"]
                        if _stale(msg, msg_id):  # a late or second answer: never counted
                            self._refuse(_stale_answer(msg, msg_id), None)
                        elif kind in ANSWERS:
                            return accept(msg, msg_id)
                        elif (noise := noise + 1) > MAX_NOISE:
                            raise _flood(kind, what, msg_id)
                        else:  # a good info was kept by the reader
                            self._refuse(_not_an_answer(msg), None)
                except ProtocolError as err:
                    if err.code == "unsupported_protocol":
                        raise
                    self._refuse(err, msg_id)
                    faults.append(err)
                    if len(faults) >= MAX_FAULTS:
                        reasons = "; ".join(f"{f.code}: {f.message}" for f in faults)
                        raise self._failed(
                            "faults",
                            f"{self.name}: {MAX_FAULTS} faults in a row for one {what} (the "
                            f"last at id {msg_id}): {reasons}",
                        ) from None
        finally:
            self._pending = 0
            self._settle()

    def _judge(self, item: Message | ProtocolError) -> Message | ProtocolError | None:
        """A line as it arrives: what waits for the pending request (an answer to it,
        slimmed to what is read; a refused line, which is its fault), else refused now,
        so that nothing a peer sends piles up (an answer to a request not yet made
        included: it never answers that request when it comes)."""
        if self.strict:  # every fault fails the seat: the request raises it
            return item
        pending = self._pending
        if isinstance(item, ProtocolError):
            if pending:
                return item
            self._refuse(item, None)
            return None
        kind = item["type"]
        if kind in ANSWERS:
            raw = item.get("id")
            got = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
            if got is not None and got > self._next_id:  # a request not yet made
                waits = f"the pending request is id {pending}" if pending else "none is pending"
                err = ProtocolError(
                    "unknown_id", f"{kind!r} answers id {got}, which was never sent; {waits}"
                )
                if pending:
                    return err  # a fault of the pending request, judged now
                self._refuse(err, None)
                return None
            if got is not None and pending and 0 < got < pending:
                self._refuse(_stale_answer(item, pending), None)
                return None
            if pending:  # its answer, or a fault of it (the request reads which)
                if kind == "hello":
                    return item
                return {k: item[k] for k in ("type", "id", "card") if k in item}
            why = f"{kind!r} with id {raw!r} answers no pending request"
            self._refuse(ProtocolError("unknown_id", why), None)
            return None
        self._noise += 1
        if pending and self._noise > MAX_NOISE:  # a fault of the pending request
            self._noise = 0
            return _flood(kind, "request", pending)
        self._refuse(_not_an_answer(item), None)
        return None

    async def _receive(self, deadline: float, what: str, msg_id: int) -> Message:
        link = self._link()
        try:
            item = await link.receive(deadline - _now())
        except TimeoutError:
            limit = f"{self.handshake_ms} ms" if what == "hello" else self._limit
            # Never a line from it: an answer stuck in a buffer looks like this.  Otherwise
            # it did write, and is slow (or stuck in a loop).
            hint = "does it flush stdout after each line?" if not self._heard else "too slow?"
            said = f"{self.name} did not answer {what} id {msg_id} within {limit} ({hint})"
            if self.person:
                said = f"{self.name} timed out: no answer within {limit}"
            raise self._failed("timeout", said) from None
        if item is None:
            link.items.append(None)  # whoever asks next hears of the end too
            code, how, last = await link.gone()
            raise self._failed(
                code, f"{self.name} {how} while the host waited for {what} id {msg_id}{last}"
            )
        self._heard = True
        if isinstance(item, ProtocolError):
            raise item
        return item

    def _refuse(self, err: ProtocolError, msg_id: int | None) -> None:
        """Tell the bot what was wrong and keep it for the record; past TOLD uncounted
        refusals in one request, only count them (see :meth:`_settle`)."""
        message = err.message
        if msg_id is None:
            if self._told > TOLD:
                self._untold[err.code] = self._untold.get(err.code, 0) + 1
                return
            self._told += 1
            if self._told > TOLD:  # the one notice: from here such lines are only counted
                message += (
                    f" (the host answers {TOLD} such lines a turn; the next are dropped "
                    "unanswered, counted in the record)"
                )
        self._link().send(error(err.code, message, msg_id))
        kept = f"{err.message} ({self.where()})"
        self._faults.append((err.code, kept))
        self.seen.append((err.code, kept))
        log.info("%s%s: %s: %s", _match(), self.name, err.code, printable(kept))
        if self.strict:
            raise self._failed(err.code, f"{err.message} (--strict: every fault is a failure)")

    def where(self) -> str:
        """Where the peer is, for a fault's message: the request (a line between two: the
        one it came after) and the file that keeps its stderr."""
        at = f"{'at' if self._pending else 'after'} {self._asked}" if self._asked else ""
        at = at or "before any request"
        return at + (f"; its stderr: {self.stderr_log}" if self.stderr_log else "")

    def _settle(self) -> None:
        """The refusals of a request that were only counted: one record line per code."""
        for code, count in self._untold.items():
            message = (
                f"{count} more lines refused with {code}, not answered one by one "
                f"(the host answers at most {TOLD} refused lines per request)"
            )
            message += f" ({self.where()})"
            self._faults.append((code, message))
            self.seen.append((code, message))
            log.info("%s%s: %s: %s", _match(), self.name, code, message)
        self._told = 0
        self._untold = {}

    def _failed(self, code: str, message: str) -> SeatFailure:
        if self.stderr_log:
            message += f" (its stderr: {self.stderr_log})"
        if self.person and code == "timeout":
            log.info("%s%s", _match(), printable(message))
        else:
            log.info("%s%s failed: %s: %s", _match(), self.name, code, printable(message))
        return SeatFailure(code, message)

    def drain(self) -> tuple[list[tuple[str, str]], list[float], int]:
        """The faults, answer times and late answers since the last drain (the arena
        reads them after every match), and forget them."""
        taken = (self.seen, self.answer_ms, self.late)
        self.seen, self.answer_ms, self.late = [], [], 0
        return taken

    def _unsolicited(self) -> None:
        """Refuse what arrived between requests (a second answer, a stray line); not
        counted against the next move, but kept in the record (told within the budget
        of the request that follows, which settles it)."""
        link = self._link()
        for item in link.pending():
            if item is None:
                link.items.append(None)  # the request that follows reports it
                return
            if isinstance(item, ProtocolError):
                self._refuse(item, None)
            elif item["type"] in ANSWERS:
                answers = f"{item['type']!r} with id {item.get('id')!r} answers"
                self._refuse(ProtocolError("unknown_id", f"{answers} no pending request"), None)
            else:
                self._refuse(_not_an_answer(item), None)


class CommandPlayer(RemoteSeat):
    """A seat played by an external program over the JSON-lines protocol.

    One process per match, or with ``keep`` one for many: after ``match_end`` the
    next :meth:`start` sends the next ``match_start`` to the same process
    (PROTOCOL.md: a bot reads messages until ``bye``).  :meth:`shutdown` stops it.
    """

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
        keep: bool = False,
        strict: bool = False,
        cwd: str | None = None,
    ) -> None:
        split_command(command)  # refuse a broken command line now, not at the table
        super().__init__(
            name or program_name(command),
            move_ms=move_ms,
            grace_ms=grace_ms,
            handshake_ms=handshake_ms,
        )
        self.command = command
        self.close_ms = close_ms
        self.bot_log = bot_log
        self.verbose = verbose
        self.tap = tap
        self.keep = keep
        self.strict = strict
        self.cwd = cwd
        self.process: BotProcess | None = None
        self.log_name: str | None = None  # its processes' label, if not its name
        self.spawned = 0  # processes started, over all matches
        self._broken = False  # this process failed: the next match gets a fresh one
        self._ended = False  # this match's match_end went out
        self._stopped = False  # shutdown() has run for this process

    async def start(self, info: MatchInfo) -> None:
        self._ended = False
        try:
            if self.process is None or self._broken or not self.process.alive:
                # Named after the player and which of its processes: a kept one changes seats.
                await self.greet(f"{self.log_name or self.name}-{self.spawned + 1}")
            await super().start(info)
        except SeatFailure:
            self._broken = True
            raise

    async def greet(self, label: str) -> None:
        """Start a fresh process and shake hands with it (``self.bot`` is its hello)."""
        await self.shutdown()
        self._broken = False
        self.process = BotProcess(
            self.command,
            label=label,
            bot_log=self.bot_log,
            verbose=self.verbose,
            tap=self.tap,
            close_ms=self.close_ms,
            cwd=self.cwd,
        )
        self.link = self.process
        self.bot = None
        self._heard = False
        self._stopped = False
        self.spawned += 1
        self._asked = ""
        await self.process.spawn()
        self.stderr_log = self.process.log_path
        await self.handshake()

    async def notify(self, event: Event) -> None:
        await super().notify(event)
        if isinstance(event, MatchEnded):
            self._ended = True

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        try:
            return await super().act(obs, time_ms)
        except SeatFailure:
            self._broken = True
            raise

    def _judge(self, item: Message | ProtocolError) -> Message | ProtocolError | None:
        if self._broken:  # it failed and is being stopped: a late answer is no new fault
            return None
        return super()._judge(item)

    async def close(self) -> None:
        """The match is over: stop the program, or with ``keep`` leave it running for
        the next match when this one ended cleanly (a failure, or a match cut short,
        always stops it, so whatever went wrong stays with this match)."""
        process = self.process
        if self.keep and self._ended and not self._broken and process and process.alive:
            process.flush()  # match_end goes out now: the next match_start may be a while
            return
        await self.shutdown()

    async def shutdown(self) -> None:
        """Stop the program for good: bye, end of input, SIGTERM, SIGKILL."""
        if self.process is not None and not self._stopped:
            self._stopped = True  # once: its pid may belong to another process later
            await asyncio.shield(self.process.close(bye=self.bot is not None))


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


def _flood(kind: str, what: str, msg_id: int) -> ProtocolError:
    return ProtocolError(
        "rate_limited",
        f"more than {MAX_NOISE} lines that do not answer {what} id {msg_id} "
        f"(the last: {kind!r}); answer it",
    )


def _stale(msg: Message, pending: int) -> bool:
    """An answer to a request before the pending one (a duplicate, or one too late)."""
    got = msg.get("id")
    return (
        msg["type"] in ANSWERS
        and isinstance(got, int)
        and not isinstance(got, bool)
        and 0 < got < pending
    )


def _stale_answer(msg: Message, pending: int) -> ProtocolError:
    return ProtocolError(
        "unknown_id",
        f"{msg['type']!r} answers id {msg['id']}, an earlier request; refused, not one of "
        f"the three faults in a row (the pending request is id {pending})",
    )


def _not_an_answer(msg: Message) -> ProtocolError:
    """The refusal of a message that answers nothing: an info without text, or a type
    the host does not know (good info never gets here: the link keeps it)."""
    if msg["type"] == "info":
        text = msg.get("text")
        return ProtocolError("bad_message", f"'info' needs a string 'text', got {text!r}")
    return _unknown_type(msg["type"])


def _now() -> float:
    return asyncio.get_running_loop().time()


def make_command_player(command: str, name: str | None = None, **options: Any) -> Player:
    """A Player for ``cmd:COMMAND``; options: grace_ms, handshake_ms, close_ms, bot_log (a
    directory for the bot's stderr), verbose (its stderr at INFO), tap, keep (one process
    for many matches: see CommandPlayer), cwd (the directory it runs in) and move_ms
    (used only when the table gives no time per move; the table's own always wins)."""
    return CommandPlayer(command, name, **options)
