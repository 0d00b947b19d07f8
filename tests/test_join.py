"""``briscola join``: the LAN client against a real server on 127.0.0.1.

The person's side runs in-process with a plain-line console fed by a script
(the same console ``briscola join`` uses on a pipe), and as a real process
with a pipe; ``--bot`` seats the example bot; one game is played in tmux.
Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from lan import SIMPLE_BOT, WAIT, check_hidden, nth_turn, play_out, running, verify_records

from briscola.cli import build_parser
from briscola.client.lobby import bots_field, create_fields, table_lines
from briscola.client.run import _person
from briscola.client.session import ServerError, Session, parse_address
from briscola.observation import observe
from briscola.prompt.console import LineConsole

ROOT = Path(__file__).resolve().parent.parent
GAME = 60.0


def cards_then(answer: str, count: int = 400) -> str:
    """Lines for a whole match: slots 1, 2, 3 in turn (a refused one costs a line),
    then ``answer`` to every question after it."""
    slots = itertools.islice(itertools.cycle("123"), count)
    return "".join(f"{s}\n" for s in slots) + f"{answer}\n" * 5


async def person(port: int, lines: str, *options: str) -> tuple[int, str]:
    """``briscola join`` in-process on a plain-line console; its status and screen."""
    args = build_parser().parse_args(["join", f"127.0.0.1:{port}", "--pace", "0", *options])
    out = io.StringIO()
    console = LineConsole(stdin=io.StringIO(lines), stdout=out)
    status = await asyncio.wait_for(_person(args, "127.0.0.1", port, console), GAME)
    return status, out.getvalue()


def test_addresses_and_fields() -> None:
    assert parse_address("host", 4664) == ("host", 4664)
    assert parse_address("host:5000", 4664) == ("host", 5000)
    assert parse_address("[::1]:7000", 4664) == ("::1", 7000)
    for bad in ("host:0", "host:x", ":5000", "host:70000"):
        with pytest.raises(ValueError, match="HOST"):
            parse_address(bad, 4664)
    assert bots_field("1:expert,3:greedy") == {"1": "expert", "3": "greedy"}
    assert bots_field("random, greedy") == {"1": "random", "2": "greedy"}
    with pytest.raises(ValueError, match="seat 4"):
        bots_field("4:greedy", 4)
    fields = create_fields(["fri", "players=4", "bots=2:expert", "code=x", "variant=bisca"])
    assert fields == {
        "table": "fri",
        "players": 4,
        "bots": {"2": "expert"},
        "code": "x",
        "variant": "bisca",
    }
    for bad in (["a", "b"], ["players=four"], ["colour=red"]):
        with pytest.raises(ValueError):
            create_fields(bad)
    shown = table_lines("en", {"tables": [{"table": "t", "players": 2, "seats": [None, "x"],
                                           "state": "waiting", "private": True,
                                           "spectators": 2, "variant": "italian",
                                           "target": 1}]})  # fmt: skip
    assert "0: free" in shown[0] and "private" in shown[0] and "2" in shown[0]
    assert "No tables" in table_lines("en", {"tables": []})[0]
    # The state and a built-in bot's level are said in the language; an unknown state as sent.
    table = {"table": "t", "players": 2, "seats": ["Ana", "Giulia (expert)"], "state": "playing",
             "variant": "brisca", "target": 1}  # fmt: skip
    shown = table_lines("es", {"tables": [table]})
    assert shown[0].endswith("jugando: 0: Ana, 1: Giulia (experta)")
    assert "a jogar" in table_lines("pt", {"tables": [table]})[0]
    assert ", paused: " in table_lines("pt", {"tables": [{**table, "state": "paused"}]})[0]


async def test_a_whole_match_at_a_lan_table(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        watcher = await lan.connect("Vera")
        status, screen = await person(
            lan.port, cards_then("n"), "--name", "Ann", "--create", "--table", "fri",
            "--bots", "1:greedy",
        )  # fmt: skip
        assert status == 0, screen
        assert "You sit at table fri, seat 0." in screen
        assert "Briscola · 2 players" in screen and "You play" in screen
        assert "Another match with the same table?" in screen
        listed = await watcher.ask("list", "tables")
        assert all(t["table"] != "fri" for t in listed["tables"]), "the table stays open"
    results = verify_records(lan.records, expect=1)
    assert [r.names for r in results.values()] == [("Ann", "Marco (greedy)")]


async def test_the_lobby_at_the_prompt(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        script = (
            "help\nlist\nnonsense\ncreate players=five\njoin nowhere\n"
            "create sun players=2 bots=1:random\n" + cards_then("n")
        )
        status, screen = await person(lan.port, script, "--name", "Bea", "--lang", "it")
        assert status == 0, screen
        assert "Comandi della sala" in screen and "Non è un comando della sala" in screen
        assert "Il server rifiuta" in screen  # players=five, and the table nowhere
        assert "Sei al tavolo sun, posto 0." in screen and "Tu giochi" in screen
        status, screen = await person(lan.port, "quit\n", "--name", "Bea")
        assert status == 0 and "No tables yet" in screen
    verify_records(lan.records, expect=1)


async def test_chat_and_notices_reach_the_person(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=2)
        bruno = await lan.seated("Bruno", "t")

        async def bruno_plays() -> None:
            await bruno.until("match_start")
            await bruno.send({"type": "chat", "text": "ciao \x1b[31mAnn\u202e"})
            while True:
                msg = await bruno.receive(GAME)
                if msg["type"] == "turn":
                    await bruno.play(msg)
                elif msg["type"] == "match_end":
                    return

        game = asyncio.ensure_future(bruno_plays())
        lines = "say hello table\n" + cards_then("n")
        status, screen = await person(lan.port, lines, "--name", "Ann", "--table", "t")
        await asyncio.wait_for(game, WAIT)
        assert status == 0, screen
        assert "Bruno: ciao \\x1b[31mAnn\\u202e" in screen, "chat shown, escaped"
        assert "\x1b" not in screen and "\u202e" not in screen
        chats = [m for m in bruno.lines if m["type"] == "chat"]
        assert {"seat": 1, "name": "Ann", "text": "hello table"}.items() <= chats[-1].items()
    check_hidden(bruno, 0, [])
    verify_records(lan.records, expect=1)


async def test_a_dropped_connection_comes_back_by_itself(tmp_path: Path) -> None:
    async with running(tmp_path, grace=20.0) as lan:
        server = lan.server

        async def cut() -> None:
            """After two tricks, the server drops Ann's connection (a reset)."""
            while True:
                table = server.tables.get("t")
                r = table.round if table is not None else None
                if r is not None and len(observe(r, 0).played) >= 2:
                    break
                await asyncio.sleep(0.005)
            for client in list(server.clients):
                if client.name == "Ann":
                    client.link.abort()

        cutter = asyncio.ensure_future(cut())
        args = build_parser().parse_args(
            ["join", f"127.0.0.1:{lan.port}", "--pace", "0", "--name", "Ann", "--create",
             "--table", "t", "--bots", "1:random"]
        )  # fmt: skip
        out = io.StringIO()
        console = LineConsole(stdin=io.StringIO(cards_then("n")), stdout=out)
        status = await asyncio.wait_for(_person(args, "127.0.0.1", lan.port, console), GAME)
        await cutter
        screen = out.getvalue()
        assert status == 0, screen
        assert "The connection to the server is lost" in screen
        assert "Connected again; you have your seat back." in screen
        assert "Back at the table." in screen
    results = verify_records(lan.records, expect=1)
    assert [r.reason for r in results.values()] == ["complete"]


