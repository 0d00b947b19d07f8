"""Player specs: the short strings that name a seat's player on the command line.

``random``, ``greedy``, ``expert``, ``expert:think_ms=50``, ``random:seed=3``,
and ``cmd:COMMAND`` for an external program speaking the JSON-lines protocol.
``name=LABEL`` names the player in results and records: ``greedy:name=g2``,
``cmd:node carlo.js,name=carlo`` (for ``cmd:``, after a last comma), and
``tc=SECONDS+INCREMENT`` gives it a match clock of its own (``greedy:tc=5+0.1``,
``cmd:node carlo.js,name=carlo,tc=10+0.1``; the arena's ``--tc`` for the rest).
A spec is parsed once (:func:`parse_spec`, clear errors) and can then make any
number of fresh Players (:meth:`PlayerSpec.make`), one per match.

Floor 6, beside the protocol (a ``cmd:`` spec makes a protocol host, loaded
only when one is made), so that every arrangement (``play``, ``arena``) can
read specs.  :class:`UsageError` lives here too: arguments that parse but do
not make sense together, which the command turns into exit status 2.
"""

from __future__ import annotations

import inspect
import math
import os
import re
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import BOTS, bot_class, make_bot
from .players import Player, TimeControl

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
    name: str | None = None  # the name= given in the spec
    tc: TimeControl | None = None  # the tc= given in the spec: its own match clock
    cwd: str | None = None  # cmd: the directory its program runs in (cwd=, a bots file's)

    @property
    def label(self) -> str:
        """What results call this player when its program gives no name: the spec's
        name=, else the spec itself, a ``cmd:`` one by its program's file name."""
        if self.name is not None:
            return self.name
        if self.kind == "cmd":
            from .protocol.process import program_name  # floor 6, loaded on demand

            return program_name(self.command)
        return self.text

    def check_program(self) -> None:
        """For ``cmd:``, a SpecError now when the program cannot be found or run: better
        than one forfeit per match of a whole run."""
        if self.kind != "cmd":
            return
        program = shlex.split(self.command)[0]
        where = f"cannot run {self.text!r}:"
        if self.cwd is not None and not Path(self.cwd).is_dir():
            raise SpecError(f"{where} its directory {self.cwd} does not exist")
        if os.sep not in program:
            if shutil.which(program) is None:
                raise SpecError(f"{where} there is no program {program!r} on the PATH")
            return
        path = Path(self.cwd or ".") / program
        if not path.exists():
            raise SpecError(f"{where} {program} does not exist")
        if not path.is_file():
            raise SpecError(f"{where} {program} is not a file")
        if not os.access(path, os.X_OK):
            raise SpecError(
                f"{where} {program} is not executable (chmod +x it, or name its interpreter: "
                f"'cmd:python3 {program}')"
            )

    def make(self, seed: int | None = None, name: str | None = None, **host: Any) -> Player:
        """A fresh Player for one match; ``seed`` feeds a bot's own random choices.

        ``host`` options reach external programs only (``cmd:``): ``bot_log`` (a
        directory for their stderr), ``move_ms``, ``grace_ms``, ``handshake_ms``,
        ``verbose``; a built-in bot ignores them.
        """
        if self.kind == "cmd":
            from .protocol.host import make_command_player  # floor 6, loaded on demand

            if self.cwd is not None:
                host = {**host, "cwd": self.cwd}
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


def _whole(low: int, high: int | None = None) -> tuple[str, Callable[[Any], bool]]:
    words = f"a whole number {low}..{high}" if high is not None else f"a whole number >= {low}"
    return words, lambda v: type(v) is int and v >= low and (high is None or v <= high)


def _number(
    low: float, high: float | None = None, above: bool = False
) -> tuple[str, Callable[[Any], bool]]:
    def ok(v: Any) -> bool:
        if type(v) not in (int, float) or not math.isfinite(v):
            return False
        return (v > low if above else v >= low) and (high is None or v <= high)

    span = f"above {low}" if above else f"{low}..{high}" if high is not None else f">= {low}"
    return f"a number {span}", ok


