"""Cards: the 40-card pack, its one text form, strength and points, display names.

The engine's ground floor; it imports nothing of the project.

A :class:`Card` is an ``int`` from 0 to 39 (``suit * 10 + rank``) with a
readable face: ``str(card)`` is the text form used on the wire, in records and
at the prompt (``"AD"``, ``"3C"``, ``"QS"``, ``"7B"``), and ``Card.parse``
reads it back.  Being an int lets the engine and the bots index plain lists
by card in their hot loops, while every card a caller sees prints as itself.
"""

from __future__ import annotations

import unicodedata
from enum import IntEnum
from functools import cache
from typing import Final, Literal

__all__ = [
    "ALL_CARDS",
    "FACES",
    "LANGUAGES",
    "RANKINGS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "Card",
    "CardError",
    "Faces",
    "Language",
    "Rank",
    "Ranking",
    "Suit",
    "beats_table",
    "card_code",
    "card_label",
    "card_name",
    "card_points",
    "card_strength",
    "default_faces",
    "letters_key",
    "name_index",
    "parse_cards",
    "points_table",
    "rank_letters",
    "rank_word",
    "strength_table",
    "suit_letters",
    "suit_name",
    "unaccented",
]


class CardError(ValueError):
    """A card's text form could not be read."""


class Suit(IntEnum):
    """The four suits, in the order of their letters ``C D S B``."""

    CUPS = 0
    COINS = 1
    SWORDS = 2
    BATONS = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]


class Rank(IntEnum):
    """The ten ranks, in the order of their letters ``A 2 3 4 5 6 7 J Q K``."""

    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    JACK = 7
    KNIGHT = 8  # Cavallo; the Queen of a French pack
    KING = 9

    @property
    def char(self) -> str:
        return RANK_CHARS[self]


SUIT_CHARS: Final = "CDSB"
RANK_CHARS: Final = "A234567JQK"

Ranking = Literal["default", "bisca"]
RANKINGS: Final[tuple[Ranking, ...]] = ("default", "bisca")

# Strength by rank (higher wins) and points by rank, per ranking.  In bisca
# the 7 is second (10 points) and the 3 drops to its place in the number
# order, between the 4 and the 2 (0 points): RULES.md, corrected.
_STRENGTH: Final[dict[str, tuple[int, ...]]] = {
    #           A   2  3  4  5  6  7  J  Q  K
    "default": (9, 0, 8, 1, 2, 3, 4, 5, 6, 7),
    "bisca": (9, 0, 1, 2, 3, 4, 8, 5, 6, 7),
}
_POINTS: Final[dict[str, tuple[int, ...]]] = {
    "default": (11, 0, 10, 0, 0, 0, 0, 2, 3, 4),
    "bisca": (11, 0, 0, 0, 0, 0, 10, 2, 3, 4),
}


