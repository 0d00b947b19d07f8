"""The screen of issue 22: the panel, a spectator's view, colours, notices, the lobby.

In-process and quick: a spectator watches whole matches of bots at every table
size in every language; the panel is read after ``help`` and ``undo``; the
colour pairs are measured; the LAN client's words are checked for the second
person and for names.  The terminals themselves are in the tmux tests.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest
from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from briscola.bots import make_bot
from briscola.client.lobby import refusal, table_lines
from briscola.client.play import notice_text
from briscola.client.session import ServerError
from briscola.engine.cards import Card, card_label
from briscola.engine.events import Played, RoundStarted
from briscola.engine.records import Record
from briscola.engine.rules import TableRules
from briscola.players import MatchInfo
from briscola.prompt.app import background, yes_no
from briscola.prompt.console import LineConsole, TerminalConsole
from briscola.prompt.layout import clock_text
from briscola.prompt.person import LeaveTable, Person
from briscola.prompt.seen import Seen
from briscola.prompt.style import CONTRAST_PAIRS, MIN_CONTRAST, PALETTES, contrast
from briscola.prompt.view import View
from briscola.table import play_match
from briscola.words.i18n import template
from briscola.words.table import CATALOG, words

NAMES = ("Anna", "Ben", "Carla", "Dario", "Elsa", "Finn")


def seat_words(lang: str) -> list[str]:
    """What a seat's own screen says of it and a spectator's never may: the fixed
    words of every sentence's "you" form, the hand, "you lead", the roles."""
    found = []
    for msg in CATALOG[lang].values():
        if isinstance(msg, dict) and "you" in msg:
            pieces = re.split(r"\{[^}]*\}", msg["you"])
            found.append(max(pieces, key=len).strip())
    for key in ("hand.head", "table.lead", "role.against", "role.partner", "turn.yours"):
        msg = CATALOG[lang][key]  # every gender form of it
        found += list(msg.values()) if isinstance(msg, dict) else [template(CATALOG, lang, key)]
    return [w for w in found if len(w) >= 4]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("lang", ["en", "de", "it"])
async def test_a_spectator_sees_every_seat_by_name_and_nothing_hidden(
    players: int, lang: str, tmp_path: Path
) -> None:
    rules = TableRules(players=players)
    names = NAMES[:players]
    out = io.StringIO()
    console = LineConsole(stdin=io.StringIO(""), stdout=out)
    watcher = Person(console, lang=lang)  # type: ignore[arg-type]
    await watcher.start(MatchInfo(-1, rules, names, None))
    bots = [make_bot("greedy", seed=s) for s in range(players)]
    path = tmp_path / "match.jsonl"
    with path.open("w") as rec:
        await play_match(rules, bots, seed=5, names=names, record=Record(rec), watchers=[watcher])
    screen = out.getvalue()
    for name in names:  # every seat by name, with its place and partners
        assert re.search(rf"\b{name}\b", screen.split("\n\n")[0])
    # No seat words: the spectator is nobody at the table ("You watch" aside).
    mine = [
        line
        for line in screen.splitlines()
        if words(lang, "watch.intro").strip() not in line and "help" not in line
    ]
    for said in seat_words(lang):
        assert not any(said in line for line in mine), (said, screen)
    you = words(lang, "you")
    assert not any(re.search(rf"(^|\s){you}(\s|$)", line) for line in mine), screen
    # Nothing hidden: every card on screen was public in the record.
    public: set[Card] = set()
    for line in map(json.loads, path.read_text().splitlines()):
        if line["type"] in ("header", "deal") or "to" in line:
            continue
        public |= {Card.parse(c) for c in re.findall(r"\b[A2-7JQK][CDSB]\b", json.dumps(line))}
    labels = {card_label(c, "italian", lang): c for c in rules.deck}  # type: ignore[arg-type]
    shown = {labels[w] for w in re.findall(r"\b[A-Z2-7][A-Z]\b", screen) if w in labels}
    assert shown and shown <= public, sorted(map(str, shown - public))


