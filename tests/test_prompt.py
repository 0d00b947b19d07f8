"""The prompt game driven through prompt-toolkit's pipe input: whole matches typed in.

The prompt renders to a DummyOutput (or a Vt100 output into a buffer, where
the test looks at what the terminal shows); the table's lines go through
print_formatted_text into a plain-text buffer that the tests read.
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput, Output
from prompt_toolkit.output.plain_text import PlainTextOutput

from briscola.bots.greedy import GreedyBot
from briscola.engine.cards import LANGUAGES, Card, card_name
from briscola.engine.events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
)
from briscola.engine.game import EXCHANGE, Action
from briscola.engine.observation import Observation
from briscola.engine.rules import TableRules
from briscola.players import MatchInfo
from briscola.prompt.app import Options, login_name, run, split_specs
from briscola.prompt.console import LineConsole, TerminalConsole
from briscola.prompt.entry import EntryError, HandCompleter, Reader
from briscola.prompt.layout import wrap
from briscola.prompt.person import LeaveTable, Person
from briscola.prompt.seen import Seen
from briscola.prompt.style import PALETTES, style_for
from briscola.prompt.view import View
from briscola.signals import caught, handlers
from briscola.table import play_match, run_match
from briscola.words.table import help_text, short_rules

CARD = re.compile(r"\b([A2-7JQK][CDSB])\b")


def whole_round(tricks: int, end: str = "\r") -> str:
    """Card 1 at every turn while the stock lasts, then 1, 2 and 3 for the last three
    tricks: the cards keep their slots, so slot 1 stays empty once it is played."""
    return ("1" + end) * (tricks - 2) + "2" + end + "3" + end


@contextmanager
def terminal(out: Output | None = None) -> Iterator[tuple[PipeInput, TerminalConsole, io.StringIO]]:
    with create_pipe_input() as inp:
        shown = io.StringIO()
        console = TerminalConsole(inp, out or DummyOutput(), print_output=PlainTextOutput(shown))
        yield inp, console, shown


def options(players: int = 2, opponents: str = "greedy", **kw: object) -> Options:
    rules = TableRules(
        players=players,
        variant=kw.pop("variant", "italian"),  # type: ignore[arg-type]
        target=kw.pop("target", 1),  # type: ignore[arg-type]
    )
    kw.setdefault("seed", 7)
    kw.setdefault("pace", 0)
    return Options(rules, split_specs(opponents, players - 1), **kw)  # type: ignore[arg-type]


async def typed(keys: str, opts: Options, out: Output | None = None) -> tuple[int, str]:
    """Play with ``keys`` typed in, then the input closes (Ctrl-D at the next question)."""
    with terminal(out) as (inp, console, shown):
        inp.send_text(keys)
        inp.close()
        code = await asyncio.wait_for(run(opts, console), 30)
    return code, shown.getvalue().replace("\r\n", "\n")


def record_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_whole_match_typed_in(tmp_path: Path) -> None:
    rec = tmp_path / "match.jsonl"
    code, out = await typed(whole_round(20) + "n\r", options(record=str(rec)))
    assert code == 0
    lines = record_lines(rec)
    names = lines[0]["names"]
    # A name in no language (never "You" or "Tu"), and the faces, for replay and review.
    assert names == [login_name(), "Marco"] and lines[0]["faces"] == "italian"
    # The dealt hand, numbered, with the cards' names.
    start = next(x for x in lines if x["type"] == "round_start" and x.get("to") == 0)
    hand = [Card.parse(str(c)) for c in start["hand"]]  # type: ignore[attr-defined]
    expect = "Your hand:" + "".join(f"  {i + 1} {c} {card_name(c)}" for i, c in enumerate(hand))
    assert expect in out.splitlines()
    trump = Card.parse(str(start["trump"]))
    assert f"Trump: {trump} {card_name(trump)} · 34 cards in the stock" in out
    # Every trick's winner and points, in order, as the engine recorded them.
    tricks = [x for x in lines if x["type"] == "trick"]
    assert len(tricks) == 20
    shown = re.findall(r"→ (You take|Marco takes) the trick: (no points|\d+ points?)", out)
    expected = [
        (
            "You take" if t["winner"] == 0 else "Marco takes",
            f"{t['points']} point{'s' if t['points'] != 1 else ''}" if t["points"] else "no points",
        )
        for t in tricks
    ]
    assert shown == expected
    # The round summary and the match score.
    end = next(x for x in lines if x["type"] == "round_end")
    you, marco = end["points"]  # type: ignore[misc]
    assert f"  You: {you} points from " in out and f"  Marco: {marco} points from " in out
    assert you + marco == 120
    match_end = next(x for x in lines if x["type"] == "match_end")
    winner = "You win the match" if match_end["winner"] == 0 else "Marco wins the match"
    assert f"{winner} (rounds won: You " in out
    assert out.rstrip().endswith("!" if match_end["winner"] == 0 else ".")


@pytest.mark.parametrize(("players", "variant"), [(2, "italian"), (3, "brisca"), (4, "brisca")])
async def test_nothing_hidden_is_shown(tmp_path: Path, players: int, variant: str) -> None:
    """Leave after three tricks (typing every command too): every card on screen is one
    the seat saw; no other hand, partner's included, and nothing of the stock."""
    rec = tmp_path / "match.jsonl"
    keys = "help\rhand\rlast\rscore\r1\rlast\r1\r1\r"
    opts = options(players, seed=11, record=str(rec), variant=variant)
    code, out = await typed(keys, opts)
    assert code == 0 and "You left the table." in out
    seen: set[str] = set()
    for line in record_lines(rec):
        if line["type"] in ("header", "deal") or line.get("to", 0) != 0:
            continue
        seen.update(CARD.findall(json.dumps(line)))
    help_ = help_text("en", "italian", variant)
    shown = set(CARD.findall(out.replace(help_, "")))  # help's AD is no card
    assert shown <= seen
    assert len(seen) < len(opts.rules.deck) - 10  # much of the pack is hidden, none of it shown


