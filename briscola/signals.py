"""Signal handlers set while something runs, and put back as they were found after.

One place for every room that catches a stop signal: the prompt, ``join``, a bot's
host (``protocol.process``) and the arena.  Standard library only (floor 3).

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
from typing import Any

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
    """Whatever changes these signals' handlers inside (prompt-toolkit's SIGWINCH, a
    command's own), both Python's and the process's are put back as found, however it
    ends."""
    found = {sig: (signal.getsignal(sig), process_handler(sig)) for sig in signals}
    try:
        yield
    finally:
        for sig, (python, process) in found.items():
            _put_back(sig, python, process)


def _put_back(sig: int, python: Any, process: int | None) -> None:
    # None: set outside Python, which cannot set it; and only the main thread can set
    # one, so one left as it was is not set again.
    if python is not None and signal.getsignal(sig) != python:
        signal.signal(sig, python)
    if process is not None and process_handler(sig) != process:
        set_process_handler(sig, process)


# Who catches a signal in a loop now, and the handlers found before the first of them:
# games and bots share a loop (three ``join --bot`` in one test), and they come and go
# in any order.
_CALLS: dict[tuple[asyncio.AbstractEventLoop, int], list[Callable[[], object]]] = {}
_FOUND: dict[tuple[asyncio.AbstractEventLoop, int], tuple[Any, int | None]] = {}


@contextlib.contextmanager
def caught(calls: Mapping[int, Callable[[], object]]) -> Iterator[bool]:
    """Each signal calls its handler in the running loop while inside (beside any other
    that catches it there), and has its handlers back as found when the last of them
    is done; whether they are caught (not outside the main thread, nor where the loop
    has no signals)."""
    loop = asyncio.get_running_loop()
    added: list[tuple[tuple[asyncio.AbstractEventLoop, int], Callable[[], object]]] = []
    try:
        for sig, call in calls.items():
            key = (loop, sig)
            if key not in _CALLS:
                found = (signal.getsignal(sig), process_handler(sig))
                try:
                    loop.add_signal_handler(sig, _call_all, key)
                except (NotImplementedError, RuntimeError, ValueError):
                    continue
                _CALLS[key], _FOUND[key] = [], found
            _CALLS[key].append(call)
            added.append((key, call))
        yield bool(added)
    finally:
        for key, call in added:
            _CALLS[key].remove(call)
            if not _CALLS[key]:
                del _CALLS[key]
                loop.remove_signal_handler(key[1])
                _put_back(key[1], *_FOUND.pop(key))


def _call_all(key: tuple[asyncio.AbstractEventLoop, int]) -> None:
    for call in list(_CALLS.get(key, ())):
        call()
