"""The expert's think time in CPU milliseconds on fixed 2-seat positions, for any spec.

``python benchmarks/think_cpu.py expert:net_playout=1,net_solve=6,samples=450``

The arena's think times are wall clock, so on a shared machine they say as
much about the load as about the search.  This times ``choose()`` with the
process's CPU clock on 36 positions (six seeded rounds played at random to 0,
4, 9, 14, 19 and 24 cards), the same positions every run, so that two
versions of a search can be set side by side on a busy machine: it prints
p50, p90, max and mean.  Figures in docs/strength.md (policy playouts).
"""

from __future__ import annotations

import argparse
import random
import time

from briscola.bots.expert import ExpertBot
from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
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
    args = parser.parse_args()
    rounds = positions()
    for text in args.spec:
        spec = parse_spec(text, allow=("expert",))
        bot = ExpertBot(seed=1, **{"max_ms": 1e7, **spec.options})
        times = []
        for r in rounds:
            obs = observe(r, r.to_move)
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
