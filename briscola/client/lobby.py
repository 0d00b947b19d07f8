"""The lobby at the prompt: list the tables, create one, join or watch.

``briscola join HOST`` without ``--table`` lands here: a prompt (``lobby>``)
with the commands of :data:`COMMANDS`, each a lobby request.  The same
reading of a ``create`` serves the command line's ``--players``, ``--bots``
and friends (:func:`create_fields`).  Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import shlex
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..engine.cards import Language
from ..engine.text import printable
from ..prompt.console import Console
from ..prompt.layout import clock_text
from ..prompt.style import Text
from ..words.i18n import decimal
from ..words.lobby import CATALOG, t
from ..words.table import shown_name
from .check import ServerFault
from .session import ServerError, Session

__all__ = [
    "COMMANDS",
    "Choice",
    "bots_field",
    "create_fields",
    "lobby",
    "refusal",
    "table_lines",
]

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
            fields[key] = True if (key, value) == ("code", "new") else value  # new: made
        elif key == "bots":
            fields["bots"] = bots_field(value, fields.get("players"))
        else:
            raise ValueError(
                f"unknown option {key!r}; create takes players, target, variant, pack, code, bots"
            )
    return fields


def _seat_text(lang: Language, i: int, name: Any, info: Any) -> str:
    """One seat of a listing: its person, a bot (marked), free, or away for how long."""
    shown = shown_name(lang, printable(str(name), 40)) if name else ""
    if isinstance(info, dict):
        kind = info.get("kind")
        shown = shown_name(lang, printable(str(info.get("name") or name or "?"), 40))
        grace = info.get("grace_s")
        if kind == "free":
            return f"{i}: {t(lang, 'free')}"
        if kind == "open":  # left mid-match: anyone may take it; a bot plays it meanwhile
            return f"{i}: {t(lang, 'open_seat', name=shown)}"
        if kind == "bot":
            return f"{i}: {t(lang, 'bot_seat', name=shown)}"
        bot = "bot_" if info.get("bot") is True else ""  # a program's seat: marked too
        if kind == "away" and isinstance(grace, int):
            return f"{i}: {t(lang, bot + 'away_seat', name=shown, time=clock_text(grace))}"
        if kind in ("away", "held"):
            return f"{i}: {t(lang, bot + 'held_seat', name=shown)}"
    return f"{i}: {shown or t(lang, 'free')}"


def _variant(lang: Language, variant: object) -> str:
    """A table's variant in words ("Italian rules"; brisca and bisca by their names,
    "Brisca" in German); one the client does not know as the server wrote it."""
    if variant in ("italian", "brisca", "bisca"):
        return t(lang, f"variant.{variant}")
    return printable(str(variant), 20)


def table_lines(lang: Language, listing: dict[str, Any]) -> list[str]:
    """The lobby's list: each table, its seats (bots marked), and who waits at it."""
    tables = listing.get("tables") or []
    if not tables:
        return [t(lang, "no_tables")]
    out = []
    for tab in tables:
        names = list(tab.get("seats") or [])
        infos = tab.get("seat_info")
        infos = list(infos) if isinstance(infos, list) else []
        count = max(len(names), len(infos))
        names += [None] * (count - len(names))
        infos += [None] * (count - len(infos))
        seats = ", ".join(_seat_text(lang, i, names[i], infos[i]) for i in range(count))
        line = t(
            lang,
            "table_line",
            table=printable(str(tab.get("table")), 40),
            players=tab.get("players"),
            variant=_variant(lang, tab.get("variant")),
            target=tab.get("target"),
            state=_state(lang, tab.get("state")),
            seats=seats,
        )
        if tab.get("private"):
            line += f" ({t(lang, 'private')})"
        if tab.get("spectators"):
            line += f" [{tab['spectators']} 👁]"
        out.append("  " + line)
        people = [
            printable(str(i.get("name")), 40)
            for i in infos
            if isinstance(i, dict) and i.get("kind") == "person" and i.get("name")
        ]
        if people and tab.get("state") == "waiting":
            name = printable(str(tab.get("table")), 40)
            out.append("    " + t(lang, "people_waiting", table=name, names=", ".join(people)))
    return out


def refusal(
    lang: Language,
    err: ServerError,
    table: str | None = None,
    *,
    cli: bool = False,
    command: str = "join",
) -> str:
    """What a refused request says; a private table's code missing or wrong is one
    message, in the lobby's syntax (of ``command``: join or watch) or (``cli``) the
    command line's."""
    if err.code == "bad_code" and table:
        key = "code_needed_cli" if cli else "code_needed"
        return t(lang, key, table=printable(table, 40), command=command)
    return t(lang, "refused", text=printable(err.message, 300))


