"""The sentences of ``briscola join``: the ``LOBBY`` section of every language.

The game itself speaks through the table's words (the same screen as
``briscola play``); these are the lobby's and the LAN table's own: the
notices, chat, reconnects.  Whole sentences with the name as an argument,
through :mod:`briscola.words.i18n`; the names are people's own, so no word agrees
with a gender the program cannot know ("ha lasciato il tavolo", not "se n'è
andato").
"""

from __future__ import annotations

from typing import Final

from .i18n import Catalog, say
from .languages import catalog

__all__ = ["CATALOG", "t"]

CATALOG: Final[Catalog] = catalog("LOBBY")


def t(lang: str, key: str, count: int | None = None, **values: object) -> str:
    """The client's sentence ``key`` in ``lang``, filled in (``count`` picks the form)."""
    return say(CATALOG, lang, key, person=None, count=count, gender=None, **values)
