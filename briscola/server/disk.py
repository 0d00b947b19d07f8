"""The server's files: records written before they are told, fsyncs in a thread.

Write before you tell: a move's record line is handed to the operating
system (a ``write`` into its page cache, microseconds) on the event loop,
before any message about the move leaves the server, so that a kill -9
keeps every card a client saw played.  An ``fsync`` can wait on the disk
for milliseconds: :class:`Disk` runs those (and the seats files, and the
closes that follow them) in one thread of their own, in order.  A failure
is logged once per file; the match goes on.
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

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        return self.pool.submit(fn, *args)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.wrap_future(self.submit(fn, *args))

    def open(self, path: Path, mode: str) -> DiskFile:
        """A record to write (``w``) or to go on with (``a``), its folder made if need be."""
        f = DiskFile(self, path)
        f._guard(f._open, mode + "b")
        return f

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class DiskFile:
    """A record file: lines written at each flush, fsyncs and the close in the
    :class:`Disk` thread."""

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
        """What is buffered goes to the operating system now (write before you tell)."""
        item = self.take()
        if item is not None:
            self._guard(self._write, item[1])

    def take(self) -> tuple[DiskFile, bytes] | None:
        """What waits to be written, taken from the buffer and encoded."""
        if not self.buffer:
            return None
        data, self.buffer = "".join(self.buffer).encode(), []
        return self, data

    def fileno(self) -> int:
        return -1  # the file is the disk thread's; fsync() finds it itself

    def fsync(self, fd: int) -> None:
        """What is written so far, on the disk (``fd`` is not used: see fileno)."""
        self.flush()
        self.disk.submit(self._guard, self._sync)

    def close(self) -> None:
        """Close once everything before is written (in the disk thread, in order)."""
        self.flush()
        self.disk.submit(self._guard, self._close)

    # -- writes on the loop, the rest in the disk thread --------------------------------

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
