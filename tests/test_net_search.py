"""The network inside the expert's samples (bots/net_search.py): what it answers
for the other seat from the public view and a sampled hand is what it answers
from that seat's own observation."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path

import numpy as np
import pytest

from briscola.bots.expert import ExpertBot, alike, recommend
from briscola.bots.net import Network, shipped
from briscola.bots.net_search import Guide, NetEvidence, View, public_view
from briscola.bots.solver import Position
from briscola.engine.cards import Card
from briscola.engine.game import Round
from briscola.engine.observation import Observation, observe
from briscola.engine.rules import TableRules
from briscola.spec import SpecError, parse_spec


def rounds(players: int = 2, count: int = 3) -> list[Round]:
    out = []
    for seed in range(count):
        rules = TableRules(players=players)
        rng = random.Random(seed)
        deck = list(rules.deck)
        rng.shuffle(deck)
        out.append(Round(rules, deck, seed % players))
    return out


def greedy_round(r: Round, rng: random.Random) -> list[tuple[Observation, Card, Round]]:
    """Play ``r`` out at random, keeping every turn's observation, card and round before it."""
    turns = []
    while not r.over:
        obs = observe(r, r.to_move)
        card = obs.legal[rng.randrange(len(obs.legal))]
        assert isinstance(card, Card)
        turns.append((obs, card, r.copy()))
        r.act(card)
    return turns


def test_the_view_of_a_reply_is_the_seats_own_observation() -> None:
    net = shipped()
    checked = 0
    for r in rounds():
        for obs, card, before in greedy_round(r, random.Random(1)):
            if obs.trick or not obs.stock:
                continue  # the mover leads; the other seat replies
            after = before.copy()
            after.act(card)
            other = after.to_move
            theirs = observe(after, other)
            p = Position.from_round(after)
            public = public_view(obs, other, [(obs.seat, int(card))], p.score, len(p.stock),
                                 [len(h) for h in p.hands])  # fmt: skip
            view = View(net, public, len(theirs.hand))
            chances, value = net.policy(theirs)
            hand = [int(c) for c in theirs.hand]
            assert view.choice(hand) == int(max(chances, key=chances.__getitem__))
            assert view.value(hand) == pytest.approx(value, abs=1e-5)
            for c in theirs.hand:
                assert view.chances([hand], int(c))[0] == pytest.approx(chances[c], abs=1e-5)
            checked += 1
    assert checked > 20


def test_the_guide_plays_the_networks_reply_in_a_sample() -> None:
    net = shipped()
    for r in rounds():
        obs = observe(r, r.to_move)
        assert not obs.trick
        card = obs.hand[0]
        after = r.copy()
        after.act(card)
        p = Position.from_round(after)
        mover_hand = list(p.hands[p.to_move])
        Guide(net, obs, reply=True, value=False)(p, obs.team)
        chances, _ = net.policy(observe(after, after.to_move))
        best = int(max(chances, key=chances.__getitem__))
        assert best in mover_hand and best not in p.hands[after.to_move] + p.stock


def test_with_value_the_sample_ends_at_the_movers_turn_with_the_networks_chance() -> None:
    net = shipped()
    r = rounds()[0]
    obs = observe(r, r.to_move)
    after = r.copy()
    after.act(obs.hand[0])
    p = Position.from_round(after)
    got = Guide(net, obs, reply=True, value=True)(p, obs.team)
    assert got is not None
    value, chances = got
    assert p.hands[p.to_move] and p.to_move == obs.seat  # stopped at the mover's turn
    assert sum(chances) == pytest.approx(1.0)
    assert value == pytest.approx((2 * chances[obs.team] - 1) * 60)


def test_net_inference_weighs_a_past_play_by_the_networks_chance() -> None:
    net = shipped()
    checked = 0
    for r in rounds(count=4):
        turns = greedy_round(r, random.Random(2))
        for i, (obs, _card, before) in enumerate(turns):
            if not obs.stock or i < 4:
                continue
            evidence = NetEvidence(obs, net)
            p = Position.from_round(before)
            for j, m in enumerate(evidence.moves):
                # The move's own observation, back when it was made.
                then_obs, then_card, _ = next(
                    t for t in turns[:i] if t[0].seat == m.seat and int(t[1]) == m.card
                )
                assert int(then_card) == m.card
                chances, _ = net.policy(then_obs)
                hand = [int(c) for c in then_obs.hand]
                view = evidence._views[j]
                assert view.chances([hand], m.card)[0] == pytest.approx(
                    chances[Card(m.card)], abs=1e-5
                )
                checked += 1
            assert evidence.weight(p, lambda q: -1) > 0
    assert checked > 5


def test_the_network_options_are_switches() -> None:
    with pytest.raises(SpecError, match="net_reply"):
        parse_spec("expert:net_reply=2")
    with pytest.raises(ValueError, match="net_infer"):
        ExpertBot(net_infer=3)
    assert isinstance(shipped(), Network)
    assert np.isfinite(shipped().w1).all()


def test_the_default_expert_loads_the_network_at_two_seats_only() -> None:
    """The prior is the default: the shipped network loads when a 2-seat match
    starts, not at a 4-seat one (NumPy is not needed there), nor for the advice."""
    from briscola.players import MatchInfo

    two, four = ExpertBot(seed=1, samples=10), ExpertBot(seed=1, samples=10)
    assert two.prior == four.prior == 10 and two.network is None
    asyncio.run(two.start(MatchInfo(0, TableRules(players=2), ("a", "b"), 1000)))
    assert two.network is shipped()
    r = rounds(players=4)[0]
    obs = observe(r, r.to_move)
    asyncio.run(four.start(MatchInfo(obs.seat, obs.rules, ("a", "b", "c", "d"), 1000)))
    assert four.choose(obs) in obs.legal and four.network is None
    off = ExpertBot(seed=1, samples=10, prior=0)
    r = rounds()[0]
    obs = observe(r, r.to_move)
    assert off.choose(obs) in obs.legal and off.network is None


