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
import sys
from typing import Any

from ..players import SeatFailure
from ..protocol.host import HANDSHAKE_MS, SOFTWARE
from ..protocol.messages import Message, ProtocolError, hello
from ..protocol.process import BotProcess
from ..words.text import printable
from .session import ServerError, Session

__all__ = ["relay"]


def _say(text: str) -> None:
    print(f"briscola join: {text}", file=sys.stderr, flush=True)


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
) -> int:
    """Seat the bot program ``command`` and relay its lines; the exit status."""
    bot = BotProcess(command, label="bot")
    session: Session | None = None
    try:
        await bot.spawn()
        name = await _bot_hello(bot)
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


async def _pump(session: Session, bot: BotProcess, matches: int) -> int:
    played = 0
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
                    _say("the connection is lost and the seat could not be resumed")
                    return 1
                continue
            if msg["type"] == "bye":
                bot.send(msg)
                return 0
            bot.send(msg)
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
