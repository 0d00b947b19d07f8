"""What one seat may see, and a sample of the rest consistent with it.

:func:`observe` is the single path from a game state to a player: a seat's
own hand, the face-up card, every card played, the public exchanges and who
drew the face-up card.  Nothing else leaves the engine.  :func:`determinize`
goes the other way for search bots: it deals the cards the seat cannot see at
random into a full :class:`~briscola.engine.game.Round` that agrees with everything
the seat has seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import chain, filterfalse
from operator import itemgetter
from typing import Any, Final

from .cards import Card
from .events import seat_cards
from .game import EXCHANGE, Action, Round, Trick
from .rules import TableRules

__all__ = ["Observation", "determinize", "observe", "unseen_cards"]

_card = itemgetter(1)  # the card of a (seat, card) pair


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` may know at its turn (or at any moment of a round)."""

    rules: TableRules
    seat: int
    round: int
    dealer: int
    rounds_won: tuple[int, ...]
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]  # empty when it is not this seat's turn
    to_move: int
    leader: int  # leader of the trick in progress
    trick: tuple[tuple[int, Card], ...]
    trump_card: Card | None  # the face-up card while it lies under the stock
    trump_suit: int
    stock: int  # cards still to draw, the face-up card included
    points: tuple[int, ...]  # captured so far, by team
    played: tuple[tuple[tuple[int, Card], ...], ...]  # finished tricks, (seat, card)
    winners: tuple[int, ...]  # winner of each finished trick
    hand_sizes: tuple[int, ...]
    exchanges: tuple[tuple[int, Card, Card], ...]  # (seat, gave, took), public
    trump_taken: tuple[int, Card] | None  # (seat, card) once the face-up card is drawn
    dealt_trump: Card  # the card turned face up at the deal
    known: tuple[tuple[Card, ...], ...]  # by seat: cards others know to be in that hand

    @property
    def can_exchange(self) -> bool:
        return EXCHANGE in self.legal

    @property
    def team(self) -> int:
        return self.rules.team_of[self.seat]

    def to_turn(self) -> dict[str, Any]:
        """The protocol ``turn`` fields (PROTOCOL.md), without ``id`` and ``time_ms``."""
        return {
            "type": "turn",
            "hand": [str(c) for c in self.hand],
            "legal": [str(a) for a in self.legal],
            "trick": seat_cards(self.trick),
            "trump": None if self.trump_card is None else str(self.trump_card),
            "trump_suit": "CDSB"[self.trump_suit],
            "stock": self.stock,
            "points": list(self.points),
            "played": [_trick_cards(t) for t in self.played],
            "hand_sizes": list(self.hand_sizes),
            # Beyond the MUST fields: public facts a stateless bot needs to track cards.
            "seat": self.seat,
            "round": self.round,
            "leader": self.leader,
            "known": {str(s): [str(c) for c in cs] for s, cs in enumerate(self.known) if cs},
            "exchanges": [
                {"seat": s, "gave": str(g), "took": str(t)} for s, g, t in self.exchanges
            ],
        }


@lru_cache(maxsize=4096)
def _trick_cards(trick: tuple[tuple[int, Card], ...]) -> list[dict[str, Any]]:
    """A finished trick in protocol form: the same for every later turn of the round,
    so made once (the LAN server sends thousands of turns a second; read-only)."""
    return seat_cards(trick)


def _known_cards(r: Round) -> list[tuple[Card, ...]]:
    """Cards publicly known to sit in each hand and not yet played: cards taken by
    exchange and the face-up card drawn last."""
    known: list[tuple[Card, ...]] = [()] * r.n
    if r.trump_taken is None and not r.exchanges:  # most of a round: nothing known
        return known
    taken = [(seat, took) for seat, _gave, took in r.exchanges]
    if r.trump_taken is not None:
        taken.append(r.trump_taken)
    for seat, card in taken:
        if card in r.hands[seat] and card not in known[seat]:
            known[seat] += (card,)
    return known


def observe(r: Round, seat: int) -> Observation:
    """What ``seat`` may see of round ``r``: its hand and everything public."""
    leader = r.leader
    stock = r.stock
    played, winners = _finished_tricks(r)
    known = _known_cards(r)
    known[seat] = ()
    return _observation(  # the fields in their order
        r.rules,
        seat,
        r.number,  # round
        r.dealer,
        r.rounds_won,
        tuple(r.hands[seat]),  # hand
        tuple(r.legal_actions()) if r.to_move == seat and not r.over else (),  # legal
        r.to_move,
        leader,
        tuple(zip(r.rules.rotation[leader], r.trick, strict=False)),  # the trick in progress
        stock[0] if stock else None,  # trump_card
        r.trump_suit,
        len(stock),
        tuple(r.points),
        played,
        winners,
        tuple(map(len, r.hands)),  # hand_sizes
        tuple(r.exchanges),
        r.trump_taken,
        r.trump_card,  # dealt_trump
        tuple(known),
    )