def _state(lang: Language, state: object) -> str:
    """A table's state in words; one a newer server may add, as it is."""
    key = f"state.{state}"
    return t(lang, key) if key in CATALOG["en"] else printable(str(state), 20)


class Away:
    """What a screen says while the server is away, fed by ``Session.reconnect``'s
    news: one line when it goes (not when the server's own ``bye`` said so already),
    then for the panel the whole seconds to the next try, counted down, or that a
    try is under way (:meth:`seconds` None)."""

    def __init__(self, lang: Language, show: Callable[[str], None], *, said: bool = False):
        self.lang, self.show, self.said = lang, show, said
        self.due: float | None = None  # when the next try starts (loop time)

    def tell(self, _: str, pause: float) -> None:
        """The next try comes in ``pause`` seconds."""
        if not self.said:
            self.said = True
            self.show(t(self.lang, "lost", pause=decimal(self.lang, pause, None)))
        self.due = self.now() + pause

    def seconds(self) -> int | None:
        """Whole seconds to the next try (1 at least); None while a try is under way."""
        if self.due is None:
            return None
        left = self.due - self.now()
        return math.ceil(left) if left > 0 else None

    @staticmethod
    def now() -> float:
        return time.monotonic()  # as the session's sleep counts (the loop's clock)


@contextlib.contextmanager
def retry_line(console: Console, lang: Language) -> Iterator[Callable[[str, float], None]]:
    """What the lobby says while the server is away: one line when it goes, then the
    next try's pause in the panel, counted down in place (not one more line per try),
    and "connecting" while a try is under way."""
    away = Away(lang, lambda text: console.show([[("", text)]]))
    kept = console.panel

    def panel(short: bool = False) -> list[Text]:
        left = away.seconds()
        text = t(lang, "retrying", pause=left) if left else t(lang, "connecting")
        return [[("", text)]]

    def tell(what: str, pause: float) -> None:
        away.tell(what, pause)
        console.panel = panel
        console.refresh()

    try:
        yield tell
    finally:
        console.panel = kept
        console.refresh()


async def lobby(session: Session, console: Console, lang: Language) -> Choice | None:
    """Prompt for lobby commands until the person joins or watches a table (None: quit)."""

    def show(lines: list[str]) -> None:
        console.show([[("", line)] for line in lines])

    async def back() -> bool:
        """The server went away (a restart): wait for it, as a table does."""
        with retry_line(console, lang) as tell:
            if not await session.reconnect(tell):
                return False
        show(table_lines(lang, await session.request("list")))
        return True

    show([*table_lines(lang, await session.request("list")), t(lang, "lobby_help")])
    while True:
        try:
            text = await _line_or_drop(session, console, t(lang, "lobby_prompt"))
        except (EOFError, KeyboardInterrupt):
            return None
        if text is None:
            if not await back():
                return None
            continue
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
                code = _option(rest, "code")
                if got.get("code"):  # code=new: the one the server made, said once here
                    code = printable(str(got["code"]), 40)
                    show([t(lang, "code_made_lobby", table=str(got["table"]), code=code)])
                return "join", str(got["table"]), None, code
            elif command in ("join", "watch") and rest:
                seat = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else None
                return command, rest[0], seat, _option(rest, "code")
            else:
                show([t(lang, "bad_lobby", text=printable(text, 60))])
        except ServerFault:
            raise  # a server that says what cannot be: the connection is closed
        except ServerError as err:
            show([refusal(lang, err)])
            if not (session.link and session.link.alive) and not await back():
                return None
        except ValueError as err:
            show([t(lang, "refused", text=printable(str(err), 300))])


async def _line_or_drop(session: Session, console: Console, prompt: str) -> str | None:
    """The person's next lobby line; None when the connection ends first."""
    link = session.link
    ask = asyncio.ensure_future(console.ask(prompt))
    if link is None:
        return await ask
    await asyncio.wait({ask, link.ended}, return_when=asyncio.FIRST_COMPLETED)
    if ask.done():
        return ask.result()
    ask.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await ask
    return None


def _option(words: list[str], key: str) -> str | None:
    for word in words:
        k, eq, v = word.partition("=")
        if eq and k == key:
            return v
    return None