async def test_commands() -> None:
    keys = "help\rhand\rlast\rscore\rrules\r1\rlast\rscore\rquit\rn\r1\rquit\ry\r"
    code, out = await typed(keys, options())
    assert code == 0
    assert "Commands:" in out and "Tab completes." in out
    assert out.count("Your hand:") >= 3  # dealt, `hand`, the next turn
    assert "No trick has been taken yet this round." in out
    assert "Rounds won (first to 1): You 0 · Marco 0" in out
    assert "Points this round: You 0 · Marco 0" in out
    assert out.count("Trump: AD Ace of Coins · 34 cards in the stock") == 2  # the deal, `score`
    assert "Trump: AD Ace of Coins · 32 cards in the stock" in out  # `score` after a trick
    assert re.search(r"Last trick:  You 5D Five of Coins  Marco 6C Six of Cups", out)
    assert "  → You take it: no points" in out
    assert "rules" in out.lower() or "The rules text is not part" in out
    # `quit` asked; `n` went on (a second card was played), `y` left.
    assert out.count("You play") == 2 and out.endswith("You left the table.\n")


async def test_no_count_hides_points() -> None:
    _, out = await typed("1\rscore\r", options(count=False))
    assert "Points this round are not shown (--no-count)." in out
    assert "Points this round: " not in out


async def wait_for(predicate: Callable[[], bool], what: str) -> None:
    for _ in range(500):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never saw {what}")


async def test_a_refused_entry_is_said_and_the_line_comes_back_empty() -> None:
    """The refusal is printed above the prompt and the prompt is empty again, so what
    is typed next is a fresh entry (it was appended to the refused one: 'zzfive...')."""
    with terminal() as (inp, console, shown):
        task = asyncio.create_task(run(options(), console))
        for entry, message in (
            (
                "zz",
                "Not a card or a command: 'zz'. Type 1-3, a card in your hand such as 5D, or help.",
            ),
            ("9", "There is no card 9 in your hand: type 1-3 (1 5D, 2 3S, 3 KB)."),
            ("AD", "Ace of Coins is not in your hand (5D, 3S, KB)."),
            ("exchange", "There is no exchange in the Italian game."),
        ):
            inp.send_text(entry + "\r")
            await wait_for(lambda m=message: m in shown.getvalue(), repr(message))  # type: ignore[misc]
        assert "You play" not in shown.getvalue()
        inp.send_text("five of coins\r")  # no Ctrl-U first: the line is empty already
        await wait_for(lambda: "You play" in shown.getvalue(), "the card played")
        inp.close()
        assert await asyncio.wait_for(task, 10) == 0
    out = shown.getvalue()
    assert out.count("You play") == 1 and "You play 5D Five of Coins" in out


def test_a_unique_start_of_a_name_plays_and_an_ambiguous_one_asks_which() -> None:
    r = Reader("italian", "en", "italian")
    hand = [Card.parse(t) for t in ("AD", "6C", "6S")]
    r.set_turn(hand, hand)
    assert r.read("ace") == Card.parse("AD")  # one Ace in hand: it plays
    assert r.read("coins") == Card.parse("AD") and r.read("six of s") == Card.parse("6S")
    with pytest.raises(EntryError, match=r"^Which one: 6C or 6S\?$"):
        r.read("six")
    # A rank of the pack held by none of the hand is said so, not "not a card" (issue 30).
    with pytest.raises(EntryError, match=r"^You hold no card that 'king' names \(your hand: AD"):
        r.read("king")
    with pytest.raises(EntryError, match=r"^Not a card or a command: 'kzq'"):
        r.read("kzq")
    r = Reader("italian", "de", "italian")
    r.set_turn(hand, hand)
    assert r.read("ass") == Card.parse("AD")  # the second half of Münz-Ass
    with pytest.raises(EntryError, match=r"^Welche: 6C oder 6S\?$"):
        r.read("sechs")


