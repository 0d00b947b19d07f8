"""The client checks what its server says, as the server checks its clients.

A friend's server may be a rogue one.  Every message the client acts on is
read here first: its fields have the protocol's types and ranges
(:func:`check_answer` for the lobby's answers, :meth:`Checker.message` for a
seat's and a spectator's messages), and it fits what the seat has seen so far
(a card played from our hand was in it, no card shows up twice in a round, a
turn's hand is the hand we hold).  Anything else is a :class:`ServerFault`,
a :class:`ServerError` that names the message and what was wrong:
the client says so, closes the connection and stops, with no traceback and
no screen showing a state that cannot happen.  Floor 7 (client).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cards import Card, CardError
from ..engine.rules import RulesError, TableRules
from ..engine.text import printable
from ..protocol.messages import Message

__all__ = ["Checker", "ServerError", "ServerFault", "check_answer"]

HAND = 3  # cards in a hand, at every table size
SCORE_MAX = 1000  # more points or rounds than any match makes: a server that lies


class ServerError(Exception):
    """The server refused a request (``code``) or could not be reached (``code`` ``""``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ServerFault(ServerError):
    """A server message that cannot be right (code ``bad_server``)."""

    def __init__(self, msg: Message, why: str) -> None:
        kind = printable(str(msg.get("type")), 20)
        super().__init__("bad_server", f"the server sent a '{kind}' that cannot be right: {why}")


def _int(msg: Message, key: str, low: int, high: int, *, null: bool = False) -> int | None:
    value = msg.get(key)
    if value is None and null:
        return None
    if type(value) is not int or not low <= value <= high:
        span = f"{low}..{high}" + (" or null" if null else "")
        raise ServerFault(msg, f"{key} must be a whole number {span}, got {_shown(value)}")
    return value


def _text(msg: Message, key: str, *, optional: bool = True) -> None:
    value = msg.get(key)
    if (value is None and optional) or isinstance(value, str):
        return
    raise ServerFault(msg, f"{key} must be text, got {_shown(value)}")


def _card(msg: Message, value: object, what: str) -> Card:
    try:
        return Card.parse(value)  # type: ignore[arg-type]
    except CardError:
        raise ServerFault(msg, f"{what} must be a card like 'AD', got {_shown(value)}") from None


def _list(msg: Message, key: str, *, size: int | None = None, most: int = 64) -> list[Any]:
    value = msg.get(key)
    if (
        not isinstance(value, list)
        or len(value) > most
        or (size is not None and len(value) != size)
    ):
        want = f"{size} items" if size is not None else f"at most {most} items"
        raise ServerFault(msg, f"{key} must be a list of {want}, got {_shown(value)}")
    return value


def _shown(value: object) -> str:
    return printable(repr(value), 60)


def _ints(msg: Message, key: str, size: int) -> None:
    for item in _list(msg, key, size=size):
        if type(item) is not int or not 0 <= item <= SCORE_MAX:
            raise ServerFault(msg, f"{key} must hold {size} whole numbers, got {_shown(item)}")


def _need_text(msg: Message, key: str) -> None:
    _text(msg, key, optional=False)


def _tables(msg: Message) -> None:
    for table in _list(msg, "tables", most=10_000):
        if not isinstance(table, dict):
            raise ServerFault(msg, f"each of tables must be an object, got {_shown(table)}")
        _need_text(table | {"type": "tables"}, "table")
        for key in ("seats", "seat_info"):
            seats = table.get(key)
            if seats is not None and (not isinstance(seats, list) or len(seats) > 6):
                raise ServerFault(
                    msg, f"a table's {key} must be a list of seats, got {_shown(seats)}"
                )
        for info in table.get("seat_info") or []:
            if info is not None and not isinstance(info, dict):
                raise ServerFault(msg, f"a seat's info must be an object, got {_shown(info)}")


def check_answer(msg: Message) -> Message:
    """A lobby answer the client may act on, or :class:`ServerFault`."""
    kind = msg["type"]
    if kind in ("created", "joined", "resumed"):
        _need_text(msg, "table")
    if kind in ("joined", "resumed"):
        _int(msg, "seat", 0, 5)
    if kind == "joined":
        _need_text(msg, "token")
        _text(msg, "name")
    elif kind == "created":
        _text(msg, "code")
    elif kind == "tables":
        _tables(msg)
    elif kind == "error":
        _text(msg, "code")
        _text(msg, "message")
    return msg


class Checker:
    """A seat's (or a spectator's) messages held to the protocol and to what was seen."""

    def __init__(self) -> None:
        self.rules: TableRules | None = None
        self.seat: int | None = None
        self.hand: set[Card] = set()
        self.gone: set[Card] = set()  # played this round: never again

    def message(self, msg: Message) -> None:
        """``msg`` if it can be right; else :class:`ServerFault`."""
        kind = msg["type"]
        if kind in ("chat", "notice", "error", "bye"):
            for key in ("text", "message", "name", "code", "reason"):
                _text(msg, key)
            return
        if kind == "match_start":
            self._start(msg)
            return
        if kind not in _EVENTS:
            return  # a type this client does not know: ignored, as the protocol says
        rules = self.rules
        if rules is None:
            raise ServerFault(msg, "no match_start came before it")
        _EVENTS[kind](self, msg, rules)

    def _start(self, msg: Message) -> None:
        try:
            rules = TableRules(
                players=msg.get("players"),  # type: ignore[arg-type]
                variant=msg.get("variant"),  # type: ignore[arg-type]
                target=msg.get("target"),  # type: ignore[arg-type]
                pack=msg.get("pack", 0),
            )
        except RulesError as err:
            raise ServerFault(msg, str(err)) from None
        n = rules.players
        self.seat = _int(msg, "seat", 0, n - 1, null=True)
        names = _list(msg, "names", size=n)
        if not all(isinstance(name, str) for name in names):
            raise ServerFault(msg, f"names must be {n} names, got {_shown(names)}")
        _int(msg, "move_ms", 0, 24 * 3600 * 1000)
        self.rules, self.hand, self.gone = rules, set(), set()

    def _seat(self, msg: Message, key: str, rules: TableRules) -> int:
        seat = _int(msg, key, 0, rules.players - 1)
        assert seat is not None
        return seat

    def _fresh(self, msg: Message, value: object, what: str, rules: TableRules) -> Card:
        """A card of this pack that has not been played this round."""
        card = _card(msg, value, what)
        if card not in rules.deck_set:
            raise ServerFault(msg, f"{card} is not in this table's pack")
        if card in self.gone:
            raise ServerFault(msg, f"{card} was played already this round")
        return card

    def _hand(self, msg: Message, rules: TableRules) -> set[Card]:
        cards = [self._fresh(msg, c, "a card of the hand", rules) for c in _list(msg, "hand")]
        if len(cards) > HAND or len(set(cards)) != len(cards):
            raise ServerFault(msg, f"a hand holds up to {HAND} different cards, got {len(cards)}")
        if self.seat is None and cards:
            raise ServerFault(msg, "a spectator is shown a hand")
        return set(cards)

    def _round_start(self, msg: Message, rules: TableRules) -> None:
        _int(msg, "round", 1, SCORE_MAX)
        self._seat(msg, "dealer", rules)
        self._seat(msg, "leader", rules)
        _int(msg, "stock", 0, len(rules.deck))
        _ints(msg, "rounds_won", len(rules.teams))
        self.gone = set()
        trump = self._fresh(msg, msg.get("trump"), "trump", rules)
        self.hand = self._hand(msg, rules) if msg.get("hand") is not None else set()
        if trump in self.hand:
            raise ServerFault(msg, f"the face-up card {trump} is in the hand too")

    def _played(self, msg: Message, rules: TableRules) -> None:
        seat = self._seat(msg, "seat", rules)
        card = self._fresh(msg, msg.get("card"), "card", rules)
        if seat == self.seat and card not in self.hand:
            raise ServerFault(msg, f"our seat played {card}, a card it does not hold")
        if seat != self.seat and card in self.hand:
            raise ServerFault(msg, f"seat {seat} played {card}, a card in our hand")
        if not isinstance(msg.get("standin", False), bool):
            raise ServerFault(msg, f"standin must be true or false, got {_shown(msg['standin'])}")
        self.hand.discard(card)
        self.gone.add(card)

    def _trick(self, msg: Message, rules: TableRules) -> None:
        for pair in _list(msg, "cards", size=rules.players):
            if not isinstance(pair, dict):
                raise ServerFault(
                    msg, f"each of cards must be a seat and a card, got {_shown(pair)}"
                )
            self._seat(pair | {"type": "trick"}, "seat", rules)
            _card(msg, pair.get("card"), "a trick's card")
        self._seat(msg, "winner", rules)
        _int(msg, "points", 0, 120)

    def _draw(self, msg: Message, rules: TableRules) -> None:
        if self.seat is None:
            raise ServerFault(msg, "a spectator is shown a drawn card")
        card = self._fresh(msg, msg.get("card"), "card", rules)
        if len(self.hand) >= HAND or card in self.hand:
            raise ServerFault(msg, f"{card} drawn into a hand of {len(self.hand)} cards")
        self.hand.add(card)

    def _trump_taken(self, msg: Message, rules: TableRules) -> None:
        self._seat(msg, "seat", rules)
        _card(msg, msg.get("card"), "card")

    def _exchanged(self, msg: Message, rules: TableRules) -> None:
        seat = self._seat(msg, "seat", rules)
        gave = _card(msg, msg.get("gave"), "gave")
        took = _card(msg, msg.get("took"), "took")
        if seat == self.seat:
            if gave not in self.hand:
                raise ServerFault(msg, f"our seat gave {gave}, a card it does not hold")
            self.hand = (self.hand - {gave}) | {took}

    def _round_end(self, msg: Message, rules: TableRules) -> None:
        _ints(msg, "points", len(rules.teams))
        _int(msg, "winner", 0, len(rules.teams) - 1, null=True)
        _ints(msg, "rounds_won", len(rules.teams))

    def _match_end(self, msg: Message, rules: TableRules) -> None:
        self._round_end(msg | {"points": [0] * len(rules.teams)}, rules)
        _text(msg, "reason")

    def _turn(self, msg: Message, rules: TableRules) -> None:
        """A turn, or the snapshot of a resumed seat (``state``): the whole view."""
        if msg["type"] == "turn":
            _int(msg, "id", -(2**53), 2**53)
            _int(msg, "time_ms", 0, 24 * 3600 * 1000, null=True)
        self.gone = set()
        self._view(msg, rules)  # the cards played this round, first
        hand = self._hand(msg, rules)
        if msg["type"] == "turn" and self.hand and hand != self.hand:
            ours = " ".join(sorted(map(str, self.hand)))
            raise ServerFault(msg, f"its hand is not the one we hold ({ours})")
        legal = _list(msg, "legal") if msg["type"] == "turn" else msg.get("legal") or []
        cards = [c for c in legal if c != "exchange"]
        if msg["type"] == "turn" and not legal:
            raise ServerFault(msg, "no card may be played")
        if not {_card(msg, c, "a legal card") for c in cards} <= hand:
            raise ServerFault(msg, "a legal card is not in the hand")
        self.hand = hand

    def _view(self, msg: Message, rules: TableRules) -> None:
        """The rest of a turn-shaped message, as :func:`~..protocol.bot_side.rebuild` reads it."""
        if msg.get("trump_suit") not in ("C", "D", "S", "B"):
            raise ServerFault(
                msg, f"trump_suit must be C, D, S or B, got {_shown(msg.get('trump_suit'))}"
            )
        if msg.get("trump") is not None:
            self._fresh(msg, msg.get("trump"), "trump", rules)
        _int(msg, "stock", 0, len(rules.deck))
        _ints(msg, "points", len(rules.teams))
        _ints(msg, "hand_sizes", rules.players)
        tricks = [*_list(msg, "played", most=40), _list(msg, "trick", most=rules.players - 1)]
        for i, trick in enumerate(tricks):
            done = i < len(tricks) - 1
            if not isinstance(trick, list) or (done and len(trick) != rules.players):
                raise ServerFault(
                    msg, f"a trick must list the cards of every seat, got {_shown(trick)}"
                )
            for pair in trick:
                if not isinstance(pair, dict):
                    raise ServerFault(
                        msg, f"a card played must be a seat and a card, got {_shown(pair)}"
                    )
                self._seat(pair | {"type": msg["type"]}, "seat", rules)
                if not isinstance(pair.get("standin", False), bool):
                    raise ServerFault(msg, f"standin must be true or false, got {_shown(pair)}")
                self.gone.add(self._fresh(msg, pair.get("card"), "a card played", rules))
        for key in ("round", "dealer", "leader", "to_move"):
            if msg.get(key) is not None:
                _int(msg, key, 0, SCORE_MAX if key == "round" else rules.players - 1)
        if msg.get("rounds_won") is not None:
            _ints(msg, "rounds_won", len(rules.teams))
        for key in ("exchanges", "known", "trump_taken"):
            if msg.get(key) is not None and not isinstance(msg.get(key), list | dict):
                raise ServerFault(
                    msg, f"{key} must be a list or an object, got {_shown(msg.get(key))}"
                )


_EVENTS: dict[str, Callable[[Checker, Message, TableRules], None]] = {
    "round_start": Checker._round_start,
    "played": Checker._played,
    "trick": Checker._trick,
    "draw": Checker._draw,
    "trump_taken": Checker._trump_taken,
    "exchanged": Checker._exchanged,
    "round_end": Checker._round_end,
    "match_end": Checker._match_end,
    "turn": Checker._turn,
    "state": Checker._turn,
}
