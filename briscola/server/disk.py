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

__all__ = ["Disk", "DiskFile", "private_file", "private_folder"]

log = logging.getLogger("briscola.server")


def private_folder(path: Path) -> None:
    """Make the records folder (0700: a live record holds every hand), or tighten one
    of ours that others may read."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = path.stat()
    if st.st_mode & 0o077 and st.st_uid == os.getuid():
        os.chmod(path, 0o700)
        log.info("%s: made readable by its owner only (0700)", path)


def private_file(path: Path, flags: int) -> int:
    """Open a file of the records folder, made 0600, never through a symbolic link."""
    return os.open(path, flags | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)


class Disk:
    def __init__(self) -> None:
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="briscola-disk")
        self.written = 0  # bytes of records handed to the system since the start

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
        private_folder(self.path.parent)
        how = os.O_APPEND if mode.startswith("a") else os.O_TRUNC
        fd = private_file(self.path, os.O_WRONLY | os.O_CREAT | how)
        self.f = open(fd, "ab" if how == os.O_APPEND else "wb", buffering=0)  # noqa: SIM115

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
            self.disk.written += len(item[1])
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
