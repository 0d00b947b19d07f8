"""``briscola review``: every move of a record valued on the seat's own information,
through the module and the real command, with small sample budgets."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from briscola.bots.advice import Advice
from briscola.bots.estimate import Estimate
from briscola.bots.greedy import GreedyBot
from briscola.bots.random_bot import RandomBot
from briscola.engine.cards import Card, card_name, suit_name
from briscola.engine.game import Round
from briscola.engine.observation import Observation, observe
from briscola.engine.records import Record
from briscola.engine.replay import RecordError
from briscola.engine.rules import TableRules
from briscola.lab import review
from briscola.lab.review import SeatError, format_review, review_json, review_record
from briscola.players import Bot
from briscola.table import UNDO, run_match

SAMPLES = 12
DATA = Path(__file__).resolve().parent / "data"


def _record(
    path: Path,
    rules: TableRules,
    bots: list[Bot],
    *,
    seed: int | None = 7,
    decks: list[list[Card]] | None = None,
    first_dealer: int | None = None,
    people: list[int] | None = None,
    undo: tuple[int, ...] = (),
) -> Path:
    with open(path, "w", encoding="utf-8") as f:
        record = Record(f, header={"people": people} if people is not None else None)
        run_match(
            rules, bots, seed=seed, record=record, decks=decks, first_dealer=first_dealer,
            undo=undo,
        )  # fmt: skip
    return path


@pytest.fixture
def match2(tmp_path: Path) -> Path:
    return _record(tmp_path / "m2.jsonl", TableRules(), [GreedyBot(seed=1), RandomBot(seed=2)])


def _cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "briscola", "review", *argv],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
        check=False,
    )


def test_every_move_of_every_seat_is_valued(match2: Path) -> None:
    done = review_record(match2.open("rb"), samples=SAMPLES)
    reviews = done.seats
    assert [r.seat for r in reviews] == [0, 1]
    for r in reviews:
        assert len(r.moves) == 20  # 40 cards, two seats
        assert [m.trick for m in r.moves] == list(range(1, 21))
        assert r.moves[-1].forced and not r.moves[-1].values
        for m in r.moves[:-1]:
            assert set(m.values) == set(m.obs.legal) and m.played in m.obs.legal
            assert m.cost == pytest.approx(max(0.0, m.values[m.best] - m.values[m.played]))
            # The best is what the long search plays: the best chance of winning first.
            assert m.best in (m.chosen, m.played) and set(m.chances) == set(m.values)
            chances = m.chances
            assert chances[m.best].match >= chances[m.played].match or m.best == m.played
            assert m.chance_lost() == pytest.approx(
                max(0.0, chances[m.best].match - chances[m.played].match)
            )
        assert r.accuracy is not None and 0 <= r.accuracy <= 1
        assert r.within == sum(m.cost <= 1 + 1e-9 for m in r.choices)
        assert len(r.costliest()) <= 3
        assert all(m.cost > 1 for m in r.costliest())
    # Seeded by the match's own seed, as hint had it.
    assert len(done.result.rounds) == 1 and done.samples == SAMPLES and done.seed == 7


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_the_text_tells_every_move_accuracy_and_costliest_in_words(match2: Path) -> None:
    done = review_record(match2.open("rb"), samples=SAMPLES, label="m2.jsonl")
    reviews = done.seats
    text = format_review(done)
    assert text.startswith("Review of m2.jsonl")
    assert text.count("  trick ") >= 40 and "the only legal card" in text
    assert text.count("Accuracy: ") == 2
    costly = [m for r in reviews for m in r.costliest()]
    assert costly, "a random player makes costly moves"
    assert "was best" in text and "cost about" in text
    de = format_review(done, "french", "de")
    assert "Genauigkeit" in de and "Stich 1:" in de and "war am besten" in de
    it = format_review(done, "spanish", "it")
    assert "Precisione" in it and "presa 1:" in it and "era meglio" in it


def test_a_costly_lead_names_the_unseen_card_that_beats_it() -> None:
    rules = TableRules()
    for seed in range(100):
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        r = Round(rules, deck, 1)  # seat 0 leads
        obs = observe(r, 0)
        threes = [c for c in obs.hand if c.rank == 2 and c.suit != obs.trump_suit]
        if threes and Card.of(0, threes[0].suit) != obs.trump_card:
            break
    three = threes[0]
    values = {a: (0.0 if a == three else 6.0) for a in obs.legal}
    move = review.MoveReview(obs, three, values)
    assert move.unseen == Card.of(0, three.suit) and move.led is None
    sentence = review._Words("italian", "en", 1).costly(move)
    assert sentence == (
        f"    trick 1: leading {three} (Three of {suit_name(three.suit)}) with "
        f"A{str(three)[1]} (Ace of {suit_name(three.suit)}) unseen cost about 6 points; "
        f"{move.best} ({card_name(move.best)}) was best"  # type: ignore[arg-type]
    )
    assert move.cost == 6.0


def test_a_card_thrown_off_suit_risks_nothing_in_its_suit(match2: Path) -> None:
    for m in (m for r in review_record(match2.open("rb"), samples=4).seats for m in r.moves):
        if m.led is not None and m.played != "exchange" and m.led.suit != m.played.suit:  # type: ignore[union-attr]
            assert m.unseen is None


def test_json_through_the_real_command(match2: Path) -> None:
    done = _cli(str(match2), "--samples", str(SAMPLES), "--json", "--seat", "1")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["samples"] == SAMPLES and data["seed"] == 7  # the match's own
    (seat,) = data["seats"]
    assert seat["seat"] == 1 and seat["choices"] == 19 and len(seat["moves"]) == 20
    move = seat["moves"][0]
    assert set(move) == {"round", "trick", "lead", "hand", "played", "best", "cost", "forced",
                         "values", "chances", "chance_lost", "reasons"}  # fmt: skip
    assert set(move["chances"]) == set(move["values"]) == set(move["reasons"])
    for chance in move["chances"].values():
        assert set(chance) == {"win", "draw", "match"}
        assert 0 <= chance["win"] <= 1 and 0 <= chance["draw"] <= 1 and 0 <= chance["match"] <= 1
    assert move["played"] in move["values"] and move["best"] in move["values"]
    assert 0 <= seat["accuracy"] <= 1 and seat["mean_cost"] >= 0
    for c in seat["costliest"]:
        assert c["cost"] > 1 and "was best" in c["text"]
    # The chance over the match, move by move, the costliest marked.
    chart = seat["chart"]
    assert [p["trick"] for p in chart] == [m["trick"] for m in seat["moves"] if not m["forced"]]
    for point, m in zip(chart, [m for m in seat["moves"] if not m["forced"]], strict=True):
        assert point["chance"] == m["chances"][m["played"]]["win"]
    assert {(p["trick"], p["costly"]) for p in chart if p["costly"]} == {
        (c["trick"], True) for c in seat["costliest"]
    }


def test_the_chance_over_the_match_is_numbers_when_piped_and_a_chart_in_a_terminal(
    match2: Path,
) -> None:
    done = _cli(str(match2), "--samples", str(SAMPLES), "--seat", "0")
    assert done.returncode == 0, done.stderr
    (line,) = [x for x in done.stdout.splitlines() if "move by move:" in x]
    assert re.search(r"move by move: 1 \d+%( ×)?, 2 \d+%", line)
    done = review_record(match2.open("rb"), [0], samples=SAMPLES)
    drawn = format_review(done, drawn=True).splitlines()
    top = next(i for i, x in enumerate(drawn) if "(× marks the costliest moves)" in x)
    grid = drawn[top + 1 : top + 10]
    assert grid[0].startswith("  100% ┤") and grid[4].startswith("   50% ┤")
    assert grid[8].startswith("    0% ┤") and "(tricks)" in drawn[top + 10]
    marks = sum(row.count("•") + row.count("×") for row in grid)
    assert marks == len(done.seats[0].curve())
    assert sum(row.count("×") for row in grid) == len(done.seats[0].costliest())


def test_the_same_record_gives_the_same_review_and_a_seat_alone_the_same_values(
    match2: Path,
) -> None:
    first = _cli(str(match2), "--samples", str(SAMPLES), "--lang", "en")
    again = _cli(str(match2), "--samples", str(SAMPLES), "--lang", "en")
    assert first.returncode == 0 and first.stdout == again.stdout
    both = review_record(match2.open("rb"), samples=SAMPLES).seats
    alone = review_record(match2.open("rb"), [1], samples=SAMPLES).seats
    assert [m.values for m in alone[0].moves] == [m.values for m in both[1].moves]
    other = review_record(match2.open("rb"), [1], samples=SAMPLES, seed=99).seats
    assert [m.values for m in other[0].moves] != [m.values for m in alone[0].moves]


def test_standard_input_and_the_default_language(match2: Path) -> None:
    done = _cli("-", "--samples", "5", "--seat", "0", stdin=match2.read_text())
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Review of standard input:")


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda d: d / "nothing-here.jsonl", "cannot read"),
        (lambda d: d, "cannot read"),
        (lambda d: _write(d / "junk.jsonl", "not json at all\n"), "not a valid record: line 1"),
        (lambda d: _write(d / "empty.jsonl", ""), "not a valid record"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(tmp_path: Path, make, words: str) -> None:  # type: ignore[no-untyped-def]
    done = _cli(str(make(tmp_path)), "--samples", "5")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("briscola review: error: "), done.stderr
    assert words in lines[0] and "Traceback" not in done.stderr


def test_a_cut_record_and_a_seat_out_of_range_are_refused(match2: Path, tmp_path: Path) -> None:
    lines = match2.read_text().splitlines(keepends=True)
    cut = _write(tmp_path / "cut.jsonl", "".join(lines[: len(lines) // 2]))
    done = _cli(str(cut), "--samples", "5")
    assert done.returncode == 2 and "ends before the match is over" in done.stderr
    done = _cli(str(match2), "--seat", "3", "--samples", "5")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "briscola review: error: --seat: seat 3: the record's table has seats 0..1"
    )
    done = _cli(str(match2), "--seat", "9")
    assert done.returncode == 2 and "seats 0..1" in done.stderr  # the table says, not 0..5
    with pytest.raises(SeatError):
        review_record(match2.open("rb"), [2], samples=5)
    with pytest.raises(RecordError):
        review_record(cut.open("rb"), samples=5)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_values_come_from_what_the_seat_saw_never_the_hidden_cards(tmp_path: Path) -> None:
    """Two deals that agree on all seat 0 sees at its first move (its hand and the
    face-up card) but not on the other hand and the stock: the same values."""
    rules = TableRules()
    deck = list(rules.deck)
    random.Random(11).shuffle(deck)
    dealer = 1  # seat 0 leads
    r = Round(rules, deck, dealer)
    assert r.to_move == 0
    hidden = [i for i, c in enumerate(deck) if c not in r.hands[0] and c != r.trump_card]
    other = list(deck)
    for i, j in zip(hidden, reversed(hidden), strict=True):
        other[i] = deck[j]
    assert observe(Round(rules, other, dealer), 0) == observe(r, 0) and other != deck
    reviews = []
    for name, d in (("a", deck), ("b", other)):
        path = _record(
            tmp_path / f"{name}.jsonl", rules, [GreedyBot(seed=1), GreedyBot(seed=2)],
            seed=None, decks=[d], first_dealer=dealer,
        )  # fmt: skip
        reviews.append(review_record(path.open("rb"), [0], samples=40).seats[0])
    a, b = (rv.moves[0] for rv in reviews)
    assert a.obs == b.obs and a.values == b.values
    assert [m.obs for m in reviews[0].moves] != [m.obs for m in reviews[1].moves]


def test_the_search_is_given_the_seats_observation_only(
    match2: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Observation] = []

    def spy(obs: Observation, seed: int, samples: int) -> Advice:
        assert isinstance(obs, Observation) and obs.legal and obs.to_move == obs.seat
        seen.append(obs)
        return Advice(tuple((a, Estimate(0.0, 0.5, 0.0, 0.5)) for a in obs.legal))

    monkeypatch.setattr(review, "advise", spy)
    reviews = review_record(match2.open("rb"), [0]).seats
    assert len(seen) == 19 and all(o.seat == 0 for o in seen)
    assert all(m.cost == 0 for m in reviews[0].moves)
    assert reviews[0].costliest() == []
    text = format_review(review_record(match2.open("rb"), [0]))
    assert "No move cost more than a point." in text


def test_the_people_in_the_header_are_reviewed_by_default(tmp_path: Path) -> None:
    rules = TableRules(players=4)
    bots: list[Bot] = [GreedyBot(seed=s) for s in range(4)]
    path = _record(tmp_path / "m4.jsonl", rules, bots, people=[2])
    reviews = review_record(path.open("rb"), samples=5).seats
    assert [r.seat for r in reviews] == [2] and len(reviews[0].moves) == 10


class _Undoer(Bot):
    """Greedy, but it takes back its third move once."""

    def __init__(self) -> None:
        self.inner = GreedyBot(seed=3)
        self.name = "undoer"
        self.moves = 0

    def choose(self, obs: Observation):  # type: ignore[no-untyped-def]
        self.moves += 1
        if self.moves == 4:
            return UNDO
        return self.inner.choose(obs)


def test_a_move_taken_back_is_not_reviewed(tmp_path: Path) -> None:
    path = _record(tmp_path / "undo.jsonl", TableRules(), [_Undoer(), GreedyBot(seed=4)], undo=(0,))
    assert '"type":"takeback"' in path.read_text()
    (r,) = review_record(path.open("rb"), [0], samples=5).seats
    assert [m.trick for m in r.moves] == list(range(1, 21))


def test_an_exchange_is_an_action_like_a_card() -> None:
    path = DATA / "brisca_2p_exchange.jsonl"
    done = review_record(path.open("rb"), samples=8)
    moves = [m for r in done.seats for m in r.moves]
    exchanges = [m for m in moves if m.played == "exchange"]
    assert exchanges and all("exchange" in m.values for m in exchanges)
    data = review_json(done, "italian", "it")
    assert any(m["played"] == "exchange" for s in data["seats"] for m in s["moves"])
    words = review._Words("italian", "it", 1)
    m = exchanges[0]
    m.values = {a: (-5.0 if a == "exchange" else 0.0) for a in m.obs.legal}
    m.chances, m.chosen = {}, None  # by the values alone
    assert "lo scambio è costato circa 5 punti" in words.costly(m)
    assert words.code("exchange") == "scambio"


def test_a_match_of_several_rounds_names_the_round(tmp_path: Path) -> None:
    rules = TableRules(target=2)
    path = _record(tmp_path / "t2.jsonl", rules, [GreedyBot(seed=1), GreedyBot(seed=5)], seed=3)
    done = review_record(path.open("rb"), [0], samples=4)
    assert len(done.result.rounds) >= 2
    text = format_review(done)
    assert "round 1, trick 1:" in text and "round 2, trick 1:" in text


def test_a_seat_without_choices_says_so(match2: Path) -> None:
    done = review_record(match2.open("rb"), samples=4)
    theirs = done.seats[1]
    empty = review.SeatReview(0, "Anna")
    assert empty.accuracy is None and empty.mean_cost is None and empty.costliest() == []
    forced = review.SeatReview(1, "Zoë", [m for m in theirs.moves if m.forced])
    done.seats = [empty, forced]
    text = format_review(done, lang="it")
    assert "Anna (posto 0): nessuna mossa" in text
    assert "Zoë (posto 1): 1 mossa" in text and "ogni mossa era obbligata" in text
    words = review._Words("italian", "en", 1)
    assert words.name("exchange") == "the exchange"


def test_the_command_in_process(
    match2: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from briscola.cli import main as cli_main

    assert cli_main(["review", str(match2), "--samples", "4", "--lang", "de"]) == 0
    assert "Analyse von" in capsys.readouterr().out
    assert cli_main(["review", str(match2), "--samples", "4", "--json", "--seat", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"][0]["seat"] == 0
    junk = _write(tmp_path / "junk.jsonl", '{"type":"header"}\n')
    for argv, words in (
        ([str(tmp_path / "missing")], "cannot read"),
        ([str(junk)], "not a valid record: line 1:"),
        ([str(match2), "--seat", "4"], "--seat: seat 4"),
    ):
        assert cli_main(["review", *argv, "--samples", "4"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("briscola review: error: ") and words in err, err


def test_verify_record_shows_each_move_the_round_before_it(match2: Path) -> None:
    from briscola.engine.replay import verify_record

    seen: list[tuple[int, str, int]] = []

    def before(no: int, line: dict[str, object], r: Round) -> None:
        assert line["seat"] == r.to_move and Card.parse(str(line["card"])) in r.hands[r.to_move]
        seen.append((no, str(line["card"]), len(r.history) * 2 + len(r.trick)))

    verify_record(match2.open("rb"), on_move=before)
    assert [k for _, _, k in seen] == list(range(40))
