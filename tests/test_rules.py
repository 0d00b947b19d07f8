"""Table settings: every table of RULES.md, and clear refusals of the others."""

from __future__ import annotations

import random
import re

import pytest

from briscola.engine.cards import ALL_CARDS, Rank, points_table, strength_table
from briscola.engine.game import Match
from briscola.engine.rules import RulesError, TableRules


@pytest.mark.parametrize(
    ("players", "cards", "tricks", "teams"),
    [
        (2, 40, 20, ((0,), (1,))),
        (3, 36, 12, ((0,), (1,), (2,))),
        (4, 40, 10, ((0, 2), (1, 3))),
        (6, 36, 6, ((0, 3), (1, 4), (2, 5))),
    ],
)
def test_each_table_of_rules_md(
    players: int, cards: int, tricks: int, teams: tuple[tuple[int, ...], ...]
) -> None:
    rules = TableRules(players=players)
    assert len(rules.deck) == cards == len(rules.deck_set)
    assert rules.tricks == tricks
    assert rules.teams == teams
    for team, seats in enumerate(teams):
        for seat in seats:
            assert rules.team_of[seat] == team
    twos = [c for c in rules.deck if c.rank == Rank.TWO]
    assert len(twos) == (4 if players in (2, 4) else 0)
    assert sum(rules.points[c] for c in rules.deck) == 120
    # Seats play in order: the rotation from seat s is s, s+1, ... mod n.
    for s in range(players):
        assert rules.rotation[s] == tuple((s + i) % players for i in range(players))


def test_partners_sit_opposite() -> None:
    four = TableRules(players=4)
    assert four.team_of == (0, 1, 0, 1)
    six = TableRules(players=6)
    for i in range(3):
        assert six.team_of[i] == six.team_of[i + 3] == i


@pytest.mark.parametrize("variant", ["italian", "brisca", "bisca"])
def test_variants_set_ranking_and_exchange(variant: str) -> None:
    rules = TableRules(variant=variant)  # type: ignore[arg-type]
    ranking = "bisca" if variant == "bisca" else "default"
    assert rules.ranking == ranking
    assert rules.strength == strength_table(ranking)  # type: ignore[arg-type]
    assert rules.points == points_table(ranking)  # type: ignore[arg-type]
    assert rules.exchange == (variant == "brisca")


def test_default_table_is_italian_two_players_first_to_one() -> None:
    rules = TableRules()
    assert (rules.players, rules.variant, rules.target) == (2, "italian", 1)
    assert rules.deck == ALL_CARDS
    assert rules.to_dict() == {"players": 2, "variant": "italian", "target": 1}


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({"players": 5}, "a table has 2, 3, 4 or 6 players, not 5"),
        ({"players": 1}, "not 1"),
        ({"players": True}, "not True"),
        ({"players": "2"}, "not '2'"),
        ({"variant": "scopa"}, "unknown variant 'scopa'; expected one of italian, brisca, bisca"),
        ({"target": 4}, "a match is first to 1, 2 or 3 won rounds, not 4"),
        ({"target": 0}, "not 0"),
        ({"target": False}, "not False"),
    ],
)
def test_bad_settings_raise_rules_error_with_clear_text(
    kwargs: dict[str, object], text: str
) -> None:
    with pytest.raises(RulesError) as info:
        TableRules(**kwargs)  # type: ignore[arg-type]
    assert text in str(info.value)
    assert isinstance(info.value, ValueError)


def test_from_dict_round_trips_and_fills_defaults() -> None:
    for players in (2, 3, 4, 6):
        for variant in ("italian", "brisca", "bisca"):
            for target in (1, 2, 3):
                rules = TableRules(players, variant, target)  # type: ignore[arg-type]
                assert TableRules.from_dict(rules.to_dict()) == rules
    assert TableRules.from_dict({}) == TableRules()
    assert TableRules.from_dict({"players": 4, "extra": "ignored"}) == TableRules(players=4)


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ([2, "italian"], "table settings must be an object"),
        ({"players": "four"}, "players, target and pack must be whole numbers"),
        ({"target": 1.5}, "players, target and pack must be whole numbers"),
        ({"variant": 3}, "unknown variant 3"),
        ({"variant": "spanish"}, "unknown variant 'spanish'"),
        ({"players": 7}, "a table has 2, 3, 4 or 6 players, not 7"),
    ],
)
def test_from_dict_refuses_bad_settings_clearly(data: object, text: str) -> None:
    with pytest.raises(RulesError, match=text):
        TableRules.from_dict(data)  # type: ignore[arg-type]


def test_the_pack_is_the_tables_default_unless_39_at_three_seats() -> None:
    assert [TableRules(players=n).pack for n in (2, 3, 4, 6)] == [40, 36, 40, 36]
    italian = TableRules(players=3, pack=39)
    assert italian.to_dict() == {"players": 3, "variant": "italian", "target": 1, "pack": 39}
    assert TableRules.from_dict(italian.to_dict()) == italian
    assert "pack" not in TableRules(players=3, pack=36).to_dict()  # the default is not written
    assert TableRules(players=3, pack=36) == TableRules(players=3)
    for players, pack, text in [
        (2, 39, "a 2-player table plays with 40 cards, not 39"),
        (6, 39, "a 6-player table plays with 36 cards, not 39"),
        (3, 40, "36 cards (the four 2s removed, the default) or 39 (only the 2 of Batons)"),
    ]:
        with pytest.raises(RulesError, match=re.escape(text)):
            TableRules(players=players, pack=pack)


def test_rules_are_values() -> None:
    assert TableRules(4, "bisca", 2) == TableRules(players=4, variant="bisca", target=2)
    assert hash(TableRules(3)) == hash(TableRules(3))
    assert TableRules(3) != TableRules(4)
    with pytest.raises(AttributeError):
        TableRules().players = 4  # type: ignore[misc]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_trick_winner_agrees_with_the_engine(players: int) -> None:
    """The one helper bots use to read a trick names the seat the engine gives it to."""
    rules = TableRules(players=players, variant="bisca")
    rng = random.Random(players)
    for seed in range(20):
        r = Match(rules, seed).start_round()
        while not r.over:
            r.play(rng.choice(r.legal_moves()))
        for leader, cards, winner in r.history:
            assert rules.rotation[leader][rules.trick_winner(r.trump_suit, cards)] == winner
