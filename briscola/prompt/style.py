"""The screen's colours: a palette per terminal background, each checked for contrast.

Every class a line of the table uses (``suit0``..``suit3``, ``win``, ``lose``,
``error``, the panel's ``bottom-toolbar``) gets its colour here; nothing else
in the package names a colour.  Floor 6; it imports only prompt-toolkit.
"""

from __future__ import annotations

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.styles import Style

__all__ = ["CONTRAST_PAIRS", "MIN_CONTRAST", "PALETTES", "STYLE", "Text", "contrast", "style_for"]

Text = StyleAndTextTuples

# Colours from the 256-colour palette (so a terminal shows them as chosen, not
# in its own idea of "bright yellow"), each checked against the backgrounds it
# sits on for WCAG's 4.5:1 contrast (tests/test_prompt.py, CONTRAST_PAIRS).
# The panel has its own background, so it reads the same on any terminal.
_COMMON = {
    "you": "bold",
    "head": "bold underline",
    "dim": "italic",
    "chat": "bold",  # what people say: never in the italic of the table's notices
    "num": "reverse bold",
}
PALETTES: dict[str, dict[str, str]] = {
    # Cups/hearts red, coins/diamonds gold, swords/spades blue, batons/clubs green.
    "dark": {
        "suit0": "#ff5f5f bold",
        "suit1": "#ffd75f bold",
        "suit2": "#5fafff bold",
        "suit3": "#5fd75f bold",
        "win": "#5fd75f bold",
        "lose": "#ff5f5f",
        "error": "#ff5f5f bold",
        "warn": "#ffd75f bold",
        "bottom-toolbar": "noreverse bg:#262626 #e4e4e4",
        "bottom-toolbar.key": "bg:#262626 #e4e4e4 bold",
        "bottom-toolbar.value": "bg:#262626 #e4e4e4",
    },
    "light": {
        "suit0": "#af0000 bold",
        "suit1": "#875f00 bold",
        "suit2": "#005faf bold",
        "suit3": "#005f00 bold",
        "win": "#005f00 bold",
        "lose": "#af0000",
        "error": "#af0000 bold",
        "warn": "#875f00 bold",
        "bottom-toolbar": "noreverse bg:#eeeeee #1c1c1c",
        "bottom-toolbar.key": "bg:#eeeeee #1c1c1c bold",
        "bottom-toolbar.value": "bg:#eeeeee #1c1c1c",
    },
    "none": {f"suit{i}": "bold" for i in range(4)}
    | {"win": "bold", "lose": "", "error": "bold", "warn": "bold"},
}
MIN_CONTRAST = 4.5  # WCAG AA for text
# (palette, foreground class, the backgrounds it is read on): the terminal's
# own (black and a dark grey; white and a light grey) and the panel's.
_DARK_BGS = ("#000000", "#1c1c1c", "#262626")
_LIGHT_BGS = ("#ffffff", "#eeeeee")
CONTRAST_PAIRS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    *(
        (name, key, bgs)
        for name, bgs in (("dark", _DARK_BGS), ("light", _LIGHT_BGS))
        for key in ("suit0", "suit1", "suit2", "suit3", "win", "lose", "error", "warn")
    ),
    ("dark", "bottom-toolbar", ("#262626",)),
    ("light", "bottom-toolbar", ("#eeeeee",)),
)


def contrast(fg: str, bg: str) -> float:
    """WCAG's contrast ratio of two ``#rrggbb`` colours (1 to 21)."""

    def lum(colour: str) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def style_for(palette: str = "dark") -> Style:
    """The screen's style for a background: ``dark`` (default), ``light`` or ``none``."""
    return Style.from_dict({**_COMMON, **PALETTES.get(palette, PALETTES["dark"])})


STYLE = style_for("dark")
