"""Game records: every match as JSON lines, written as it happens.

A record is a header line, then for each round a ``deal`` line (the whole
pack in dealing order) and every event with the seat that saw it (``"to"``
on private lines), every fault and every ``info`` text.  Lines are flushed as
they are written, so a match cut short keeps everything played.  Reading and
checking a record is :mod:`briscola.engine.replay`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from typing import IO, Any, Protocol

from .. import __version__
from .cards import Card
from .events import Event
from .jsonline import dumps
from .rules import RULES_VERSION, TableRules

__all__ = ["RECORD_VERSION", "Record", "TextOut", "dump_line", "event_line"]

RECORD_VERSION = 1


def event_line(event: Event) -> dict[str, Any]:
    """An event as its record line: the protocol message, plus ``"to"`` (and
    ``"seat"``) when only one seat saw it."""
    line = event.to_message()
    owner = event.private_to
    if owner is not None:
        line["to"] = owner
        line.setdefault("seat", owner)
    return line


def _position(out: Any) -> int:
    """Where the next line starts in the file, or -1 where that cannot be told (a pipe)."""
    try:
        return int(out.tell())
    except (OSError, ValueError, AttributeError):
        return -1


def dump_line(line: dict[str, Any]) -> str:
    """One record line as compact JSON, without the newline."""
    return dumps(line)


class TextOut(Protocol):
    """Where a record's lines go: a text file, or anything that writes like one."""

    def write(self, text: str, /) -> int: ...
    def flush(self) -> None: ...
    def fileno(self) -> int: ...


class Record:
    """Collects a match's lines and writes each to ``out`` (if given) at once."""

    def __init__(
        self,
        out: IO[str] | TextOut | None = None,
        *,
        sync: bool | Callable[[int], object] = False,
        header: dict[str, Any] | None = None,
        on_error: Callable[[OSError], object] | None = None,
    ) -> None:
        self.lines: list[dict[str, Any]] = []
        self.out = out
        # A write that fails (a full disk) stops the writing, not the match: the file
        # keeps the whole lines written before, ``error`` says why, ``on_error`` is told.
        self.error: OSError | None = None
        self.on_error = on_error
        self._written: int | None = None  # bytes in the file after the last whole line
        # fsync at each round's end (the LAN server's records); a callable does it
        # itself, given the file descriptor (the server: in a thread, off its loop).
        self.sync = sync
        # Further header fields: ``people``, the seats a person sat in, so that a
        # replay tells their moves as "you".
        self.extra = dict(header or {})

    def write(self, line: dict[str, Any]) -> None:
        self.lines.append(line)
        if self.out is None or self.error is not None:
            return
        text = dump_line(line) + "\n"
        try:
            if self._written is None:
                self._written = _position(self.out)
            self.out.write(text)
            self.out.flush()
        except OSError as err:
            self._failed(err)
            return
        if self._written >= 0:
            self._written += len(text.encode())

    def _failed(self, err: OSError) -> None:
        """Stop writing; cut the file back to its last whole line where it can be."""
        self.error = err
        out, self.out = self.out, None
        try:
            fd = os.dup(out.fileno()) if out is not None else -1
        except (OSError, ValueError, AttributeError):
            fd = -1
        with contextlib.suppress(OSError, ValueError):
            out.close()  # type: ignore[union-attr]  # what it still holds may or may not go
        if fd >= 0:
            with contextlib.suppress(OSError):
                if self._written is not None and self._written >= 0:
                    os.ftruncate(fd, self._written)
            os.close(fd)
        if self.on_error is not None:
            self.on_error(err)

    def header(
        self,
        rules: TableRules,
        names: Sequence[str],
        seed: int | None,
        first_dealer: int,
        **extra: Any,
    ) -> None:
        self.write(
            {
                "type": "header",
                "record": RECORD_VERSION,
                "software": f"briscola {__version__}",
                "protocol": 1,
                "rules": RULES_VERSION,
                "seed": seed,
                "table": rules.to_dict(),
                "names": list(names),
                "first_dealer": first_dealer,
                **extra,
                **self.extra,
            }
        )

    def deal(self, round_no: int, dealer: int, deck: Sequence[Card]) -> None:
        self.write(
            {"type": "deal", "round": round_no, "dealer": dealer, "deck": [str(c) for c in deck]}
        )

    def event(self, event: Event, **extra: Any) -> None:
        self.write(event_line(event) | {k: v for k, v in extra.items() if v is not None})
        if event.type in ("round_end", "match_end"):
            self._sync()

    def _sync(self) -> None:
        if self.sync and self.out is not None:
            try:
                (os.fsync if self.sync is True else self.sync)(self.out.fileno())
            except OSError as err:
                self._failed(err)

    def pause(self) -> None:
        """The match stops here to go on after a restart (the server's clean stop)."""
        self.write({"type": "pause"})
        self._sync()

    def fault(self, seat: int, code: str, message: str, **extra: Any) -> None:
        self.write({"type": "fault", "seat": seat, "code": code, "message": message, **extra})

    def info(self, seat: int, text: str) -> None:
        self.write({"type": "info", "seat": seat, "text": text})
