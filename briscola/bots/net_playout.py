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
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.observation import Observation, determinize
from ..engine.rules import HAND_SIZE
from .batch import PAD, REL, SCALAR0, Batch, Ints
from .estimate import Line, Result
from .net import CARDS, PLANES, Network
from .solver import Position, solve

__all__ = ["FirstLayer", "NetPlayout", "net_slots"]

# Where each card plane starts in the network's input (net.py's PLANES).
HAND, TRICK, FACE, MINE, THEIRS, KNOWN, UNSEEN = (CARDS * PLANES.index(p) for p in PLANES)


def net_slots(
    net: Network,
    batch: Batch,
    temperature: float = 0.0,
    rng: np.random.Generator | None = None,
    first: FirstLayer | None = None,
) -> Ints:
    """The network's card for the mover of every round of ``batch``, as a slot of its
    hand: its highest logit (the first in hand order on a tie), or with
    ``temperature`` above 0 a card drawn from ``rng`` by the softmax of the
    logits divided by it (1: the policy itself).  With ``first`` (which must
    see every card of ``batch`` played) its first layer is not computed again."""
    logits = net.forward(batch.features())[0] if first is None else first.logits(batch)
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
        # ``temperature`` and ``solve_cards`` are the expert's net_temp and net_solve,
        # checked where a spec gives them (ExpertBot).
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
        first = FirstLayer(self.net, batch)
        first.play(batch, np.argmax(batch.mover_hands() == cards[:, None], axis=1))
        while not batch.over and int(batch.sizes[0].sum()) + batch.left > self.solve_cards:
            first.play(batch, net_slots(self.net, batch, self.temperature, self.rng, first))
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


class FirstLayer:
    """The network's first-layer sums for both seats of a 2-seat batch, kept up to
    date card by card (the playouts' largest cost was that layer's product).

    At 2 seats without the exchange every card of the pack lies in exactly one
    of a seat's card planes (its hand, the trick, the face-up card, its own or
    the other's tricks, known in the other hand, unseen), so a card played or
    drawn moves from one plane to another and the sums over the planes move by
    the difference of two rows of ``w1`` (a table per move kind).  The scalars
    change every card and are added afresh (six rows)."""

    def __init__(self, net: Network, batch: Batch) -> None:
        if batch.n != 2 or batch.rules.exchange:
            raise ValueError("the first layer is kept card by card at 2 seats, no exchange")
        self.net = net
        w = net.w1

        def move(to: int, frm: int) -> npt.NDArray[np.float32]:
            return w[to : to + CARDS] - w[frm : frm + CARDS]

        self.played = move(TRICK, HAND)  # the mover's card, in its view
        self.seen = np.stack([move(TRICK, UNSEEN), move(TRICK, KNOWN)])  # in the other's
        self.taken = np.stack([move(THEIRS, TRICK), move(MINE, TRICK)])  # by whose
        self.drawn = np.stack([move(HAND, UNSEEN), move(HAND, FACE)])
        self.face_known = move(KNOWN, FACE)
        planes = w[:SCALAR0]
        seats = [np.full(batch.b, s, np.int64) for s in range(2)]
        self.sums = np.stack([batch.features(s)[:, :SCALAR0] @ planes for s in seats], axis=1)
        # A seat's own card in the trick is in its side's plane too (net.features),
        # but no seat moves with its own card in the trick: here it counts in the
        # trick's plane alone, as play() puts it, until the trick is settled.
        for j in range(batch.played):
            seat = (batch.leader + j) % 2
            self.sums[batch.rows, seat] -= w[MINE + REL[batch.trump, batch.trick[:, j]]]

    def logits(self, batch: Batch) -> npt.NDArray[np.float32]:
        """The network's logits for every mover of ``batch``."""
        net = self.net
        first = self.sums[batch.rows, batch.mover]
        first += batch.scalars() @ net.w1[SCALAR0:] + net.b1
        return net.above_first(first)[0]

    def play(self, batch: Batch, slots: Ints) -> None:
        """``batch.play(slots)``, with the sums moved with the cards."""
        rows, sums = batch.rows, self.sums
        mover = batch.mover
        card = batch.mover_hands()[rows, slots]
        k = REL[batch.trump, card]
        known = batch.known[rows, mover, card].astype(np.int64)  # to the other seat
        sums[rows, mover] += self.played[k]
        sums[rows, 1 - mover] += self.seen[known, k]
        left = batch.left
        face = batch.stock[:, 0].copy() if left else None
        batch.play(slots)
        if batch.played:
            return
        # The trick is settled: its cards go to the taker's side's plane in each view.
        t = batch.tricks - 1
        trick = REL[batch.trump[:, None], batch.history[:, t]]  # B x 2, in playing order
        leader = batch.leaders[:, t]
        for s in range(2):
            mine = (leader == s).astype(np.int64)
            sums[:, s] += self.taken[mine, trick[:, 0]] + self.taken[1 - mine, trick[:, 1]]
        if face is None:
            return
        # Each seat drew a card into its last slot, from the unseen or the face-up one.
        drawn = batch.hands[:, :, HAND_SIZE - 1]
        faced = drawn == face[:, None]
        sums += self.drawn[faced.astype(np.int64), REL[batch.trump[:, None], drawn]]
        if left == 2:  # the face-up card went to a hand: the other seat knows it there
            sums[rows, 1 - np.argmax(faced, axis=1)] += self.face_known[REL[batch.trump, face]]
