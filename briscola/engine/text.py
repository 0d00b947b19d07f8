"""Text from others made safe to show: names, ``info`` and chat from bots and clients.

A bot's text reaches a terminal in a replay, a check report or a game. Raw, a
newline or an ANSI escape there lets it forge lines or repaint the screen, and
a bidi control (U+202E) turns the rest of the line around. ``printable`` shows
every such character as a visible escape instead, so what is printed is one
line that says exactly what was sent.
"""

from __future__ import annotations

import unicodedata

# Control (C0, DEL, C1), format (bidi, zero-width), surrogates (from undecodable
# bytes), line and paragraph separators, and unassigned code points, which a
# newer terminal may treat as any of these.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Cn"})
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
ELLIPSIS = "…"


def escape_char(char: str) -> str:
    """One character as its visible escape: ``\\n``, ``\\x1b``, ``\\u202e``, ``\\U000e0001``."""
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control, bidi or other invisible character escaped.

    The result is one line with nothing a terminal acts on. With ``limit`` it
    is at most that many characters: a longer one is cut (never inside an
    escape) and ends with an ellipsis. A backslash is left as it is: it cannot
    break a line, and doubling it would garble ordinary text.
    """
    if limit is not None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        text = text[: limit + 1]  # escapes only lengthen, so the rest can never show
    if text.isprintable():  # the common case: nothing to escape
        shown = text
    else:
        shown = "".join(escape_char(c) if unicodedata.category(c) in _HIDDEN else c for c in text)
    if limit is None or len(shown) <= limit:
        return shown
    return _cut(shown, limit - len(ELLIPSIS)) + ELLIPSIS


def _cut(shown: str, room: int) -> str:
    """The first ``room`` characters of ``shown``, backed off to before a cut escape."""
    head = shown[:room]
    start = head.rfind("\\")
    if start >= 0:
        whole = _escape_length(shown, start)
        if start + whole > room:
            head = head[:start]
    return head


def _escape_length(shown: str, start: int) -> int:
    """How long the escape starting at ``shown[start]`` is (1 for a plain backslash)."""
    kind = shown[start + 1 : start + 2]
    return {"n": 2, "r": 2, "t": 2, "x": 4, "u": 6, "U": 10}.get(kind, 1)
