"""The table as one seat knows it: what that seat's events (or a snapshot) have shown.

Fed only by the events visible to the seat, so a screen built from it can
never show a hidden card.  Floor 6; it imports only the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.cards import Card, card_points
from ..engine.events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickDone,
)
from ..engine.observation import Observation
from ..engine.rules import TableRules

__all__ = ["Seen"]


@dataclass
class Seen:
    """The table as one seat knows it; updated only from that seat's events.

    ``hand`` holds the cards by slot: a card drawn takes the slot of the card
    played, so the numbers of the others never change within a round.
    """

    rules: TableRules
    seat: int
    round: int = 0
    dealer: int = 0
    trump: Card | None = None  # the face-up card, or the last one once it is drawn
    face_up: Card | None = None  # while it lies under the stock
    stock: int = 0
    hand: list[Card | None] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[TrickDone] = field(default_factory=list)
    rounds_won: tuple[int, ...] = ()
    points: list[int] = field(default_factory=list)
    captured: list[list[Card]] = field(default_factory=list)
    to_move: int | None = None  # whose card the table waits for (None: between rounds)

    @property
    def last(self) -> TrickDone | None:
        return self.tricks[-1] if self.tricks else None

    def update(self, ev: Event) -> None:
        n = self.rules.players
        if isinstance(ev, RoundStarted):
            sides = len(self.rules.teams)
            self.round, self.dealer, self.trump = ev.round, ev.dealer, ev.trump
            self.face_up, self.stock, self.hand = ev.trump, ev.stock, list(ev.hand)
            self.trick, self.tricks, self.rounds_won = [], [], ev.rounds_won
            self.points, self.captured = [0] * sides, [[] for _ in range(sides)]
            self.to_move = ev.leader
        elif isinstance(ev, Played):
            self.trick.append((ev.seat, ev.card))
            self.to_move = (ev.seat + 1) % n if len(self.trick) < n else None
            if ev.seat == self.seat and ev.card in self.hand:
                self.hand[self.hand.index(ev.card)] = None
        elif isinstance(ev, TrickDone):
            team = self.rules.team_of[ev.winner]
            self.points[team] += ev.points
            self.captured[team].extend(c for _, c in ev.cards)
            self.trick = []
            self.tricks.append(ev)
            self.to_move = ev.winner
            if self.stock:
                self.stock = max(0, self.stock - n)
                self.face_up = self.face_up if self.stock else None
        elif isinstance(ev, Drew) and ev.seat == self.seat:
            self._put(ev.card)
        elif isinstance(ev, Exchanged):
            self.face_up = self.trump = ev.gave
            if ev.seat == self.seat and ev.gave in self.hand:
                self.hand[self.hand.index(ev.gave)] = ev.took
        elif isinstance(ev, RoundEnded | MatchEnded):
            self.rounds_won = ev.rounds_won
            self.to_move = None

    def _put(self, card: Card) -> None:
        if None in self.hand:
            self.hand[self.hand.index(None)] = card
        else:
            self.hand.append(card)

    def restore(self, obs: Observation, order: Sequence[Card | None] = ()) -> None:
        """Everything at once from a snapshot (a seat resumed at a LAN table).  The
        cards keep their slots: those held already this round, else ``order`` (the
        slots a client that died had kept), else the snapshot's order."""
        sides = len(self.rules.teams)
        if self.round == obs.round and any(c is not None for c in self.hand):
            order = self.hand
        self.round, self.dealer = obs.round, obs.dealer
        self.trump = obs.trump_card or obs.dealt_trump
        self.face_up, self.stock = obs.trump_card, obs.stock
        self.hand = [c if c in obs.hand else None for c in order]
        while self.hand and self.hand[-1] is None and len(self.hand) > len(obs.hand):
            self.hand.pop()  # no slot beyond the cards a hand can hold
        for card in obs.hand:
            if card not in self.hand:
                self._put(card)
        self.trick, self.rounds_won = list(obs.trick), obs.rounds_won
        self.to_move = obs.to_move
        self.points, self.captured = list(obs.points), [[] for _ in range(sides)]
        ranking = self.rules.ranking
        self.tricks = []
        for cards, winner in zip(obs.played, obs.winners, strict=True):
            self.captured[self.rules.team_of[winner]].extend(c for _, c in cards)
            worth = sum(card_points(c, ranking) for _, c in cards)
            self.tricks.append(TrickDone(cards, winner, worth))

    def sync(self, hand: Sequence[Card]) -> None:
        """Hold the slots to the hand the engine says (an observation at a turn)."""
        if sorted(c for c in self.hand if c is not None) == sorted(hand):
            return
        self.hand = [c if c in hand else None for c in self.hand]
        for card in hand:
            if card not in self.hand:
                self._put(card)
