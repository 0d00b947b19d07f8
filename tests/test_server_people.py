"""LAN tables keep their people: a seat is its person's until they leave, a stop is a
pause, nothing the server started outlives it, no stranger or idle bot takes anything.

Real sockets on 127.0.0.1 (in-process servers, and ``briscola serve`` processes where
a crash or a signal is the point); every wait bounded.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

from lan import (
    ROOT,
    Client,
    mid_match,
    nth_turn,
    play_out,
    read_records,
    running,
    serving,
    verify_records,
)

from briscola.engine.replay import verify_record
from briscola.server.seat import token_hash
from briscola.words.replay_text import Narrator, verdict_text

GAME = 30.0


def table_of(listed: dict, name: str) -> dict:
    return next(t for t in listed["tables"] if t["table"] == name)


async def test_a_dropped_seat_stays_its_persons_after_the_grace(tmp_path: Path) -> None:
    """After the grace a bot plays *for* the person; nobody else may sit there, the
    lobby says whose it is, and the token takes it back."""
    async with running(tmp_path, grace=0.3) as lan:
        host = await lan.connect("Host")
        await host.create("t", bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        pending = await asyncio.wait_for(play_out(anna, stop=nth_turn(2)), GAME)
        anna.abort()
        eve = await lan.connect("Eve")
        listed = await eve.ask("list", "tables")
        away = table_of(listed, "t")
        assert away["seats"][0] == "Anna" and away["seat_info"][0]["kind"] == "away"
        assert 0 < away["seat_info"][0]["grace_s"] <= 1
        for _ in range(100):
            held = table_of(await eve.ask("list", "tables"), "t")
            if held["seat_info"][0]["kind"] == "held":
                break
            await asyncio.sleep(0.05)
        assert held["seats"][0] == "Anna" and held["seat_info"][0]["kind"] == "held"
        await eve.refused("join", "table_full", table="t")
        await eve.refused("join", "seat_taken", table="t", seat=0)
        back = await lan.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        back.token, back.seat, back.table = anna.token, 0, "t"
        state = await back.until("state")
        assert state["seat"] == 0 and len(state["hand"]) <= len(pending["hand"])
        end = await asyncio.wait_for(play_out(back, random.Random(1)), GAME)
        assert end["reason"] == "complete"
    (result,) = verify_records(lan.records, expect=1).values()
    marks = [(line["type"], line.get("reason")) for line in result.table_lines]
    assert marks == [("dropped", None), ("standin", "dropped"), ("resumed", None),
                     ("handback", None)]  # fmt: skip


async def test_only_leave_frees_a_seat_mid_match(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3, bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        bruno = await lan.seated("Bruno", "t")
        await bruno.until("match_start")
        await bruno.ask("leave", "left")
        left = await anna.seen(lambda m: m.get("code") == "left_bot")
        assert left["code"] == "left_bot" and "a bot plays for Bruno" in left["text"]
        eve = await lan.connect("Eve")
        listed = table_of(await eve.ask("list", "tables"), "t")
        # Open for anyone (no name in seats), a bot in it meanwhile, said whose it was.
        assert listed["seats"][2] is None and listed["seat_info"][2]["kind"] == "open"
        assert listed["seat_info"][2]["name"] == "Bruno"
        await eve.join("t")
        assert eve.seat == 2
        await eve.until("state")
        took = await anna.seen(lambda m: m.get("code") == "takes")
        assert (took["seat"], took["name"], took["was"]) == (2, "Eve", "Bruno")
        await bruno.refused("resume", "bad_token", token=bruno.token)
        token = anna.token
        anna.abort()  # her client died; run again, it resumes: the match's names now
        anna = await lan.connect("Anna")
        await anna.ask("resume", "resumed", token=token)
        assert (await anna.until("match_start"))["names"][2] == "Eve"
        ends = await asyncio.wait_for(
            asyncio.gather(play_out(anna, random.Random(2)), play_out(eve, random.Random(3))),
            GAME,
        )
        assert [e["reason"] for e in ends] == ["complete", "complete"]
    (result,) = verify_records(lan.records, expect=1).values()
    assert [(x["type"], x.get("reason")) for x in result.table_lines] == [
        ("standin", "left"),
        ("seated", None),
        ("dropped", None),
        ("resumed", None),
    ]
    # The replay credits each card to who played it: Eve's from her line on.
    (path,) = lan.records.glob("*.jsonl")
    out = io.StringIO()
    verify_record(path.read_bytes().splitlines(), on_line=Narrator(out).line)
    told = out.getvalue()
    after = told.partition("Eve takes Bruno's seat")[2]
    assert after and "Bruno" not in after.split("\n", 2)[-1] and "Eve " in after
    # The verdict names the seat by both who played it (were its side the winner).
    result.winner = result.rules.team_of[2]
    assert "won by Bruno/Eve (complete)" in verdict_text(result, path.name)


async def test_a_table_nobody_is_at_ends_and_says_why(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("idle", players=4, bots={"1": "greedy", "2": "greedy", "3": "greedy"})
        await host.join("idle")
        await asyncio.wait_for(play_out(host, stop=nth_turn(2)), GAME)
        await host.ask("leave", "left")
        await host.close()
        other = await lan.connect("Other")
        for _ in range(100):
            if not (await other.ask("list", "tables"))["tables"]:
                break
            await asyncio.sleep(0.05)
        assert (await other.ask("list", "tables"))["tables"] == []
    (lines,) = read_records(lan.records).values()
    end = lines[-1]
    assert end["type"] == "match_end" and end["reason"] == "abandoned"
    assert end["why"].startswith("deserted")
    assert verify_record(lines).reason == "abandoned"


async def test_a_lobby_expert_thinks_no_longer_than_the_default(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        got = await host.refused(
            "create", "bad_spec", table="t", bots={"1": "expert:think_ms=5000"}
        )
        assert "at most 900" in got["message"]
        await host.create("t", bots={"1": "expert:think_ms=900"})
        table = lan.server.tables["t"]
        assert table.bots[1].options == {"think_ms": 900, "samples": 600}


async def test_bad_lobby_values_are_refused_by_their_exact_type(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        for bots in ({"²": "random"}, {"①": "random"}, {"9" * 5000: "random"}, {"01": "random"}):
            await anna.refused("create", "bad_message", table="t", bots=bots)
        for field, value in (("target", 1.0), ("target", True), ("players", 2.0), ("pack", 40.0)):
            await anna.refused("create", "bad_message", table="t", **{field: value})
        await anna.refused("create", "bad_message", table="t", players=3, pack=False)
        await anna.ask("list", "tables")  # the connection lives on
        for version in (1.0, True, "1"):
            raw = await Client.connect(lan.port, hello=False)
            await raw.receive()
            await raw.send({"type": "hello", "id": 1, "protocol": version, "name": "X"})
            got = await raw.receive()
            assert got["type"] == "error" and got["code"] == "unsupported_protocol", got
            await raw.close()


async def test_guessing_a_private_tables_code_backs_off(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        made = await host.ask("create", "created", table="p", code=True, bots={"1": "random"})
        code = made["code"]
        assert isinstance(code, str) and len(code) >= 12
        # Read out across a room: groups of four, no I, 1, O or 0 to mistake.
        assert re.fullmatch(r"[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){2}", code), code
        guesser = await lan.connect("Guesser")
        for n in range(5):
            await guesser.refused("join", "bad_code", table="p", code=f"{n:04}")
        got = await guesser.refused("join", "rate_limited", table="p", code="0005")
        assert "try again in" in got["message"]
        # Other addresses share the table's own limit: ten wrong in all, then a pause.
        await guesser.refused("watch", "rate_limited", table="p", code=code)
        listed = table_of(await host.ask("list", "tables"), "p")
        assert listed["private"] is True and code.encode() not in b"".join(host.raw[-1:])


async def test_a_made_code_is_taken_as_a_person_types_it(tmp_path: Path) -> None:
    """A code the server made, read out across a room, typed in small letters, with
    spaces or without dashes: it opens the table, after a restart too (when only its
    hash is kept); a code a person chose stays exactly as chosen."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        made = await host.ask("create", "created", table="p", code=True, players=3)
        code = made["code"]
        await host.create("own", code="Sesame", bots={"1": "random"})
        typed = code.lower().replace("-", " ")
        await (await lan.connect("Anna")).ask("watch", "watching", table="p", code=typed)
        await (await lan.connect("Ben")).refused("join", "bad_code", table="own", code="sesame")
    async with running(tmp_path) as again:
        bea = await again.connect("Bea")
        await bea.ask("join", "joined", table="p", code=code.replace("-", "").lower())


