"""The lobby at the prompt: list the tables, create one, join or watch.

``briscola join HOST`` without ``--table`` lands here: a prompt (``lobby>``)
with the commands of :data:`COMMANDS`, each a lobby request.  The same
reading of a ``create`` serves the command line's ``--players``, ``--bots``
and friends (:func:`create_fields`).  Floor 7 (client).
"""

from __future__ import annotations

import shlex
from typing import Any

from ..cards import Language
from ..prompt.console import Console
from ..words.lobby import CATALOG, t
from ..words.table import shown_name
from ..words.text import printable
from .session import ServerError, Session

__all__ = ["COMMANDS", "Choice", "bots_field", "create_fields", "lobby", "table_lines"]

COMMANDS = ("list", "refresh", "create", "join", "watch", "help", "quit")

Choice = tuple[str, str, int | None, str | None]  # (join or watch, table, seat, code)


def bots_field(text: str, players: int | None = None) -> dict[str, str]:
    """``1:expert,3:greedy`` (seat:spec) or ``expert,greedy`` (seats 1, 2, ... in order)."""
    out: dict[str, str] = {}
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    for i, piece in enumerate(pieces, 1):
        seat, colon, spec = piece.partition(":")
        if colon and seat.strip().isdigit():
            out[seat.strip()] = spec.strip()
        else:
            out[str(i)] = piece
    if players is not None:
        bad = [s for s in out if int(s) >= players]
        if bad:
            raise ValueError(f"--bots names seat {bad[0]}, but seats are 0..{players - 1}")
    return out


def create_fields(words: list[str]) -> dict[str, Any]:
    """``NAME key=value ...`` of the lobby's create command as request fields."""
    fields: dict[str, Any] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            if "table" in fields:
                raise ValueError(f"{word!r}: one table name, then key=value options")
            fields["table"] = word
        elif key in ("players", "target", "pack"):
            if not value.isdigit():
                raise ValueError(f"{key} is a number, got {value!r}")
            fields[key] = int(value)
        elif key in ("variant", "code"):
            fields[key] = value
        elif key == "bots":
            fields["bots"] = bots_field(value, fields.get("players"))
        else:
            raise ValueError(
                f"unknown option {key!r}; create takes players, target, variant, pack, code, bots"
            )
    return fields


def table_lines(lang: Language, listing: dict[str, Any]) -> list[str]:
    tables = listing.get("tables") or []
    if not tables:
        return [t(lang, "no_tables")]
    out = []
    for tab in tables:
        names = tab.get("seats", [])
        infos = _infos(tab.get("seat_info"), len(names))
        seats = ", ".join(
            f"{i}: {_seat_text(lang, s, info)}"
            for i, (s, info) in enumerate(zip(names, infos, strict=True))
        )
        line = t(
            lang,
            "table_line",
            table=printable(str(tab.get("table")), 40),
            players=tab.get("players"),
            variant=tab.get("variant"),
            target=tab.get("target"),
            state=_state(lang, tab.get("state")),
            seats=seats,
        )
        if tab.get("private"):
            line += f" ({t(lang, 'private')})"
        if tab.get("spectators"):
            line += f" [{tab['spectators']} 👁]"
        out.append("  " + line)
    return out


def _state(lang: Language, state: object) -> str:
    """A table's state in words; one a newer server may add, as it is."""
    key = f"state.{state}"
    return t(lang, key) if key in CATALOG["en"] else printable(str(state), 20)


def _infos(given: object, n: int) -> list[dict[str, Any]]:
    """``seat_info`` of a table in ``tables`` (optional: an older server has none)."""
    if isinstance(given, list) and len(given) == n and all(isinstance(x, dict) for x in given):
        return given
    return [{}] * n


def _seat_text(lang: Language, name: object, info: dict[str, Any]) -> str:
    if not name:
        return t(lang, "free")
    shown = shown_name(lang, printable(str(name), 40))
    grace = info.get("grace_s")
    if info.get("kind") == "away" and isinstance(grace, int):
        return t(lang, "seat_away", name=shown, n=grace)
    if info.get("kind") == "held":
        return t(lang, "seat_held", name=shown)
    return shown


async def lobby(session: Session, console: Console, lang: Language) -> Choice | None:
    """Prompt for lobby commands until the person joins or watches a table (None: quit)."""

    def show(lines: list[str]) -> None:
        console.show([[("", line)] for line in lines])

    show([*table_lines(lang, await session.request("list")), t(lang, "lobby_help")])
    while True:
        try:
            text = await console.ask(t(lang, "lobby_prompt"))
        except (EOFError, KeyboardInterrupt):
            return None
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        if not words:
            continue
        command, rest = words[0].lower(), words[1:]
        try:
            if command in ("list", "refresh", "ls"):
                show(table_lines(lang, await session.request("list")))
            elif command == "help":
                show([t(lang, "lobby_help"), t(lang, "say_help")])
            elif command in ("quit", "exit"):
                return None
            elif command == "create":
                got = await session.request("create", **create_fields(rest))
                show(table_lines(lang, await session.request("list")))
                if not rest or "=" in rest[0]:
                    rest = [got["table"], *rest]
                return "join", str(got["table"]), None, _option(rest, "code")
            elif command in ("join", "watch") and rest:
                seat = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else None
                return command, rest[0], seat, _option(rest, "code")
            else:
                show([t(lang, "bad_lobby", text=printable(text, 60))])
        except (ServerError, ValueError) as err:
            message = err.message if isinstance(err, ServerError) else str(err)
            show([t(lang, "refused", text=printable(message, 300))])
            if isinstance(err, ServerError) and not (session.link and session.link.alive):
                # The server went away (a restart): wait for it, as a table does.
                if not await session.reconnect(
                    lambda _, pause: show([t(lang, "lost", pause=pause)])
                ):
                    return None
                show(table_lines(lang, await session.request("list")))


def _option(words: list[str], key: str) -> str | None:
    for word in words:
        k, eq, v = word.partition("=")
        if eq and k == key:
            return v
    return None