def test_the_letters_on_screen_are_the_ones_typed() -> None:
    """French faces show K♥ and take KH (C is Clubs there); Italian names take F V R for
    Fante, Cavallo, Re (C is Coppe); Spanish ones S V R and O E for Oros, Espadas."""
    hand = [Card.parse(t) for t in ("KC", "KB", "QS")]
    r = Reader("french", "en", "italian")
    r.set_turn(hand, hand)
    assert r.read("KH") == Card.parse("KC") and r.read("kc") == Card.parse("KB")
    assert r.read("K♥") == Card.parse("KC") and r.read("QS") == Card.parse("QS")
    with pytest.raises(EntryError, match=r"\(KH, KC, QS\)"):
        r.read("AH")
    r = Reader("italian", "it", "italian")
    r.set_turn(hand, hand)
    assert r.read("RC") == Card.parse("KC") and r.read("VS") == Card.parse("QS")
    assert r.read("KB") == Card.parse("KB")  # the text form works everywhere it is no clash
    r = Reader("spanish", "es", "italian")
    r.set_turn(hand, hand)
    assert r.read("ve") == Card.parse("QS") and r.read("RB") == Card.parse("KB")
    r = Reader("spanish", "en", "italian")  # English words, the text form's letters
    r.set_turn(hand, hand)
    assert r.read("qs") == Card.parse("QS") and r.read("king of batons") == Card.parse("KB")
    assert r.read("kc") == Card.parse("KC")  # C is Cups: no suit on screen is called Clubs


def test_hand_slots_stay_fixed_through_a_round() -> None:
    """The card drawn takes the slot of the card played; the others keep their numbers."""
    rules = TableRules()
    seen = Seen(rules, 0)
    hand = tuple(Card.parse(t) for t in ("AD", "3S", "KB"))
    seen.update(RoundStarted(1, 1, 0, Card.parse("2C"), 34, (0, 0), 0, hand))
    seen.update(Played(0, Card.parse("3S")))
    seen.update(Drew(0, Card.parse("7C")))
    assert seen.hand == [Card.parse("AD"), Card.parse("7C"), Card.parse("KB")]
    view = View(rules, 0, ["You", "Marco"])
    assert to_plain_text(view.hand(seen.hand)[0]) == (
        "Your hand:  1 AD Ace of Coins  2 7C Seven of Cups  3 KB King of Batons"
    )
    seen.update(Played(0, Card.parse("AD")))  # the stock is gone: slot 1 stays empty
    assert to_plain_text(view.hand(seen.hand)[0]) == (
        "Your hand:  2 7C Seven of Cups  3 KB King of Batons"
    )
    r = Reader("italian", "en", "italian")
    r.set_turn(seen.hand, [Card.parse("7C"), Card.parse("KB")])
    assert r.read("3") == Card.parse("KB")
    said = r"There is no card 1 in your hand: type 2 or 3 \(2 7C, 3 KB\)\."
    with pytest.raises(EntryError, match=said):
        r.read("1")


async def test_keys_typed_in_a_pause_start_the_next_entry() -> None:
    """A key ends the pause and stays on the line; a line entered before anyone asks
    is kept for the next question, whole (entries never merge)."""
    with terminal() as (inp, console, _):
        inp.send_text("fi")
        await asyncio.wait_for(console.pause(60), 10)
        assert console.session.default_buffer.text == "fi"
        inp.send_text("ve of coins\r")
        await asyncio.wait_for(console.pause(60), 10)  # the Enter ends a pause too
        inp.send_text("last\r")
        await wait_for(lambda: len(console._kept) == 2, "two lines kept")
        answer = await asyncio.wait_for(console.ask("play> "), 10)
        assert answer == "five of coins"
        assert await asyncio.wait_for(console.ask("play> "), 10) == "last"
        await console.close()


def test_reader_messages() -> None:
    r = Reader("french", "de", "brisca")
    hand = [Card.parse(t) for t in ("7D", "AS", "QC")]
    r.set_turn(hand, [*hand, EXCHANGE])
    assert r.read(" 2 ") == Card.parse("AS")
    assert r.read("pik-ass") == Card.parse("AS") and r.read("q♥") == Card.parse("QC")
    assert r.read("X") == EXCHANGE and r.read("EXIT").name == "quit"  # type: ignore[union-attr]
    assert r.read("tausch") == EXCHANGE and r.read("Regeln").name == "rules"  # type: ignore[union-attr]
    with pytest.raises(EntryError, match=r"^Tippe 1-3 für eine Karte .*\(z. B. AR, Karo-Ass\)"):
        r.read("   ")
    r.set_turn(hand[:1], hand[:1])
    with pytest.raises(EntryError, match="Jetzt kein Tausch: die Trumpf-7 darf gegen"):
        r.read("exchange")
    with pytest.raises(EntryError, match=r"^Deine Hand hat keine Karte 2: tippe 1 \(1 7R\)\.$"):
        r.read("2")
    with pytest.raises(EntryError, match=r"^Nicht in deiner Hand: Pik-Ass \(du hast 7R\)"):
        r.read("AS")
    assert r.read("") == hand[0]  # the last card: Enter plays it
    with pytest.raises(EntryError, match=r"^Keine Karte und kein Befehl: 'zz'. Tippe 1, eine"):
        r.read("zz")
    r = Reader("italian", "it", "italian")
    r.set_turn(hand, hand)
    with pytest.raises(EntryError, match=r"^Nella briscola italiana non c'è lo scambio\.$"):
        r.read("scambio")