async def test_refusals_are_clear(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        status, screen = await person(lan.port, "", "--table", "nowhere")
        assert status == 1 and screen == ""
        session = Session("127.0.0.1", lan.port, "Cleo")
        await session.connect()
        with pytest.raises(ServerError, match="no table") as err:
            await session.request("join", table="nowhere")
        assert err.value.code == "no_such_table"
        await session.close()
    with pytest.raises(ServerError, match="cannot reach"):
        await Session("127.0.0.1", lan.port, "Late").connect()


def _join_process(port: int, *options: str) -> list[str]:
    return [sys.executable, "-m", "briscola", "join", f"127.0.0.1:{port}", *options]


async def _run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(stdin), GAME)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_join_through_a_pipe(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        argv = _join_process(
            lan.port, "--name", "Pia", "--create", "--table", "p", "--players", "3",
            "--bots", "1:greedy,2:random", "--pace", "0",
        )  # fmt: skip
        status, out, err = await _run(argv, cards_then("n").encode())
        assert status == 0, out + err
        assert "Briscola · 3 players" in out and "You play" in out
        assert "Traceback" not in err
    verify_records(lan.records, expect=1)


async def test_a_bot_program_over_tcp(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        bot = shlex.join(SIMPLE_BOT)
        argv = _join_process(lan.port, "--create", "--table", "b", "--bots", "1:greedy",
                             "--bot", bot, "--matches", "2")  # fmt: skip
        status, out, err = await _run(argv)
        assert status == 0, out + err
        assert "sits at table b, seat 0" in err
    results = verify_records(lan.records, expect=2)
    assert all(r.reason == "complete" for r in results.values())
    assert all(r.names[1] == "Marco (greedy)" and r.names[0] != "?" for r in results.values())


async def test_join_usage_errors() -> None:
    for options in (["--bots", "9:greedy"], []):
        argv = [sys.executable, "-m", "briscola", "join", "host:99999", *options]
        status, out, err = await _run(argv)
        assert status == 2 and out == "" and "briscola join: error:" in err
        assert "Traceback" not in err


TMUX = shutil.which("tmux")


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")
async def test_join_in_tmux(tmp_path: Path) -> None:
    from test_prompt_tmux import Pane

    async with running(tmp_path) as lan:
        python = shlex.quote(sys.executable)
        command = (
            f"cd {shlex.quote(str(ROOT))} && LC_ALL=C.UTF-8 {python} -m briscola join "
            f"127.0.0.1:{lan.port} --name Tess --create --table tm --bots 1:random --pace 0"
        )
        pane = await asyncio.to_thread(Pane, f"{command}; echo EXIT=$?; sleep 30")
        vera = await lan.connect("Vera")
        try:
            await asyncio.to_thread(pane.wait, lambda: "play>" in pane.screen(), "the prompt")
            await vera.ask("watch", "watching", table="tm")
            await vera.send({"type": "chat", "text": "forza Tess"})
            await asyncio.to_thread(
                pane.wait, lambda: "Vera: forza Tess" in pane.history(), "the chat"
            )
            await asyncio.to_thread(pane.keys, "say grazie", "Enter")
            chat = await vera.until(lambda m: m["type"] == "chat" and m["name"] == "Tess")
            assert chat["text"] == "grazie"
            for _ in range(60):  # a card from the hand on screen, until the match is over
                text = await asyncio.to_thread(pane.history)
                if "Another match" in text:
                    break
                hands = re.findall(r"Your hand:\s+(\d)", await asyncio.to_thread(pane.screen))
                await asyncio.to_thread(pane.keys, hands[-1] if hands else "1", "Enter")
                await asyncio.sleep(0.25)
            await asyncio.to_thread(pane.wait, lambda: "Another match" in pane.history(),
                                    "the end of the match")  # fmt: skip
            await asyncio.to_thread(pane.keys, "n", "Enter")
            await asyncio.to_thread(pane.wait, lambda: "EXIT=0" in pane.history(), "the exit")
        finally:
            await asyncio.to_thread(pane.close)
    verify_records(lan.records, expect=1)


def test_serve_usage_errors(tmp_path: Path) -> None:
    from briscola.cli import main

    for argv in (["--port", "70000"], ["--turn-timeout", "inf"], ["--grace", "-1"],
                 ["--max-tables", "0"]):  # fmt: skip
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *argv])
        assert exit_.value.code == 2


