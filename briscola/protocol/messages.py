"""Protocol messages: reading a bot's lines and building the host's, with error codes.

Every refusal is a :class:`ProtocolError` whose ``code`` is one of
:data:`ERROR_CODES` and whose message names what was wrong and what was
expected; the host sends it to the bot as an ``error`` line.  Building a
message never needs more than the seat's own view: ``turn`` comes from an
:class:`~briscola.engine.observation.Observation`, the rest from events.

Floor 6 (protocol).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..engine.cards import Card, CardError
from ..engine.game import EXCHANGE, Action
from ..engine.jsonline import JSONLineError, dumps, loads
from ..engine.observation import Observation
from . import PROTOCOL_VERSION

__all__ = [
    "BOT_TYPES",
    "ERROR_CODES",
    "BotHello",
    "Message",
    "ProtocolError",
    "decode",
    "encode",
    "error",
    "hello",
    "read_answer",
    "read_hello",
    "turn_message",
]

Message = dict[str, Any]

ERROR_CODES: Final = (
    "bad_json",
    "bad_message",
    "unknown_id",
    "unknown_type",
    "illegal_move",
    "line_too_long",
    "unsupported_protocol",
    "rate_limited",
)
BOT_TYPES: Final = frozenset({"hello", "play", "exchange", "info", "chat"})


class ProtocolError(Exception):
    """A line refused with protocol error ``code`` (one of :data:`ERROR_CODES`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class BotHello:
    name: str
    version: str | None = None
    author: str | None = None


def encode(msg: Message) -> bytes:
    """One message as one line of compact UTF-8 JSON."""
    return (dumps(msg) + "\n").encode()


def _short(text: str, size: int = 80) -> str:
    return text if len(text) <= size else text[:size] + "..."


def decode(line: str) -> Message:
    """A line as a message: a JSON object with a string ``type``."""
    try:
        msg = loads(line)
    except JSONLineError as err:
        raise ProtocolError(
            "bad_json",
            f"not JSON ({err}): {_short(line)!r}; every line on stdout must be one JSON "
            "object (debug output goes to stderr)",
        ) from None
    if not isinstance(msg, dict):
        raise ProtocolError(
            "bad_json",
            f"a line must be a JSON object, got {_short(line)!r} (debug output goes to stderr)",
        )
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(
            "bad_message", f"a message needs a string field 'type', got {_short(line)!r}"
        )
    return msg


def hello(msg_id: int, software: str) -> Message:
    return {"type": "hello", "id": msg_id, "protocol": PROTOCOL_VERSION, "software": software}


def error(code: str, message: str, msg_id: int | None = None) -> Message:
    msg: Message = {"type": "error", "code": code, "message": message}
    if msg_id is not None:
        msg["id"] = msg_id
    return msg


def turn_message(obs: Observation, msg_id: int, time_ms: int) -> Message:
    """The ``turn`` for ``obs.seat``: the MUST fields, the extras of
    :meth:`Observation.to_turn`, ``dealer``, ``rounds_won`` and ``trump_taken``, and
    the table (``variant``, ``teams``, ``pack``), so that a stateless bot can rebuild
    the whole observation and knows the card order and its partners."""
    msg = obs.to_turn()
    rules = obs.rules
    msg["variant"] = rules.variant
    msg["teams"] = [list(t) for t in rules.teams]
    msg["pack"] = rules.pack
    msg["id"] = msg_id
    msg["time_ms"] = time_ms
    msg["dealer"] = obs.dealer
    msg["rounds_won"] = list(obs.rounds_won)
    taken = obs.trump_taken
    msg["trump_taken"] = None if taken is None else {"seat": taken[0], "card": str(taken[1])}
    return msg


def _check_id(msg: Message, expected: int) -> None:
    got = msg.get("id")
    if not isinstance(got, int) or isinstance(got, bool):
        raise ProtocolError(
            "bad_message",
            f"{msg['type']!r} needs an integer 'id' (expected {expected}), got {got!r}",
        )
    if got != expected:
        raise ProtocolError(
            "unknown_id",
            f"{msg['type']!r} answers id {got}, but the pending request is id {expected}",
        )


def read_hello(msg: Message, expected: int) -> BotHello:
    """The bot's answer to ``hello``; ``unsupported_protocol`` for a version other than 1."""
    if msg["type"] != "hello":
        raise ProtocolError(
            "bad_message", f"expected 'hello' in answer to hello, got {msg['type']!r}"
        )
    _check_id(msg, expected)
    version = msg.get("protocol")
    if type(version) is not int or version != PROTOCOL_VERSION:  # 1.0 and true are not 1
        raise ProtocolError(
            "unsupported_protocol",
            f"this host speaks protocol {PROTOCOL_VERSION} only, the bot said {version!r}",
        )
    name = msg.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError("bad_message", f"'hello' needs a non-empty string 'name', got {name!r}")
    extra = [msg.get(k) for k in ("version", "author")]
    v, a = (str(x) if x is not None else None for x in extra)
    return BotHello(name.strip()[:100], v, a)


def read_answer(msg: Message, expected: int, legal: tuple[Action, ...]) -> Action:
    """The action in a ``play`` or ``exchange`` answering turn ``expected``."""
    _check_id(msg, expected)
    allowed = " ".join(str(a) for a in legal)
    if msg["type"] == "exchange":
        if EXCHANGE not in legal:
            raise ProtocolError(
                "illegal_move", f"the exchange is not allowed now; legal actions: {allowed}"
            )
        return EXCHANGE
    text = msg.get("card")
    try:
        card = Card.parse(text) if isinstance(text, str) and len(text) == 2 else None
    except CardError:
        card = None
    if card is None:
        raise ProtocolError(
            "bad_message",
            f"'play' needs a 'card' like 'AD', got {text!r}; legal actions: {allowed}",
        )
    if card not in legal:
        raise ProtocolError(
            "illegal_move", f"{card} may not be played now; legal actions: {allowed}"
        )
    return card
