"""Reading what the person types: a card, a number, a command; completion and validation.

:func:`read_entry` is the one reader, shared by the terminal prompt (through
:class:`EntryValidator`, which refuses a bad entry with its message before
Enter takes it) and the plain line mode.  Floor 6.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from ..cards import Card, Faces, Language, card_label, card_name, name_index
from ..game import EXCHANGE, Action
from .words import ALIASES, words

__all__ = ["COMMANDS", "Command", "EntryError", "EntryValidator", "HandCompleter", "Reader"]

COMMANDS = ("help", "hand", "last", "score", "rules", "quit", "exchange")


class EntryError(ValueError):
    """An entry that is no card in hand and no command; the message says what to type."""


@dataclass(frozen=True, slots=True)
class Command:
    name: str


class Reader:
    """Reads entries against the hand and the legal actions of the moment."""

    def __init__(self, faces: Faces, lang: Language, variant: str) -> None:
        self.faces, self.lang, self.variant = faces, lang, variant
        self.index = name_index(faces, lang)
        self.hand: tuple[Card, ...] = ()
        self.legal: tuple[Action, ...] = ()

    def set_turn(self, hand: Sequence[Card], legal: Sequence[Action]) -> None:
        self.hand, self.legal = tuple(hand), tuple(legal)

    def _range(self) -> str:
        return "1" if len(self.hand) == 1 else f"1-{len(self.hand)}"

    def read(self, text: str) -> Action | Command:
        """The card or command ``text`` names, or :class:`EntryError` saying why not."""
        low = " ".join(text.lower().split())
        low = ALIASES.get(low, low)
        w = self.lang
        if not low:
            example = f"AD, {card_name(Card.parse('AD'), self.faces, w)}"
            raise EntryError(
                words(
                    w,
                    "Type {range} for a card in your hand, the card itself (e.g. {example}), "
                    "or help.",
                    range=self._range(),
                    example=example,
                )
            )
        if low == "exchange":
            if EXCHANGE in self.legal:
                return EXCHANGE
            if self.variant != "brisca":
                raise EntryError(
                    words(w, "There is no exchange in the {variant} variant.", variant=self.variant)
                )
            raise EntryError(
                words(
                    w,
                    "No exchange now: the trump 7 takes a face-up A, 3, K, Q or J and the trump 2 "
                    "a 4, 5, 6 or 7, once per turn, while the face-up card lies under the stock.",
                )
            )
        if low in COMMANDS:
            return Command(low)
        if low.isdigit():
            i = int(low)
            if 1 <= i <= len(self.hand):
                return self.hand[i - 1]
            raise EntryError(
                words(
                    w, "There is no card {i} in your hand: type {range}.", i=i, range=self._range()
                )
            )
        card = self.index.get(low)
        if card is None:
            raise EntryError(
                words(
                    w,
                    "Not a card or a command: {text}. Type {range}, a card in your hand such as "
                    "{example}, or help.",
                    text=repr(text.strip()),
                    range=self._range(),
                    example=card_label(self.hand[0], self.faces) if self.hand else "AD",
                )
            )
        if card not in self.hand:
            mine = ", ".join(card_label(c, self.faces) for c in self.hand)
            raise EntryError(
                words(
                    w,
                    "{card} is not in your hand ({hand}).",
                    card=card_name(card, self.faces, w),
                    hand=mine,
                )
            )
        return card


class EntryValidator(Validator):
    """Refuses what :class:`Reader` refuses, with its message; keeps the messages shown."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.refused: list[str] = []

    def validate(self, document: Document) -> None:
        try:
            self.reader.read(document.text)
        except EntryError as err:
            self.refused.append(str(err))
            raise ValidationError(message=str(err), cursor_position=len(document.text)) from None


class HandCompleter(Completer):
    """Completes the cards in hand (by text or name) and the commands."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        typed = document.text_before_cursor
        prefix = typed.lstrip().lower()
        r = self.reader
        for i, card in enumerate(r.hand):
            name = card_name(card, r.faces, r.lang)
            label = card_label(card, r.faces)
            if any(w.lower().startswith(prefix) for w in (str(card), label, name)):
                yield Completion(
                    name,
                    start_position=-len(typed),
                    display=f"{i + 1} {label} {name}",
                    style=f"class:suit{card.suit}",
                )
        if prefix:
            for cmd in COMMANDS:
                if cmd.startswith(prefix) and (cmd != "exchange" or EXCHANGE in r.legal):
                    yield Completion(cmd, start_position=-len(typed))
