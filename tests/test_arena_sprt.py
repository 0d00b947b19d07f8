"""The arena's paired statistics and its SPRT, through the command in-process."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from untimed import untimed

from briscola.cli import main as cli_main


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert cli_main(["arena", *args, "--json"]) == 0
    out: dict[str, Any] = untimed(json.loads(capsys.readouterr().out))
    return out


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_sprt_stops_at_h1_with_the_same_verdict_on_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("greedy", "random", "--sprt", "elo0=0", "elo1=50", "--seed", "1")
    one = arena(capsys, *args)
    t = one["sprt"]
    assert t["verdict"] == "H1" and t["llr"] >= t["upper"] == pytest.approx(2.944, abs=1e-3)
    assert one["matches"] == 2 * t["pairs"] == 2 * one["games"] and not one["interrupted"]
    assert one["pairs"]["count"] == t["pairs"] and sum(one["pairs"]["pentanomial"]) == t["pairs"]
    two = arena(capsys, *args, "--jobs", "2")
    assert two == one  # stopped at the same deal: the verdict follows plan order


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_sprt_accepts_h0_and_a_cap_leaves_no_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    out = arena(capsys, "greedy", "random", "--sprt", "elo0=500", "elo1=600", "--seed", "2")
    assert out["sprt"]["verdict"] == "H0" and out["sprt"]["llr"] <= out["sprt"]["lower"]
    out = arena(
        capsys, "greedy", "random", "--sprt", "elo0=0", "elo1=5", "--games", "3", "--seed", "2"
    )
    assert out["sprt"]["verdict"] is None and out["games"] == 3 and out["sprt"]["pairs"] == 3


def test_the_table_shows_pairs_and_the_sprt(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "greedy", "random", "--sprt", "elo0=0", "elo1=50", "--seed", "1"]
    assert cli_main(argv) == 0
    out = capsys.readouterr().out
    assert "Paired by deal (29 pairs; scored 0, 1/2, 1, 3/2, 2: 2 0 9 0 18): Elo +216" in out
    assert "SPRT elo0=0 elo1=50 alpha=0.05 beta=0.05: LLR +2.98 [-2.94, +2.94]" in out
    assert "after 29 pairs, H1 accepted (Elo +50 rather than +0)" in out


def test_pairs_only_where_deals_come_in_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert "pairs" in arena(capsys, "greedy", "random", "--games", "3", "--players", "4")
    assert "pairs" not in arena(capsys, "greedy", "random", "--games", "3", "--no-duplicate")
    assert "pairs" not in arena(capsys, "greedy", "random", "--games", "2", "--players", "3")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--sprt", "elo0=0"], "--sprt needs elo1"),
        (["--sprt", "elo0=0", "elo1=10", "--no-duplicate"], "cannot be used with --no-duplicate"),
        (["--sprt", "elo0=0", "elo1=10", "--players", "3"], "compares two sides"),
        (["--sprt", "elo0=0", "elo1=10", "beta=1"], "below 0.5"),
    ],
)
def test_bad_sprt_arguments_are_usage_errors(
    extra: list[str], words: str, usage_error: Callable[[list[str]], str]
) -> None:
    assert words in usage_error(["arena", "greedy", "random", *extra])
