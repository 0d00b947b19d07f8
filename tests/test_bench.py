"""``briscola bench``: the output's shape and the loops it measures, never its timings."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from unittest import mock

import pytest

from briscola.cli import main as cli_main
from briscola.engine.cards import Card
from briscola.engine.events import Played
from briscola.engine.game import Round
from briscola.lab import bench

KEYS = {
    "seconds",
    "rounds_per_s_2p",
    "rounds_per_s_3p",
    "rounds_per_s_4p",
    "observed_rounds_per_s_2p",
    "reference_rounds_per_s_2p",
    "engine_best_rounds_per_s_2p",
    "engine_to_reference",
    "copies_per_s",
    "determinize_per_s",
    "batched_positions_per_s_2p",
    "batched_to_reference",
    "net_batched_positions_per_s_2p",
    "net_single_positions_per_s_2p",
    "net_batched_to_single",
}


def test_bench_json_schema_through_the_real_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "bench", "--json", "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1  # one JSON object, nothing else
    data = json.loads(lines[0])
    assert set(data) == KEYS
    for key in KEYS:
        assert isinstance(data[key], float) and data[key] > 0, key


def test_bench_text_output_lists_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["bench", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("random self-play through the public engine API")
    for key in KEYS - {"seconds"}:
        assert key in out


@pytest.mark.parametrize("bad", ["0", "-1", "nan", "inf", "1e9"])
def test_bench_refuses_a_bad_duration(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:  # the argument type refuses most (argparse exits), bench itself refuses 0
        status = cli_main(["bench", "--seconds", bad])
    except SystemExit as exc:
        status = exc.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert "must be a number 0 to 3600 seconds" in err or "must be a positive number" in err


def test_bench_merges_the_bots_and_protocol_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--bots and --protocol import their modules only when asked and merge their dicts."""
    asked: list[tuple[str, float]] = []
    bots = types.ModuleType("briscola.bots.bench")
    proto = types.ModuleType("briscola.protocol.bench")

    def bench_bots(seconds: float) -> dict[str, float]:
        asked.append(("bots", seconds))
        return {"greedy_move_ms_p50": 0.5}

    def bench_protocol(seconds: float) -> dict[str, float]:
        asked.append(("protocol", seconds))
        return {"protocol_matches_per_s": 12.0}

    bots.bench_bots = bench_bots  # type: ignore[attr-defined]
    proto.bench_protocol = bench_protocol  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "briscola.bots.bench", bots)
    monkeypatch.setitem(sys.modules, "briscola.protocol.bench", proto)
    args = argparse.Namespace(json=True, seconds=0.01, bots=True, protocol=True)
    assert bench.main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["greedy_move_ms_p50"] == 0.5 and data["protocol_matches_per_s"] == 12.0
    assert set(data) >= KEYS
    assert asked == [("bots", 0.01), ("protocol", 0.01)]
    args.json = False
    assert bench.main(args) == 0
    out = capsys.readouterr().out
    assert "greedy_move_ms_p50" in out and "protocol_matches_per_s" in out


def test_the_measured_loops_play_real_rounds() -> None:
    """Both loops play whole, scored rounds; the engine loop goes through Round's API."""
    calls = {"n": 0}
    original = Round.play

    def counting(self: Round, card: Card) -> None:
        calls["n"] += 1
        original(self, card)

    step = bench.engine_round(3, seed=1)
    Round.play = counting  # type: ignore[method-assign]
    try:
        step()
    finally:
        Round.play = original  # type: ignore[method-assign]
    assert calls["n"] == 36  # every card of the 3-player pack
    bench.reference_round(seed=1)()  # asserts its own 120 points
    assert bench.measure(lambda: None, 0.0) >= 1


def test_the_observed_loop_observes_every_move_and_keeps_the_events() -> None:
    """``observed_rounds_per_s_2p`` drives the engine as the table does."""
    with mock.patch.object(bench, "observe", wraps=bench.observe) as spy:
        bench.observed_round(2, seed=1)()
    assert spy.call_count == 40  # every card of the pack, each by its observed mover
    r = spy.call_args.args[0]
    assert r.over and r.events is not None and sum(r.points) == 120
    assert sum(isinstance(ev, Played) for ev in r.events) == 40


def test_the_batched_loops_play_whole_rounds() -> None:
    """The batched steps deal and finish their rounds; the one-at-a-time network
    plays the net bot's cards through the engine."""
    from briscola.bots.batch import Batch

    finished: list[Batch] = []
    original = Batch.play

    def spying(self: Batch, slots: object) -> None:
        original(self, slots)  # type: ignore[arg-type]
        if self.over:
            finished.append(self)

    with mock.patch.object(Batch, "play", spying):
        bench.batched_round(rounds=4, seed=1)()
        bench.net_rounds(True, rounds=3, seed=1)()
    assert [b.b for b in finished] == [4, 3]
    assert all((b.points.sum(axis=1) == 120).all() for b in finished)
    with mock.patch.object(Round, "act", autospec=True, side_effect=Round.act) as acts:
        bench.net_rounds(False, seed=1)()
    assert acts.call_count == 40


def test_show_formats_figures() -> None:
    assert bench._show("rounds_per_s_2p", 34567.8).split() == ["rounds_per_s_2p", "34,568"]
    assert bench._show("engine_to_reference", 0.5123).split() == ["engine_to_reference", "0.512"]
    assert bench._show("note", "x").split() == ["note", "x"]


def test_calibration_records_every_choice_and_prints_the_reliability_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from briscola.lab.calibration import calibration

    c = calibration((2, 4), rounds=2, seed=3, samples=8)
    assert c.rounds == 4 and len({p[3] for p in c.points}) == 4
    assert all(
        0 <= p <= 1 and won in (0, 1) and 0 < left <= 1 for _, p, won, _, left, _ in c.points
    )
    assert sum(row["count"] for row in c.table()) == len(c.points)
    assert cli_main(["bench", "--calibration", "2", "--rounds", "1", "--samples", "5"]) == 0
    out = capsys.readouterr().out
    assert "Brier score" in out and "  stated     count  mean stated  observed  gap" in out
    assert len([line for line in out.splitlines() if "%" in line and "-" in line]) == 11
    assert out.splitlines()[-1].startswith("  worst decile ")  # the ten bins, then the worst


@pytest.mark.parametrize("bad", ["5", "2,x", ""])
def test_calibration_refuses_a_table_size_it_does_not_have(
    bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["bench", "--calibration", bad, "--rounds", "1"]) == 2
    assert "--calibration takes table sizes of 2, 3, 4 and 6" in capsys.readouterr().err
