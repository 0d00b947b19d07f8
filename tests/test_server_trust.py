"""A table to trust against a dishonest guest (issue 28, items 1-8): secret deals,
private files, watchers and connections that cannot hold the server, every line
judged as it comes, tokens of one length, bounded logs and disk, limited floods,
and the unstarted-table option.

Real sockets on 127.0.0.1; other loopback source addresses (127.0.0.x) stand for
other machines.  Every wait is bounded; nothing asserts on timing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import stat
from pathlib import Path

import pytest
from lan import (
    Client,
    mid_match,
    play_out,
    read_records,
    records_settled,
    rss_mb,
    running,
    serving,
    verify_records,
)

from briscola.client.tokens import Tokens
from briscola.engine.rules import TableRules

GAME = 30.0


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# -- 1. secret deals ----------------------------------------------------------------------


async def test_a_served_deal_is_the_operating_systems_and_the_record_keeps_it(
    tmp_path: Path,
) -> None:
    """No seed a seat could search for: the record has no seed and every round's deal,
    and it replays exactly; with serve --seed the seed is there (for tests)."""
    async with running(tmp_path / "secret") as lan:
        anna = await lan.connect("Anna")
        await anna.create("t", bots={"1": "random"}, target=2)
        await anna.join("t")
        await asyncio.wait_for(play_out(anna), GAME)
        await records_settled(lan.records, 1)
    ((path, lines),) = read_records(lan.records).items()
    assert lines[0]["seed"] is None, f"a served match's deal comes from a seed: {lines[0]}"
    rounds = [x for x in lines if x["type"] == "round_start" and x.get("seat", 0) == 0]
    deals = [x for x in lines if x["type"] == "deal"]
    assert len(deals) == len(rounds) >= 2, "every round's deal is in the record"
    assert verify_records(lan.records)[path].reason == "complete"
    async with running(tmp_path / "seeded", seed=7) as lan:
        bea = await lan.connect("Bea")
        await bea.create("t", bots={"1": "random"})
        await bea.join("t")
        await asyncio.wait_for(play_out(bea), GAME)
        await records_settled(lan.records, 1)
    ((_, seeded),) = read_records(lan.records).items()
    assert isinstance(seeded[0]["seed"], int)


def test_serve_seed_says_it_makes_deals_predictable() -> None:
    import argparse

    from briscola.server.commands import serve_arguments

    parser = argparse.ArgumentParser()
    serve_arguments(parser)
    assert "predictable" in " ".join(parser.format_help().split())


# -- 2. the host's files ------------------------------------------------------------------


async def test_records_and_seats_files_are_the_hosts_alone(tmp_path: Path) -> None:
    from briscola.server.seat import code_matches

    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3, code="our-secret", bots={"2": "random"})
        await lan.seated("Anna", "t", code="our-secret")
        await lan.seated("Bruno", "t", code="our-secret")
        for _ in range(100):  # the match starts: its record and seats file are written
            if list(lan.records.glob("*.seats.json")):
                break
            await asyncio.sleep(0.05)
        (seats,) = lan.records.glob("*.seats.json")
        (record,) = lan.records.glob("*.jsonl")
        assert mode(lan.records) == 0o700
        assert mode(record) == 0o600 and mode(seats) == 0o600
        data = json.loads(seats.read_text())
        assert "our-secret" not in seats.read_text() and "code_sha256" not in data
        kept = data["code_hash"]
        assert code_matches("our-secret", kept) and not code_matches("our-secreT", kept)
        assert data["code_hash"].startswith("pbkdf2_sha256$")


def test_the_clients_seats_file_goes_through_no_planted_link(tmp_path: Path) -> None:
    """A group-writable state folder with ``seats.tmp`` linked to another file: keeping
    a token must not write through the link, and the folder becomes the user's alone."""
    folder = tmp_path / "state" / "briscola"
    folder.mkdir(parents=True)
    os.chmod(folder, 0o777)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (folder / "seats.tmp").symlink_to(victim)
    tokens = Tokens(folder / "seats.json")
    tokens.keep("host:4664", "Anna", "t", "a" * 64, 0)
    assert victim.read_text() == "precious"
    assert mode(folder) == 0o700 and mode(folder / "seats.json") == 0o600
    assert tokens.find("host:4664", "Anna", "t") == {"table": "t", "token": "a" * 64,
                                                     "seat": 0, "name": "Anna"}  # fmt: skip
    (folder / "seats.json").unlink()
    (folder / "seats.json").symlink_to(victim)  # a planted file to read: not followed
    assert tokens.find("host:4664", "Anna") is None


