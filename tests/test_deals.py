"""Deal suites: the shipped files, reading a file of seeds, and the arena on them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from untimed import untimed

from briscola.cli import main as cli_main
from briscola.engine.deals import SUITES, DealsError, read_deals
from briscola.engine.replay import verify_record
from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, plan, run_arena


@pytest.mark.parametrize("name", SUITES)
def test_the_shipped_suites_hold_a_thousand_different_deals(name: str) -> None:
    seeds = read_deals(name)
    assert len(seeds) == 1000 == len(set(seeds))
    assert all(0 <= s < 2**63 for s in seeds)
    assert set(read_deals(SUITES[0])).isdisjoint(read_deals(SUITES[1]))


def test_a_file_of_seeds_with_comments(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("# my deals\n\n17\n  42  # the answer\n9223372036854775807\n")
    assert read_deals(str(path)) == (17, 42, 2**63 - 1)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "1\nseven\n",
            "line 2: expected a match seed (a whole number), a JSON deck or a position, "
            "got 'seven'",
        ),
        ("-1\n", "line 1: a seed lies within 0..2**63-1, got -1"),
        (f"{2**63}\n", "a seed lies within"),
        ("# nothing\n\n", "holds no deals"),
    ],
)
def test_bad_deal_files_are_named_with_their_line(text: str, words: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(DealsError) as err:
        read_deals(str(path))
    assert words in str(err.value) and "bad.txt" in str(err.value)


def test_unreadable_deal_files(tmp_path: Path) -> None:
    with pytest.raises(DealsError, match="No such file"):
        read_deals(str(tmp_path / "none.txt"))
    with pytest.raises(DealsError, match="cannot read"):
        read_deals(str(tmp_path))  # a directory
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe1\n")
    with pytest.raises(DealsError, match="cannot read"):
        read_deals(str(binary))


def test_the_arena_plays_the_suite_whatever_the_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for seed in ("1", "2"):
        argv = ["arena", "greedy", "random", "--deals", "2p-1000", "--games", "4", "--json"]
        assert cli_main([*argv, "--seed", seed]) == 0
        out = untimed(json.loads(capsys.readouterr().out))
        assert out["deals"] == "2p-1000" and out["games"] == 4
        del out["seed"]
        runs.append(out)
    assert runs[0] == runs[1]
    config = ArenaConfig(TableRules(), ("greedy", "random"), 0, 4, deals=read_deals("2p-1000"))
    assert [t[2] for t in plan(config)][::2] == list(read_deals("2p-1000")[:4])
    assert len(list(run_arena(config))) == 8


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--deals", "nowhere.txt"], "cannot read --deals 'nowhere.txt'"),
        (["--deals", "2p-1000", "--games", "1001"], "2p-1000 holds 1000 deals"),
    ],
)
def test_bad_deals_are_usage_errors(
    extra: list[str], words: str, usage_error: Callable[[list[str]], str]
) -> None:
    assert words in usage_error(["arena", "greedy", "random", *extra])


# -- card orders and positions (issue 31 item 14) --------------------------------------

POSITIONS = Path(__file__).resolve().parent.parent / "benchmarks" / "positions" / "suite.jsonl"
PACK = [r + s for s in "CDSB" for r in "A234567JQK"]


def _arena(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    assert cli_main(["arena", "greedy", "random", *args, "--json"]) == status
    return json.loads(capsys.readouterr().out)


def _usage(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", "greedy", "random", *args])
    assert exc.value.code == 2
    return capsys.readouterr().err


def test_a_suite_of_card_orders_deals_exactly_those(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = list(reversed(PACK))
    suite = tmp_path / "decks.txt"
    suite.write_text(
        "# two packs, the second with its dealer\n"
        + json.dumps({"deck": " ".join(pack), "seed": 5})
        + "\n"
        + json.dumps({"decks": [PACK], "first_dealer": 1})
        + "\n"
    )
    rec = tmp_path / "rec"
    out = _arena(capsys, "--deals", str(suite), "--record", str(rec))
    assert out["games"] == 2 and out["matches"] == 4
    for name, want, dealer in (("deal00001", pack, None), ("deal00002", PACK, 1)):
        for rot in (0, 1):
            lines = [
                json.loads(x) for x in (rec / f"{name}-rot{rot}.jsonl").read_text().splitlines()
            ]
            deal = next(x for x in lines if x["type"] == "deal")
            assert deal["deck"] == want
            if dealer is not None:
                assert deal["dealer"] == dealer
            verify_record([json.dumps(x) for x in lines])


def test_a_suite_of_positions_plays_on_from_each(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = [x for x in POSITIONS.read_text().splitlines() if '"players":2' in x][:2]
    suite = tmp_path / "positions.jsonl"
    suite.write_text("\n".join(lines) + "\n")
    rec = tmp_path / "rec"
    out = _arena(capsys, "--deals", str(suite), "--record", str(rec))
    assert out["matches"] == 4
    position = json.loads(lines[0])
    before = [(p["seat"], p["card"]) for t in position["turn"]["played"] for p in t]
    before += [(p["seat"], p["card"]) for p in position["turn"]["trick"]]
    for rot in (0, 1):
        record = (rec / f"deal00001-rot{rot}.jsonl").read_text().splitlines()
        verify_record(record)
        played = [(x["seat"], x["card"]) for x in map(json.loads, record) if x["type"] == "played"]
        assert played[: len(before)] == before  # the match went on from the position
        header = json.loads(record[0])
        assert header["seed"] == position["source"]["match_seed"]


def test_a_suite_for_another_table_size_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = _usage(capsys, "--deals", "4p-1000")
    assert "--deals 4p-1000 is a suite for 4 players, and this table has 2" in err
    err = _usage(capsys, "--deals", "2p-1000", "--players", "4")
    assert "is a suite for 2 players, and this table has 4: give --players 2" in err
    positions = tmp_path / "p.jsonl"
    positions.write_text(next(x for x in POSITIONS.read_text().splitlines() if '"players":2' in x))
    assert "a suite for 2 players" in _usage(capsys, "--deals", str(positions), "--players", "4")
    decks = tmp_path / "d.txt"
    decks.write_text(json.dumps({"deck": PACK}) + "\n")
    err = _usage(capsys, "--deals", str(decks), "--players", "3")
    assert "line 1: its pack holds 40 cards, not the 36 of this table (3 players)" in err
    mixed = tmp_path / "m.txt"
    mixed.write_text(
        "# players: 2\n7\n" + positions.read_text().replace('"players":2', '"players":4')
    )
    assert "mixes tables: line 1 is for 2 players, line 3 for 4" in _usage(
        capsys, "--deals", str(mixed)
    )


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ('{"deck": "AD AD"}', "line 1: a card appears twice"),
        ('{"deck": "AD ZZ"}', "line 1: "),
        ('{"seed": 3}', "line 1: missing 'deck'"),
        ("{nope", "line 1: not JSON"),
        ('{"deck": "AD", "first_dealer": -1}', "'first_dealer' must be a seat number"),
    ],
)
def test_bad_structured_deals_name_their_line(line: str, told: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(line + "\n")
    with pytest.raises(DealsError) as err:
        read_deals(str(path))
    assert told in str(err.value)