def test_completion_offers_the_hand_and_commands() -> None:
    r = Reader("italian", "it", "italian")
    hand = [Card.parse(t) for t in ("AD", "3C", "AB")]
    r.set_turn(hand, hand)
    comp = HandCompleter(r)

    def words(text: str) -> list[str]:
        return [c.text for c in comp.get_completions(Document(text), CompleteEvent())]

    assert words("") == ["Asso di Denari", "Tre di Coppe", "Asso di Bastoni"]
    assert words("asso di b") == ["Asso di Bastoni"]
    assert words("3c") == ["Tre di Coppe"]
    assert words("h") == ["help", "hand", "hint"]
    assert words("ex") == []  # no exchange to offer


async def test_ctrl_c_asks_and_ctrl_d_leaves() -> None:
    code, out = await typed("\x03n\r1\r\x03\x03", options())
    assert code == 0 and out.count("You play") == 1 and out.endswith("You left the table.\n")
    code, out = await typed("\x04", options())
    assert code == 0 and "You play" not in out and out.endswith("You left the table.\n")


async def test_keys_during_a_pause() -> None:
    """A key ends a bot's pause; Ctrl-C pressed there asks at the next turn."""
    with terminal() as (inp, console, shown):
        inp.send_text("q")
        await asyncio.wait_for(console.pause(60), 10)
        inp.send_text("\x15")  # Ctrl-U: the line empty again
        # Marco leads with seed 8: his card's pause takes the Ctrl-C.
        task = asyncio.create_task(run(options(seed=8, pace=60), console))
        for _ in range(200):
            if "Marco plays" in shown.getvalue():
                break
            await asyncio.sleep(0.02)
        inp.send_text("\x03")
        await wait_for(lambda: "Your hand" in shown.getvalue(), "the person's turn")
        inp.send_text("y\rn\r")  # leave; the match is not kept
        assert await asyncio.wait_for(task, 10) == 0
    out = shown.getvalue().replace("\r\n", "\n")
    assert "You play" not in out and out.endswith("You left the table.\n")


async def test_exchange_in_brisca() -> None:
    _, out = await typed("exchange\r1\r", options(variant="brisca", seed=1))
    m = re.search(r"You may exchange your (7|2)(\w) for the face-up card: type exchange", out)
    assert m, out
    gave = Card.parse(m.group(1) + m.group(2))
    trump = re.search(r"Trump: (\w\w) ", out).group(1)  # type: ignore[union-attr]
    assert f"You exchange {gave} {card_name(gave)} for the face-up {trump} " in out
    hands = [line for line in out.splitlines() if line.startswith("Your hand:")]
    assert trump in hands[1] and str(gave) not in hands[1]
    assert "You may exchange" not in out.split("You exchange")[1]  # once per turn


async def test_three_players() -> None:
    code, out = await typed(whole_round(12) + "n\r", options(players=3, seed=5))
    assert code == 0
    assert "Marco (greedy): against you, on your right" in out
    assert "Giulia (greedy): against you, on your left" in out
    assert "27 cards in the stock" in out  # 36 cards, the 2s removed, 9 dealt
    assert re.search(r"^  You: \d+ points", out, re.M) and re.search(r"^  Giulia: \d+", out, re.M)
    assert "the match" in out


async def test_four_players_with_a_partner() -> None:
    code, out = await typed(whole_round(10) + "n\r", options(4, "greedy random greedy", seed=3))
    assert code == 0
    assert "Giulia (random): your partner, opposite you" in out
    assert "Marco (greedy): against you, on your right" in out
    assert "Luca (greedy): against you, on your left" in out
    assert re.search(r"^  You and Giulia: \d+ points", out, re.M)
    assert re.search(r"^  Marco and Luca: \d+ points", out, re.M)
    assert re.search(r"(You and Giulia win|Marco and Luca win) the match", out)


async def test_play_again_deals_the_next_seed(tmp_path: Path) -> None:
    rec = tmp_path / "m.jsonl"
    _, out = await typed(whole_round(20) + "y\r" + "1\r", options(record=str(rec)))
    assert "seed 7" in out and "seed 8" in out and out.endswith("You left the table.\n")
    assert record_lines(tmp_path / "m-2.jsonl")[0]["seed"] == 8
    assert "The record of this match goes to " in out and "m-2.jsonl." in out


