"""Reading what the person types: a card, a number, a command; completion.

:class:`Reader` is the one reader, for the terminal prompt and the plain line
mode alike.  Cards are numbered by their slot in the hand, which keeps its
number through a round (the card drawn takes the slot of the card played),
so a slot can be empty once the stock is gone.  Floor 6.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from ..engine.cards import (
    ALL_CARDS,
    Card,
    Faces,
    Language,
    card_code,
    card_label,
    card_name,
    name_index,
    unaccented,
)
from ..engine.game import EXCHANGE, Action
from ..engine.text import printable
from ..words.answers import ALIASES
from ..words.table import exchange_ranks, words

__all__ = ["COMMANDS", "Command", "EntryError", "HandCompleter", "Reader"]

COMMANDS = ("help", "hand", "last", "seen", "score", "hint", "undo", "rules", "quit", "exchange")

Slots = Sequence[Card | None]


class EntryError(ValueError):
    """An entry that is no card in hand and no command; the message says what to type."""


@dataclass(frozen=True, slots=True)
class Command:
    name: str


def _words_of(name: str) -> list[str]:
    """Every tail of a card's name from a word on: ``ace of coins``, ``of coins``,
    ``coins``; German compounds split at the hyphen (``munz-ass``, ``ass``); without
    accents, as a keyboard may type them (``as de ouros`` for ``Ás de Ouros``)."""
    low = unaccented(name.lower())
    starts = [0] + [m.end() for m in re.finditer(r"[\s-]+", low)]
    return [low[i:] for i in starts]


class Reader:
    """Reads entries against the hand (by slot) and the legal actions of the moment."""

    def __init__(self, faces: Faces, lang: Language, variant: str) -> None:
        self.faces, self.lang, self.variant = faces, lang, variant
        self.index = name_index(faces, lang)
        self.slots: tuple[Card | None, ...] = ()
        self.legal: tuple[Action, ...] = ()

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(c for c in self.slots if c is not None)

    def set_turn(self, slots: Slots, legal: Sequence[Action]) -> None:
        self.slots, self.legal = tuple(slots), tuple(legal)

    def code(self, card: Card) -> str:
        return card_code(card, self.faces, self.lang)

    def _range(self) -> str:
        numbers = [str(i + 1) for i, c in enumerate(self.slots) if c is not None]
        if len(numbers) == 1:
            return numbers[0]
        if numbers == [str(i) for i in range(1, len(numbers) + 1)]:
            return f"1-{len(numbers)}"
        return words(self.lang, "or", a=", ".join(numbers[:-1]), b=numbers[-1])

    def read(self, text: str) -> Action | Command:
        """The card or command ``text`` names, or :class:`EntryError` saying why not."""
        low = " ".join(text.lower().split())
        low = ALIASES.get(low, low)
        w = self.lang
        if not low and len(self.hand) == 1 and self.hand[0] in self.legal:
            return self.hand[0]  # the last card, forced: Enter plays it
        if not low:
            ace = Card.parse("AD")
            example = f"{self.code(ace)}, {card_name(ace, self.faces, w)}"
            raise EntryError(words(w, "entry.empty", range=self._range(), example=example))
        if low == "exchange":
            if EXCHANGE in self.legal:
                return EXCHANGE
            if self.variant != "brisca":
                raise EntryError(words(w, f"entry.no_exchange.{self.variant}"))
            high, low = exchange_ranks(w, self.faces)
            raise EntryError(words(w, "entry.no_exchange_now", high=high, low=low))
        if low in COMMANDS:
            return Command(low)
        if low.isdigit():
            i = int(low)
            if 1 <= i <= len(self.slots) and self.slots[i - 1] is not None:
                card = self.slots[i - 1]
                assert card is not None
                return card
            held = ", ".join(
                f"{k + 1} {self.code(c)}" for k, c in enumerate(self.slots) if c is not None
            )
            raise EntryError(words(w, "entry.no_slot", i=i, range=self._range(), hand=held))
        card = self.index.get(low)
        if card is None:
            return self._by_prefix(low, text)
        if card not in self.hand:
            mine = ", ".join(self.code(c) for c in self.hand)
            raise EntryError(
                words(w, "entry.not_in_hand", card=card_name(card, self.faces, w), hand=mine)
            )
        return card

    def _names_a_card(self, low: str) -> bool:
        """Whether ``low`` starts a rank or a suit of some card of the pack (``ass``,
        ``coppe``), so that a refusal can say none is held rather than "not a card"."""
        if len(low) < 2:
            return False
        for card in ALL_CARDS:
            tails = _words_of(card_name(card, self.faces, self.lang))
            if any(re.split(r"[\s-]", tail)[0].startswith(low) for tail in (tails[0], tails[-1])):
                return True
        return False

    def _by_prefix(self, low: str, text: str) -> Card:
        """A card in hand whose name has a word starting with ``low`` (``ace``, ``six``,
        ``coins``); several such cards are named so the person can choose."""
        low = unaccented(low)
        found = [
            c
            for c in self.hand
            if any(tail.startswith(low) for tail in _words_of(card_name(c, self.faces, self.lang)))
        ]
        if len(found) == 1:
            return found[0]
        w = self.lang
        if found:
            codes = [self.code(c) for c in found]
            choice = words(w, "or", a=", ".join(codes[:-1]), b=codes[-1])
            raise EntryError(words(w, "entry.which", cards=choice))
        if self._names_a_card(low):  # a rank or suit of the pack, none of it in hand
            mine = ", ".join(self.code(c) for c in self.hand)
            said = repr(printable(text.strip(), limit=40))
            raise EntryError(words(w, "entry.none_held", text=said, hand=mine))
        raise EntryError(
            words(
                w,
                "entry.unknown",
                # Echoed short and escaped: a 5 MB line or an escape sequence is no entry.
                text=repr(printable(text.strip(), limit=40)),
                range=self._range(),
                example=self.code(self.hand[0]) if self.hand else "AD",
            )
        )


class HandCompleter(Completer):
    """Completes the cards in hand (by code or name, a word of it too) and the commands."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        typed = document.text_before_cursor
        prefix = unaccented(typed.lstrip().lower())
        r = self.reader
        for i, card in enumerate(r.slots):
            if card is None:
                continue
            name = card_name(card, r.faces, r.lang)
            label = card_label(card, r.faces, r.lang)
            spellings = [str(card).lower(), label.lower(), r.code(card).lower(), *_words_of(name)]
            if any(s.startswith(prefix) for s in spellings):
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