# Each field's slot setter, in the fields' order: observe() fills a new Observation
# through them, as its frozen __init__ would (a third of observe's time), but
# without a call by keywords and an object.__setattr__ by name per field.  (So an
# Observation has no __post_init__: this path would skip it.)
_SETTERS: Final = tuple(getattr(Observation, f.name).__set__ for f in fields(Observation))


def _observation(*values: object) -> Observation:
    obs = object.__new__(Observation)
    for put, value in zip(_SETTERS, values, strict=True):
        put(obs, value)
    return obs


def _finished_tricks(r: Round) -> tuple[tuple[tuple[tuple[int, Card], ...], ...], tuple[int, ...]]:
    """The finished tricks as (seat, card) pairs, and their winners.

    A round is observed at every move while its history only grows, so what was
    built is kept on the round (``r.observed``) and only new tricks are added.  It
    is used only while the history still starts with the tricks it was built from
    (a take-back restores an earlier history, which may then go another way).
    """
    history = r.history
    memo = r.observed
    if memo is not None:
        entries, played, winners = memo
        done = len(entries)
        if history[:done] == entries:
            if done == len(history):
                return played, winners
        else:
            done, played, winners = 0, (), ()
    else:
        done, played, winners = 0, (), ()
    rotation = r.rules.rotation  # rotation[s]: the seats in playing order from s
    new = history[done:]
    played += tuple(tuple(zip(rotation[lead], cards, strict=True)) for lead, cards, _ in new)
    winners += tuple(w for _, _, w in new)
    r.observed = (history[:], played, winners)
    return played, winners


def unseen_cards(obs: Observation) -> list[Card]:
    """The cards ``obs.seat`` cannot place: in other hands (not publicly known) or the stock."""
    seen: set[Card] = set(obs.hand)
    seen.update(map(_card, chain.from_iterable(obs.played)))
    seen.update(map(_card, obs.trick))
    if obs.trump_card is not None:
        seen.add(obs.trump_card)
    seen.update(chain.from_iterable(obs.known))
    return list(filterfalse(seen.__contains__, obs.rules.deck))  # in the pack's order


# The observation determinize() dealt from last, and what it derives from that alone
# (the unseen cards in the pack's order, the finished tricks, the exchange this turn):
# a search deals hundreds of samples from one observation.  Matched by identity; an
# Observation is frozen, and the reference kept here keeps its id from being reused.
_dealt_from: tuple[Observation, tuple[Card, ...], tuple[Trick, ...], bool] | None = None


def _derived(obs: Observation) -> tuple[tuple[Card, ...], tuple[Trick, ...], bool]:
    global _dealt_from
    memo = _dealt_from
    if memo is not None and memo[0] is obs:
        return memo[1], memo[2], memo[3]
    unseen = tuple(unseen_cards(obs))
    history = tuple(
        (cards[0][0], tuple(map(_card, cards)), w)
        for cards, w in zip(obs.played, obs.winners, strict=True)
    )
    # Whether this seat may still exchange this turn is exactly what `legal` says.
    exchanged = obs.to_move == obs.seat and EXCHANGE not in obs.legal
    _dealt_from = (obs, unseen, history, exchanged)
    return unseen, history, exchanged


def determinize(obs: Observation, rng: random.Random) -> Round:
    """A full round that agrees with ``obs``, the unseen cards dealt at random.

    Other hands keep their sizes and their publicly known cards; the stock keeps
    its size with the face-up card at the bottom.  The result is an ordinary
    :class:`Round` (without events) that search can play out.
    """
    unseen, history, exchanged = _derived(obs)
    pool = list(unseen)
    rng.shuffle(pool)
    n = obs.rules.players
    hands: list[list[Card]] = []
    for seat in range(n):
        if seat == obs.seat:
            hands.append(list(obs.hand))
        else:
            need = obs.hand_sizes[seat] - len(obs.known[seat])
            hands.append([*obs.known[seat], *pool[:need]])
            del pool[:need]
    r = Round.__new__(Round)
    r.rules = obs.rules
    r.n = n
    r.dealer = obs.dealer
    r.number = obs.round
    r.rounds_won = obs.rounds_won
    r.hands = hands
    r.stock = ([obs.trump_card] if obs.trump_card is not None else []) + pool
    r.trump_card = obs.dealt_trump
    r.trump_suit = obs.trump_suit
    r.trick = list(map(_card, obs.trick))
    r.leader = obs.leader
    r.to_move = obs.to_move
    r.points = list(obs.points)
    r.history = list(history)
    r.exchanges = list(obs.exchanges)
    r.beats = obs.rules.beats[obs.trump_suit]
    r.exchanged_this_turn = exchanged
    r.trump_taken = obs.trump_taken
    r.over = not any(obs.hand_sizes)
    r.events = None
    r.observed = None
    return r
