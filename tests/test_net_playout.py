"""The network's playouts of the expert's samples (bots/net_playout.py): each row is
the round the net bot would play from that sample for both seats, and the
expert with them plays legally, the same from the same seed."""

from __future__ import annotations

import random
from itertools import chain

import numpy as np
import pytest

from briscola.bots.batch import Batch, deal_batch
from briscola.bots.estimate import Result, sample_value
from briscola.bots.expert import ExpertBot
from briscola.bots.net import shipped
from briscola.bots.net_bot import NetBot
from briscola.bots.net_playout import FirstLayer, NetPlayout
from briscola.bots.solver import Position, solve
from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.observation import determinize, observe
from briscola.engine.rules import TableRules
from briscola.spec import SpecError, parse_spec


def dealt(seed: int, cards: int, rules: TableRules | None = None) -> Round:
    """A round played at random for ``cards`` cards."""
    rules = rules or TableRules(players=2)
    rng = random.Random(seed)
    deck = [Card(c) for c in rules.deck]
    rng.shuffle(deck)
    r = Round(rules, deck, seed % rules.players)
    for _ in range(cards):
        r.act(rng.choice(r.legal_actions()))
    return r


@pytest.mark.parametrize("solve_cards", [0, 6, 9])
@pytest.mark.parametrize("cards", [0, 1, 9, 20, 27])
def test_a_playout_is_the_round_the_net_bot_plays_from_the_sample(
    cards: int, solve_cards: int
) -> None:
    """Every sample after every line, played out by the batch, ends as the engine's
    round from that sample with the net bot at both seats (with ``solve_cards``
    solved exactly once that few are left): the same points, so the same value
    and result."""
    net = shipped()
    obs = observe(dealt(cards, cards), dealt(cards, cards).to_move)
    rng = random.Random(cards)
    rounds = [determinize(obs, rng) for _ in range(5)]
    lines = [(card,) for card in obs.legal]
    side = obs.team
    playouts = NetPlayout(net, obs, 0.0, seed=1, solve_cards=solve_cards)
    got = playouts([Position.from_round(r) for r in rounds], lines, side, 20.0)
    bot = NetBot()
    solved = 0
    for r, results in zip(rounds, got, strict=True):
        assert len(results) == len(lines)
        for (card,), (value, won) in zip(lines, results, strict=True):
            q = r.copy()
            q.act(card)
            while not q.over and sum(map(len, q.hands)) + len(q.stock) > solve_cards:
                q.act(bot.choose(observe(q, q.to_move)))
            score = list(q.points)
            if not q.over:
                p = Position.from_round(q)
                left = sum(q.rules.points[c] for c in [*q.stock, *q.trick, *chain(*q.hands)])
                mine = solve(p, side) - score[side]
                score[side] += mine
                score[1 - side] += left - mine
                solved += 1
            assert value == sample_value(score, side, 20.0)
            assert won == (side if value > 0 else 1 - side if value < 0 else 2)
    assert solved or not solve_cards


@pytest.mark.parametrize("cards", [0, 1, 7, 33])
def test_the_first_layer_kept_card_by_card_is_the_product(cards: int) -> None:
    """From a fresh deal or a round resumed mid-trick, and after every card (plays,
    tricks taken, draws, the face-up card drawn last), the logits from the sums
    kept card by card are those of the whole forward pass."""
    net, rng = shipped(), np.random.default_rng(cards)
    if cards:
        obs = observe(dealt(cards, cards), dealt(cards, cards).to_move)
        batch = Batch.from_rounds([determinize(obs, random.Random(i)) for i in range(64)])
    else:
        batch = Batch(TableRules(players=2), *deal_batch(TableRules(players=2), 64, rng))
    first, checked = FirstLayer(net, batch), 0
    while not batch.over:
        want = net.forward(batch.features())[0]
        assert np.abs(first.logits(batch) - want).max() < 1e-4
        first.play(batch, rng.integers(0, batch.hand_size, batch.b))
        checked += 1
    assert checked == 40 - cards
    with pytest.raises(ValueError, match="2 seats"):
        FirstLayer(net, Batch(TableRules(players=4), *deal_batch(TableRules(players=4), 2, rng)))


def test_drawn_playouts_follow_their_seed() -> None:
    net = shipped()
    r = dealt(3, 4)
    obs = observe(r, r.to_move)
    samples = [Position.from_round(determinize(obs, random.Random(i))) for i in range(30)]
    lines = [(card,) for card in obs.legal]

    def run(seed: int, temperature: float) -> list[list[Result]]:
        return NetPlayout(net, obs, temperature, seed)(samples, lines, obs.team, 0.0)

    assert run(1, 1.0) == run(1, 1.0)
    assert run(1, 1.0) != run(2, 1.0)
    assert run(1, 0.0) == run(2, 0.0)  # the best card: no draw
    assert run(1, 0.5) == run(1, 0.5) != run(1, 1.0)  # a sharpened policy


@pytest.mark.parametrize(
    "rules",
    [TableRules(players=2), TableRules(players=2, variant="brisca"), TableRules(players=4)],
    ids=["2p", "2p-brisca", "4p"],
)
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_the_expert_with_network_playouts_plays_legally_and_the_same_from_a_seed(
    rules: TableRules,
) -> None:
    """At the network's table the playouts are the network's; elsewhere the search is
    as before.  A whole round twice from one seed: the same cards."""

    def play(seed: int) -> list[str]:
        bot = ExpertBot(seed=seed, samples=12, net_playout=1, net_temp=0.5)
        r = dealt(5, 0, rules)
        cards = []
        while not r.over:
            obs = observe(r, r.to_move)
            action = bot.choose(obs)
            assert action in obs.legal
            cards.append(str(action))
            r.act(action)
        return cards

    assert play(7) == play(7)


def test_network_playouts_change_the_search_where_the_network_plays() -> None:
    """The option is not a no-op: over a round's positions the estimates differ."""
    r = dealt(11, 2)
    obs = observe(r, r.to_move)
    plain = ExpertBot(seed=1, samples=40).estimates(obs)
    netted = ExpertBot(seed=1, samples=40, net_playout=1).estimates(obs)
    assert plain.by_action != netted.by_action
    assert set(netted.by_action) == set(obs.legal)


def test_the_playout_options_are_checked() -> None:
    with pytest.raises(SpecError, match="net_playout"):
        parse_spec("expert:net_playout=2")
    with pytest.raises(SpecError, match="net_temp"):
        parse_spec("expert:net_temp=-1")
    with pytest.raises(ValueError, match="net_temp"):
        ExpertBot(net_playout=1, net_temp=11)
    with pytest.raises(SpecError, match="net_solve"):
        parse_spec("expert:net_solve=11")
    with pytest.raises(ValueError, match="net_solve"):
        ExpertBot(net_playout=1, net_solve=-1)
    with pytest.raises(ValueError, match="net_playout"):
        ExpertBot(net_playout=3)
    with pytest.raises(ValueError, match="does not go with net_reply"):
        ExpertBot(net_playout=1, net_reply=1)
    with pytest.raises(ValueError, match="no exchange"):
        obs = observe(dealt(1, 0), dealt(1, 0).to_move)
        NetPlayout(shipped(), obs, 0.0, 1)([], [("exchange", Card(0))], 0, 0.0)  # type: ignore[list-item]
    assert np.isfinite(shipped().w1).all()
