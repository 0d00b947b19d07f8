"""Where the batched random self-play (briscola/bots/batch.py) spends its time.

``python benchmarks/batch_parts.py [--rounds 1024] [--batches 60]`` plays
``--batches`` batches of random 2-seat rounds and prints the CPU time of each
part: dealing (the shuffles), ``Batch()``, the random draws, playing the cards
and settling the tricks (with the draws from the stock), in milliseconds a
batch, shares and nanoseconds a position (a card played).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from briscola.bots.batch import Batch, deal_batch
from briscola.engine.rules import TableRules


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=1024)
    p.add_argument("--batches", type=int, default=60)
    args = p.parse_args()
    rules, rng, clock = TableRules(), np.random.default_rng(1), time.process_time
    spent = dict.fromkeys(("deal", "Batch()", "draws", "play", "settle"), 0.0)
    settle = Batch._settle

    def timed_settle(batch: Batch) -> None:
        start = clock()
        settle(batch)
        spent["settle"] += clock() - start

    Batch._settle = timed_settle  # type: ignore[method-assign]
    for _ in range(args.batches):
        start = clock()
        decks, dealers = deal_batch(rules, args.rounds, rng)
        dealt = clock()
        spent["deal"] += dealt - start
        batch = Batch(rules, decks, dealers)
        spent["Batch()"] += clock() - dealt
        while not batch.over:
            start = clock()
            slots = (rng.random(args.rounds) * batch.hand_size).astype(np.int64)
            spent["draws"] += clock() - start
            start = clock()
            batch.play(slots)
            spent["play"] += clock() - start
    spent["play"] -= spent["settle"]  # play() calls _settle() at the end of a trick
    total = sum(spent.values())
    positions = args.rounds * len(rules.deck) * args.batches
    print(f"{args.rounds} rounds a batch: {positions / total:,.0f} positions/s of CPU")
    for part, seconds in spent.items():
        per = seconds / positions * 1e9
        print(f"  {part:8} {seconds / args.batches * 1e3:7.2f} ms  {100 * seconds / total:5.1f}%"
              f"  {per:6.1f} ns a position")  # fmt: skip


if __name__ == "__main__":
    main()
