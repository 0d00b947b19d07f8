"""The arena: duplicate rotation, reproducible parallel runs, the JSON, records, Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from untimed import untimed

from briscola.cli import main as cli_main
from briscola.engine.replay import verify_record
from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, MatchResult, plan, play_one, run_arena
from briscola.lab.tally import Tally, render

ARENA = [sys.executable, "-m", "briscola", "arena"]


def _arena(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ARENA, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_plan_plays_each_deal_once_per_rotation() -> None:
    config = ArenaConfig(TableRules(players=3), ("a", "b", "c"), seed=5, games=4)
    tasks = plan(config)
    assert len(tasks) == 12
    for deal in range(4):
        rows = [t for t in tasks if t[0] == deal]
        assert [r[1] for r in rows] == [0, 1, 2]
        assert len({r[2] for r in rows}) == 1  # the same deal seed for every rotation
    single = ArenaConfig(TableRules(), ("a", "b"), seed=5, games=4, duplicate=False)
    assert [t[1] for t in plan(single)] == [0, 0, 0, 0]
    assert [t[2] for t in plan(single)] == [t[2] for t in tasks[::3]]


def test_rotation_swaps_the_sides_over_the_same_cards(tmp_path: Path) -> None:
    """Rotation 1 seats the second spec where the first sat, with the same packs."""
    config = ArenaConfig(
        TableRules(players=4), ("greedy", "random"), seed=9, games=1, record_dir=str(tmp_path)
    )
    results = [play_one(config, *task) for task in plan(config)]
    records = sorted(tmp_path.glob("*.jsonl"))
    assert [p.name for p in records] == ["deal00001-rot0.jsonl", "deal00001-rot1.jsonl"]
    lines = [[json.loads(x) for x in p.read_text().splitlines()] for p in records]
    names = [ls[0]["names"] for ls in lines]
    assert names[0] == ["greedy", "random", "greedy", "random"]
    assert names[1] == ["random", "greedy", "random", "greedy"]
    decks = [[x["deck"] for x in ls if x["type"] == "deal"] for ls in lines]
    assert decks[0][0] == decks[1][0]
    for ls in lines:
        verify_record(ls)  # every record replays exactly
    # Points are reported by side, whatever seats the side had.
    for res, ls in zip(results, lines, strict=True):
        ends = [x for x in ls if x["type"] == "round_end"]
        by_team = [tuple(x["points"]) for x in ends]
        want = by_team if res.rotation == 0 else [t[::-1] for t in by_team]
        assert list(res.rounds) == want


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_jobs_give_the_same_results() -> None:
    config = ArenaConfig(TableRules(variant="brisca"), ("expert:samples=4", "greedy"), 3, 6)
    one = list(run_arena(config, 1))
    two = list(run_arena(config, 2))
    assert one == two
    assert len(one) == 12


def test_json_schema() -> None:
    done = _arena("greedy", "random", "--games", "20", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 20 and out["matches"] == 40
    assert [s["spec"] for s in out["sides"]] == ["greedy", "random"]
    for side in out["sides"]:
        assert set(side) >= {
            "spec", "wins", "draws", "losses", "win_rate", "win_rate_ci",
            "point_diff", "point_diff_ci",
        }  # fmt: skip
        assert side["wins"] + side["draws"] + side["losses"] == 40
        low, high = side["win_rate_ci"]
        assert low <= side["win_rate"] <= high
        low, high = side["point_diff_ci"]
        assert low <= side["point_diff"] <= high
    a, b = out["sides"]
    assert a["wins"] == b["losses"] and a["point_diff"] == pytest.approx(-b["point_diff"])
    assert isinstance(out["elo"], float) and len(out["elo_ci"]) == 2
    again = _arena("greedy", "random", "--games", "20", "--seed", "4", "--json", "--jobs", "2")
    assert untimed(json.loads(again.stdout)) == untimed(out)


def test_three_and_four_players() -> None:
    done = _arena("greedy", "random", "--players", "3", "--games", "4", "--seed", "1", "--json")
    out = json.loads(done.stdout)
    assert [s["spec"] for s in out["sides"]] == ["greedy", "random", "random"]
    assert out["matches"] == 12 and "elo" not in out
    done = _arena("greedy", "random", "--players", "4", "--games", "4", "--target", "2", "--json")
    out = json.loads(done.stdout)
    assert out["matches"] == 8 and out["target"] == 2 and "elo" in out


def test_six_players_in_three_pairs_and_three_with_39_cards() -> None:
    done = _arena("greedy", "random", "--players", "6", "--games", "3", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [s["spec"] for s in out["sides"]] == ["greedy", "random", "random"]
    assert out["players"] == 6 and out["pack"] == 36 and out["matches"] == 9
    seats = ["greedy", "random", "random", "random", "greedy", "random"]  # pairs i and i+3
    done = _arena(*seats, "--players", "6", "--games", "2", "--json")
    assert [s["spec"] for s in json.loads(done.stdout)["sides"]] == [
        "greedy + random",
        "random + greedy",
        "random",
    ]
    done = _arena("greedy", "random", "--players", "3", "--pack", "39", "--games", "2", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["pack"] == 39


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["greedy", "random", "--players", "6", "--pack", "39"], "6-player table plays with 36"),
        (["a", "b", "c", "d", "--players", "6"], "three specs (one per team) or six (one per"),
        (["greedy", "random", "--pack", "40"], "--pack must be one of 36, 39"),
        (["greedy"], "2 players need 2 specs"),
        (["greedy", "random", "random"], "2 players need 2 specs"),
        (["greedy", "random", "random", "random", "--players", "3"], "3 players need 3 specs"),
        (["greedy", "nobody"], "unknown player 'nobody'"),
        (["expert:samples=zero", "greedy"], "bad options"),
        (["greedy", "random", "--games", "0"], "--games must be"),
    ],
)
def test_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", *args])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_record_dir_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = _arena("greedy", "random", "--games", "1", "--record", str(blocker / "sub"))
    assert done.returncode == 2
    assert "cannot use --record" in done.stderr and "Traceback" not in done.stderr


def test_table_and_partial_summary() -> None:
    config = ArenaConfig(TableRules(), ("greedy", "random"), seed=1, games=3)
    tally = Tally(config)
    tally.add(MatchResult(0, 0, 0, ((70, 50),), 0, side_faults=((1, "bad_json", "not JSON"),)))
    failed = ((0, "timeout", "did not answer"),)
    tally.add(MatchResult(0, 1, 1, ((40, 80),), 1, 0, (("timeout", "x"),), side_failures=failed))
    tally.add(MatchResult(1, 0, None, ((60, 60), (61, 59)), 0, seed=9, record="r/d2.jsonl"))
    tally.add(MatchResult(1, 1, None, ((60, 60),), 0, seed=9, side_faults=((1, "bad_json", "y"),)))
    tally.interrupted = True
    s = tally.summary()
    assert s["games"] == 2 and s["matches"] == 4 and s["faults"] == 2
    assert s["failures"] == {"timeout": {"count": 1, "first": "x"}}
    first = {"message": "not JSON", "deal": 1, "rotation": 0, "seed": 0, "record": None}
    assert s["sides"][1]["faults"] == {"bad_json": {"count": 2, "first": first}}
    assert list(s["sides"][0]["failures"]) == ["timeout"] and s["sides"][0]["faults"] == {}
    greedy = s["sides"][0]
    assert (greedy["wins"], greedy["draws"], greedy["losses"]) == (1, 2, 1)
    assert greedy["win_rate"] == 0.5
    # One value per deal: deal 0 has diffs +20 and -40, deal 1 has 0, +2 and 0.
    assert greedy["point_diff"] == pytest.approx(((20 - 40) / 2 + (0 + 2 + 0) / 3) / 2)
    text = render(s)
    assert "interrupted" in text and "Elo difference (greedy - random)" in text
    assert "greedy: failures 1\n  failure timeout x1, first in deal 1 rotation 1" in text
    assert "random: faults 2\n  fault bad_json x2, first in deal 1 rotation 0 (seed 0): not" in text


def _read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    out = b""
    end = time.monotonic() + timeout
    while needle not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_the_result_so_far(jobs: str) -> None:
    proc = subprocess.Popen(
        [*ARENA, "expert:samples=30", "greedy", "--games", "5000", "--seed", "2", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Warning" not in err
    assert "interrupted: the result so far" in out
    assert "Elo difference" in out


def test_progress_bar_on_a_terminal() -> None:
    """On a terminal the prompt-toolkit progress bar runs, then the table is printed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the arena on the terminal
        os.execv(
            sys.executable,
            [*ARENA, "greedy", "random", "--games", "30", "--seed", "1"],
        )
    out = _read_until(fd, b"Elo difference", 60)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 0
    assert "greedy vs random: 60 matches" in text  # the progress bar's title
    assert "Elo difference" in text


