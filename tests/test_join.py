"""``briscola join``: the LAN client against a real server on 127.0.0.1.

The person's side runs in-process with a plain-line console fed by a script
(the same console ``briscola join`` uses on a pipe), and as a real process
with a pipe; ``--bot`` seats the example bot; one game is played in tmux.
Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import json
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from lan import (
    SIMPLE_BOT,
    WAIT,
    check_hidden,
    nth_turn,
    play_out,
    read_records,
    running,
    verify_records,
)
from prompt_toolkit.formatted_text import to_plain_text

from briscola.cli import build_parser
from briscola.client.lobby import bots_field, create_fields, retry_line, table_lines
from briscola.client.run import _person
from briscola.client.session import ServerError, Session, parse_address
from briscola.engine.cards import Card, card_label
from briscola.engine.observation import observe
from briscola.prompt.console import LineConsole
from briscola.words.table import shown_name, words

ROOT = Path(__file__).resolve().parent.parent
ALL_CARDS = [f"{r}{s}" for r in "A234567JQK" for s in "CDSB"]
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
    assert ", Brisca, " in table_lines("de", {"tables": [table]})[0]  # a noun in German


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
        # code=new: the server makes the code; the lobby says it, and seats its maker.
        script = "create moon bots=1:random code=new\n" + cards_then("n")
        status, screen = await person(lan.port, script, "--name", "Bea")
        assert status == 0, screen
        made = re.search(r"its code is (\S+) ", screen)
        assert made and "You sit at table moon, seat 0." in screen, screen
    verify_records(lan.records, expect=2)


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
        assert "» Bruno (seat 0): ciao \\x1b[31mAnn\\u202e" in screen, "chat shown, marked, escaped"
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
        after = screen.split("Back at the table.")[1].split("You play")[0]
        assert after.count("Your hand:") == 1, after  # once, whoever's turn it is
        assert after.count("On the table:") + after.count("You lead.") == 1, after
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


def public_cards(record: list[dict[str, Any]]) -> set[str]:
    """Every card a record's public lines name (not the deal, nor a seat's own lines)."""
    public: set[str] = set()
    for line in record:
        if line["type"] not in ("header", "deal") and "to" not in line:
            public |= set(re.findall(r"\b[A2-7JQK][CDSB]\b", json.dumps(line)))
    return public


def cards_shown(screen: str, lang: str) -> set[str]:
    """The cards on a screen, by their labels in ``lang`` (``RD`` is the Münz-Reiter)."""
    labels = {card_label(Card.parse(c), "italian", lang): c for c in ALL_CARDS}  # type: ignore[arg-type]
    return {labels[w] for w in re.findall(r"\b[A-Z2-7][A-Z]\b", screen) if w in labels}


TURN = {"en": "Your turn", "de": "Du bist dran", "it": "Tocca a te"}
HAND = re.compile(r"^(?:Your hand|Deine Hand|La tua mano):\s+(\d)", re.M)


async def _screen(pane: Any) -> str:
    return str(await asyncio.to_thread(pane.screen))


async def _until(pane: Any, ok: Any, what: str) -> None:
    """Bounded: the pane's screen and history read in a thread (the server runs here)."""
    await asyncio.to_thread(pane.wait, lambda: ok(pane.history()), what)