# Every option a built-in bot takes, with what it must be: checked when the spec is
# read, so that a bad one is a clear error (exit 2), not a forfeit in every match.
OPTIONS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "seed": _whole(0),
    "name": ("a non-empty name", lambda v: isinstance(v, str) and bool(v.strip())),
    "samples": _whole(1),
    "think_ms": _number(0, above=True),
    "max_ms": _number(0, above=True),
    "solve_cards": _whole(0, 40),
    "win_bonus": _number(0, 120),
    "noise": _number(0, 1),
    "adapt": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "infer": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "club": _number(0, 120),
    "prior": _number(0, 120),
    "net_reply": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "net_infer": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "net_value": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "net_playout": ("0 or 1", lambda v: type(v) is int and v in (0, 1)),
    "net_temp": _number(0, 10),
    "net_solve": _whole(0, 10),
    "weights": ("a weights file (.npz)", lambda v: isinstance(v, str) and bool(v.strip())),
}


# A cmd: spec's own options at the end of its command line: ",name=LABEL", ",tc=30+0.5",
# ",cwd=DIR" (the directory it runs in: anything but a comma).
_CMD_OPTION = re.compile(r"\s*,\s*(?:(name|tc)=([^\s,]+)|(cwd)=([^,]+?))\s*$")


def _time_control(value: Any, text: str) -> TimeControl:
    try:
        return TimeControl.parse(str(value))
    except ValueError as err:
        raise SpecError(f"bad tc= in {text!r}: {err}") from None


def parse_spec(text: str, *, allow: tuple[str, ...] | None = None) -> PlayerSpec:
    """Read a spec; ``allow`` limits the bot levels (``play`` offers no oracle)."""
    if not isinstance(text, str) or not text.strip():
        raise SpecError("a player spec is a bot name like 'greedy' or 'cmd:COMMAND'")
    text = text.strip()
    if text.startswith("cmd:"):
        command = text[4:].strip()
        given: dict[str, str] = {}
        while (option := _CMD_OPTION.search(command)) is not None:
            command = command[: option.start()].strip()
            key, value = option.group(1) or option.group(3), option.group(2) or option.group(4)
            given.setdefault(key, value)  # the last one given wins
        name = given.get("name")
        tc = _time_control(given["tc"], text) if "tc" in given else None
        if not command:
            raise SpecError("cmd: needs a command, e.g. 'cmd:python3 mybot.py'")
        try:
            shlex.split(command)
        except ValueError as err:
            raise SpecError(f"cannot read the command in {text!r}: {err}") from None
        cwd = given.get("cwd")
        return PlayerSpec(text, "cmd", command=command, name=name, tc=tc, cwd=cwd)
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
    tc = _time_control(options.pop("tc"), text) if "tc" in options else None
    if tc is not None and allow is not None:  # play and serve: no match clock for bots
        raise SpecError(f"tc= in {text!r}: a match clock is for arena and tournament only")
    accepted = list(inspect.signature(bot_class(name)).parameters)
    unknown = [key for key in options if key not in accepted]
    if unknown:
        raise SpecError(
            f"unknown option {unknown[0]!r} for {name!r} in {text!r}; "
            f"it takes {', '.join([*accepted, 'tc'])}"
        )
    for key, value in options.items():
        words, ok = OPTIONS[key]
        if not ok(value):
            raise SpecError(
                f"bad options for {name!r} in {text!r}: {key} must be {words}, got {value!r}"
            )
    try:  # fail now, not in the middle of an arena run
        make_bot(name, **options)
    except (TypeError, ValueError) as err:
        raise SpecError(f"bad options for {name!r} in {text!r}: {err}") from None
    label = options.get("name")
    return PlayerSpec(
        text, name, options, name=label.strip() if isinstance(label, str) else None, tc=tc
    )
