"""A LAN table's matches and their records.

:class:`Table` is the whole table (:class:`~.view.TableView` what it is and
shows, :class:`~.seating.Seating` its seats and its file): when the last seat
is taken it runs the match through the one table loop
(:func:`briscola.table.play_match`, ``on_fault="takeover"``: a LAN match
never ends early), writing the record as it goes; the spectators are one
watcher that relays the public events.  Between rounds the table rests until
each person present has read the round's end (or ``--round-pause``); after
the match each seat whose person is gone is freed and the table waits for a
rematch.  A match stops when the server pauses (a clean stop) or when nobody
is left to play it (deserted).  Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time

from ..engine.events import Event, Played
from ..engine.game import Round
from ..engine.records import Record
from ..players import Player
from ..protocol.messages import encode
from ..table import play_match
from .disk import DiskFile
from .pool import PooledBot
from .seating import Seating
from .specs import LobbyError, bot_spec, capped
from .view import TablesServer

__all__ = ["LobbyError", "Table", "TablesServer", "bot_spec", "capped"]

log = logging.getLogger("briscola.server")


class _Spectators(Player):
    """The table's watchers as one: public events to every spectator's connection."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def notify(self, event: Event) -> None:
        if event.type == "match_end":  # before any seat can read it: rematches may come
            self.table.ending = True
        self.table.active = asyncio.get_running_loop().time()
        if isinstance(event, Played) and event.standin:
            self.table.bot_cards.add(str(event.card))
        if self.table.spectators:
            data = encode(event.to_message())
            for link in list(self.table.spectators):
                link.send(data)


class Table(Seating):
    """A LAN table; see the module docstring."""

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
        self.bot_cards.clear()

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
