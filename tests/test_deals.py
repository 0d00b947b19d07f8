"""Deal suites: the shipped files, reading a file of seeds, and the arena on them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from untimed import untimed

from briscola.cli import main as cli_main
from briscola.engine.deals import SUITES, DealsError, read_deals
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
        ("1\nseven\n", "line 2: expected a match seed (a whole number), got 'seven'"),
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
        (["--deals", "4p-1000", "--games", "1001"], "4p-1000 holds 1000 deals"),
    ],
)
def test_bad_deals_are_usage_errors(
    extra: list[str], words: str, usage_error: Callable[[list[str]], str]
) -> None:
    assert words in usage_error(["arena", "greedy", "random", *extra])
