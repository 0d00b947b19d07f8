"""Hidden information over the wire: no line a bot receives names a card it may not see.

Seeded matches between ``briscola bot`` processes; every line the host writes to a
bot is taken at the moment it is written, next to the record's lines, and checked
against the true state at that moment, rebuilt from the record's deals.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from briscola.engine.cards import Card, CardError
from briscola.engine.game import EXCHANGE, Round
from briscola.engine.records import Record
from briscola.engine.rules import TableRules
from briscola.protocol.host import CommandPlayer
from briscola.table import play_match

BOT = f"{sys.executable} -m briscola bot --level random"
Entry = tuple[str, int, dict[str, Any]]  # ("rec" or "wire", seat, line)


class SharedRecord(Record):
    def __init__(self, log: list[Entry]) -> None:
        super().__init__()
        self.log = log

    def write(self, line: dict[str, Any]) -> None:
        super().write(line)
        self.log.append(("rec", -1, line))


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a message's values."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, str) and len(value) == 2:
        try:
            return {Card.parse(value)}
        except CardError:
            return set()
    return set()


def hidden_from(r: Round, seat: int) -> set[Card]:
    """What ``seat`` may not see now: other hands (less the publicly known cards) and
    the stock (less the face-up card at its bottom)."""
    known = {took for _, _, took in r.exchanges}
    if r.trump_taken is not None:
        known.add(r.trump_taken[1])
    hidden = set(r.stock[1:])
    for other, hand in enumerate(r.hands):
        if other != seat:
            hidden |= set(hand) - known
    return hidden


def check_log(log: list[Entry], rules: TableRules) -> int:
    """Replay the shared log; return how many lines were checked against a live state."""
    r: Round | None = None
    checked = 0
    for kind, seat, line in log:
        if kind == "rec":
            if line["type"] == "deal":
                deck = [Card.parse(c) for c in line["deck"]]
                r = Round(rules, deck, line["dealer"], number=line["round"])
            elif line["type"] == "played" and r is not None:
                r.act(Card.parse(line["card"]))
            elif line["type"] == "exchanged" and r is not None:
                r.act(EXCHANGE)
            continue
        if r is None or r.over:
            continue
        leak = cards_in(line) & hidden_from(r, seat)
        assert not leak, f"seat {seat} was sent {sorted(map(str, leak))} in {line}"
        if line["type"] == "turn":
            assert [Card.parse(c) for c in line["hand"]] == r.hands[seat]
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("players", "variant", "seed"),
    [
        (2, "italian", 1),
        (2, "brisca", 2),
        (2, "bisca", 3),
        (3, "italian", 4),
        (3, "brisca", 5),
        (3, "bisca", 6),
        (4, "italian", 7),
        (4, "brisca", 8),
        (4, "bisca", 9),
        (2, "brisca", 10),
        (4, "brisca", 11),
    ],
)
async def test_no_line_on_the_wire_carries_a_hidden_card(
    players: int, variant: str, seed: int
) -> None:
    rules = TableRules(players=players, variant=variant, target=2)  # type: ignore[arg-type]
    log: list[Entry] = []

    def tap_for(seat: int) -> Any:
        def tap(direction: str, line: str) -> None:
            if direction == ">>":
                log.append(("wire", seat, json.loads(line)))

        return tap

    seats = [
        CommandPlayer(f"{BOT} --seed {seed * 10 + s}", f"p{s}", tap=tap_for(s))
        for s in range(players)
    ]
    outcome = await play_match(rules, seats, seed=seed, record=SharedRecord(log))
    assert outcome.reason == "complete", outcome.faults
    checked = check_log(log, rules)
    assert checked > 60 * len(outcome.rounds)  # turns and events of every round


def test_the_checker_catches_a_leak() -> None:
    rules = TableRules(players=2)
    deck = list(rules.deck)
    r = Round(rules, deck, 1)
    deal: Entry = (
        "rec",
        -1,
        {"type": "deal", "round": 1, "dealer": 1, "deck": [str(c) for c in deck]},
    )
    other_hand = str(r.hands[1][0])
    stock_card = str(r.stock[-1])
    face_up = str(r.stock[0])
    ok: Entry = ("wire", 0, {"type": "round_start", "trump": face_up, "hand": []})
    assert check_log([deal, ok], rules) == 1
    for leaked in (other_hand, stock_card):
        bad: Entry = ("wire", 0, {"type": "x", "deep": [{"card": leaked}]})
        with pytest.raises(AssertionError, match=leaked):
            check_log([deal, bad], rules)
