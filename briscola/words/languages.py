"""The languages the program speaks: one catalog file each, read here by section.

A language is one file (:mod:`.en`, :mod:`.de`, :mod:`.it`, :mod:`.es`, :mod:`.pt`) holding every
sentence of the program in a few named sections: ``TABLE``, ``LOBBY``,
``REPLAY``, ``REVIEW``, ``RULES``, with its ``COMMANDS`` and ``YES`` words.
A screen's module asks for its section of all of them as one :mod:`.i18n`
catalog; tests/test_words.py holds every file to English's keys, fields and
forms, so a new language is one new file and its line in :data:`BOOKS`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from . import de, en, es, it, pt
from .i18n import Catalog

__all__ = ["BOOKS", "catalog"]

BOOKS: Final[dict[str, ModuleType]] = {"en": en, "de": de, "it": it, "es": es, "pt": pt}


def catalog(section: str) -> Catalog:
    """One section (``TABLE``, ``LOBBY`` ...) in every language."""
    return {lang: getattr(book, section) for lang, book in BOOKS.items()}
