"""One bot process per seat for many matches: the same results as a process per
match, a failure restarts the program and stays with its match, nothing is left."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, run_arena
from briscola.lab.tally import Tally

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVE = f"cmd:{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"


def started(pid_dir: Path) -> list[int]:
    return sorted(int(p.stem) for p in pid_dir.glob("*.pid"))


def gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def config(mode: str, games: int, **options: object) -> ArenaConfig:
    return ArenaConfig(
        TableRules(), (f"{MISBEHAVE} {mode}", "greedy"), seed=3, games=games, **options
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_one_process_plays_every_match_with_the_same_results(
    jobs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path / "kept"))
    (tmp_path / "kept").mkdir()
    kept = list(run_arena(config("ok", 4), jobs))
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path / "fresh"))
    (tmp_path / "fresh").mkdir()
    fresh = list(run_arena(config("ok", 4, fresh_process=True), jobs))
    assert kept == fresh and len(kept) == 8
    assert all(r.faults == 0 for r in kept)
    assert len(started(tmp_path / "fresh")) == 8
    assert 1 <= len(started(tmp_path / "kept")) <= jobs  # one per worker that played
    assert all(gone(pid) for d in ("kept", "fresh") for pid in started(tmp_path / d))


def test_two_seats_of_one_program_get_a_process_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path))
    cfg = ArenaConfig(TableRules(players=4), (f"{MISBEHAVE} ok", "greedy"), seed=4, games=3)
    results = list(run_arena(cfg, 1))
    assert len(results) == 6 and all(r.faults == 0 for r in results)
    assert len(started(tmp_path)) == 2  # the team's two seats, for all six matches
    assert all(gone(pid) for pid in started(tmp_path))


def test_a_failure_stays_with_its_match_and_the_program_is_restarted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path))
    results = list(run_arena(config("crash_later", 3), 1))
    # Each process crashes in its second match; the next match has a fresh one.
    assert [r.faults for r in results] == [0, 1, 0, 1, 0, 1]
    assert all(r.failures[0][0] == "crashed" for r in results[1::2])
    assert all(r.forfeit == 0 for r in results[1::2])
    assert len(started(tmp_path)) == 3
    summary = Tally(config("crash_later", 3), results).summary()
    assert summary["failures"]["crashed"]["count"] == 3
    fresh = list(run_arena(config("crash_later", 3, fresh_process=True), 1))
    assert all(r.faults == 0 for r in fresh)  # a 2-seat match is 20 turns: never reached
    assert all(gone(pid) for pid in started(tmp_path))


def test_a_bot_that_leaves_after_each_match_plays_with_fresh_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path))
    results = list(run_arena(config("one_match", 2, fresh_process=True), 1))
    assert all(r.faults == 0 for r in results)
    assert len(started(tmp_path)) == 4
