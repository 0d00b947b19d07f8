"""The arena's and the tournament's exit status: 1 whenever a side failed (a crash, a
timeout, a forfeit), whatever the fault policy; recovered faults only with --strict."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"
FAST = ["--games", "1", "--seed", "5", "--move-ms", "300", "--json"]


def briscola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "briscola", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "policy", "code"),
    [
        ("crash", "forfeit", "crashed"),
        ("crash", "takeover", "crashed"),
        ("hang", "forfeit", "timeout"),
        ("illegal", "forfeit", "faults"),
    ],
)
def test_a_failure_exits_1_without_strict(mode: str, policy: str, code: str) -> None:
    done = briscola("arena", f"cmd:{MISBEHAVE} {mode}", "greedy", *FAST, "--on-fault", policy)
    assert done.returncode == 1, done.stderr
    side = json.loads(done.stdout)["sides"][0]
    assert side["failures"][code]["count"] == 2


def test_recovered_faults_exit_0_unless_strict() -> None:
    recover = f"cmd:{MISBEHAVE} recover"  # one illegal card a match, then legal play
    done = briscola("arena", recover, "greedy", *FAST)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sides"][0]["faults"]["illegal_move"]["count"] >= 1
    assert briscola("arena", recover, "greedy", *FAST, "--strict").returncode == 1


def test_the_tournament_exits_1_when_a_player_failed() -> None:
    done = briscola("tournament", f"cmd:{MISBEHAVE} crash", "greedy", "random", *FAST)
    assert done.returncode == 1, done.stderr
    assert briscola("tournament", "greedy", "random", *FAST).returncode == 0
