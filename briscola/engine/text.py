"""Text from others made safe to show: names, ``info`` and chat from bots and clients.

A bot's text reaches a terminal in a replay, a check report or a game. Raw, a
newline or an ANSI escape there lets it forge lines or repaint the screen, and
a bidi control (U+202E) turns the rest of the line around, and a blank-looking
letter (U+2800, U+3164) or a wide space (U+3000) pads a line to where the
terminal wraps it, so that what follows starts a row of its own. ``printable``
shows every such character as a visible escape instead, so what is printed is
one line that says exactly what was sent.
"""

from __future__ import annotations

import unicodedata

# Control (C0, DEL, C1), format (bidi, zero-width), surrogates (from undecodable
# bytes), line and paragraph separators, and unassigned code points, which a
# newer terminal may treat as any of these.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Cn"})
# Characters that print as nothing, or as a blank, though they count as letters,
# symbols or marks: every space but the plain one (category Zs), the Braille
# blank, the Hangul fillers, and the marks a font draws as nothing.
_BLANK = frozenset(
    "\u2800\u3164\u115f\u1160\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    "\U0001d159\U0001d173\U0001d174\U0001d175\U0001d176\U0001d177\U0001d178"
    "\U0001d179\U0001d17a"
) | frozenset(chr(c) for c in range(0xE0100, 0xE01F0))  # variation selectors 17-256
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


def hidden(char: str) -> bool:
    """Whether ``char`` is one a terminal acts on, or that shows as nothing or a blank
    (every space but U+0020): the characters :func:`printable` escapes."""
    if char == " ":
        return False
    return char in _BLANK or unicodedata.category(char) in _HIDDEN or char.isspace()


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control, bidi, invisible or blank-looking character escaped.

    The result is one line with nothing a terminal acts on. With ``limit`` it
    is at most that many characters: a longer one is cut (never inside an
    escape) and ends with an ellipsis. A backslash is left as it is: it cannot
    break a line, and doubling it would garble ordinary text.
    """
    if limit is not None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        text = text[: limit + 1]  # escapes only lengthen, so the rest can never show
    if text.isprintable() and _BLANK.isdisjoint(text):  # the common case: nothing to escape
        shown = text
    else:
        shown = "".join(escape_char(c) if hidden(c) else c for c in text)
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
