"""A seat at a LAN table: its person's for the whole match, with a bot behind it.

:class:`NetSeat` is the seat's :class:`~briscola.players.Player` for the
whole match.  While a connection holds the seat, the protocol host
(:class:`~briscola.protocol.host.RemoteSeat`) speaks to it over its
:class:`~briscola.protocol.tcp.TcpLink`, exactly as to a bot on a pipe.
The seat belongs to its person's token until they ``leave`` or the match
ends; what would fail a bot's seat only lends it to the stand-in bot:

- three faults in a row: the stand-in plays that one card;
- the turn time runs out: the stand-in plays for the person (``away``)
  until their connection sends anything again, so an absent person costs
  the table one timeout, not one per card;
- the connection drops: the seat is held for the grace time; after it the
  stand-in plays every card until the token resumes the seat.

Each step is told to the table (``notice``) and written into the record
(``standin`` and ``handback`` lines), so a replay says who played which
card.  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import logging
import os
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from ..engine.cards import Card
from ..engine.events import Event, Played, TrickDone
from ..engine.game import Action
from ..engine.observation import Observation
from ..players import MatchInfo, Player, SeatFailure
from ..protocol.host import RemoteSeat
from ..protocol.link import Interrupted
from ..protocol.messages import Message
from ..protocol.tcp import TcpLink
from .config import ServerConfig

__all__ = ["TOKEN_CHARS", "NetSeat", "code_hash", "code_matches", "token_hash"]

log = logging.getLogger("briscola.server")

NO_LIMIT_MS = 24 * 3600 * 1000  # "no turn time": a day, for the turn's time_ms
LINK_GRACE_MS = 1_000  # network latency on top of the turn time


TOKEN_CHARS = 64  # a token is secrets.token_hex(32): 64 hex digits, nothing else
CODE_ROUNDS = 50_000  # PBKDF2-SHA256 rounds of a private table's code, on disk


def token_hash(token: str) -> str:
    """What the server keeps of a token: its SHA-256, never the token (a token holds
    256 random bits: nothing to search for, so one fast hash is enough)."""
    return hashlib.sha256(token.encode()).hexdigest()


def code_hash(code: str, salt: bytes | None = None, rounds: int = CODE_ROUNDS) -> str:
    """What a seats file keeps of a private table's code, chosen by people and so
    perhaps short: ``pbkdf2_sha256$ROUNDS$SALT$DIGEST``, salted and slow."""
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha256", code.encode(), salt, rounds)
    return f"pbkdf2_sha256${rounds}${salt.hex()}${digest.hex()}"


def code_matches(code: str, kept: str) -> bool:
    """Whether ``code`` is the one :func:`code_hash` kept as ``kept``."""
    scheme, _, rest = kept.partition("$")
    rounds, _, rest = rest.partition("$")
    salt, _, digest = rest.partition("$")
    if scheme != "pbkdf2_sha256" or not rounds.isdigit() or int(rounds) > 10 * CODE_ROUNDS:
        return False
    try:
        again = code_hash(code, bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(again.rpartition("$")[2], digest)


class SeatsTable(Protocol):
    """What a seat needs of its table (:class:`~.table.Table` is one): the seat is
    told of its table, it does not import it."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def playing(self) -> bool: ...

    def mark(self, line: Message) -> None: ...

    def announce(
        self, code: str, seat: int | None, text: str, *, seconds: float | None = None
    ) -> None: ...

    def state_for(self, seat: int | None) -> Message | None: ...

    def names(self) -> tuple[str, ...]: ...

    def expired(self, seat: NetSeat[Any]) -> None: ...

    def clock(self, seat: int, due: float | None) -> None: ...


T = TypeVar("T", bound=SeatsTable)