async def test_last_at_a_rounds_start_is_no_trick_of_the_round_before() -> None:
    _, out = await typed(whole_round(20) + "last\r", options(seed=6, target=2))
    after = out.split("Round 2 ·")[1]
    assert "No trick has been taken yet this round." in after and "Last trick:" not in after


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
async def test_the_face_up_card_drawn_is_said_once() -> None:
    """One line when the person draws the face-up card, not "You draw 2D" as well."""
    mine = 0
    for seed in (7, 8, 9, 10):
        _, out = await typed(whole_round(20) + "n\r", options(seed=seed))
        taken = re.findall(r"(You draw|Marco draws) the face-up (\w\w) ", out)
        assert len(taken) == 1, (seed, taken)
        assert f"You draw {taken[0][1]} " not in out, seed
        mine += taken[0][0] == "You draw"
    assert mine  # the person drew it in one of them at least


async def test_tab_completes_a_card_by_its_name() -> None:
    _, out = await typed("fiv\t\r3\t\r", options())
    assert "You play 5D Five of Coins" in out
    assert "You play 3S Three of Swords" in out  # Tab made "3" (card 3 is 6D) the 3S


async def test_a_match_in_italian_with_spanish_faces() -> None:
    _, out = await typed(whole_round(20) + "no\r", options(lang="it", faces="spanish"))
    assert "Briscola · 2 giocatori · partita a 1 smazzata vinta · codice 7" in out
    # The Spanish pack said in Italian: the language names the cards.
    assert "La tua mano:  1 5D Cinque di Denari  2 3S Tre di Spade  3 RB Re di Bastoni" in out
    assert "  Tu giochi 5D Cinque di Denari" in out and "  Marco gioca 6C Sei di Coppe" in out
    assert "  → La presa è tua: nessun punto" in out and "  → La presa va a Marco: " in out
    assert "Marco vince la partita (smazzate vinte: tu 0 · Marco 1)." in out


class Interrupting(GreedyBot):
    """A bot during whose thinking the person presses Ctrl-C (a SIGINT, no prompt up)."""

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        os.kill(os.getpid(), signal.SIGINT)
        await asyncio.sleep(0.05)  # the loop takes the signal while the bot is busy
        return self.choose(obs)


async def test_ctrl_c_while_the_bots_think_asks_at_the_next_turn() -> None:
    with terminal() as (inp, console, shown):
        asked: list[str] = []
        ask = console.ask

        async def logged(message: str, **kw: Any) -> str:
            asked.append(message)
            return await ask(message, **kw)

        console.ask = logged  # type: ignore[method-assign]
        inp.send_text("y\r")
        person = Person(console)
        async with console.interrupts():
            with pytest.raises(LeaveTable):
                await play_match(TableRules(), [person, Interrupting()], seed=8)
    assert asked == ["play> ", "Leave the game in progress? (y/n) "]  # the turn takes the Ctrl-C
    assert "Marco plays" not in shown.getvalue() and "greedy plays" in shown.getvalue()


def test_drawn_rounds_and_matches_without_a_winner() -> None:
    rules = TableRules(players=3)
    view = View(rules, 0, ["Anna", "Marco", "Giulia"])
    seen = Seen(rules, 0)
    seen.update(RoundStarted(1, 2, 0, Card.parse("AD"), 27, (0, 0, 0), 0, ()))
    text = "\n".join(
        to_plain_text(line) for line in view.event(RoundEnded((40, 40, 40), None, (0, 0, 0)), seen)
    )
    assert "  You: 40 points\n  Marco: 40 points\n  Giulia: 40 points" in text
    assert "A drawn round: it counts for nobody." in text
    ended = view.event(MatchEnded(None, (0, 0, 0), "fault", forfeit=1), seen)
    assert to_plain_text(ended[-1]) == (
        "The match ends without a winner (rounds won: You 0 · Marco 0 · Giulia 0)."
    )
    seen.update(Played(1, Card.parse("3C")))
    assert to_plain_text(view.table(seen)[0]) == "On the table:  Marco 3C Three of Cups"
    seen.update(Played(2, Card.parse("AC")))  # three seats: the card winning so far is marked
    assert to_plain_text(view.table(seen)[0]) == (
        "On the table:  Marco 3C Three of Cups  Giulia AC Ace of Cups (winning so far)"
    )


class PressingCtrlD(GreedyBot):
    """A bot while whose card is shown the person presses Ctrl-D."""

    def __init__(self, inp: PipeInput) -> None:
        super().__init__()
        self.inp = inp

    def choose(self, obs: Observation) -> Action:
        self.inp.send_text("\x04")
        return super().choose(obs)


