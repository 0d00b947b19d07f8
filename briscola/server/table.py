"""A LAN table: its seats, its spectators, its matches and their records.

A :class:`Table` holds a :class:`~.seat.NetSeat` for each seat a person (or
a remote bot) took and a player spec for each built-in bot.  When the last
seat is taken it runs the match through the one table loop
(:func:`briscola.table.play_match`), writing the record as it goes; the
spectators are one watcher that relays the public events.  What the table
knows of its seats for a restart (names, bots, SHA-256 of the tokens, the
record) is kept in a small file beside the record, ``*.seats.json``.
Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import logging
import os
import random
import secrets
import time
from pathlib import Path
from typing import Any, Protocol

from ..bots.expert import DEFAULT_SAMPLES, ExpertBot
from ..engine.events import Event
from ..engine.game import Match, Round
from ..engine.observation import observe
from ..engine.records import Record
from ..engine.rules import TableRules
from ..engine.text import printable
from ..players import MatchInfo, Player
from ..protocol.messages import Message, encode, turn_message
from ..protocol.tcp import TcpLink, TokenBucket
from ..spec import PlayerSpec, parse_spec
from ..table import play_match
from ..words.names import bot_names, free_name
from .config import ServerConfig
from .disk import Disk, DiskFile, private_file
from .pool import BotPool, PooledBot
from .seat import NetSeat, code_hash, code_matches, token_hash

__all__ = ["LobbyError", "Table", "bot_spec", "capped"]

log = logging.getLogger("briscola.server")

SERVER_BOTS = ("random", "greedy", "expert")
MAX_THINK_MS = ExpertBot().max_ms
# A seat's drops and returns: told at most this often (a flapping client must not
# flood the table), the latest one at least.
FLAPS = frozenset({"dropped", "resumed", "handback", "restored", "takeover"})
FLAP_RATE, FLAP_BURST = 0.2, 4.0
TABLE_RATE, TABLE_BURST = 1.0, 10.0  # notices about seats, and chat lines, per table
CODE_CHARS = 40  # as the lobby takes a code: longer is wrong at once, unhashed
SECRET_BITS = 128  # of the operating system's generator, for the bots' seeds
MARKS_PER_SEAT = 100  # drops and returns of a seat written into a match's record


class LobbyError(Exception):
    """A refused lobby request: ``code`` as in docs/protocol.md, and what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def bot_spec(text: object) -> PlayerSpec:
    """A bot a client may seat: random, greedy or expert (with options); never a program."""
    if not isinstance(text, str):
        raise LobbyError("bad_spec", f"a bot is a spec like 'expert', got {text!r}")
    try:
        spec = parse_spec(text, allow=SERVER_BOTS)
    except ValueError as err:
        raise LobbyError("bad_spec", f"{err}; this server runs random, greedy or expert") from None
    if spec.kind not in SERVER_BOTS:  # cmd: would start a program on the server
        raise LobbyError(
            "bad_spec", f"{text!r} is not a bot this server runs: random, greedy or expert"
        )
    others = sorted(set(spec.options) - {"think_ms"})
    if others:  # samples=10**9 would hold the bot pool for everyone
        raise LobbyError("bad_spec", f"this server sets only think_ms of a bot, not {others[0]}")
    think = spec.options.get("think_ms")
    if think is not None and think > MAX_THINK_MS:
        raise LobbyError(
            "bad_spec",
            f"think_ms is at most {MAX_THINK_MS:g} here (the default expert's budget), got {think}",
        )
    return spec


def capped(spec: PlayerSpec, players: int) -> PlayerSpec:
    """A lobby's expert thinks at most as much as the default one: ``think_ms`` may
    only shorten its search (its samples stay those of the default), so that no
    table's bots hold the shared pool longer than an ordinary table's."""
    if spec.kind != "expert" or "think_ms" not in spec.options:
        return spec
    options = {**spec.options, "samples": DEFAULT_SAMPLES[players]}
    return dataclasses.replace(spec, options=options)


