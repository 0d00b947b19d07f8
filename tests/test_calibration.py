"""The advice's calibration map (issue 29): it rises, one per table size and stage,
and its fit follows the curve of what happens, not a logistic guess of it."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from scripts import run

from briscola.bots.calibration import CALIBRATION, STAGES, calibrate
from briscola.lab.calibration import Calibration, fit, format_calibration

GRID = [i / 200 for i in range(201)]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_map_rises_at_every_table_size_and_stage(players: int) -> None:
    stages = CALIBRATION[players]
    assert len(stages) == STAGES
    for s, knots in enumerate(stages):
        assert knots[0][0] == 0 and knots[-1][0] == 1
        for (x0, y0), (x1, y1) in itertools.pairwise(knots):
            assert x0 < x1 and y0 < y1 and y0 >= 0 and y1 <= 1, (players, s, knots)
        left = 1 - (s + 0.5) / STAGES  # the middle of the stage
        told = [calibrate(p, players, left) for p in GRID]
        assert all(a < b for a, b in itertools.pairwise(told))  # the order of the cards kept
        assert calibrate(0.75, players, left) < 0.75  # the search's chances are too high


def test_the_maps_differ_by_table_size_and_stage() -> None:
    told = {(n, s): round(calibrate(0.7, n, 1 - (s + 0.5) / STAGES), 3)
            for n in (2, 3, 4, 6) for s in range(STAGES)}  # fmt: skip
    assert len(set(told.values())) > 6


def test_a_size_without_a_map_and_the_ends_are_told_as_they_are() -> None:
    assert calibrate(0.7, 5, 0.5) == 0.7
    assert calibrate(0.3, 2, 0.5, {}) == 0.3
    assert calibrate(0.0, 2, 0.5, {2: (((0.0, 0.0), (1.0, 1.0)),)}) == 0.0


def test_the_fit_follows_a_curve_no_logistic_map_has() -> None:
    # What the raw runs show: right at both ends, 15 to 20 points too high between.
    def truth(p: float) -> float:
        return p if p < 0.2 or p > 0.95 else 0.2 + (p - 0.2) * 0.7

    rng = random.Random(7)
    points = [(p, int(rng.random() < truth(p))) for p in (rng.random() for _ in range(30_000))]
    knots = fit(points)
    for (x0, y0), (x1, y1) in itertools.pairwise(knots):
        assert x0 < x1 and y0 < y1
    table = {2: (knots,)}
    for p in (0.1, 0.35, 0.5, 0.7, 0.85, 0.98):
        assert abs(calibrate(p, 2, 0.5, table) - truth(p)) < 0.04, p


def test_the_fit_pools_a_dip_and_closes_both_ends() -> None:
    points = [(0.2, 0)] * 5 + [(0.3, 1)] * 4 + [(0.3, 0)] * 6 + [(0.4, 0)] * 8 + [(0.4, 1)] * 2
    points += [(0.8, 1)] * 9 + [(0.8, 0)]
    knots = fit(points, bins=100, least=1)  # a group for each chance
    assert knots[0] == (0.0, 0.0) and knots[-1] == (1.0, 1.0)
    assert knots[1] == pytest.approx((0.35, 0.3))  # 0.3 won 40 %, 0.4 20 %: pooled
    assert knots[2] == pytest.approx((0.8, 0.9))


def test_the_table_names_its_worst_decile_and_the_noise_of_each() -> None:
    # 0-10 %: rounds 0 and 1, five choices each at 5 %; one won, in round 1.
    low = [(2, 0.05, 0, 0, 1.0, False)] * 5 + [(2, 0.05, 0, 1, 1.0, False)] * 4
    low += [(2, 0.05, 1, 1, 1.0, False)]
    high = [(2, 0.75, 1, 2, 0.5, False)] * 3 + [(2, 0.75, 0, 2, 0.5, False)]
    c = Calibration(points=low + high)
    out = format_calibration(c, [2]).splitlines()
    assert "  stated     count  mean stated  observed  gap    se" in out
    # Each round's gaps summed: -0.5 and +0.5, so se = sqrt(0.5) / 10 = 7.1 points.
    assert "    0- 10%     10         5.0%     10.0%   +5.0   7.1" in out
    assert "   70- 80%      4        75.0%     75.0%   +0.0   0.0" in out
    assert out[-1] == "  worst decile 0-10%: 5.0 points off (0.7 se)"


def test_the_fitting_script_fits_on_some_rounds_and_checks_on_others(tmp_path: Path) -> None:
    rng = random.Random(3)
    for name, players in (("a", 2), ("b", 4)):
        points = []
        for r in range(40):
            for i in range(20):
                p = rng.random()
                points.append([players, p, int(rng.random() < 0.8 * p), r, 1 - i / 20, i == 19])
        (tmp_path / f"{name}.json").write_text(json.dumps({"raw": True, "points": points}))
    files = [str(tmp_path / "a.json"), str(tmp_path / "b.json")]  # fitted on the same: a test
    done = run("calibration_fit", "--fit", *files, "--check", *files, "--bins", "5", "--least", "9")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("CALIBRATION: Maps = {\n    2: (\n        (\n            (0.000, 0.")
    assert "\n    4: (\n" in out and "2 players: 800 positions, Brier score" in out
    mapped = [json.loads(f.read_text())["points"] for f in (tmp_path / "a.json",)]
    (tmp_path / "m.json").write_text(json.dumps({"raw": False, "points": mapped[0]}))
    bad = run("calibration_fit", "--fit", str(tmp_path / "m.json"))
    assert bad.returncode != 0 and "not a --raw run" in bad.stderr


def test_a_chance_of_0_or_1_is_a_group_of_its_own() -> None:
    # The samples often say 0 (here 1 round won in 80), 1 (39 in 40); from 5 to 10 %
    # wins a third: too few zeros to be a bin of 100, but not to be pooled with those.
    points = [(0.0, int(i == 0)) for i in range(80)]
    points += [(0.05 + i / 3000, int(i % 3 == 0)) for i in range(150)]
    points += [(0.5, i % 2) for i in range(200)] + [(1.0, int(i % 40 != 0)) for i in range(400)]
    knots = fit(points)
    assert knots == ((0.0, 0.013), (0.075, 0.333), (0.5, 0.5), (1.0, 0.975))
    assert calibrate(0.075, 2, 0.5, {2: (knots,)}) == pytest.approx(0.333)


def test_the_fitting_script_holds_each_seed_out_in_turn(tmp_path: Path) -> None:
    rng = random.Random(5)
    files = []
    for seed in (11, 12, 13):
        points = []
        for r in range(30):
            for i in range(20):
                p = rng.random()
                points.append([2, p, int(rng.random() < 0.8 * p), r, 1 - i / 20, False])
        path = tmp_path / f"raw2-{seed}.json"
        path.write_text(json.dumps({"raw": True, "seed": seed, "points": points}))
        files.append(str(path))
    done = run("calibration_fit", "--fit", *files, "--cross", "--bins", "5", "--least", "9")
    assert done.returncode == 0, done.stderr
    out = done.stdout.split("\nEach seed held out", 1)[1]
    assert [line[:8] for line in out.splitlines()[1:4]] == ["seed 11:", "seed 12:", "seed 13:"]
    assert "\nall tables: 1800 positions, Brier score" in out  # every seed's rounds, pooled
    one = run("calibration_fit", "--fit", files[0], "--cross")
    assert one.returncode != 0 and "--cross needs --fit runs of two seeds or more" in one.stderr
