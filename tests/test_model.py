"""The opponent model: how random the other side's play looks, from public cards only."""

from __future__ import annotations

import random

import pytest

from briscola.bots import make_bot
from briscola.bots.expert import ExpertBot
from briscola.bots.model import _PRIOR_RANDOM, OpponentModel
from briscola.engine.cards import Card
from briscola.engine.game import Action, Match, Round
from briscola.engine.observation import Observation, determinize, observe
from briscola.engine.rules import TableRules
from briscola.players import Bot
from briscola.table import run_match


class Spy(Bot):
    """Plays greedy and asks the model at every turn."""

    def __init__(self, seed: int) -> None:
        self.inner = make_bot("greedy")
        self.model = OpponentModel(seed)
        self.name = "spy"
        self.noise: list[float] = []

    def choose(self, obs: Observation) -> Action:
        self.noise.append(self.model.noise(obs))
        return self.inner.choose(obs)


def _late_noise(opponent: str, rounds: int = 12) -> float:
    """The model's mean verdict over the second half of each round."""
    seen: list[float] = []
    for seed in range(rounds):
        spy = Spy(seed)
        run_match(TableRules(), [spy, make_bot(opponent, seed=seed)], seed=seed)
        seen += spy.noise[len(spy.noise) // 2 :]
    return sum(seen) / len(seen)


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_a_random_player_looks_random_and_a_greedy_one_does_not() -> None:
    assert _late_noise("random") > 0.6
    assert _late_noise("greedy") < 0.4


def test_a_card_played_from_a_hand_of_one_says_nothing() -> None:
    """The last trick's lead was the leader's only card: no choice, so no evidence
    either way, while the trick before (two cards held) weighs."""
    rules = TableRules()
    for seed in range(20):
        rng = random.Random(seed)
        deck = [Card(c) for c in rules.deck]
        rng.shuffle(deck)
        r = Round(rules, deck, seed % 2)
        while not r.over and not (len(r.hands[0]) == 1 and r.to_move == 0):
            r.act(rng.choice(r.legal_actions()))
        obs = observe(r, 0)
        if obs.trick:  # the other seat led its last card
            break
    else:
        raise AssertionError("no round where the other seat leads the last trick")
    model, last = OpponentModel(1), rules.tricks - 1
    assert model._weigh(obs, random.Random(1), last, 0, obs.trick) == 0.0
    before = obs.played[last - 1]
    k = next(i for i, (seat, _) in enumerate(before) if seat != 0)
    assert model._weigh(obs, random.Random(1), last - 1, k, before) != 0.0


def test_before_any_card_the_model_knows_nothing() -> None:
    obs = observe(Round(TableRules(), TableRules().deck, dealer=1), 0)
    assert OpponentModel(1).noise(obs) == pytest.approx(_PRIOR_RANDOM)


def test_the_model_reads_only_public_cards() -> None:
    """Shuffling the cards the seat cannot see changes nothing it says."""
    rng = random.Random(3)
    match = Match(TableRules(players=4, variant="brisca"), seed=9)
    r = match.start_round()
    while len(r.history) < 5:
        r.act(rng.choice(r.legal_actions()))
    obs = observe(r, r.to_move)
    other = observe(determinize(obs, random.Random(4)), r.to_move)
    assert other == obs
    assert OpponentModel(2).noise(obs) == OpponentModel(2).noise(other)


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_an_adapting_expert_plays_whole_matches_at_every_table() -> None:
    for players in (2, 3, 4):
        rules = TableRules(players=players, variant="brisca")
        seats = [ExpertBot(seed=1, samples=8, adapt=True)] + [
            make_bot("random", seed=s) for s in range(1, players)
        ]
        outcome = run_match(rules, seats, seed=players)
        assert outcome.reason == "complete" and not outcome.faults
