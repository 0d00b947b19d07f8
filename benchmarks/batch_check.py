"""The trainer's check against greedy: the arena's matches against batched rounds.

``python benchmarks/batch_check.py arena:1000 batched:1000 batched:4000:1`` plays
the shipped 2-seat network against greedy on that many duplicate deals (from
the seed after a second colon, 2026 when none is given), either as
``briscola train`` checks a generation by default (the arena's matches,
``strength``, one process) or with ``--batched`` (``strength_batched``:
``duel`` of lab/batch_play.py), and prints the score,
its 95% interval and the CPU time (this process and its children) and wall
time each took.  One BLAS thread, as ``briscola train`` sets.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before NumPy loads

import resource
import sys
import time
from importlib import resources

from briscola.bots.net import shipped
from briscola.lab.train import strength, strength_batched


def cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    path = str(resources.files("briscola.bots").joinpath("weights", "net2.npz"))
    net = shipped(2)
    for arg in sys.argv[1:]:
        how, deals, *rest = arg.split(":")
        seed = int(rest[0]) if rest else 2026
        cpu0, wall0 = cpu(), time.perf_counter()
        if how == "arena":
            score, low, high = strength(path, int(deals), seed, 1)
        else:
            score, low, high = strength_batched(net, int(deals), seed)
        print(f"{how:7} {deals:>5} deals, seed {seed}: {100 * score:.1f}% [{100 * low:.1f}, "
              f"{100 * high:.1f}]  CPU {cpu() - cpu0:.2f} s, wall "
              f"{time.perf_counter() - wall0:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
