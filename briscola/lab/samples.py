"""The trainer's samples, and the self-play rounds between teachers that make them.

Floor 7 (the lab).  At every decision of a round of ``briscola train``'s
self-play (:mod:`briscola.lab.train`) the sample is the seat's observation
(:func:`~briscola.bots.net.features`), the card the teacher's search chose
(the policy's target) and the value's target: the mean of the search's chance
of winning the round with that card and how the round really ended.  A share
``explore`` of the moves is then played at random (the targets stay the
search's).  The rounds are played here, in worker processes or on a Dask
cluster, like the arena's matches.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.advice import advice_of
from ..bots.expert import ExpertBot
from ..bots.net import CARDS, INPUTS, features, legal_mask
from ..engine.cards import Card
from ..engine.game import Round, round_winner
from ..engine.observation import observe
from ..engine.rules import TableRules
from ..spec import parse_spec

__all__ = ["Samples", "Task", "play_game", "play_games"]

Floats = npt.NDArray[np.float32]
ITERATE_PRIOR = 10.0  # the teacher's prior (ExpertBot's points) with --iterate


@dataclass
class Samples:
    """Training samples as arrays of equal length."""

    x: Floats  # features
    mask: npt.NDArray[np.bool_]  # legal cards (input order)
    target: npt.NDArray[np.int64]  # the search's card (input order)
    value: Floats  # the value's target, 0..1

    @classmethod
    def empty(cls) -> Samples:
        return cls(
            np.zeros((0, INPUTS), np.float32),
            np.zeros((0, CARDS), np.bool_),
            np.zeros(0, np.int64),
            np.zeros(0, np.float32),
        )

    def __len__(self) -> int:
        return int(self.target.shape[0])

    def join(self, other: Samples, keep: int) -> Samples:
        """These and ``other``, the last ``keep`` only."""

        def cat(a: Any, b: Any) -> Any:
            return np.concatenate([a, b])[-keep:]

        return Samples(
            cat(self.x, other.x),
            cat(self.mask, other.mask),
            cat(self.target, other.target),
            cat(self.value, other.value),
        )

    def arrays(self, prefix: str = "data_") -> dict[str, Any]:
        return {prefix + k: getattr(self, k) for k in ("x", "mask", "target", "value")}


def _teacher(spec: str, seed: int, weights: str | None) -> ExpertBot:
    parsed = parse_spec(spec)
    options = dict(parsed.options)
    options.setdefault("max_ms", 1e6)  # the samples decide, not the clock: reproducible
    if weights is not None:  # expert iteration: the search with the latest network
        options["weights"] = weights
        options["prior"] = options.get("prior") or ITERATE_PRIOR
    else:  # imitation: the search alone, not the shipped network it would retrain
        options.setdefault("prior", 0.0)
    options["seed"] = seed
    options.pop("name", None)
    return ExpertBot(**options)


def play_game(
    spec: str, seed: int, explore: float, weights: str | None = None, players: int = 2
) -> Samples:
    """One self-play round at a table of ``players`` between teachers, as samples."""
    rules = TableRules(players=players)
    rng = Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(players))
    bots = [_teacher(spec, rng.randrange(2**31), weights) for _ in range(players)]
    xs: list[Floats] = []
    masks: list[npt.NDArray[np.bool_]] = []
    targets: list[int] = []
    seats: list[int] = []
    chances: list[float] = []
    while not r.over:
        seat = r.to_move
        obs = observe(r, seat)
        action = obs.legal[0]
        if len(obs.legal) > 1:
            bot = bots[seat]
            chance = -1.0  # none: the exact endgame
            if obs.stock:
                ranked = advice_of(bot, obs)
                action, estimate = ranked[0]
                chance = estimate.match
            else:
                action = bot.choose(obs)
            xs.append(features(obs))
            masks.append(legal_mask(obs))
            assert isinstance(action, Card)
            targets.append(((action // 10 - obs.trump_suit) % 4) * 10 + action % 10)
            seats.append(seat)
            chances.append(chance)
            if obs.stock and rng.random() < explore:
                action = obs.legal[rng.randrange(len(obs.legal))]
        r.act(action)
    winner = round_winner(r.points)
    values = []
    for seat, chance in zip(seats, chances, strict=True):
        outcome = 0.5 if winner is None else float(winner == rules.team_of[seat])
        values.append(outcome if chance < 0 else (outcome + chance) / 2)
    if not xs:
        return Samples.empty()
    return Samples(
        np.stack(xs), np.stack(masks), np.array(targets, np.int64), np.array(values, np.float32)
    )


Task = tuple[str, int, float, str | None, int]


def _play_task(task: Task) -> Samples:
    return play_game(*task)


def _play_tasks(tasks: list[Task]) -> list[Samples]:
    return [play_game(*t) for t in tasks]


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def play_games(
    tasks: Sequence[Task], jobs: int = 1, scheduler: str | None = None
) -> Iterator[Samples]:
    """Every task's samples in order, from ``jobs`` processes or a cluster's workers."""
    if scheduler is not None:
        from .cluster import run_on_cluster  # the optional extra

        chunks = [list(tasks[i : i + 4]) for i in range(0, len(tasks), 4)]
        yield from run_on_cluster(scheduler, chunks, _play_tasks)
        return
    if jobs <= 1:
        for t in tasks:
            yield play_game(*t)
        return
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(jobs, initializer=_worker_init)
    try:
        yield from pool.imap(_play_task, tasks, chunksize=1)
        pool.close()
        pool.join()
    finally:
        pool.terminate()
        pool.join()
