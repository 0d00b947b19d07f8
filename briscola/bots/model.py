"""How the other side plays: a greedy player, or one that plays at random?

Floor 5 (bots).  The expert's playouts need a model of the other side.  The
greedy bot is a good model of a player who plays well, and a bad one of a
player who does not.  :class:`OpponentModel` weighs the two by Bayes' rule,
from the public record only: for every card the other side played this
round, how likely was it under each model?

- A random player plays each of its ``h`` cards with chance ``1/h``.
- The greedy rules are deterministic, but the hand is hidden: over hands
  sampled for the player at that moment (the card itself plus cards the
  seat cannot place), the share ``f`` of hands from which greedy picks it.
  Greedy's real hands hold more high cards than uniform samples, so some of
  its moves look like nothing it would do: the model mixes in ``_EPSILON``
  of random play, ``(1 - eps) * f + eps / h``.

The ratio of the two is each card's evidence.  Measured over 60 rounds each,
a random player's cards give +0.51 in log odds per card and the greedy
bot's -0.35, so after half a round the verdict is usually clear.
"""

from __future__ import annotations

import dataclasses
import math
from random import Random

from ..engine.cards import Card
from ..engine.observation import Observation, unseen_cards
from .greedy import GreedyBot
from .seeds import base_seed, position_rng

__all__ = ["OpponentModel"]

# Before any card.  Leaning to random play costs little against a good player,
# who soon shows what it is: with 0.5 (eps 0.15, 1,000 samples) the expert won 94.5% against
# random, with 0.7 95.9%, and 69.3% against greedy (docs/strength.md has the commands).
_PRIOR_RANDOM = 0.7
_EPSILON = 0.1  # share of the greedy bot's moves its sampled hands cannot explain
_SAMPLES = 24  # sampled hands per past move


class OpponentModel:
    """How likely the other side plays at random, from its cards this round."""

    def __init__(self, seed: int | None = None, samples: int = _SAMPLES) -> None:
        self.seed = base_seed(seed)  # the hands it samples: by this and the position
        self.samples = samples
        self.greedy = GreedyBot()

    def noise(self, obs: Observation) -> float:
        """P(the other side plays at random), given every card played so far.

        Every past move is weighed again each turn: what the player did since
        narrows down what it held then.
        """
        log_odds = math.log(_PRIOR_RANDOM / (1 - _PRIOR_RANDOM))
        rng = position_rng(self.seed, obs)
        for move in _moves(obs):
            log_odds += self._weigh(obs, rng, *move)
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, log_odds))))

    def _weigh(
        self, obs: Observation, rng: Random, t: int, k: int, trick: tuple[tuple[int, Card], ...]
    ) -> float:
        """The log likelihood ratio, random over greedy, of the k-th card of trick t."""
        rules = obs.rules
        n = rules.players
        seat, card = trick[k]
        if rules.team_of[seat] == rules.team_of[obs.seat]:
            return 0.0
        held = min(3, rules.tricks - t)  # cards the player held when it played
        if held < 2:
            return 0.0
        stock = max(0, len(rules.deck) - 3 * n - n * t)
        # Its other cards then were all played by it later, or are in its hand now:
        # its later cards, and the cards we cannot place (its known ones among them).
        later = [c for tr in obs.played[t:] for s, c in tr if s == seat]
        later += [c for s, c in obs.trick if s == seat]
        pool = sorted({*later, *unseen_cards(obs), *obs.known[seat]} - {card})
        if len(pool) < held - 1:
            return 0.0
        view = dataclasses.replace(
            obs,
            seat=seat,
            to_move=seat,
            leader=trick[0][0],
            trick=trick[:k],
            stock=stock,
            legal=(),
            known=((),) * n,
        )
        greedy = self.greedy.choose
        hits = 0
        for _ in range(self.samples):
            hand = (card, *rng.sample(pool, held - 1))
            if greedy(dataclasses.replace(view, hand=hand, legal=hand)) == card:
                hits += 1
        # P(this card | random) over P(this card | greedy), both given it was in the hand.
        greedy_p = (1 - _EPSILON) * hits / self.samples + _EPSILON / held
        return math.log(1 / held / greedy_p)


def _moves(obs: Observation) -> list[tuple[int, int, tuple[tuple[int, Card], ...]]]:
    """Every card played this round as (trick index, position in it, the trick)."""
    tricks = [*obs.played, obs.trick] if obs.trick else list(obs.played)
    return [(t, k, trick) for t, trick in enumerate(tricks) for k in range(len(trick))]
