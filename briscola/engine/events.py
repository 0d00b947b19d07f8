"""What happens at a table, as small frozen values, and who may see each.

Every event knows its protocol message (PROTOCOL.md) through
:meth:`to_message`.  An event with ``private_to`` set is seen by that seat
only (its dealt hand, a card it drew); every other event is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card

__all__ = [
    "Drew",
    "Event",
    "Exchanged",
    "MatchEnded",
    "Played",
    "RoundEnded",
    "RoundStarted",
    "TakenBack",
    "TrickDone",
    "TrumpTaken",
    "seat_cards",
]

Message = dict[str, Any]


def seat_cards(pairs: tuple[tuple[int, Card], ...]) -> list[dict[str, Any]]:
    """``[(seat, card), ...]`` as the protocol's ``[{"seat": s, "card": "AD"}, ...]``."""
    return [{"seat": s, "card": str(c)} for s, c in pairs]


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = ""

    @property
    def private_to(self) -> int | None:
        return None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        owner = self.private_to
        return owner is None or owner == seat

    def to_message(self) -> Message:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt; one per seat, carrying that seat's hand.

    Seat -1 is the spectators' copy: public, with no hand.
    """

    type: ClassVar[str] = "round_start"
    round: int
    dealer: int
    leader: int
    trump: Card
    stock: int
    rounds_won: tuple[int, ...]
    seat: int
    hand: tuple[Card, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat if self.seat >= 0 else None

    def public(self) -> RoundStarted:
        return RoundStarted(
            self.round, self.dealer, self.leader, self.trump, self.stock, self.rounds_won, -1, ()
        )

    def to_message(self) -> Message:
        return {
            "type": self.type,
            "round": self.round,
            "dealer": self.dealer,
            "leader": self.leader,
            "trump": str(self.trump),
            "hand": [str(c) for c in self.hand],
            "stock": self.stock,
            "rounds_won": list(self.rounds_won),
        }


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int
    card: Card
    # A stand-in bot chose the card for the seat's person (a LAN seat whose person
    # is away or left): the message says so with ``"standin": true`` (optional).
    standin: bool = False

    def to_message(self) -> Message:
        msg: Message = {"type": self.type, "seat": self.seat, "card": str(self.card)}
        if self.standin:
            msg["standin"] = True
        return msg


@dataclass(frozen=True, slots=True)
class TrickDone(Event):
    type: ClassVar[str] = "trick"
    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    def to_message(self) -> Message:
        return {
            "type": self.type,
            "cards": seat_cards(self.cards),
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat drew a card; only that seat sees which."""

    type: ClassVar[str] = "draw"
    seat: int
    card: Card

    @property
    def private_to(self) -> int | None:
        return self.seat

    def to_message(self) -> Message:
        return {"type": self.type, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class TrumpTaken(Event):
    type: ClassVar[str] = "trump_taken"
    seat: int
    card: Card

    def to_message(self) -> Message:
        return {"type": self.type, "seat": self.seat, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    type: ClassVar[str] = "exchanged"
    seat: int
    gave: Card
    took: Card

    def to_message(self) -> Message:
        return {
            "type": self.type,
            "seat": self.seat,
            "gave": str(self.gave),
            "took": str(self.took),
        }


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_end"
    points: tuple[int, ...]
    winner: int | None
    rounds_won: tuple[int, ...]

    def to_message(self) -> Message:
        return {
            "type": self.type,
            "points": list(self.points),
            "winner": self.winner,
            "rounds_won": list(self.rounds_won),
        }


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    type: ClassVar[str] = "match_end"
    winner: int | None
    rounds_won: tuple[int, ...]
    reason: str = "complete"
    forfeit: int | None = None  # the team that lost by a fault, if any

    def to_message(self) -> Message:
        msg: Message = {
            "type": self.type,
            "winner": self.winner,
            "rounds_won": list(self.rounds_won),
            "reason": self.reason,
        }
        if self.forfeit is not None:
            msg["forfeit"] = self.forfeit
        return msg


@dataclass(frozen=True, slots=True)
class TakenBack(Event):
    """A person took back their last card and the replies (against bots only): the
    round is as it was at that seat's previous turn, with ``tricks`` finished and
    ``trick`` on the table.  The stock is as dealt, so the same cards come again."""

    type: ClassVar[str] = "takeback"
    seat: int
    tricks: int
    trick: tuple[tuple[int, Card], ...]

    def to_message(self) -> Message:
        return {
            "type": self.type,
            "seat": self.seat,
            "tricks": self.tricks,
            "trick": seat_cards(self.trick),
        }
