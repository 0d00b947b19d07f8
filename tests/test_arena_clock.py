"""Time controls as cutechess has them: --tc SECONDS+INCREMENT for every player, tc= in a
spec for one, the clock in each turn (clock_ms, increment_ms), a time forfeit for a
program or a built-in bot whose clock runs out.  Real programs: tests/bots, examples."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from briscola.players import TimeControl
from briscola.spec import SpecError, parse_spec

ROOT = Path(__file__).resolve().parent.parent
CLOCKED = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'clocked.py'}"
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"
SIMPLE = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"


def briscola(*args: str, status: int = 0) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "briscola", *args, "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == status, done.stdout + done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_time_controls_parse_as_cutechess_writes_them() -> None:
    assert TimeControl.parse("30+0.5") == TimeControl(30_000, 500)
    assert TimeControl.parse("10") == TimeControl(10_000, 0)
    assert TimeControl.parse(" .5 + .05 ") == TimeControl(500, 50)
    assert str(TimeControl(30_000, 500)) == "30+0.5"
    for bad in ("", "x", "30+", "0", "-1+2", "30+0.5+1", "1e3", "90000", "nan"):
        with pytest.raises(ValueError, match=r"SECONDS\+INCREMENT, e.g. 30\+0.5"):
            TimeControl.parse(bad)


def test_a_spec_carries_its_own_clock() -> None:
    spec = parse_spec("cmd:node carlo.js --level 3,name=carlo,tc=10+0.1")
    assert (spec.command, spec.name, spec.tc) == (
        "node carlo.js --level 3",
        "carlo",
        TimeControl(10_000, 100),
    )
    spec = parse_spec("cmd:node carlo.js,tc=5")
    assert (spec.command, spec.name, spec.tc) == ("node carlo.js", None, TimeControl(5_000, 0))
    spec = parse_spec("expert:think_ms=50,tc=2+0.05,name=e")
    assert (spec.tc, spec.name, spec.options.get("tc")) == (TimeControl(2_000, 50), "e", None)
    with pytest.raises(SpecError, match="bad tc= in 'greedy:tc=fast'"):
        parse_spec("greedy:tc=fast")
    with pytest.raises(SpecError, match="a match clock is for arena and tournament only"):
        parse_spec("greedy:tc=5", allow=("greedy", "expert"))  # as play and serve read them


def test_the_clock_goes_out_in_every_turn_and_the_increment_comes_back(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    args = ["--games", "1", "--seed", "3", "--tc", "60+0.05", "--record", str(rec)]
    out = briscola("arena", f"cmd:{CLOCKED}", "greedy", *args)
    assert out["tc"] == "60+0.05" and out["failures"] == {}
    told = [
        dict(pair.split("=") for pair in json.loads(line)["text"].split())
        for line in (rec / "deal00001-rot0.jsonl").read_text().splitlines()
        if '"info"' in line
    ]
    assert len(told) == 20  # every turn of the 2-seat round
    clocks = [int(t["clock_ms"]) for t in told]
    assert clocks[0] == 60_000 and all(t["increment_ms"] == "50" for t in told)
    assert all(int(t["time_ms"]) == int(t["clock_ms"]) for t in told)
    # A clock gains at most the increment a move.
    assert all(b <= a + 50 for a, b in itertools.pairwise(clocks))


def test_a_program_whose_own_clock_runs_out_loses_the_match() -> None:
    slow = f"cmd:{CLOCKED} 150,tc=0.4+0"  # 150 ms a move on a 0.4 s clock: out at move 3
    out = briscola("arena", slow, "greedy", "--games", "1", "--tc", "60", status=1)
    bot, greedy = out["sides"]
    assert bot["losses"] == 2 and greedy["failures"] == {}
    failure = bot["failures"]["time_forfeit"]
    assert failure["count"] == 2 and "ran out of time" in failure["first"]["message"]
    assert "(0.4+0)" in failure["first"]["message"]


def test_a_silent_program_under_a_clock_is_a_time_forfeit_not_a_timeout() -> None:
    hang = f"cmd:{MISBEHAVE} hang"
    out = briscola("arena", hang, "greedy", "--games", "1", "--tc", "0.5", status=1)
    assert list(out["sides"][0]["failures"]) == ["time_forfeit"]
    assert "no answer came in that time" in out["failures"]["time_forfeit"]["first"]


def test_built_in_bots_run_under_the_clock_too() -> None:
    out = briscola(
        "arena", "expert:think_ms=100", "greedy", "--games", "1", "--tc", "0.3", status=1
    )
    expert, greedy = out["sides"]
    assert expert["failures"]["time_forfeit"]["count"] == 2 and greedy["failures"] == {}
    assert expert["think_ms"]["answers"] >= 2 and greedy["think_ms"]["answers"] >= 2


def test_a_version_1_bot_ignores_the_clock_fields() -> None:
    for bot in (SIMPLE, f"node {ROOT / 'examples' / 'bots' / 'simple_bot.js'}"):
        if (
            bot.startswith("node")
            and subprocess.run(["which", "node"], capture_output=True).returncode
        ):
            continue
        out = briscola("arena", f"cmd:{bot}", "greedy", "--games", "2", "--tc", "10+0.1")
        assert out["faults"] == 0 and out["failures"] == {}


def test_the_tournament_names_its_clock() -> None:
    out = briscola("tournament", "greedy", "random", "--games", "1", "--tc", "10+0.1")
    assert out["tc"] == "10+0.1"


def test_a_players_own_clock_is_named_in_the_header_and_json() -> None:
    """Issue 31 (12): with a spec's own tc= the header said no clock (or only --tc's,
    which that player did not play under); each player's clock is named."""
    args = ["greedy:tc=10+0.1,name=g", "random", "--games", "1", "--seed", "1"]
    out = briscola("arena", *args)
    assert [side["tc"] for side in out["sides"]] == ["10+0.1", None] and out["tc"] is None
    text = _text("arena", *args, "--tc", "20")
    assert "seed 1; clocks g 10+0.1, random 20+0\n" in text
    out = briscola("tournament", *args)
    assert [r["tc"] for r in out["ratings"]] == ["10+0.1", None]
    text = _text("tournament", *args)
    assert "seed 1; clocks g 10+0.1, random none\n" in text


def _text(*args: str) -> str:
    argv = [sys.executable, "-m", "briscola", *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=True).stdout