async def test_a_flapping_seat_does_not_flood_the_table(tmp_path: Path) -> None:
    async with running(tmp_path, grace=30) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3, bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        watcher = await lan.seated("Bruno", "t")
        await anna.until("match_start")
        token = anna.token
        for _ in range(30):
            anna.abort()
            anna = await lan.connect("Anna")
            await anna.ask("resume", "resumed", token=token)
        await asyncio.sleep(0.2)
        told = [m for m in watcher.lines if m["type"] == "notice" and m["seat"] == 0]
        assert len(told) <= 10, [m["code"] for m in told]
        await watcher.until(lambda m: "merged" in str(m.get("text", "")), 8.0)


async def test_a_connection_holds_only_a_few_unstarted_tables(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        idle = await lan.connect("Idle")
        for n in range(5):
            await idle.create(f"t{n}")
        got = await idle.refused("create", "too_many_unstarted", table="t5")
        assert "at most 5 per connection" in got["message"]


async def test_serve_turn_timeout_0_writes_a_record_that_checks(tmp_path: Path) -> None:
    async with running(tmp_path, turn_timeout=0) as lan:
        await (await lan.connect("Host")).create("t", bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        end = await asyncio.wait_for(play_out(anna), GAME)
        assert end["reason"] == "complete"
    (lines,) = read_records(lan.records).values()
    assert lines[0]["move_ms"] == 0 and verify_record(lines).reason == "complete"


def descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(parent, []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


async def test_nothing_the_server_started_outlives_a_kill_9(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):  # pragma: no cover
        return
    async with serving(tmp_path) as serve:
        port = await serve.start()
        anna = await mid_match(port, bots={"1": "expert"})
        assert serve.process is not None
        started = descendants(serve.process.pid)
        assert started, "the bot pool's workers"
        await serve.kill()
        deadline = time.monotonic() + 10
        while [p for p in started if alive(p)] and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not [p for p in started if alive(p)], "a process of the server outlived it"
        await anna.close()
    # The pools' semaphores are removed by multiprocessing's tracker, without a word.
    assert "leaked" not in (tmp_path / "logs" / "serve-1.err").read_text()


async def test_a_card_everyone_saw_played_survives_a_kill_9(tmp_path: Path) -> None:
    """Kill the server the moment a seat's own ``played`` arrives: after the restart
    that card is played, not back in the hand.  Three runs: the race was 2 in 3."""
    for run in range(3):
        async with serving(tmp_path / f"run{run}", "--seed", str(run)) as serve:
            port = await serve.start()
            anna = await Client.connect(port, "Anna")
            await anna.create("t", bots={"1": "random"})
            await anna.join("t")
            turn = await anna.until("turn", GAME)
            card = await anna.play(turn)
            await anna.until(lambda m, card=card: m["type"] == "played" and m["card"] == card)
            await serve.kill()
            await anna.close()
            port = await serve.start()
            back = await Client.connect(port, "Anna")
            await back.ask("resume", "resumed", token=anna.token)
            state = await back.until("state")
            assert card not in state["hand"], f"run {run}: {card} is back in the hand"
            assert any(p["card"] == card for trick in state["played"] for p in trick)
            await back.close()


async def test_join_again_after_the_client_died_resumes_the_seat(tmp_path: Path) -> None:
    """``briscola join`` as a real process: killed mid-match, run again (without
    --table), it says the seat was kept and plays on from the token on disk."""
    state = tmp_path / "state"
    env = {**os.environ, "XDG_STATE_HOME": str(state), "NO_COLOR": "1"}
    async with running(tmp_path, grace=60) as lan:
        await (await lan.connect("Host")).create("t", bots={"1": "random"})

        async def join(*extra: str) -> asyncio.subprocess.Process:
            return await asyncio.create_subprocess_exec(
                sys.executable, "-m", "briscola", "join", f"127.0.0.1:{lan.port}",
                "--name", "Anna", "--pace", "0", *extra,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT, cwd=ROOT, env=env,
            )  # fmt: skip

        first = await join("--table", "t")
        assert first.stdout is not None and first.stdin is not None
        seen = b""
        while b"Your hand" not in seen:
            seen += await asyncio.wait_for(first.stdout.read(200), GAME)
        kept = state / "briscola" / "seats.json"
        assert kept.exists() and (kept.stat().st_mode & 0o777) == 0o600
        first.kill()
        await first.wait()
        table = lan.server.tables["t"]
        assert table.seats[0] is not None and table.seats[0].person

        again = await join()
        assert again.stdout is not None and again.stdin is not None
        out = b""
        while b"kept" not in out:
            out += await asyncio.wait_for(again.stdout.read(200), GAME)
        assert b"back at table t, seat 0" in out
        again.stdin.write(b"leave\n" * 3)
        await again.stdin.drain()
        again.stdin.close()
        await asyncio.wait_for(again.wait(), GAME)
        assert "t" not in (kept.read_text() if kept.exists() else "")


async def test_a_paused_table_nobody_will_come_back_to_ends_at_restart(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")  # stays: the table goes on while its creator is here
        await host.create("t", bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        await anna.until("match_start")
        await anna.ask("leave", "left")
        await asyncio.sleep(0.2)
        assert "t" in lan.server.tables
    async with running(tmp_path) as again:
        assert (await (await again.connect("Zoe")).ask("list", "tables"))["tables"] == []
    (lines,) = read_records(lan.records).values()
    assert lines[-1]["reason"] == "abandoned" and lines[-1]["why"].startswith("deserted")
    assert verify_record(lines).reason == "abandoned"


async def test_a_rematch_may_be_asked_after_someone_left(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        await (await lan.connect("Host")).create("t", players=3, bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        finn = await lan.seated("Finn", "t")
        await asyncio.wait_for(
            asyncio.gather(play_out(anna, random.Random(1)), play_out(finn, random.Random(2))),
            GAME,
        )
        await finn.ask("leave", "left")
        left = await anna.seen(lambda m: m.get("code") == "left")
        assert left["name"] == "Finn"
        got = await anna.ask("rematch", "rematching")
        assert got["waiting"] == [] and got["free"] == [2]  # the seat a person must take
        eve = await lan.seated("Eve", "t")
        await eve.until("match_start")
        await anna.until("match_start")


async def test_the_table_rests_between_rounds_until_its_people_go_on(tmp_path: Path) -> None:
    """After a round that does not end the match, the next deal waits until every
    person present has sent ``next`` (for --round-pause at most)."""
    async with running(tmp_path, round_pause=30) as lan:
        await (await lan.connect("Host")).create("t", target=2, bots={"1": "random"})
        anna = await lan.seated("Anna", "t")
        await asyncio.wait_for(play_out(anna, stop=lambda m: m["type"] == "round_end"), GAME)
        told = await anna.until(lambda m: m.get("code") == "round_pause", 5.0)
        assert told["seconds"] == 30
        assert not [m for m in await anna.quiet(0.5) if m["type"] == "round_start"]
        await anna.ask("next", "next")
        await anna.until("round_start", 5.0)
        end = await asyncio.wait_for(play_out(anna, random.Random(3)), GAME)
        assert end["reason"] == "complete"
    async with running(tmp_path, round_pause=0.3) as lan:  # nobody goes on: the pause ends
        await (await lan.connect("Host")).create("u", target=2, bots={"1": "random"})
        ben = await lan.seated("Ben", "u")
        await asyncio.wait_for(play_out(ben, stop=lambda m: m["type"] == "round_end"), GAME)
        await ben.until("round_start", 5.0)


async def _robo_and_anna(lan: Any) -> Any:
    """A 3-seat table "t": Robo, a program that says so in its hello, at seat 0 and
    Anna at seat 1; Robo's connection."""
    await (await lan.connect("Host")).create("t", players=3)
    robo = await lan.connect("Robo", hello=False)
    await robo.hello("Robo", kind="bot")
    await robo.join("t")
    await lan.seated("Anna", "t")
    return robo


async def test_a_program_that_says_so_is_listed_as_a_bot(tmp_path: Path) -> None:
    """A ``hello`` with ``kind: "bot"`` (join --bot's relay) is shown as a bot in the
    lobby's list; without it a client is a person."""
    async with running(tmp_path) as lan:
        await _robo_and_anna(lan)
        listed = table_of(await (await lan.connect("Eve")).ask("list", "tables"), "t")
        assert [i["kind"] for i in listed["seat_info"]] == ["bot", "person", "free"]
        assert listed["seats"][:2] == ["Robo", "Anna"]


async def test_a_programs_bot_mark_outlives_a_restart(tmp_path: Path) -> None:
    """The bot mark is in the table's file: after a restart, before the program is
    back, the lobby lists its held seat as a bot's that is away; a person's seat
    without the mark; the program back, a bot again."""
    from briscola.client.lobby import table_lines

    async with running(tmp_path) as lan:
        robo = await _robo_and_anna(lan)
    async with running(tmp_path) as again:
        listing = await (await again.connect("Eve")).ask("list", "tables")
        infos = table_of(listing, "t")["seat_info"]
        assert [(i["kind"], i.get("bot")) for i in infos] == [
            ("away", True),
            ("away", None),
            ("free", None),
        ]
        assert "0: Robo (bot, away, " in table_lines("en", listing)[0]
        back = await again.connect("Robo", hello=False)
        await back.hello("Robo", kind="bot")
        await back.ask("resume", "resumed", token=robo.token)
        listing = await (await again.connect("Eve")).ask("list", "tables")
        assert table_of(listing, "t")["seat_info"][0]["kind"] == "bot"


async def test_the_only_person_leaving_a_table_of_bots_ends_it_as_deserted(
    tmp_path: Path,
) -> None:
    """Giulia made a table of bots, plays, and leaves mid-match (staying in the lobby):
    the bots do not play it out to "won by Giulia (complete)"; it ends, abandoned."""
    async with running(tmp_path) as lan:
        giulia = await lan.connect("Giulia")
        await giulia.create("t", bots={"1": "random"})
        await giulia.join("t")
        await giulia.until("match_start")
        await giulia.ask("leave", "left")
        for _ in range(100):
            if "t" not in lan.server.tables:
                break
            await asyncio.sleep(0.05)
        assert "t" not in lan.server.tables
        assert (await giulia.ask("list", "tables"))["tables"] == []
    (lines,) = read_records(lan.records).values()
    assert lines[-1]["reason"] == "abandoned" and lines[-1]["winner"] is None
    assert lines[-1]["why"].startswith("deserted")
    assert verify_record(lines).reason == "abandoned"


async def test_the_table_file_is_written_once_a_change_and_again_when_it_went(
    tmp_path: Path, monkeypatch: Any
) -> None:
    from briscola.server import seating

    writes: list[str] = []
    real = seating._write_whole

    def counted(path: Path, text: str) -> bool:
        writes.append(text)
        return real(path, text)

    monkeypatch.setattr(seating, "_write_whole", counted)
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("t", players=2)
        await anna.join("t")
        bruno = await lan.seated("Bruno", "t")
        games = (play_out(anna, random.Random(1)), play_out(bruno, random.Random(2)))
        await asyncio.wait_for(asyncio.gather(*games), GAME)
        before = len(writes)
        await bruno.ask("leave", "left")  # the seat freed, then the leave said: one change
        assert len(writes) == before + 1
        (kept,) = lan.records.glob("*.seats.json")
        kept.unlink()  # the file went (a tidy-up of the folder): the next save writes it whole
        lan.server.tables["t"].save()
        await asyncio.sleep(0)  # written at the end of this turn of the event loop
        assert kept.exists() and len(writes) == before + 2


async def test_changes_in_one_turn_write_the_table_file_once_before_the_answer(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A create and a join read together (one turn of the server's loop) change the table
    twice: its file is written once, and before the answers leave (write before you tell)."""
    from briscola.protocol.tcp import TcpLink
    from briscola.server import seating

    happened: list[str] = []
    real_write, real_send = seating._write_whole, TcpLink._write

    def counted(path: Path, text: str) -> bool:
        happened.append("file " + text)
        return real_write(path, text)

    def sent(link: TcpLink, data: bytes) -> None:
        happened.extend(f"line {line}" for line in data.decode().splitlines())
        real_send(link, data)

    monkeypatch.setattr(seating, "_write_whole", counted)
    monkeypatch.setattr(TcpLink, "_write", sent)
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        both = [{"type": "create", "id": 2, "table": "t", "players": 3},
                {"type": "join", "id": 3, "table": "t"}]  # fmt: skip
        await anna.send_raw(b"".join(json.dumps(m).encode() + b"\n" for m in both))
        joined = await anna.until("joined")
        files = [i for i, h in enumerate(happened) if h.startswith("file ")]
        assert len(files) == 1, happened
        kept = json.loads(happened[files[0]][5:])
        assert kept["seats"][0]["name"] == "Anna", kept
        assert kept["seats"][0]["token_sha256"] == token_hash(joined["token"])
        answer = re.compile(r'line {"type":"(created|joined)"')
        answers = [i for i, h in enumerate(happened) if answer.match(h)]
        assert len(answers) == 2 and files[0] < min(answers), happened
