"""``briscola bot``: a built-in bot on stdin/stdout, the reference for the bot side.

It answers ``hello``, reads ``match_start`` for the table, and answers each
``turn`` from that line alone: :func:`rebuild` turns a ``turn`` (plus the
table of ``match_start``) back into the :class:`~briscola.engine.observation.Observation`
the built-in bots read.  The extra fields this host puts in a ``turn``
(``seat``, ``round``, ``leader``, ``dealer``, ``rounds_won``, ``known``,
``exchanges``, ``trump_taken``) make that exact; without them it falls back
on what the MUST fields imply.  Unknown fields and message types are ignored,
every line is flushed, and an ``error`` from the host is shown on stderr.

Floor 6 (protocol).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

from .. import __version__
from ..bots import BOTS, make_bot
from ..engine.cards import ALL_CARDS, Card
from ..engine.game import EXCHANGE, Action
from ..engine.jsonline import loads
from ..engine.observation import Observation
from ..engine.rules import TableRules
from ..engine.text import printable
from ..players import Bot
from . import PROTOCOL_VERSION
from .framing import MAX_LINE

__all__ = ["BotSide", "main", "rebuild"]

Message = dict[str, Any]


_BY_TEXT: dict[str, Card] = {str(c): c for c in ALL_CARDS}


def _card(text: str) -> Card:
    card = _BY_TEXT.get(text)  # the exact wire form; anything else gets the full parse
    return card if card is not None else Card.parse(text)


def _cards(items: Iterable[str]) -> tuple[Card, ...]:
    return tuple(_card(c) for c in items)


def _pairs(items: Iterable[Message]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(d["seat"]), _card(d["card"])) for d in items)


@functools.lru_cache(maxsize=64)
def _rules(players: int, variant: str, target: int, pack: int = 0) -> TableRules:
    return TableRules(players=players, variant=variant, target=target, pack=pack)  # type: ignore[arg-type]


def rebuild(turn: Message, start: Message, dealt: Card | None = None) -> Observation:
    """The Observation a ``turn`` line describes, for the table of ``start`` (match_start).

    ``dealt`` is the face-up card of the ``round_start`` if the bot kept it; it is
    only needed when the turn has neither ``trump_taken`` nor ``exchanges``.
    """
    rules = _rules(start["players"], start["variant"], start["target"], start.get("pack", 0))
    n = rules.players
    seat = int(turn["seat"] if "seat" in turn else start["seat"])
    trump_suit = "CDSB".index(turn["trump_suit"])
    trick = _pairs(turn["trick"])
    played = tuple(_pairs(t) for t in turn["played"])
    winners = tuple(t[rules.trick_winner(trump_suit, [c for _, c in t])][0] for t in played)
    first = played[0][0][0] if played else trick[0][0] if trick else seat
    exchanges = tuple(
        (int(e["seat"]), _card(e["gave"]), _card(e["took"])) for e in turn.get("exchanges", ())
    )
    trump = None if turn["trump"] is None else _card(turn["trump"])
    taken_msg = turn.get("trump_taken")
    taken = None
    if taken_msg is not None:
        taken = (int(taken_msg["seat"]), _card(taken_msg["card"]))
    if exchanges:
        dealt = exchanges[0][2]
    elif taken is not None:
        dealt = taken[1]
    elif trump is not None:
        dealt = trump
    if dealt is None:  # neither extras nor the round_start: any trump stands in for it
        dealt = Card.of(0, trump_suit)
    known_msg = turn.get("known")
    if known_msg is not None:
        known = tuple(_cards(known_msg.get(str(s), ())) if s != seat else () for s in range(n))
    else:
        gone = {c for t in played for _, c in t} | {c for _, c in trick}
        found: list[list[Card]] = [[] for _ in range(n)]
        for s, c in [(s, took) for s, _, took in exchanges] + ([taken] if taken else []):
            if s != seat and c not in gone and c not in found[s]:
                found[s].append(c)
        known = tuple(tuple(cs) for cs in found)
    legal: list[Action] = [EXCHANGE if a == EXCHANGE else _card(a) for a in turn["legal"]]
    sides = len(rules.teams)
    return Observation(
        rules=rules,
        seat=seat,
        round=int(turn.get("round", 1)),
        dealer=int(turn.get("dealer", (first - 1) % n)),
        rounds_won=tuple(turn.get("rounds_won", (0,) * sides)),
        hand=_cards(turn["hand"]),
        legal=tuple(legal),
        to_move=seat,
        leader=int(turn.get("leader", trick[0][0] if trick else seat)),
        trick=trick,
        trump_card=trump,
        trump_suit=trump_suit,
        stock=int(turn["stock"]),
        points=tuple(turn["points"]),
        played=played,
        winners=winners,
        hand_sizes=tuple(turn["hand_sizes"]),
        exchanges=exchanges,
        trump_taken=taken,
        dealt_trump=dealt,
        known=known,
    )


class BotSide:
    """The protocol state of one bot process: what ``match_start`` said, and the bot."""

    def __init__(self, level: str, seed: int | None = None, think_ms: int | None = None) -> None:
        self.level = level
        self.seed = seed
        self.options: dict[str, Any] = {} if think_ms is None else {"think_ms": think_ms}
        self.start: Message | None = None
        self.dealt: Card | None = None
        self.bot: Bot | None = None
        self.done = False

    def handle(self, msg: Message) -> Message | None:
        """The answer to one host message, if it asks for one."""
        kind = msg.get("type")
        if kind == "hello":
            return {
                "type": "hello",
                "id": msg.get("id"),
                "protocol": PROTOCOL_VERSION,
                "name": f"briscola-{self.level}",
                "version": __version__,
                "author": "briscola",
            }
        if kind == "match_start":
            self.start = msg
            self.bot = make_bot(self.level, seed=self.seed, **self.options)
        elif kind == "round_start":
            self.dealt = _card(msg["trump"])
        elif kind == "turn":
            return self.answer(msg)
        elif kind == "error":
            _say(f"host refused a line: {msg.get('code')}: {msg.get('message')}")
        elif kind == "bye":
            self.done = True
        return None

    def answer(self, turn: Message) -> Message | None:
        """The bot's move; for a turn it cannot read, the first legal card (and why, on
        stderr), so that a host's mistake costs a poor move, not the seat."""
        try:
            if self.start is None or self.bot is None:
                raise ValueError("a turn came before match_start")
            action = self.bot.choose(rebuild(turn, self.start, self.dealt))
        except Exception as err:  # any malformed field: the fallback below
            return _first_legal(turn, f"{type(err).__name__}: {err}")
        if action == EXCHANGE:
            return {"type": "exchange", "id": turn.get("id")}
        return {"type": "play", "id": turn.get("id"), "card": str(action)}


