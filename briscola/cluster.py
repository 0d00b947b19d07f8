"""``--scheduler tcp://HOST:8786``: the matches on a Dask distributed cluster.

Floor 7 (beside the arena).  Optional: ``pip install 'briscola[cluster]'``
brings Dask distributed; each machine of the cluster runs ``dask worker``
with briscola (and any ``cmd:`` bot) installed.  Each deal is one task: a
worker plays its matches (one per rotation) with :func:`~.arena.play_one` in
a session of its own, so a ``cmd:`` program is started once per deal there.
A few deals are in flight at a time, twice the workers' threads.  Results
come back in plan order, every random choice coming from the deal's
seed: the same results as ``--jobs 1``.  ``--record`` and ``--bot-log`` are
written on each worker's disk, at the same path.
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Generator, Sequence
from itertools import groupby
from typing import Any

from .arena import ArenaConfig, MatchResult, Session, plan, play_one
from .spec import UsageError

__all__ = ["CONNECT_S", "run_on_cluster"]

CONNECT_S = 10  # to reach the scheduler
INSTALL = "pip install 'briscola[cluster]'"


def play_deal(config: ArenaConfig, tasks: Sequence[tuple[int, int, int]]) -> list[MatchResult]:
    """One task on a worker: the matches of one deal."""
    session = Session()
    try:
        return [play_one(config, *task, session=session) for task in tasks]
    finally:
        session.close()


def run_on_cluster(
    config: ArenaConfig, address: str, tasks: Sequence[tuple[int, int, int]] | None = None
) -> Generator[MatchResult, None, None]:
    """The results of every match (or of ``tasks``) in plan order, played by the
    workers of the cluster whose scheduler is at ``address``."""
    try:  # untyped, and optional: through importlib
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(f"--scheduler needs Dask distributed: {INSTALL}") from None
    tasks = plan(config) if tasks is None else tasks
    deals = [list(group) for _, group in groupby(tasks, key=lambda t: t[0])]
    try:
        client = distributed.Client(address, timeout=CONNECT_S)
    except (OSError, TimeoutError, ValueError) as err:
        raise UsageError(f"cannot reach the scheduler at {address!r}: {err}") from None
    # A few deals ahead of the one awaited, not the whole run: an SPRT may stop early,
    # and a run of 100,000 deals is not 100,000 futures at once.
    ahead = max(4, 2 * sum(client.nthreads().values()))
    todo = iter(deals)
    futures: deque[Any] = deque()
    try:
        while True:
            while len(futures) < ahead and (deal := next(todo, None)) is not None:
                futures.append(client.submit(play_deal, config, deal, pure=False))
            if not futures:
                return
            yield from futures.popleft().result()
    finally:
        if futures:
            client.cancel(list(futures))
        client.close()
