"""Framing: JSON Lines cut from a byte stream, with the limits of PROTOCOL.md.

A line ends in ``\\n``; a ``\\r`` before it is dropped; empty lines are skipped;
a line longer than :data:`MAX_LINE` bytes is refused (``line_too_long``) and
skipped up to its end, and a line that is not UTF-8 is refused (``bad_json``).
:class:`LineSplitter` does the cutting without any I/O, so the host, the bot
side and the tests share it.

Floor 6 (protocol).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_LINE", "FrameError", "LineSplitter"]

MAX_LINE = 64 * 1024  # bytes in one line, without its line end


@dataclass(frozen=True, slots=True)
class FrameError:
    """A line that could not be read: ``code`` is the protocol error code."""

    code: str
    message: str


class LineSplitter:
    """Feed bytes, get back the complete lines (``str``) and the refused ones (FrameError)."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.skipping = False  # inside an over-long line, dropping bytes up to its end

    def feed(self, data: bytes) -> list[str | FrameError]:
        out: list[str | FrameError] = []
        buf = self.buffer
        buf += data
        start = 0
        while True:
            end = buf.find(b"\n", start)
            if end < 0:
                break
            raw = bytes(buf[start:end])
            start = end + 1
            if self.skipping:
                self.skipping = False
                continue
            item = self._line(raw)
            if item is not None:
                out.append(item)
        del buf[:start]
        if not self.skipping and len(buf) > self.limit + 1:  # +1: room for a final \r
            out.append(self._too_long(len(buf), partial=True))
            self.skipping = True
        if self.skipping:
            buf.clear()
        return out

    def eof(self) -> list[str | FrameError]:
        """The stream ended: a last line without ``\\n`` still counts."""
        rest = bytes(self.buffer)
        self.buffer.clear()
        if self.skipping or not rest:
            self.skipping = False
            return []
        item = self._line(rest)
        return [] if item is None else [item]

    def _line(self, raw: bytes) -> str | FrameError | None:
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        if len(raw) > self.limit:
            return self._too_long(len(raw))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            return FrameError(
                "bad_json",
                f"the line is not UTF-8: byte 0x{raw[err.start]:02x} at offset {err.start} "
                f"({err.reason}); lines must be UTF-8 JSON",
            )
        if not text.strip():
            return None
        return text

    def _too_long(self, size: int, partial: bool = False) -> FrameError:
        what = f"a line longer than {self.limit} bytes" if partial else f"a line of {size} bytes"
        return FrameError("line_too_long", f"{what}; a line is at most {self.limit} bytes (64 KiB)")
