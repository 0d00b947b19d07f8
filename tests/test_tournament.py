"""briscola tournament: round robin and gauntlet on the same deals, the crosstable,
Bradley-Terry ratings, and a tournament directory that resumes."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from untimed import untimed
from untraced import untraced

from briscola.cli import main as cli_main
from briscola.engine.replay import verify_record
from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, run_arena
from briscola.lab.stats import bradley_terry
from briscola.lab.tally import Tally
from briscola.lab.tournament import pairings, render

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"


def tournament(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    assert cli_main(["tournament", *args, "--json"]) == status
    return untimed(json.loads(capsys.readouterr().out))


def test_pairings() -> None:
    assert pairings(3, False) == [(0, 1), (0, 2), (1, 2)]
    assert pairings(4, True) == [(0, 1), (0, 2), (0, 3)]
    assert len(pairings(5, False)) == 10


def test_ratings_by_hand() -> None:
    # 75 of 100: the MLE is 400 log10(75 / 25) = 190.85 Elo; its standard error
    # 1 / sqrt(100 * 0.75 * 0.25) in natural units, 1.95996 of them = 78.6306 Elo.
    (a, b) = bradley_terry(2, [(0, 1, 75, 100)], anchor=1, prior=0)
    assert b == (0.0, 0.0, 0.0)
    assert a[0] == pytest.approx(400 * math.log10(3))
    assert a[2] - a[0] == pytest.approx(78.6306, abs=1e-3) and a[0] - a[1] == pytest.approx(
        78.6306, abs=1e-3
    )
    # A cycle of 2-to-1 wins: everyone equal.
    cycle = bradley_terry(3, [(0, 1, 2, 3), (1, 2, 2, 3), (2, 0, 2, 3)], prior=0)
    assert [r[0] for r in cycle] == pytest.approx([0, 0, 0], abs=1e-6)
    # Everything won: infinite without the prior, finite and large with it.
    assert bradley_terry(2, [(0, 1, 10, 10)], anchor=1)[0][0] > 300
    assert bradley_terry(2, [(0, 1, 5, 10)], anchor=1, prior=0)[0][0] == pytest.approx(0)
    # A player who met nobody has no interval.
    lone = bradley_terry(3, [(0, 1, 5, 10)], prior=0)
    assert lone[2][1] == -math.inf and lone[2][2] == math.inf
    with pytest.raises(ValueError, match="bad pairing"):
        bradley_terry(2, [(0, 0, 1, 2)])
    with pytest.raises(ValueError, match="bad pairing"):
        bradley_terry(2, [(0, 1, 3, 2)])


@given(
    st.lists(st.integers(0, 20), min_size=3, max_size=3),
    st.integers(1, 20),
    st.permutations([0, 1, 2]),
)
def test_ratings_do_not_depend_on_the_order_of_the_players(
    scores: list[int], matches: int, order: list[int]
) -> None:
    pairs = [(0, 1), (0, 2), (1, 2)]
    games = [(i, j, min(s, matches), matches) for (i, j), s in zip(pairs, scores, strict=True)]
    here = bradley_terry(3, games, anchor=0)
    moved = [(order[i], order[j], s, n) for i, j, s, n in games]
    there = bradley_terry(3, moved, anchor=order[0])
    for p in range(3):
        assert there[order[p]][0] == pytest.approx(here[p][0], abs=1e-6)
        assert there[order[p]][2] == pytest.approx(here[p][2], abs=1e-6)


def test_a_round_robin_plays_every_pair_on_the_same_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tournament(capsys, "random", "greedy", "random:seed=5", "--games", "3", "--seed", "8")
    assert out["format"] == "round robin" and out["complete"] and out["matches"] == 18
    assert out["anchor"] == "greedy"
    ratings = {r["spec"]: r for r in out["ratings"]}
    assert ratings["greedy"]["elo"] == 0 and ratings["random"]["elo"] < 0
    cross = out["crosstable"]
    for a in cross:
        for b, cell in cross[a].items():
            back = cross[b][a]
            assert (cell["wins"], cell["losses"]) == (back["losses"], back["wins"])
            assert cell["score"] + back["score"] == pytest.approx(1.0)
    # Each pairing is exactly the arena on the same seed.
    config = ArenaConfig(TableRules(), ("random", "greedy"), seed=8, games=3)
    alone = Tally(config, list(run_arena(config))).summary()
    assert out["pairings"][0]["sides"] == untimed(alone["sides"])


def test_a_gauntlet_and_the_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    out = tournament(
        capsys, "greedy", "random", "random:seed=4", "--gauntlet", "--games", "2", "--seed", "1"
    )
    assert out["format"] == "gauntlet" and len(out["pairings"]) == 2
    assert "random:seed=4" not in out["crosstable"]["random"]
    argv = ["tournament", "greedy", "random", "--games", "2", "--seed", "1", "--anchor", "random"]
    assert cli_main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith(
        "round robin of 2: 2 players, 40 cards, italian, first to 1; "
        "2 deals per pairing, 4 matches, seed 1"
    )
    assert "ratings (Bradley-Terry, random = 0, 95% CI)" in text
    assert "greedy vs random: 4 matches" in text and "crosstable" in text


def test_a_tournament_directory_resumes_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("greedy", "random", "random:seed=2", "--games", "3", "--seed", "4")
    whole = tournament(capsys, *args)
    run = tmp_path / "t"
    first = tournament(capsys, *args, "--record", str(run))
    assert first == whole
    results = run / "results.jsonl"
    lines = results.read_text().splitlines()
    assert len(lines) == 18 and len(list(run.glob("pair*/*.jsonl"))) == 18
    # As if killed: seven matches kept, the eighth line cut in the middle.
    results.write_text("\n".join(lines[:7]) + "\n" + lines[7][:30])
    again = tournament(capsys, *args[:-2], "--record", str(run))  # the seed is kept too
    assert again == whole
    # The cut line is dropped (its match played again): every line is one JSON object.
    assert len([json.loads(line) for line in results.read_text().splitlines()]) == 18
    for path in run.glob("pair*/*.jsonl"):
        verify_record(path.read_text().splitlines())
    # Nothing missing: nothing played; more deals: only those.
    assert tournament(capsys, *args, "--record", str(run)) == whole
    more = tournament(capsys, *args[:4], "4", *args[5:], "--record", str(run))
    assert more["matches"] == 24 and len(results.read_text().splitlines()) == 24


def test_a_program_in_a_tournament_on_two_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = (SIMPLE, "greedy", "random", "--games", "2", "--seed", "6", "--jobs", "2")
    out = tournament(capsys, *args, "--record", str(tmp_path / "t"))
    assert out["complete"] and all(run["faults"] == 0 for run in out["pairings"])
    assert out == tournament(capsys, *args[:-2])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["greedy"], "two or more different specs"),
        (["greedy", "greedy"], "two or more different specs"),
        (["greedy", "random", "--players", "3"], "--players must be one of 2, 4"),
        (["greedy", "random", "--anchor", "expert"], "--anchor 'expert' is not one of the specs"),
        (["greedy", "random", "nobody"], "unknown player 'nobody'"),
        (["greedy", "random", "--deals", "nowhere"], "cannot read --deals 'nowhere'"),
    ],
)
def test_bad_tournaments_are_usage_errors(
    argv: list[str], words: str, usage_error: Callable[[list[str]], str]
) -> None:
    assert words in usage_error(["tournament", *argv])


def test_a_directory_of_another_tournament_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], usage_error: Callable[[list[str]], str]
) -> None:
    run = tmp_path / "t"
    tournament(capsys, "greedy", "random", "--games", "1", "--seed", "1", "--record", str(run))
    err = usage_error(["tournament", "greedy", "random", "--record", str(run), "--target", "2"])
    assert "holds a tournament with other settings" in err and "target 1" in err
    (tmp_path / "file").write_text("x")
    assert "is a file" in usage_error(
        ["tournament", "greedy", "random", "--record", str(tmp_path / "file")]
    )
    (run / "tournament.json").write_text("[1]")
    assert "is not a tournament's settings" in usage_error(
        ["tournament", "greedy", "random", "--record", str(run)]
    )


def test_ctrl_c_keeps_what_was_played_and_the_rerun_completes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import signal
    import subprocess
    import time

    run = tmp_path / "t"
    args = ["expert:samples=30", "greedy", "random", "--games", "2", "--seed", "2"]
    cmd = [sys.executable, "-m", "briscola", "tournament", *args, "--record", str(run), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = run / "results.jsonl"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if results.exists() and len(results.read_text().splitlines()) >= 2:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    # Nothing on stderr: no traceback, no "coroutine 'Clocked.close' was never awaited".
    assert proc.returncode == 130 and err == "", err
    cut = untimed(json.loads(out))
    assert cut["interrupted"] and not cut["complete"]
    assert "interrupted: the result so far" in render(cut)
    assert "incomplete: some matches" in render({**cut, "interrupted": False})
    kept = len(results.read_text().splitlines())
    assert 2 <= kept < 12
    whole = tournament(capsys, *args, "--record", str(run))
    assert whole["complete"] and whole["matches"] == 12
    with untraced():  # the same 12 matches again, from nothing: only the result counts
        assert whole == tournament(capsys, *args)
