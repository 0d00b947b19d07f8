"""Signal handlers set while a game runs, and put back as they were found after.

The event loop's ``remove_signal_handler`` sets the default instead (Ctrl-C's
KeyboardInterrupt for SIGINT), so a game run in-process changed its caller's
handlers: a SIGINT or SIGHUP ignored before it (a background job, ``nohup``)
was no longer ignored after it, and every child started later inherited that.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import signal
from collections.abc import Callable, Iterator, Mapping

__all__ = ["caught", "handlers", "kept", "process_handler", "set_process_handler"]


def process_handler(sig: int) -> int | None:
    """The handler the process itself holds for ``sig`` (0: default, 1: ignored), which
    C code can change while Python's table still says otherwise; None where this
    Python cannot tell."""
    getsig = getattr(getattr(ctypes, "pythonapi", None), "PyOS_getsig", None)
    if getsig is None:  # not CPython
        return None
    getsig.restype, getsig.argtypes = ctypes.c_void_p, (ctypes.c_int,)
    found: int | None = getsig(sig)
    return found or 0


def set_process_handler(sig: int, handler: int) -> None:
    """Sets the process's own handler, leaving Python's table as it is."""
    setsig = ctypes.pythonapi.PyOS_setsig
    setsig.restype, setsig.argtypes = ctypes.c_void_p, (ctypes.c_int, ctypes.c_void_p)
    setsig(sig, handler)


def handlers(*signals: int) -> dict[int, tuple[object, int | None]]:
    """Each signal's handler in Python's table and in the process itself (to compare)."""
    return {sig: (signal.getsignal(sig), process_handler(sig)) for sig in signals}


@contextlib.contextmanager
def kept(*signals: int) -> Iterator[None]:
    """Whatever changes these signals' handlers inside (the loop, prompt-toolkit's
    SIGWINCH), both Python's and the process's are put back as found, however it ends."""
    found = {sig: (signal.getsignal(sig), process_handler(sig)) for sig in signals}
    try:
        yield
    finally:
        for sig, (python, process) in found.items():
            # None: set outside Python, which cannot set it; and only the main thread
            # can set one, so one left as it was is not set again.
            if python is not None and signal.getsignal(sig) != python:
                signal.signal(sig, python)
            if process is not None and process_handler(sig) != process:
                set_process_handler(sig, process)


@contextlib.contextmanager
def caught(calls: Mapping[int, Callable[[], object]]) -> Iterator[bool]:
    """Each signal calls its handler in the running loop while inside, and has its
    handlers back as found after; whether they are caught (not outside the main
    thread, nor where the loop has no signals)."""
    loop = asyncio.get_running_loop()
    with kept(*calls):
        added: list[int] = []
        try:
            for sig, call in calls.items():
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(sig, call)
                    added.append(sig)
            yield bool(added)
        finally:
            for sig in added:
                loop.remove_signal_handler(sig)