async def _play_out(panes: dict[str, tuple[Any, str]], end: str) -> None:
    """Each person plays the first card in hand when their panel says it is their turn,
    until every pane shows ``end``."""
    for _ in range(600):
        ended = 0
        for pane, lang in panes.values():
            history = await asyncio.to_thread(pane.history)
            if end in history or "Un'altra partita" in history:
                ended += 1
                continue
            screen = await _screen(pane)
            if TURN[lang] in "\n".join(screen.rstrip().splitlines()[-2:]):
                hands = HAND.findall(screen)
                await asyncio.to_thread(pane.keys, hands[-1] if hands else "1", "Enter")
        if ended == len(panes):
            return
        await asyncio.sleep(0.2)
    raise AssertionError("the match did not end")


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")
async def test_a_game_night_in_tmux(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Real terminals on 127.0.0.1: Cleo quits an unfilled table; Anna (en) and Ben (it)
    play a 4-seat table with an expert and an external bot while Vera (de) watches;
    chat both ways while Ben thinks, his typing untouched; the card to beat still in
    Ben's panel after help; a card out of turn kept for the turn; the rematch vote, where Ben
    quits and Anna reads his name; Vera's screen holds no seat word and no card that
    was not public."""
    from test_prompt_screen import seat_words
    from test_prompt_tmux import Pane

    from briscola.client.relay import relay

    python = shlex.quote(sys.executable)
    # Seed 2 makes Ben (seat 1) deal the first round: there is a card to beat at his turn.
    async with running(tmp_path, seed=2) as lan:
        join = (
            f"cd {shlex.quote(str(ROOT))} && LC_ALL=C.UTF-8 {python} -m briscola join "
            f"127.0.0.1:{lan.port} --pace 0"
        )

        def pane(name: str, options: str, width: int = 100) -> Pane:
            command = f"{join} {options}; echo EXIT=$?; sleep 60"
            return Pane(command, width=width, name=name, server="-night")

        cleo = await asyncio.to_thread(pane, "cleo", "--name Cleo --create --table lone")
        try:
            await _until(cleo, lambda h: "Waiting for the table to fill" in h, "the wait")
            await asyncio.to_thread(cleo.keys, "3", "Enter")
            await _until(cleo, lambda h: "No match is on" in h, "the card refused")
            await asyncio.to_thread(cleo.keys, "quit", "Enter")
            await _until(cleo, lambda h: "EXIT=0" in h, "Cleo's exit from an unfilled table")

            anna = await asyncio.to_thread(
                pane, "anna", "--name Anna --create --table night --players 4 --bots 2:expert"
            )
            await _until(anna, lambda h: "You sit at table night" in h, "Anna's seat")
            vera = await asyncio.to_thread(pane, "vera", "--name Vera --table night --watch "
                                           "--lang de")  # fmt: skip
            ben = await asyncio.to_thread(pane, "ben", "--name Ben --table night --lang it", 80)
            await _until(vera, lambda h: "Du schaust an Tisch night zu" in h, "Vera watching")
            await _until(anna, lambda h: "Ben sits down at seat 1" in h, "Ben's seat")
            bot = asyncio.ensure_future(
                relay(
                    "127.0.0.1",
                    lan.port,
                    shlex.join(SIMPLE_BOT),
                    table="night",
                    create=None,
                    seat=None,
                    code=None,
                    matches=2,
                )
            )
            await _until(anna, lambda h: "Briscola · 4 players" in h, "the match")
            await _until(ben, lambda h: "distribuisci tu" in h, "Ben deals")
            # Ben's turn: Anna and Vera chat while he thinks, his typing kept.
            for _ in range(100):
                if TURN["it"] in await _screen(ben):
                    break
                screen = await _screen(anna)
                if TURN["en"] in screen.rstrip().splitlines()[-1]:
                    await asyncio.to_thread(anna.keys, HAND.findall(screen)[-1], "Enter")
                await asyncio.sleep(0.2)
            await _until(ben, lambda h: TURN["it"] in h, "Ben's turn")
            table_line = [ln for ln in (await _screen(ben)).splitlines()
                          if ln.startswith(" In tavola:") or ln.startswith(" Apri")]  # fmt: skip
            assert table_line, await _screen(ben)
            await asyncio.to_thread(ben.keys, "aiuto", "Enter")
            await _until(ben, lambda h: "Comandi:" in h or "Commands:" in h, "Ben's help")
            await asyncio.to_thread(
                ben.wait, lambda: table_line[-1] in ben.screen(), "the card to beat after help"
            )
            await asyncio.to_thread(ben.keys, "quattro")  # typed, not sent
            await asyncio.to_thread(anna.keys, "say tocca a te Ben", "Enter")
            await asyncio.to_thread(anna.keys, "2", "Enter")
            await asyncio.to_thread(vera.keys, "say forza Ben", "Enter")
            for p in (anna, ben, vera):
                await _until(p, lambda h: re.search(r"» Anna \(\w+ 0\): tocca a te Ben", h),
                             "Anna's chat, marked with her seat")  # fmt: skip
                await _until(p, lambda h: re.search(r"» Vera \([^)]+\): forza Ben", h),
                             "Vera's chat, marked")  # fmt: skip
            await _until(anna, lambda h: "kept, played as soon as it is your turn" in h,
                         "the card out of turn kept")  # fmt: skip
            assert re.search(r"^gioca> quattro\s*$", await _screen(ben), re.M), "typing kept"
            await asyncio.to_thread(ben.keys, "C-u")
            await _play_out({"anna": (anna, "en"), "ben": (ben, "it")}, end="Another match")
            # The vote: Anna wants another, Ben quits at the question.
            await asyncio.to_thread(anna.keys, "y", "Enter")
            await _until(anna, lambda h: "You want a rematch." in h, "Anna's vote")
            await _until(ben, lambda h: "Anna vuole la rivincita." in h, "Anna's vote at Ben")
            await asyncio.to_thread(ben.keys, "quit", "Enter")
            await _until(ben, lambda h: "EXIT=0" in h, "Ben's exit")
            await _until(anna, lambda h: "Ben left the table." in h, "Ben named")
            await _until(vera, lambda h: "Ben hat den Tisch verlassen." in h, "Ben at Vera's")
            await asyncio.to_thread(anna.keys, "leave", "Enter")
            await _until(anna, lambda h: "EXIT=0" in h, "Anna's exit")
            await asyncio.to_thread(vera.keys, "C-c")
            await _until(vera, lambda h: "EXIT=0" in h, "Vera's exit")
            screens = {p.name: await asyncio.to_thread(p.history) for p in (anna, ben, vera)}
            bot.cancel()  # it waits for its second match
            with contextlib.suppress(asyncio.CancelledError):
                await bot
        finally:
            await asyncio.to_thread(cleo.close)
    assert "match 1: " in capsys.readouterr().err, "the bot's result on the joiner's terminal"
    for text in screens.values():
        assert "Traceback" not in text
    watched = [line for line in screens["vera"].splitlines() if "Du schaust zu" not in line]
    for said in seat_words("de"):
        assert not any(said in line for line in watched), said
    records = verify_records(lan.records, expect=1)
    assert records
    record = next(iter(read_records(lan.records).values()))
    shown, public = cards_shown(screens["vera"], "de"), public_cards(record)
    assert shown and shown <= public, sorted(shown - public)


def test_serve_usage_errors(tmp_path: Path) -> None:
    from briscola.cli import main

    for argv in (["--port", "70000"], ["--turn-timeout", "inf"], ["--grace", "-1"],
                 ["--max-tables", "0"]):  # fmt: skip
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *argv])
        assert exit_.value.code == 2


async def test_the_relay_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
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
        monkeypatch.setattr("briscola.client.relay.HANDSHAKE_MS", 1000)  # not the 10 s a bot has
        status = await relay(
            "127.0.0.1", lan.port, mute, table="r", create=None, seat=None, code=None
        )
        assert status == 2 and "did not answer hello" in capsys.readouterr().err  # as arena
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
    assert "pausing for a restart" in out.getvalue()
    async with running(tmp_path, port=port) as again:
        back = await again.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        for _ in range(100):
            if "watch table w" in out.getvalue().split("pausing for a restart")[-1]:
                break
            await asyncio.sleep(0.05)
        await asyncio.wait_for(play_out(back), GAME)
        await asyncio.sleep(0.3)
    status = await asyncio.wait_for(watcher, 15)  # this stop outlasts --reconnect-for
    screen = out.getvalue()
    assert status == 1, screen
    after = screen.split("pausing for a restart")[1]
    assert "Connected again" in after and "Anna plays" in after
    assert "Your hand" not in screen, "a spectator has no hand"
    assert "did not come back" in screen.split("pausing for a restart")[-1]


async def test_a_watched_table_that_closes_sends_the_watcher_to_the_lobby(
    tmp_path: Path,
) -> None:
    """Its maker gone and nobody seated, a watched table closes: the spectator's screen
    says so and the lobby is back, where the next lines are lobby commands."""
    async with running(tmp_path) as lan:
        maker = await lan.connect("Maker")
        await maker.create("empty", players=2)
        args = build_parser().parse_args(["join", f"127.0.0.1:{lan.port}", "--pace", "0"])
        out = io.StringIO()
        console = LineConsole(stdin=io.StringIO("watch empty\nlist\nquit\n"), stdout=out)
        watcher = asyncio.ensure_future(_person(args, "127.0.0.1", lan.port, console))
        for _ in range(200):
            if "You watch table empty." in out.getvalue() or watcher.done():
                break
            await asyncio.sleep(0.05)
        await maker.close()
        status = await asyncio.wait_for(watcher, WAIT)
    screen = out.getvalue()
    assert status == 0, screen
    after = screen.split("You watch table empty.")[1]
    assert "The table closed: nobody plays at it any more." in after, screen
    assert "No tables yet" in after.split("The table closed")[1], "the lobby's list again"


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


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")
async def test_spectators_in_tmux_at_every_table_size(tmp_path: Path) -> None:
    """Tables of 2, 3 and 6 seats (an external bot and slow built-in ones) watched in
    English, Italian and German from the start, and the 6-seat one in Italian from
    mid-match: every seat by name, no seat word, no card that was not public."""
    from test_prompt_screen import seat_words
    from test_prompt_tmux import Pane

    from briscola.client.relay import relay

    python = shlex.quote(sys.executable)
    sizes = {"two": (2, "en"), "three": (3, "it"), "six": (6, "de")}
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        for table, (players, _) in sizes.items():
            bots = {str(s): "expert:think_ms=150" for s in range(1, players)}
            await host.create(table, players=players, bots=bots)
        join = (
            f"cd {shlex.quote(str(ROOT))} && LC_ALL=C.UTF-8 {python} -m briscola join "
            f"127.0.0.1:{lan.port} --pace 0 --watch"
        )

        def pane(name: str, table: str, lang: str) -> Pane:
            command = f"{join} --table {table} --lang {lang}; echo EXIT=$?; sleep 60"
            return Pane(command, width=100, name=name, server="-watch")

        panes = {t: await asyncio.to_thread(pane, t, t, lang) for t, (_, lang) in sizes.items()}
        late: Pane | None = None
        try:
            for p in panes.values():
                await _until(p, lambda h: "> " in h or ">" in h, "the spectator's line")
            bots = [
                asyncio.ensure_future(
                    relay(
                        "127.0.0.1",
                        lan.port,
                        shlex.join(SIMPLE_BOT),
                        table=t,
                        create=None,
                        seat=0,
                        code=None,
                    )
                )
                for t in sizes
            ]
            await _until(panes["six"], lambda h: "Stich" in h, "a trick at six seats")
            late = await asyncio.to_thread(pane, "late", "six", "it")
            await _until(late, lambda h: "La partita com'è adesso" in h, "the table as it stands")
            await _until(late, lambda h: "Si aspetta" in h or "Apre" in h, "the late panel")
            await asyncio.wait_for(asyncio.gather(*bots), GAME)
            ends = {"en": "the match", "it": "la partita", "de": "die Partie"}
            for t, p in panes.items():
                await _until(p, lambda h, t=t: ends[sizes[t][1]] in h, f"the end at {t}")
            await _until(late, lambda h: "la partita" in h, "the end for the late one")
            screens = {t: await asyncio.to_thread(p.history) for t, p in panes.items()}
            screens["late"] = await asyncio.to_thread(late.history)
        finally:
            await asyncio.to_thread(panes["two"].close)
    records = read_records(lan.records)
    assert len(records) == 3
    for t, text in screens.items():
        players, lang = (6, "it") if t == "late" else sizes[t]
        record = next(r for r in records.values() if len(r[0]["names"]) == players)
        assert "Traceback" not in text
        for name in record[0]["names"]:
            assert shown_name(lang, name) in text, (t, name)  # a bot's level in the language
        intro = words(lang, "watch.intro").strip()  # type: ignore[arg-type]
        watched = [line for line in text.splitlines() if intro not in line]
        for said in seat_words(lang):
            assert not any(said in line for line in watched), (t, said)
        shown, public = cards_shown(text, lang), public_cards(record)
        assert shown and shown <= public, (t, sorted(shown - public))


def _sitting(watching: bool = False) -> tuple[Any, list[dict[str, Any]], io.StringIO]:
    """A table screen fed by hand: Ann at seat 0 (or a spectator), what her session
    sends, and what her screen shows."""
    from briscola.client.play import _Sitting
    from briscola.client.seat import RemoteTable
    from briscola.prompt.person import Person

    sent: list[dict[str, Any]] = []
    session = Session("127.0.0.1", 1, "Ann")
    session.seat = 0
    session.send = sent.append  # type: ignore[method-assign]
    out = io.StringIO()
    console = LineConsole(stdin=io.StringIO(""), stdout=out)
    me = _Sitting(session, console, "en", watching=watching)
    me.person = Person(console) if watching else Person(console, name="Ann")
    me.table = RemoteTable(me.person, session.send)
    return me, sent, out


async def test_an_away_seat_is_taken_back_by_typing() -> None:
    """The server's ``away`` for our seat: the panel says a bot plays and how to come
    back; any line sends ``here``; the server's ``meanwhile`` tells the cards played for us."""
    me, sent, out = _sitting()
    me.notice({"type": "notice", "code": "away", "seat": 0, "name": "Ann", "text": ""})
    assert "a bot plays your cards" in out.getvalue()
    assert "take your seat back" in to_plain_text(me.person.status or [])
    assert me.idle("score") is True
    assert sent == [{"type": "here", "id": 1}]
    me.notice({"type": "notice", "code": "handback", "seat": 0, "name": "Ann", "text": ""})
    me.notice({"type": "notice", "code": "meanwhile", "seat": 0, "name": "Ann", "text": "",
               "cards": ["7C", "AD"], "tricks": 2})  # fmt: skip
    assert "While you were away a bot played for you: 7C, AD (2 tricks went by)." in (
        out.getvalue()
    )
    assert "You play again." in out.getvalue() and me.person.status is None
    me.notice({"type": "notice", "code": "rematch", "seat": 1, "name": "Finn", "text": ""})
    assert "Finn wants a rematch." in out.getvalue()


async def test_bot_options_are_checked_before_connecting(tmp_path: Path) -> None:
    """--bot without --table is refused before any connection (the port is closed);
    --bot-log FILE keeps the bot's stderr lines."""
    for options in (["--bot", "true"], ["--bot-log", str(tmp_path / "x.log")]):
        argv = [sys.executable, "-m", "briscola", "join", "127.0.0.1:1", *options]
        status, _out, err = await _run(argv)
        assert status == 2 and "cannot reach" not in err, err
        assert "--bot" in err and "Traceback" not in err
    from briscola.client.relay import relay

    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        "import runpy, sys\n"
        "print('thinking hard', file=sys.stderr, flush=True)\n"
        f"sys.argv = [{str(SIMPLE_BOT[1])!r}]\n"
        f"runpy.run_path({str(SIMPLE_BOT[1])!r}, run_name='__main__')\n"
    )
    log = tmp_path / "bot.log"
    async with running(tmp_path) as lan:
        status = await relay(
            "127.0.0.1",
            lan.port,
            shlex.join([sys.executable, str(noisy)]),
            table=None,
            create={"table": "n", "players": 2, "bots": {"1": "random"}},
            seat=None,
            code=None,
            bot_log=str(log),
        )
        assert status == 0
    assert "thinking hard" in log.read_text()


