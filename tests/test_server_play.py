"""LAN server: whole matches over real sockets on 127.0.0.1, people, bots and spectators.

Several tables play at once with scripted people, built-in bots and an external
bot relayed over TCP; every line every seat and spectator receives goes through
the hidden-information check, and every record is verified afterwards.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from lan import (
    Client,
    Lan,
    Message,
    check_hidden,
    check_own_cards,
    nth_turn,
    play_out,
    record_of,
    relay_bot,
    running,
    verify_records,
)

GAME = 30.0  # the bound on a whole match


def played_cards(client: Client) -> list[tuple[int, str]]:
    return [(m["seat"], m["card"]) for m in client.of("played")]


def notices(client: Client, code: str) -> list[Message]:
    return [m for m in client.of("notice") if m.get("code") == code]


async def finish(*clients: Client, seed: int = 0) -> list[Message]:
    """Every client plays random legal cards to the end of the match."""
    games = [play_out(c, random.Random(seed + i)) for i, c in enumerate(clients)]
    return await asyncio.wait_for(asyncio.gather(*games), GAME)


async def sit(
    lan: Lan, people: tuple[str, ...] = ("Anna", "Bruno"), watchers: int = 1, **create: Any
) -> tuple[list[Client], list[Client]]:
    """Table "t" (``create`` its options), ``watchers`` spectators from the start, then
    ``people`` seated in the first free seats: the seated clients and the spectators."""
    host = await lan.connect("Host")
    await host.create("t", **create)
    spectators = []
    for name in ("Vera", "Rosa", "Ugo")[:watchers]:
        spectator = await lan.connect(name)
        await spectator.ask("watch", "watching", table="t")
        spectators.append(spectator)
    return [await lan.seated(name, "t") for name in people], spectators


def check_all(lan: Lan, people: list[Client], spectators: list[Client]) -> None:
    """The hidden-information check on every transcript, the cards a seat was told
    were its own checked against the record."""
    tokens = [c.token for c in people if c.token]
    for client in people:
        owned = check_hidden(client, client.seat, tokens)
        check_own_cards(owned, record_of(lan.records, client.name), client.seat or 0)
    for client in spectators:
        check_hidden(client, None, tokens)


async def test_several_tables_play_at_once(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("duo")
        quartet = {"1": "random", "2": "greedy", "3": "expert:think_ms=20"}
        await host.create("quartet", players=4, variant="brisca", bots=quartet)
        await host.create("trio", players=3, pack=39, bots={"2": "random"})
        await host.create("robot", variant="bisca", target=2, bots={"1": "greedy"})

        vera = await lan.connect("Vera")
        watching = await vera.ask("watch", "watching", table="duo")
        assert watching["table"] == "duo"
        anna = await lan.seated("Anna", "duo")
        bruno = await lan.seated("Bruno", "duo")
        carla = await lan.seated("Carla", "quartet", seat=0)
        dario = await lan.seated("Dario", "trio", seat=0)
        lobbybot = await lan.seated("Lobbybot", "robot")
        assert (anna.seat, bruno.seat, carla.seat, lobbybot.seat) == (0, 1, 0, 0)

        others = [bruno, carla, dario, lobbybot]
        # Lobbybot answers after 30 ms: a match to 2 rounds, well within the rate limit.
        thinks = [0.0, 0.0, 0.0, 0.03]
        games = [
            asyncio.create_task(play_out(c, random.Random(i), think=thinks[i]))
            for i, c in enumerate(others)
        ]
        relay = asyncio.create_task(relay_bot(lan.port, "trio"))
        # Anna stops at her third turn until a late spectator has seen the snapshot.
        paused = await asyncio.wait_for(play_out(anna, stop=nth_turn(3)), GAME)
        before = len(played_cards(anna))
        late = await lan.connect("Late")
        await late.ask("watch", "watching", table="duo")
        start = await late.until("match_start")
        snapshot = await late.until("state")
        assert start["seat"] is None and start["names"] == ["Anna", "Bruno"]
        assert snapshot["hand"] == [] and snapshot["to_move"] == 0
        assert "legal" not in snapshot and "known" not in snapshot
        assert snapshot["played"] == paused["played"] and snapshot["trick"] == paused["trick"]
        await anna.play(paused)
        ends = [await asyncio.wait_for(play_out(anna, random.Random(9)), GAME)]
        ends += await asyncio.wait_for(asyncio.gather(*games), GAME)
        bot, status = await relay
        await vera.until("match_end", GAME)
        await late.until("match_end", GAME)
        assert status == 0 and bot.seat == 1
        assert all(end["reason"] == "complete" for end in ends)
        assert bot.of("match_end")[-1]["reason"] == "complete"

        first = anna.of("match_start")[0]
        assert first["players"] == 2 and first["seat"] == 0 and first["teams"] == [[0], [1]]
        assert first["names"] == ["Anna", "Bruno"] and first["move_ms"] == 120_000
        four = carla.of("match_start")[0]
        assert four["players"] == 4 and four["variant"] == "brisca"
        assert four["teams"] == [[0, 2], [1, 3]]
        assert dario.of("match_start")[0].get("pack") == 39
        assert played_cards(vera) == played_cards(anna) == played_cards(bruno)
        assert played_cards(late) == played_cards(anna)[before:]
    check_all(lan, [anna, *others, bot], [vera, late])
    results = verify_records(lan.records, expect=4)
    assert sorted(r.reason for r in results.values()) == ["complete"] * 4
    assert sorted(len(r.names) for r in results.values()) == [2, 2, 3, 4]
    assert all(r.faults == [] for r in results.values())


async def test_a_seat_answering_at_once_is_not_rate_limited(tmp_path: Path) -> None:
    """A bot plays over TCP as it does on a pipe: answers to turns as fast as they come,
    three rounds against a built-in bot, are not a flood."""
    async with running(tmp_path) as lan:
        (anna,), _ = await sit(lan, ("Anna",), watchers=0, target=3, bots={"1": "random"})
        end = await asyncio.wait_for(play_out(anna), GAME)
        assert end["reason"] == "complete"
        assert anna.of("error") == [] and len(anna.of("turn")) >= 60
    verify_records(lan.records, expect=1)


async def test_a_dropped_seat_resumes_with_its_token(tmp_path: Path) -> None:
    async with running(tmp_path, grace=10.0) as lan:
        (anna, bruno), (vera,) = await sit(lan)
        bruno_game = asyncio.create_task(play_out(bruno, random.Random(1)))
        pending = await asyncio.wait_for(play_out(anna, stop=nth_turn(4)), GAME)
        anna.abort()
        dropped = await vera.until(lambda m: m.get("code") == "dropped")
        assert dropped["type"] == "notice" and dropped["seat"] == 0 and dropped["name"] == "Anna"

        again = await lan.connect("Anna")
        resumed = await again.ask("resume", "resumed", token=anna.token)
        assert resumed["table"] == "t" and resumed["seat"] == 0
        again.token, again.seat = anna.token, 0
        start = await again.until("match_start")
        state = await again.until("state")
        turn = await again.until("turn")
        assert start["seat"] == 0 and start["names"] == ["Anna", "Bruno"]
        assert state["to_move"] == 0 and state["seat"] == 0
        assert sorted(state["hand"]) == sorted(pending["hand"]) == sorted(turn["hand"])
        assert state["played"] == pending["played"] and state["trick"] == pending["trick"]
        assert sorted(turn["legal"]) == sorted(pending["legal"]) and turn["id"] != pending["id"]
        await vera.until(lambda m: m.get("code") == "resumed")
        await again.play(turn)
        end = await asyncio.wait_for(play_out(again), GAME)
        assert end["reason"] == "complete"
        await asyncio.wait_for(bruno_game, GAME)
        await vera.until("match_end")
        assert not notices(vera, "takeover")  # within the grace nobody took the seat
    check_all(lan, [anna, again, bruno], [vera])
    assert [r.reason for r in verify_records(lan.records, expect=1).values()] == ["complete"]


async def test_after_the_grace_a_bot_plays_the_seat_and_hands_it_back(tmp_path: Path) -> None:
    async with running(tmp_path, grace=0.3) as lan:
        (anna, bruno), (vera,) = await sit(lan)
        gone = [False]
        # Bruno plays until his first turn after Anna's drop, and holds that one.
        holding = asyncio.create_task(
            play_out(bruno, random.Random(1), stop=lambda m: m["type"] == "turn" and gone[0])
        )
        mine = await anna.until("turn")
        gone[0] = True
        anna.abort()
        await vera.until(lambda m: m.get("code") == "dropped")
        took = await vera.until(lambda m: m.get("code") == "takeover", 3.0)
        assert took["seat"] == 0
        by_bot = await vera.seen(lambda m: m["type"] == "played" and m["seat"] == 0)
        assert by_bot["card"] in mine["legal"]
        held = await asyncio.wait_for(holding, GAME)
        assert held["type"] == "turn"

        again = await lan.connect("Anna")
        await again.ask("resume", "resumed", token=anna.token)
        again.token, again.seat = anna.token, 0
        await again.until("match_start")
        state = await again.until("state")
        assert state["to_move"] == 1
        back = await vera.until(lambda m: m.get("code") == "handback")
        assert back["seat"] == 0
        handed_at = len(played_cards(vera))
        await bruno.play(held)
        games = [play_out(again, random.Random(2)), play_out(bruno, random.Random(3))]
        await asyncio.wait_for(asyncio.gather(*games), GAME)
        await vera.until("match_end")
        # Every seat-0 card after the hand-back is one Anna's new connection was asked for.
        after = [card for seat, card in played_cards(vera)[handed_at:] if seat == 0]
        asked = [set(t["legal"]) for t in again.of("turn")]
        assert len(asked) == len(after) > 0
        assert all(card in legal for card, legal in zip(after, asked, strict=True))
    check_all(lan, [again, bruno], [vera])
    assert [r.reason for r in verify_records(lan.records, expect=1).values()] == ["complete"]


async def test_a_seat_never_resumed_is_played_to_the_end(tmp_path: Path) -> None:
    async with running(tmp_path, grace=0.2) as lan:
        (anna, bruno), (vera,) = await sit(lan)
        await anna.until("match_start")
        anna.abort()
        end = await asyncio.wait_for(play_out(bruno, random.Random(6)), GAME)
        assert end["reason"] == "complete"
        await vera.until("match_end")
        assert [m["seat"] for m in notices(vera, "takeover")] == [0]
        assert len([s for s, _ in played_cards(vera) if s == 0]) == 20
    check_all(lan, [bruno], [vera])
    assert [r.reason for r in verify_records(lan.records, expect=1).values()] == ["complete"]


async def test_a_person_whose_time_runs_out_costs_one_timeout_and_is_back_on_a_word(
    tmp_path: Path,
) -> None:
    """The first card a person misses waits the turn time; from then a bot plays for
    them (no more turns to wait for) until their connection says anything."""
    async with running(tmp_path, turn_timeout=0.4) as lan:
        (anna,), (vera,) = await sit(lan, ("Anna",), bots={"1": "random"})
        start = await anna.until("match_start")
        assert start["move_ms"] == 400
        skipped = await anna.until("turn")
        assert 0 < skipped["time_ms"] <= 400
        told = await anna.until(lambda m: m.get("code") == "away", 3.0)
        assert told["type"] == "notice" and told["seat"] == 0 and told["name"] == "Anna"
        await vera.until(lambda m: m.get("code") == "away")
        by_bot = await vera.seen(lambda m: m["type"] == "played" and m["seat"] == 0)
        assert by_bot["card"] in skipped["legal"]
        # Away: the bot plays her next cards too, with no turn sent to her.
        await vera.until(
            lambda m: m["type"] == "played" and m["seat"] == 0 and m is not by_bot, 5.0
        )
        turns = len(anna.of("turn"))
        assert turns == 1
        await anna.ask("here", "here")
        await anna.seen(lambda m: m.get("code") == "handback", 3.0)
        end = await asyncio.wait_for(play_out(anna), GAME)  # the next turns are hers again
        assert end["reason"] == "complete"
        assert len(anna.of("turn")) > turns and not notices(anna, "takeover")
    check_all(lan, [anna], [vera])
    (result,) = verify_records(lan.records, expect=1).values()
    assert result.reason == "complete"
    kinds = [(line["type"], line.get("reason")) for line in result.table_lines]
    assert kinds == [("standin", "timeout"), ("handback", None)]
    assert not result.refused, "a timeout is a bot playing for the seat, not a refusal"


async def test_three_faults_let_a_bot_play_that_card_and_the_seat_stays(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        (anna,), _ = await sit(lan, ("Anna",), watchers=0, bots={"1": "random"})
        turn = await anna.until("turn")
        first_legal = turn["legal"]
        for attempt in range(3):
            wrong = next(c for c in ("AC", "AD", "AS", "AB", "3C", "3D") if c not in turn["hand"])
            await anna.send({"type": "play", "id": turn["id"], "card": wrong})
            error = await anna.until("error")
            assert error["code"] == "illegal_move" and error.get("id") == turn["id"]
            if attempt < 2:
                turn = await anna.until("turn")
        told = await anna.until(lambda m: m.get("code") == "faults")
        assert told["seat"] == 0
        by_bot = await anna.seen(lambda m: m["type"] == "played" and m["seat"] == 0)
        assert by_bot["card"] in first_legal
        end = await asyncio.wait_for(play_out(anna), GAME)
        assert end["reason"] == "complete" and not notices(anna, "takeover")
    check_all(lan, [anna], [])
    results = verify_records(lan.records, expect=1)
    assert [r.reason for r in results.values()] == ["complete"]


async def test_rematch_starts_a_new_match_with_the_same_seats(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t")
        anna = await lan.seated("Anna", "t")
        bruno = await lan.seated("Bruno", "t")
        await finish(anna, bruno)
        listed = await host.ask("list", "tables")
        assert [t["state"] for t in listed["tables"] if t["table"] == "t"] == ["done"]
        first = await anna.ask("rematch", "rematching")
        assert first["waiting"] in ([1], ["Bruno"])
        await bruno.until(lambda m: m.get("code") == "rematch")
        second = await bruno.ask("rematch", "rematching")
        assert second["waiting"] == []
        again = await asyncio.gather(anna.until("match_start"), bruno.until("match_start"))
        assert [m["seat"] for m in again] == [0, 1]
        ends = await finish(anna, bruno, seed=10)
        assert [e["reason"] for e in ends] == ["complete", "complete"]
    results = verify_records(lan.records, expect=2)
    assert [r.reason for r in results.values()] == ["complete", "complete"]


async def test_a_seat_left_is_played_by_a_bot_and_another_person_may_take_it(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as lan:
        (anna, bruno), (vera,) = await sit(lan)
        await anna.until("match_start")
        await anna.ask("leave", "left")
        left = await vera.until(lambda m: m.get("code") == "left_bot")
        assert left["seat"] == 0
        stranger = await lan.connect("Stranger")
        listed = await stranger.ask("list", "tables")
        seats = next(t["seats"] for t in listed["tables"] if t["table"] == "t")
        assert seats[1] == "Bruno" and seats[0] != "Anna"
        carla = await lan.seated("Carla", "t", seat=0)
        assert carla.token != anna.token
        other = await lan.connect("Anna")
        await other.refused("resume", "bad_token", token=anna.token)
        games = [play_out(carla, random.Random(4)), play_out(bruno, random.Random(5))]
        await asyncio.wait_for(asyncio.gather(*games), GAME)
        await vera.until("match_end")
        assert carla.of("turn"), "Carla was never asked for a card"
    check_all(lan, [bruno], [vera])
    check_hidden(carla, 0, [anna.token or "", bruno.token or ""])
    assert [r.reason for r in verify_records(lan.records, expect=1).values()] == ["complete"]


async def test_chat_reaches_the_table_within_its_limits(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        (anna, bruno), (vera,) = await sit(lan)
        table = [anna, bruno, vera]

        async def heard(text: str) -> list[Message]:
            return list(
                await asyncio.gather(
                    *(c.until(lambda m: m["type"] == "chat" and m["text"] == text) for c in table)
                )
            )

        await anna.send({"type": "chat", "text": "ciao a tutti"})
        assert all(m["seat"] == 0 and m["name"] == "Anna" for m in await heard("ciao a tutti"))
        await vera.send({"type": "chat", "id": 50, "text": "forza Bruno"})
        assert all(m["seat"] is None and m["name"] == "Vera" for m in await heard("forza Bruno"))
        longest = "é" * 500
        await bruno.send({"type": "chat", "id": 51, "text": longest})
        assert all(m["seat"] == 1 for m in await heard(longest))
        refused = await bruno.request("chat", text="x" * 501)
        assert refused["type"] == "error"
        stranger = await lan.connect("Stranger")
        await stranger.refused("chat", "not_seated", text="from the lobby")

        rosa = await lan.connect("Rosa", source="127.0.0.2")  # chat is limited per address too
        await rosa.ask("watch", "watching", table="t")
        table.append(rosa)
        for n in range(5):
            await rosa.send({"type": "chat", "id": 60 + n, "text": f"message {n}"})
        await heard("message 4")
        limited = await rosa.request("chat", text="one too many")
        assert limited["type"] == "error" and limited["code"] == "rate_limited"
        await asyncio.sleep(2.1)
        await rosa.send({"type": "chat", "id": 70, "text": "after a pause"})
        await heard("after a pause")
        quiet = await anna.quiet(0.2)
        texts = [m["text"] for m in anna.of("chat")]
        assert "x" * 501 not in texts and "one too many" not in texts, quiet
        await finish(anna, bruno)
        await vera.until("match_end")
    check_all(lan, [anna, bruno], [vera, rosa])
    assert [r.reason for r in verify_records(lan.records, expect=1).values()] == ["complete"]


async def test_a_spectator_or_a_stranger_cannot_play_for_a_seat(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        (anna,), (vera,) = await sit(lan, ("Anna",), bots={"1": "random"})
        turn = await anna.until("turn")
        card = turn["legal"][0]
        stranger = await lan.connect("Stranger")
        for thief in (vera, stranger):
            await thief.send({"type": "play", "id": turn["id"], "card": card})
            assert (await thief.until("error"))["type"] == "error"
        await vera.quiet(0.3)
        assert not [s for s, _ in played_cards(vera) if s == 0], "someone played for Anna"
        await anna.play(turn)
        mine = await vera.until(lambda m: m["type"] == "played" and m["seat"] == 0)
        assert mine["card"] == card
        await asyncio.wait_for(play_out(anna), GAME)
    check_all(lan, [anna], [vera])
    verify_records(lan.records, expect=1)


async def test_a_resume_replaces_a_connection_still_holding_the_seat(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        (anna,), _ = await sit(lan, ("Anna",), watchers=0, bots={"1": "random"})
        await anna.until("turn")
        again = await lan.connect("Anna")
        await again.ask("resume", "resumed", token=anna.token)
        again.token, again.seat = anna.token, 0
        await anna.until("bye")
        assert anna.of("bye")[-1]["reason"] == "replaced"
        await anna.closed_within()
        await again.play(await again.until("turn"))
        end = await asyncio.wait_for(play_out(again), GAME)
        assert end["reason"] == "complete"
    check_all(lan, [again], [])
    verify_records(lan.records, expect=1)
