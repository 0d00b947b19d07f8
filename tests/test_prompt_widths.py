"""The second game night's small things on the screen: every panel line breaks at
word boundaries at any width from 60 columns, never inside a name; a word that
starts a line or a label takes its capital in every language."""

from __future__ import annotations

import pytest
from prompt_toolkit.formatted_text import to_plain_text

from briscola.engine.cards import Card
from briscola.engine.events import Played, RoundEnded, RoundStarted
from briscola.engine.rules import TableRules
from briscola.prompt.console import TerminalConsole
from briscola.prompt.layout import columns
from briscola.prompt.seen import Seen
from briscola.prompt.view import View
from briscola.words.table import words

# Bot seats at a LAN table carry their note: "Marco (juega al azar)".
OTHERS = ["Marco", "Giulia", "Luca", "Sofia", "Paolo"]


def _view(players: int, lang: str) -> tuple[View, Seen]:
    rules = TableRules(players=players)
    note = words(lang, "note.random")
    names = ["You"] + [f"{n} ({note})" for n in OTHERS[: players - 1]]
    view = View(rules, 0, names, lang=lang)  # type: ignore[arg-type]
    seen = Seen(rules, 0)
    hand = tuple(Card.parse(t) for t in ("7C", "4S", "5S"))
    stock = 40 - 3 * players - 1
    seen.update(RoundStarted(1, 1, 1, Card.parse("AC"), stock, (0,) * len(rules.teams), 0, hand))
    seen.update(Played(1, Card.parse("QD")))
    seen.points = [11 * (t + 1) for t in range(len(rules.teams))]
    return view, seen


@pytest.mark.parametrize("lang", ["en", "es", "de", "it", "pt"])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("width", [60, 80, 100, 120])
def test_every_panel_line_breaks_between_words(lang: str, players: int, width: int) -> None:
    view, seen = _view(players, lang)
    for tight in (False, True):
        lines = view.panel(seen, view.turn(seen, 42.0), tight)
        laid = TerminalConsole._laid(lines, width)
        rows = [to_plain_text(row) for row in laid]
        assert all(columns(row) <= width for row in rows), rows
        whole = " ".join(" ".join(to_plain_text(line).split()) for line in lines)
        assert " ".join(" ".join(rows).split()) == whole, rows  # no word cut in two
        for name in view.listed[1:]:  # nor a name with its note: "Marco (juega al azar)"
            if not tight and name in whole:
                assert any(name in row for row in rows), (name, rows)


@pytest.mark.parametrize("lang", ["en", "es", "de", "it", "pt"])
def test_you_takes_a_capital_where_a_line_or_a_label_starts_and_only_there(lang: str) -> None:
    you, mid = words(lang, "you"), words(lang, "you.mid")
    rules = TableRules()
    view = View(rules, 0, ["You", "Marco"], lang=lang)  # type: ignore[arg-type]
    seen = Seen(rules, 0)
    seen.update(RoundStarted(1, 1, 1, Card.parse("AC"), 33, (0, 0), 0, ()))
    seen.points = [4, 0]
    for tight in (False, True):
        bar = to_plain_text(view.toolbar(seen, tight))
        for label in ("bar.rounds", "bar.points"):
            assert f" {words(lang, label)} {you} " in bar, bar
    # After a colon a list stays small, as the catalogs' writers have it ("Rondas
    # ganhas: tu e Giulia 1"); the panel's labels have no colon.
    said = "\n".join(to_plain_text(line) for line in view.score(seen))
    assert f": {words(lang, 'you.listed')} 0 · Marco 0" in said, said
    # Second in a pair, mid-line: "Anna e tu", never "Anna e Tu".
    rules = TableRules(players=4)
    view = View(rules, 2, ["Anna", "Marco", "You", "Luca"], lang=lang)  # type: ignore[arg-type]
    seen = Seen(rules, 2)
    seen.update(RoundStarted(1, 1, 1, Card.parse("AC"), 27, (0, 0), 0, ()))
    lines = [to_plain_text(line) for line in view.round_end(RoundEnded((70, 50), 0, (1, 0)), seen)]
    assert f"  {words(lang, 'and', a='Anna', b=mid)}: " in "\n".join(lines), lines
