"""``--scheduler tcp://HOST:8786``: the matches on a Dask distributed cluster.

Optional: ``pip install 'briscola[cluster]'`` brings Dask distributed; each
machine of the cluster runs ``dask worker`` with briscola (and any ``cmd:``
bot) installed.  This module knows nothing of matches: it is given the jobs
and the function that does one (the arena gives each deal's matches and
:func:`~briscola.lab.runner.play_deal`, which plays them in a session of its
own, so a ``cmd:`` program is started once per deal there).  A few jobs are
in flight at a time, twice the workers' threads, and results come back in
the jobs' order: with every random choice coming from the deal's seed, the
same results as ``--jobs 1``.  ``--record`` and ``--bot-log`` are written on
each worker's disk, at the same path.
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from ..spec import UsageError

__all__ = ["CONNECT_S", "run_on_cluster"]

CONNECT_S = 10  # to reach the scheduler
INSTALL = "pip install 'briscola[cluster]'"

Job = TypeVar("Job")
Result = TypeVar("Result")


def run_on_cluster(
    address: str, jobs: Sequence[Job], work: Callable[[Job], list[Result]]
) -> Generator[Result, None, None]:
    """The results of ``work(job)`` for every job, in order, from the workers of
    the cluster whose scheduler is at ``address``.  ``work`` goes to the
    workers by pickle: a module's function, or a partial of one."""
    try:  # untyped, and optional: through importlib
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(f"--scheduler needs Dask distributed: {INSTALL}") from None
    try:
        client = distributed.Client(address, timeout=CONNECT_S)
    except (OSError, TimeoutError, ValueError) as err:
        raise UsageError(f"cannot reach the scheduler at {address!r}: {err}") from None
    # A few jobs ahead of the one awaited, not the whole run: an SPRT may stop early,
    # and a run of 100,000 deals is not 100,000 futures at once.
    ahead = max(4, 2 * sum(client.nthreads().values()))
    todo = iter(jobs)
    futures: deque[Any] = deque()
    try:
        while True:
            while len(futures) < ahead and (job := next(todo, None)) is not None:
                futures.append(client.submit(work, job, pure=False))
            if not futures:
                return
            yield from futures.popleft().result()
    finally:
        if futures:
            client.cancel(list(futures))
        client.close()
