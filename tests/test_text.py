"""printable: text from bots and clients shown as one line with nothing a terminal acts on."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.engine.text import printable


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
    if limit is not None:
        assert len(shown) <= limit
    elif not [c for c in text if unicodedata.category(c) in hidden]:
        assert shown == text