async def test_ctrl_d_in_a_pause_leaves_at_the_next_turn() -> None:
    with terminal() as (inp, console, shown):
        person = Person(console, pace=60)
        with pytest.raises(LeaveTable):
            await asyncio.wait_for(
                play_match(TableRules(), [person, PressingCtrlD(inp)], seed=8), 10
            )
    out = shown.getvalue()
    assert "greedy plays" in out and "You play" not in out


class Checking(GreedyBot):
    """A seat that keeps a :class:`Seen` from its events and checks it at every turn."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: Seen | None = None
        self.turns = 0
        self.exchanges = 0

    async def start(self, info: MatchInfo) -> None:
        self.seen = Seen(info.rules, info.seat)

    async def notify(self, event: Event) -> None:
        assert self.seen is not None
        self.seen.update(event)
        self.exchanges += isinstance(event, Exchanged)

    def choose(self, obs: Observation) -> Action:
        seen = self.seen
        assert seen is not None
        assert sorted(c for c in seen.hand if c is not None) == sorted(obs.hand)
        assert (seen.stock, seen.face_up, tuple(seen.points)) == (
            obs.stock,
            obs.trump_card,
            obs.points,
        )
        assert seen.trick == list(obs.trick)
        self.turns += 1
        return super().choose(obs)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["italian", "brisca"])
async def test_what_the_screen_tracks_agrees_with_the_engine(players: int, variant: str) -> None:
    exchanges = 0
    for seed in range(8):
        seat = Checking()
        bots = [seat] + [GreedyBot() for _ in range(players - 1)]
        await play_match(TableRules(players=players, variant=variant), bots, seed=seed)  # type: ignore[arg-type]
        assert seat.turns >= 40 // players - 1
        exchanges += seat.exchanges
    assert (exchanges > 0) == (variant == "brisca")


async def test_a_failing_bot_seat_is_taken_over() -> None:
    """A bot program that dies at once: a built-in bot sits down and the game goes on."""
    _, out = await typed("1\r1\r", options(opponents="cmd:false"))
    assert "Marco's program failed; a built-in expert bot plays that seat from here." in out
    assert out.count("You play") == 2 and "Marco plays" in out


async def test_a_failure_at_the_persons_seat_is_not_handed_to_a_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: View, hand: object, exchange: object = None) -> list[object]:
        raise OSError("the terminal went away")

    monkeypatch.setattr(View, "hand", broken)
    with pytest.raises(OSError, match="the terminal went away"):
        await typed("1\r", options())


def test_lines_are_laid_out_for_a_narrow_terminal() -> None:
    """At 60 columns a card's name never breaks and the toolbar wraps between items."""
    rules = TableRules(players=3)
    view = View(rules, 0, ["You", "Marco", "Giulia"])
    hand = [Card.parse(t) for t in ("QS", "KB", "7C")]
    lines = wrap(view.hand(hand)[0], 59)
    texts = [to_plain_text(line) for line in lines]
    assert texts == [
        "Your hand:  1 QS Knight of Swords  2 KB King of Batons",
        "    3 7C Seven of Cups",
    ]
    seen = Seen(rules, 0)
    seen.update(RoundStarted(1, 2, 0, Card.parse("QD"), 27, (0, 0, 0), 0, tuple(hand)))
    bar = [to_plain_text(line) for line in wrap(view.toolbar(seen), 60, indent="")]
    assert len(bar) > 1 and all(len(line) <= 60 for line in bar)
    assert "Trump QD Knight of Coins" in bar[0]
    assert any("Points You 0 · Marco 0 · Giulia 0" in line for line in bar)


async def test_the_terminal_wraps_what_it_shows() -> None:
    with create_pipe_input() as inp:
        shown = io.StringIO()
        console = TerminalConsole(inp, DummyOutput(), print_output=PlainTextOutput(shown), width=40)
        console.show([[("", "Not a card or a command: 'zz'. Type 1-3, a card in your hand.")]])
    lines = shown.getvalue().replace("\r\n", "\n").splitlines()
    assert lines == ["Not a card or a command: 'zz'. Type", "    1-3, a card in your hand."]


def test_a_persons_record_is_told_by_the_name_in_it() -> None:
    """The header names the person's seat; the replay, told to whoever reads the record,
    names that seat as every other (tests/test_replay.py has every language)."""
    from briscola.engine.records import Record
    from briscola.engine.replay import verify_record
    from briscola.words.replay_text import Narrator, verdict_text

    rec = Record(header={"people": [0]})
    run_match(TableRules(), [GreedyBot(), GreedyBot()], seed=3, names=["Anna", "Marco"], record=rec)
    out = io.StringIO()
    narrator = Narrator(out, lang="it")
    result = verify_record(rec.lines, on_line=narrator.line)
    told = out.getvalue()
    assert "  Carte di Anna: " in told and "Le tue carte" not in told
    dealt = r"Smazzata 1: (distribuisce Anna, esce Marco|distribuisce Marco, esce Anna)"
    assert re.search(dealt, told)
    assert "smazzata/e" not in verdict_text(result, "x", "it")


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_an_entry_is_echoed_short_and_escaped() -> None:
    """A 5 MB line is not printed back in full, and typed escapes are shown, not acted on."""
    r = Reader("italian", "en", "italian")
    hand = [Card.parse("AD")]
    r.set_turn(hand, hand)
    with pytest.raises(EntryError) as info:
        r.read("x" * 5_000_000)
    assert len(str(info.value)) < 200
    with pytest.raises(EntryError, match=r"'\\\\x1b\[2J'"):
        r.read("\x1b[2J")


