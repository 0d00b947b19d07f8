"""Round and match state, legal actions, the events each action produces.

The only code that changes a game.  A :class:`Round` is one deal played out;
a :class:`Match` deals rounds until a side has won ``target`` of them.  The
state is kept in plain ints and small lists so that bots can copy it cheaply
(:meth:`Round.copy`) in their searches; what a seat may see of it is built by
:func:`briscola.engine.observation.observe`, never handed out directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final, Literal

from .cards import ALL_CARDS, Card, Rank
from .events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickDone,
    TrumpTaken,
)
from .rules import HAND_SIZE, PLAYER_COUNTS, TableRules

__all__ = [
    "EXCHANGE",
    "Action",
    "IllegalMoveError",
    "Match",
    "Round",
    "RoundResult",
    "round_winner",
]

EXCHANGE: Final = "exchange"
Action = Card | Literal["exchange"]
Trick = tuple[int, tuple[Card, ...], int]  # (leader, cards in playing order, winner)
ObservedTricks = tuple[list[Trick], tuple[tuple[tuple[int, Card], ...], ...], tuple[int, ...]]

# The face-up card a trump 7 may take (A 3 K Q J) and a trump 2 may take (4 5 6 7).
_SEVEN_TAKES: Final = frozenset({Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK})
_TWO_TAKES: Final = frozenset({Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN})


# The events of a card played or drawn, made once: they are frozen values, and a table
# records about a hundred of them a round.  _PLAYED[seat][card], _DREW[seat][card].
_SEATS: Final = range(max(PLAYER_COUNTS))
_PLAYED: Final = tuple(tuple(Played(seat, card) for card in ALL_CARDS) for seat in _SEATS)
_DREW: Final = tuple(tuple(Drew(seat, card) for card in ALL_CARDS) for seat in _SEATS)


class IllegalMoveError(ValueError):
    """An action that the rules do not allow in this position."""


def round_winner(points: Sequence[int]) -> int | None:
    """The side with the highest total, or None for a tie for highest (a drawn round).

    With two sides and 120 points this is "61 or more wins, 60-60 is drawn".
    """
    best = max(points)
    if list(points).count(best) > 1:
        return None
    return list(points).index(best)


class Round:
    """One deal: hands, stock, the trick in progress, points by side.

    ``stock`` holds the cards still to draw in reverse order: ``stock[-1]`` is
    drawn next and ``stock[0]`` is the face-up card, drawn last.
    """

    __slots__ = (
        "beats",
        "dealer",
        "events",
        "exchange_stamp",
        "exchanges",
        "hands",
        "history",
        "leader",
        "n",
        "number",
        "observed",
        "over",
        "points",
        "rounds_won",
        "rules",
        "stock",
        "to_move",
        "trick",
        "trump_card",
        "trump_suit",
        "trump_taken",
    )

    rules: TableRules
    n: int
    dealer: int
    number: int
    rounds_won: tuple[int, ...]
    hands: list[list[Card]]
    stock: list[Card]
    trump_card: Card
    trump_suit: int
    trick: list[Card]
    leader: int
    to_move: int
    points: list[int]
    history: list[Trick]
    exchanges: list[tuple[int, Card, Card]]
    exchange_stamp: int  # cards played before the last exchange, -1 for none
    beats: tuple[tuple[bool, ...], ...]  # beats[best][card]: card takes the trick from best
    over: bool  # all cards played
    trump_taken: tuple[int, Card] | None  # (seat, card) once the face-up card is drawn
    events: list[Event] | None
    # What observe() built of ``history`` so far (observation.py), reused while it still
    # holds: (the entries it covers, their (seat, card) pairs, their winners).
    observed: ObservedTricks | None

    def __init__(
        self,
        rules: TableRules,
        deck: Sequence[Card],
        dealer: int,
        *,
        number: int = 1,
        rounds_won: Sequence[int] | None = None,
        record_events: bool = False,
    ) -> None:
        """Deal ``deck`` (top card first) as RULES.md says.

        Three cards to each seat one at a time from the seat after the dealer,
        then the next card face up; the rest is the stock, the face-up card last.
        """
        n = rules.players
        try:
            # The Card of each entry (ints are accepted), in one C-level call.
            cards: tuple[Card, ...] = itemgetter(*deck)(ALL_CARDS) if len(deck) > 1 else ()
        except (IndexError, TypeError):
            cards = ()
        if len(cards) != len(rules.deck) or set(cards) != rules.deck_set:
            raise ValueError(
                f"a {n}-player deck has exactly the {len(rules.deck)} cards of the table's pack"
            )
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer}")
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.number = number
        self.rounds_won = tuple(rounds_won) if rounds_won else (0,) * len(rules.teams)
        first = (dealer + 1) % n
        dealt = HAND_SIZE * n
        # Card i of the deal goes to seat first + i (mod n): seat s gets every n-th card.
        hands = [list(cards[(s - first) % n : dealt : n]) for s in range(n)]
        self.hands = hands
        self.trump_card = face_up = cards[dealt]
        self.trump_suit = face_up // 10
        self.beats = rules.beats[self.trump_suit]
        self.stock = [face_up, *cards[:dealt:-1]]  # the rest reversed, drawn from the end
        self.trick = []
        self.leader = first
        self.to_move = first
        self.points = [0] * len(rules.teams)
        self.history = []
        self.exchanges = []
        self.exchange_stamp = -1
        self.trump_taken = None
        self.over = False
        self.events = None
        self.observed = None
        if record_events:
            self.events = [
                RoundStarted(
                    round=number,
                    dealer=dealer,
                    leader=first,
                    trump=self.trump_card,
                    stock=len(self.stock),
                    rounds_won=self.rounds_won,
                    seat=seat,
                    hand=tuple(hands[seat]),
                )
                for seat in range(n)
            ]

    # -- reading --------------------------------------------------------------

    @property
    def exchanged_this_turn(self) -> bool:
        """Whether the seat to move has already made an exchange this turn."""
        return self.exchange_stamp == self._cards_played()

    @exchanged_this_turn.setter
    def exchanged_this_turn(self, value: bool) -> None:
        self.exchange_stamp = self._cards_played() if value else -1

    def _cards_played(self) -> int:
        return len(self.history) * self.n + len(self.trick)

    @property
    def face_up(self) -> Card | None:
        """The face-up trump card while it lies under the stock, else None."""
        return self.stock[0] if self.stock else None

    def legal_moves(self) -> list[Card]:
        """The cards the seat to move may play: any card in hand."""
        return self.hands[self.to_move].copy()

    def can_exchange(self) -> bool:
        """Whether the seat to move may make the brisca exchange now.

        The face-up card must still lie under at least one stock card, and no
        exchange may have been made this turn.
        """
        if not self.rules.exchange or self.exchanged_this_turn or len(self.stock) < 2:
            return False
        return self._exchange_card() is not None

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = list(self.hands[self.to_move])
        if self.can_exchange():
            actions.append(EXCHANGE)
        return actions

    def winner(self) -> int | None:
        """The winning side of a finished round, or None for a drawn round."""
        if not self.over:
            raise ValueError("the round is not over yet")
        return round_winner(self.points)

    # -- acting ---------------------------------------------------------------

    def play(self, card: Card) -> None:
        """Play ``card`` from the hand of the seat to move."""
        seat = self.to_move
        try:
            self.hands[seat].remove(card)
        except ValueError:
            raise IllegalMoveError(self._illegal_text(card)) from None
        trick = self.trick
        trick.append(card)
        events = self.events
        if events is not None:
            events.append(_PLAYED[seat][card])
        n = self.n
        if len(trick) < n:
            seat += 1
            self.to_move = seat if seat < n else 0
            return
        # The trick is full: score it, the winner leads, everyone draws from the winner.
        # Inline rather than a helper: this is the hot path of every search.
        rules = self.rules
        beats = self.beats
        points = rules.points
        lead = trick[0]
        at: int  # the winning card's place in the trick
        if n == 2:  # most tricks of all: one look at the table
            second = trick[1]
            at = beats[lead][second]  # True is 1
            gained = points[lead] + points[second]
        else:
            best = lead
            at = 0
            gained = points[lead]
            for i in range(1, n):
                card = trick[i]
                gained += points[card]
                if beats[best][card]:
                    best = card
                    at = i
        leader = self.leader
        winner = rules.rotation[leader][at]
        self.points[rules.team_of[winner]] += gained
        self.history.append((leader, tuple(trick), winner))
        self.trick = []
        self.leader = self.to_move = winner
        stock = self.stock
        if stock:
            hands = self.hands
            for seat in rules.rotation[winner]:
                hands[seat].append(stock.pop())
            if not stock:
                last = rules.rotation[winner][-1]
                self.trump_taken = (last, hands[last][-1])
            if events is not None:
                self._trick_events(gained, True)
        else:
            self.over = not self.hands[winner]
            if events is not None:
                self._trick_events(gained, False)

    def _trick_events(self, gained: int, drew: bool) -> None:
        """The events of the trick just finished (the slow path, for tables only)."""
        assert self.events is not None
        leader, cards, winner = self.history[-1]
        order = self.rules.rotation[leader]
        self.events.append(TrickDone(tuple(zip(order, cards, strict=True)), winner, gained))
        if drew:
            for seat in self.rules.rotation[winner]:
                self.events.append(_DREW[seat][self.hands[seat][-1]])
            if self.trump_taken is not None and not self.stock:
                self.events.append(TrumpTaken(*self.trump_taken))

    def exchange(self) -> None:
        """Make the brisca exchange: the trump 7 or 2 for the face-up card."""
        if not self.can_exchange():
            raise IllegalMoveError(self._no_exchange_text())
        mine = self._exchange_card()
        assert mine is not None
        seat = self.to_move
        hand = self.hands[seat]
        took = self.stock[0]
        hand[hand.index(mine)] = took
        self.stock[0] = mine
        self.exchanges.append((seat, mine, took))
        self.exchange_stamp = self._cards_played()
        if self.events is not None:
            self.events.append(Exchanged(seat, mine, took))

    def act(self, action: Action) -> None:
        """Play a card or make the exchange; the one entry point for a player's answer."""
        if isinstance(action, Card):  # first: nearly every action, and cheaper to ask
            self.play(action)
        elif action == EXCHANGE:
            self.exchange()
        else:
            raise IllegalMoveError(f"not an action: {action!r}; expected a card or 'exchange'")

    def copy(self) -> Round:
        """A cheap independent copy (no events) for search."""
        new = Round.__new__(Round)
        new.rules = self.rules
        new.n = self.n
        new.dealer = self.dealer
        new.number = self.number
        new.rounds_won = self.rounds_won
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.trump_card = self.trump_card
        new.trump_suit = self.trump_suit
        new.trick = self.trick[:]
        new.leader = self.leader
        new.to_move = self.to_move
        new.points = self.points[:]
        new.history = self.history[:]
        new.exchanges = self.exchanges[:]
        new.exchange_stamp = self.exchange_stamp
        new.beats = self.beats
        new.trump_taken = self.trump_taken
        new.over = self.over
        new.events = None
        new.observed = self.observed  # checked against the history before any use
        return new

    def restore(self, snapshot: Round) -> None:
        """Go back to ``snapshot``, a :meth:`copy` of this round taken earlier (a
        take-back); the events recorded so far stay."""
        again = snapshot.copy()
        for name in Round.__slots__:
            if name != "events":
                setattr(self, name, getattr(again, name))

    # -- helpers --------------------------------------------------------------

    def _exchange_card(self) -> Card | None:
        """The trump 7 or 2 in the mover's hand that may take the face-up card."""
        face = self.stock[0]
        rank = face % 10
        if rank in _SEVEN_TAKES:
            wanted = Card.of(Rank.SEVEN, self.trump_suit)
        elif rank in _TWO_TAKES:
            wanted = Card.of(Rank.TWO, self.trump_suit)
        else:
            return None
        return wanted if wanted in self.hands[self.to_move] else None

    def _illegal_text(self, card: object) -> str:
        hand = " ".join(str(c) for c in self.hands[self.to_move])
        if self.over:
            return f"the round is over; {card} cannot be played"
        return f"{card} is not in the hand of seat {self.to_move} (hand: {hand})"

    def _no_exchange_text(self) -> str:
        if not self.rules.exchange:
            return f"the exchange is only allowed in the brisca variant, not {self.rules.variant}"
        if self.exchanged_this_turn:
            return "at most one exchange per turn"
        if len(self.stock) < 2:
            return "the face-up card no longer lies under the stock"
        face = self.stock[0]
        return (
            f"no exchange for the face-up {face}: the trump 7 takes an A, 3, K, Q or J "
            f"and the trump 2 takes a 4, 5, 6 or 7, and it must be in your hand"
        )


