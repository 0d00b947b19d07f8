"""How the other side plays: a greedy player, or one that plays at random?

Floor 5 (bots).  The expert's playouts model the other side as the greedy
bot.  Against a player that is not greedy at all that model is wrong, and
the expert plays worse than it could.  :class:`OpponentModel` looks at every
card the other side has played so far this round, from the public record
only, and asks whether the greedy rules of thumb could have chosen it: over
hands sampled for the player at that moment (the card itself plus cards the
seat cannot place), does greedy ever pick it?

A card greedy picks in none of the samples is an odd move.  Measured over
whole matches (40 rounds each), 30% of a random player's moves are odd and
6% of the greedy bot's (its real hands hold more high cards than the
samples).  Bayes' rule on that count gives the share of the other side's
moves the playouts should make at random: the expert's ``noise``.
"""

from __future__ import annotations

import dataclasses
import math
from random import Random

from ..cards import Card
from ..observation import Observation, unseen_cards
from .greedy import GreedyBot

__all__ = ["OpponentModel"]

_PRIOR_RANDOM = 0.5
_ODD_IF_RANDOM = 0.3  # share of odd moves of a random player (measured)
_ODD_IF_GREEDY = 0.06  # and of the greedy bot
_SAMPLES = 12  # sampled hands per past move


class OpponentModel:
    """The share of random play that best explains the other side's cards this round."""

    def __init__(self, seed: int | None = None, samples: int = _SAMPLES) -> None:
        self.rng = Random(seed)
        self.samples = samples
        self.greedy = GreedyBot()

    def noise(self, obs: Observation) -> float:
        """P(the other side plays at random), given every card played so far.

        Every past move is weighed again each turn: what the player did since
        narrows down what it held then.
        """
        log_odds = math.log(_PRIOR_RANDOM / (1 - _PRIOR_RANDOM))
        for move in _moves(obs):
            log_odds += self._weigh(obs, *move)
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, log_odds))))

    def _weigh(
        self, obs: Observation, t: int, k: int, trick: tuple[tuple[int, Card], ...]
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
        for _ in range(self.samples):
            hand = (card, *self.rng.sample(pool, held - 1))
            if self.greedy.choose(dataclasses.replace(view, hand=hand, legal=hand)) == card:
                return _NOT_ODD
        return _ODD


_ODD = math.log(_ODD_IF_RANDOM / _ODD_IF_GREEDY)
_NOT_ODD = math.log((1 - _ODD_IF_RANDOM) / (1 - _ODD_IF_GREEDY))


def _moves(obs: Observation) -> list[tuple[int, int, tuple[tuple[int, Card], ...]]]:
    """Every card played this round as (trick index, position in it, the trick)."""
    tricks = [*obs.played, obs.trick] if obs.trick else list(obs.played)
    return [(t, k, trick) for t, trick in enumerate(tricks) for k in range(len(trick))]
