"""``briscola join HOST[:PORT]``: sit down at a LAN table, watch one, or seat a bot.

Without ``--table`` the person gets the lobby; with it, the table is
joined (or created first with ``--create``, or watched with ``--watch``).
At a terminal it is the prompt-toolkit screen of ``briscola play``; on a
pipe, plain lines.  ``--bot COMMAND`` relays an external bot program
instead of a person.  Floor 7 (client).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import signal
import sys
from typing import Any

from prompt_toolkit.patch_stdout import patch_stdout

from ..engine.cards import Language
from ..engine.text import printable
from ..prompt.app import default_lang, screen_colours
from ..prompt.console import Console, LineConsole, TerminalConsole
from ..prompt.style import style_for
from ..protocol.process import stopped_by
from ..server.config import DEFAULT_PORT
from ..settings import default_faces
from ..words.lobby import t
from ..words.names import NAME_CHARS, name_problem
from .lobby import bots_field, lobby, refusal
from .play import sit
from .relay import relay
from .session import ServerError, Session, parse_address
from .tokens import Tokens

__all__ = ["main"]

EXIT_USAGE = 2


def _error(text: str, status: int = 1) -> int:
    # The text may quote the server: through the one filter, as all it says.
    print(f"briscola join: error: {printable(text, 500)}", file=sys.stderr)
    return status


def _create(args: argparse.Namespace) -> dict[str, Any] | None:
    if not args.create:
        return None
    fields: dict[str, Any] = {"players": args.players, "target": args.target}
    fields["variant"] = args.variant
    if args.table:
        fields["table"] = args.table
    if args.code:
        fields["code"] = True if args.code == "new" else args.code  # new: the server makes one
    if args.pack:
        fields["pack"] = args.pack
    if args.bots:
        fields["bots"] = bots_field(args.bots, args.players)
    return fields


async def _seat(session: Session, console: Console, args: argparse.Namespace,
                lang: Language) -> int:  # fmt: skip
    create = _create(args)
    table: str | None = args.table
    try:
        if not args.watch and create is None:  # a seat kept from a client that died
            got = await session.resume_kept(table)
            if got is not None:
                console.show(
                    [[("class:dim", t(lang, "kept", table=got["table"], seat=got["seat"]))]]
                )
                status = await sit(session, console, lang=lang, faces=args.faces, pace=args.pace)
                if args.table is not None or session.link is None or not session.link.alive:
                    return status
            elif session.seat_over:  # its match ended while the client was gone, or it went
                said = t(lang, "kept_over", table=printable(session.seat_over, 40))
                console.show([[("class:dim", said)]])
        if create is not None:
            made = await session.request("create", **create)
            table = str(made["table"])
            if made.get("code"):
                args.code = str(made["code"])
                console.show([[("", t(lang, "code_made", table=table, code=args.code))]])
        while True:
            if table is not None:
                kind, seat, code = ("watch" if args.watch else "join"), args.seat, args.code
            else:
                choice = await lobby(session, console, lang)
                if choice is None:
                    return 0
                kind, table, seat, code = choice
            try:
                if kind == "watch":
                    await session.watch(table, code)
                    console.show([[("class:dim", t(lang, "watching", table=table))]])
                else:
                    got = await session.join(table, seat, code)
                    console.show(
                        [[("class:dim", t(lang, "seated", table=table, seat=got["seat"]))]]
                    )
                    if got.get("name", session.name) != session.name:  # someone had it
                        said = t(lang, "renamed", wanted=session.name, name=got["name"])
                        console.show([[("class:dim", said)]])
            except ServerError as err:
                if args.table is not None:
                    return _error(
                        refusal(lang, err, table, cli=True)
                        if err.code == "bad_code"
                        else err.message
                    )
                console.show([[("", refusal(lang, err, table, command=kind))]])
                table = None
                continue
            status = await sit(
                session,
                console,
                lang=lang,
                faces=args.faces,
                pace=args.pace,
                watching=kind == "watch",
            )
            if args.table is not None or session.link is None or not session.link.alive:
                return status
            table = None
    except ServerError as err:
        return _error(err.message)


async def _person(args: argparse.Namespace, host: str, port: int, console: Console) -> int:
    lang: Language = args.lang or default_lang()
    args.faces = args.faces or default_faces(lang)
    session = Session(host, port, args.name or _user(), tokens=Tokens(),
                      patience=args.reconnect_for)  # fmt: skip
    try:
        await session.connect()
    except ServerError as err:
        return _error(err.message)
    stopped: list[int] = []
    try:  # SIGTERM: end as a dropped connection does, the screen put away
        with stopped_by((signal.SIGTERM,)) as stopped:
            async with console.interrupts():
                return await _seat(session, console, args, lang)
    except asyncio.CancelledError:
        if not stopped:
            raise
        said = t(lang, "stopped" if session.token else "stopped.bare")  # a seat kept, or none
        print(f"briscola join: {said}", file=sys.stderr)
        return 128 + signal.SIGTERM
    finally:
        await session.close()


def _user() -> str:
    try:
        name = getpass.getuser()[:NAME_CHARS]
    except Exception:  # no user name in this environment
        return "player"
    return name if name_problem(name) is None else "player"


def main(args: argparse.Namespace) -> int:
    try:
        host, port = parse_address(args.address, DEFAULT_PORT)
        if args.bots:
            bots_field(args.bots, args.players)
    except ValueError as err:
        return _error(str(err), EXIT_USAGE)
    problem = name_problem(args.name, "--name") if args.name is not None else None
    if problem is not None:
        return _error(problem, EXIT_USAGE)
    if args.bot and not (args.table or args.create):
        return _error("--bot needs --table NAME (or --create)", EXIT_USAGE)
    if (args.bot_log or args.strict) and not args.bot:
        return _error("--bot-log and --strict go with --bot", EXIT_USAGE)
    if args.bot:
        return asyncio.run(
            relay(
                host,
                port,
                args.bot,
                table=args.table,
                create=_create(args),
                seat=args.seat,
                code=args.code,
                matches=args.matches,
                bot_log=args.bot_log,
                strict=args.strict,
            )
        )
    if sys.stdin.isatty() and sys.stdout.isatty():
        with patch_stdout():
            console = TerminalConsole(style=style_for(screen_colours()))
            return asyncio.run(_person(args, host, port, console))
    return asyncio.run(_person(args, host, port, LineConsole()))