class _Spectators(Player):
    """The table's watchers as one: public events to every spectator's connection."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def notify(self, event: Event) -> None:
        if event.type == "match_end":  # before any seat can read it: rematches may come
            self.table.ending = True
        self.table.active = asyncio.get_running_loop().time()
        if self.table.spectators:
            data = encode(event.to_message())
            for link in list(self.table.spectators):
                link.send(data)


class TablesServer(Protocol):
    """What a table needs of the server it stands in (the lobby's
    :class:`~.lobby.Server` is one): the table is told of its server, it does
    not import the lobby."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def pool(self) -> BotPool: ...

    @property
    def disk(self) -> Disk: ...

    @property
    def standin(self) -> PlayerSpec: ...

    @property
    def matches(self) -> set[asyncio.Task[None]]: ...

    def tidy(self, table: Table) -> None: ...

    def register(self, seat: NetSeat[Table]) -> None: ...

    def started(self, table: Table) -> None: ...


class Table:
    def __init__(
        self,
        server: TablesServer,
        name: str,
        rules: TableRules,
        *,
        code: str | None = None,
        bots: dict[int, PlayerSpec] | None = None,
        number: int = 0,
    ) -> None:
        self.server = server
        self.config: ServerConfig = server.config
        self.pool: BotPool = server.pool
        self.name = name
        self.rules = rules
        # A private table's code: in memory while known, on disk only salted and slow
        # (made when first saved; a reopened table knows only that, until a right code).
        self.code = code or ""
        self.code_kept = ""
        self.bots: dict[int, PlayerSpec] = dict(bots or {})
        self.number = number  # the table's place in the server's order, for seeds
        self.seats: list[NetSeat[Table] | None] = [None] * rules.players
        self.spectators: set[TcpLink] = set()
        self.state = "waiting"
        self.matches = 0
        self.round: Round | None = None
        self.task: asyncio.Task[None] | None = None
        self.record_path: Path | None = None
        self.table_file: Path | None = None  # what a restart needs; see save()
        self.rematch: set[int] = set()
        self.ending = False  # the match has ended; the table is not done with it yet
        # A match to go on with after a restart: its state, and "pause" or "crash".
        self.restored: tuple[Match, Round | None, str] | None = None
        self.creator: object = None  # the connection that made it, until it goes
        # Whose account its bots' work goes on in the shared pool: the connection that
        # made it (one client's tables share one budget), else the table itself.
        self.budget: object = self
        self.record: Record | None = None  # the match's, while it runs
        self.pausing = False  # the server stops cleanly: the match is paused, not ended
        self._flaps: dict[int, TokenBucket] = {}
        # The table's screens: notices and chat lines, limited for the whole table (past
        # it merged, or dropped and counted, told a little later).
        self._notices = TokenBucket(TABLE_RATE, TABLE_BURST)
        self._chats = TokenBucket(TABLE_RATE, TABLE_BURST)
        self._chat_dropped = 0
        self.active = asyncio.get_running_loop().time()  # when it last said anything
        self._marks: dict[int, int] = {}  # drops and returns in the record, by seat
        self.clock_due: tuple[int, float] | None = None  # whose card is due, and when
        self.ready: set[int] = set()  # who went on after a round's end
        self.all_ready: asyncio.Event | None = None  # set while the table rests
        self._held_notes: dict[int, tuple[str, str, float | None, int]] = {}

    # -- what the lobby shows ---------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.state == "playing"

    def seat_names(self) -> list[str | None]:
        """By seat: the name of whoever has it (a bot, a person present or not), or None
        for a seat anyone may take."""
        names = self.names()
        return [None if self.is_free(i) else names[i] for i in range(self.rules.players)]

    def is_free(self, i: int) -> bool:
        if i in self.bots:
            return False
        held = self.seats[i]
        return held is None or not held.person  # a seat left mid-match is free again

    def seat_info(self) -> list[dict[str, Any]]:
        """What the lobby shows of each seat (an optional field of ``tables``)."""
        names = self.names()
        out: list[dict[str, Any]] = []
        for i, held in enumerate(self.seats):
            grace = None
            if i in self.bots:
                kind = "bot"
            elif self.is_free(i) and held is not None and self.playing:
                kind = "open"  # left mid-match: a bot plays it until a person takes it
            elif self.is_free(i):
                kind = "free"
            else:
                assert held is not None
                left = held.grace_left()
                if left is not None:
                    kind, grace = "away", int(left + 0.999)
                elif held.away:
                    kind = "held"  # a bot plays for the person until they are back
                else:
                    kind = "bot" if held.program else "person"
            out.append({"kind": kind, "name": None if kind == "free" else names[i],
                        "grace_s": grace})  # fmt: skip
        return out

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.name,
            "players": self.rules.players,
            "variant": self.rules.variant,
            "target": self.rules.target,
            "pack": self.rules.pack,
            "state": self.state,
            "seats": self.seat_names(),
            "seat_info": self.seat_info(),
            "spectators": len(self.spectators),
            "private": self.private,
        }

    def held_from(self, address: str) -> bool:
        """Whether a connection from ``address`` made this table or sits at it."""
        creator = getattr(self.creator, "address", None)
        return creator == address or any(
            s is not None and s.link is not None and s.link.peer.rpartition(":")[0] == address
            for s in self.seats
        )

    def free_seats(self) -> list[int]:
        return [i for i in range(self.rules.players) if self.is_free(i)]

    @property
    def deserted(self) -> bool:
        """No person has a seat (present or held for them) and its creator has gone:
        nobody would play another card of it (watchers alone do not keep a table)."""
        people = any(s is not None and s.person for s in self.seats)
        return not people and not self.creator

    # -- seats ----------------------------------------------------------------------

    @property
    def private(self) -> bool:
        return bool(self.code or self.code_kept)

    def check_code(self, code: object) -> None:
        if not self.private:
            return
        if isinstance(code, str) and len(code) <= CODE_CHARS:
            if self.code:
                if hmac.compare_digest(code.encode(), self.code.encode()):
                    return
            elif code_matches(code, self.code_kept):
                self.code = code  # the next checks are quick
                return
        raise LobbyError("bad_code", f"table {self.name!r} is private; the code is wrong")

    def join(self, link: TcpLink, name: str, seat: object, code: object) -> tuple[int, str, str]:
        """Seat a connection; its seat number, token and name at this table."""
        self.check_code(code)
        free = self.free_seats()
        if seat is None:
            if not free:
                raise LobbyError("table_full", f"table {self.name!r} has no free seat")
            number = free[0]
        else:
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not (0 <= seat < self.rules.players)
            ):
                raise LobbyError(
                    "bad_message", f"seat must be 0..{self.rules.players - 1}, got {seat!r}"
                )
            if seat not in free:
                raise LobbyError("seat_taken", f"seat {seat} of {self.name!r} is taken")
            number = seat
        token = secrets.token_hex(32)
        name = self.free_name(name, number)
        held = self.seats[number]
        if held is not None and self.playing:  # a seat left mid-match: the bot hands it over
            was, held.name = held.name, name
            held.token_sha = token_hash(token)
            self.server.register(held)
            held.bot_plays = ""
            held.missed = None  # the cards played before were nobody's of this person
            self.mark({"type": "seated", "seat": number, "name": name})
            held.attach(link)
            # After the lobby's "joined", which goes out when this returns.
            asyncio.get_running_loop().call_soon(held.catch_up)
            self.save()
            self.announce("takes", number, f"{name} takes {was}'s seat", was=was)
        else:
            net = NetSeat(self, number, name, self._standin(number), token_sha=token_hash(token))
            net.attach(link)
            self.seats[number] = net
            self.server.register(net)
            self.save()
            self.announce("joined", number, f"{name} sits down at seat {number}")
        if self.state == "waiting" and not self.free_seats():
            self.start_match()
        return number, token, name

    def resume(self, link: TcpLink, s: NetSeat[Table]) -> None:
        """The holder of a seat's token (found by the lobby) takes it again."""
        self.mark({"type": "resumed", "seat": s.seat})
        s.attach(link)
        self.announce("resumed", s.seat, f"{s.name} is back at seat {s.seat}")
        if self.playing:
            s.catch_up()
            s.tell_missed()

    def vacate(self, seat: NetSeat[Table]) -> None:
        """A seat's connection went away between matches: nothing to hold, the seat is free."""
        if not self.playing and not self.pausing and self.seats[seat.seat] is seat:
            self.announce("left", seat.seat, f"{seat.name} left seat {seat.seat}")
            self._free(seat.seat)

    def expired(self, seat: NetSeat[Table]) -> None:
        """A seat held between matches (after a restart) whose person did not come back
        within the grace: it is free for someone else."""
        if self.playing or self.pausing or self.seats[seat.seat] is not seat:
            return
        self.announce("expired", seat.seat,
                      f"{seat.name} did not come back; seat {seat.seat} is free")  # fmt: skip
        self._free(seat.seat)
        self.server.tidy(self)

    def _free(self, number: int) -> None:
        self.seats[number] = None
        self.rematch.discard(number)
        if self.state == "done":
            self.state = "waiting"
        self.save()

    def leave(self, seat: NetSeat[Table]) -> None:
        name = seat.name
        if self.playing and not self.ending:
            seat.release()
        else:
            self.announce("left", seat.seat, f"{name} left seat {seat.seat}")  # named, still
            self._free(seat.seat)
        self.save()

    def ask_rematch(self, seat: NetSeat[Table]) -> list[int]:
        """A seated person wants another match; the seats still to agree."""
        self.rematch.add(seat.seat)
        self.save()
        self.announce("rematch", seat.seat, f"{seat.name} wants a rematch")
        waiting = self._rematch_waits()
        if not waiting and not self.free_seats() and self.state == "done":
            self.start_match()  # else when the match that ends is done with
        return waiting

    def _rematch_waits(self) -> list[int]:
        """The people still to agree: here, or held for their return (after a restart)."""
        return [
            s.seat
            for s in self.seats
            if s is not None
            and s.person
            and (s.connected or s.grace_left() is not None)
            and s.seat not in self.rematch
        ]

    def _standin(self, seat: int) -> Any:
        def make() -> Player:
            spec = self.server.standin
            bot = spec.make(seed=self._seed() + 101 + seat)
            return PooledBot(bot, self.pool, self.budget)  # type: ignore[arg-type]

        return make

    # -- telling the table ------------------------------------------------------------

    def links(self) -> list[TcpLink]:
        seated = [s.link for s in self.seats if s is not None and s.link is not None]
        return seated + list(self.spectators)

    def broadcast(self, msg: Message) -> None:
        data = encode(msg)
        self.active = asyncio.get_running_loop().time()
        for link in self.links():
            link.send(data)

    def announce(
        self,
        code: str,
        seat: int | None,
        text: str,
        *,
        seconds: float | None = None,
        was: str | None = None,
    ) -> None:
        """A ``notice`` to everyone at the table.  A seat's comings and goings are
        rate limited: past a few in a row, only the latest is told, a little later."""
        if seat is not None and code in FLAPS:
            bucket = self._flaps.setdefault(seat, TokenBucket(FLAP_RATE, FLAP_BURST))
            if not bucket.take():
                self._hold(seat, code, text, seconds, 1 / FLAP_RATE)
                return
        if seat is not None and not self._notices.take():  # the table's limit: merged too
            self._hold(-1 - seat, code, text, seconds, 1 / TABLE_RATE)  # apart from the above
            return
        self._tell(code, seat, text, seconds, was)

    def _hold(self, key: int, code: str, text: str, seconds: float | None, delay: float) -> None:
        """Keep the latest notice under ``key``, told after ``delay`` with how many merged."""
        first = key not in self._held_notes
        merged = self._held_notes.get(key, ("", "", None, 0))[3] + 1
        self._held_notes[key] = (code, text, seconds, merged)
        if first:
            asyncio.get_running_loop().call_later(delay, self._told_late, key)

    def _told_late(self, key: int) -> None:
        code, text, seconds, merged = self._held_notes.pop(key)
        seat = key if key >= 0 else -1 - key
        self._tell(code, seat, f"{text} ({merged} notices merged)", seconds)

    def _tell(
        self,
        code: str,
        seat: int | None,
        text: str,
        seconds: float | None,
        was: str | None = None,
        count: int = 0,
    ) -> None:
        name = None
        if seat is not None:
            held = self.seats[seat]
            name = held.name if held is not None else self.names()[seat]
        log.info("table %s: %s: %s", self.name, code, printable(text, 200))
        msg: Message = {"type": "notice", "code": code, "seat": seat, "name": name, "text": text}
        if seconds is not None:
            msg["seconds"] = seconds
        if was is not None:  # the seat changed hands: whose it was
            msg["was"] = was
        if count:
            msg["count"] = count
        self.broadcast(msg)

    def clock(self, seat: int, due: float | None) -> None:
        """A person's card is due at ``due`` (loop time; None: no longer): everyone at
        the table is told the time left (``clock``), so that every screen counts down
        to the same moment; a snapshot carries it too."""
        self.clock_due = None if due is None else (seat, due)
        if due is not None:
            self.broadcast({"type": "clock", "seat": seat, "ms": self._left_ms(due)})

    @staticmethod
    def _left_ms(due: float) -> int:
        return max(0, int((due - asyncio.get_running_loop().time()) * 1000))

    def mark(self, line: Message) -> None:
        """A line of the table's own into the match's record: who plays a seat, pauses.
        A seat's drops and returns are kept up to a bound a match (a flapping client
        must not fill the disk)."""
        if self.record is None or not self.playing or self.ending or self.pausing:
            return  # (a stop drops every connection: no line for each after the pause)
        if line["type"] in ("dropped", "resumed"):
            count = self._marks.get(line["seat"], 0)
            if count >= MARKS_PER_SEAT:
                return
            self._marks[line["seat"]] = count + 1
        self.record.write(line)

    def chat(self, seat: int | None, name: str, text: str) -> bool:
        """A chat line to the table; False when the table's chat limit drops it (the
        table is told how many were dropped, once, a little later)."""
        if not self._chats.take():
            self._chat_dropped += 1
            if self._chat_dropped == 1:
                asyncio.get_running_loop().call_later(1 / TABLE_RATE, self._chat_told)
            return False
        self.broadcast({"type": "chat", "seat": seat, "name": name, "text": text})
        return True

    def _chat_told(self) -> None:
        dropped, self._chat_dropped = self._chat_dropped, 0
        text = (
            f"{dropped} chat lines were dropped: the table takes {TABLE_BURST:g} in a row, "
            "then one a second"
        )
        self._tell("chat_dropped", None, text, None, count=dropped)

    def state_for(self, seat: int | None) -> Message | None:
        """The snapshot of the round in progress, as ``seat`` may see it (None: a spectator)."""
        r = self.round
        if r is None or r.over:
            return None
        obs = observe(r, r.to_move if seat is None else seat)
        msg = turn_message(obs, 0, 0)
        for key in ("id", "time_ms"):
            del msg[key]
        msg["type"] = "state"
        msg["to_move"] = r.to_move
        if self.clock_due is not None and self.clock_due[0] == r.to_move:
            msg["time_left_ms"] = self._left_ms(self.clock_due[1])
        if seat is None:
            msg["hand"] = []
            msg["seat"] = None
            for key in ("legal", "known"):
                msg.pop(key, None)
        return msg

    def watch(self, link: TcpLink) -> None:
        self.spectators.add(link)
        if self.playing:
            link.send(self.match_start(None))
            state = self.state_for(None)
            if state is not None:
                link.send(state)

    def match_start(self, seat: int | None) -> Message:
        msg = MatchInfo(0, self.rules, self.names(), self.move_ms).to_message()
        msg["seat"] = seat
        return msg

    @property
    def move_ms(self) -> int:
        return int(self.config.turn_timeout * 1000)

    def names(self) -> tuple[str, ...]:
        """The names at the table, by seat: a person's, or a bot's (a name of its own
        and its spec, as ``briscola play`` gives them: "Marco (expert)")."""
        seats = enumerate(self.seats)
        people = {i: s.name for i, s in seats if s is not None and i not in self.bots}
        bots = iter(bot_names(len(self.bots), people.values()))  # none looks like a person's
        out = []
        for i in range(self.rules.players):
            spec = self.bots.get(i)
            out.append(f"{next(bots)} ({spec.text})" if spec is not None else people.get(i, "?"))
        return tuple(out)

    def free_name(self, name: str, seat: int) -> str:
        """``name`` for a person sitting down at ``seat``, with a number added when
        someone else at the table has a name like it: a person's, or a bot's while a
        match is on (else the bots give way: :meth:`names`)."""
        names = self.names()
        taken = [
            names[i].partition(" (")[0] if i in self.bots else names[i]
            for i, held in enumerate(self.seats)
            if i != seat and (held is not None or (self.playing and i in self.bots))
        ]
        return free_name(name, taken)

    def spectator_name(self, name: str) -> str:
        """``name`` for a spectator's chat line, with a number added when a seat's name
        (a person's or a bot's) looks like it: "Ben (spectator)" never sits beside a
        seated Ben.  The seats keep their names; a spectator gives way."""
        names = self.names()
        taken = [
            names[i].partition(" (")[0] if i in self.bots else names[i]
            for i, held in enumerate(self.seats)
            if held is not None or i in self.bots
        ]
        return free_name(name, taken)

    # -- the match --------------------------------------------------------------------

    def _seed(self) -> int:
        """The seed of the bots' own choices; with ``serve --seed``, of the deals too."""
        if self.config.seed is None:
            return secrets.randbits(SECRET_BITS)
        return random.Random(f"{self.config.seed}:{self.number}:{self.matches}").getrandbits(32)

    def _dealer(self) -> random.Random | None:
        """What deals: the operating system's generator (every shuffle drawn afresh from
        it: nothing a seat could search for), or with ``serve --seed`` the seed."""
        return secrets.SystemRandom() if self.config.seed is None else None

    def start_match(self) -> None:
        self.state = "playing"
        self.ending = False
        self.rematch.clear()
        self.matches += 1
        self.server.started(self)
        self.task = asyncio.get_running_loop().create_task(
            self._run(), name=f"table {self.name} match {self.matches}"
        )
        self.server.matches.add(self.task)
        self.task.add_done_callback(self.server.matches.discard)

    def players(self, seed: int) -> list[Player]:
        out: list[Player] = []
        for i in range(self.rules.players):
            spec = self.bots.get(i)
            if spec is not None:
                bot = spec.make(seed=seed + i, name=spec.text)
                out.append(PooledBot(bot, self.pool, self.budget))  # type: ignore[arg-type]
            else:
                held = self.seats[i]
                assert held is not None
                out.append(held)
        return out

    async def _run(self) -> None:
        seed = self._seed()
        dealer = self._dealer() if self.restored is None else None
        restored, self.restored = self.restored, None
        if restored is not None:
            seed = restored[0].seed
        out = self._open_record(restored is not None)
        self._marks = {}
        self.record = Record(out, sync=out.fsync)
        if restored is not None:  # a pause (the last line) or a crash came before
            self.record.write({"type": "restart", "after": restored[2]})
        names = self.names()
        spectators = _Spectators(self)
        for link in self.spectators:
            link.send(self.match_start(None))
        log.info("table %s: match %d %s (%s)", self.name, self.matches,
                 "starts" if restored is None else "resumes", ", ".join(names))  # fmt: skip
        started = time.monotonic()
        try:
            outcome = await play_match(
                self.rules,
                self.players(seed),
                seed=seed,
                names=names,
                move_ms=self.move_ms,
                record=self.record,
                on_fault="takeover",
                takeover=lambda seat: self._standin(seat)(),  # a built-in bot that broke
                watchers=[spectators],
                start_from=None if restored is None else restored[:2],
                on_round=self._on_round,
                stopping=self._stopping,
                between_rounds=self._between_rounds,
                rng=dealer,
            )
        except asyncio.CancelledError:
            why = self._stopping() or "abandoned"
            log.info("table %s: match %d stops: %s", self.name, self.matches, why)
            raise
        except Exception:  # a bug of ours: the table stays up, the record says abandoned
            log.exception("table %s: match %d failed", self.name, self.matches)
            self.state = "done"
            self.ending = False
            return
        finally:
            self.record = None
            out.close()
        self.state = "done"
        self.round = None
        for i, held in enumerate(self.seats):
            if held is None:
                continue
            if held.person and held.connected:
                held.bot_plays = ""  # away after a timeout, yet here for the next match
            else:  # left, or not back by the end: the match was all the seat was held for
                self.seats[i] = None
        if self.free_seats():
            self.state = "waiting"
        self.ending = False
        self.save()  # the table goes on between matches, a restart too
        self.server.tidy(self)
        log.info(
            "table %s: match %d ends: %s, rounds %s (%.0f s)",
            self.name,
            self.matches,
            "no winner" if outcome.winner is None else f"team {outcome.winner} wins",
            "-".join(map(str, outcome.rounds_won)),
            time.monotonic() - started,
        )
        if self.rematch and self.state == "done" and not self._rematch_waits():
            self.start_match()  # every seat asked while the match was ending

    async def _between_rounds(self) -> None:
        """The round's end stays on everyone's screen until each person present has
        gone on (``next``), for ``--round-pause`` seconds at most."""
        wait = self.config.round_pause
        if wait <= 0 or not self._readers():
            return
        self.ready = set()
        self.all_ready = asyncio.Event()
        self.announce("round_pause", None, f"the next round is dealt when everyone goes on, "
                      f"in {wait:g} s at most", seconds=wait)  # fmt: skip
        try:
            await asyncio.wait_for(self.all_ready.wait(), wait)
        except TimeoutError:
            pass
        finally:
            self.all_ready = None

    def _readers(self) -> set[int]:
        """The seats whose person is here to read: connected, not away."""
        return {s.seat for s in self.seats if s is not None and s.person and s.connected
                and not s.away}  # fmt: skip

    def go_on(self, seat: int) -> None:
        """A person has read the round's end (``next``)."""
        if self.all_ready is not None:
            self.ready.add(seat)
            if self._readers() <= self.ready:
                self.all_ready.set()

    def _stopping(self) -> str | None:
        if self.pausing:
            return "pause"
        if self.deserted:
            return "deserted: no person seated, nobody watching and the creator gone"
        return None

    def _on_round(self, r: Round) -> None:
        self.round = r

    def _open_record(self, append: bool) -> DiskFile:
        folder = self.config.records
        if not append or self.record_path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.record_path = (
                folder / f"{stamp}-{self._safe()}-{self.matches}-{secrets.token_hex(3)}.jsonl"
            )
        out = self.server.disk.open(self.record_path, "a" if append else "w")
        self.save()  # after the open: that makes the folder if it went away
        return out

    # -- what survives a restart -------------------------------------------------------

    def _code_kept(self) -> str:
        if self.code and not self.code_kept:
            self.code_kept = code_hash(self.code)
        return self.code_kept

    def place(self) -> None:
        """Name the table's file (once, when it is made) and write it."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{stamp}-{self._safe()}-{secrets.token_hex(3)}.seats.json"
        self.table_file = self.config.records / name
        self.save()

    def _safe(self) -> str:
        return "".join(c if c.isalnum() or c in "-_" else "_" for c in self.name)[:40]

    def seats_file(self) -> Path | None:
        return self.table_file

    def forget(self) -> None:
        """The table closed: nothing to reopen after a restart, no token hashes left."""
        path, self.table_file = self.table_file, None
        if path is not None:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)

    def save(self) -> None:
        """The table's file (written whole, then renamed into place), at every change of
        its seats or state: what a restarted server needs to reopen the table as it was."""
        path = self.seats_file()
        if path is None:
            return
        data = {
            "table": self.name,
            "number": self.number,
            "rules": self.rules.to_dict(),
            "code_hash": self._code_kept(),
            "bots": {str(i): spec.text for i, spec in self.bots.items()},
            "seats": [
                None if s is None else {"name": s.name, "token_sha256": s.token_sha}
                for s in self.seats
            ],
            "matches": self.matches,
            "state": self.state,
            "rematch": sorted(self.rematch),
            "record": None if self.record_path is None else self.record_path.name,
        }
        # Write before you tell, as the record: in place now (a kill -9 keeps what the
        # operating system was given); the fsync, for a power cut, in the disk thread.
        if _write_whole(path, json.dumps(data)):
            self.server.disk.submit(_fsync, path)


def _write_whole(path: Path, text: str) -> bool:
    """Write a file whole and rename it into place (a crash leaves the old one or the new)."""
    tmp = path.with_suffix(".tmp")
    try:
        fd = private_file(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        tmp.replace(path)
    except OSError as err:
        log.warning("cannot keep the seats of a table in %s: %s", path, err)
        return False
    return True


def _fsync(path: Path) -> None:
    with contextlib.suppress(OSError):  # gone already: the match ended meanwhile
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
