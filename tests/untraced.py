"""Code run with coverage's tracer off: for a test, or the part of one, that replays
code other tests already cover (CONTRIBUTING.md, Tests that run untraced)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def untraced() -> Iterator[None]:
    """This thread runs untraced inside the block; pytest-cov's own pause leaves the
    tracer called on every line under xdist, so it saves nothing."""
    tracer = sys.gettrace()
    sys.settrace(None)
    try:
        yield
    finally:
        sys.settrace(tracer)
