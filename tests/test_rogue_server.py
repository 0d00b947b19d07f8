"""A rogue server against ``briscola join``: what it says reaches no terminal raw, and
what cannot be right ends the client cleanly.

Issue 28 items 9 and 12.  A fake server on 127.0.0.1 says hello, answers the
client's requests as told and then sends what it likes: OSC 52 (the clipboard),
a window title, a clear-screen, a CR that would overwrite the line, bidi
overrides, blank-looking letters; or messages that cannot be (a card played that
was never in the hand, a malformed event), and at last random bytes and random
JSON (a Hypothesis property).  Each output path is checked on the bytes the
client wrote: the relay (``join --bot``), the errors, the lobby, the table
screen, and the replay of a record.  Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import shlex
import shutil
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lan import SIMPLE_BOT

from briscola.cli import build_parser
from briscola.client.relay import relay
from briscola.client.run import _person
from briscola.prompt.console import LineConsole

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
WAIT = 20.0
Message = dict[str, Any]
Answer = Callable[[Message], Message | None]

# What a terminal acts on: OSC 52 (write the clipboard), OSC 0 (the title), clear
# the screen, a CR to write over the line, a C1 CSI, bidi overrides, blank letters.
EVIL = (
    "\x1b]52;c;cm0gLXJmIH4=\x07\x1b]0;pwned\x07\x1b[2J\x1b[H\rRun: curl x | sh"
    "\x9b31m\u202eevil\u2066\u2800\u3164\u3000\x7f\x00"
)
FORBIDDEN = [
    b"\x1b",
    b"\r",
    b"\x07",
    b"\x00",
    b"\x7f",
    "\x9b".encode(),
    "\u202e".encode(),
    "\u2066".encode(),
    "\u2800".encode(),
    "\u3164".encode(),
    "\u3000".encode(),
]


def clean(data: bytes) -> list[bytes]:
    """What a terminal would act on in ``data`` (nothing, if the client filtered)."""
    return [b for b in FORBIDDEN if b in data]


def _hello() -> Message:
    return {"type": "hello", "id": 1, "protocol": 1, "software": f"rogue {EVIL}"}


def seated(table: str = f"t{EVIL}") -> Answer:
    """Answers that seat the client at ``table`` (seat 0), listing it with evil names."""

    def answer(req: Message) -> Message | None:
        kind, rid = req.get("type"), req.get("id")
        if kind == "list":
            seats = [f"A{EVIL}", None]
            info = [{"kind": "person", "name": f"A{EVIL}"}, {"kind": "bot", "name": EVIL}]
            tables = [
                {
                    "table": table,
                    "players": 2,
                    "variant": EVIL,
                    "target": 1,
                    "state": EVIL,
                    "seats": seats,
                    "seat_info": info,
                    "spectators": 1,
                }
            ]
            return {"type": "tables", "id": rid, "tables": tables, "waiting": [EVIL]}
        if kind == "create":
            return {"type": "created", "id": rid, "table": table}
        if kind == "join":
            return {
                "type": "joined",
                "id": rid,
                "table": table,
                "seat": 0,
                "token": "0" * 64,
                "name": f"N{EVIL}",
            }
        if kind == "watch":
            return {"type": "watching", "id": rid, "table": table}
        if kind in ("leave", "rematch", "resume"):
            return {"type": "error", "id": rid, "code": "bad_token", "message": f"no {EVIL}"}
        return None

    return answer


@contextlib.asynccontextmanager
async def rogue(answer: Answer, lines: list[bytes], *, linger: bool = False) -> AsyncIterator[int]:
    """A fake server on 127.0.0.1: hello, each request answered by ``answer``; after
    the client sits down (or asks to), ``lines`` as they are, then the end (with
    ``linger``, once the client closes its side)."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            writer.write(json.dumps(_hello()).encode() + b"\n")
            sent = False
            while line := await asyncio.wait_for(reader.readline(), WAIT):
                with contextlib.suppress(ValueError):
                    req = json.loads(line)
                    got = answer(req) if isinstance(req, dict) else None
                    if got is not None:
                        writer.write(json.dumps(got).encode() + b"\n")
                    if req.get("type") in ("join", "watch") and not sent:
                        sent = True
                        writer.writelines(lines)
                        await writer.drain()
                        if linger:
                            await asyncio.wait_for(reader.read(), WAIT)
                        writer.close()
                        return
                await writer.drain()
        except (TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()

    tasks: set[asyncio.Task[None]] = set()

    async def each(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        tasks.add(task)
        await serve(reader, writer)

    server = await asyncio.start_server(each, HOST, 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        if tasks:
            await asyncio.wait(tasks, timeout=WAIT)


def lines_of(*msgs: Message | bytes) -> list[bytes]:
    return [m if isinstance(m, bytes) else json.dumps(m).encode() + b"\n" for m in msgs]


START = {
    "type": "match_start",
    "seat": 0,
    "players": 2,
    "variant": "italian",
    "target": 1,
    "names": [f"Ann{EVIL}", f"B{EVIL}"],
    "move_ms": 60000,
}
DEAL = {
    "type": "round_start",
    "round": 1,
    "dealer": 1,
    "leader": 0,
    "trump": "2C",
    "stock": 34,
    "rounds_won": [0, 0],
    "hand": ["AD", "3S", "KB"],
}


async def run(argv: list[str], stdin: bytes = b"") -> tuple[int, bytes, bytes]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "briscola",
        *argv,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(stdin), 60)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out, err


def join(port: int, *options: str) -> list[str]:
    return ["join", f"{HOST}:{port}", "--pace", "0", "--reconnect-for", "0", *options]


# -- issue 28 item 9: one filter on every output path --------------------------------------


async def test_the_relay_shows_nothing_raw() -> None:
    """``join --bot``: the table's name, the seat, names, the bot's faults and the
    server's errors are printed through the one filter."""
    said = lines_of(
        START,
        {"type": "notice", "code": "faults", "seat": 0, "text": EVIL},
        {"type": "error", "code": "bad_message", "message": EVIL},
        {"type": "match_end", "winner": 0, "rounds_won": [1, 0], "reason": EVIL},
    )
    async with rogue(seated(), said) as port:
        bot = shlex.join(SIMPLE_BOT)
        status, out, err = await run(join(port, "--create", "--bot", bot))
    assert b"sits at table t" in err and b"match 1" in err, err
    assert clean(out + err) == [], err
    assert b"Traceback" not in err and status in (0, 1)
    # An error with no id answers no line of the relay's: said as the server's, not a refusal.
    assert b"the server says: " in err and b"refused the relay's line" not in err, err


async def test_a_refusal_cannot_write_over_itself() -> None:
    """Person mode: a server's error with a CR and escapes is one visible line."""

    def refuse(req: Message) -> Message | None:
        return {"type": "error", "id": req.get("id"), "code": "x", "message": f"no.{EVIL}"}

    async with rogue(refuse, []) as port:
        status, out, err = await run(join(port, "--table", "t", "--name", "Ann"))
    assert status == 1 and b"briscola join: error: no." in err, err
    assert b"\\rRun: curl" in err and clean(out + err) == [], err


async def test_the_lobby_shows_nothing_raw() -> None:
    async with rogue(seated(), []) as port:
        status, out, err = await run(join(port, "--name", "Ann"), b"list\nquit\n")
    assert b"lobby" in out.lower() and b"players" in out, out
    assert clean(out + err) == [], out + err
    assert status == 0 and b"Traceback" not in err


async def test_the_table_screen_shows_nothing_raw() -> None:
    """Names, chat, notices, errors and the last word of a seated person's table."""
    said = lines_of(
        START,
        DEAL,
        {"type": "chat", "seat": None, "name": EVIL, "text": EVIL},
        {"type": "chat", "seat": 1, "name": f"B{EVIL}", "text": f"hi{EVIL}"},
        {"type": "notice", "code": EVIL, "seat": 1, "name": EVIL, "text": EVIL},
        {"type": "notice", "code": "left", "seat": 1, "name": EVIL, "text": EVIL},
        {"type": "error", "code": "x", "message": EVIL},
        {"type": "bye", "reason": EVIL, "text": EVIL},
    )
    async with rogue(seated(), said) as port:
        status, out, err = await run(join(port, "--table", "t", "--name", "Ann"))
    assert b"(spectator)" in out and b"(seat 1): hi" in out, out
    assert clean(out + err) == [], out + err
    assert b"Traceback" not in err and status in (0, 1)


async def test_the_replay_shows_nothing_raw(tmp_path: Path) -> None:
    """A record whose names came from the network: ``briscola replay`` filters them."""
    record = tmp_path / "m.jsonl"
    _, _, err = await run(
        ["play", "--seed", "4", "--pace", "0", "--record", str(record), "--name", "Ann"],
        b"1\n" * 60 + b"n\n" * 3,
    )
    assert record.exists(), err
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    lines[0]["names"] = [f"Ann{EVIL}", *lines[0]["names"][1:]]
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _status, out, err = await run(["replay", str(record)])
    assert b"Ann" in out + err and clean(out + err) == [], out + err


# -- issue 28 item 12: what cannot be right ends the client cleanly -----------------------


TURN = {
    "type": "turn",
    "id": 5,
    "hand": ["AD", "3S", "KB"],
    "legal": ["AD", "3S", "KB"],
    "trick": [],
    "trump": "2C",
    "trump_suit": "C",
    "stock": 34,
    "points": [0, 0],
    "played": [],
    "hand_sizes": [3, 3],
    "time_ms": 60000,
}
BAD_EVENTS = [
    ({"type": "played", "seat": 0, "card": "7C"}, "a card it does not hold"),
    ({"type": "played", "seat": 1, "card": "AD"}, "a card in our hand"),
    ({"type": "played", "seat": 9, "card": "7C"}, "seat must be"),
    ({"type": "played", "seat": 1, "card": "ZZ"}, "must be a card"),
    ({"type": "draw", "card": "7C"}, "drawn into a hand of 3"),
    ({"type": "trick", "cards": "AD", "winner": 0, "points": 11}, "cards must be a list"),
    ({"type": "round_end", "points": [1], "winner": 0, "rounds_won": [1, 0]}, "points must be"),
    ({"type": "match_end", "winner": "x", "rounds_won": 3}, "winner must be"),
    ({**TURN, "hand": ["AD", "3S", "7C"], "legal": ["7C"]}, "not the one we hold"),
    ({**TURN, "legal": []}, "no card may be played"),
    ({**TURN, "legal": ["AD", "4C"]}, "a legal card is not in the hand"),
    ({**TURN, "trick": [{"seat": 1, "card": "AD"}]}, "AD was played already"),
]


@pytest.mark.parametrize(("event", "why"), BAD_EVENTS)
async def test_a_message_that_cannot_be_ends_the_join_cleanly(event: Message, why: str) -> None:
    async with rogue(seated(), lines_of(START, DEAL, event)) as port:
        status, out, err = await run(join(port, "--table", "t", "--name", "Ann"))
    assert status == 1, out + err
    assert b"cannot be right" in err and why.encode() in err, err
    assert b"internal error" not in err and b"Traceback" not in err, err
    assert b"6 cards" not in out and b"4 " not in out.split(b"Your hand")[-1][:40]


async def test_the_relay_stops_at_a_message_that_cannot_be() -> None:
    bad = {"type": "played", "seat": 0, "card": "7C"}
    async with rogue(seated(), lines_of(START, DEAL, bad)) as port:
        status, _, err = await run(join(port, "--table", "t", "--bot", shlex.join(SIMPLE_BOT)))
    assert status == 1 and b"a card it does not hold" in err, err
    assert b"Traceback" not in err and b"internal error" not in err


# -- the property: anything at all from the server ----------------------------------------


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    _nested,
    max_leaves=12,
)
GOOD: list[Message] = [
    START,
    DEAL,
    TURN,
    {"type": "played", "seat": 1, "card": "7C"},
    {"type": "draw", "card": "4S"},
    {"type": "played", "seat": 0, "card": "AD"},
    {
        "type": "trick",
        "cards": [{"seat": 0, "card": "AD"}, {"seat": 1, "card": "7C"}],
        "winner": 0,
        "points": 11,
    },
    {"type": "trump_taken", "seat": 1, "card": "2C"},
    {"type": "exchanged", "seat": 0, "gave": "7C", "took": "2C"},
    {"type": "round_end", "points": [70, 50], "winner": 0, "rounds_won": [1, 0]},
    {"type": "match_end", "winner": 0, "rounds_won": [1, 0], "reason": "complete"},
    {**TURN, "type": "state", "to_move": 1},
    {"type": "chat", "seat": 1, "name": "B", "text": "hi"},
    {"type": "notice", "code": "left", "seat": 1, "name": "B", "text": "B left"},
    {"type": "error", "code": "x", "message": "no"},
    {"type": "bye", "reason": "bye"},
]
KEYS = sorted({k for m in GOOD for k in m} - {"type"})
# A good message with a field or two changed to anything, or left out: what a rogue
# (or broken) server is likeliest to send, and what finds the unchecked reads.
MESSAGES = st.builds(
    lambda msg, changed, dropped: {
        **{k: v for k, v in msg.items() if k not in dropped},
        **changed,
        "type": msg["type"],
    },
    st.sampled_from(GOOD),
    st.dictionaries(st.sampled_from(KEYS), JSON, max_size=2),
    st.sets(st.sampled_from(KEYS), max_size=1),
)
LINES = st.lists(
    st.one_of(
        st.binary(max_size=40).map(lambda b: b + b"\n"),
        MESSAGES.map(lambda m: json.dumps(m).encode() + b"\n"),
        st.sampled_from(GOOD).map(lambda m: json.dumps(m).encode() + b"\n"),
    ),
    max_size=10,
).map(lambda lines: [json.dumps(START).encode() + b"\n", json.dumps(DEAL).encode() + b"\n", *lines])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=LINES, answers=st.booleans())
def test_anything_from_a_server_ends_the_person_cleanly(lines: list[bytes], answers: bool) -> None:
    """Random bytes and random JSON after a good start (or as the answers): the person's
    client ends with status 0 or 1 and a clear line, never an exception."""

    async def go() -> None:
        answer = seated() if answers else (lambda req: json.loads(lines[0]) if lines else None)
        async with rogue(_safe_answer(answer), lines) as port:
            args = build_parser().parse_args(join(port, "--table", "t", "--name", "Ann"))
            out = io.StringIO()
            console = LineConsole(stdin=io.StringIO(""), stdout=out)
            status = await asyncio.wait_for(_person(args, HOST, port, console), WAIT)
        assert status in (0, 1)
        assert clean(out.getvalue().encode()) == [], out.getvalue()

    asyncio.run(go())


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=LINES)
def test_anything_from_a_server_ends_the_relay_cleanly(lines: list[bytes]) -> None:
    async def go() -> int:
        async with rogue(seated(), lines) as port:
            return await asyncio.wait_for(
                relay(
                    HOST, port, shlex.join(SIMPLE_BOT), table="t", create=None, seat=None, code=None
                ),
                WAIT,
            )

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = asyncio.run(go())
    assert status in (0, 1)
    assert clean(err.getvalue().encode()) == [], err.getvalue()


