"""Network playouts: the rest of every one of the expert's samples played by the
network for every seat, all samples and all lines at once.

Floor 5 (bots).  ``expert:net_playout=1``.  Where the greedy playout
(:mod:`.playout`) plays a sample out by greedy's rules, here each seat plays
the network's card for what it would see in that sample (its own hand, the
public cards: it does not look at the sample's other hands).  The samples of a
move share the public past of the round, so they and the mover's every line
go into one :class:`~.batch.Batch` (a row per sample and line) and the
network answers for all rows in one forward pass a card.  ``temperature`` 0
plays the network's best card (the first in hand order on a tie, as ``net``
does); above 0 a card is drawn from its policy sharpened or flattened by it.

Only at the table the network was trained for (2 seats, the Italian game);
the samples the search solves exactly, and those with a random other side,
are scored as before (:mod:`.estimate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import numpy as np

from ..engine.cards import Card
from ..engine.observation import Observation, determinize
from .batch import PAD, REL, Batch, Ints
from .estimate import Line, Result
from .net import CARDS, Network
from .solver import Position, solve

__all__ = ["NetPlayout", "net_slots"]


def net_slots(
    net: Network,
    batch: Batch,
    temperature: float = 0.0,
    rng: np.random.Generator | None = None,
) -> Ints:
    """The network's card for the mover of every round of ``batch``, as a slot of its
    hand: its highest logit (the first in hand order on a tie), or with
    ``temperature`` above 0 a card drawn from ``rng`` by the softmax of the
    logits divided by it (1: the policy itself)."""
    logits, _value = net.forward(batch.features())
    hand = batch.mover_hands()
    rel = REL[batch.trump[:, None], np.minimum(hand, CARDS - 1)]
    mine = logits[batch.rows[:, None], rel].astype(np.float64)
    mine[hand == PAD] = -np.inf
    if not temperature:
        return np.asarray(np.argmax(mine, axis=1), np.int64)
    if rng is None:
        raise ValueError("drawing a card from the policy needs a generator")
    if temperature != 1.0:
        mine /= temperature
    p = np.exp(mine - mine.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    drawn = (p.cumsum(axis=1) < rng.random(batch.b)[:, None]).sum(axis=1)
    return np.asarray(drawn.clip(0, batch.hand_size - 1), np.int64)


class NetPlayout:
    """One move's network playouts (see the module's docstring): called by the
    search with the samples (before the mover's line) and the lines, it plays
    every sample after every line to the end of the round."""

    def __init__(
        self, net: Network, obs: Observation, temperature: float, seed: int, solve_cards: int = 0
    ) -> None:
        if not 0 <= temperature <= 10:
            raise ValueError(f"net_temp must be a number 0..10, got {temperature!r}")
        if not 0 <= solve_cards <= 10:
            raise ValueError(f"net_solve must be a whole number 0..10, got {solve_cards!r}")
        self.net = net
        self.temperature = temperature
        self.solve_cards = solve_cards
        self.rng = np.random.default_rng(seed)
        # Every sample of this move shares the public past of the round: one
        # determinization carries it (its hidden cards are not read).
        self.past = determinize(obs, Random(0))

    def __call__(
        self,
        samples: Sequence[Position],
        lines: Sequence[Line],
        side: int,
        win_bonus: float,
    ) -> list[list[Result]]:
        """For each sample, each line's value for ``side`` and result (the round
        played out by the network), as :func:`~.estimate.sample_value` scores it."""
        k = len(lines)
        if any(len(line) != 1 or not isinstance(line[0], Card) for line in lines):
            raise ValueError("network playouts play a card a line (no exchange)")
        rows = [p for p in samples for _ in range(k)]
        batch = Batch.resume(
            self.past,
            [p.hands for p in rows],
            [p.stock for p in rows],
            [p.trick for p in rows],
            [p.score for p in rows],
            [p.leader for p in rows],
        )
        cards = np.tile(np.array([int(line[0]) for line in lines], np.int64), len(samples))
        batch.play(np.argmax(batch.mover_hands() == cards[:, None], axis=1))
        while not batch.over and int(batch.sizes[0].sum()) + batch.left > self.solve_cards:
            batch.play(net_slots(self.net, batch, self.temperature, self.rng))
        margin = batch.points[:, side] - batch.points[:, 1 - side]
        if not batch.over:
            margin = margin + self._solved(batch, rows[0], side)
        sign = np.sign(margin)
        value = (margin + win_bonus * sign).tolist()
        won = np.where(sign > 0, side, np.where(sign < 0, 1 - side, 2)).tolist()
        results: list[Result] = list(zip(value, won, strict=True))
        return [results[i * k : (i + 1) * k] for i in range(len(samples))]

    def _solved(self, batch: Batch, like: Position, side: int) -> Ints:
        """The margin ``side`` adds to its points in every round of ``batch`` from
        here by the exact solver (both seats at their best, every card known),
        each distinct position solved once."""
        out = np.zeros(batch.b, np.int64)
        memo: dict[tuple[object, ...], int] = {}
        hands, stock, trick = batch.hands.tolist(), batch.stock.tolist(), batch.trick.tolist()
        left, played = batch.left, batch.played
        leader, points_of = batch.leader.tolist(), like.points
        for i in range(batch.b):
            p = like.copy()
            p.hands = [[c for c in h if c != PAD] for h in hands[i]]
            p.stock = stock[i][:left]
            p.trick = trick[i][:played]
            p.leader = leader[i]
            p.to_move = (p.leader + played) % p.n
            p.score = [0] * p.sides
            key = (*map(tuple, p.hands), *p.stock, -1, *p.trick, p.leader)
            got = memo.get(key)
            if got is None:
                cards = [c for h in p.hands for c in h] + p.stock + p.trick
                got = memo[key] = 2 * solve(p, side) - sum(points_of[c] for c in cards)
            out[i] = got
        return out