class NetSeat(Player, Generic[T]):
    """One seat of a LAN table (of a table of type ``T``); see the module docstring."""

    def __init__(
        self,
        table: T,
        seat: int,
        name: str,
        standin: Callable[[], Player],
        *,
        token_sha: str = "",
    ) -> None:
        self.table = table
        self.seat = seat
        self.name = name
        self.token_sha = token_sha  # "" once the person left: anyone may sit down
        self.link: TcpLink | None = None
        self.host = RemoteSeat(name, grace_ms=LINK_GRACE_MS)
        self.host.person = True
        self.program = False  # held by a program that said so in its hello (shown as a bot)
        self.host._next_id = 1  # the lobby's hello was id 1
        self._make_standin = standin
        self.standin: Player | None = None
        # Why the stand-in plays every card now: "" (the person plays), "dropped"
        # (the grace ran out), "timeout" (the turn time did), "left".
        self.bot_plays = ""
        self.dropped_at: float | None = None
        self.info_: MatchInfo | None = None
        self._attached = asyncio.Event()
        self._asking: TcpLink | None = None  # the link a turn waits on now
        self._standin_listens = False
        self._grace: asyncio.TimerHandle | None = None
        # While the person does not play the seat (away, dropped, a restart): the cards
        # a bot played for them and the tricks played; None while they play.
        self.missed: list[Card] | None = None
        self.missed_tricks = 0

    # -- connections --------------------------------------------------------------

    @property
    def away(self) -> bool:
        """The stand-in plays every card (the person is away, or left)."""
        return bool(self.bot_plays)

    @property
    def person(self) -> bool:
        """A person owns the seat (present or not): nobody else may take it."""
        return bool(self.token_sha)

    @property
    def connected(self) -> bool:
        return self.link is not None and self.link.alive

    def grace_left(self) -> float | None:
        """Seconds until a bot plays for a dropped person; None when not counting."""
        if self._grace is None or self.dropped_at is None:
            return None
        now = asyncio.get_running_loop().time()
        return max(0.0, self.dropped_at + self.table.config.grace - now)

    def attach(self, link: TcpLink) -> None:
        """A connection takes the seat (a join, or a resume with the token)."""
        old = self.link
        if old is not None and old is not link and old.alive:
            old.bye("replaced", "this seat was resumed from another connection")
        if old is not link:
            self._hand_changed()
        self.link = link
        self.host.link = link
        self.dropped_at = None
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        self._back()
        self._attached.set()

    def present(self) -> None:
        """The seat's connection sent something: a person away after a timeout is back."""
        if self.bot_plays == "timeout":
            self._back()
            self.tell_missed()

    def _miss(self) -> None:
        """From now the person does not see (or play) the seat's cards."""
        if self.missed is None:
            self.missed, self.missed_tricks = [], 0

    def tell_missed(self) -> None:
        """The person plays again: what a bot played for them and how many tricks went
        by meanwhile, to them alone (``notice`` code ``meanwhile``)."""
        missed, self.missed = self.missed, None
        if missed is None or self.link is None or (not missed and not self.missed_tricks):
            return
        cards = [str(c) for c in missed]
        text = (f"while you were away a bot played for you: {', '.join(cards) or 'no card'}; "
                f"{self.missed_tricks} tricks were played")  # fmt: skip
        self.link.send({"type": "notice", "code": "meanwhile", "seat": self.seat,
                        "name": self.name, "cards": cards, "tricks": self.missed_tricks,
                        "text": text})  # fmt: skip

    def _back(self) -> None:
        if self.bot_plays in ("dropped", "timeout"):
            self.bot_plays = ""
            self.table.mark({"type": "handback", "seat": self.seat})
            self.table.announce("handback", self.seat, f"{self.name} is back and plays again")

    def _bot_takes(self, why: str, code: str, text: str) -> None:
        """From the next card the stand-in plays for the person, until they are back."""
        if self.bot_plays:
            return
        self.bot_plays = why
        self._miss()
        self.table.mark({"type": "standin", "seat": self.seat, "reason": why})
        self.table.announce(code, self.seat, text)
        self._attached.set()  # wake a turn that waits for the person

    def catch_up(self) -> None:
        """A seat taken mid-match: ``match_start`` (with the names at the table now:
        someone may have taken a seat since it began) and the state of the round."""
        if self.link is None or self.info_ is None:
            return
        info = dataclasses.replace(self.info_, names=self.table.names())
        self.link.send(self.host.match_start(info))
        state = self.table.state_for(self.seat)
        if state is not None:
            self.link.send(state)

    def dropped(self, link: TcpLink) -> None:
        """The seat's connection went away: hold the seat for the grace time."""
        if link is not self.link:
            return  # an old connection, already replaced
        self.link = None
        self.host.link = None
        self._attached.clear()
        if self.table.playing:
            self._miss()
            self.table.mark({"type": "dropped", "seat": self.seat})
        # A crash is not a choice (``leave`` is): the seat is held for the grace in
        # every state, also while the table waits for players or between matches.
        self.hold("dropped", f"{self.name} lost the connection")

    def hold(self, code: str = "restored", why: str = "") -> None:
        """Keep the seat for its person for the grace time (after a drop, a restart)."""
        if self.link is not None or self.away or self._grace is not None:
            return
        loop = asyncio.get_running_loop()
        self.dropped_at = loop.time()
        if self.table.playing:
            self._miss()
        grace = self.table.config.grace
        why = why or f"the server restarted; {self.name} may resume seat {self.seat}"
        self.table.announce(
            code, self.seat, f"{why}; the seat is held for {grace:g} s", seconds=grace
        )
        self._grace = loop.call_later(grace, self._grace_over)

    def _grace_over(self) -> None:
        self._grace = None
        if self.link is None and not self.table.playing:  # between matches: the seat is free
            self.table.expired(self)
        elif self.link is None:
            self._bot_takes(
                "dropped", "takeover", f"a bot plays for {self.name} until they come back"
            )

    def release(self) -> None:
        """The person gave the seat up (``leave``): the stand-in plays from here."""
        self.link = None
        self.host.link = None
        self.token_sha = ""
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        if self.bot_plays:  # away already: the record says the bot plays on for "left"
            self.bot_plays = ""
        self._bot_takes("left", "left_bot", f"{self.name} left; a bot plays for {self.name}")
        self._hand_changed()

    # -- the Player interface -------------------------------------------------------

    async def start(self, info: MatchInfo) -> None:
        self.info_ = info
        self.standin = self._make_standin()
        await self.standin.start(info)
        # Built-in bots read their observation alone: news is passed on only to one
        # that listens (each event reaches every seat: this is the server's hot path).
        bot = getattr(self.standin, "bot", self.standin)
        self._standin_listens = type(bot).notify is not Player.notify
        if self.link is not None:
            self.catch_up()

    async def notify(self, event: Event) -> None:
        if self.missed is not None:
            if isinstance(event, Played) and event.seat == self.seat:
                self.missed.append(event.card)
            elif isinstance(event, TrickDone):
                self.missed_tricks += 1
        if self.link is not None:
            await self.host.notify(event)
        if self.standin is not None and self._standin_listens:
            await self.standin.notify(event)

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        loop = asyncio.get_running_loop()
        self.stood_in = False
        limit = self.table.config.turn_timeout
        deadline = loop.time() + limit if limit > 0 else float("inf")
        if limit > 0 and not self.away:  # every screen counts down to this moment
            self.table.clock(self.seat, deadline)
        try:
            return await self._act(obs, deadline, limit)
        finally:
            self.table.clock(self.seat, None)

    async def _act(self, obs: Observation, deadline: float, limit: float) -> Action:
        loop = asyncio.get_running_loop()
        while True:
            if self.away:
                return await self._bot_plays(obs)
            link = self.link
            if link is None or not link.alive:
                if self.link is not None:  # dead but not yet reported by its reader
                    self.dropped(self.link)
                self._attached.clear()
                grace_end = (self.dropped_at or loop.time()) + self.table.config.grace
                wait = min(deadline, grace_end) - loop.time()
                try:
                    await asyncio.wait_for(self._attached.wait(), max(wait, 0))
                except TimeoutError:
                    if loop.time() >= grace_end:
                        self._grace_over()
                        continue
                    return await self._ran_out(obs)
                continue
            left = deadline - loop.time()
            if left <= 0:
                return await self._ran_out(obs)
            ms = int(left * 1000) if limit > 0 else NO_LIMIT_MS
            try:
                action = await self._ask(obs, ms)
                if action is not None:
                    return action
                continue  # the seat changed hands meanwhile: ask whoever has it now
            except SeatFailure as err:
                if err.code == "timeout":
                    return await self._ran_out(obs)
                if err.code == "faults":
                    self.table.mark(
                        {"type": "standin", "seat": self.seat, "reason": "faults", "once": True}
                    )
                    self.table.announce(
                        "faults",
                        self.seat,
                        f"{self.name} sent three bad answers; a bot plays this card",
                    )
                    return await self._bot_plays(obs)
                if self.link is link:
                    self.dropped(link)
                continue

    async def _ask(self, obs: Observation, ms: int) -> Action | None:
        """The holder's answer; None when the seat changes hands before it comes."""
        self._asking = self.link
        try:
            return await self.host.act(obs, ms)
        except Interrupted:
            return None
        finally:
            self._asking = None

    def _hand_changed(self) -> None:
        if self._asking is not None:
            self._asking.interrupt()

    async def _ran_out(self, obs: Observation) -> Action:
        self._bot_takes(
            "timeout",
            "away",
            f"{self.name}'s time ran out; a bot plays for them until they type again",
        )
        return await self._bot_plays(obs)

    async def _bot_plays(self, obs: Observation) -> Action:
        assert self.standin is not None
        self.stood_in = True  # told on every screen: a bot played this card, not the person
        return await self.standin.act(obs, None)

    async def info(self) -> list[str]:
        return await self.host.info()

    async def faults(self) -> list[tuple[str, str]]:
        return await self.host.faults()

    async def close(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        if self.standin is not None:
            await self.standin.close()