def test_a_spectator_who_comes_mid_match_gets_the_table_as_it_stands() -> None:
    rules = TableRules(players=3)
    view = View(rules, -1, NAMES[:3])
    seen = Seen(rules, -1)
    seen.update(RoundStarted(1, 0, 1, Card.parse("2C"), 30, (0, 0, 0), -1, ()))
    seen.update(Played(1, Card.parse("AD")))
    panel = [to_plain_text(line) for line in view.panel(seen, view.turn(seen, 61.2))]
    assert "Trump 2C Two of Cups" in panel[0] and "Stock 30" in panel[0]
    assert "Rounds Anna 0 · Ben 0 · Carla 0" in panel[0]
    assert panel[1] == " On the table:  Ben AD Ace of Coins"
    assert panel[2] == " Waiting for Carla: 1:02 left."


def test_the_contrast_of_every_colour_pair() -> None:
    """Each palette's text colours against the backgrounds they are read on: the
    terminal's (dark or light) and the panel's own, all at least 4.5:1 (WCAG AA)."""
    checked = 0
    for palette, key, backgrounds in CONTRAST_PAIRS:
        style = PALETTES[palette][key]
        colour = next(w for w in style.split() if w.startswith("#"))
        for bg in backgrounds:
            assert contrast(colour, bg) >= MIN_CONTRAST, (palette, key, colour, bg)
            checked += 1
    assert checked >= 40
    assert round(contrast("#ffff55", "#ffffff"), 2) == 1.07  # the old yellow on white
    for palette in ("dark", "light"):
        panel = PALETTES[palette]["bottom-toolbar"]
        fg, bg = re.findall(r"#\w{6}", panel)[::-1][0], panel.split("bg:")[1].split()[0]
        assert contrast(fg, bg) >= MIN_CONTRAST
    assert background({"COLORFGBG": "0;15"}) == "light"
    assert background({"COLORFGBG": "15;0"}) == background({}) == "dark"


async def test_the_card_to_beat_stays_in_the_panel_after_help_and_undo() -> None:
    """Two players, Marco leads (seed 8): his card is in the panel at the turn, after
    help, and again after the person takes back their answer to it."""
    with create_pipe_input() as inp:
        shown = io.StringIO()
        console = TerminalConsole(inp, DummyOutput(), print_output=PlainTextOutput(shown))
        person = Person(console, undo=True)
        panels: list[list[str]] = []

        inp.send_text("help\r")
        task = asyncio.ensure_future(
            play_match(TableRules(), [person, make_bot("greedy", seed=1)], seed=8, undo=(0,))
        )
        for _ in range(500):
            if "Commands:" in shown.getvalue():
                break
            await asyncio.sleep(0.01)
        panels.append([to_plain_text(line) for line in person.panel()])
        beat = re.search(r"On the table:  greedy (\w\w)", " ".join(panels[0]))
        assert beat, panels
        inp.send_text("1\r")  # answer it; Marco leads the next trick or we do
        for _ in range(500):
            if shown.getvalue().count("You play") == 1 and person.seen and person.seen.to_move == 0:
                break
            await asyncio.sleep(0.01)
        inp.send_text("undo\r")
        for _ in range(500):
            if "You take back your card" in shown.getvalue() and console._asks:
                break
            await asyncio.sleep(0.01)
        after = " ".join(to_plain_text(line) for line in person.panel())
        assert f"On the table:  greedy {beat.group(1)}" in after, after
        # The log shows it again too, above the hand.
        tail = shown.getvalue().split("You take back your card")[1]
        assert f"On the table:  greedy {beat.group(1)}" in tail
        inp.send_text("\x04")
        with pytest.raises(LeaveTable):  # Ctrl-D: the person leaves
            await asyncio.wait_for(task, 10)
        await console.close()


async def test_play_again_takes_only_y_or_n() -> None:
    out = io.StringIO()
    console = LineConsole(stdin=io.StringIO("3\nmaybe\nj\n"), stdout=out)
    assert await yes_no(console, "de", "Noch eine Partie? (j/n) ") is True
    assert out.getvalue().count("Tippe j oder n.") == 2
    console = LineConsole(stdin=io.StringIO("quit\n"), stdout=io.StringIO())
    assert await yes_no(console, "en", "Play again? (y/n) ") is False


