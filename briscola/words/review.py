"""The sentences of ``briscola review`` (a :mod:`.i18n` catalog).

:mod:`briscola.review` values the moves; these are the words it reports them
in, with the number as a form ("about 1 point", "about 3 points").
"""

from __future__ import annotations

from typing import Final

from .i18n import Catalog
from .languages import catalog

__all__ = ["PHRASES"]

PHRASES: Final[Catalog] = catalog("REVIEW")
