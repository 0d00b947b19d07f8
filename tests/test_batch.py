"""The batched rounds (bots/batch.py) against the engine, card by card."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.bots.batch import PAD, Batch, deal_batch
from briscola.bots.greedy import GreedyBot
from briscola.bots.net import features, legal_mask, load, shipped
from briscola.bots.net_bot import NetBot
from briscola.cli import main as cli
from briscola.engine.cards import ALL_CARDS
from briscola.engine.game import IllegalMoveError, Round
from briscola.engine.observation import determinize, observe
from briscola.engine.rules import TableRules
from briscola.lab.batch_play import duel, greedy_player, net_player, play_out, random_player
from briscola.lab.train import strength_batched

TABLES = [
    TableRules(players=2),
    TableRules(players=2, variant="brisca"),
    TableRules(players=2, variant="bisca"),
    TableRules(players=3),
    TableRules(players=3, pack=39, variant="brisca"),
    TableRules(players=4),
    TableRules(players=4, variant="brisca"),
    TableRules(players=6, variant="bisca"),
]


def same_state(batch: Batch, rounds: list[Round]) -> None:
    """Every round of the batch is the engine's round, as far as either shows it."""
    for i, r in enumerate(rounds):
        for seat in range(r.n):
            slots = [int(c) for c in batch.hands[i, seat] if c != PAD]
            assert slots == r.hands[seat], (i, seat)
        assert [int(c) for c in batch.stock[i, : batch.left]] == r.stock
        assert [int(c) for c in batch.trick[i, : batch.played]] == r.trick
        assert int(batch.leader[i]) == r.leader and int(batch.mover[i]) == r.to_move
        assert batch.points[i].tolist() == r.points
        assert batch.over == r.over
        tricks = [
            (int(batch.leaders[i, t]), tuple(int(c) for c in batch.history[i, t]),
             int(batch.winners[i, t]))
            for t in range(batch.tricks)
        ]  # fmt: skip
        assert tricks == r.history


def play_both(rules: TableRules, seed: int, rounds: int = 3) -> tuple[Batch, list[Round]]:
    """The same deals played by the batch and by the engine with the same random
    choices (the exchange taken at random where allowed); features checked at
    every move."""
    rng = np.random.default_rng(seed)
    decks, dealers = deal_batch(rules, rounds, rng)
    batch = Batch(rules, decks, dealers)
    engine = [
        Round(rules, [ALL_CARDS[c] for c in decks[i]], int(dealers[i])) for i in range(rounds)
    ]
    follow(batch, engine, random.Random(seed))
    return batch, engine


def follow(batch: Batch, engine: list[Round], pick: random.Random) -> None:
    """Play the batch and the engine's rounds to the end with the same random
    choices, checking the state after every card and the features before it."""
    same_state(batch, engine)
    while not batch.over:
        can = batch.can_exchange()
        assert can.tolist() == [r.can_exchange() for r in engine]
        swap = can & np.array([pick.random() < 0.7 for _ in engine])
        if swap.any():
            batch.exchange(swap)
            for r, s in zip(engine, swap, strict=True):
                if s:
                    r.exchange()
            after = batch.can_exchange()
            assert after.tolist() == [r.can_exchange() for r in engine]
            assert not (after & swap).any()  # at most one a turn
        x, mask = batch.features(), batch.legal_mask()
        for i, r in enumerate(engine):
            obs = observe(r, r.to_move)
            assert np.array_equal(x[i], features(obs)), i
            assert np.array_equal(mask[i], legal_mask(obs))
        slots = np.array([pick.randrange(batch.hand_size) for _ in engine])
        batch.play(slots)
        for r, k in zip(engine, slots, strict=True):
            r.play(r.legal_moves()[k])
        same_state(batch, engine)
    assert batch.winner().tolist() == [-1 if (w := r.winner()) is None else w for r in engine]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.variant}-{r.pack}")
def test_the_batch_plays_as_the_engine_at_every_table(rules: TableRules) -> None:
    play_both(rules, seed=rules.players * 7 + len(rules.variant))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), table=st.sampled_from(TABLES))
