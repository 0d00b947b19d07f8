"""``--bots FILE``: the players of a league in one file, TOML or JSON.

Floor 7.  The file holds a list ``bots`` (``[[bots]]`` tables in TOML), each
entry a player: its ``name`` (how results call it, and how the command line
names it), either ``command`` (a program speaking the protocol) with an
optional ``cwd`` (the directory it runs in, relative to the file) or ``bot``
(a built-in level) with optional ``options`` (as in a spec:
``{think_ms = 50}``), and an optional ``tc`` (its own match clock, ``"10+0.1"``).
Each entry becomes a player spec (:mod:`briscola.spec`), checked as one.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from ..spec import SpecError, UsageError, parse_spec

__all__ = ["read_bots"]

FIELDS = ("name", "command", "cwd", "bot", "options", "tc")
NAME = re.compile(r"[A-Za-z0-9_.+#@-]{1,60}")
EXAMPLE = '[[bots]]\nname = "carlo"\ncommand = "node carlo.js"\ntc = "10+0.1"'


def read_bots(name: str) -> dict[str, str]:
    """The players of a bots file, in its order: name -> spec; a UsageError that names
    the file, the entry and what is wrong otherwise."""
    path = Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise UsageError(f"cannot read --bots {name!r}: {why}") from None
    try:
        data: Any = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as err:
        kind = "JSON" if path.suffix == ".json" else "TOML (or name it .json)"
        raise UsageError(f"--bots {name}: not {kind}: {err}") from None
    entries = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise UsageError(
            f"--bots {name}: expected a list 'bots' of players, e.g. in TOML:\n{EXAMPLE}"
        )
    out: dict[str, str] = {}
    for n, entry in enumerate(entries, 1):
        where = f"--bots {name}, player {n}"
        spec = _spec(entry, where, path.parent)
        if spec[0] in out:
            raise UsageError(f"{where}: the name {spec[0]!r} is taken by an earlier player")
        out[spec[0]] = spec[1]
    return out


def _spec(entry: Any, where: str, home: Path) -> tuple[str, str]:
    if not isinstance(entry, dict):
        raise UsageError(f"{where}: expected a table of {', '.join(FIELDS)}, got {entry!r}")
    unknown = [k for k in entry if k not in FIELDS]
    if unknown:
        raise UsageError(f"{where}: unknown field {unknown[0]!r}; a player has {', '.join(FIELDS)}")
    name = entry.get("name")
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        raise UsageError(
            f"{where}: 'name' must be 1-60 letters, digits or _.+#@- (no spaces or commas), "
            f"got {name!r}"
        )
    where = f"{where} ({name})"
    if ("command" in entry) == ("bot" in entry):
        raise UsageError(f"{where}: give either 'command' (a program) or 'bot' (a built-in)")
    tc = entry.get("tc")
    if tc is not None and not isinstance(tc, str | int | float):
        raise UsageError(f"{where}: 'tc' is SECONDS+INCREMENT like \"10+0.1\", got {tc!r}")
    extra = f",tc={tc}" if tc is not None else ""
    if "command" in entry:
        command, cwd = entry["command"], entry.get("cwd")
        if not isinstance(command, str) or not command.strip():
            raise UsageError(f"{where}: 'command' must be a command line, got {command!r}")
        if "options" in entry:
            raise UsageError(f"{where}: a program takes its options in its 'command' line")
        if cwd is not None:
            if not isinstance(cwd, str) or "," in cwd:
                raise UsageError(f"{where}: 'cwd' must be a directory without commas, got {cwd!r}")
            extra += f",cwd={(home / cwd).resolve()}"
        text = f"cmd:{command.strip()},name={name}{extra}"
    else:
        if "cwd" in entry:
            raise UsageError(f"{where}: 'cwd' is for a program ('command'), not a built-in bot")
        options = entry.get("options", {})
        if not isinstance(options, dict):
            raise UsageError(f"{where}: 'options' must be a table like {{think_ms = 50}}")
        given = "".join(f"{k}={_option(v)}," for k, v in options.items())
        text = f"{entry['bot']}:{given}name={name}{extra}"
    try:
        parse_spec(text).check_program()
    except (SpecError, ValueError) as err:
        raise UsageError(f"{where}: {err}") from None
    return name, text


def _option(value: Any) -> str:
    return str(int(value)) if isinstance(value, bool) else str(value)