# -- 3. watchers and connections ------------------------------------------------------------


async def test_watchers_hold_no_table_and_a_new_address_always_gets_in(tmp_path: Path) -> None:
    """Two addresses fill every connection and watch the tables they made and left: the
    tables go (their watchers told), and a friend from a third address connects and
    creates."""
    async with running(tmp_path, max_connections=6, max_per_address=3, max_tables=2) as lan:
        watchers = []
        for n, source in enumerate(("127.0.0.2", "127.0.0.3")):
            maker = await lan.connect("Maker", source=source)
            await maker.create(f"held-{n}")
            for _ in range(2):
                watcher = await lan.connect("Watcher", source=source)
                await watcher.ask("watch", "watching", table=f"held-{n}")
                watchers.append(watcher)
            await maker.close()
        for watcher in watchers:
            await watcher.until(lambda m: m["type"] == "notice" and m["code"] == "closed")
        extra = await lan.connect("Filler", source="127.0.0.2")  # 5 of 6 connections
        assert (await extra.ask("list", "tables"))["tables"] == []
        friend = await lan.connect("Friend", source="127.0.0.4")
        await friend.create("friday")
        last = await lan.connect("Second", source="127.0.0.5")  # room made again
        await last.ask("list", "tables")
        for client in [*watchers, extra]:
            await client.quiet(0.3)
        evicted = [c for c in [*watchers, extra] if c.of("bye")]
        assert len(evicted) == 1 and evicted[0].of("bye")[0]["reason"] == "full"


async def test_a_watcher_of_a_quiet_table_idles_out_one_of_a_live_table_does_not(
    tmp_path: Path,
) -> None:
    async with running(tmp_path, idle_timeout=1.0) as lan:
        host = await lan.connect("Host")
        await host.create("quiet")
        quiet = await lan.connect("Quiet")
        await quiet.ask("watch", "watching", table="quiet")
        anna = await lan.connect("Anna")
        await anna.create("live", bots={"1": "random"})
        live = await lan.connect("Live")
        await live.ask("watch", "watching", table="live")
        await anna.join("live")
        game = asyncio.ensure_future(play_out(anna, think=0.25, timeout=GAME))
        for _ in range(12):  # the host stays: it asks now and then
            await asyncio.sleep(0.25)
            await host.ask("list", "tables")
        rest = await quiet.closed_within(5.0)
        assert rest[-1]["type"] == "bye" and rest[-1]["reason"] == "idle"
        await asyncio.wait_for(game, GAME)
        assert not live.of("bye"), "a watcher of a table in play is not idle"


# -- 4. every line judged as it comes --------------------------------------------------------


