"""One line of JSON: read from someone else (a bot, a client, a record on disk),
or written compact (:func:`dumps`).

``json.loads`` fails in more ways than ``JSONDecodeError``: a deeply nested
line raises ``RecursionError``, an integer of more than 4300 digits a plain
``ValueError``.  :func:`loads` turns every failure into :class:`JSONLineError`
with a message that says what was wrong, so each reader has one error to
catch and no hostile line can take it down.  ``NaN`` and ``Infinity`` are
refused: they are not JSON.  So is a lone surrogate (``"\\ud800"``): it is
no character, and writing it to a UTF-8 record or terminal would fail later,
far from the line that brought it.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["JSONLineError", "dumps", "loads"]

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


# One encoder for every line written: json.dumps with arguments builds a new one each
# call, a third of its time (each move writes several lines to seats and records).
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def dumps(value: Any) -> str:
    """``value`` as one line of compact JSON (UTF-8 kept as it is), no newline."""
    text: str = _COMPACT.encode(value)
    return text


class JSONLineError(ValueError):
    """A line that is not one JSON value; the message says why."""


def _no_constant(name: str) -> Any:
    raise JSONLineError(f"{name} is not a JSON value")


def loads(text: str) -> Any:
    """The JSON value in ``text``, or :class:`JSONLineError` saying what was wrong."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except JSONLineError:
        raise
    except json.JSONDecodeError as err:
        what = err.msg.removesuffix(" at")  # "Invalid control character at": the at is ours
        raise JSONLineError(f"{what} at column {err.colno}") from None
    except RecursionError:
        raise JSONLineError("nested too deeply (arrays or objects hundreds deep)") from None
    except ValueError as err:  # an integer too long to convert, among others
        raise JSONLineError(str(err).split(";")[0]) from None
    if _SURROGATE_ESCAPE.search(text) or _SURROGATE.search(text):
        _refuse_surrogates(value)
    return value


def _refuse_surrogates(value: Any) -> None:
    """Raise for a string (key or value) holding a lone surrogate; a pair is one character
    once decoded, so whatever is left in the surrogate range stands alone."""
    todo = [value]
    while todo:  # no recursion: the value may be nested as deep as json allowed
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str) and (found := _SURROGATE.search(item)):
            raise JSONLineError(
                f"a lone surrogate \\u{ord(found.group()):04x} in a string; "
                "text must be valid Unicode"
            )
