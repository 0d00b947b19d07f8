"""Players of batched rounds (bots/batch.py), and the rounds they play.

Floor 7 (the lab).  A batched player answers for every round of a
:class:`~briscola.bots.batch.Batch` at once with a slot of the mover's hand:
random, the network (one forward pass for the whole batch) or greedy (the
rules of thumb of :class:`~briscola.bots.greedy.GreedyBot`, as array
arithmetic).  Greedy chooses exactly as the ``greedy`` bot does at every
table, the network as the ``net`` bot does where that bot uses it (the table
the network was trained for; elsewhere the bot searches)
(``tests/test_batch.py``); every player makes the brisca exchange whenever it
may, as greedy does.

:func:`duel` is what ``briscola train --batched`` checks a generation with:
the network against greedy on duplicate deals, all in one process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ..bots.batch import PAD, Batch, Ints, deal_batch
from ..bots.net import CARDS, Network
from ..bots.net_playout import net_slots
from ..engine.rules import TableRules

__all__ = ["Player", "duel", "greedy_player", "net_player", "play_out", "random_player"]

Player = Callable[[Batch], Ints]  # a slot of the mover's hand for every round

# GreedyBot's thresholds (bots/greedy.py): spending a trump is worth it from these points.
_TRUMP_WORTH = 10
_TRUMP_WORTH_CHEAP = 4
_NONE = 1 << 20  # a key no card has: an empty slot, or a card the rule does not take


def random_player(rng: np.random.Generator) -> Player:
    """A card of the hand uniformly at random, from ``rng``."""

    def choose(batch: Batch) -> Ints:
        return (rng.random(batch.b) * batch.hand_size).astype(np.int64)

    return choose


def net_player(net: Network, rng: np.random.Generator | None = None) -> Player:
    """The network's card: its highest logit among the mover's cards, the first in
    hand order on a tie (as ``net`` plays); with ``rng``, a card drawn from its policy."""

    def choose(batch: Batch) -> Ints:
        return net_slots(net, batch, 0.0 if rng is None else 1.0, rng)

    return choose


def _first(keys: npt.NDArray[np.int64], best: str) -> Ints:
    """The slot of the lowest (``min``) or highest (``max``) key, the first on a tie,
    as Python's min and max pick; _NONE marks slots out of the choice."""
    if best == "min":
        return np.asarray(np.argmin(keys, axis=1), np.int64)
    return np.asarray(np.argmax(np.where(keys == _NONE, -_NONE, keys), axis=1), np.int64)


def greedy_player(batch_rules: TableRules) -> Player:
    """GreedyBot's card, rule by rule (bots/greedy.py), for every round at once."""
    strength_of = np.array(batch_rules.strength, np.int64)
    points_of = np.array(batch_rules.points, np.int64)

    def choose(batch: Batch) -> Ints:
        rows, trump, n = batch.rows, batch.trump, batch.n
        hand = batch.mover_hands()
        empty = hand == PAD
        card = np.minimum(hand, CARDS - 1)
        pts, st = points_of[card], strength_of[card]
        is_trump = card // 10 == trump[:, None]
        # What throwing a card away costs: its points (trumps 8 more), trump, strength.
        waste = np.where(empty, _NONE, ((pts + 8 * is_trump) * 2 + is_trump) * 16 + st)
        cheapest = _first(waste, "min")
        if not batch.played:
            return cheapest
        trick = batch.trick[:, : batch.played]
        best = trick[:, 0].copy()
        at = np.zeros(batch.b, np.int64)
        for i in range(1, batch.played):
            takes = batch.beats[trump, best, trick[:, i]]
            best = np.where(takes, trick[:, i], best)
            at = np.where(takes, i, at)
        on_table = points_of[trick].sum(axis=1)
        mine = batch.team_of[batch.mover]
        opponents_left = np.zeros(batch.b, np.bool_)
        for k in range(batch.played + 1, n):
            opponents_left |= batch.team_of[(batch.leader + k) % n] != mine
        best_trump = best // 10 == trump
        # The partner holds the trick and it is safe: load it, never with a trump.
        ours = batch.team_of[(batch.leader + at) % n] == mine
        safe = ~opponents_left | (best_trump & (strength_of[best] >= 8))
        plain = ~is_trump & ~empty
        plain = np.where(plain.any(axis=1)[:, None], plain, ~empty)
        load = _first(np.where(plain, pts * 16 + (15 - st), _NONE), "max")
        # The other side holds it: win with the suit led (never the trump suit: the
        # bot's other conditions then always hold), else the lowest winning trump
        # when the trick is worth it, else the cheapest card.
        wins = batch.beats[trump[:, None], best[:, None], card] & ~empty
        same = wins & (card // 10 == (best // 10)[:, None]) & ~is_trump
        take = _first(np.where(same, pts * 16 + st, _NONE), "max")
        trumps = wins & is_trump
        low = _first(np.where(trumps, st, _NONE), "min")
        worth = np.where(points_of[card[rows, low]] == 0, _TRUMP_WORTH_CHEAP, _TRUMP_WORTH)
        ruff = trumps.any(axis=1) & ((on_table >= worth) | ((batch.left == 0) & (on_table > 0)))
        theirs = np.where(same.any(axis=1), take, np.where(ruff, low, cheapest))
        return np.where(ours, np.where(safe, load, cheapest), theirs)

    return choose


def play_out(batch: Batch, players: Sequence[Player], seats: Ints) -> None:
    """Play the batch to its end: ``seats[i, s]`` is the player of seat s in round i.
    Each player answers for the whole batch and only its movers' answers count."""
    rows = batch.rows
    while not batch.over:
        can = batch.can_exchange()
        if can.any():
            batch.exchange(can)
        who = seats[rows, batch.mover]
        slots = np.zeros(batch.b, np.int64)
        for p, player in enumerate(players):
            here = who == p
            if here.any():
                slots = np.where(here, player(batch), slots)
        batch.play(slots)


def duel(
    rules: TableRules, first: Player, second: Player, deals: int, seed: int
) -> tuple[float, int]:
    """``first`` against ``second`` on ``deals`` duplicate deals from ``seed``: each
    deal once with ``first``'s side at each side of the table (the other seats
    ``second``'s).  Its points (a round won 1, drawn 0.5) and the rounds played."""
    sides = len(rules.teams)
    decks, dealers = deal_batch(rules, deals, np.random.default_rng(seed))
    batch = Batch(rules, np.tile(decks, (sides, 1)), np.tile(dealers, sides))
    side = np.repeat(np.arange(sides), deals)  # first's side in each round
    team = np.array(rules.team_of, np.int64)
    seats = np.where(team[None, :] == side[:, None], 0, 1)
    play_out(batch, [first, second], seats)
    won = batch.winner()
    score = float((won == side).sum() + 0.5 * (won == -1).sum())
    return score, batch.b
