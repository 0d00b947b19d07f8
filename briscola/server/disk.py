"""The server's files, written in one thread of their own, in order.

A ``write`` or an ``fsync`` can wait on the disk for milliseconds, and on
some file systems a write waits for an fsync of the same file in progress;
on the event loop either would hold up every table.  :class:`Disk` runs
every file operation of the server (records, seats files) in one thread, so
their order is kept, and a :class:`DiskFile` is a text file whose writes go
there.  A failure is logged once per file; the match goes on.
Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

__all__ = ["Disk", "DiskFile"]

log = logging.getLogger("briscola.server")


class Disk:
    def __init__(self) -> None:
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="briscola-disk")
        self._dirty: set[DiskFile] = set()

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        return self.pool.submit(fn, *args)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.wrap_future(self.submit(fn, *args))

    def dirty(self, f: DiskFile) -> None:
        """``f`` has lines to write: at the end of this turn of the loop, with the others'."""
        if not self._dirty:
            asyncio.get_running_loop().call_soon(self._push)
        self._dirty.add(f)

    def _push(self) -> None:
        batch = [item for f in self._dirty if (item := f.take()) is not None]
        self._dirty.clear()
        if batch:
            self.submit(_write_all, batch)

    def open(self, path: Path, mode: str) -> DiskFile:
        """A record to write (``w``) or to go on with (``a``), opened in the thread too
        (its folder made if need be): two hundred tables may start in one moment."""
        f = DiskFile(self, path)
        self.submit(f._guard, f._open, mode + "b")
        return f

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class DiskFile:
    """A text file whose writes, flushes and fsyncs happen in the :class:`Disk` thread."""

    def __init__(self, disk: Disk, path: Path) -> None:
        self.disk, self.path = disk, path
        self.f: IO[bytes] | None = None  # opened in the disk thread, before any write
        self.failed = False
        self.buffer: list[str] = []

    def _open(self, mode: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(self.path, mode, buffering=0)  # noqa: SIM115 - closed by _close

    def _guard(self, fn: Callable[..., Any], *args: Any) -> None:
        if self.failed:
            return
        try:
            fn(*args)
        except Exception as err:  # in a thread nobody waits on: say it, never lose it
            self.failed = True
            log.warning("cannot write %s: %s; the match goes on unrecorded", self.path, err)

    def write(self, text: str, /) -> int:
        self.buffer.append(text)
        return len(text)

    def flush(self) -> None:
        """Lines written in one turn of the event loop go to the disk thread together."""
        if self.buffer:
            self.disk.dirty(self)

    def _push(self) -> None:
        item = self.take()
        if item is not None:
            self.disk.submit(self._guard, self._write, item[1])

    def take(self) -> tuple[DiskFile, bytes] | None:
        """What waits to be written, handed over (the disk thread writes it): encoded
        here, so that the thread only makes system calls, which let the loop run."""
        if not self.buffer:
            return None
        data, self.buffer = "".join(self.buffer).encode(), []
        return self, data

    def fileno(self) -> int:
        return -1  # the file is the disk thread's; fsync() finds it itself

    def fsync(self, fd: int) -> None:
        """What is written so far, on the disk (``fd`` is not used: see fileno)."""
        self._push()
        self.disk.submit(self._guard, self._sync)

    def close(self) -> None:
        """Close once everything before is written (in the disk thread, in order)."""
        self._push()
        self.disk.submit(self._guard, self._close)

    # -- in the disk thread ------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        assert self.f is not None
        view = memoryview(data)
        while view:  # an unbuffered file may write less than asked
            done = self.f.write(view)
            view = view[done or 0 :]

    def _sync(self) -> None:
        assert self.f is not None
        os.fsync(self.f.fileno())

    def _close(self) -> None:
        if self.f is not None:
            self.f.close()


def _write_all(batch: list[tuple[DiskFile, bytes]]) -> None:
    for f, data in batch:
        f._guard(f._write, data)
