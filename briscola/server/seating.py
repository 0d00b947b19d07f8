"""Who sits at a LAN table, how a seat changes hands, rematches, and the table's file.

:class:`Seating` is the seats' story on top of :class:`~.view.TableView`:

- ``join``: a person (or a program) sits down at a free seat and gets the
  seat's token; at a seat its person left mid-match (a bot plays it, the
  lobby lists it open) the newcomer *takes* that seat from the bot: the
  record gets a ``seated`` line, so every card after it is theirs.
- ``resume``: the holder of a seat's token takes it again, after a drop, a
  crash or a restart; ``leave`` gives it up (mid-match a bot plays on; between
  matches the seat is free).  A dropped connection is not a choice: its seat
  is held for the grace in every state, then a bot plays it (mid-match) or it
  is free (``expired``), as after a restart.
- ``ask_rematch``: after a match, each person present (or held for their
  return) agrees; the next match starts when all have and no seat is free.

And what survives a restart: at every change of its seats or state the
table writes its file, ``*.seats.json`` beside its records (name, number,
rules, the private code salted and slow, the bots, each seat's name and the
SHA-256 of its token, the matches played, the state, the rematch asked and
the record of the match in play), written whole and renamed into place;
:mod:`.restore` reads it back.  :class:`~.table.Table` adds the matches.
Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import os
import random
import secrets
import time
from pathlib import Path
from typing import Any

from ..players import Player
from ..protocol.link import before_lines
from ..protocol.tcp import TcpLink
from ..words.names import free_name, free_names
from .disk import private_file
from .pool import PooledBot
from .seat import NetSeat, code_hash, code_matches, token_hash
from .specs import LobbyError, as_made
from .view import TableView

__all__ = ["Seating"]

log = logging.getLogger("briscola.server")

CODE_CHARS = 40  # as the lobby takes a code: longer is wrong at once, unhashed
SECRET_BITS = 128  # of the operating system's generator, for the bots' seeds


class Seating(TableView):
    """A table's seats, their changes of hands and its file; see the module docstring."""

    def start_match(self) -> None:  # the table's (Table)
        raise NotImplementedError

    def check_code(self, code: object) -> None:
        """A private table's code, as given or (a code the server made) as a person may
        type it read out: small letters, spaces or no dashes."""
        if not self.private:
            return
        if isinstance(code, str) and len(code) <= CODE_CHARS:
            made = as_made(code)
            for given in dict.fromkeys(c for c in (code, made) if c is not None):
                if self.code:
                    if hmac.compare_digest(given.encode(), self.code.encode()):
                        return
                elif code_matches(given, self.code_kept):
                    self.code = given  # the next checks are quick
                    return
        raise LobbyError("bad_code", f"table {self.name!r} is private; the code is wrong")

    def join(
        self, link: TcpLink, name: str, seat: object, code: object, *, program: bool = False
    ) -> tuple[int, str, str]:
        """Seat a connection (``program``: its hello said it is a bot); its seat number,
        token and name at this table."""
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
            held.program = program
            held.missed = None  # the cards played before were nobody's of this person
            self.mark({"type": "seated", "seat": number, "name": name})
            held.attach(link)
            # After the lobby's "joined", which goes out when this returns.
            asyncio.get_running_loop().call_soon(held.catch_up)
            self.save()
            self.announce("takes", number, f"{name} takes {was}'s seat", was=was)
        else:
            net = NetSeat(self, number, name, self._standin(number), token_sha=token_hash(token))
            net.program = program
            net.attach(link)
            self.seats[number] = net
            self.server.register(net)
            self.save()
            self.announce("joined", number, f"{name} sits down at seat {number}")
        if self.state == "waiting" and not self.free_seats():
            self.start_match()
        return number, token, name

    def resume(self, link: TcpLink, s: NetSeat[Any], *, program: bool = False) -> None:
        """The holder of a seat's token (found by the lobby) takes it again (``program``:
        this connection's hello said it is a bot)."""
        if s.program != program:
            s.program = program
            self.save()
        self.mark({"type": "resumed", "seat": s.seat})
        s.attach(link)
        self.announce("resumed", s.seat, f"{s.name} is back at seat {s.seat}")
        if self.playing:
            s.catch_up()
            s.tell_missed()

    def expired(self, seat: NetSeat[Any]) -> None:
        """A seat held while no match is played (after a drop or a restart) whose person
        did not come back within the grace: it is free for someone else."""
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

    def leave(self, seat: NetSeat[Any]) -> None:
        name = seat.name
        if self.playing and not self.ending:
            seat.release()
        else:
            self.announce("left", seat.seat, f"{name} left seat {seat.seat}")  # named, still
            self._free(seat.seat)
        self.save()

    def ask_rematch(self, seat: NetSeat[Any]) -> list[int]:
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

    def watch(self, link: TcpLink, name: str) -> None:
        """``link`` watches under ``name``, with a number added when a seat's name or
        another spectator's looks like it (see :meth:`spectator_name`)."""
        taken = [*self._seat_names(), *self._spectator_names().values()]
        super().watch(link, free_name(name, taken))

    def spectator_name(self, link: TcpLink) -> str:
        """The name a spectator's chat line goes under: the one it was given when it
        came, unless a seat's name (a person's or a bot's) now looks like it: "Ben
        (spectator)" never sits beside a seated Ben, nor beside another spectator Ben.
        The seats keep their names; spectators give way, in the order they came."""
        return self._spectator_names()[link]

    def _spectator_names(self) -> dict[TcpLink, str]:
        given = free_names(self.spectators.values(), self._seat_names())
        return dict(zip(self.spectators, given, strict=True))

    def _seat_names(self) -> list[str]:
        """The names of the seats held and of the table's bots (without their mark)."""
        names = self.names()
        return [
            names[i].partition(" (")[0] if i in self.bots else names[i]
            for i, held in enumerate(self.seats)
            if held is not None or i in self.bots
        ]

    def _seed(self) -> int:
        """The seed of the bots' own choices; with ``serve --seed``, of the deals too."""
        if self.config.seed is None:
            return secrets.randbits(SECRET_BITS)
        return random.Random(f"{self.config.seed}:{self.number}:{self.matches}").getrandbits(32)

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
        its seats or state: what a restarted server needs to reopen the table as it was.
        Written before any line leaves for a client, at the latest at the end of this
        turn of the event loop: several changes in a row (seats joining or leaving
        together, a match's end and the leaves it brings), one write."""
        if self.seats_file() is not None:
            before_lines(self._write_file)

    def _write_file(self) -> None:
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
                None
                if s is None
                else {"name": s.name, "token_sha256": s.token_sha}
                | ({"program": True} if s.program else {})  # shown as a bot, restarts too
                for s in self.seats
            ],
            "matches": self.matches,
            "state": self.state,
            "rematch": sorted(self.rematch),
            "record": None if self.record_path is None else self.record_path.name,
        }
        text = json.dumps(data)
        if (path, text) == self._saved and path.exists():  # a leave frees, then says: once
            return
        # Write before you tell, as the record: in place now (a kill -9 keeps what the
        # operating system was given); the fsync, for a power cut, in the disk thread.
        if _write_whole(path, text):
            self._saved = (path, text)
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