def _first_legal(turn: Message, why: str) -> Message | None:
    legal = turn.get("legal")
    items = legal if isinstance(legal, list) else []
    cards = [c for c in items if isinstance(c, str) and c in _BY_TEXT]
    if not cards:
        _say(f"cannot read the turn ({why}) and it names no legal card: no answer")
        return None
    _say(f"cannot read the turn ({why}); answering with its first legal card {cards[0]}")
    return {"type": "play", "id": turn.get("id"), "card": cards[0]}


def _say(text: str) -> None:
    print(f"briscola bot: {printable(text, 500)}", file=sys.stderr, flush=True)


def serve(side: BotSide, lines: IO[bytes], out: IO[str]) -> int:
    """Answer host lines until ``bye`` or the end of input; a line this bot cannot use
    is the host's problem: say so on stderr and go on."""
    for raw in _lines(lines):
        if raw is None:
            _say(f"skipped a line longer than {MAX_LINE} bytes")
            continue
        line = raw.strip()
        if not line:
            continue
        try:
            msg = loads(line.decode())  # str: json skips its encoding sniffing
            if not isinstance(msg, dict):
                raise ValueError("not a JSON object")
            answer = side.handle(msg)
        except Exception as err:  # whatever the line holds, the bot goes on
            _say(f"cannot use the line {line[:200]!r}: {type(err).__name__}: {err}")
            continue
        if answer is not None:
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
            out.flush()
        if side.done:
            break
    return 0


def _lines(stream: IO[bytes]) -> Iterator[bytes | None]:
    """The stream's lines, each at most MAX_LINE bytes; None for one that was longer
    (read past in pieces, never held whole)."""
    while raw := stream.readline(MAX_LINE + 2):  # +2: the line end, \r\n
        if raw.endswith(b"\n") or len(raw) <= MAX_LINE:
            yield raw
            continue
        while raw and not raw.endswith(b"\n"):
            raw = stream.readline(MAX_LINE + 2)
        yield None


def main(args: argparse.Namespace) -> int:
    if args.level not in BOTS:
        print(
            f"briscola bot: error: the {args.level!r} bot is not available; "
            f"expected one of {', '.join(sorted(BOTS))}",
            file=sys.stderr,
        )
        return 2
    side = BotSide(args.level, args.seed, args.think_ms)
    try:  # a bad option fails now, with a message, not at the first turn
        make_bot(args.level, seed=args.seed, **side.options)
    except TypeError:
        print(
            f"briscola bot: error: --think-ms does not apply to --level {args.level} "
            "(only to expert and net)",
            file=sys.stderr,
        )
        return 2
    except ValueError as err:
        print(f"briscola bot: error: {err}", file=sys.stderr)
        return 2
    return serve(side, sys.stdin.buffer, sys.stdout)
