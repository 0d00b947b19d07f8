"""A remote table seen from the client: protocol messages turned back into a Player's calls.

The server's table loop calls ``start``, ``notify`` and ``act`` on the seat's
Player at the server; here the same calls are made on a local Player (the
person at the prompt) from the lines that arrive: ``match_start`` becomes a
:class:`~briscola.players.MatchInfo`, each event message the engine's
:class:`~briscola.engine.events.Event`, and a ``turn`` the
:class:`~briscola.engine.observation.Observation` the bot side rebuilds
(:func:`briscola.protocol.bot_side.rebuild`).  So ``briscola join`` shows a
LAN game with the very screen, words and commands of ``briscola play``.

A turn runs as a task of its own, so that chat and notices still arrive
while the person thinks; a turn the server settled without us (the time ran
out, a bot played the card) is cancelled when its card shows up.
Floor 7 (client).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from ..engine.cards import Card
from ..engine.events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickDone,
    TrumpTaken,
)
from ..engine.game import EXCHANGE, Action
from ..engine.observation import Observation
from ..engine.rules import TableRules
from ..engine.text import printable
from ..players import MatchInfo, Player
from ..protocol.bot_side import rebuild
from ..protocol.messages import Message
from .check import Checker, ServerFault

__all__ = ["RemoteTable", "event_of"]

Send = Callable[[Message], None]


def _pairs(items: list[dict[str, Any]]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(d["seat"]), Card.parse(d["card"])) for d in items)


def event_of(msg: Message, seat: int) -> Event | None:
    """The engine event a message tells of (as ``seat`` saw it), or None for other news."""
    kind = msg["type"]
    if kind == "round_start":
        return RoundStarted(
            int(msg["round"]),
            int(msg["dealer"]),
            int(msg["leader"]),
            Card.parse(msg["trump"]),
            int(msg["stock"]),
            tuple(msg["rounds_won"]),
            seat,
            tuple(Card.parse(c) for c in msg["hand"]),
        )
    if kind == "played":
        return Played(int(msg["seat"]), Card.parse(msg["card"]), msg.get("standin") is True)
    if kind == "trick":
        return TrickDone(_pairs(msg["cards"]), int(msg["winner"]), int(msg["points"]))
    if kind == "draw":
        return Drew(seat, Card.parse(msg["card"]))
    if kind == "trump_taken":
        return TrumpTaken(int(msg["seat"]), Card.parse(msg["card"]))
    if kind == "exchanged":
        return Exchanged(int(msg["seat"]), Card.parse(msg["gave"]), Card.parse(msg["took"]))
    if kind == "round_end":
        return RoundEnded(tuple(msg["points"]), msg["winner"], tuple(msg["rounds_won"]))
    if kind == "match_end":
        return MatchEnded(msg["winner"], tuple(msg["rounds_won"]), str(msg.get("reason", "")))
    return None


def info_of(msg: Message) -> MatchInfo:
    """``match_start`` as the MatchInfo of the seat (a spectator is seat -1)."""
    rules = TableRules(
        players=int(msg["players"]),
        variant=msg["variant"],
        target=int(msg["target"]),
        pack=int(msg.get("pack", 0)),
    )
    seat = msg.get("seat")
    return MatchInfo(-1 if seat is None else int(seat), rules, tuple(msg["names"]), msg["move_ms"])


class RemoteTable:
    """Feeds one local Player from a seat's (or a spectator's) messages."""

    def __init__(self, player: Player, send: Send) -> None:
        self.player = player
        self.send = send
        self.start: Message | None = None
        self.info: MatchInfo | None = None
        self.dealt: Card | None = None
        self.turn_task: asyncio.Task[None] | None = None
        self.failed: BaseException | None = None  # the person left, or their console broke
        self.ended: MatchEnded | None = None
        self.checker = Checker()

    @property
    def seat(self) -> int:
        return -1 if self.info is None else self.info.seat

    async def handle(self, msg: Message) -> None:
        """One message from the server; :class:`~.check.ServerFault` when it cannot be right."""
        self.checker.message(msg)
        kind = msg["type"]
        if kind == "match_start":
            if self.start is not None and self.ended is None and _same_table(self.start, msg):
                return  # a resume: the same match goes on; the state follows
            await self.cancel_turn()
            self.start, self.ended = msg, None
            self.info = info_of(msg)
            await self.player.start(self.info)
            return
        if self.info is None:
            return  # news of a match we have not seen start
        if kind == "state":
            await self.cancel_turn()
            obs = self.observe(msg)
            if isinstance(msg.get("to_move"), int):  # the snapshot says whose turn it is
                obs = dataclasses.replace(obs, to_move=msg["to_move"])
            resume: Callable[[Observation], Awaitable[None]] | None = getattr(
                self.player, "resume", None
            )
            if resume is not None:
                await resume(obs)
            return
        if kind == "turn":
            await self.cancel_turn()
            obs = self.observe(msg)
            self.turn_task = asyncio.get_running_loop().create_task(self._turn(msg, obs))
            return
        event = event_of(msg, self.seat)
        if event is None:
            return
        if isinstance(event, RoundStarted):
            self.dealt = event.trump
        if isinstance(event, Played) and event.seat == self.seat:
            await self.cancel_turn()  # played for us (time ran out): the prompt goes
        if isinstance(event, MatchEnded):
            self.ended = event
        await self.player.notify(event)

    def observe(self, msg: Message) -> Observation:
        assert self.start is not None
        view = dict(msg)
        view.setdefault("legal", [])
        if view.get("seat") is None:
            view["seat"] = self.seat
        try:
            return rebuild(view, self.start, self.dealt)
        except (LookupError, TypeError, ValueError, AttributeError) as err:  # checked: a last guard
            raise ServerFault(msg, f"it cannot be read ({printable(str(err), 80)})") from None

    async def _turn(self, msg: Message, obs: Observation) -> None:
        try:
            action: Action = await self.player.act(obs, msg.get("time_ms"))
        except asyncio.CancelledError:
            raise
        except BaseException as err:  # LeaveTable, PromptFailed: the run decides
            self.failed = err
            return
        if action == EXCHANGE:
            self.send({"type": "exchange", "id": msg["id"]})
        else:
            self.send({"type": "play", "id": msg["id"], "card": str(action)})

    async def cancel_turn(self) -> None:
        task, self.turn_task = self.turn_task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _same_table(a: Message, b: Message) -> bool:
    keys = ("seat", "players", "names", "variant", "target")
    return all(a.get(k) == b.get(k) for k in keys)