async def test_the_relay_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot`` through ``main`` (in a thread: it runs its own event loop), then the
    relay's refusals: a table that does not exist, a bot that never says hello."""
    from briscola.client.relay import relay
    from briscola.client.run import main

    async with running(tmp_path) as lan:
        args = build_parser().parse_args(
            ["join", f"127.0.0.1:{lan.port}", "--create", "--table", "r", "--bots",
             "1:random", "--bot", shlex.join(SIMPLE_BOT)]
        )  # fmt: skip
        assert await asyncio.wait_for(asyncio.to_thread(main, args), GAME) == 0
        err = capsys.readouterr().err
        assert "sits at table r, seat 0" in err
        status = await relay(
            "127.0.0.1", lan.port, shlex.join(SIMPLE_BOT), table="nowhere", create=None,
            seat=None, code=None,
        )  # fmt: skip
        assert status == 1 and "no table" in capsys.readouterr().err
        mute = f"{shlex.quote(sys.executable)} -c 'import time; time.sleep(30)'"
        status = await relay(
            "127.0.0.1", lan.port, mute, table="r", create=None, seat=None, code=None
        )
        assert status == 1 and "did not answer hello" in capsys.readouterr().err
    results = verify_records(lan.records, expect=1)
    assert [r.reason for r in results.values()] == ["complete"]