async def test_the_line_between_turns() -> None:
    """What a line does when no card is asked for: say chats (not while the server
    is away), a command answers, a card is refused with why, leave and Ctrl-C leave
    (asking first in a match; a spectator at once)."""
    me, sent, out = _sitting()
    assert me.idle("say ciao a tutti") and sent[-1] == {"type": "chat", "text": "ciao a tutti"}
    assert me.idle("") and me.idle("3")
    assert "No match is on: cards wait for the next deal." in out.getvalue()
    start = {"type": "match_start", "seat": 0, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await me.table.handle(start)
    await me.table.handle({"type": "round_start", "round": 1, "dealer": 0, "leader": 1,
                           "trump": "2C", "stock": 34, "rounds_won": [0, 0],
                           "hand": ["AD", "3S", "KB"]})  # fmt: skip
    assert me.idle("xyz") and "Not your turn: the table waits for Finn." in out.getvalue()
    assert me.idle("score") and "Rounds won (first to 1): You 0 · Finn 0" in out.getvalue()
    assert me.idle("hand") and "Your hand:  1 AD" in out.getvalue()
    me.server_away = True
    assert me.idle("say hello") and "Not sent: the server is away." in out.getvalue()
    assert me.idle(KeyboardInterrupt()) and me.leaving == "ask" and me.wake.is_set()
    me.leaving = None
    assert me.idle("leave") and me.leaving == "ask"
    watcher, _, seen = _sitting(watching=True)
    assert watcher.idle("1") and "You watch this table" in seen.getvalue()
    assert watcher.idle(EOFError()) and watcher.leaving == "now"


async def _dealt(me: Any, dealer: int) -> Any:
    """Ann's screen at the start of a 2-seat match, a sorted pack dealt by ``dealer``:
    the round, to play on."""
    from briscola.client.play import _table_line
    from briscola.engine.game import Round
    from briscola.engine.rules import TableRules

    rules = TableRules(players=2)
    r = Round(rules, sorted(rules.deck), dealer=dealer)
    start = {"type": "match_start", "seat": 0, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await _table_line(me, start)
    await _table_line(me, {"type": "round_start", "round": 1, "dealer": dealer,
                           "leader": 1 - dealer, "trump": str(r.trump_card),
                           "stock": len(r.stock), "rounds_won": [0, 0],
                           "hand": [str(c) for c in r.hands[0]]})  # fmt: skip
    return r


async def test_a_card_typed_before_the_turn_is_played_at_it() -> None:
    """Typed while Finn plays, or the moment the table waits for us but before the
    server's turn came: kept (and said so), played when the turn comes; never a
    refusal naming ourselves."""
    from briscola.client.play import _table_line
    from briscola.protocol.messages import turn_message

    me, sent, out = _sitting()
    r = await _dealt(me, dealer=0)  # Finn (seat 1) leads
    second = r.hands[0][1]
    assert me.idle("2")
    assert "kept, played as soon as it is your turn" in out.getvalue()
    finn = r.hands[1][0]
    r.play(finn)
    await _table_line(me, {"type": "played", "seat": 1, "card": str(finn)})
    assert me.idle("zzz") and "the table waits for Ann" not in out.getvalue()
    assert "the table waits for You" not in out.getvalue()
    await _table_line(me, turn_message(observe(r, 0), 7, 60000))
    for _ in range(50):
        if sent:
            break
        await asyncio.sleep(0.01)
    assert sent[-1] == {"type": "play", "id": 7, "card": str(second)}
    await me.table.cancel_turn()


async def test_a_seat_that_changes_hands_goes_by_its_new_name() -> None:
    """Finn left mid-match and Vera took his seat: her cards go by her name on Ann's
    screen, and Vera's own screen says she took the seat (not "back at the table")."""
    from briscola.client.play import _table_line
    from briscola.engine.game import Round
    from briscola.engine.rules import TableRules
    from briscola.protocol.messages import turn_message

    me, _, out = _sitting()
    start = {"type": "match_start", "seat": 0, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await _table_line(me, start)
    await _table_line(me, {"type": "round_start", "round": 1, "dealer": 0, "leader": 1,
                           "trump": "2C", "stock": 34, "rounds_won": [0, 0],
                           "hand": ["AD", "3S", "KB"]})  # fmt: skip
    me.notice({"type": "notice", "code": "left_bot", "seat": 1, "name": "Finn", "text": ""})
    assert "Finn left the table; a bot plays for Finn." in out.getvalue()
    me.notice({"type": "notice", "code": "takes", "seat": 1, "name": "Vera", "was": "Finn",
               "text": ""})  # fmt: skip
    assert "Vera takes Finn's seat." in out.getvalue()
    await _table_line(me, {"type": "played", "seat": 1, "card": "7D"})
    assert "Vera plays" in out.getvalue().rpartition("takes Finn's seat")[2]
    intros = out.getvalue().count("Briscola · 2 players")
    await _table_line(me, {**start, "names": ["Ann", "Vera"]})  # Ann resumes: the names now
    assert out.getvalue().count("Briscola · 2 players") == intros, "the same match goes on"
    vera, _, seen = _sitting()
    vera.session.seat = 1
    vera.notice({"type": "notice", "code": "takes", "seat": 1, "name": "Vera", "was": "Finn",
                 "text": ""})  # fmt: skip
    await _table_line(vera, {**start, "seat": 1, "names": ["Ann", "Vera"]})
    state = turn_message(observe(Round(TableRules(), sorted(TableRules().deck), 0), 1), 0, 0)
    await _table_line(vera, {**state, "type": "state", "to_move": 1})
    assert "You take Finn's seat." in seen.getvalue()
    assert "You take over this seat" in seen.getvalue() and "Back at the table" not in (
        seen.getvalue()
    )


async def test_a_card_played_before_a_seat_changed_hands_stays_its_players() -> None:
    """Finn led a card and left; Vera took his seat before the trick was done: on
    Ann's screen and on Vera's own, the card on the table is Finn's (not "Vera" nor
    "You"), and so is the trick it takes."""
    from briscola.client.play import _table_line
    from briscola.engine.observation import observe
    from briscola.protocol.messages import turn_message

    me, _, _ = _sitting()
    r = await _dealt(me, dealer=0)  # Finn (seat 1) leads
    finn = r.hands[1][0]
    r.play(finn)
    await _table_line(me, {"type": "played", "seat": 1, "card": str(finn)})
    me.notice({"type": "notice", "code": "takes", "seat": 1, "name": "Vera", "was": "Finn",
               "text": ""})  # fmt: skip
    assert f"Finn {finn}" in to_plain_text(me.person.view.table(me.person.seen)[0])
    vera, _, seen = _sitting()
    vera.session.seat = 1
    vera.notice({"type": "notice", "code": "takes", "seat": 1, "name": "Vera", "was": "Finn",
                 "text": ""})  # fmt: skip
    start = {"type": "match_start", "seat": 1, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Vera"], "move_ms": 60000}  # fmt: skip
    await _table_line(vera, start)
    state = turn_message(observe(r, 1), 0, 0)
    await _table_line(vera, {**state, "type": "state", "to_move": 0})
    shown = seen.getvalue().rpartition("You take over this seat")[2]
    assert f"Finn {finn}" in shown and f"You {finn}" not in shown, shown
    r.events = []
    r.play(r.hands[0][0])
    for ev in r.events[:2]:  # Ann's card, and the trick
        await _table_line(vera, ev.to_message())
    taker = ["Ann", "Finn"][r.events[1].winner]  # type: ignore[attr-defined]
    assert f"{taker} take" in seen.getvalue().rpartition("plays")[2], seen.getvalue()


async def test_the_clock_of_another_seat_is_the_servers() -> None:
    """No clock for another seat until the server's ``clock`` (a bot's card has none);
    then the time left it says, counted from its arrival; gone when the card comes."""
    from briscola.client.play import _table_line

    me, _, _ = _sitting(watching=True)
    start = {"type": "match_start", "seat": None, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 120000}  # fmt: skip
    await _table_line(me, start)
    await _table_line(me, {"type": "round_start", "round": 1, "dealer": 0, "leader": 1,
                           "trump": "2C", "stock": 34, "rounds_won": [0, 0],
                           "hand": []})  # fmt: skip
    assert me.person.deadline is None, "not the table's whole time per card"
    me.clock_others({"type": "clock", "seat": 1, "ms": 33_000})
    left = me.person.deadline - asyncio.get_running_loop().time()
    assert 0 < left <= 33
    me.clock_others({"type": "clock", "seat": 0, "ms": 50_000})  # not the seat to move
    assert me.person.deadline - asyncio.get_running_loop().time() <= 33
    await _table_line(me, {"type": "played", "seat": 1, "card": "7D"})
    assert me.person.deadline is None


async def test_help_at_a_lan_table_lists_what_works_there() -> None:
    """No hint and no undo at a LAN table; say and leave are there.  ``hint`` typed
    out of turn says why there is none, not "not your turn"."""
    from briscola.client.play import _table_line
    from briscola.words.table import help_text

    me, _, out = _sitting()
    me.person.lan = True
    start = {"type": "match_start", "seat": 0, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await _table_line(me, start)
    assert me.idle("help")
    shown = out.getvalue()
    assert "say TEXT" in shown and "  leave " in shown
    assert "  hint " not in shown and "  undo " not in shown
    assert me.idle("hint") and "No hints and no take-backs at a LAN table" in out.getvalue()
    for lang in ("de", "it", "es", "pt"):
        text = help_text(lang, "italian", "italian", lan=True)  # type: ignore[arg-type]
        assert "say TEXT" in text and "hint" not in text and "undo" not in text, lang


def test_the_lobby_says_the_server_is_away_in_one_line_that_updates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four tries while the server is away: one line in the log, the next try's pause
    in the panel (counted down, then "connecting" during a try), and the panel as it
    was once the server is back."""
    from briscola.client import lobby

    clock = [10.0]
    monkeypatch.setattr(lobby.Away, "now", staticmethod(lambda: clock[0]))
    out = io.StringIO()
    console = LineConsole(io.StringIO(), out)
    with retry_line(console, "en") as tell:
        for pause in (0.5, 1, 2, 4):
            tell("retry", pause)
        assert console.panel is not None
        assert to_plain_text(console.panel()[0]) == "Trying again in 4 s..."
        clock[0] += 2.5
        assert to_plain_text(console.panel()[0]) == "Trying again in 2 s..."
        clock[0] += 2
        assert to_plain_text(console.panel()[0]) == "Connecting to the server..."
    assert out.getvalue().count("trying again") == 1 and out.getvalue().count("\n") == 1
    assert "The connection to the server is lost; trying again in 0.5 s..." in out.getvalue()
    assert console.panel is None


async def test_hint_and_undo_at_ones_own_turn_say_what_holds_at_a_lan_table() -> None:
    """At your own turn at a LAN table, ``hint`` and ``undo`` say that a LAN table has
    neither (as out of turn and as the LAN help), not the play screen's answers."""
    from briscola.client.play import _table_line
    from briscola.protocol.messages import turn_message

    me, sent, out = _sitting()
    me.person.lan = True
    me.console.stdin = io.StringIO("hint\nundo\naiuto\n1\n")  # the turn's lines
    r = await _dealt(me, dealer=1)  # Ann (seat 0) leads
    me.console.start()
    await _table_line(me, turn_message(observe(r, 0), 3, 60000))
    for _ in range(200):
        if sent:
            break
        await asyncio.sleep(0.01)
    assert sent and sent[-1]["type"] == "play", out.getvalue()
    shown = out.getvalue()
    assert shown.count("No hints and no take-backs at a LAN table") == 2, shown
    assert "No hints in this game" not in shown and "No take-backs in this game" not in shown
    await me.table.cancel_turn()


async def _tried(said_restart: bool, clock: list[float]) -> tuple[Any, str, list[str]]:
    """Ann's table screen through four tries to reach the server (the fake clock
    moved along): the screen, what it printed, and its panel's last line before,
    within and after each try's pause."""
    from briscola.client.play import _reconnect

    me, _, out = _sitting()
    await _dealt(me, dealer=0)
    me.said_restart = said_restart
    panels: list[str] = []

    def panel() -> str:
        return to_plain_text(me.console.panel()[-1]).strip()

    async def tries(tell: Any) -> bool:
        for pause in (0.5, 1.0, 2.0, 4.0):
            tell("retry", pause)
            panels.append(panel())
            clock[0] += pause - 0.75  # counted down
            panels.append(panel())
            clock[0] += 1.0  # past the pause: a try is under way
            panels.append(panel())
        return True

    me.session.reconnect = tries
    kept = me.console.panel
    me.status("status.rematch")  # what the panel said before: said again once back
    assert await _reconnect(me.session, me)
    assert me.console.panel is kept
    assert "rematch" in to_plain_text(me.person.status)
    return me, out.getvalue(), panels


async def test_the_table_waits_for_the_server_in_one_line_that_counts_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table screen while the server is away: one "lost" line for all the tries
    (none after the server's own "pausing for a restart" line, which said it), and
    in the panel the seconds to the next try counted down, then "connecting" while a
    try is under way; the panel as it was once back."""
    from briscola.client import lobby

    clock = [100.0]
    monkeypatch.setattr(lobby.Away, "now", staticmethod(lambda: clock[0]))
    away = "The server is away: trying again in {} s. leave (or Ctrl-C) stops."
    for said_restart in (False, True):
        _, shown, panels = await _tried(said_restart, clock)
        lost = shown.count("The connection to the server is lost")
        assert lost == (0 if said_restart else 1), shown
        assert shown.count("trying again") == lost, "one line for all the tries"
        assert panels[0::3] == [away.format(n) for n in (1, 1, 2, 4)]
        assert panels[1::3] == [away.format(1)] * 4
        assert set(panels[2::3]) == {"The server is away: connecting... leave (or Ctrl-C) stops."}


async def test_the_round_summary_credits_each_trick_to_who_took_it() -> None:
    """Finn took tricks, left, and Vera took his seat after trick 3: the round's
    summary names the seat's side by both ("Finn/Vera"), and its richest tricks,
    ``last`` too, by who held the seat when each was taken, as the replay does."""
    from briscola.client.play import _table_line
    from briscola.engine.events import RoundStarted
    from briscola.engine.game import Match
    from briscola.engine.rules import TableRules

    me, _, out = _sitting(watching=True)
    rules = TableRules(players=2)
    match = Match(rules, seed=3, record_events=True)
    r = match.start_round(sorted(rules.deck))
    start = {"type": "match_start", "seat": None, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await _table_line(me, start)
    told = 0
    tricks: list[int] = []  # each trick's winner
    while True:
        assert r.events is not None
        for ev in r.events[told:]:
            if isinstance(ev, RoundStarted):
                ev = ev.public()
            elif not ev.visible_to(None):
                continue
            await _table_line(me, ev.to_message())
            if ev.type == "trick":
                tricks.append(ev.winner)  # type: ignore[attr-defined]
                if len(tricks) == 3:  # Finn left; Vera takes his seat
                    me.notice({"type": "notice", "code": "takes", "seat": 1, "name": "Vera",
                               "was": "Finn", "text": ""})  # fmt: skip
                    assert "Last trick:" in _answered(me, out, "last")
                    assert "Vera" not in _answered(me, out, "last")
        told = len(r.events)
        if r.over:
            break
        r.act(r.legal_actions()[-1])  # the last legal card: both seats take tricks
    match.finish_round()
    for ev in r.events[told:]:
        await _table_line(me, ev.to_message())
    summary = out.getvalue().rpartition("Round 1 over")[2]
    assert "Finn/Vera: " in summary and "Finn/Vera win" in summary, summary
    assert "The biggest tricks:" in summary
    for line in summary.splitlines():
        found = re.search(r"trick (\d+): (\w+) took", line)
        if found:
            holder = "Finn" if int(found[1]) <= 3 else "Vera"
            who = ["Ann", holder][tricks[int(found[1]) - 1]]
            assert found[2] == who, line


def _answered(me: Any, out: io.StringIO, command: str) -> str:
    """What ``command`` typed at the screen printed."""
    before = len(out.getvalue())
    assert me.idle(command)
    return out.getvalue()[before:]


async def test_sigterm_puts_the_screen_away_and_keeps_the_seat(tmp_path: Path) -> None:
    """``kill`` (SIGTERM) of a seated ``briscola join``: it ends as a dropped connection
    does (the seat held for the person, not given up), says so on stderr in the
    person's language, and exits 143; no traceback."""
    async with running(tmp_path, grace=60) as lan:
        await (await lan.connect("Host")).create("t", bots={"1": "random"})  # Pia's starts it
        argv = _join_process(lan.port, "--name", "Pia", "--table", "t", "--lang", "it")
        proc = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, cwd=ROOT,
        )  # fmt: skip
        try:
            assert proc.stdout is not None
            line = await asyncio.wait_for(proc.stdout.readline(), GAME)
            assert b"posto 0" in line, line
            proc.terminate()
            _, err = await asyncio.wait_for(proc.communicate(), GAME)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        assert proc.returncode == 143, err
        assert "interrotto (SIGTERM). Durante una partita il tuo posto resta tuo" in err.decode()
        assert "Traceback" not in err.decode()
        listed = await (await lan.connect("Eve")).ask("list", "tables")
        assert listed["tables"][0]["seat_info"][0]["kind"] == "away", listed


async def test_a_kept_seat_whose_match_is_over_is_said(tmp_path: Path) -> None:
    """Run again after the client died, ``briscola join`` finds its token on disk, but
    the match ended meanwhile (the server no longer holds the seat): it says so,
    then shows the lobby, rather than the lobby alone."""
    from briscola.client.tokens import Tokens

    async with running(tmp_path) as lan:
        Tokens().keep(f"127.0.0.1:{lan.port}", "Pia", "sera", "0" * 64, 1)
        status, out, err = await _run(_join_process(lan.port, "--name", "Pia"), b"quit\n")
        assert status == 0, out + err
        said = "Your seat at table sera is no longer held for you: its match has ended"
        assert said in out and "Lobby commands" in out, out
        assert Tokens().find(f"127.0.0.1:{lan.port}", "Pia") is None
