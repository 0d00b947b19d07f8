"""The expert and the oracle: legal everywhere, exact in solved endgames, blind to hidden cards."""

from __future__ import annotations

import random
import re

import pytest

from briscola.bots import make_bot
from briscola.bots.estimate import sample_value
from briscola.bots.expert import DEFAULT_WIN_BONUS, ExpertBot
from briscola.bots.greedy import GreedyBot
from briscola.bots.oracle import OracleBot
from briscola.bots.playout import greedy_card
from briscola.bots.solver import Position, expect, solve_actions
from briscola.engine.game import EXCHANGE, Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.spec import SpecError, parse_spec
from briscola.table import run_match


def _deal(rules: TableRules, rng: random.Random) -> Round:
    deck = list(rules.deck)
    rng.shuffle(deck)
    return Round(rules, deck, rng.randrange(rules.players))


def _endgame(rng: random.Random, cards_left: int, variant: str = "italian") -> Round:
    rules = TableRules(players=2, variant=variant)  # type: ignore[arg-type]
    r = _deal(rules, rng)
    while sum(len(h) for h in r.hands) + len(r.stock) > cards_left:
        r.act(rng.choice(r.legal_actions()))
    return r


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
def test_playout_policy_is_the_greedy_bot(players: int, variant: str) -> None:
    """The playouts' policy on ints makes the greedy bot's choices, seat by seat."""
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(players)
    bot = GreedyBot()
    for _ in range(6):
        r = _deal(rules, rng)
        while not r.over:
            obs = observe(r, r.to_move)
            choice = bot.choose(obs)
            if choice != EXCHANGE:
                from briscola.bots.playout import _waste

                p = Position.from_round(r)
                assert greedy_card(p, _waste(p)) == choice
            r.act(choice if rng.random() < 0.7 else rng.choice(r.legal_actions()))


def test_never_throws_away_a_proven_won_endgame() -> None:
    rng = random.Random(2024)
    won = 0
    for i in range(60):
        r = _endgame(rng, 6 if i % 2 else 5)
        seat = r.to_move
        exact = solve_actions(Position.from_round(r), seat)
        if max(exact.values()) < 61:
            continue
        won += 1
        for bot in (ExpertBot(seed=i, samples=3), ExpertBot(seed=i, samples=3, noise=1.0)):
            choice = bot.choose(observe(r, seat))
            assert exact[int(choice)] >= 61  # type: ignore[arg-type]
    assert won > 10


def test_against_a_random_player_the_endgame_keeps_the_proven_result_then_hopes() -> None:
    """With noise 1 and the stock empty the expert keeps the best result it can
    prove, and among those moves takes the best expectation against random play."""
    rng = random.Random(77)
    differs = 0
    for i in range(80):
        r = _endgame(rng, 6)
        seat = r.to_move
        p = Position.from_round(r)
        exact = solve_actions(p, seat)
        chances = {}
        for a in exact:
            q = p.copy()
            q.act(a)
            chances[a] = expect(q, seat, lambda score, s=seat: score[s] - score[1 - s])
        proven = max((v > 60) - (v < 60) for v in exact.values())
        keep = [a for a, v in exact.items() if (v > 60) - (v < 60) == proven]
        choice = int(ExpertBot(seed=i, noise=1.0).choose(observe(r, seat)))  # type: ignore[arg-type]
        assert choice in keep
        assert chances[choice] == max(chances[a] for a in keep)
        differs += exact[choice] < max(exact.values())
    assert differs > 0  # against random play it sometimes gives up sure points for more hoped


def test_oracle_plays_solved_positions_perfectly() -> None:
    """With every card shown and few enough left, the oracle's move keeps the exact value."""
    rng = random.Random(5)
    for i in range(25):
        r = _endgame(rng, 10, "brisca" if i % 2 else "italian")
        seat = r.to_move
        exact = solve_actions(Position.from_round(r), seat)
        best = max(exact.values())
        for adapt in (False, True):
            oracle = OracleBot(seed=i, adapt=adapt)
            oracle.reveal(r.copy())
            choice = oracle.choose(observe(r, seat))
            got = exact[choice if choice == EXCHANGE else int(choice)]
            # A proven win or draw is never given up; modelling the other side
            # as greedy, the oracle plays the solver's best.
            assert (got >= 61, got >= 60) == (best >= 61, best >= 60)
            if not adapt:
                assert got == best


def test_oracle_needs_the_table_to_reveal() -> None:
    r = _deal(TableRules(players=2), random.Random(1))
    with pytest.raises(RuntimeError, match="reveals"):
        OracleBot().choose(observe(r, r.to_move))