def _json(done: subprocess.CompletedProcess[str], status: int = 0) -> dict[str, Any]:
    assert done.returncode == status, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_oracle_in_the_arena() -> None:
    out = _json(_arena("oracle", "greedy", "--games", "3", "--seed", "8", "--json"))
    assert out["matches"] == 6 and out["faults"] == 0


BOT = Path(__file__).parent / "bots" / "misbehave.py"


@pytest.mark.parametrize("policy", ["forfeit", "takeover"])
def test_a_failing_program_under_each_fault_policy(policy: str, tmp_path: Path) -> None:
    crasher = f"cmd:{sys.executable} {BOT} crash"
    logs, rec = str(tmp_path / "logs"), str(tmp_path / "rec")
    args = ["--games", "2", "--seed", "3", "--on-fault", policy, "--bot-log", logs, "--record", rec]
    out = _json(_arena(crasher, "greedy", "--json", *args), status=1)  # a failure: 1
    assert out["failures"]["crashed"]["count"] == 4  # it crashes in every match
    crashed = out["sides"][0]
    assert crashed["failures"]["crashed"]["count"] == 4 and out["faults"] == 0
    if policy == "forfeit":
        assert crashed["losses"] == 4
    else:  # a greedy bot sat down and finished each match
        assert crashed["wins"] + crashed["losses"] == 4
    faults = [
        json.loads(line)
        for rec in (tmp_path / "rec").glob("deal*.jsonl")
        for line in rec.read_text().splitlines()
        if json.loads(line)["type"] == "fault"
    ]
    assert len(faults) == 4 and {f["policy"] for f in faults} == {policy}
    # The program's stderr, per match, and of the process that said hello before the run.
    logs = sorted(p.name.rsplit("-", 1)[0] for p in (tmp_path / "logs").iterdir())
    assert logs == ["crash-1", "crash-2", "crash-3", "crash-4", "misbehave-start"]  # its script


