"""The expert's think time in CPU milliseconds on fixed 2-seat positions, for any spec.

``python benchmarks/think_cpu.py expert:net_playout=1,net_solve=6,samples=450``

The arena's think times are wall clock, so on a shared machine they say as
much about the load as about the search.  This times ``choose()`` with the
process's CPU clock on 36 positions (six seeded rounds played at random to 0,
4, 9, 14, 19 and 24 cards), the same positions every run, so that two
versions of a search can be set side by side on a busy machine: it prints
p50, p90, max and mean.  Figures in docs/strength.md (policy playouts).

Those rounds are played at random, which the expert's opponent model reads as
a random other side (many samples then go to the Python playouts).  With
``--suite`` the positions are instead the shipped position suite's 2-seat ones
(benchmarks/positions/suite.jsonl: taken from the expert's own matches), closer
to what a move costs in a match.
"""

from __future__ import annotations

import argparse
import random
import time

from briscola.bots.expert import ExpertBot
from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.observation import Observation, observe
from briscola.engine.rules import TableRules
from briscola.lab.positions import SUITE, read_suite
from briscola.spec import parse_spec


def positions() -> list[Round]:
    rules = TableRules(players=2)
    out = []
    for seed in range(6):
        for cards in (0, 4, 9, 14, 19, 24):
            rng = random.Random(seed)
            deck = [Card(c) for c in rules.deck]
            rng.shuffle(deck)
            r = Round(rules, deck, seed % 2)
            for _ in range(cards):
                r.act(rng.choice(r.legal_actions()))
            out.append(r)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", nargs="+", help="expert specs, e.g. expert:samples=300")
    parser.add_argument("--suite", action="store_true", help="the position suite's 2-seat ones")
    args = parser.parse_args()
    if args.suite:
        seen: list[Observation] = [p.obs for p in read_suite(SUITE) if p.obs.rules.players == 2]
    else:
        seen = [observe(r, r.to_move) for r in positions()]
    for text in args.spec:
        spec = parse_spec(text, allow=("expert",))
        bot = ExpertBot(seed=1, **{"max_ms": 1e7, **spec.options})
        times = []
        for obs in seen:
            start = time.process_time()
            bot.choose(obs)
            times.append(1000 * (time.process_time() - start))
        times.sort()
        n = len(times)
        print(
            f"{text}: {n} moves, CPU ms p50 {times[n // 2]:.0f}, p90 {times[9 * n // 10]:.0f},"
            f" max {times[-1]:.0f}, mean {sum(times) / n:.0f}"
        )


if __name__ == "__main__":
    main()