async def test_an_answer_to_a_turn_not_yet_sent_is_refused_not_played(tmp_path: Path) -> None:
    """A bad answer and, in the same write, an answer to the turn the fault will bring:
    the second is refused then (unknown_id); the seat's card waits for a real answer."""
    async with running(tmp_path) as lan:
        anna = await mid_match(lan.port)
        turn = anna.pending
        assert turn is not None
        wrong = next(str(c) for c in TableRules(players=2).deck if str(c) not in turn["hand"])
        ahead = {"type": "play", "id": turn["id"] + 1, "card": turn["legal"][0]}
        now = {"type": "play", "id": turn["id"], "card": wrong}
        await anna.send_raw((json.dumps(now) + "\n" + json.dumps(ahead) + "\n").encode())
        anna.pending = None
        while True:
            got = await anna.receive()
            assert not (got["type"] == "played" and got["seat"] == anna.seat), (
                f"an answer sent before its turn was played: {anna.lines[-6:]}"
            )
            if got["type"] == "turn" and got["id"] > turn["id"] + 1:
                break
        codes = [m["code"] for m in anna.of("error")]
        assert "illegal_move" in codes and "unknown_id" in codes, codes
        await asyncio.wait_for(play_out(anna), GAME)


async def test_a_seated_guest_cannot_grow_the_server(tmp_path: Path) -> None:
    """16 seated connections send lines of an unknown type, 60 KB each, at the rate
    allowed: each is refused as it comes, and the server's memory stays put."""
    pad = "x" * 60_000
    junk = (json.dumps({"type": "junk", "pad": pad}) + "\n").encode()
    async with serving(tmp_path) as serve:
        await serve.start()
        assert serve.process is not None
        pid = serve.process.pid
        guests = []
        for n in range(16):
            guest = await Client.connect(serve.port, f"Guest{n}", source=f"127.0.0.{10 + n}")
            await guest.create(f"t{n}")
            await guest.join(f"t{n}")
            guests.append(guest)
        before = rss_mb(pid)

        async def attack(guest: Client) -> None:
            for second in range(4):
                for _ in range(40 if second == 0 else 19):
                    await guest.send_raw(junk)
                await asyncio.sleep(1.0)

        await asyncio.wait_for(asyncio.gather(*(attack(g) for g in guests)), 60)
        await asyncio.sleep(0.5)
        grown = rss_mb(pid) - before
        assert grown <= 40, f"the server grew by {grown:.0f} MB under 16 seated guests"
        for guest in guests:
            errors = [m for m in await guest.quiet(0.3) + guest.lines if m["type"] == "error"]
            assert errors and errors[0]["code"] == "unknown_type", guest.lines[-3:]
            await guest.close()


# -- 5. tokens -------------------------------------------------------------------------


async def test_a_token_has_one_length_and_is_found_by_one_look_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import briscola.server.client as client
    import briscola.server.seat as seat

    hashed: list[int] = []
    real = seat.token_hash

    def counted(token: str) -> str:
        hashed.append(len(token))
        return real(token)

    async with running(tmp_path) as lan:
        people = []
        for n in range(6):
            host = await lan.connect(f"Host{n}", source=f"127.0.0.{20 + n}")
            await host.create(f"t{n}", players=4)
            people.append(await lan.seated(f"P{n}", f"t{n}"))
        monkeypatch.setattr(seat, "token_hash", counted)
        monkeypatch.setattr(client, "token_hash", counted)
        thief = await lan.connect("Thief", source="127.0.0.30")
        await thief.refused("resume", "bad_token", token="f" * 65_000)
        await thief.refused("resume", "bad_token", token="f" * 63)
        assert hashed == [], "a token of the wrong length was hashed"
        await thief.refused("resume", "bad_token", token="f" * 64)
        assert hashed == [64], f"one hash for one resume, not one a seat: {hashed}"
        back = await lan.connect("P3", source="127.0.0.30")
        got = await back.ask("resume", "resumed", token=people[3].token)
        assert got["table"] == "t3"


# -- 6. logs and disk ----------------------------------------------------------------------


async def test_nothing_before_hello_is_logged_but_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running(tmp_path) as lan:
        with caplog.at_level(logging.INFO, logger="briscola"):
            stranger = await Client.connect(lan.port, "Stranger", hello=False)
            lines = [{"type": "info", "text": "y" * 900}] * 30 + [{"type": "list", "id": 5}] * 10
            for line in lines:
                await stranger.send(line)
            await stranger.send_raw(b"not json\n")
            await stranger.quiet(0.5)
            port = str(stranger.writer.get_extra_info("sockname")[1])
            await stranger.close()
            await lan.alive()
            await asyncio.sleep(0.2)
        about = [r.getMessage() for r in caplog.records if port in r.getMessage()]
        assert len(about) <= 1, about


