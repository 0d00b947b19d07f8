"""The advice ``hint`` gives and ``review`` checks: the expert's estimate, told.

Floor 5 (bots).  One truth per position: :func:`advise` is the expert's own
estimate (:meth:`~briscola.bots.expert.ExpertBot.estimates`, the samples
seeded by the match's seed and the position, so asking twice gives the same
answer), its recommended action the one the expert plays
(:func:`~briscola.bots.expert.overruling`), the others by chance and value,
with those the samples cannot tell from it marked "about the same", and the
chances mapped to what happens (:mod:`briscola.bots.calibration`) unless they
are exact.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.game import Action
from ..engine.observation import Observation
from .calibration import calibrate, stage
from .estimate import Estimate
from .expert import ExpertBot

__all__ = ["ADVICE_SAMPLES", "Advice", "advice_of", "advise"]

ADVICE_SAMPLES = 1000  # hint's and review's samples by default: the same answers


@dataclass(frozen=True, slots=True)
class Advice:
    """One position's advice, the same for ``hint``, ``review`` and the expert's
    move: every legal action with its :class:`~.estimate.Estimate`, the recommended
    one first (:func:`~.expert.recommend`), then by chance and value; ``same``, the other
    actions the estimate cannot tell from it (neither in chance nor in value:
    "about the same"); ``exact`` when the chances are the exact solver's over
    every possible deal."""

    ranked: tuple[tuple[Action, Estimate], ...]
    same: frozenset[Action] = frozenset()
    exact: bool = False
    overruled: Action | None = None  # the action a club veto set aside (second then)

    def __iter__(self) -> Iterator[tuple[Action, Estimate]]:
        return iter(self.ranked)

    def __getitem__(self, i: int) -> tuple[Action, Estimate]:
        return self.ranked[i]

    def __len__(self) -> int:
        return len(self.ranked)

    @property
    def best(self) -> Action:
        return self.ranked[0][0]

    def prefers_by(self) -> float:
        """How many points of value the recommended action is ahead of the next best."""
        if len(self.ranked) < 2:
            return 0.0
        return self.ranked[0][1].value - max(e.value for _, e in self.ranked[1:])


def advise(obs: Observation, seed: int, samples: int = ADVICE_SAMPLES) -> Advice:
    """The advice ``hint`` gives and ``review`` checks, for the seat of ``obs`` in a
    match dealt by ``seed``: the expert's estimate (in points of margin at every
    table: no bonus for a won round) with ``samples`` samples and no clock, seeded
    by ``seed`` and the position, so asking again, or reviewing the match later,
    gives the same answer.  Without the network's prior: the card recommended is
    the one these figures rank first, not one a policy the figures cannot show
    moved ahead."""
    bot = ExpertBot(seed=seed, samples=samples, max_ms=1e9, win_bonus=0, prior=0)
    return advice_of(bot, obs)


def advice_of(bot: ExpertBot, obs: Observation) -> Advice:
    """Every legal action with its :class:`~.estimate.Estimate` by ``bot``'s
    search: the one the expert recommends (:func:`~.expert.recommend`) first,
    then by the chance of winning the match and the value; the same for the
    same position and seed."""
    est = bot.estimates(obs)
    chosen, overruled = bot.choice(obs, est)  # as the expert chooses
    by = est.by_action
    rest = sorted((a for a in obs.legal if a not in (chosen, overruled)),
                  key=lambda a: (-by[a].match, -by[a].value))  # fmt: skip
    if overruled is not None:
        rest.insert(0, overruled)
    same = frozenset(a for a in rest if est.close(a, chosen) and est.close_value(a, chosen))
    players, left = obs.rules.players, stage(obs)

    def told(e: Estimate) -> Estimate:  # the chances as they come true
        if est.exact:
            return e
        win = calibrate(e.win, players, left)
        return dataclasses.replace(e, win=win, match=calibrate(e.match, players, left))

    ranked = tuple((a, told(by[a])) for a in [chosen, *rest])
    return Advice(ranked, same, est.exact, overruled)