def test_any_deals_and_choices_give_the_engine_s_rounds(seed: int, table: TableRules) -> None:
    _batch, engine = play_both(table, seed, rounds=2)
    assert all(sum(r.points) == sum(table.points[c] for c in table.deck) for r in engine)


def midway(rules: TableRules, seed: int, cards: int) -> list[Round]:
    """A round played at random for ``cards`` cards (exchanging where it may), and
    determinizations of what its mover sees then: one public past, other hands."""
    pick = random.Random(seed)
    deck = list(ALL_CARDS[c] for c in rules.deck)
    pick.shuffle(deck)
    r = Round(rules, deck, pick.randrange(rules.players))
    for _ in range(cards):
        if r.can_exchange() and pick.random() < 0.7:
            r.exchange()
        r.play(pick.choice(r.legal_moves()))
    obs = observe(r, r.to_move)
    return [r.copy(), *(determinize(obs, pick) for _ in range(4))]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.variant}-{r.pack}")
@pytest.mark.parametrize("cards", [0, 1, 7, 14, 23])
def test_a_batch_resumed_midway_plays_as_the_engine(rules: TableRules, cards: int) -> None:
    """Batch.from_rounds starts from rounds in play (a trick begun or not, the
    stock gone or not, a card known): the engine's state and the network's
    features, card by card, to the end."""
    cards = min(cards, len(rules.deck) - 1)
    engine = midway(rules, rules.players * 100 + cards, cards)
    batch = Batch.from_rounds(engine)
    follow(batch, engine, random.Random(cards))


def test_a_resumed_batch_refuses_rounds_at_other_points() -> None:
    rules = TableRules(players=2)
    a, b = midway(rules, 1, 4)[:2], midway(rules, 2, 5)[:2]
    with pytest.raises(ValueError, match="public past"):
        Batch.from_rounds([a[0], b[0]])
    later = a[1].copy()
    later.play(later.legal_moves()[0])
    with pytest.raises(ValueError, match="one point of play"):
        Batch.resume(a[0], [a[0].hands, later.hands], [a[0].stock, later.stock],
                     [a[0].trick, later.trick], [a[0].points, later.points], [0, 0])  # fmt: skip


def test_the_brisca_exchange_is_made_in_some_rounds() -> None:
    """The exchange path is exercised, not just allowed (2 seats, brisca)."""
    made = 0
    for seed in range(6):
        rules = TableRules(players=2, variant="brisca")
        rng = np.random.default_rng(seed)
        batch = Batch(rules, *deal_batch(rules, 64, rng))
        while not batch.over:
            can = batch.can_exchange()
            made += int(can.sum())
            batch.exchange(can)
            batch.play(np.zeros(batch.b, np.int64))
    assert made > 0


def test_illegal_slots_and_exchanges_are_refused() -> None:
    rules = TableRules(players=2)
    batch = Batch(rules, *deal_batch(rules, 2, np.random.default_rng(1)))
    with pytest.raises(IllegalMoveError):
        batch.play(np.array([0, 3]))
    with pytest.raises(IllegalMoveError):
        batch.exchange(np.array([True, False]))  # the Italian game has no exchange
    with pytest.raises(ValueError, match="cards of the table's pack"):
        Batch(rules, np.zeros((1, 40), np.int64), np.zeros(1, np.int64))


def test_a_seed_deals_the_same_batch() -> None:
    rules = TableRules(players=4)
    a = deal_batch(rules, 5, np.random.default_rng(9))
    b = deal_batch(rules, 5, np.random.default_rng(9))
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))


# -- the batched players against the bots ------------------------------------


def bots_play(rules: TableRules, decks: np.ndarray, dealers: np.ndarray, bots: list) -> list:
    """The engine's rounds of the same deals, ``bots[i][seat]`` choosing in round i."""
    rounds = []
    for i in range(len(decks)):
        r = Round(rules, [ALL_CARDS[c] for c in decks[i]], int(dealers[i]))
        while not r.over:
            r.act(bots[i][r.to_move].choose(observe(r, r.to_move)))
        rounds.append(r)
    return rounds


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.variant}-{r.pack}")
def test_batched_greedy_plays_greedy_s_cards(rules: TableRules) -> None:
    decks, dealers = deal_batch(rules, 12, np.random.default_rng(rules.players + 40))
    batch = Batch(rules, decks, dealers)
    play_out(batch, [greedy_player(rules)], np.zeros((12, rules.players), np.int64))
    engine = bots_play(rules, decks, dealers, [[GreedyBot()] * rules.players] * 12)
    same_state(batch, engine)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), table=st.sampled_from(TABLES))
