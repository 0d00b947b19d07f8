"""The words a person types at a table, in every language the program speaks: yes
and no to a question, and the commands' own words (the English ones work in every
language).  Only the screens that read a person's entries import this module: it
reads every catalog file, where the other words read only the language they speak.
"""

from __future__ import annotations

from typing import Final

from .languages import BOOKS

__all__ = ["ALIASES", "NO", "YES"]

# The answers that say yes, in any language the program speaks.
YES: Final = frozenset(word for book in BOOKS.values() for word in book.YES)
NO: Final = frozenset(word for book in BOOKS.values() for word in book.NO)

# Command words in every language; the English ones work everywhere.
ALIASES: Final[dict[str, str]] = {
    "?": "help",
    "exit": "quit",
    "x": "exchange",
    "leave": "quit",  # the LAN table's word works at home too
    **{word: command for book in BOOKS.values() for word, command in book.COMMANDS.items()},
}
