"""Player specs: the short strings that name a seat's player on the command line.

``random``, ``greedy``, ``expert``, ``expert:think_ms=50``, ``random:seed=3``,
and ``cmd:COMMAND`` for an external program speaking the JSON-lines protocol.
A spec is parsed once (:func:`parse_spec`, clear errors) and can then make any
number of fresh Players (:meth:`PlayerSpec.make`), one per match.

Floor 6, beside the protocol (a ``cmd:`` spec makes a protocol host, loaded
only when one is made), so that every arrangement (``play``, ``arena``) can
read specs.  :class:`UsageError` lives here too: arguments that parse but do
not make sense together, which the command turns into exit status 2.
"""

from __future__ import annotations

import inspect
import shlex
from dataclasses import dataclass, field
from typing import Any

from .bots import BOTS, make_bot
from .players import Player

__all__ = ["PlayerSpec", "SpecError", "UsageError", "parse_spec"]


class UsageError(Exception):
    """Arguments that parse but do not make sense together; exit status 2."""


class SpecError(ValueError):
    """A player spec that names no player."""


@dataclass(frozen=True)
class PlayerSpec:
    text: str
    kind: str  # a bot level, or "cmd"
    options: dict[str, Any] = field(default_factory=dict)
    command: str = ""

    @property
    def label(self) -> str:
        return self.text

    def make(self, seed: int | None = None, name: str | None = None, **host: Any) -> Player:
        """A fresh Player for one match; ``seed`` feeds a bot's own random choices.

        ``host`` options reach external programs only (``cmd:``): ``bot_log`` (a
        directory for their stderr), ``move_ms``, ``grace_ms``, ``handshake_ms``,
        ``verbose``; a built-in bot ignores them.
        """
        if self.kind == "cmd":
            from .protocol.host import make_command_player  # floor 6, loaded on demand

            return make_command_player(self.command, name=name, **host)
        options = dict(self.options)
        options.setdefault("seed", seed)
        bot = make_bot(self.kind, **options)
        if name is not None:
            bot.name = name
        return bot


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_spec(text: str, *, allow: tuple[str, ...] | None = None) -> PlayerSpec:
    """Read a spec; ``allow`` limits the bot levels (``play`` offers no oracle)."""
    if not isinstance(text, str) or not text.strip():
        raise SpecError("a player spec is a bot name like 'greedy' or 'cmd:COMMAND'")
    text = text.strip()
    if text.startswith("cmd:"):
        command = text[4:].strip()
        if not command:
            raise SpecError("cmd: needs a command, e.g. 'cmd:python3 mybot.py'")
        try:
            shlex.split(command)
        except ValueError as err:
            raise SpecError(f"cannot read the command in {text!r}: {err}") from None
        return PlayerSpec(text, "cmd", command=command)
    name, _, rest = text.partition(":")
    levels = allow if allow is not None else tuple(sorted(BOTS))
    if name not in levels:
        raise SpecError(
            f"unknown player {name!r}; expected one of {', '.join(levels)}, "
            "an option like 'expert:think_ms=50', or 'cmd:COMMAND'"
        )
    options: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, val = part.partition("=")
        if not eq or not key:
            raise SpecError(f"bad option {part!r} in {text!r}; expected NAME=VALUE")
        options[key.strip()] = _value(val.strip())
    accepted = list(inspect.signature(BOTS[name]).parameters)
    unknown = [key for key in options if key not in accepted]
    if unknown:
        raise SpecError(
            f"unknown option {unknown[0]!r} for {name!r} in {text!r}; "
            f"it takes {', '.join(accepted)}"
        )
    try:  # fail now, not in the middle of an arena run
        make_bot(name, **options)
    except (TypeError, ValueError) as err:
        raise SpecError(f"bad options for {name!r} in {text!r}: {err}") from None
    return PlayerSpec(text, name, options)