async def test_watching_a_table_through_a_restart(tmp_path: Path) -> None:
    """A spectator sees the match; when the server stops (a pause) the client waits
    for it, watches the reopened table again, and gives up only after --reconnect-for."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("w", players=2, bots={"1": "greedy"})
        args = build_parser().parse_args(
            ["join", f"127.0.0.1:{lan.port}", "--pace", "0", "--table", "w", "--watch",
             "--reconnect-for", "4"]
        )  # fmt: skip
        out = io.StringIO()
        console = LineConsole(stdin=io.StringIO(""), stdout=out)
        watcher = asyncio.ensure_future(_person(args, "127.0.0.1", lan.port, console))
        await asyncio.sleep(0.3)
        anna = await lan.seated("Anna", "w")
        await asyncio.wait_for(play_out(anna, stop=nth_turn(3)), GAME)
        port = lan.port
    assert "the server is stopping" in out.getvalue()
    async with running(tmp_path, port=port) as again:
        back = await again.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        for _ in range(100):
            if "watch table w" in out.getvalue().split("the server is stopping")[-1]:
                break
            await asyncio.sleep(0.05)
        await asyncio.wait_for(play_out(back), GAME)
        await asyncio.sleep(0.3)
    status = await asyncio.wait_for(watcher, 15)  # this stop outlasts --reconnect-for
    screen = out.getvalue()
    assert status == 1, screen
    after = screen.split("the server is stopping")[1]
    assert "Connected again" in after and "Anna plays" in after
    assert "Your hand" not in screen, "a spectator has no hand"
    assert "could not be resumed" in screen.split("the server is stopping")[-1]


async def test_a_server_that_says_nothing(tmp_path: Path) -> None:
    """A port that accepts and never speaks: a clear error, not a hang or a traceback."""
    import briscola.client.session as session_module

    async def mute(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(5)
        writer.close()

    server = await asyncio.start_server(mute, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    old, session_module.CONNECT_S = session_module.CONNECT_S, 0.3
    try:
        with pytest.raises(ServerError, match="said nothing"):
            await Session("127.0.0.1", port, "Ada").connect()
    finally:
        session_module.CONNECT_S = old
        server.close()
