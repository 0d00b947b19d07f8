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

from lan import read_records, running, verify_records

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
