"""Property tests (Hypothesis): arbitrary JSON values in every lobby request, from a
connection in every state (before its hello, in the lobby, seated at a table that
waits, seated mid-match, watching).  The server answers each with its answer or an
``error`` with a code, the connection lives on, and nothing reaches a traceback.
Real sockets on 127.0.0.1; one server per example, every wait bounded."""

from __future__ import annotations

import asyncio
import logging
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lan import Client, running

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = {
    "list": (),
    "create": ("table", "players", "target", "variant", "pack", "code", "bots"),
    "join": ("table", "seat", "code"),
    "watch": ("table", "code"),
    "resume": ("token",),
    "leave": (),
    "rematch": (),
    "chat": ("text",),
    "here": (),
    "play": ("card",),
    "exchange": (),
    "hello": ("protocol", "name"),
}
STATES = ("lobby", "waiting", "playing", "watching")


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(FIELDS)))
    msg: dict[str, Any] = {"type": kind}
    for key in FIELDS[kind]:
        if draw(st.booleans()):
            # Mostly near-valid (the right type of value), sometimes anything at all.
            msg[key] = draw(json_values | st.integers(-3, 7) | st.sampled_from(["t", "w", ""]))
    msg["id"] = draw(st.integers(2, 10**6) | json_values)
    return msg


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


async def _scenario(tmp_path: Path, state: str, batch: list[dict[str, Any]]) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("w", players=3)
        await host.create("p", bots={"1": "random"})
        client = await lan.connect("Anna")
        if state == "waiting":
            await client.join("w")
        elif state == "playing":
            await client.join("p")
            await client.until("match_start")
        elif state == "watching":
            await client.ask("watch", "watching", table="p")
        for msg in batch:
            await client.send(msg)
            probe = 900_000_000 + len(client.lines)
            await client.send({"type": "list", "id": probe})
            got = await client.until(lambda m, probe=probe: m.get("id") == probe, 5.0)
            assert got["type"] in ("tables", "error"), got
        for m in client.lines:
            if m["type"] == "error":
                assert isinstance(m.get("code"), str) and m["code"], m
                assert m["code"] != "internal", m
        assert not [m for m in client.lines if m["type"] == "bye"], client.lines[-3:]
        await lan.alive()
    # Raw bytes before the hello: each value as the hello itself.
    async with running(tmp_path) as lan:
        raw = await Client.connect(lan.port, hello=False)
        await raw.receive()
        await raw.send({"type": "hello", "id": 1, "protocol": 1, **batch[0]} | {"type": "hello"})
        await raw.quiet(0.05)
        await lan.alive()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(STATES), batch=st.lists(requests(), min_size=1, max_size=6))
def test_any_json_in_any_lobby_request_gets_an_answer_or_an_error(
    state: str, batch: list[dict[str, Any]]
) -> None:
    errors = Errors()
    log = logging.getLogger("briscola")
    log.addHandler(errors)
    try:
        with tempfile.TemporaryDirectory() as tmp:  # records of its own for each example
            asyncio.run(asyncio.wait_for(_scenario(Path(tmp), state, batch), 60))
    finally:
        log.removeHandler(errors)
    assert not errors.seen, errors.seen
