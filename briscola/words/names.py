"""Names at a table: the one check every name passes, and names that cannot be confused.

A name is read on every line of the table ("Anna plays 7C"), so it must not
mislead: :func:`name_problem` refuses a name with nothing visible in it (only
blank-looking letters, say), one with a character :func:`~..engine.text.printable`
would escape, one with brackets (the screen marks a bot so: "Marco (expert)"),
and the words the screen uses for the person and the sides ("You", "Du",
"Tu", "Us", "Them"...).  Two names *look alike* when they have the same
:func:`skeleton`: NFKC (fullwidth letters are letters), the common lookalikes
of Latin letters in Cyrillic and Greek taken as those letters, case folded,
and 0, 1, I and l taken for o and i.  At one table no two seats look alike: bots take a free
name (:func:`bot_names`), a person whose name is taken gets a number
(:func:`free_name`: "Giulia 2").  The server (hello, join, a table's name)
and ``briscola play`` (``--name``, the settings file) use these, and
``briscola join`` checks its own name before it connects.  Floor 2.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import Final

from ..engine.text import printable
from .languages import BOOKS
from .table import BOT_NAMES, words

__all__ = [
    "NAME_CHARS",
    "bot_names",
    "free_name",
    "free_names",
    "looks_alike",
    "name_problem",
    "skeleton",
]

NAME_CHARS: Final = 40

# Letters that look like Latin ones in the usual fonts (after NFKC, which already
# turns fullwidth forms and most compatibility letters into plain ones).  A small
# table of the common cases, in the spirit of Unicode's confusables (UTS #39).
_CYRILLIC = ("АВСЕНІЈКМОРЅТХҮԌԚԜӀЗЬасԁеһіјкӏорԛѕухԝьѵɡ", "ABCEHIJKMOPSTXYGQWI3bacdehijklopqsyxwbvg")
_GREEK = ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿαορνικυχϲϳγτ", "ABEZHIKMNOPTYXCJaopvikuxcjyt")
_LOOKALIKES: Final = {
    a: b for look, like in (_CYRILLIC, _GREEK) for a, b in zip(look, like, strict=True)
}
# After case folding: what still passes for another (I and l are one stroke in
# many fonts, so both fold to i).
_FOLD_AGAIN: Final = {"rn": "m", "vv": "w", "0": "o", "1": "i", "|": "i", "l": "i", "ı": "i"}


@functools.lru_cache(maxsize=4096)  # a server asks again for each table's names, often
def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton are taken for one."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(_LOOKALIKES.get(c, c) for c in text)
    text = " ".join(text.casefold().split())
    for pair, one in _FOLD_AGAIN.items():
        text = text.replace(pair, one)
    return text


def looks_alike(a: str, b: str) -> bool:
    return skeleton(a) == skeleton(b)


@functools.cache  # when first asked: it reads every language's file
def _reserved() -> frozenset[str]:
    """The words the table's screen says instead of a name, in every language."""
    return frozenset(skeleton(words(lang, key)) for lang in BOOKS for key in ("you", "us", "them"))


def name_problem(name: str, what: str = "a name", *, seat: bool = True) -> str | None:
    """Why ``name`` cannot be a name at a table (said in English, for the protocol and
    the command line), or None when it can.  ``what`` names it in the sentence; a
    name that is not a seat's (a table's) may hold brackets and the table's words."""
    if not name.strip():
        return f"{what} must not be empty"
    if len(name) > NAME_CHARS:
        return f"{what} is at most {NAME_CHARS} characters, got {len(name)}"
    if printable(name) != name:
        shown = printable(name, NAME_CHARS * 2)
        return f"{what} may not hold control, invisible or blank-looking characters: {shown!r}"
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        return f"{what} needs a visible letter or digit, got {name!r}"
    if not seat:
        return None
    if any(unicodedata.category(c) in ("Ps", "Pe") for c in unicodedata.normalize("NFKC", name)):
        return f"{what} may not hold brackets (the table marks its bots so), got {name!r}"
    if skeleton(name) in _reserved():
        return f"{name!r} is a word the table uses for a player (like 'You'); choose another"
    return None


def free_name(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or with a number added ("Giulia 2") when a name taken looks like it."""
    return free_names([wanted], taken)[0]


def free_names(wanted: Iterable[str], taken: Iterable[str]) -> list[str]:
    """Each of ``wanted`` in turn, as :func:`free_name` gives it, none like a name taken
    nor like one given before it: unique however many there are, in one pass."""
    seen = {skeleton(n) for n in taken}
    given = []
    for want in wanted:
        name, n = want, 1
        while (look := skeleton(name)) in seen:
            n += 1
            if n == 1000:  # pragma: no cover - 998 people
                raise ValueError(f"no free name like {want!r}")
            tail = f" {n}"
            name = want[: NAME_CHARS - len(tail)].rstrip() + tail
        seen.add(look)
        given.append(name)
    return given


def bot_names(count: int, taken: Iterable[str]) -> list[str]:
    """Names for ``count`` bots that look like no name ``taken`` (the people's) nor each
    other: the program's bot names in their order, then with numbers."""
    if count <= 0:
        return []
    people = list(taken)
    used = {skeleton(n) for n in people}
    out = [name for name in BOT_NAMES if skeleton(name) not in used][:count]
    while len(out) < count:
        out.append(free_name(list(BOT_NAMES)[len(out) % len(BOT_NAMES)], [*people, *out]))
    return out