def test_expert_sees_only_the_observation() -> None:
    """Two rounds that differ only in what the seat cannot see get the same move."""
    rules = TableRules(players=2)
    rng = random.Random(9)
    for i in range(12):
        r = _deal(rules, rng)
        for _ in range(rng.randrange(0, 24)):
            r.act(rng.choice(r.legal_actions()))
        seat = r.to_move
        obs = observe(r, seat)
        # Shuffle the hidden cards: the other hand and the stock under the face-up card.
        other = 1 - seat
        hidden = r.hands[other] + r.stock[1:]
        rng.shuffle(hidden)
        k = len(r.hands[other])
        twin = r.copy()
        twin.hands[other] = hidden[:k]
        twin.stock = r.stock[:1] + hidden[k:]
        twin_obs = observe(twin, seat)
        assert twin_obs == obs
        if twin.hands[other] != r.hands[other] or obs.stock == 0:
            a = ExpertBot(seed=i, samples=8).choose(obs)
            b = ExpertBot(seed=i, samples=8).choose(twin_obs)
            assert a == b


@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, "brisca"), (2, "bisca"), (3, "italian"), (3, "brisca"), (4, "brisca"), (6, "italian")],
)
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_expert_plays_whole_matches(players: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant, target=2)  # type: ignore[arg-type]
    seats = [
        ExpertBot(seed=s, samples=4) if s % 2 == 0 else make_bot("greedy", seed=s)
        for s in range(players)
    ]
    outcome = run_match(rules, seats, seed=players * 7)
    assert outcome.reason == "complete" and not outcome.faults
    assert all(sum(r.points) == 120 for r in outcome.rounds)


# Traced: the one test whose samples are solved against random replies (estimate._expect).
def test_oracle_plays_whole_matches() -> None:
    for players in (2, 3, 4):
        rules = TableRules(players=players, variant="brisca")
        seats = [OracleBot() if s == 0 else make_bot("random", seed=s) for s in range(players)]
        outcome = run_match(rules, seats, seed=3)
        assert outcome.reason == "complete" and not outcome.faults


def test_expert_is_deterministic_for_a_seed() -> None:
    r = _deal(TableRules(players=4, variant="brisca"), random.Random(4))
    obs = observe(r, r.to_move)
    picks = {ExpertBot(seed=77, samples=6).choose(obs) for _ in range(3)}
    assert len(picks) == 1


def test_bad_values_given_directly_are_value_errors() -> None:
    for options in ({"club": -1}, {"club": "x"}, {"infer": 2}, {"samples": 0}, {"max_ms": 0}):
        with pytest.raises(ValueError):
            ExpertBot(**options)  # type: ignore[arg-type]


def test_think_ms_budget() -> None:
    r = _deal(TableRules(players=2), random.Random(8))
    obs = observe(r, r.to_move)
    bot = ExpertBot(seed=1, think_ms=20)
    assert bot.choose(obs) in obs.legal
    # With a tiny ceiling the expert still answers with at least one sample.
    assert ExpertBot(seed=1, samples=10_000, max_ms=1).choose(obs) in obs.legal


@pytest.mark.parametrize(
    "spec",
    [
        "expert:samples=0",
        "expert:think_ms=-5",
        "expert:max_ms=0",
        "expert:noise=2",
        "expert:adapt=maybe",
        "expert:adapt=2",
        "expert:infer=2",
        "expert:club=-1",
        "oracle:adapt=yes",
        "oracle:solve_cards=99",
    ],
)
def test_bad_options_are_spec_errors(spec: str) -> None:
    with pytest.raises(SpecError, match="bad options"):
        parse_spec(spec)


def test_sample_value() -> None:
    assert sample_value([70, 50], 0, 40) == 60
    assert sample_value([70, 50], 1, 40) == -60
    assert sample_value([60, 60], 0, 40) == 0
    assert sample_value([50, 40, 30], 2, 10) == -30  # three sides: against the best other


def test_percentile() -> None:
    from briscola.bots.bench import percentile

    assert percentile([3.0, 1.0, 2.0, 4.0], 50) == 2.5
    assert percentile([5.0], 99) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 90) == pytest.approx(4.6)
    with pytest.raises(ValueError):
        percentile([], 50)


def test_bench_bots_times_every_expert_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import functools

    from briscola.bots import bench
    from briscola.bots.bench import bench_bots

    # What is tested is the timing of every move, not the expert's strength: few samples.
    monkeypatch.setattr(bench, "ExpertBot", functools.partial(ExpertBot, samples=30))
    result = bench_bots(0.0, sizes=(2, 6))  # one match at least at each
    assert result["expert_matches"] == result["expert_6p_matches"] == 1
    assert result["expert_moves_timed"] >= 20 and result["expert_moves_timed"] % 20 == 0
    assert result["expert_6p_moves_timed"] % 6 == 0
    order = ["p50", "p90", "p99", "max"]
    for tag in ("", "_6p"):
        values = [result[f"expert{tag}_think_ms_{k}"] for k in order]
        assert values == sorted(values) and values[0] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