def test_notices_speak_to_the_person_and_name_the_others() -> None:
    rematch = {"type": "notice", "code": "rematch", "seat": 0, "name": "Anna", "text": ""}
    assert notice_text("en", rematch, mine=True) == "You want a rematch."
    assert notice_text("en", rematch) == "Anna wants a rematch."
    left = {"type": "notice", "code": "left", "seat": 2, "name": None, "text": "? left"}
    assert notice_text("en", left, name="Finn") == "Finn left the table."
    dropped = {"type": "notice", "code": "dropped", "seat": 1, "name": "Ben", "seconds": 90}
    assert notice_text("en", dropped) == (
        "Ben lost the connection; the seat is held for them for 1:30."
    )
    assert "1:30" in notice_text("de", dropped) and "1:30" in notice_text("it", dropped)
    away = {"type": "notice", "code": "away", "seat": 0, "name": "Anna"}
    assert "Type anything (Enter)" in notice_text("en", away, mine=True)
    odd = {"type": "notice", "code": "brand_new", "seat": 0, "name": "A", "text": "as sent"}
    assert notice_text("it", odd) == "as sent"
    assert clock_text(0.2) == "0:01" and clock_text(-3) == "0:00" and clock_text(600) == "10:00"


def test_the_lobby_marks_bots_and_names_the_people_waiting() -> None:
    listing = {
        "tables": [
            {
                "table": "fri", "players": 4, "variant": "italian", "target": 1,
                "state": "waiting", "seats": ["Anna", "Marco (expert)", None, "Ben"],
                "seat_info": [
                    {"kind": "person", "name": "Anna", "grace_s": None},
                    {"kind": "bot", "name": "Marco (expert)", "grace_s": None},
                    {"kind": "free", "name": None, "grace_s": None},
                    {"kind": "away", "name": "Ben", "grace_s": 45},
                ],
            }
        ]
    }  # fmt: skip
    lines = table_lines("en", listing)
    assert "1: Marco (expert) (bot)" in lines[0] and "2: free" in lines[0]
    assert "3: Ben (away, 0:45)" in lines[0]
    assert lines[1].strip() == "People waiting at fri: Anna."
    wrong = ServerError("bad_code", "table 'fri' is private; the code is wrong")
    assert "code is missing or wrong" in refusal("en", wrong, "fri")
    assert "--code CODE" in refusal("en", wrong, "fri", cli=True)
    assert "codice" in refusal("it", wrong, "fri")
    assert "(join fri code=CODE;" in refusal("en", wrong, "fri")
    assert "(watch fri code=CODE;" in refusal("en", wrong, "fri", command="watch")


async def test_a_round_ends_with_a_pause_that_answers_commands() -> None:
    """The summary waits for Enter; score is answered there, Ctrl-C and quit ask first."""
    from briscola.engine.events import RoundEnded

    with create_pipe_input() as inp:
        shown = io.StringIO()
        console = TerminalConsole(inp, DummyOutput(), print_output=PlainTextOutput(shown))
        person = Person(console, pace=0.5, round_pause=True)
        rules = TableRules(target=2)
        await person.start(MatchInfo(0, rules, ("You", "Marco"), None))
        await person.notify(RoundStarted(1, 0, 1, Card.parse("2C"), 34, (0, 0), 0, ()))
        pause = asyncio.ensure_future(person.notify(RoundEnded((60, 60), None, (0, 0))))
        inp.send_text("score\r\x03n\rquit\rn\r")
        await asyncio.sleep(0.3)
        assert not pause.done(), "the summary waits"
        inp.send_text("\r")
        await asyncio.wait_for(pause, 10)
        out = shown.getvalue()
        assert "Rounds won (first to 2): You 0 · Marco 0" in out
        await console.close()
    # At the end of the match there is nothing to wait for: Play again asks.
    with create_pipe_input() as inp:
        console = TerminalConsole(inp, DummyOutput(), print_output=PlainTextOutput(io.StringIO()))
        person = Person(console, pace=0.5, round_pause=True)
        await person.start(MatchInfo(0, TableRules(), ("You", "Marco"), None))
        await person.notify(RoundStarted(1, 0, 1, Card.parse("2C"), 34, (0, 0), 0, ()))
        await asyncio.wait_for(person.notify(RoundEnded((70, 50), 0, (1, 0))), 1)
        await console.close()