@dataclass(frozen=True, slots=True)
class RoundResult:
    number: int
    dealer: int
    points: tuple[int, ...]
    winner: int | None


class Match:
    """A match: rounds until a side has won ``rules.target`` of them.

    Every random choice (the first dealer, each shuffle) comes from one
    generator seeded with ``seed``; the same seed deals the same match.  A
    caller may give the generator instead (``rng``): a LAN server deals from
    the operating system's, which no seat can search for; the record then
    carries every deal, not a seed.
    """

    def __init__(
        self,
        rules: TableRules,
        seed: int | None = None,
        *,
        first_dealer: int | None = None,
        record_events: bool = False,
        rng: random.Random | None = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed) if rng is None else rng
        drawn = self.rng.randrange(rules.players)
        self.first_dealer = drawn if first_dealer is None else first_dealer
        self.rounds_won = [0] * len(rules.teams)
        self.results: list[RoundResult] = []
        self.round: Round | None = None
        self.record_events = record_events
        self.ended: MatchEnded | None = None

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.results)) % self.rules.players

    @property
    def over(self) -> bool:
        return self.ended is not None

    def shuffled_deck(self) -> list[Card]:
        deck = list(self.rules.deck)
        self.rng.shuffle(deck)
        return deck

    def start_round(self, deck: Sequence[Card] | None = None) -> Round:
        """Deal the next round, from ``deck`` if given (tests) or a fresh shuffle."""
        if self.over:
            raise ValueError("the match is over")
        if self.round is not None and not self.round.over:
            raise ValueError("the current round is not over")
        if deck is None:
            deck = self.shuffled_deck()
        self.round = Round(
            self.rules,
            deck,
            self.next_dealer,
            number=len(self.results) + 1,
            rounds_won=self.rounds_won,
            record_events=self.record_events,
        )
        return self.round

    def finish_round(self) -> RoundResult:
        """Score the finished round; ends the match when a side reaches the target."""
        r = self.round
        if r is None or not r.over:
            raise ValueError("no finished round to score")
        win = r.winner()
        if win is not None:
            self.rounds_won[win] += 1
        result = RoundResult(r.number, r.dealer, tuple(r.points), win)
        self.results.append(result)
        if r.events is not None:
            r.events.append(RoundEnded(result.points, win, tuple(self.rounds_won)))
        if win is not None and self.rounds_won[win] >= self.rules.target:
            self.end(win, "complete")
        return result

    def end(self, winner: int | None, reason: str, forfeit: int | None = None) -> MatchEnded:
        """End the match: ``complete``, or early (``fault`` and the like)."""
        self.ended = MatchEnded(winner, tuple(self.rounds_won), reason, forfeit)
        return self.ended

    def forfeit(self, team: int) -> MatchEnded:
        """End the match because ``team`` failed: with two sides the other side wins,
        with three nobody does."""
        others = [t for t in range(len(self.rounds_won)) if t != team]
        return self.end(others[0] if len(others) == 1 else None, "fault", forfeit=team)
