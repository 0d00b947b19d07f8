"""The table's words: the ``TABLE`` section of every language, and the texts put
together from it (help, the short rules, the names of seats and levels).

Every sentence is whole, with the person (``you``, ``other``, ``we``,
``they``) or the number as its form, so that each language keeps its own
word order and grammar.  ``briscola play`` and a LAN table (``briscola
join``) show the same table through the same words.
"""

from __future__ import annotations

import re
from typing import Final

from ..engine.cards import (
    Card,
    Faces,
    Language,
    Rank,
    Ranking,
    card_code,
    card_name,
    default_faces,
    letters_key,
    rank_word,
    strength_table,
)
from .i18n import Catalog, say, template
from .languages import catalog

__all__ = [
    "BOT_NAMES",
    "CATALOG",
    "exchange_ranks",
    "gender_of",
    "help_text",
    "note_words",
    "pack_words",
    "short_rules",
    "shown_name",
    "words",
]

# The names the program gives the bots at a table, with the gender the sentences
# agree with ("la tua compagna"); a name not here (a person's own) takes the
# neutral forms.
BOT_NAMES: Final[dict[str, str]] = {
    "Marco": "m",
    "Giulia": "f",
    "Luca": "m",
    "Sofia": "f",
    "Paolo": "m",
}

CATALOG: Final[Catalog] = catalog("TABLE")


def words(
    lang: str,
    key: str,
    /,
    *,
    person: str | None = None,
    count: int | None = None,
    gender: str | None = None,
    **values: object,
) -> str:
    """The prompt's sentence ``key`` in ``lang``, filled in."""
    return say(CATALOG, lang, key, person=person, count=count, gender=gender, **values)


def gender_of(name: str) -> str:
    """``m`` or ``f`` for a name of the catalog (a LAN table's "Giulia (expert)" too),
    ``n`` (neutral) for any other."""
    return BOT_NAMES.get(name, BOT_NAMES.get(name.partition(" (")[0], "n")) if name else "n"


def shown_name(lang: str, name: str) -> str:
    """A seat's name on the screen: a LAN table names a built-in bot by a name of the
    catalog and its spec ("Marco (expert)"; older servers by the spec alone), said in
    the language; any other name as it is."""
    key = f"botname.{name}"
    if key in CATALOG["en"]:
        return words(lang, key)
    own, _, spec = name.partition(" (")
    level = spec[:-1].partition(":")[0] if spec.endswith(")") else ""
    if own in BOT_NAMES and f"note.{level}" in CATALOG["en"]:
        return f"{own} ({note_words(lang, level, BOT_NAMES[own])})"
    return name


def note_words(lang: str, note: str, gender: str = "n") -> str:
    """A seat's note in ``lang``: a level or a built-in bot in words, any other as it is."""
    key = f"note.{note}"
    return words(lang, key, gender=gender) if key in CATALOG["en"] else note


def _either(lang: str, items: list[str]) -> str:
    return words(lang, "or", a=", ".join(items[:-1]), b=items[-1])


def exchange_ranks(lang: Language, faces: Faces) -> tuple[str, str]:
    """The face-up ranks the trump 7 and the trump 2 may take, in words:
    ``("Ace, 3, King, Knight or Jack", "4, 5, 6 or 7")``."""
    high = [rank_word(r, faces, lang) for r in (Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT)]
    high.append(rank_word(Rank.JACK, faces, lang))
    low = [rank_word(r, faces, lang) for r in (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN)]
    return _either(lang, high), _either(lang, low)


def _typed(word: str, lang: str) -> str:
    """A word as a person would type it: German keeps a noun's capital."""
    return word if lang == "de" else word.lower()


def help_text(lang: Language, faces: Faces, variant: str, *, lan: bool = False) -> str:
    """``help``: the card codes of these faces and language with their key, and the
    commands of this variant (``exchange`` only in brisca); at a LAN table (``lan``)
    those that work there: no hint and no undo, but say and leave."""
    ace = Card.parse("AD")
    ranks, suits = letters_key(faces, lang)
    name = card_name(ace, faces, lang)
    lines = [
        words(lang, "help.cards", example=card_code(ace, faces, lang), example_name=name,
              ace=_typed(rank_word(Rank.ACE, faces, lang), lang)),
        words(lang, "help.key", ranks=ranks, suits=suits),
        words(lang, "help.head"),
        words(lang, "help.top"),
        words(lang, "help.seen7" if variant == "bisca" else "help.seen"),
        words(lang, "help.mid"),
    ]  # fmt: skip
    if variant == "brisca":
        lines.append(words(lang, "help.exchange"))
    if lan:
        # A command's line starts with its word, or with the language's own and the
        # English one after it: "hint ...", "tipp (hint) ...".
        lines = [ln for part in lines for ln in part.splitlines()
                 if not re.match(r"\s*(hint|undo)\b|\s*\S+ \((hint|undo)\)", ln)]  # fmt: skip
        lines += [words(lang, "help.say"), words(lang, "help.leave")]
    else:
        lines.append(words(lang, "help.quit"))
    return "\n".join(lines)


def pack_words(lang: Language, faces: Faces) -> dict[str, str]:
    """The figures and orders of the pack in use, in words, for the rules (short and
    whole): ``order`` ("Ace, 3, King, Knight, Jack, 7, ...") and ``order_bisca``,
    ``ace``, ``king``, ``knight`` and ``jack`` (the 4-, 3- and 2-point cards, whatever
    their pictures), ``high`` and ``low`` (what the trump 7 and 2 may take), ``two``
    (the one card a 39-card pack leaves out: the 2 of Batons)."""

    def order(ranking: Ranking) -> str:
        strength = strength_table(ranking)
        ranks = sorted(Rank, key=lambda r: -strength[r])
        return ", ".join(word(r) for r in ranks)

    def word(rank: Rank) -> str:
        return rank_word(rank, faces, lang)

    high, low = exchange_ranks(lang, faces)
    return {
        "order": order("default"), "order_bisca": order("bisca"), "high": high, "low": low,
        "ace": word(Rank.ACE), "king": word(Rank.KING), "knight": word(Rank.KNIGHT),
        "jack": word(Rank.JACK), "two": card_name(Card.of(Rank.TWO, 3), faces, lang),
    }  # fmt: skip


def short_rules(lang: Language, faces: Faces) -> str:
    """``rules`` at the table: the rules in short, the cards named in these faces."""
    command = "briscola rules" + (f" --lang {lang}" if lang != "en" else "")
    command += f" --faces {faces}" if faces != default_faces(lang) else ""
    return template(CATALOG, lang, "rules.short").format(command=command, **pack_words(lang, faces))
