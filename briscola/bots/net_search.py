"""The network inside the expert's samples: the other seat's replies, its past
plays weighed, and a value that ends a playout early.

Floor 5 (bots).  A sample of the expert's search (:mod:`briscola.bots.expert`)
is a whole deal; what the other seat would see in it is the public state and
its own hand.  The public part is the same in every sample of a move (and of
each of the mover's lines), so its first layer is computed once
(:class:`View`), and a hand only adds one row of the first layer per card:
the network then answers a sample in a few matrix-vector products.

- :class:`Guide` (``expert:net_reply=1``): in each sample where the other
  side plays greedy, its next card after the mover's is the network's
  choice, the rest of the playout greedy's.  With ``net_value=1`` the
  playout stops at the mover's next turn and the network's value (its
  chance of winning the round from that seat's view) is the sample's result.
- :class:`NetEvidence` (``expert:net_infer=1``): the weight of a sample by
  how likely the network, holding what the sample gives the other seat,
  would have played the cards it did, where
  :class:`~briscola.bots.inference.Evidence` asks the greedy rules.

All of it only where the network was trained (:func:`~briscola.bots.net.trained_for`:
2 seats, the Italian game); elsewhere the search is unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np

from ..engine.cards import Card
from ..engine.observation import Observation, unseen_cards
from .inference import EPSILON, Evidence
from .net import CARDS, INPUTS, PLANES, Array, Network, features
from .solver import Position, trick_result

__all__ = ["Guide", "NetEvidence", "View", "public_view"]

_HAND_SIZE = INPUTS - 2  # the scalar of the seat's own hand size (see net.features)
_UNSEEN = CARDS * PLANES.index("unseen")
_DELTAS: dict[int, Array] = {}


def _delta(net: Network) -> Array:
    """What a card in the hand adds to the first layer: its hand row, less its
    unseen row (a card in the hand is no longer unseen)."""
    got = _DELTAS.get(id(net))
    if got is None:
        got = _DELTAS[id(net)] = net.w1[:CARDS] - net.w1[_UNSEEN : _UNSEEN + CARDS]
    return got


def _rel(card: int, trump: int) -> int:
    return ((card // 10 - trump) % 4) * 10 + card % 10


class View:
    """One seat's public view at one moment (no hand): the network's answers for
    any hand it may hold."""

    __slots__ = ("delta", "net", "pre", "trump")

    def __init__(self, net: Network, public: Observation, hand_size: int) -> None:
        x = features(public)
        x[_HAND_SIZE] = hand_size / 3.0
        self.net = net
        self.pre = x @ net.w1 + net.b1
        self.delta = _delta(net)
        self.trump = public.trump_suit

    def _hidden(self, rows: Sequence[Sequence[int]]) -> Array:
        """The second hidden layer for each hand of ``rows`` (input indices)."""
        net = self.net
        h1 = np.maximum(self.pre + self.delta[np.array(rows)].sum(axis=1), 0.0)
        out: Array = np.maximum(h1 @ net.w2 + net.b2, 0.0)
        return out

    def choice(self, hand: Sequence[int]) -> int:
        """The card the network plays from ``hand``."""
        rels = [_rel(c, self.trump) for c in hand]
        logits = self._hidden([rels])[0] @ self.net.wp[:, rels] + self.net.bp[rels]
        return hand[int(np.argmax(logits))]

    def chances(self, hands: Sequence[Sequence[int]], card: int) -> list[float]:
        """The network's probability of playing ``card`` from each of ``hands``
        (each holds it, all of one size)."""
        rows = [[_rel(c, self.trump) for c in hand] for hand in hands]
        logits = self._hidden(rows) @ self.net.wp + self.net.bp
        mine = np.take_along_axis(logits, np.array(rows), axis=1)
        e = np.exp(mine - mine.max(axis=1, keepdims=True))
        at = [list(hand).index(card) for hand in hands]
        out: list[float] = (e[np.arange(len(rows)), at] / e.sum(axis=1)).tolist()
        return out

    def value(self, hand: Sequence[int]) -> float:
        """The network's chance that the seat's side wins the round, holding ``hand``."""
        h2 = self._hidden([[_rel(c, self.trump) for c in hand]])[0]
        z = float(h2 @ self.net.wv[:, 0] + self.net.bv[0])
        return 1.0 / (1.0 + float(np.exp(-z)))


def public_view(
    obs: Observation,
    seat: int,
    events: Sequence[tuple[int, int]],
    score: Sequence[int],
    stock: int,
    hand_sizes: Sequence[int],
) -> Observation:
    """What ``seat`` sees in public after the plays ``events`` (seat, card) that
    followed ``obs``: its hand left empty (a :class:`View` adds it)."""
    rules = obs.rules
    n = rules.players
    played = list(obs.played)
    winners = list(obs.winners)
    trick = list(obs.trick)
    leader = obs.leader
    for s, c in events:
        trick.append((s, Card(c)))
        if len(trick) == n:
            cards = [int(card) for _, card in trick]
            best, _ = trick_result(cards, obs.trump_suit, rules.strength, rules.points)
            leader = trick[best][0]
            played.append(tuple(trick))
            winners.append(leader)
            trick = []
    return dataclasses.replace(
        obs,
        seat=seat,
        hand=(),
        legal=(),
        to_move=seat,
        leader=leader,
        trick=tuple(trick),
        trump_card=obs.trump_card if stock else None,
        stock=stock,
        points=tuple(score),
        played=tuple(played),
        winners=tuple(winners),
        hand_sizes=tuple(hand_sizes),
        known=tuple(() for _ in range(n)),
    )


# What a sample's result is: see expert._finish (value, the chance of each result).
Result = tuple[float, tuple[float, ...]]
VALUE_SCALE = 60.0  # points of margin a sure win is taken for, with net_value


class Guide:
    """The network's part in one move's samples (see the module's docstring):
    called by the search with a sample after the mover's line, it plays the
    other seat's next card (``reply``) and, with ``value``, ends the sample at
    the mover's next turn with the network's value."""

    def __init__(self, net: Network, obs: Observation, reply: bool, value: bool) -> None:
        self.net = net
        self.obs = obs
        self.me = obs.seat
        self.reply = reply
        self.value = value
        self._views: dict[tuple[int, tuple[tuple[int, int], ...]], View] = {}
        # The reply to each of the mover's leads, by the other seat's hand: every
        # line of a sample meets the same hand, so all are answered at once.
        self._replies: dict[tuple[int, ...], dict[int, int]] = {}

    def _view(self, seat: int, events: tuple[tuple[int, int], ...], p: Position) -> View:
        key = (seat, events)
        view = self._views.get(key)
        if view is None:
            sizes = [len(h) for h in p.hands]
            public = public_view(self.obs, seat, events, p.score, len(p.stock), sizes)
            view = self._views[key] = View(self.net, public, sizes[seat])
        return view

    def _reply(self, seat: int, led: int, p: Position) -> int:
        """The other seat's card after the mover led ``led``: with the replies to
        every card the mover could have led from the same sample, in one product."""
        hand = tuple(sorted(p.hands[seat]))
        replies = self._replies.get(hand)
        if replies is None:
            leads = [int(c) for c in self.obs.hand]
            views = [self._view(seat, ((self.me, c),), p) for c in leads]
            net = self.net
            trump = views[0].trump
            rels = [_rel(c, trump) for c in hand]
            pre = np.stack([v.pre for v in views]) + views[0].delta[rels].sum(axis=0)
            h2 = np.maximum(np.maximum(pre, 0.0) @ net.w2 + net.b2, 0.0)
            best = np.argmax(h2 @ net.wp[:, rels] + net.bp[rels], axis=1)
            replies = self._replies[hand] = {
                c: hand[int(b)] for c, b in zip(leads, best, strict=True)
            }
        return replies[led]

    def __call__(self, p: Position, side: int) -> Result | None:
        """Play the network's moves into ``p`` (just after the mover's line); a
        result when the sample ends here, else None (the playout goes on)."""
        me = self.me
        mine = [c for c in self.obs.hand if int(c) not in p.hands[me]]
        if len(mine) != 1:
            return None  # an exchange or more: not this guide's
        events: tuple[tuple[int, int], ...] = ((me, int(mine[0])),)
        replied = False
        while p.hands[p.to_move]:
            seat = p.to_move
            if seat == me:
                if not self.value:
                    return None
                won = self._view(me, events, p).value(p.hands[me])
                others = 1.0 - won
                chances = (won, others) if side == 0 else (others, won)
                return (2 * won - 1) * VALUE_SCALE, (*chances, 0.0)
            if not self.value and (replied or not self.reply):
                return None
            if len(events) == 1 and p.trick:
                card = self._reply(seat, events[0][1], p)
            else:
                card = self._view(seat, events, p).choice(p.hands[seat])
            p.play(card)
            events = (*events, (seat, card))
            replied = True
        return None


class NetEvidence(Evidence):
    """:class:`~briscola.bots.inference.Evidence` with the network as the player
    model: the same moves weighed, each by the network's chance of the card
    played from every hand the seat may have held then.  Those hands are the
    card and some of the cards it may hold now or played since: the chance of
    every such hand is computed in one product, the first time it is asked."""

    __slots__ = ("_chances", "_pool", "_views")

    def __init__(self, obs: Observation, net: Network) -> None:
        super().__init__(obs)
        rules = obs.rules
        n = rules.players
        tricks = [*obs.played, obs.trick] if obs.trick else list(obs.played)
        views: list[View] = []
        for m in self.moves:
            t = next(i for i, tr in enumerate(tricks) if (m.seat, m.card) in tr)
            k = len(m.trick)
            stock = max(0, len(rules.deck) - 3 * n - n * t)
            held = [min(3, rules.tricks - t) - (1 if j < k else 0) for j in range(n)]
            order = [(m.leader + j) % n for j in range(n)]
            sizes = [held[order.index(s)] for s in range(n)]
            points = [0] * len(rules.teams)
            for tr, w in zip(tricks[:t], obs.winners[:t], strict=True):
                points[rules.team_of[w]] += sum(rules.points[c] for _, c in tr)
            public = dataclasses.replace(
                obs,
                seat=m.seat,
                hand=(),
                legal=(),
                to_move=m.seat,
                leader=m.leader,
                trick=tuple(tricks[t][:k]),
                trump_card=obs.dealt_trump if stock else None,
                stock=stock,
                points=tuple(points),
                played=tuple(tricks[:t]),
                winners=obs.winners[:t],
                hand_sizes=tuple(sizes),
                known=tuple(() for _ in range(n)),
            )
            views.append(View(net, public, sizes[m.seat]))
        self._views = tuple(views)
        # The cards a weighed seat may hold now: any the mover cannot place.
        self._pool = tuple(sorted(int(c) for c in unseen_cards(obs)))
        self._chances: list[dict[tuple[int, ...], float] | None] = [None] * len(views)

    def _chance(self, i: int, rest: tuple[int, ...]) -> float:
        """The network's chance of move ``i``'s card from a hand of it and ``rest``."""
        table = self._chances[i]
        if table is None:
            m = self.moves[i]
            pool = sorted(set(self._pool) | set(m.later))
            rests = list(combinations(pool, m.keep))
            hands = [(m.card, *r) for r in rests]
            table = self._chances[i] = dict(zip(rests, self._views[i].chances(hands, m.card),
                                                strict=True))  # fmt: skip
        return table[tuple(sorted(rest))]

    def weight(self, p: Position, greedy: Callable[[Position], int]) -> float:
        """How much likelier the sample ``p`` makes the weighed plays for the
        network than for a random player (``greedy`` is not asked)."""
        if not self.moves:
            return 1.0
        factors = self._factors
        weight = 1.0
        for i, m in enumerate(self.moves):
            now = tuple(sorted(p.hands[m.seat]))
            factor = factors.get((i, now))
            if factor is None:
                rests = list(combinations((*m.later, *now), m.keep))
                chance = sum(self._chance(i, r) for r in rests) / len(rests)
                held = m.keep + 1
                factor = factors[(i, now)] = ((1 - EPSILON) * chance + EPSILON / held) * held
            weight *= factor
        return weight