def test_cards_that_do_the_same_share_the_priors_best() -> None:
    """The 7 and the 6 of a suit do the same (nothing ranks between them), so the
    network's taste between them is dropped and the cheaper is played; the King
    differs in points, and a 7 and a 5 differ while the 6 is in play."""
    obs = position_with_hand("7S 6S KS")
    prior = {Card.parse(c): p for c, p in (("7S", 9.0), ("6S", 1.0), ("KS", 0.0))}
    assert alike(prior, obs) == {
        Card.parse("7S"): 9.0,
        Card.parse("6S"): 9.0,
        Card.parse("KS"): 0.0,
    }
    obs = position_with_hand("7S 5S QS")
    prior = {Card.parse(c): p for c, p in (("7S", 9.0), ("5S", 1.0), ("QS", 2.0))}
    assert alike(prior, obs) == prior  # the 6S is unseen: it ranks between
    six = Card.parse("6S")
    led = dataclasses.replace(obs, trick=((1, six),))
    assert alike(prior, led) == prior  # the 7S takes the 6S led, the 5S does not
    played = dataclasses.replace(obs, played=(((1, six), (0, Card.parse("2C"))),))
    assert alike(prior, played)[Card.parse("5S")] == 9.0
    even = {a: 0.0 for a in obs.legal}
    assert alike(even, obs) == even


def position_with_hand(codes: str) -> Observation:
    """The first 2-seat position, its mover's hand replaced by ``codes``."""
    r = rounds()[0]
    obs = observe(r, r.to_move)
    hand = tuple(Card.parse(c) for c in codes.split())
    return dataclasses.replace(obs, hand=hand, legal=hand)


def test_the_advice_recommends_by_its_own_figures_where_the_prior_would_not() -> None:
    """hint and review show the search's figures, so their card is the one those
    figures rank first, also where the default expert's prior plays another."""
    from briscola.bots.advice import advise

    differ = 0
    for r in rounds(count=10):
        for obs, _card, _r in greedy_round(r, random.Random(2))[:30:2]:
            if len(obs.legal) < 2 or obs.stock == 0:
                continue
            bot = ExpertBot(seed=5, samples=30, max_ms=1e9, win_bonus=0)  # advise's, prior on
            est = bot.estimates(obs)
            played, _ = bot.choice(obs, est)
            plain = recommend(obs, est, bot.club)
            assert advise(obs, 5, 30).best == plain
            differ += played != plain
    assert differ > 0  # the prior moved some: the advice above did not follow it


def test_the_prior_chooses_only_among_moves_the_samples_cannot_tell_apart() -> None:
    """However strong the policy, a move the estimate shows worse is never
    played for it; among the even ones the policy's favourite is."""
    bot = ExpertBot(seed=3, samples=30, prior=0, club=0)
    tried = moved = 0
    for r in rounds(count=12):
        rng = random.Random(1)
        for obs, _card, _r in greedy_round(r, rng)[:24:3]:
            if len(obs.legal) < 2 or obs.stock == 0:
                continue
            est = bot.estimates(obs)
            plain = recommend(obs, est, club=0)
            for pushed in obs.legal:
                chosen = recommend(obs, est, club=0, prior={pushed: 120.0})
                tried += 1
                if chosen == pushed:
                    moved += chosen != plain
                    continue
                assert chosen == plain
                by = est.by_action  # the pushed move is one the estimate tells worse
                assert any(
                    (by[a].match > by[pushed].match and not est.close(a, pushed))
                    or (by[a].value > by[pushed].value and not est.close_value(a, pushed))
                    for a in obs.legal
                )
    assert tried > 40 and moved > 3


def test_an_expert_whose_default_network_cannot_load_searches_without_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from briscola.bots import expert, net

    junk = tmp_path / "net2.npz"
    junk.write_bytes(b"not a zip")
    monkeypatch.setattr(net, "shipped", lambda players=2: net.load(junk))
    defaults = expert.NET_DEFAULTS
    monkeypatch.setattr(expert, "NET_DEFAULTS", {**defaults, "net_reply": 1})
    monkeypatch.setattr(expert, "_SAID", [])
    bot = ExpertBot(seed=1, samples=10)
    assert bot.network is None and not bot.net_reply
    assert ExpertBot(seed=2, samples=10).network is None
    said = capsys.readouterr().err
    assert said.count("the expert searches without its network") == 1  # once a process
    assert "not a weights file" in said
    r = rounds()[0]
    obs = observe(r, r.to_move)
    assert bot.choose(obs) in obs.legal
    with pytest.raises(ValueError, match="not a weights file"):
        ExpertBot(net_reply=1)  # asked for by name: an error, not a quiet fallback
    with pytest.raises(ValueError, match="not a weights file"):
        ExpertBot(prior=10)
    monkeypatch.setattr(expert, "NET_DEFAULTS", defaults)
    monkeypatch.setattr(expert, "_SAID", [])
    prior = ExpertBot(seed=3, samples=10)  # the default prior: it loads at the first move
    assert prior.choose(obs) in obs.legal and prior.network is None
    assert prior.choose(obs) in obs.legal
    assert capsys.readouterr().err.count("the expert searches without its network") == 1
