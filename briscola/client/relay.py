"""``briscola join HOST --bot COMMAND``: an external bot seated at a LAN table.

The relay is the bot's host, as the arena is: it starts the program, shakes
hands (a ``hello`` with another protocol version is refused, exit status 2)
and asks each of its moves through the protocol host's own judgement
(:meth:`~briscola.protocol.host.RemoteSeat.ask`): a bad line gets an
``error`` and a fresh ``turn``, three in a row, silence past the turn's time
or a crash are a failure.  On the other side it is a client of the server:
it says ``hello`` with the bot's name, creates or joins the table, passes
every event on to the bot and answers the server's ``turn`` with the move
the bot made, so the table never waits on a line the relay refused.  When
the bot fails, the relay gives its seat up (``leave``: the server's stand-in
plays on for the table's people).  It prints every fault where it happened, the server's notices
about the seat, and at the end a summary per match; the exit status is 1
when the bot failed or a stand-in played any of its cards.  Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, CardError
from ..engine.game import EXCHANGE, Action
from ..engine.text import printable
from ..players import SeatFailure
from ..protocol.host import HANDSHAKE_MS, MATCH, RemoteSeat
from ..protocol.messages import Message
from ..protocol.process import STOP_SIGNALS, BotProcess, program_name, stopped_by
from ..words.names import name_problem
from .check import Checker, ServerFault
from .session import ServerError, Session

__all__ = ["relay"]


_IDS = itertools.count(2_000_001)  # the relay's own requests
# The server's notices about the seat that the joiner is told: a built-in bot plays some
# of its cards (or no longer does).
STANDIN_NOTICES = frozenset({"away", "faults", "takeover", "left", "handback"})


def _say(text: str) -> None:
    # Every line may quote the server (a table's name, an error): all through the one filter.
    print(f"briscola join: {printable(text, 1200)}", file=sys.stderr, flush=True)


@dataclass
class _Match:
    """What the joiner is told of one match at the end."""

    number: int
    result: str = "not finished"
    faults: dict[str, int] = field(default_factory=dict)  # recovered, by code
    failure: str = ""  # "code: message" when the bot failed in this match
    given_up: int = 0  # the round the relay gave the seat up in (after a failure)
    standin: int = 0  # cards a built-in bot played for the bot
    timeouts: int = 0

    def line(self) -> str:
        faults = ", ".join(f"{code} x{n}" for code, n in sorted(self.faults.items()))
        parts = [
            f"match {self.number}: {self.result}",
            f"faults: {faults or 'none'}",
            f"cards a stand-in played: {self.standin}",
            f"timeouts: {self.timeouts}",
        ]
        if self.given_up:
            parts.append(f"the seat given up in round {self.given_up}")
        if self.failure:
            parts.append(f"the bot failed: {self.failure}")
        return "; ".join(parts)


async def relay(
    host: str,
    port: int,
    command: str,
    *,
    table: str | None,
    create: dict[str, Any] | None,
    seat: int | None,
    code: str | None,
    matches: int = 1,
    bot_log: str | None = None,
    strict: bool = False,
    handshake_ms: int | None = None,
) -> int:
    """Seat the bot program ``command`` and play its moves; the exit status (0: every
    match played by the bot itself; 1: it failed, or a stand-in played for it, or the
    server went away; 2: it did not start and answer ``hello``).

    ``bot_log``: a file that keeps the bot's stderr, line by line.  ``strict``: every
    fault is a failure.
    """
    bot = BotProcess(command, label=program_name(command), verbose=bot_log is not None)
    seat_host = RemoteSeat(bot.label, bot, handshake_ms=handshake_ms or HANDSHAKE_MS)
    seat_host.strict = strict
    seat_host.stderr_log = bot_log
    with _stderr_to(bot_log), stopped_by(STOP_SIGNALS) as stopped:
        try:
            return await _Relay(bot, seat_host, matches).run(host, port, table, create, seat, code)
        except asyncio.CancelledError:
            if not stopped:
                raise
            _say(f"stopped by {signal.Signals(stopped[0]).name}; the bot was stopped")
            return 128 + stopped[0]


@contextlib.contextmanager
def _stderr_to(path: str | None) -> Iterator[None]:
    """The bot's stderr lines (logged on briscola.protocol after ``!!``) into ``path``."""
    if path is None:
        yield
        return
    logger = logging.getLogger("briscola.protocol")
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.addFilter(lambda record: " !! " in record.getMessage())
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(min(old or logging.INFO, logging.INFO))
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
        handler.close()


