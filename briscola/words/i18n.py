"""Whole sentences in every language, with the person and the number as arguments.

A catalog maps each language to its messages by key.  A message is one
sentence, or a small table of forms of the same sentence:

- by person: ``you`` (the reader alone), ``other`` (another seat), ``we``
  (the reader's side, with a partner) and ``they`` (another side of two), since
  German, Italian, Spanish and Portuguese conjugate differently for each;
- by number: ``one`` and ``other`` (the plural rule of all five languages:
  one is singular, any other number plural), and ``zero`` where a language
  says nothing at all differently ("no points");
- by the gender of a name in it: ``m``, ``f`` and ``n`` (neutral: a name
  whose gender the program cannot know, such as a person's own), since German,
  Italian, Spanish and Portuguese agree words with it ("deine Partnerin", "la
  tua compagna", "tu compañera", "a tua parceira").

Sentences are never put together from pieces, so every translation can put
its words in its own order.  Plain data, it imports nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "COUNTS",
    "GENDERS",
    "PERSONS",
    "Catalog",
    "Message",
    "decimal",
    "number_form",
    "say",
    "template",
]

Message = str | Mapping[str, str]
Catalog = Mapping[str, Mapping[str, Message]]  # language -> key -> message

PERSONS: Final = ("you", "other", "we", "they")
COUNTS: Final = ("one", "other")
GENDERS: Final = ("m", "f", "n")


def number_form(lang: str, n: int) -> str:
    """The plural form for ``n`` (every language the program speaks has this rule)."""
    return "one" if n == 1 else "other"


def decimal(lang: str, value: float, digits: int | None = 1, *, sign: bool = False) -> str:
    """``value`` as ``lang`` writes it: ``+2.2`` in English, ``+2,2`` in the others;
    ``sign`` puts a plus on a positive number (and on zero); ``digits``
    None: no more digits than it needs (``2``, ``0.5``)."""
    kind = "g" if digits is None else f".{digits}f"
    text = f"{value:{'+' if sign else ''}{kind}}"
    if text.lstrip("+-").strip("0.") == "":  # no "-0.0": a minus on nothing says nothing
        text = text.replace("-", "+" if sign else "")
    return text if lang == "en" else text.replace(".", ",")


def template(
    catalog: Catalog,
    lang: str,
    key: str,
    *,
    person: str | None = None,
    count: int | None = None,
    gender: str | None = None,
) -> str:
    """The sentence ``key`` in ``lang``, in the form for ``person``, ``count`` or
    ``gender``, unfilled.  A message without gender forms ignores ``gender``.

    A message missing in ``lang`` falls back to English (a test holds every
    catalog complete, so this only ever helps a half-written new message).
    """
    msg = catalog.get(lang, {}).get(key)
    if msg is None:
        msg = catalog["en"][key]
    if isinstance(msg, str):
        return msg
    if gender is not None and gender in msg:
        return msg[gender]
    if person is not None:
        return msg[person]
    if count is None:
        raise ValueError(f"message {key!r} needs a person or a count")
    if count == 0 and "zero" in msg:
        return msg["zero"]
    return msg[number_form(lang, count)]


def say(
    catalog: Catalog,
    lang: str,
    key: str,
    *,
    person: str | None = None,
    count: int | None = None,
    gender: str | None = None,
    **values: object,
) -> str:
    """The sentence ``key`` filled in; ``count`` is also there as ``{n}``."""
    text = template(catalog, lang, key, person=person, count=count, gender=gender)
    if count is not None:
        values.setdefault("n", count)
    return text.format(**values)
