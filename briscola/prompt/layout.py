"""Laying styled text out on a terminal: widths in columns, lines broken at spaces.

A card's name, or a hand's number and its card, never break across lines; the
terminal never wraps a row itself.  Also the clock's ``m:ss``.  Floor 6.
"""

from __future__ import annotations

import itertools
import os
import re
from typing import TextIO

from prompt_toolkit.utils import get_cwidth

from .style import Text

__all__ = ["clock_text", "columns", "fitted", "terminal_width", "wrap"]

# A label of the panel stays whole, its value (a list of names and scores) breaks
# between words like any text: "Rondas Nós 0 · Marco (juega al azar)+Sofia ...".
_ATOMIC = ("class:suit", "class:num", "class:bottom-toolbar.key", "class:keep")


def _atomic(style: str) -> bool:
    return style.startswith(_ATOMIC) or style == "class:bottom-toolbar"


def wrap(line: Text, width: int, indent: str = "    ", *, groups: bool = False) -> list[Text]:
    """``line`` laid out in lines of at most ``width`` columns (as the terminal counts
    them), broken at spaces: never inside a card's name, nor between a hand's number
    and its card; only a word wider than a line is cut.  ``groups`` (the panel): two
    spaces or more start a group (an item: "Points Us 0 · Them 4"), which goes whole
    to a line of its own when it fits there, rather than broken between words."""
    units: list[tuple[Text, bool]] = []  # pieces that stay together; True: a space
    glue = False  # the next piece joins the last (a number and its card)
    for style, text, *_ in line:
        parts = [text] if _atomic(style) else [p for p in re.split(r"(\s+)", text) if p]
        for part in parts:
            space = part.isspace() and not _atomic(style)
            after = units[-1][0][-1][0] if units else ""
            if glue or (space and after.startswith(("class:num", "class:who"))):
                units[-1][0].append((style, part))
                glue = space
                continue
            units.append(([(style, part)], space))
    # Pieces with no space between them are one word: a line breaks between words.
    words_: list[tuple[Text, Text]] = []  # (the spaces before, the word)
    spaces: Text = []
    for frags, space in units:
        if space:
            spaces += frags
        elif spaces or not words_:
            words_.append((spaces, list(frags)))
            spaces = []
        else:
            words_[-1][1].extend(frags)
    out: list[Text] = [[]]
    used = 0
    fresh = width - columns(indent) if width - columns(indent) > 0 else width  # a new line's room
    sizes = [(_columns(gap), _columns(word)) for gap, word in words_]
    for i, (gap_frags, word) in enumerate(words_):
        gap, size = sizes[i]
        rest = itertools.takewhile(lambda s: s[0] < 2, sizes[i + 1 :])
        group = size + sum(g + w for g, w in rest)
        moved = groups and gap >= 2 and used + gap + group > width and group <= fresh
        if used and (used + gap + size > width or moved):
            out.append([("", indent)] if fresh < width else [])
            used, gap_frags, gap = width - fresh, [], 0
        out[-1] += gap_frags
        used += gap
        # A word wider than a line is cut where the line ends: the terminal never
        # wraps a row itself, so every row after the first starts indented.
        while size > width - used and size > fresh:
            head, word = _cut(word, width - used, whole=used == width - fresh)
            out[-1] += head
            size = _columns(word)
            if not word:
                break
            out.append([("", indent)] if fresh < width else [])
            used = width - fresh
        out[-1] += word
        used += size
    return out


def fitted(text: str, width: int | None) -> str:
    """``text`` (plain lines) for a terminal ``width`` columns wide, each line broken
    at spaces as :func:`wrap` breaks the screen's, its rest indented two more than
    its start; ``None`` (a pipe, a file): as it is, as ``play`` keeps piped lines."""
    if not width:
        return text
    rows: list[str] = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip(" "))] + "  "
        parts = wrap([("", line)], width - 1, indent=indent)  # the last column: no auto-wrap
        rows += ["".join(t for _, t, *_ in part) for part in parts]
    return "\n".join(rows)


def terminal_width(stream: TextIO) -> int | None:
    """The columns of the terminal ``stream`` writes to; None when it is no terminal."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream.isatty() else None
    except (OSError, ValueError, AttributeError):  # closed, or a stream with no file
        return None


def columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal (a wide character two, a mark none)."""
    return get_cwidth(text) if text else 0


def _columns(line: Text) -> int:
    return sum(columns(t) for _, t, *_ in line)


def _cut(word: Text, room: int, *, whole: bool) -> tuple[Text, Text]:
    """The fragments of ``word`` that fit in ``room`` columns, and the rest; with
    ``whole`` (a line of its own) at least one character, so that a cut always moves on."""
    head: Text = []
    for i, (style, text, *rest) in enumerate(word):
        size = columns(text)
        if size <= room:
            head.append((style, text, *rest))  # type: ignore[arg-type]
            room -= size
            continue
        taken = 0
        for j, char in enumerate(text):
            if taken + columns(char) > room and (j or head or not whole):
                break
            taken += columns(char)
        else:  # one character wider than the room, taken as a line of its own
            j = len(text)
        if j:
            head.append((style, text[:j], *rest))  # type: ignore[arg-type]
        tail = [(style, text[j:], *rest)] if j < len(text) else []
        return head, [*tail, *word[i + 1 :]]  # type: ignore[list-item]
    return head, []


def clock_text(seconds: float) -> str:
    """``1:42``: whole seconds left, never below zero."""
    left = max(0, int(seconds + 0.999))
    return f"{left // 60}:{left % 60:02d}"