def _team(msg: Message, seat: int) -> int:
    """The team of ``seat`` (the match's sides: seat modulo their number)."""
    sides = len(msg.get("rounds_won", [])) or 1
    return seat % sides


def _legal(turn: Message) -> tuple[Action, ...]:
    """The actions a server's ``turn`` allows; ValueError when it is not readable."""
    items = turn.get("legal")
    if not isinstance(items, list) or not items:
        raise ValueError(f"'legal' should be a list of cards, got {printable(repr(items), 80)}")
    actions: list[Action] = []
    for item in items:
        if item == "exchange":
            actions.append(EXCHANGE)
            continue
        try:
            actions.append(Card.parse(item) if isinstance(item, str) else Card.parse(""))
        except CardError:
            raise ValueError(f"{printable(repr(item), 20)} in 'legal' is not a card") from None
    return tuple(actions)


class _Relay:
    def __init__(self, bot: BotProcess, seat: RemoteSeat, matches: int) -> None:
        self.bot = bot
        self.host = seat
        self.wanted = matches
        self.session: Session | None = None
        self.table = ""
        self.names: list[str] = []
        self.matches: list[_Match] = []
        self.round = 0
        self.told = 0  # faults of host.seen already printed
        self.sent: list[str] = []  # cards the bot played, until the server's 'played'
        self.asking: asyncio.Task[Action] | None = None
        self.turn_id: Any = None  # the server's id of the turn being asked
        self.checker = Checker()

    @property
    def match(self) -> _Match:
        if not self.matches:
            self.matches.append(_Match(1))
        return self.matches[-1]

    async def run(
        self,
        host: str,
        port: int,
        table: str | None,
        create: dict[str, Any] | None,
        seat: int | None,
        code: str | None,
    ) -> int:
        status = 1
        try:
            await self.bot.spawn()
            try:
                await self.host.handshake()
            except SeatFailure as err:
                self._cannot_start(err)
                return 2
            name = printable(str(self.host.bot.name), 40)
            self.host.name = name
            problem = name_problem(name, "the bot's name")  # the server's own rule, said here
            if problem is not None:
                _say(f"{problem}; a table takes no such name")
                return 1
            self.session = session = Session(host, port, name, program=True)
            await session.connect()
            if create is not None:
                got = await session.request("create", **create)
                table = str(got["table"])
            if table is None:
                _say("--bot needs --table NAME (or --create)")
                return 2
            self.table = table
            joined = await session.join(table, seat, code)
            _say(f"{name} sits at table {printable(table, 40)}, seat {joined['seat']}")
            status = await self._pump()
            return status
        except asyncio.CancelledError:  # Ctrl-C, SIGTERM: stopped, not failed
            status = 0
            raise
        except SeatFailure as err:
            _say(err.message)
            return 1
        except ServerError as err:
            _say(err.message)
            return 1
        finally:
            if self.asking is not None:
                self.asking.cancel()
            if self.session is not None:
                await self.session.close()
            await self.bot.close(bye=True)
            if self.bot.ended_by in ("terminate", "kill"):
                how = "SIGTERM" if self.bot.ended_by == "terminate" else "SIGKILL"
                _say(f"the bot did not exit after bye and end of input; stopped with {how}")
            if self.matches:
                self._summary(status)

    def _cannot_start(self, err: SeatFailure) -> None:
        """The handshake failed: exit status 2, with the bot's stderr, as the arena does."""
        _say(f"the bot did not start and answer hello: {err.code}: {err.message}")
        lines = self.bot.excerpt()
        if lines:
            _say("its stderr:")
            for line in lines:
                print(f"  {printable(line, 300)}", file=sys.stderr)

    def _summary(self, status: int) -> None:
        where = f" (its stderr: {self.host.stderr_log})" if self.host.stderr_log else ""
        _say(f"summary for {self.host.name} at table {printable(self.table, 40)}{where}:")
        for m in self.matches:
            print(f"  {m.line()}", file=sys.stderr)
        if status == 1:
            print("  exit status 1: the bot failed or a stand-in played for it", file=sys.stderr)

    # -- the match ------------------------------------------------------------------

    async def _pump(self) -> int:
        session = self.session
        assert session is not None
        from_server: asyncio.Task[Message | None] | None = None
        try:
            while True:
                from_server = from_server or asyncio.ensure_future(session.next())
                waits: set[asyncio.Future[Any]] = {from_server}
                if self.asking is not None:
                    waits.add(self.asking)
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for text in await self.host.info():
                    session.send({"type": "info", "text": text})
                if self.asking is not None and self.asking.done():
                    asking, self.asking = self.asking, None
                    try:
                        action = asking.result()
                    except SeatFailure as err:
                        return await self._failed(err.code, err.message)
                    finally:
                        self._tell_faults()
                    self._answer(action)
                if not from_server.done():
                    continue
                msg, from_server = from_server.result(), None
                if msg is None:
                    if not await session.reconnect(
                        lambda _, pause: _say(f"lost; again in {pause:g} s")
                    ):
                        if session.refusal:
                            _say(f"the server is back but refused the seat: "
                                 f"{printable(session.refusal, 200)}")  # fmt: skip
                        else:
                            _say("the connection is lost and the server did not come back in time")
                        return 1
                    continue
                try:
                    self.checker.message(msg)  # the bot is shown nothing that cannot be
                except ServerFault as err:
                    _say(f"{err.message}; leaving")
                    return 1
                status = await self._server(msg)
                if status is not None:
                    return status
        finally:
            if from_server is not None:
                from_server.cancel()

    async def _server(self, msg: Message) -> int | None:
        """One message from the server; an exit status when the relay is done."""
        session = self.session
        assert session is not None
        kind = msg["type"]
        if kind == "bye":
            if msg.get("reason") == "restart":  # a pause: resumed by the next turn
                return None
            self.bot.send(msg)
            return self._status()
        if kind == "turn":
            return await self._turn(msg)
        if kind == "error":  # the server refused a line of the relay's: not the bot's doing
            text = printable(str(msg.get("message", "")), 200)
            if msg.get("id") is None:  # unprompted: it answers no line we know of
                _say(f"the server says: {text}")
            else:
                _say(f"the server refused the relay's line (id {msg.get('id')!r}): {text}")
            return None
        if kind == "notice" and msg.get("seat") == session.seat:
            return await self._notice(msg)
        self.bot.send(msg)
        if kind == "match_start":
            if self.matches and self.match.result == "not finished":
                self.match.result = "cut short"
            self.matches.append(_Match(len(self.matches) + 1))
            self.names = [printable(str(n), 40) for n in msg.get("names", [])]
            self.host.box.new_match()  # the info budget counts afresh
            self.round, self.sent = 0, []
        elif kind == "round_start":
            self.round = msg["round"] if isinstance(msg.get("round"), int) else self.round + 1
        elif kind == "played" and msg.get("seat") == session.seat:
            card = msg.get("card")
            sent = isinstance(card, str) and card in self.sent
            if sent:
                self.sent.remove(str(card))
            # The server says so (``standin``); an older one only by a card not sent.
            if msg.get("standin") is True or not sent:
                self.match.standin += 1
        elif kind == "round_end":  # a bot reads at once: the table may go on
            session.send({"type": "next", "id": next(_IDS)})
        elif kind == "match_end":
            self._ended(msg)
            if len(self.matches) >= self.wanted:
                await self._leave()
                return self._status()
            await session.request("rematch")
        return None

    async def _turn(self, msg: Message) -> int | None:
        try:
            legal = _legal(msg)
        except ValueError as err:
            _say(f"the server sent a turn the relay cannot read: {err}")
            return 1
        time_ms = msg.get("time_ms")
        limit = time_ms if isinstance(time_ms, int) and time_ms >= 0 else None
        if self.asking is not None and not self.asking.done():
            if legal == self._legal_asked:  # the same turn again (after a resume)
                self.turn_id = msg.get("id")
                return None
            self.asking.cancel()
        self.turn_id = msg.get("id")
        self._legal_asked = legal
        session = self.session
        assert session is not None
        MATCH.set(f"table {self.table} match {len(self.matches)} round {self.round}")

        def make(msg_id: int, left: int) -> Message:
            return {**msg, "id": msg_id, "time_ms": left}

        self.asking = asyncio.ensure_future(self.host.ask(make, legal, limit))
        return None

    _legal_asked: tuple[Action, ...] = ()

    def _answer(self, action: Action) -> None:
        session = self.session
        assert session is not None
        if action == EXCHANGE:
            session.send({"type": "exchange", "id": self.turn_id})
            return
        self.sent.append(str(action))
        session.send({"type": "play", "id": self.turn_id, "card": str(action)})

    async def _notice(self, msg: Message) -> int | None:
        """The server's word about the bot's seat (a stand-in plays, it is back)."""
        code = msg.get("code")
        text = printable(str(msg.get("text", "")), 200)
        self.bot.send(msg)
        if code not in STANDIN_NOTICES:
            return None
        _say(f"the server says ({code}): {text}")
        if code == "away":  # the server's clock ran out before the relay's
            if self.asking is not None:
                self.asking.cancel()
                self.asking = None
            return await self._failed("timeout", f"the server's turn time ran out: {text}")
        return None

    def _ended(self, msg: Message) -> None:
        seat = self.session.seat if self.session is not None else None
        rounds = "-".join(str(r) for r in msg.get("rounds_won", []))
        winner = msg.get("winner")
        seats = [s for s, _ in enumerate(self.names) if _team(msg, s) == winner]
        who = " & ".join(self.names[s] for s in seats) if seats else "nobody"
        outcome = "won" if seat in seats else "drawn" if winner is None else "lost"
        self.match.result = f"{outcome} (rounds {rounds})"
        n = self.match.number
        _say(f"match {n}: {outcome}; {who} won (rounds {rounds})"
             if winner is not None else f"match {n}: drawn (rounds {rounds})")  # fmt: skip

    def _tell_faults(self) -> None:
        """Every fault the host saw since the last time, where it happened."""
        for code, message in self.host.seen[self.told :]:
            where = f"match {self.match.number} round {self.round}"
            _say(f"fault {code} in {where}: {printable(message, 500)}")
            self.match.faults[code] = self.match.faults.get(code, 0) + 1
        self.told = len(self.host.seen)

    async def _failed(self, code: str, message: str) -> int:
        """The bot failed: said, and its seat given up (a built-in plays on)."""
        self._tell_faults()
        self.match.timeouts += code == "timeout"
        self.match.failure = f"{code}: {printable(message, 1000)}"
        self.match.given_up = self.round or 1
        self.match.result = "not finished by the bot"
        where = f"match {self.match.number} round {self.round}"
        _say(f"the bot failed in {where}: {code}: {printable(message, 1000)}")
        _say("the relay gives the seat up (the server's stand-in may play it on)")
        await self._leave()
        return 1

    async def _leave(self) -> None:
        if self.session is None:
            return
        with contextlib.suppress(ServerError):
            await self.session.request("leave", timeout=5.0)

    def _status(self) -> int:
        failed = any(m.failure or m.standin for m in self.matches)
        return 1 if failed or len(self.matches) < self.wanted else 0