def _safe_answer(answer: Callable[[Message], Any]) -> Answer:
    """An answer that is a message with the request's id, or nothing."""

    def given(req: Message) -> Message | None:
        try:
            got = answer(req)
        except ValueError:
            return None
        if not isinstance(got, dict):
            return None
        return {**got, "id": req.get("id")}

    return given


TMUX = shutil.which("tmux")


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")
async def test_on_a_real_terminal_chat_cannot_pass_for_a_notice() -> None:
    """tmux, 60 columns: a spectator named like a seat pads a chat line with blank
    letters and wide ones so that "Ben left the table." would start a row; the
    pane's title, clipboard and screen are the server's to change no more."""
    from test_prompt_tmux import Pane

    pad, wide = "\u2800" * 120, "x" + "好" * 27  # old: "Ben: x好…" fills 60 columns
    said = lines_of(
        {**START, "names": ["Ann", "Ben"]},
        DEAL,
        {"type": "chat", "seat": None, "name": "Ben", "text": f"hi{pad}Ben left the table."},
        {"type": "chat", "seat": 1, "name": "Ben", "text": f"{wide}Ben left the table."},
        {"type": "chat", "seat": 1, "name": "Ben", "text": f"x{EVIL}"},
        {"type": "notice", "code": "left", "seat": 1, "name": "Ben", "text": "Ben left"},
    )
    async with rogue(seated(), said, linger=True) as port:
        command = (
            f"cd {shlex.quote(str(ROOT))} && LC_ALL=C.UTF-8 {shlex.quote(sys.executable)} "
            f"-m briscola {shlex.join(join(port, '--table', 't', '--name', 'Ann'))}; sleep 30"
        )
        pane = Pane(command, width=60)
        try:
            title = pane.tmux("display", "-p", "-t", pane.name, "#{pane_title}")
            await asyncio.to_thread(
                pane.wait, lambda: "\nBen left the table.\n" in pane.screen(), "the notice"
            )
            screen = pane.history()
            assert pane.tmux("display", "-p", "-t", pane.name, "#{pane_title}") == title
            assert "Briscola · 2 players" in screen, "the screen was not cleared"
        finally:
            pane.close()  # the client ends: the rogue's last read too
    rows = screen.splitlines()
    assert [r for r in rows if r.startswith("Ben left")] == ["Ben left the table."], screen
    assert "» Ben (spectator):" in screen and "\\u2800" in screen
    assert all(len(r) <= 60 for r in rows)
