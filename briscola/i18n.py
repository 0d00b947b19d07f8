"""Whole sentences in English, German and Italian, with the person and the number as arguments.

A catalog maps each language to its messages by key.  A message is one
sentence, or a small table of forms of the same sentence:

- by person: ``you`` (the reader alone), ``other`` (another seat), ``we``
  (the reader's side, with a partner) and ``they`` (another side of two), since
  German and Italian conjugate differently for each;
- by number: ``one`` and ``other`` (the plural rule of all three languages:
  one is singular, any other number plural), and ``zero`` where a language
  says nothing at all differently ("no points").

Sentences are never put together from pieces, so every translation can put
its words in its own order.  Floor 1: plain data, it imports nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["COUNTS", "PERSONS", "Catalog", "Message", "number_form", "say", "template"]

Message = str | Mapping[str, str]
Catalog = Mapping[str, Mapping[str, Message]]  # language -> key -> message

PERSONS: Final = ("you", "other", "we", "they")
COUNTS: Final = ("one", "other")


def number_form(lang: str, n: int) -> str:
    """The plural form for ``n`` (English, German and Italian share the rule)."""
    return "one" if n == 1 else "other"


def template(
    catalog: Catalog, lang: str, key: str, *, person: str | None = None, count: int | None = None
) -> str:
    """The sentence ``key`` in ``lang``, in the form for ``person`` or ``count``, unfilled.

    A message missing in ``lang`` falls back to English (a test holds every
    catalog complete, so this only ever helps a half-written new message).
    """
    msg = catalog.get(lang, {}).get(key)
    if msg is None:
        msg = catalog["en"][key]
    if isinstance(msg, str):
        return msg
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
    **values: object,
) -> str:
    """The sentence ``key`` filled in; ``count`` is also there as ``{n}``."""
    text = template(catalog, lang, key, person=person, count=count)
    if count is not None:
        values.setdefault("n", count)
    return text.format(**values)
