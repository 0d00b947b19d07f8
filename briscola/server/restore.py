"""Reopening a LAN server's tables after a stop or a crash.

Every table keeps a file beside its records, ``*.seats.json``, written whole
at every change of its seats or state (:meth:`~.seating.Seating.save`): its
name and number, rules, the private code salted and slow, its bots, each
seat's name and the SHA-256 of its token, the matches played, its state,
the rematch asked, and the record of the match in play.  At start
:func:`restore` reads each one back:

- a match in play (its record unfinished): the record is cut at its last whole
  step (:func:`~briscola.engine.replay.resume_point`) and the match goes on
  from there with the same seats, each held for its person for the grace
  time, after a ``restart`` line saying whether a pause or a crash came
  before;
- a table waiting for players, resting between matches or with a rematch
  asked: its seats are held for their people for the grace time, the table
  itself too;
- with ``serve --abandon-unfinished``, or when no person of it is left, an
  unfinished match is ended as abandoned and its record says why.

Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Any, Protocol

from ..engine.records import dump_line, event_line
from ..engine.replay import RecordError, Resumable, resume_point
from ..engine.rules import TableRules
from .seat import NetSeat
from .specs import bot_spec, capped
from .table import Table
from .view import TablesServer

__all__ = ["restore"]

log = logging.getLogger("briscola.server")


class ReopeningServer(TablesServer, Protocol):
    """What reopening needs of the server (the lobby's :class:`~.lobby.Server`)."""

    tables: dict[str, Table]
    numbered: int


def restore(server: ReopeningServer) -> None:
    """Reopen the tables kept when the server last stopped, each in its state."""
    for seats_file in sorted(server.config.records.glob("*.seats.json")):
        try:
            _restore(server, seats_file)
        except (OSError, ValueError, KeyError, TypeError, RecordError) as err:
            log.warning("cannot reopen the table of %s: %s", seats_file.name, err)


def _restore(server: ReopeningServer, seats_file: Path) -> None:
    data = json.loads(seats_file.read_text(encoding="utf-8"))
    kept = data.get("record", "")  # absent: a file of an older server, named as its record
    if kept is None:
        record = None
    elif kept:
        record = server.config.records / Path(str(kept)).name
    else:
        record = seats_file.with_suffix("").with_suffix(".jsonl")
    point, data_bytes = None, b""
    if record is not None and record.exists():
        data_bytes = record.read_bytes()
        point = resume_point(data_bytes)
    between = "state" in data  # the table is kept between matches too
    if point is None and not between:  # ended, or its record is gone: nothing to reopen
        seats_file.unlink(missing_ok=True)
        return
    if server.config.abandon_unfinished:  # the host ends what was left, on purpose
        if point is not None and record is not None:
            why = "the host started the server with --abandon-unfinished"
            _abandon(record, point, why)
        seats_file.unlink(missing_ok=True)
        return
    rules = TableRules.from_dict(data["rules"])
    name = str(data["table"])
    if name in server.tables:
        raise ValueError(f"a table {name!r} is open already")
    bots = {int(k): capped(bot_spec(v), rules.players) for k, v in data["bots"].items()}
    server.numbered = max(server.numbered, int(data["number"]))
    table = Table(server, name, rules, bots=bots, number=int(data["number"]))
    table.code_kept = str(data.get("code_hash") or "")
    if data.get("code_sha256"):  # an older server's unsalted hash: no code opens it
        table.code_kept = "unusable$"
    table.table_file = seats_file
    for i, held in enumerate(data["seats"]):
        if held is not None and i not in bots:
            seat = NetSeat(
                table, i, str(held["name"]), table._standin(i), token_sha=held["token_sha256"]
            )
            seat.bot_plays = "" if seat.person else "left"  # given up: a bot plays on
            seat.program = held.get("program") is True  # its hello said it is a bot
            table.seats[i] = seat
            if seat.person:
                server.register(seat)
    if point is None or record is None:
        _reopen_between(server, table, data, record)
        return
    if table.deserted:  # nobody of it is left to come back: its end, said
        _abandon(record, point, "deserted: no person held a seat when it reopened")
        seats_file.unlink(missing_ok=True)
        return
    last = data_bytes[: point.size].rstrip(b"\n").rpartition(b"\n")[2]
    after = "pause" if last.startswith(b'{"type":"pause"') else "crash"
    with open(record, "r+b") as f:
        f.truncate(point.size)
    table.record_path = record
    table.matches = int(data["matches"]) - 1
    if point.header.get("seed") is None:  # dealt in secret: the rounds to come too
        point.match.rng = secrets.SystemRandom()
    table.restored = (point.match, point.round, after)
    server.tables[name] = table
    table.start_match()
    for held_seat in table.seats:
        if held_seat is not None:
            held_seat.hold()
    log.info("table %s reopened from %s (after a %s)", name, record.name, after)


def _reopen_between(
    server: ReopeningServer, table: Table, data: dict[str, Any], record: Path | None
) -> None:
    """A table that was waiting for players or resting between matches: its seats are
    held for their people for the grace time, the table itself too."""
    table.record_path = record if record is not None and record.exists() else None
    table.matches = int(data["matches"])
    table.seats = [s if s is None or s.person else None for s in table.seats]
    table.rematch = {int(i) for i in data.get("rematch", [])} & {
        s.seat for s in table.seats if s is not None
    }
    table.state = "waiting" if table.free_seats() or not table.matches else "done"
    table.creator = table  # nobody's connection: kept for the grace, then tidied
    server.tables[table.name] = table
    table.save()
    for held_seat in table.seats:
        if held_seat is not None:
            held_seat.hold()
    asyncio.get_running_loop().call_later(server.config.grace, _kept_over, server, table)
    log.info("table %s reopened, %s (match %d)", table.name, table.state, table.matches)


def _kept_over(server: ReopeningServer, table: Table) -> None:
    if table.creator is table:
        table.creator = None
        server.tidy(table)


def _abandon(record: Path, point: Resumable, why: str) -> None:
    ended = event_line(point.match.end(None, "abandoned"))
    ended["why"] = why
    with open(record, "r+b") as f:
        f.truncate(point.size)
        f.seek(point.size)
        f.write((dump_line(ended) + "\n").encode())
        f.flush()
        os.fsync(f.fileno())
    log.info("%s: the unfinished match is ended as abandoned", record.name)
