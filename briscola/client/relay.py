"""``briscola join HOST --bot COMMAND``: an external bot seated at a LAN table.

The relay is the bot's host on one side (it starts the program, says
``hello`` and reads the bot's) and a client of the server on the other (it
says ``hello`` with the bot's name, creates or joins the table).  From then
on every line goes through unchanged both ways, so a bot written for
stdin/stdout plays a LAN table as it is.  After the asked number of matches
the bot gets ``bye`` and the seat is given up.  Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
from collections.abc import Iterator
from typing import Any

from ..engine.text import printable
from ..players import SeatFailure
from ..protocol.host import HANDSHAKE_MS, SOFTWARE
from ..protocol.messages import Message, ProtocolError, hello
from ..protocol.process import BotProcess
from ..words.names import name_problem
from .check import Checker, ServerFault
from .session import ServerError, Session

__all__ = ["relay"]


_IDS = itertools.count(2_000_001)  # the relay's own requests


def _say(text: str) -> None:
    # Every line may quote the server (a table's name, an error): all through the one filter.
    print(f"briscola join: {printable(text, 600)}", file=sys.stderr, flush=True)


async def _bot_hello(bot: BotProcess) -> str:
    bot.send(hello(1, SOFTWARE), now=True)
    try:
        item = await bot.receive(HANDSHAKE_MS / 1000)
    except TimeoutError:
        raise SeatFailure("timeout", "the bot did not answer hello in time") from None
    if not isinstance(item, dict) or item.get("type") != "hello" or not item.get("name"):
        _code, how, last = await bot.gone() if item is None else ("", f"said {item!r}", "")
        raise SeatFailure("bad_message", f"the bot did not answer hello: it {how}{last}")
    return printable(str(item["name"]).strip(), 40)


async def relay(
    host: str,
    port: int,
    command: str,
    *,
    table: str | None,
    create: dict[str, Any] | None,
    seat: int | None,
    code: str | None,
    matches: int = 1,
    bot_log: str | None = None,
) -> int:
    """Seat the bot program ``command`` and relay its lines; the exit status.

    ``bot_log``: a file that keeps the bot's stderr, line by line.
    """
    bot = BotProcess(command, label="bot", verbose=bot_log is not None)
    with _stderr_to(bot_log):
        return await _relay(bot, host, port, table, create, seat, code, matches)


async def _relay(
    bot: BotProcess,
    host: str,
    port: int,
    table: str | None,
    create: dict[str, Any] | None,
    seat: int | None,
    code: str | None,
    matches: int,
) -> int:
    session: Session | None = None
    try:
        await bot.spawn()
        name = await _bot_hello(bot)
        problem = name_problem(name, "the bot's name")  # the server's own rule, said here
        if problem is not None:
            _say(f"{problem}; a table takes no such name")
            return 1
        session = Session(host, port, name)
        await session.connect()
        if create is not None:
            got = await session.request("create", **create)
            table = str(got["table"])
        if table is None:
            _say("--bot needs --table NAME (or --create)")
            return 2
        joined = await session.join(table, seat, code)
        _say(f"{name} sits at table {table}, seat {joined['seat']}")
        return await _pump(session, bot, matches)
    except (SeatFailure, ServerError) as err:
        _say(err.message)
        return 1
    finally:
        if session is not None:
            await session.close()
        await bot.close(bye=True)


@contextlib.contextmanager
def _stderr_to(path: str | None) -> Iterator[None]:
    """The bot's stderr lines (logged on briscola.protocol after ``!!``) into ``path``."""
    if path is None:
        yield
        return
    logger = logging.getLogger("briscola.protocol")
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.addFilter(lambda record: " !! " in record.getMessage())
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(min(old or logging.INFO, logging.INFO))
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
        handler.close()


def _tell(msg: Message, seat: int | None, names: list[str], played: int) -> None:
    """What the joiner reads of the match: its result, and the bot's faults."""
    kind = msg["type"]
    if kind == "match_start":
        names[:] = [printable(str(n), 40) for n in msg.get("names", [])]
    elif kind == "match_end":
        rounds = "-".join(str(r) for r in msg.get("rounds_won", []))
        winner = msg.get("winner")
        seats = [s for s, _ in enumerate(names) if _team(msg, s) == winner]
        who = " & ".join(names[s] for s in seats) if seats else "nobody"
        ours = seat is not None and seat in seats
        outcome = "won" if ours else "drawn" if winner is None else "lost"
        _say(f"match {played}: {outcome}; {who} won (rounds {rounds})"
             if winner is not None else f"match {played}: drawn (rounds {rounds})")  # fmt: skip
    elif kind == "notice" and msg.get("seat") == seat and msg.get("code") in ("faults", "timeout"):
        _say(f"the bot's fault: {printable(str(msg.get('text', '')), 200)}")
    elif kind == "error":
        _say(f"the server refused the bot's line: {printable(str(msg.get('message', '')), 200)}")


def _team(msg: Message, seat: int) -> int:
    """The team of ``seat`` (the match's sides: seat modulo their number)."""
    sides = len(msg.get("rounds_won", [])) or 1
    return seat % sides


async def _pump(session: Session, bot: BotProcess, matches: int) -> int:
    played = 0
    names: list[str] = []
    checker = Checker()
    from_server: asyncio.Task[Message | None] | None = None
    from_bot: asyncio.Task[Any] | None = None
    try:
        while True:
            from_server = from_server or asyncio.ensure_future(session.next())
            from_bot = from_bot or asyncio.ensure_future(bot.receive(3600.0))
            await asyncio.wait({from_server, from_bot}, return_when=asyncio.FIRST_COMPLETED)
            if from_bot.done():
                task, from_bot = from_bot, None
                try:
                    item = task.result()
                except TimeoutError:  # an hour without a word from the bot: wait on
                    continue
                for text in bot.infos:
                    session.send({"type": "info", "text": text})
                bot.infos.clear()
                if item is None:
                    _code, how, last = await bot.gone()
                    _say(f"the bot {how}{last}; leaving the table")
                    await session.request("leave", timeout=5.0)
                    return 1
                if isinstance(item, ProtocolError):
                    _say(f"the bot sent a line the relay cannot read: {item.message}")
                elif isinstance(item, dict):
                    session.send(item)
            if not from_server.done():
                continue
            msg, from_server = from_server.result(), None
            if msg is None:
                if not await session.reconnect(
                    lambda _, pause: _say(f"lost; again in {pause:g} s")
                ):
                    if session.refusal:
                        _say(f"the server is back but refused the seat: "
                             f"{printable(session.refusal, 200)}")  # fmt: skip
                    else:
                        _say("the connection is lost and the server did not come back in time")
                    return 1
                continue
            try:
                checker.message(msg)  # the bot is shown nothing that cannot be
            except ServerFault as err:
                _say(f"{err.message}; leaving")
                return 1
            if msg["type"] == "bye":
                if msg.get("reason") == "restart":  # a pause: resumed by the next turn
                    continue
                bot.send(msg)
                return 0
            bot.send(msg)
            if msg["type"] == "round_end":  # a bot reads at once: the table may go on
                session.send({"type": "next", "id": next(_IDS)})
            _tell(msg, session.seat, names, played + 1)
            if msg["type"] == "match_end":
                played += 1
                if played >= matches:
                    await session.request("leave", timeout=5.0)
                    return 0
                await session.request("rematch")
    finally:
        if from_server is not None:
            from_server.cancel()
        if from_bot is not None:
            from_bot.cancel()