def test_in_process_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = str(tmp_path / "rec")
    args = ["arena", "greedy", "random", "--games", "5", "--seed", "6", "--record", rec]
    assert cli_main(args) == 0
    text = capsys.readouterr().out
    assert text.startswith(
        "greedy vs random: 2 players, 40 cards, italian, first to 1; 5 deals, 10 matches"
    )
    assert "Elo difference (greedy - random)" in text
    assert len(list((tmp_path / "rec").glob("deal*.jsonl"))) == 10
    assert cli_main([*args[:-2], "--json", "--no-duplicate", "--jobs", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["duplicate"] is False and out["matches"] == 5 and out["games"] == 5


def test_unknown_bot() -> None:
    from briscola.bots import make_bot

    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_bot("nobody")


def test_interrupt_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import briscola.lab.arena as arena

    def stopped(config: ArenaConfig, jobs: int, tasks: object = None) -> Iterator[MatchResult]:
        yield MatchResult(0, 0, 0, ((80, 40),), 0)
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "run_arena", stopped)
    assert cli_main(["arena", "greedy", "random", "--json"]) == 130
    out = json.loads(capsys.readouterr().out)
    assert out["interrupted"] is True and out["matches"] == 1 and out["games"] == 0


def test_four_specs_name_the_four_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "rec"
    args = ["arena", "greedy", "random", "expert:samples=2", "random:seed=1", "--players", "4"]
    assert cli_main([*args, "--games", "1", "--json", "--record", str(rec)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [s["spec"] for s in out["sides"]] == [
        "greedy + expert:samples=2",
        "random + random:seed=1",
    ]
    names = [
        json.loads((rec / f"deal00001-rot{r}.jsonl").read_text().splitlines()[0])["names"]
        for r in (0, 1)
    ]
    assert names[0] == ["greedy", "random", "expert:samples=2", "random:seed=1"]
    assert names[1] == ["random", "greedy", "random:seed=1", "expert:samples=2"]


def test_ctrl_c_in_the_progress_bar() -> None:
    """Ctrl-C typed at the terminal while the bar runs stops the run and prints the table."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the arena on the terminal
        os.execv(sys.executable, [*ARENA, "expert:samples=20", "greedy", "--games", "3000"])
    started = _read_until(fd, b"matches", 30)
    time.sleep(1)
    os.write(fd, b"\x03")
    out = started + _read_until(fd, b"Elo difference", 30)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 130
    assert "interrupted: the result so far" in text and "Traceback" not in text
