"""The network (bots/net.py), the net player and the trainer (lab/train.py, samples.py,
learn.py)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from untraced import untraced

from briscola.bots.expert import ExpertBot
from briscola.bots.net import (
    CARDS,
    FORMAT,
    INPUTS,
    Network,
    WeightsError,
    features,
    legal_mask,
    load,
    save,
    shipped,
)
from briscola.bots.net_bot import NetBot
from briscola.cli import main as cli
from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.lab.learn import Adam, losses, train_step
from briscola.lab.samples import Samples, play_game
from briscola.players import Bot

PY = sys.executable
ROOT = Path(__file__).resolve().parent.parent


def tiny_network() -> Network:
    """Two hidden units, weights chosen so that the forward pass is easy by hand."""
    w1 = np.zeros((INPUTS, 2), np.float32)
    w1[0, 0], w1[1, 1], w1[2, 0] = 1.0, -1.0, 0.5
    w2 = np.array([[1.0, 2.0], [3.0, -1.0]], np.float32)
    wp = np.zeros((2, CARDS), np.float32)
    wp[0, 0], wp[1, 5] = 1.0, 0.5
    wv = np.array([[0.25], [-0.5]], np.float32)
    return Network(
        w1,
        np.array([0.5, 1.0], np.float32),
        w2,
        np.array([0.0, -1.0], np.float32),
        wp,
        np.zeros(CARDS, np.float32),
        wv,
        np.array([0.1], np.float32),
    )


def test_forward_pass_against_a_hand_computed_example() -> None:
    x = np.zeros(INPUTS, np.float32)
    x[0], x[1], x[2] = 2.0, 3.0, 4.0
    logits, value = tiny_network().forward(x)
    # h1 = relu([2 + 0.5*4 + 0.5, -3 + 1]) = [4.5, 0]
    # h2 = relu([4.5*1 + 0, 4.5*2 - 1]) = [4.5, 8]
    # logits: card 0 = 4.5, card 5 = 0.5*8 = 4, the rest 0
    # value = sigmoid(0.25*4.5 - 0.5*8 + 0.1) = sigmoid(-2.775)
    expected = np.zeros(CARDS)
    expected[0], expected[5] = 4.5, 4.0
    assert np.allclose(logits, expected)
    assert value == pytest.approx(1 / (1 + np.exp(2.775)), rel=1e-6)


def dealt(seed: int, rules: TableRules | None = None, dealer: int = 0) -> Round:
    """A fresh round of ``rules`` (2 seats by default) from a seeded shuffle."""
    rules = rules or TableRules(players=2)
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    return Round(rules, deck, dealer)


def test_features_see_only_the_seat_and_cards_relative_to_trumps() -> None:
    r = dealt(4)
    obs = observe(r, r.to_move)
    x = features(obs)
    assert x.shape == (INPUTS,) and x.dtype == np.float32
    assert x[:CARDS].sum() == 3  # the own hand
    # The other hand is not in the input: the same features for any deal of the unseen cards.
    other = 1 - r.to_move
    swapped = r.copy()
    swapped.hands[other], swapped.stock[1:4] = swapped.stock[1:4], swapped.hands[other]
    assert np.array_equal(features(observe(swapped, r.to_move)), x)
    mask = legal_mask(obs)
    assert mask.sum() == 3
    trump = obs.trump_suit
    for c in obs.hand:
        assert mask[((c // 10 - trump) % 4) * 10 + c % 10]


def test_features_at_four_seats_say_whose_the_tricks_cards_are() -> None:
    """The partner's card in the trick is in the own side's plane, an opponent's not;
    at 2 seats the trick never shows an own side's card (the 2-seat input as before)."""
    from briscola.bots.net import PLANES

    mine, trick = CARDS * PLANES.index("mine"), CARDS * PLANES.index("trick")
    r = dealt(9, TableRules(players=4))
    first = r.to_move
    r.act(r.legal_moves()[0])
    r.act(r.legal_moves()[0])
    obs = observe(r, r.to_move)  # the third to play: the first card is the partner's
    (partner, by_partner), (opponent, by_opponent) = obs.trick
    assert partner == first and obs.rules.team_of[partner] == obs.rules.team_of[obs.seat]
    assert obs.rules.team_of[opponent] != obs.rules.team_of[obs.seat]
    x = features(obs)
    trump = obs.trump_suit
    rel = {c: ((c // 10 - trump) % 4) * 10 + c % 10 for c in (by_partner, by_opponent)}
    assert x[trick + rel[by_partner]] == x[trick + rel[by_opponent]] == 1
    assert x[mine + rel[by_partner]] == 1 and x[mine + rel[by_opponent]] == 0
    two = dealt(3)
    two.act(two.legal_moves()[0])
    x = features(observe(two, two.to_move))
    assert x[trick : trick + CARDS].sum() == 1 and x[mine : mine + CARDS].sum() == 0


TABLES = [
    TableRules(players=2),
    TableRules(players=2, variant="brisca"),
    TableRules(players=2, variant="bisca"),
    TableRules(players=3),
    TableRules(players=3, pack=39),
    TableRules(players=4),
    TableRules(players=4, variant="brisca"),
    TableRules(players=6),
]


def _table_id(rules: TableRules) -> str:
    return f"{rules.players}p-{rules.variant}-{rules.pack}"


# Traced only where a line is reached that no other test reaches (the expert's network
# options at 2 seats, net's fallback to the search at 3): the rest replay those lines
# (CONTRIBUTING.md, Tests: run untraced).
TRACED = {("net", "2p-brisca-40"), ("net", "3p-italian-36"), ("expert", "2p-italian-40")}


@pytest.mark.parametrize(
    ("player", "rules"),
    [
        pytest.param(
            player,
            rules,
            id=f"{player}-{_table_id(rules)}",
            marks=() if (player, _table_id(rules)) in TRACED else pytest.mark.no_cover,
        )
        for player in ("net", "expert")
        for rules in TABLES
    ],
)
def test_net_plays_legally_at_every_table(player: str, rules: TableRules) -> None:
    """The net player, and the expert with the network in its samples (bots/net_search.py)."""
    r = dealt(rules.players, rules)
    bot: Bot = NetBot(seed=1, samples=8)
    if player == "expert":
        bot = ExpertBot(seed=1, samples=8, net_reply=1, net_infer=1)
    while not r.over:
        obs = observe(r, r.to_move)
        action = bot.choose(obs)
        assert action in obs.legal
        r.act(action)


WEIGHTS = ROOT / "briscola/bots/weights"
SHIPPED = sorted(int(p.stem.removeprefix("net")) for p in WEIGHTS.glob("net*.npz"))


@pytest.mark.parametrize("players", SHIPPED)
def test_shipped_weights_load_and_say_how_they_were_made(players: int) -> None:
    from briscola.bots.net import made_by

    net = shipped(players)
    assert net.players == players
    assert net.w1.shape == (INPUTS, net.hidden) and net.wp.shape == (net.hidden, CARDS)
    made = made_by(players)
    for key in ("command", "seed", "config", "code", "data", "made", "train_time"):
        assert made[key], key
    assert made["config"].get("players", 2) == players
    assert f"--seed {made['seed']}" in made["command"]
    assert "briscola arena" in made["against_greedy"]["arena"]


def test_the_shipped_weights_stay_under_5_mb() -> None:
    assert 2 in SHIPPED
    assert sum(p.stat().st_size for p in WEIGHTS.iterdir()) < 5_000_000


def test_loading_refuses_a_wrong_file(tmp_path: Path) -> None:
    good = tmp_path / "good.npz"
    save(tiny_network(), good)
    assert load(good).hidden == 2
    arrays = dict(np.load(good))

    def refused(name: str, **change: object) -> str:
        path = tmp_path / name
        np.savez(path, **{**arrays, **change})
        with pytest.raises(WeightsError) as err:
            load(path)
        return str(err.value)

    assert f"format {FORMAT + 1}" in refused("version.npz", format=np.array(FORMAT + 1))
    assert "inputs" in refused("inputs.npz", inputs=np.array(INPUTS - 1))
    assert "w2 must have shape (2, 2)" in refused("shape.npz", w2=np.zeros((3, 2), np.float32))
    assert "finite" in refused("nan.npz", bv=np.array([np.nan], np.float32))
    assert "made for 5 players" in refused("players.npz", players=np.array(5))
    old = tmp_path / "old.npz"  # made before 4 seats: no players, so 2
    np.savez(old, **{k: v for k, v in arrays.items() if k != "players"})
    assert load(old).players == 2
    with pytest.raises(WeightsError, match="no weights file"):
        load(tmp_path / "missing.npz")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(WeightsError, match="not a weights file"):
        load(junk)
    with pytest.raises(ValueError, match="version"):
        NetBot(weights=str(tmp_path / "version.npz"))


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_training_steps_lower_the_loss() -> None:
    data = play_game("expert:samples=10", seed=5, explore=0.0)
    data = data.join(play_game("expert:samples=10", seed=6, explore=0.0), 1000)
    assert len(data) > 20
    net = Network.initial(32, seed=3)
    opt = Adam(net, 3e-3)
    before = sum(losses(net, data)[:2])
    for _ in range(60):
        train_step(net, opt, data)
    after = sum(losses(net, data)[:2])
    assert after < before * 0.7


def test_a_sample_is_what_the_search_chose() -> None:
    s = play_game("expert:samples=10", seed=8, explore=0.0)
    assert isinstance(s, Samples)
    assert s.mask[np.arange(len(s)), s.target].all()  # the target is always legal
    assert ((s.value >= 0) & (s.value <= 1)).all()


def test_the_plain_suits_reordered_are_the_same_positions_in_other_suits() -> None:
    """``--suits``: a sample in another order of the plain suits is the sample of the
    same round dealt with those suits renamed (features, legal cards, target)."""
    from briscola.lab.learn import _suit_orders, in_suits

    rules = TableRules(players=4)
    r = dealt(12, rules)
    trump = r.trump_suit
    moves = []
    while len(moves) < 7:  # into the second trick, a partner's card on the table
        moves.append(r.legal_moves()[-1])
        r.act(moves[-1])
    sample = Samples(
        features(observe(r, r.to_move))[None],
        legal_mask(observe(r, r.to_move))[None],
        np.array([int(np.flatnonzero(legal_mask(observe(r, r.to_move)))[0])]),
        np.array([0.5], np.float32),
    )
    orders = _suit_orders()
    assert len(orders) == 6
    for order in orders:
        _inputs, cards = order
        # The renaming: the plain suit at block suit[b] becomes the one at block b.
        block = {int(cards[10 * b]) // 10: b for b in range(4)}

        def renamed(c: int, block: dict[int, int] = block) -> Card:
            return Card(((block[(c // 10 - trump) % 4] + trump) % 4) * 10 + c % 10)

        deck = list(rules.deck)
        random.Random(12).shuffle(deck)
        other = Round(rules, [renamed(c) for c in deck], 0)
        for m in moves:
            other.act(renamed(m))
        obs = observe(other, other.to_move)
        got = in_suits(sample, order)
        assert np.array_equal(got.x[0], features(obs))
        assert np.array_equal(got.mask[0], legal_mask(obs))
        assert got.mask[0, got.target[0]]


# A teacher without the exact solves from 10 cards and the opponent model: the runs test
# the trainer, not the teacher, and the coverage tracer made those parts most of their time.
TEACHER = "expert:samples=8,solve_cards=4,adapt=0"
TINY = ["--games", "3", "--teacher", TEACHER, "--hidden", "16", "--evaluate", "2"]


def train(out: Path, *more: str) -> int:
    return cli(["train", "--out", str(out), "--seed", "7", *TINY, *more])


def arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


def test_a_tiny_run_is_reproducible_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with untraced():  # b's two steps below reach every line of this run
        assert train(tmp_path / "a", "--generations", "2") == 0
    out = capsys.readouterr().out
    assert "generation 1/2:" in out and "generation 2/2:" in out and "against greedy" in out
    # The same seed in two steps (a stopped run resumed): the same files.
    assert train(tmp_path / "b", "--generations", "1") == 0
    assert train(tmp_path / "b", "--generations", "2") == 0
    assert "resuming" in capsys.readouterr().out
    a, b = arrays(tmp_path / "a/checkpoint.npz"), arrays(tmp_path / "b/checkpoint.npz")
    assert a.keys() == b.keys()
    for k in a.keys() - {"seconds"}:  # the clock's, not the seed's
        assert np.array_equal(a[k], b[k]), k
    assert (tmp_path / "a/best.json").exists() and (tmp_path / "a/best.npz").exists()
    load(tmp_path / "a/best.npz")
    # Other options on the same directory: refused, nothing lost.
    with pytest.raises(SystemExit) as done:
        cli(["train", "--out", str(tmp_path / "a"), "--seed", "8", *TINY])
    assert done.value.code == 2
    assert "other options" in capsys.readouterr().err


def test_a_tiny_four_seat_run_makes_a_network_for_that_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert train(tmp_path / "four", "--generations", "1", "--players", "4", "--suits") == 0
    assert "generation 1/1:" in capsys.readouterr().out
    net = load(tmp_path / "four/best.npz")
    assert net.players == 4
    assert net.knows(TableRules(players=4)) and not net.knows(TableRules(players=2))
    made = json.loads((tmp_path / "four/best.json").read_text(encoding="utf-8"))
    assert made["config"]["players"] == 4 and "4-seat" in made["data"]
    assert made["config"]["suits"] is True
    # It plays the 4-seat table itself (no fallback to the search there).
    bot = NetBot(weights=str(tmp_path / "four/best.npz"))
    r = dealt(4, TableRules(players=4))
    while not r.over:
        obs = observe(r, r.to_move)
        chances, _ = net.policy(obs)
        action = bot.choose(obs)
        assert action in obs.legal
        if len(obs.legal) > 1:
            assert action == max(chances, key=chances.__getitem__)
        r.act(action)


def test_train_refuses_bad_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        cli(["train", "--out", str(tmp_path), "--teacher", "greedy"])
    assert "--teacher must be the expert" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli(["train", "--explore", "2"])
    assert "--explore must be a number 0 to 1, got '2'" in capsys.readouterr().err


@pytest.mark.parametrize("level", ["net", "expert"])
def test_net_and_expert_pass_check_bot(level: str) -> None:
    done = subprocess.run(
        [PY, "-m", "briscola", "check-bot", f"{PY} -m briscola bot --level {level} --think-ms 20"],
        capture_output=True,
        text=True,
        timeout=110,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.splitlines()[-1]  # every table size and variant: it plays them all
    assert re.fullmatch(r"(\d+) of \1 checks passed", last) and "6 seats" in done.stdout, last


def test_net_picks_the_highest_policy_card() -> None:
    r = dealt(11, dealer=1)
    obs = observe(r, r.to_move)
    bot = NetBot()
    chances, value = bot.network.policy(obs)
    assert set(chances) == {a for a in obs.legal if isinstance(a, Card)}
    assert sum(chances.values()) == pytest.approx(1.0)
    assert 0 < value < 1
    assert bot.choose(obs) == max(chances, key=chances.__getitem__)


def test_without_numpy_the_network_is_a_clear_error(tmp_path: Path) -> None:
    """NumPy is a dependency, but an environment may lose it: then one line that
    says how to get it."""
    blocked = "import sys; sys.modules['numpy'] = None; from briscola.cli import main; "
    for args, words in (
        ("['arena', 'net', 'greedy', '--games', '1']", "installs with it: pip install numpy"),
        (f"['train', '--out', {str(tmp_path)!r}]", "briscola train needs NumPy"),
    ):
        done = subprocess.run(
            [PY, "-c", blocked + f"sys.exit(main({args}))"],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert done.returncode == 2, done.stderr
        assert words in done.stderr and "Traceback" not in done.stderr
