"""A card a stand-in bot plays for a person is told as the bot's on every screen.

Giulia leaves a 3-seat table mid-match (a bot plays her seat on): Emma's screen
(``briscola join``), a spectator's (``join --watch``), the record and the replay
all say a bot played each of that seat's cards, never "Giulia plays".  Real TCP on
127.0.0.1 with an in-process server; every wait bounded.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import re
from pathlib import Path

from lan import play_out, read_records, running, verify_records

from briscola.cli import build_parser
from briscola.client.run import _person
from briscola.engine.replay import verify_record
from briscola.prompt.console import LineConsole
from briscola.words.replay_text import Narrator

GAME = 60.0


def _cards_then_no(count: int = 400) -> str:
    slots = itertools.islice(itertools.cycle("123"), count)
    return "".join(f"{s}\n" for s in slots) + "n\n" * 5


async def _until(out: io.StringIO, text: str, task: asyncio.Future[int]) -> None:
    for _ in range(int(GAME / 0.05)):
        if text in out.getvalue() or task.done():
            return
        await asyncio.sleep(0.05)


def _card_lines(screen: str) -> list[str]:
    """The lines that tell a card played or a trick taken."""
    return [line for line in screen.splitlines() if re.search(r" plays? |→", line)]


async def test_a_seat_left_mid_match_is_played_by_a_bot_on_every_screen(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3, bots={"2": "greedy"})
        port = f"127.0.0.1:{lan.port}"
        watch_args = build_parser().parse_args(
            ["join", port, "--pace", "0", "--table", "t", "--watch", "--name", "Vera"]
        )
        seen = io.StringIO()
        watcher = asyncio.ensure_future(
            _person(watch_args, "127.0.0.1", lan.port, LineConsole(io.StringIO(""), seen))
        )
        await _until(seen, "You watch table t", watcher)
        giulia = await lan.seated("Giulia", "t")
        emma_args = build_parser().parse_args(
            ["join", port, "--pace", "0", "--table", "t", "--name", "Emma"]
        )
        shown = io.StringIO()
        emma = asyncio.ensure_future(
            _person(
                emma_args, "127.0.0.1", lan.port, LineConsole(io.StringIO(_cards_then_no()), shown)
            )
        )
        await giulia.until("match_start")
        await giulia.ask("leave", "left")
        status = await asyncio.wait_for(emma, GAME)
        await _until(seen, "(rounds won:", watcher)  # the match's end
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    screens = {"Emma": shown.getvalue(), "the spectator": seen.getvalue()}
    assert status == 0, screens["Emma"]
    for whose, screen in screens.items():
        assert "Giulia left the table; a bot plays for Giulia." in screen, (whose, screen)
        after = _card_lines(screen.partition("a bot plays for Giulia.\n")[2])
        bot = [line for line in after if "Giulia" in line]
        assert bot, (whose, screen)
        for line in bot:  # every card and trick of Giulia's seat is the bot's
            assert "A bot plays" in line or "The bot takes the trick for Giulia" in line, (
                whose,
                line,
            )
        assert not any("Giulia plays" in line for line in after), (whose, screen)

    # The record marks each of the bot's cards; the replay credits them to it.
    (record,) = read_records(lan.records).values()
    left_at = next(i for i, m in enumerate(record) if m["type"] == "standin")
    seat = record[left_at]["seat"]
    hers = [m for m in record[left_at:] if m["type"] == "played" and m["seat"] == seat]
    assert hers and all(m.get("standin") is True for m in hers)
    assert not any(m.get("standin") for m in record if m["type"] == "played" and m["seat"] != seat)
    (path,) = lan.records.glob("*.jsonl")
    out = io.StringIO()
    verify_record(path.read_bytes().splitlines(), on_line=Narrator(out).line)
    told = out.getvalue().partition("Giulia left: a bot plays the seat")[2]
    tricks = [line for line in told.splitlines() if line.startswith("  Trick")]
    assert tricks and all("a bot for Giulia" in line for line in tricks), told
    for line in tricks:  # every card of the seat, and a trick it took, under the bot
        assert not re.search(r"(?<!a bot for )Giulia", line), line
    verify_records(lan.records, expect=1)


async def test_only_the_cards_a_bot_chose_are_marked_and_told_as_its(tmp_path: Path) -> None:
    """Anna's time runs out (a bot plays for her until she says a word), later she sends
    three bad answers (a bot plays that one card): exactly those cards carry
    ``standin: true``, to her, to a spectator and in the record; the spectator's
    screen says "A bot plays ... for Anna" for them and "Anna plays" for hers."""
    async with running(tmp_path, turn_timeout=0.4) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=2, bots={"1": "random"})
        watch_args = build_parser().parse_args(
            ["join", f"127.0.0.1:{lan.port}", "--pace", "0", "--table", "t", "--watch"]
        )
        seen = io.StringIO()
        watcher = asyncio.ensure_future(
            _person(watch_args, "127.0.0.1", lan.port, LineConsole(io.StringIO(""), seen))
        )
        await _until(seen, "You watch table t", watcher)
        anna = await lan.seated("Anna", "t")
        await anna.until("turn")  # left unanswered: the time runs out
        await anna.until(lambda m: m.get("code") == "away", 5.0)
        first = await anna.seen(lambda m: m["type"] == "played" and m["seat"] == 0)
        await anna.ask("here", "here")
        await anna.seen(lambda m: m.get("code") == "handback", 5.0)
        turn = await anna.until("turn", 10.0)  # hers again: three bad answers
        for attempt in range(3):
            wrong = next(c for c in ("AC", "AD", "AS", "AB", "3C", "3D") if c not in turn["hand"])
            await anna.send({"type": "play", "id": turn["id"], "card": wrong})
            await anna.until("error")
            if attempt < 2:
                turn = await anna.until("turn")
        await anna.until(lambda m: m.get("code") == "faults")
        end = await asyncio.wait_for(play_out(anna), GAME)
        assert end["reason"] == "complete"
        await _until(seen, "(rounds won:", watcher)
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    assert first.get("standin") is True
    (record,) = read_records(lan.records).values()
    marked = [(m["seat"], m["card"]) for m in record if m["type"] == "played" and m.get("standin")]
    told = [(m["seat"], m["card"]) for m in anna.of("played") if m.get("standin")]
    assert told == marked and marked[0] == (0, first["card"]) and {s for s, _ in marked} == {0}
    # The timeout's cards up to her word, and the one card of the faults: no other.
    expect, away, once = [], False, False
    for m in record:
        if m["type"] == "standin":
            away, once = away or not m.get("once"), once or bool(m.get("once"))
        elif m["type"] == "handback":
            away = False
        elif m["type"] == "played" and m["seat"] == 0:
            if away or once:
                expect.append(m["card"])
            once = False
    reasons = [m.get("reason") for m in record if m["type"] == "standin"]
    # The lines may say less: a card the bot was already choosing when her word came
    # follows the handback line, and is still the bot's.
    assert reasons == ["timeout", "faults"] and set(expect) <= {c for _, c in marked}
    faults_at = next(i for i, m in enumerate(record) if m.get("reason") == "faults")
    after = [m for m in record[faults_at:] if m["type"] == "played" and m["seat"] == 0]
    assert after[0].get("standin") is True and not any(m.get("standin") for m in after[1:])
    screen = seen.getvalue()
    for _, card in marked:
        assert re.search(rf"A bot plays {card} .* for Anna", screen), (card, screen)
    mine = [m["card"] for m in anna.of("played") if m["seat"] == 0 and not m.get("standin")]
    assert mine and all(re.search(rf"Anna plays {c} ", screen) for c in mine), screen
