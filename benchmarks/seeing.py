"""Research bots that see part of what the expert cannot: how much is it worth?

``python benchmarks/seeing.py arena hands greedy --players 6 --games 100``
runs ``briscola`` (any command) with two more bots for the arena:

- ``hands``: the expert's search, but every hand is seen; only the stock's
  order is sampled.  No inference can tell a bot more than that, so its
  figure is a ceiling for the expert's way of playing at that table.
- ``partner``: the expert with its partners' hands seen (4 and 6 seats); the
  other side's hands and the stock are sampled as the expert samples them.

Like the oracle they are told the whole round by the table (``sees_all``),
so they are for measuring only.  README has the figures.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from random import Random

from briscola import bots
from briscola.bots.expert import ExpertBot
from briscola.bots.solver import Position
from briscola.cli import main
from briscola.engine.game import Round
from briscola.engine.observation import Observation


class SeeingBot(ExpertBot):
    """The expert, with the hands of some seats seen (``partners``: only its own side's)."""

    sees_all = True
    partners_only = False

    def reveal(self, r: Round) -> None:
        self._round = r

    def _sampler(self, obs: Observation, rng: Random) -> Callable[[], Position]:
        base = Position.from_round(self._round)
        rules = obs.rules
        mine = rules.team_of[obs.seat]
        hidden = [
            s
            for s in range(rules.players)
            if s != obs.seat and self.partners_only and rules.team_of[s] != mine
        ]
        known = {s: [int(c) for c in obs.known[s]] for s in hidden}

        def sample() -> Position:
            p = base.copy()
            # The face-up card (stock[0]) stays; the rest of the stock is redealt.
            pool = [c for s in hidden for c in p.hands[s] if c not in known[s]] + p.stock[1:]
            rng.shuffle(pool)
            for s in hidden:
                need = len(p.hands[s]) - len(known[s])
                p.hands[s] = [*known[s], *pool[:need]]
                del pool[:need]
            p.stock[1:] = pool
            return p

        return sample


class PartnerBot(SeeingBot):
    partners_only = True


def run(argv: list[str]) -> int:
    bots.BOTS["hands"] = SeeingBot
    bots.BOTS["partner"] = PartnerBot
    return main(argv)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