async def test_the_info_budget_is_the_seats_for_the_match_across_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import briscola.protocol.link as link

    monkeypatch.setattr(link, "INFO_LINES", 5)
    async with running(tmp_path) as lan:
        anna = await mid_match(lan.port)
        for n in range(3):
            await anna.send({"type": "info", "text": f"first {n}"})
        assert anna.pending is not None
        await anna.play(anna.pending)  # the table keeps the info of the move
        await anna.until("turn")
        token = anna.token
        anna.abort()
        back = await lan.connect("Anna")
        await back.ask("resume", "resumed", token=token)
        back.seat = 0
        for n in range(5):
            await back.send({"type": "info", "text": f"again {n}"})
        await asyncio.wait_for(play_out(back), GAME)
        await records_settled(lan.records, 1)
    ((_, lines),) = read_records(lan.records).items()
    infos = [x["text"] for x in lines if x["type"] == "info" and x["seat"] == 0]
    assert infos == ["first 0", "first 1", "first 2", "again 0", "again 1"], infos


async def test_who_left_a_seat_writes_no_more_into_its_record(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await mid_match(lan.port)
        await anna.ask("leave", "left")
        for n in range(3):
            await anna.send({"type": "info", "text": f"after {n}"})
        await anna.ask("list", "tables")
        await records_settled(lan.records, 1, GAME)
    ((_, lines),) = read_records(lan.records).items()
    assert not [x for x in lines if x["type"] == "info"], "info from a seat given up"


async def test_matches_per_connection_per_minute_are_bounded(tmp_path: Path) -> None:
    async with running(tmp_path, matches_per_minute=2) as lan:
        anna = await lan.connect("Anna")
        await anna.create("t", bots={"1": "random"})
        await anna.join("t")
        await asyncio.wait_for(play_out(anna), GAME)
        await anna.ask("rematch", "rematching")
        await asyncio.wait_for(play_out(anna), GAME)
        await anna.refused("rematch", "rate_limited")
        await anna.refused("create", "rate_limited", table="u")


async def test_a_full_records_folder_refuses_new_tables_and_keeps_every_record(
    tmp_path: Path,
) -> None:
    records = tmp_path / "records"
    records.mkdir()
    old = records / "20260101-000000-old-1-abcdef.jsonl"
    old.write_bytes(b"x" * (1024 * 1024 + 1))
    async with running(tmp_path, records_max_mb=1) as lan:
        anna = await lan.connect("Anna")
        got = await anna.refused("create", "records_full", table="t")
        assert "records" in got["message"]
    assert old.stat().st_size == 1024 * 1024 + 1


# -- 7. floods ---------------------------------------------------------------------------


async def test_chat_and_notices_are_limited_per_table(tmp_path: Path) -> None:
    """Twelve machines chat three lines each, one churns a seat: the table's screen gets
    a few of each and a count of the rest."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=4)
        reader = await lan.connect("Reader", source="127.0.0.2")
        await reader.ask("watch", "watching", table="t")
        chatters = []
        for n in range(12):
            chatter = await lan.connect(f"C{n}", source=f"127.0.0.{40 + n}")
            await chatter.ask("watch", "watching", table="t")
            chatters.append(chatter)
        for chatter in chatters:
            for k in range(3):
                await chatter.send({"type": "chat", "id": 10 + k, "text": f"spam {k}"})
        churn = await lan.connect("Churn", source="127.0.0.60")
        for _ in range(15):
            await churn.ask("join", "joined", table="t")
            await churn.ask("leave", "left")
        await reader.until(lambda m: m["type"] == "notice" and m["code"] == "chat_dropped", 5.0)
        await reader.until(lambda m: "merged" in str(m.get("text")), 5.0)
        await reader.quiet(1.5)
        chats = reader.of("chat")
        seats = [m for m in reader.of("notice") if m["code"] in ("joined", "left")]
        assert len(chats) <= 12, len(chats)
        assert len(seats) <= 14, len(seats)


# -- 8. the unstarted tables of one address --------------------------------------------------


async def test_unstarted_tables_per_address_have_an_option_and_a_code(tmp_path: Path) -> None:
    import argparse

    from briscola.server.bench import bench_config
    from briscola.server.commands import serve_arguments
    from briscola.server.run import config_from

    parser = argparse.ArgumentParser()
    serve_arguments(parser)
    args = parser.parse_args(["--unstarted-per-address", "200"])
    assert config_from(args).unstarted_per_address == 200
    assert bench_config(tmp_path / "bench", 1).unstarted_per_address >= 800
    async with running(tmp_path, unstarted_per_address=2, max_tables=3) as lan:
        one = await lan.connect("One")
        two = await lan.connect("Two")
        await one.create("a")
        await two.create("b")
        got = await two.refused("create", "too_many_unstarted", table="c")
        assert "--unstarted-per-address" in got["message"]
        other = await lan.connect("Other", source="127.0.0.2")
        await other.create("c")
        await other.refused("create", "too_many_tables", table="d")


async def test_the_unstarted_refusal_names_the_limit_that_was_reached(tmp_path: Path) -> None:
    """The host's option lifts the limit per address, not the one per connection: a
    connection that reached its own is told that, not to ask the host for the option."""
    async with running(tmp_path, unstarted_per_address=200) as lan:
        one = await lan.connect("One")
        for n in range(5):
            await one.create(f"t{n}")
        got = await one.refused("create", "too_many_unstarted", table="t5")
        assert "--unstarted-per-address" not in got["message"], got
        assert "another connection" in got["message"], got
        two = await lan.connect("Two")
        await two.create("u")  # another connection from the same address still may
    async with running(tmp_path / "b", unstarted_per_address=1) as lan:
        one = await lan.connect("One")
        two = await lan.connect("Two")
        await one.create("a")
        got = await two.refused("create", "too_many_unstarted", table="b")
        assert "--unstarted-per-address" in got["message"], got
        assert "another connection" not in got["message"], got


def test_two_people_from_one_account_keep_their_own_seats(tmp_path: Path) -> None:
    """Emma and Giulia join one table from two terminals of one account: each token is
    kept under its own name (the second no longer replaces the first), so either
    client, killed and run again, finds its own seat; an older file's key still reads."""
    tokens = Tokens(tmp_path / "seats.json")
    tokens.keep("host:4664", "Emma", "abend", "e" * 64, 0)
    tokens.keep("host:4664", "Giulia", "abend", "g" * 64, 2)
    tokens.keep_hand("host:4664", "Emma", "abend", 1, ["AD", None, "3S"])
    emma = tokens.find("host:4664", "Emma")
    assert emma is not None and emma["token"] == "e" * 64 and emma["hand"] == ["AD", None, "3S"]
    giulia = tokens.find("host:4664", "Giulia", "abend")
    assert giulia is not None and giulia["token"] == "g" * 64 and "hand" not in giulia
    tokens.forget("host:4664", "Giulia", "abend")
    assert tokens.find("host:4664", "Giulia") is None and tokens.find("host:4664", "Emma")
    (tmp_path / "seats.json").write_text(
        json.dumps({"host:4664 old": {"token": "o" * 64, "seat": 1, "name": "Hans"}})
    )
    assert tokens.find("host:4664", "Hans") == {"table": "old", "token": "o" * 64,
                                                "seat": 1, "name": "Hans"}  # fmt: skip
    tokens.keep("host:4664", "Hans", "old", "n" * 64, 1)
    assert len(json.loads((tmp_path / "seats.json").read_text())) == 1