def test_batched_greedy_is_greedy_on_any_deals(seed: int, table: TableRules) -> None:
    decks, dealers = deal_batch(table, 3, np.random.default_rng(seed))
    batch = Batch(table, decks, dealers)
    play_out(batch, [greedy_player(table)], np.zeros((3, table.players), np.int64))
    same_state(batch, bots_play(table, decks, dealers, [[GreedyBot()] * table.players] * 3))


def test_a_duel_seats_each_side_by_its_team() -> None:
    """At 4 seats the first player's side is a team of two: greedy's team beats
    random's on both sides of the same deals, and the other way round it loses."""
    rules = TableRules(players=4)
    greedy, rand = greedy_player(rules), random_player(np.random.default_rng(2))
    score, rounds = duel(rules, greedy, rand, 60, seed=8)
    assert rounds == 120 and score / rounds > 0.65
    score, rounds = duel(rules, rand, greedy, 60, seed=8)
    assert score / rounds < 0.35


def test_batched_net_plays_the_net_s_cards_against_greedy() -> None:
    """The shipped network, one forward pass for the batch, against greedy: the same
    cards as the net and greedy bots, and duel() scores those rounds."""
    rules = TableRules()
    net = shipped(2)
    decks, dealers = deal_batch(rules, 10, np.random.default_rng(5))
    seats = np.array([[0, 1]] * 5 + [[1, 0]] * 5)
    batch = Batch(rules, decks, dealers)
    play_out(batch, [net_player(net), greedy_player(rules)], seats)
    bots = [[[NetBot(), GreedyBot()][s] for s in row] for row in seats]
    same_state(batch, bots_play(rules, decks, dealers, bots))
    first = net_player(net)
    score, rounds = duel(rules, first, greedy_player(rules), 30, seed=3)
    again, _ = duel(rules, first, greedy_player(rules), 30, seed=3)
    assert rounds == 60 and 0 <= score <= 60 and score == again


def test_drawing_from_the_policy_plays_legal_cards_from_a_seed() -> None:
    rules = TableRules()
    net = shipped(2)

    def run(seed: int) -> np.ndarray:
        batch = Batch(rules, *deal_batch(rules, 8, np.random.default_rng(1)))
        play_out(batch, [net_player(net, np.random.default_rng(seed))], np.zeros((8, 2), int))
        return batch.history

    assert np.array_equal(run(4), run(4))
    assert not np.array_equal(run(4), run(5))


def test_a_tiny_run_checks_its_generations_batched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``briscola train --batched``: the check against greedy is duel()'s, and the run
    says so in its files; the same seed gives the same files."""
    tiny = ["--games", "2", "--teacher", "expert:samples=8", "--hidden", "16"]
    for out in ("a", "b"):
        args = ["train", "--out", str(tmp_path / out), "--seed", "3", *tiny]
        assert cli([*args, "--generations", "1", "--evaluate", "40", "--batched"]) == 0
    out = capsys.readouterr().out
    assert "generation 1/1:" in out and "against greedy" in out
    made = json.loads((tmp_path / "a/best.json").read_text(encoding="utf-8"))
    check = made["against_greedy"]
    assert made["config"]["batched"] is True and check["deals"] == 40
    assert check["played"] == "batched rounds"
    net = load(tmp_path / "a/best.npz")
    expected, _low, _high = strength_batched(net, 40, 3 + 1)
    assert check["score"] == round(expected, 4)
    with np.load(tmp_path / "a/checkpoint.npz") as a, np.load(tmp_path / "b/checkpoint.npz") as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files if k != "seconds")
    # A run made without --batched is not resumed with it: its checks would differ.
    with pytest.raises(SystemExit):
        cli(["train", "--out", str(tmp_path / "a"), "--seed", "3", *tiny, "--evaluate", "40"])
    assert "batched True (now False)" in capsys.readouterr().err
