"""What the arena and the tournament print, item by item: every --json field in
docs/arena.md, the table named in the tournament, LOS and draw ratios, signs and
unbounded ends printed as such, and a refused answer told the way it is tallied."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from briscola.cli import main as cli_main
from briscola.lab.stats import los, paired_los
from briscola.lab.tally import elo_text, signed

ROOT = Path(__file__).resolve().parent.parent
BUGGY = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'buggy.py'}"
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"


def run(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> str:
    assert cli_main(list(args)) == status
    return capsys.readouterr().out


def _keys(value: Any, into: set[str]) -> set[str]:
    """Every key of a summary, except those of the by-code tables (their keys are codes)."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key in ("faults", "failures") and isinstance(v, dict):
                for per_code in v.values():
                    _keys(per_code, into)
                into.add(key)
                continue
            into.add(key)
            _keys(v, into)
    elif isinstance(value, list):
        for v in value:
            _keys(v, into)
    return into


def test_every_json_field_of_the_arena_is_in_the_docs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = str(tmp_path / "rec")
    crash = f"cmd:{MISBEHAVE} crash"
    args = ["arena", crash, "greedy", "--games", "2", "--seed", "1", "--record", rec]
    out = json.loads(run(capsys, *args, "--sprt", "elo0=0", "elo1=10", "--json", status=1))
    recovered = json.loads(
        run(capsys, "arena", f"cmd:{BUGGY} debug", "greedy", "--games", "1", "--json")
    )
    keys = _keys(out, set()) | _keys(recovered, set())
    assert {"record_errors", "los", "draw_ratio", "message", "verdict", "late"} <= keys
    docs = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8")
    missing = sorted(k for k in keys if f"`{k}`" not in docs)
    assert not missing, f"docs/arena.md does not list {missing}"


def test_the_tournament_names_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "greedy", "random", "--games", "1", "--seed", "2", "--variant"]
    out = json.loads(run(capsys, *args, "bisca", "--target", "2", "--json"))
    assert (out["variant"], out["target"], out["pack"], out["players"]) == ("bisca", 2, 40, 2)
    head = run(capsys, *args, "bisca", "--target", "2").splitlines()[0]
    assert head.startswith("round robin of 2: 2 players, 40 cards, bisca, first to 2; ")


def test_los_and_draw_ratio_by_hand() -> None:
    assert los(0, 0) == 0.5 and los(5, 5) == 0.5
    # cutechess: 60 wins, 40 losses: 1/2 (1 + erf(20 / sqrt(200))) = 0.97725
    assert los(60, 40) == pytest.approx(0.977250, abs=1e-6)
    assert los(40, 60) == pytest.approx(1 - 0.977250, abs=1e-6)
    assert paired_los([0, 0, 0, 0, 0]) == 0.5
    assert paired_los([0, 0, 7, 0, 0]) == 0.5 and paired_los([0, 0, 0, 0, 3]) == 1.0
    # Three pairs scored 1 and four 2: mean share 11/14, variance 3/49 a pair.
    want = 0.5 * (1 + math.erf((11 / 14 - 0.5) / math.sqrt(2 * 3 / 49 / 7)))
    assert paired_los([0, 0, 3, 0, 4]) == pytest.approx(want, abs=1e-12)
    with pytest.raises(ValueError):
        los(-1, 2)


def test_los_and_draw_ratio_in_the_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "greedy", "random", "--games", "20", "--seed", "4"]
    out = json.loads(run(capsys, *args, "--json"))
    first = out["sides"][0]
    assert out["los"] == pytest.approx(los(first["wins"], first["losses"]))
    assert out["draw_ratio"] == first["draws"] / out["matches"]
    assert out["pairs"]["los"] == pytest.approx(paired_los(out["pairs"]["pentanomial"]))
    assert out["pairs"]["draw_ratio"] == out["pairs"]["pentanomial"][2] / 20
    text = run(capsys, *args)
    assert f"LOS {out['los']:.1%}, draw ratio {out['draw_ratio']:.1%}" in text
    assert f"LOS {out['pairs']['los']:.1%}, even pairs" in text


def test_signs_and_unbounded_ends() -> None:
    assert [signed(x) for x in (12.4, -3.6, -0.2, -0.0, 0.4, math.inf, -math.inf)] == [
        "+12", "-4", "0", "0", "0", "+inf", "-inf",
    ]  # fmt: skip
    assert elo_text(35.2, [10.1, None]) == "+35 [95% CI +10, +inf]"
    assert elo_text(None, [None, None], lean=1) == "+inf [95% CI +inf, +inf]"
    assert elo_text(None, [None, None], lean=-3) == "-inf [95% CI -inf, -inf]"


def test_identical_bots_and_a_sweep_print_no_minus_zero_and_no_dash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    same = run(capsys, "arena", "greedy", "greedy", "--games", "6", "--seed", "1")
    assert "Elo 0 [95% CI 0, 0]" in same and "the pairs show no spread" in same
    sweep = run(capsys, "arena", "greedy", "random", "--games", "6", "--seed", "3")
    for text in (same, sweep):
        assert not re.search(r"(?<![\d.])-0(?![\d.])", text), text
        assert not re.search(r"[\[ ]-[,\]]", text), text
    assert "+inf]" in sweep
    # Seeded: a sweep (its Elo +inf and -inf) is what the table must print without -0.
    args = ("greedy", "random", "greedy:name=g", "--games", "1", "--seed", "1")
    table = run(capsys, "tournament", *args)
    assert not re.search(r"(?<![\d.])-0(?![\d.])", table) and "inf" in table


def test_a_second_answer_is_told_as_the_fault_it_is_counted_as(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = json.loads(run(capsys, "arena", f"cmd:{BUGGY} debug", "greedy", "--games", "1", "--json"))
    stale = out["sides"][0]["faults"]["unknown_id"]
    assert stale["count"] == 2 and out["faults"] >= 2
    assert "not counted" not in stale["first"]["message"]
    assert "not one of the three faults in a row" in stale["first"]["message"]


def test_a_player_with_no_match_yet_has_no_rating() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "tournament", "greedy", "random", "random:seed=1",
         "--games", "1", "--seed", "1", "--report-every", "2"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    first = done.stderr.splitlines()[0]
    assert "random:seed=1 (no match yet)" in first and " -0" not in first
