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

import pytest
from lan import play_out, read_records, running, verify_records
from prompt_toolkit.formatted_text import to_plain_text

from briscola.cli import build_parser
from briscola.client.run import _person
from briscola.engine.events import Played, RoundEnded, TrickDone
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


def _join(port: int, stdin: str, *options: str) -> tuple[asyncio.Future[int], io.StringIO]:
    """``briscola join`` in-process at table t on a plain-line console: its run and screen."""
    args = build_parser().parse_args(
        ["join", f"127.0.0.1:{port}", "--pace", "0", "--table", "t", *options]
    )
    screen = io.StringIO()
    console = LineConsole(io.StringIO(stdin), screen)
    return asyncio.ensure_future(_person(args, "127.0.0.1", port, console)), screen


def _card_lines(screen: str) -> list[str]:
    """The lines that tell a card played or a trick taken."""
    return [line for line in screen.splitlines() if re.search(r" plays? |→", line)]


async def test_a_seat_left_mid_match_is_played_by_a_bot_on_every_screen(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3, bots={"2": "greedy"})
        watcher, seen = _join(lan.port, "", "--watch", "--name", "Vera")
        await _until(seen, "You watch table t", watcher)
        giulia = await lan.seated("Giulia", "t")
        emma, shown = _join(lan.port, _cards_then_no(), "--name", "Emma")
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
        watcher, seen = _join(lan.port, "", "--watch")
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


async def test_a_card_the_bot_played_for_you_is_told_as_its_on_your_screen() -> None:
    """Ann's own screen: "A bot plays ... for you" and, when that card wins, "The bot
    takes the trick for you"; a ``standin`` that is not true or false is the server's
    fault, said, not believed."""
    from briscola.client.check import ServerFault
    from briscola.client.play import _Sitting, _table_line
    from briscola.client.seat import RemoteTable
    from briscola.client.session import Session
    from briscola.engine.game import Round
    from briscola.engine.rules import TableRules
    from briscola.prompt.person import Person

    session = Session("127.0.0.1", 1, "Ann")
    session.seat = 0
    sent: list[dict[str, object]] = []
    session.send = sent.append  # type: ignore[method-assign]
    out = io.StringIO()
    console = LineConsole(stdin=io.StringIO(""), stdout=out)
    me = _Sitting(session, console, "en", watching=False)
    me.person = Person(console, name="Ann")
    me.table = RemoteTable(me.person, session.send)
    rules = TableRules(players=2)
    r = Round(rules, sorted(rules.deck), dealer=1)  # Ann leads
    start = {"type": "match_start", "seat": 0, "players": 2, "variant": "italian",
             "target": 1, "names": ["Ann", "Finn"], "move_ms": 60000}  # fmt: skip
    await _table_line(me, start)
    await _table_line(me, {"type": "round_start", "round": 1, "dealer": 1, "leader": 0,
                           "trump": str(r.trump_card), "stock": len(r.stock),
                           "rounds_won": [0, 0], "hand": [str(c) for c in r.hands[0]]})  # fmt: skip
    r.events = []
    r.play(r.hands[0][0])
    r.play(r.hands[1][0])
    ann, finn, trick = r.events[0], r.events[1], r.events[2]
    assert isinstance(trick, TrickDone)
    await _table_line(me, {**ann.to_message(), "standin": True})
    await _table_line(me, finn.to_message())
    await _table_line(me, trick.to_message())
    screen = out.getvalue()
    assert re.search(r"A bot plays \S+ .* for you", screen), screen
    assert "You play" not in screen and "Finn plays" in screen
    took = "The bot takes the trick for you" if trick.winner == 0 else "Finn takes the trick"
    assert took in screen, screen
    bad = {"type": "played", "seat": 0, "card": str(r.hands[0][0]), "standin": "yes"}
    with pytest.raises(ServerFault, match="standin must be true or false"):
        await me.table.handle(bad)
    # The bot plays the whole round for her: the round's review says whose tricks.
    drawn = r.events[3:]
    while not r.over:
        r.events = []
        r.play(r.hands[r.to_move][0])
        for ev in [*drawn, *r.events]:
            if ev.visible_to(0) and not isinstance(ev, RoundEnded):
                mark = isinstance(ev, Played) and ev.seat == 0
                await _table_line(me, {**ev.to_message(), **({"standin": True} if mark else {})})
        drawn = []
    review = [to_plain_text(line) for line in me.person.view.review(me.person.seen)]
    assert review and not any(": you took" in line for line in review), review
    mine = [line for line in review if "a bot for you took" in line]
    assert len(mine) == len([line for line in review if "Finn took" not in line]) - 1, review


