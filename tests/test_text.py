"""printable: text from bots and clients shown as one line with nothing a terminal acts on."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.engine.text import escape_char, printable


def test_ordinary_text_is_unchanged() -> None:
    assert printable("thinking: AD beats 3C, ça va? 好") == "thinking: AD beats 3C, ça va? 好"
    assert printable("C:\\bots\\mine") == "C:\\bots\\mine"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("a\nb", "a\\nb"),
        ("a\r\nb", "a\\r\\nb"),
        ("\ttab", "\\ttab"),
        ("\x1b[2J\x1b[31mred", "\\x1b[2J\\x1b[31mred"),
        ("nul\x00", "nul\\x00"),
        ("del\x7f", "del\\x7f"),
        ("c1\x85\x9b", "c1\\x85\\x9b"),
        ("abc\u202edef", "abc\\u202edef"),
        ("\u2066\u2067\u2068\u2069", "\\u2066\\u2067\\u2068\\u2069"),
        ("\u200e\u200f\u061c", "\\u200e\\u200f\\u061c"),
        ("zero\u200bwidth\ufeff", "zero\\u200bwidth\\ufeff"),
        ("line\u2028para\u2029", "line\\u2028para\\u2029"),
        ("tag\U000e0041", "tag\\U000e0041"),
        ("bad\udcff", "bad\\udcff"),
    ],
)
def test_controls_bidi_and_format_characters_are_escaped(raw: str, shown: str) -> None:
    assert printable(raw) == shown


def test_limit_cuts_with_an_ellipsis_and_never_inside_an_escape() -> None:
    assert printable("abcdef", limit=6) == "abcdef"
    assert printable("abcdefg", limit=6) == "abcde…"
    assert printable("abc\x1bdef", limit=6) == "abc…"  # \x1b does not fit whole
    assert printable("ab\ncdef", limit=6) == "ab\\nc…"
    assert printable("x" * 5_000_000, limit=80) == "x" * 79 + "…"


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        printable("a", limit=0)


@given(st.text(), st.none() | st.integers(min_value=1, max_value=50))
def test_nothing_a_terminal_acts_on_survives(text: str, limit: int | None) -> None:
    shown = printable(text, limit)
    hidden = {"Cc", "Cf", "Cs", "Zl", "Zp", "Cn"}
    assert not [c for c in shown if unicodedata.category(c) in hidden]
    assert not [c for c in shown if c.isspace() and c != " "]
    if limit is not None:
        assert len(shown) <= limit
    elif not [c for c in text if unicodedata.category(c) in hidden or c.isspace()]:
        assert shown == text or "\\u" in shown


@pytest.mark.parametrize(
    "blank",
    ["\u2800", "\u3164", "\u3000", "\u115f", "\u1160", "\uffa0", "\u00a0", "\u2003", "\u034f",
     "\U000e0100"],
)  # fmt: skip
def test_blank_looking_characters_are_shown_as_escapes(blank: str) -> None:
    """A chat line padded with blank-looking letters could make rows that start at
    the left edge and read like a notice: each is shown as its escape."""
    shown = printable(f"Ben{blank * 3}left")
    assert blank not in shown and shown == f"Ben{escape_char(blank) * 3}left"
    assert printable("a b") == "a b"  # the plain space stays


def test_a_line_is_wrapped_by_the_columns_the_terminal_counts() -> None:
    """Wide characters take two columns; a word wider than the line is cut, so the
    terminal never wraps a row itself and every row after the first is indented."""
    from prompt_toolkit.formatted_text import to_plain_text

    from briscola.prompt.layout import columns, wrap

    line = [("class:chat", "» Eve (spectator): " + "好" * 40 + "Ben left the table.")]
    rows = [to_plain_text(r) for r in wrap(line, 30)]
    assert all(columns(r) <= 30 for r in rows), rows
    assert all(r.startswith("    ") for r in rows[1:]), rows
    long = [("", "x" * 100)]
    assert [columns(to_plain_text(r)) for r in wrap(long, 40)] == [40, 40, 28]