def test_playout_is_greedy_step_by_step(players: int, variant: str) -> None:
    """The inlined playouts end exactly where greedy_card played move by move ends,
    for the side that knows the sample too."""
    from briscola.bots.playout import _waste, playout

    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    rng = random.Random(11)
    for _ in range(30):
        r = _deal(rules, rng)
        for _ in range(rng.randrange(0, len(rules.deck) - 1)):
            r.act(rng.choice(r.legal_actions()))
        side = rng.choice([-1, rules.team_of[r.to_move]])  # -1: no seat knows the sample
        fast = Position.from_round(r)
        slow = fast.copy()
        playout(fast, side)
        while not slow.over:
            if slow.exchange_card() >= 0:
                slow.exchange()
            if rules.team_of[slow.to_move] == side:
                slow.play(greedy_card(slow, _waste(slow), True, _waste(slow, lead=True)))
            else:
                slow.play(greedy_card(slow, _waste(slow)))
        assert fast.score == slow.score and fast.over


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_noise_randomizes_only_the_other_side(players: int) -> None:
    """With noise 1 the other side plays at random: its moves differ from greedy's,
    while the playout's own side still plays greedy (with its own lead order)."""
    from briscola.bots.playout import _waste, playout

    rules = TableRules(players=players)
    rng = random.Random(3)
    differs = 0
    for _ in range(30):
        r = _deal(rules, rng)
        side = rules.team_of[r.to_move]
        base = Position.from_round(r)
        noisy, calm = base.copy(), base.copy()
        playout(noisy, side, 1.0, random.Random(1))
        playout(calm, side, 0.0, random.Random(1))
        differs += noisy.score != calm.score
        # Replay the noisy playout's own-side moves: each is greedy's choice.
        moves = random.Random(1)
        q = base.copy()
        while not q.over:
            hand = q.hands[q.to_move]
            if rules.team_of[q.to_move] != side and moves.random() < 1.0:
                q.play(hand[int(moves.random() * len(hand))])
            else:  # our own side: safe partner tricks, plain Aces and 3s led late
                q.play(greedy_card(q, _waste(q), sure=True, lead=_waste(q, lead=True)))
        assert q.score == noisy.score
    assert differs > 10


@pytest.mark.parametrize(
    ("spec", "told"),
    [
        ("expert:foo=1", "unknown option 'foo' for 'expert' in 'expert:foo=1'; it takes seed, "),
        ("random:x=1", "unknown option 'x' for 'random' in 'random:x=1'; it takes seed, name"),
    ],
)
def test_unknown_options_name_the_ones_a_bot_takes(spec: str, told: str) -> None:
    with pytest.raises(SpecError, match=re.escape(told)):
        parse_spec(spec)


def test_the_model_is_on_unless_a_noise_is_given_or_it_is_turned_off() -> None:
    assert ExpertBot().model is not None
    assert ExpertBot(noise=1.0).model is None and ExpertBot(noise=1.0).search.noise == 1.0
    assert ExpertBot(adapt=False).model is None and ExpertBot(adapt=False).search.noise == 0.0
    assert ExpertBot(noise=0.5, adapt=True).model is not None
    for text in ("expert:adapt=0", "expert:noise=1", "oracle:adapt=0"):
        parse_spec(text).make(seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_win_bonus_is_set_by_table_size_unless_given(players: int) -> None:
    rng = random.Random(players)
    r = _deal(TableRules(players=players), rng)
    for _ in range(players + 1):
        r.act(r.legal_actions()[0])
    obs = observe(r, r.to_move)
    assert DEFAULT_WIN_BONUS[players] == (20 if players == 4 else 0)
    assert ExpertBot()._search(obs).win_bonus == DEFAULT_WIN_BONUS[players]
    assert ExpertBot(win_bonus=0)._search(obs).win_bonus == 0
    assert ExpertBot(win_bonus=40)._search(obs).win_bonus == 40
    # The default ranks as the bonus given explicitly does: the same values.
    by_default = ExpertBot(seed=3, samples=40).rank(obs)
    given = ExpertBot(seed=3, samples=40, win_bonus=DEFAULT_WIN_BONUS[players]).rank(obs)
    assert by_default == given
    if players == 4:
        assert ExpertBot(seed=3, samples=40, win_bonus=0).rank(obs) != by_default