def test_names_from_other_clients_cannot_forge_lines() -> None:
    shown = io.StringIO()
    console = LineConsole(io.StringIO(), shown)
    view = View(TableRules(), 0, ["You", "Eve\n  You play AD\x1b[2J\u202e"])
    console.show(view.intro(["", ""], None, toolbar=False))
    out = shown.getvalue()
    assert "\x1b" not in out and "\u202e" not in out
    assert "  Eve\\n  You play AD\\x1b[…: against you" in out  # escaped, and cut short


async def test_undo_takes_back_the_card_and_the_replies(tmp_path: Path) -> None:
    """The same card drawn again after a take-back (the stock as dealt), the record
    replays to the final line of play, and the summary counts the take-backs."""
    from briscola.engine.replay import RecordError, verify_record

    rec = tmp_path / "u.jsonl"
    keys = "undo\r1\r1\rundo\rundo\r1\r1\r" + "quit\ry\r"
    code, out = await typed(keys, options(record=str(rec), seed=2026))
    assert code == 0
    assert out.count("Nothing to take back yet this round.") == 1  # at the first turn
    assert out.count("  You take back your card: trick ") == 2
    draws = re.findall(r"You draw (\w\w)", out)
    assert draws[0] == draws[2] and draws[1] == draws[3]  # the same cards come again
    lines = record_lines(rec)
    taken = [x for x in lines if x["type"] == "takeback"]
    assert [x["tricks"] for x in taken] == [1, 0]
    result = verify_record(lines)
    assert result.takebacks == 2 and result.reason == "abandoned"
    # A take-back that does not go back to what the record says is refused.
    bad = [dict(x) for x in lines]
    first = next(i for i, x in enumerate(bad) if x["type"] == "takeback")
    bad[first]["tricks"] = 5
    with pytest.raises(RecordError, match=f"line {first + 1}: takeback: tricks is 5, expected 1"):
        verify_record(bad)
    mine = next(i for i, x in enumerate(lines) if x["type"] == "played" and x["seat"] == 0)
    early = [*lines[:mine], {"type": "takeback", "seat": 0, "tricks": 0, "trick": []}]
    with pytest.raises(RecordError, match="seat 0 has no move to take back this round"):
        verify_record(early)


async def test_undo_is_off_against_programs_and_counted_in_the_summary() -> None:
    _, out = await typed("1\rundo\rquit\ry\r", options(opponents="cmd:false"))
    assert "No take-backs in this game (only against built-in bots)." in out
    _, out = await typed("1\rundo\r" + whole_round(20) + "n\r", options(seed=5))
    assert "  1 card taken back." in out


def test_after_an_exchange_the_toolbar_and_score_show_the_new_face_up_card() -> None:
    rules = TableRules(variant="brisca")
    view, seen = View(rules, 0, ["You", "Marco"]), Seen(rules, 0)
    hand = tuple(Card.parse(t) for t in ("7C", "4S", "5S"))
    seen.update(RoundStarted(1, 1, 0, Card.parse("AC"), 34, (0, 0), 0, hand))
    seen.update(Exchanged(0, Card.parse("7C"), Card.parse("AC")))
    assert "Trump 7C Seven of Cups" in to_plain_text(view.toolbar(seen))
    assert to_plain_text(view.score(seen)[0]) == "Trump: 7C Seven of Cups · 34 cards in the stock"
    assert seen.hand[0] == Card.parse("AC")  # the card taken sits in the 7's slot


def test_the_name_given_is_in_the_scores_and_the_rules_are_short() -> None:
    rules = TableRules()
    view = View(rules, 0, ["Anna", "Marco"], own_name="Anna")
    assert view.scores((1, 0)) == "Anna 1 · Marco 0"
    assert to_plain_text(view.intro(["", "greedy"], None)[-2]) == "  You play as Anna."
    for lang in LANGUAGES:
        short = short_rules(lang, "italian").splitlines()  # type: ignore[arg-type]
        assert len(short) <= 8 and "briscola rules" in short[-1]
        # A sentence to a line: the screen wraps it to its width (a line broken by hand
        # at 88 columns came out as "else the" alone on an 80-column screen).
        assert all(line.endswith(".") for line in short[:-1]), (lang, short)


