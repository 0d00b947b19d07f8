"""How much the expert's inference tells of the other side's hands, in a minute.

``python benchmarks/posterior.py --players 4 --games 40``

An arena run needs 150 deals (5 minutes at 4 seats) to see 5 points of win
rate; this asks the question directly.  It plays expert sides against greedy
bots and, at each expert move from the third trick on, draws ``--samples``
deals of the unseen cards and weighs them as the expert's inference does
(:mod:`briscola.bots.inference`) with each setting of ``EPSILON`` and
``MAX_DRAWS`` below.  For every card truly in a greedy seat's hand it takes
the weighted share of samples that put it there, and prints the mean log of
that share (0 would be seeing the hands; uniform samples are the baseline)
and the effective sample size, sum(w)^2 / sum(w^2) over N.  The true hands
are read only to score the samples, never to weigh them.  README has figures.
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from briscola.bots import inference
from briscola.bots.expert import ExpertBot
from briscola.bots.greedy import GreedyBot
from briscola.bots.playout import greedy_policy
from briscola.bots.solver import Position
from briscola.engine.game import Round
from briscola.engine.observation import determinize, observe
from briscola.engine.rules import TableRules
from briscola.players import Bot

# (label, EPSILON, MAX_DRAWS); None: every sample counts alike.
SETTINGS: list[tuple[str, float | None, int]] = [
    ("uniform", None, 0),
    ("eps 0.1, 2 draws (default)", 0.1, 2),
    ("eps 0.2, 2 draws", 0.2, 2),
    ("eps 0.05, 6 draws", 0.05, 6),
    ("eps 0.02, 6 draws", 0.02, 6),
]


def measure(players: int, games: int, samples: int, seed: int) -> dict[str, tuple[float, float]]:
    """By setting: (mean log share on the true cards, mean effective sample share)."""
    rules = TableRules(players=players)
    rng = random.Random(seed)
    logs: dict[str, list[float]] = {label: [] for label, _, _ in SETTINGS}
    ess: dict[str, list[float]] = {label: [] for label, _, _ in SETTINGS}
    saved = inference.EPSILON, inference.MAX_DRAWS
    try:
        for g in range(games):
            deck = list(rules.deck)
            rng.shuffle(deck)
            r = Round(rules, deck, g % players)
            seats: list[Bot] = [
                ExpertBot(seed=g, samples=80) if rules.team_of[s] == 0 else GreedyBot()
                for s in range(players)
            ]
            while not r.over:
                seat = r.to_move
                obs = observe(r, seat)
                if rules.team_of[seat] == 0 and len(obs.played) >= 2:
                    deals = [
                        Position.from_round(determinize(obs, random.Random(seed * 7919 + k)))
                        for k in range(samples)
                    ]
                    for label, eps, draws in SETTINGS:
                        weights = [1.0] * len(deals)
                        if eps is not None:
                            inference.EPSILON, inference.MAX_DRAWS = eps, draws
                            evidence = inference.Evidence(obs)
                            weights = [evidence.weight(p, greedy_policy(p)) for p in deals]
                        total = sum(weights)
                        ess[label].append(total * total / sum(w * w for w in weights) / samples)
                        for s in range(players):
                            if rules.team_of[s] == 0:
                                continue
                            for c in map(int, r.hands[s]):
                                share = sum(w for w, p in zip(weights, deals, strict=True)
                                            if c in p.hands[s]) / total  # fmt: skip
                                logs[label].append(math.log(max(share, 1e-3)))
                r.act(seats[seat].choose(obs))
    finally:
        inference.EPSILON, inference.MAX_DRAWS = saved
    return {
        label: (sum(logs[label]) / len(logs[label]), sum(ess[label]) / len(ess[label]))
        for label, _, _ in SETTINGS
        if logs[label]
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="posterior.py", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 6), default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.samples < 1:
        parser.error("--games and --samples must be at least 1")
    result = measure(args.players, args.games, args.samples, args.seed)
    print(f"{args.players} seats, {args.games} rounds, {args.samples} samples a move")
    print(f"{'weights':28} {'mean log share':>14} {'share':>6} {'ESS/N':>6}")
    for label, (log_share, ess) in result.items():
        print(f"{label:28} {log_share:+14.3f} {math.exp(log_share):6.3f} {ess:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
