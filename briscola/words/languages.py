"""The languages the program speaks: one catalog file each, read here by section.

A language is one file (:mod:`.en`, :mod:`.de`, :mod:`.it`, :mod:`.es`, :mod:`.pt`) holding every
sentence of the program in a few named sections: ``TABLE``, ``LOBBY``,
``REPLAY``, ``REVIEW``, ``RULES``, with its ``COMMANDS`` and ``YES`` words.
A screen's module asks for its section of all of them as one :mod:`.i18n`
catalog; tests/test_words.py holds every file to English's keys, fields and
forms, so a new language is one new file and its line in :data:`BOOKS`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from types import ModuleType
from typing import Final

from .i18n import Catalog, Message

__all__ = ["BOOKS", "catalog"]


class _Books(Mapping[str, ModuleType]):
    """The catalog files by language, each imported when first read: a process that
    speaks one language (a bot, the arena, a server) loads one file, not five."""

    def __init__(self, langs: tuple[str, ...]) -> None:
        self._langs = langs
        self._read: dict[str, ModuleType] = {}  # a word is looked up often: no import each time

    def __getitem__(self, lang: str) -> ModuleType:
        book = self._read.get(lang)
        if book is None:
            if lang not in self._langs:
                raise KeyError(lang)
            book = self._read[lang] = import_module(f".{lang}", __package__)
        return book

    def __iter__(self) -> Iterator[str]:
        return iter(self._langs)

    def __len__(self) -> int:
        return len(self._langs)


BOOKS: Final[Mapping[str, ModuleType]] = _Books(("en", "de", "it", "es", "pt"))


class _Section(Mapping[str, Mapping[str, Message]]):
    """One section in every language, read from each file when first asked for."""

    def __init__(self, section: str) -> None:
        self._section = section

    def __getitem__(self, lang: str) -> Mapping[str, Message]:
        section: Mapping[str, Message] = getattr(BOOKS[lang], self._section)
        return section

    def __iter__(self) -> Iterator[str]:
        return iter(BOOKS)

    def __len__(self) -> int:
        return len(BOOKS)


def catalog(section: str) -> Catalog:
    """One section (``TABLE``, ``LOBBY`` ...) in every language."""
    return _Section(section)
