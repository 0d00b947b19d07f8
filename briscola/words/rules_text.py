"""The rules of the game written out for players, in every language (``RULES``).

RULES.md told to a person at the table; it imports only the cards' names and
letters.  ``briscola rules`` prints it and the prompt shows it through
:func:`rules_text`.  Every language's text says the same things in the same
order; a test holds them to the same numbers and card codes.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Final

from ..engine.cards import Card, Faces, card_code, card_name, default_faces, letters_key
from .i18n import Catalog, say, template
from .languages import catalog
from .table import pack_words

__all__ = ["RULES", "cards_text", "main", "rules_text"]

_BOOK: Final[Catalog] = catalog("RULES")

# The rules' text in every language, the figures and orders of the pack in use left to
# fill in (``{order}``, ``{king}``...); how cards are written is put together below.
RULES: Final[dict[str, str]] = {lang: template(_BOOK, lang, "body") for lang in _BOOK}

# The paragraphs of the last section, below its head: the letters of the faces and
# language in use, with their key.
_CARDS: Final = ("cards.codes", "cards.ranks", "cards.suits", "cards.packs")


def cards_text(lang: str = "en", faces: Faces = "italian") -> str:
    """The rules' last section: how cards are written in these faces and language."""
    ranks, suits = letters_key(faces, lang)  # type: ignore[arg-type]
    ex1, ex2 = Card.parse("AD"), Card.parse("QS")
    command = "briscola rules" + (f" --lang {lang}" if lang != "en" else "")
    values = {
        "ex1": card_code(ex1, faces, lang),  # type: ignore[arg-type]
        "name1": card_name(ex1, faces, lang),  # type: ignore[arg-type]
        "ex2": card_code(ex2, faces, lang),  # type: ignore[arg-type]
        "name2": card_name(ex2, faces, lang),  # type: ignore[arg-type]
        "ranks": ranks,
        "suits": suits,
        "command": command,
    }
    lines = [say(_BOOK, lang, "cards.head")]
    for key in _CARDS:
        lines += textwrap.wrap(template(_BOOK, lang, key).format(**values), 78, initial_indent="  ",
                               subsequent_indent="  ", break_on_hyphens=False)  # fmt: skip
    return "\n".join(lines) + "\n"


def rules_text(lang: str = "en", faces: Faces | None = None) -> str:
    """The rules for players in ``lang``, the cards written in the letters of ``faces``
    in that language (by default the language's own pack: :func:`default_faces`): the
    order, the points and the exchange name the figures of that pack."""
    try:
        body = RULES[lang]
    except KeyError:
        raise ValueError(f"no rules in {lang!r}; expected one of {', '.join(RULES)}") from None
    faces = faces or default_faces(lang)
    filled = body.format(**pack_words(lang, faces))  # type: ignore[arg-type]
    return "\n".join(_fit(line) for line in filled.split("\n")) + "\n" + cards_text(lang, faces)


def _fit(line: str, width: int = 78) -> str:
    """A line the names filled in made too long, broken at spaces and kept indented."""
    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip()))
    return "\n".join(textwrap.wrap(line, width, initial_indent="", subsequent_indent=indent,
                                   break_on_hyphens=False))  # fmt: skip


def main(args: argparse.Namespace) -> int:
    """``briscola rules [--lang LANG] [--faces FACES]``."""
    print(rules_text(args.lang, args.faces), end="")
    return 0