def test_the_colours_read_on_dark_and_light_backgrounds() -> None:
    """No dark blue on a dark background, no bright yellow on a light one, and toolbar
    labels that are not grey on black."""
    for name, palette in PALETTES.items():
        style = " ".join(palette.values())
        if name == "dark":
            assert "ansiblue" not in style.split() and "ansibrightblack" not in style
        if name == "light":
            assert "ansibrightyellow" not in style
    assert "ansibrightblack" not in str(style_for("dark").style_rules)


def test_six_seats_name_the_other_pairs_in_the_toolbar() -> None:
    rules = TableRules(players=6)
    view = View(rules, 0, ["You", "Marco", "Giulia", "Luca", "Sofia", "Paolo"])
    assert view.scores((1, 0, 2), short=True) == "Us 1 · Marco+Sofia 0 · Giulia+Paolo 2"
    assert view.scores((1, 0, 2)) == "You and Luca 1 · Marco and Sofia 0 · Giulia and Paolo 2"


def test_the_mark_sits_on_the_card_winning_so_far_wherever_it_lies() -> None:
    rules = TableRules(players=4)
    view, seen = View(rules, 0, ["You", "Marco", "Giulia", "Luca"]), Seen(rules, 0)
    seen.update(RoundStarted(1, 1, 2, Card.parse("2C"), 28, (0, 0), 0, ()))
    seen.update(Played(2, Card.parse("QD")))
    seen.update(Played(3, Card.parse("2D")))
    assert to_plain_text(view.table(seen)[0]) == (
        "On the table:  Giulia QD Knight of Coins (winning so far)  Luca 2D Two of Coins"
    )


def test_input_that_outlives_the_loop_is_no_traceback() -> None:
    """Lines still coming after the game's loop ended (more piped input than the
    match needed) end the reader quietly, not with an exception in its thread."""
    from briscola.prompt.console import LineConsole

    r, w = os.pipe()
    stdin = os.fdopen(r, encoding="utf-8")
    console = LineConsole(stdin=stdin, stdout=io.StringIO())
    errors: list[threading.ExceptHookArgs] = []
    old_hook = threading.excepthook
    threading.excepthook = errors.append
    try:
        loop = asyncio.new_event_loop()

        async def start() -> None:
            console._start_reader()

        loop.run_until_complete(start())
        loop.close()
        reader = next(t for t in threading.enumerate() if t.name == "briscola-stdin")
        os.write(w, b"1\n2\n")
        os.close(w)
        reader.join(5)
        assert not reader.is_alive()
    finally:
        threading.excepthook = old_hook
        stdin.close()
    assert errors == []


async def test_the_callers_signal_handlers_are_put_back_however_play_ends(
    callers_handlers: dict[int, tuple[object, int | None]],
) -> None:
    """In-process ``play`` at a terminal sets SIGINT, SIGTERM and SIGHUP (and
    prompt-toolkit SIGWINCH); after, each has what it had at both levels: ended at
    "Play again?", by Ctrl-D, and by a SIGTERM."""
    code, _ = await typed(whole_round(20) + "n\r", options())
    assert code == 0 and handlers(*callers_handlers) == callers_handlers
    code, _ = await typed("\x04", options())
    assert code == 0 and handlers(*callers_handlers) == callers_handlers
    with terminal() as (_, console, shown):
        game = asyncio.ensure_future(run(options(), console))
        await wait_for(lambda: "Your hand" in shown.getvalue(), "the first turn")
        os.kill(os.getpid(), signal.SIGTERM)
        assert await asyncio.wait_for(game, 30) == 128 + signal.SIGTERM
    assert handlers(*callers_handlers) == callers_handlers


def test_signals_are_not_caught_outside_the_main_thread_and_nothing_fails() -> None:
    """Only the main thread can set a handler: a game in another thread sets none."""

    async def game() -> bool:
        with caught({signal.SIGTERM: lambda: None}) as caught_here:
            return caught_here

    seen: list[object] = []
    thread = threading.Thread(target=lambda: seen.append(asyncio.run(game())))
    thread.start()
    thread.join(10)
    assert seen == [False]


async def test_signals_caught_by_several_at_once_reach_each_and_are_put_back(
    callers_handlers: dict[int, tuple[object, int | None]],
) -> None:
    """Three bots relayed in one loop catch SIGTERM at once and end in any order: each
    is told, and the handlers found before the first are back after the last."""
    told: list[str] = []
    first, second = (caught({signal.SIGTERM: functools.partial(told.append, n)}) for n in "ab")
    first.__enter__()
    second.__enter__()
    os.kill(os.getpid(), signal.SIGTERM)
    await wait_for(lambda: len(told) == 2, "both told")
    first.__exit__(None, None, None)  # not in the order they came
    assert handlers(*callers_handlers) != callers_handlers  # the second still catches it
    second.__exit__(None, None, None)
    assert sorted(told) == ["a", "b"] and handlers(*callers_handlers) == callers_handlers