def _trick(first: str, second: str, points: int) -> dict[str, object]:
    """Seat 0's card and seat 1's, taken by seat 0."""
    cards = [{"seat": 0, "card": first}, {"seat": 1, "card": second}]
    return {"type": "trick", "cards": cards, "winner": 0, "points": points}


def test_an_older_record_credits_the_bots_cards_from_its_standin_lines() -> None:
    """A record from before the field: the ``standin`` lines say whose each card was
    (until ``handback``; one card for ``once``)."""
    lines = [
        {"type": "header", "table": {"players": 2}, "names": ["Anna", "Finn"], "seed": 1},
        {"type": "round_start", "round": 1, "dealer": 1, "leader": 0, "trump": "2B"},
        {"type": "standin", "seat": 0, "reason": "timeout"},
        {"type": "played", "seat": 0, "card": "AC"},
        {"type": "played", "seat": 1, "card": "3C"},
        _trick("AC", "3C", 21),
        {"type": "handback", "seat": 0},
        {"type": "played", "seat": 0, "card": "KC"},
        {"type": "played", "seat": 1, "card": "QC"},
        _trick("KC", "QC", 7),
        {"type": "standin", "seat": 0, "reason": "faults", "once": True},
        {"type": "played", "seat": 0, "card": "JC"},
        {"type": "played", "seat": 1, "card": "7C"},
        _trick("JC", "7C", 2),
        {"type": "played", "seat": 0, "card": "6C"},
        {"type": "played", "seat": 1, "card": "5C", "standin": True},  # the field wins
        _trick("6C", "5C", 0),
    ]
    out = io.StringIO()
    narrator = Narrator(out)
    for no, line in enumerate(lines, 1):
        narrator.line(no, line)
    tricks = [t for t in out.getvalue().splitlines() if t.startswith("  Trick")]
    assert tricks[0].startswith("  Trick 1: a bot for Anna Ace of Cups, Finn Three")
    assert tricks[0].endswith("-> a bot for Anna (21 points)")
    assert tricks[1].startswith("  Trick 2: Anna King") and tricks[1].endswith("-> Anna (7 points)")
    assert tricks[2].startswith("  Trick 3: a bot for Anna Jack")
    assert tricks[3].startswith("  Trick 4: Anna Six") and "a bot for Finn Five" in tricks[3]


async def test_a_snapshot_says_which_card_on_the_table_a_bot_chose(tmp_path: Path) -> None:
    """Giulia left; her seat's bot led a card and Anna thinks: a spectator who comes
    now gets a ``state`` whose card on the table says ``standin``, and their screen
    then credits the trick that card takes to the bot."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=2)
        anna = await lan.seated("Anna", "t")
        giulia = await lan.seated("Giulia", "t")
        await giulia.until("match_start")
        await giulia.ask("leave", "left")
        turn = await asyncio.wait_for(
            play_out(anna, stop=lambda m: m["type"] == "turn" and bool(m["trick"])), GAME
        )
        vera = await lan.connect("Vera")
        await vera.ask("watch", "watching", table="t")
        state = await vera.until("state")
        assert state["trick"] == [{"seat": 1, "card": turn["trick"][0]["card"], "standin": True}]
        watcher, seen = _join(lan.port, "", "--watch")
        await _until(seen, "On the table", watcher)
        await anna.play(turn)
        trick = await anna.until("trick")
        await _until(seen, "→", watcher)
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    took = "The bot takes the trick for Giulia" if trick["winner"] == 1 else "Anna takes the trick"
    assert took in seen.getvalue(), seen.getvalue()