class Card(int):
    """One card of the pack; an int from 0 to 39 that prints as ``"AD"``.

    >>> Card.parse("AD")
    Card('AD')
    >>> Card.parse("AD").suit, Card.parse("AD").rank
    (<Suit.COINS: 1>, <Rank.ACE: 0>)
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):  # so that a card's repr, Card('AD'), reads back
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 40:
            return ALL_CARDS[value]
        raise CardError(f"card number must be 0..39, got {value!r}")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        return ALL_CARDS[int(suit) * 10 + int(rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card's text form: rank then suit, e.g. ``AD``, ``3c``, ``QS``."""
        if not isinstance(text, str):
            raise CardError(f"a card is a string like 'AD', got {text!r}")
        t = text.strip().upper()
        if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
            raise CardError(
                f"not a card: {text!r}; expected a rank {' '.join(RANK_CHARS)} "
                f"then a suit {' '.join(SUIT_CHARS)}, e.g. 'AD', '3C', 'QS', '7B'"
            )
        return ALL_CARDS[SUIT_CHARS.index(t[1]) * 10 + RANK_CHARS.index(t[0])]

    @property
    def suit(self) -> Suit:
        return Suit(self // 10)

    @property
    def rank(self) -> Rank:
        return Rank(self % 10)

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        if not spec:  # every f"{card}": the text itself, without a second format call
            return _TEXT[self]
        return format(_TEXT[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_TEXT: Final = tuple(RANK_CHARS[i % 10] + SUIT_CHARS[i // 10] for i in range(40))
ALL_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(40))


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, e.g. ``"AD 3C, QS"``."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def strength_table(ranking: Ranking = "default") -> tuple[int, ...]:
    """Strength of each card 0..39 within its suit (higher wins)."""
    s = _STRENGTH[ranking]
    return tuple(s[i % 10] for i in range(40))


def points_table(ranking: Ranking = "default") -> tuple[int, ...]:
    """Points of each card 0..39."""
    p = _POINTS[ranking]
    return tuple(p[i % 10] for i in range(40))


@cache
def beats_table(ranking: Ranking = "default") -> tuple[tuple[tuple[bool, ...], ...], ...]:
    """``beats_table(ranking)[trump][best][card]``: whether ``card``, played after
    ``best`` (the card winning the trick so far), takes the trick from it.

    A card of the same suit wins when it is stronger; a card of another suit
    wins only when it is a trump.  The engine resolves tricks with it.
    """
    s = strength_table(ranking)
    return tuple(
        tuple(
            tuple(
                s[card] > s[best] if card // 10 == best // 10 else card // 10 == trump
                for card in range(40)
            )
            for best in range(40)
        )
        for trump in range(4)
    )


def card_strength(card: Card, ranking: Ranking = "default") -> int:
    return _STRENGTH[ranking][card % 10]


def card_points(card: Card, ranking: Ranking = "default") -> int:
    return _POINTS[ranking][card % 10]


# --- Display names ---------------------------------------------------------
#
# Four faces (the pictures on the pack) in five languages.  The faces decide
# which figures the pack has, the language the words for them: a Spanish pack
# in English has a Jack, a Knight and a King of Cups, Coins, Swords and Batons,
# a French pack in Portuguese a Valete (its J), a Dama and a Rei.  The
# Portuguese pack is French-suited with its Jack worth 3 and its Queen 2 (Sueca
# and Bisca: A 7 K J Q), so its Jack is the card of the Italian Knight's points.

Faces = Literal["italian", "french", "spanish", "portuguese"]
Language = Literal["en", "de", "it", "es", "pt"]
FACES: Final[tuple[Faces, ...]] = ("italian", "french", "spanish", "portuguese")
LANGUAGES: Final[tuple[Language, ...]] = ("en", "de", "it", "es", "pt")


def default_faces(lang: str) -> Faces:
    """The pack a language's players know: the Portuguese one in Portuguese (its Jack
    worth 3, its Queen 2), the Spanish one in Spanish, else the Italian."""
    return _LANGUAGE_FACES.get(lang, "italian")


_LANGUAGE_FACES: Final[dict[str, Faces]] = {"pt": "portuguese", "es": "spanish"}


_NUM: Final = {
    "en": ("Two", "Three", "Four", "Five", "Six", "Seven"),
    "de": ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben"),
    "it": ("Due", "Tre", "Quattro", "Cinque", "Sei", "Sette"),
    "es": ("Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete"),
    "pt": ("Dois", "Três", "Quatro", "Cinco", "Seis", "Sete"),
}


def _ranks(lang: str, ace: str, jack: str, knight: str, king: str) -> tuple[str, ...]:
    """The ten rank words in rank order: ``jack`` is the 2-point card, ``knight`` the
    3-point one, whatever their pictures."""
    return (ace, *_NUM[lang], jack, knight, king)


# Per language, the words for a Latin pack (Italian or Spanish: the same figures,
# the Fante and the Sota one card) and for the figures and suits of a French one.
_LATIN: Final = {
    "en": (("Ace", "Jack", "Knight", "King"), "{rank} of {suit}"),
    "de": (("Ass", "Bube", "Reiter", "König"), "{suit}-{rank}"),
    "it": (("Asso", "Fante", "Cavallo", "Re"), "{rank} di {suit}"),
    "es": (("As", "Sota", "Caballo", "Rey"), "{rank} de {suit}"),
    "pt": (("Ás", "Sota", "Cavalo", "Rei"), "{rank} de {suit}"),
}
_LATIN_SUITS: Final = {
    "en": ("Cups", "Coins", "Swords", "Batons"),
    "de": ("Kelche", "Münzen", "Schwerter", "Stäbe"),
    "it": ("Coppe", "Denari", "Spade", "Bastoni"),
    "es": ("Copas", "Oros", "Espadas", "Bastos"),
    "pt": ("Copas", "Ouros", "Espadas", "Paus"),
}
_FRENCH: Final = {  # ace, jack, queen, king
    "en": (("Ace", "Jack", "Queen", "King"), ("Hearts", "Diamonds", "Spades", "Clubs")),
    "de": (("Ass", "Bube", "Dame", "König"), ("Herz", "Karo", "Pik", "Kreuz")),
    "it": (("Asso", "Fante", "Donna", "Re"), ("Cuori", "Quadri", "Picche", "Fiori")),
    "es": (("As", "Jota", "Reina", "Rey"), ("Corazones", "Diamantes", "Picas", "Tréboles")),
    "pt": (("Ás", "Valete", "Dama", "Rei"), ("Copas", "Ouros", "Espadas", "Paus")),
}


def _names(faces: str, lang: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(rank words, suit words, pattern) of one faces in one language."""
    pattern = _LATIN[lang][1]
    if faces in ("italian", "spanish"):
        # One set of Latin suit words: English says Batons for the Spanish Bastos too,
        # as "Clubs" on the letter B beside C for Cups would make "KC" the King of Cups.
        return _ranks(lang, *_LATIN[lang][0]), _LATIN_SUITS[lang], pattern
    (ace, jack, queen, king), suits = _FRENCH[lang]
    # The French pack's Queen takes the Knight's place; the Portuguese pack's Jack does.
    figures = (queen, jack) if faces == "portuguese" else (jack, queen)
    return _ranks(lang, ace, *figures, king), suits, pattern


_NAMES: Final[dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...], str]]] = {
    (faces, lang): _names(faces, lang) for faces in FACES for lang in LANGUAGES
}
_FRENCH_SYMBOLS: Final = ("♥", "♦", "♠", "♣")


def _check(faces: str, lang: str) -> None:
    if faces not in FACES:
        raise ValueError(f"unknown faces {faces!r}; expected one of {', '.join(FACES)}")
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")


def _words(faces: str, lang: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    _check(faces, lang)
    return _NAMES[(faces, lang)]


# German compounds take the singular: Kelch-Drei, Münz-Ass (the suits are Kelche, Münzen).
_SINGULAR_DE: Final = ("Kelch", "Münz", "Schwert", "Stab")
_COMPOUND: Final = {("italian", "de"): _SINGULAR_DE, ("spanish", "de"): _SINGULAR_DE}


def card_name(card: Card, faces: Faces = "italian", lang: Language = "en") -> str:
    """The card's full name: ``Ace of Coins``, ``Asso di Denari``, ``Herz-Dame``."""
    ranks, suits, pattern = _words(faces, lang)
    suits = _COMPOUND.get((faces, lang), suits)
    return pattern.format(rank=ranks[card % 10], suit=suits[card // 10])


def suit_name(suit: Suit | int, faces: Faces = "italian", lang: Language = "en") -> str:
    """The suit's name in the given faces and language: ``Coins``, ``Karo``, ``Oros``."""
    return _words(faces, lang)[1][int(suit)]


# The letters a person sees and types, per faces and language: the initials of
# the names where they do not clash, and never one letter for two things in one
# language (a rank and a suit), else a letter of the name or an old name: the
# Italian Cavallo, Spanish Caballo and Portuguese Cavalo V (C is Coppe, Copas),
# German Stäbe T and Kelche C (B is Bube, K König), German Karo R and Kreuz T
# (Treff), Italian Quadri D (Q is the Donna), Spanish Corazones C and Tréboles
# T.  English names a Latin pack in the text form's letters (Q the Knight, B
# the Batons or Clubs).  French faces keep the corner letters of the pack (J Q
# K; German B D K); so does the Portuguese pack, whose Jack is the 3-point card
# (Q J K).  In Portuguese a French-suited pack's J is V (Valete), its Q D (Dama),
# a Latin pack's figures S V R (Sota, Cavalo, Rei).  The wire and the records
# keep the text form whatever is shown.
_RANK_LETTERS: Final[dict[tuple[str, str], str]] = {
    ("italian", "de"): "A234567BRK",
    ("italian", "it"): "A234567FVR",
    ("french", "de"): "A234567BDK",
    ("spanish", "de"): "A234567BRK",
    ("spanish", "it"): "A234567FVR",
    ("italian", "es"): "A234567SVR",
    ("french", "es"): "A234567JQK",
    ("spanish", "es"): "A234567SVR",
    ("italian", "pt"): "A234567SVR",
    ("french", "pt"): "A234567VDR",
    ("spanish", "pt"): "A234567SVR",
    ("portuguese", "en"): "A234567QJK",
    ("portuguese", "de"): "A234567DBK",
    ("portuguese", "it"): "A234567QJK",
    ("portuguese", "es"): "A234567QJK",
    ("portuguese", "pt"): "A234567DVR",
}
_SUIT_LETTERS: Final[dict[tuple[str, str], str]] = {
    ("italian", "en"): "CDSB",
    ("italian", "de"): "CMST",
    ("italian", "it"): "CDSB",
    ("french", "en"): "HDSC",
    ("french", "de"): "HRPT",
    ("french", "it"): "CDPF",
    ("spanish", "en"): "CDSB",
    ("spanish", "de"): "CMST",
    ("spanish", "it"): "CDSB",
    ("italian", "es"): "COEB",
    ("french", "es"): "CDPT",
    ("spanish", "es"): "COEB",
    ("italian", "pt"): "COEP",
    ("french", "pt"): "COEP",
    ("spanish", "pt"): "COEP",
    ("portuguese", "en"): "HDSC",
    ("portuguese", "de"): "HRPT",
    ("portuguese", "it"): "CDPF",
    ("portuguese", "es"): "CDPT",
    ("portuguese", "pt"): "COEP",
}

# The rank letters printed in the corners of a French-suited pack, which a person
# may type too: the Portuguese pack prints J on its 3-point card.
_CORNERS: Final = {"french": RANK_CHARS, "portuguese": "A234567QJK"}


def rank_letters(faces: Faces = "italian", lang: Language = "en") -> str:
    """The ten rank letters shown in these faces and language, in rank order."""
    _check(faces, lang)
    return _RANK_LETTERS.get((faces, lang), RANK_CHARS)


def suit_letters(faces: Faces = "italian", lang: Language = "en") -> str:
    """The four suit letters shown in these faces and language, in suit order."""
    _check(faces, lang)
    return _SUIT_LETTERS[(faces, lang)]


def rank_word(rank: Rank | int, faces: Faces = "italian", lang: Language = "en") -> str:
    """A rank as a sentence says it: ``Ace``, ``3``, ``Knight``, ``Fante``, ``Dame``."""
    if Rank.TWO <= rank <= Rank.SEVEN:
        return str(int(rank) + 1)
    return _words(faces, lang)[0][int(rank)]


def letters_key(faces: Faces = "italian", lang: Language = "en") -> tuple[str, str]:
    """What the letters of a card's code stand for, ranks and suits:
    ``("A Ace, J Jack, Q Knight, K King", "C Cups, D Coins, S Swords, B Batons")``;
    with French faces each suit with its symbol too (``H ♥ Hearts``)."""
    ranks, suits = rank_letters(faces, lang), suit_letters(faces, lang)
    named = (Rank.ACE, Rank.JACK, Rank.KNIGHT, Rank.KING)
    rank_key = ", ".join(f"{ranks[r]} {rank_word(r, faces, lang)}" for r in named)
    symbols = _FRENCH_SYMBOLS if faces in _CORNERS else ("",) * 4
    suit_key = ", ".join(
        " ".join(p for p in (suits[s], symbols[s], suit_name(s, faces, lang)) if p)
        for s in range(4)
    )
    return rank_key, suit_key


def card_code(card: Card, faces: Faces = "italian", lang: Language = "en") -> str:
    """The two letters a person types for ``card`` in these faces and language:
    ``AD``; ``KH`` for the King of Hearts (the text form's ``KC``); ``FD`` for the
    Fante di Denari; ``SO`` for the Sota de Oros.  Plain ASCII, on any keyboard."""
    return rank_letters(faces, lang)[card % 10] + suit_letters(faces, lang)[card // 10]


def card_label(card: Card, faces: Faces = "italian", lang: Language = "en") -> str:
    """A short label for the screen: ``A♦`` with French faces, else :func:`card_code`."""
    if faces in _CORNERS:
        return rank_letters(faces, lang)[card % 10] + _FRENCH_SYMBOLS[card // 10]
    return card_code(card, faces, lang)


def _typed_letters(faces: Faces, lang: Language) -> tuple[dict[str, int], dict[str, int]]:
    """Rank and suit letters a person may type: the shown ones, and the pack's corner
    letters and the text form's where they mean nothing else (with French faces C is
    Clubs, so not Cups; in the Portuguese pack J is the 3-point Jack)."""
    ranks = {ch: i for i, ch in enumerate(_CORNERS.get(faces, RANK_CHARS))}
    ranks.update({ch: i for i, ch in enumerate(rank_letters(faces, lang))})
    suits = {ch: i for i, ch in enumerate(suit_letters(faces, lang))}
    for i, ch in enumerate(SUIT_CHARS):
        suits.setdefault(ch, i)
    return ranks, suits


def name_index(faces: Faces, lang: Language) -> dict[str, Card]:
    """Every accepted spelling of each card (lower case) in one faces and language:
    its name, its label and the codes a person may type.

    Used to read a card typed at the prompt.
    """
    out: dict[str, Card] = {}
    ranks, suits = _typed_letters(faces, lang)
    shown = {(r + s).lower() for r in rank_letters(faces, lang) for s in suit_letters(faces, lang)}
    # A word of the language is not a code: "as" is the Spanish and Portuguese Ace,
    # not the text form's Ace of Swords.
    words = {unaccented(rank_word(r, faces, lang).lower()) for r in Rank}
    for r, rank in ranks.items():
        for s, suit in suits.items():
            code = (r + s).lower()
            if code in shown or code not in words:
                out[code] = ALL_CARDS[suit * 10 + rank]
        if faces in _CORNERS:  # Q♥ as well as D♥ for a German Dame
            for suit, symbol in enumerate(_FRENCH_SYMBOLS):
                out[(r + symbol).lower()] = ALL_CARDS[suit * 10 + rank]
    for card in ALL_CARDS:
        name = card_name(card, faces, lang).lower()
        out[name] = card
        out[unaccented(name)] = card  # "as de ouros" for "Ás de Ouros"
        out[card_label(card, faces, lang).lower()] = card
    return out


def unaccented(text: str) -> str:
    """``text`` without the accents a keyboard may not have: ``tres`` for ``três``."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
