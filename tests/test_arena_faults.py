"""The arena against hostile bots and arguments: signals stop every bot, a forfeit is a
loss only for the side that failed, specs and --record are checked before the run."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from briscola.cli import main as cli_main
from briscola.engine.replay import verify_record
from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, Session, play_one
from briscola.lab.workers import in_workers

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"
ARENA = [sys.executable, "-m", "briscola", "arena"]


def gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def wait_for(check: Any, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize(("sig", "jobs"), [("SIGTERM", "1"), ("SIGTERM", "2"), ("SIGHUP", "1")])
def test_sigterm_or_sighup_stops_every_bot_and_ends_the_records(
    sig: str, jobs: str, tmp_path: Path
) -> None:
    rec, pids = tmp_path / "rec", tmp_path / "pids"
    pids.mkdir()
    specs = [f"cmd:{MISBEHAVE} hang", f"cmd:{MISBEHAVE} linger"]  # linger ignores SIGTERM
    args = ["--games", "4", "--jobs", jobs, "--move-ms", "60000", "--record", str(rec), "--json"]
    arena = subprocess.Popen(
        [*ARENA, *specs, *args],
        env={**os.environ, "BOT_PID_DIR": str(pids)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Two bots in each match being played, after the two that said hello before the run.
        want = 2 * int(jobs) + 2
        assert wait_for(lambda: len(list(pids.glob("*.pid"))) >= want, 30)
        time.sleep(1.0)  # into the match: the hang bot sleeps at its third turn
        arena.send_signal(getattr(signal, sig))
        out, err = arena.communicate(timeout=30)
        assert arena.returncode == 128 + getattr(signal, sig), err
        assert "Traceback" not in err
        assert json.loads(out)["interrupted"] is True
        started = [int(p.stem) for p in pids.glob("*.pid")]
        assert len(started) >= want and wait_for(lambda: all(gone(p) for p in started), 5)
    finally:  # a failing run must not leave its bots behind
        arena.kill()
        for path in pids.glob("*.pid"):
            with contextlib.suppress(OSError):
                os.kill(int(path.stem), signal.SIGKILL)
    records = sorted(rec.glob("deal*.jsonl"))
    assert records
    for path in records:  # every record ends, and checks
        last = json.loads(path.read_text().splitlines()[-1])
        assert last["type"] == "match_end"
        verify_record(path.read_text().splitlines())
    assert any('"abandoned"' in p.read_text().splitlines()[-1] for p in records)


def arena_json(*args: str, status: int = 0) -> dict[str, Any]:
    done = subprocess.run([*ARENA, *args, "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == status, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("players", ["3", "4", "6"])
def test_a_forfeit_is_a_loss_for_the_failing_side_only(players: str) -> None:
    crasher = f"cmd:{MISBEHAVE} crash"
    out = arena_json(crasher, "greedy", "--players", players, "--games", "2", status=1)
    matches = out["matches"]
    failing, *others = out["sides"]

    def counts(side: dict[str, Any]) -> tuple[int, int, int, int]:
        return side["wins"], side["draws"], side["losses"], side["no_result"]

    assert counts(failing) == (0, 0, matches, 0)
    # Two sides: the other one won.  Three: nobody won, and nobody drew either.
    other = (matches, 0, 0, 0) if len(others) == 1 else (0, 0, 0, matches)
    assert [counts(side) for side in others] == [other] * len(others)
    assert out["failures"]["crashed"]["count"] == matches
    assert "exited with status 1" in out["failures"]["crashed"]["first"]
    assert failing["failures"]["crashed"]["count"] == matches


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["expert:win_bonus=abc", "greedy"], "win_bonus must be a number 0..120, got 'abc'"),
        (["expert:solve_cards=-3", "greedy"], "solve_cards must be a whole number 0..40, got -3"),
        (["random:seed=x", "greedy"], "seed must be a whole number >= 0, got 'x'"),
        (["random:seed=-1", "greedy"], "seed must be a whole number >= 0, got -1"),
        (["expert:think_ms=inf", "greedy"], "think_ms must be a number above 0, got inf"),
        (["cmd:/nonexistent/bot", "greedy"], "cannot run 'cmd:/nonexistent/bot': /nonexistent/bot"),
        (
            ["cmd:no-such-program-here --x", "greedy"],
            "no program 'no-such-program-here' on the PATH",
        ),
        ([f"cmd:{ROOT / 'README.md'}", "greedy"], "is not executable (chmod +x it, or name"),
        ([f"cmd:{ROOT}", "greedy"], "is not a file"),
    ],
)
def test_bad_specs_are_refused_before_the_run(
    args: list[str], told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", *args, "--games", "200"])
    assert exc.value.code == 2
    assert told in capsys.readouterr().err


def test_a_second_run_into_the_same_record_directory_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = str(tmp_path / "rec")
    assert cli_main(["arena", "greedy", "random", "--games", "1", "--record", rec, "--json"]) == 0
    first = sorted(p.read_text() for p in Path(rec).iterdir())
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", "greedy", "random", "--games", "1", "--record", rec, "--seed", "9"])
    assert exc.value.code == 2
    assert "already holds the records of a run (deal00001-rot0.jsonl" in capsys.readouterr().err
    assert sorted(p.read_text() for p in Path(rec).iterdir()) == first  # untouched


def test_record_on_a_file_says_it_is_not_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text("mine\n")
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", "greedy", "random", "--record", str(path)])
    assert exc.value.code == 2
    assert "it is a file, not a directory" in capsys.readouterr().err
    assert path.read_text() == "mine\n"


def test_the_table_counts_the_failures_by_kind(capsys: pytest.CaptureFixture[str]) -> None:
    crasher = f"cmd:{MISBEHAVE} crash,name=crasher"
    assert cli_main(["arena", crasher, "greedy", "--games", "2", "--players", "3"]) == 1
    text = capsys.readouterr().out
    assert "crasher: failures 6\n  failure crashed x6, first in deal 1 rotation 0 (seed " in text
    assert "exited with status 1" in text
    assert "no result (another side failed, nobody won): greedy 6, greedy#2 6" in text


@pytest.mark.parametrize("fresh", [False, True])
def test_a_bot_that_ignores_bye_is_told_of(fresh: bool) -> None:
    """Issue 31: a program that had to be stopped by a signal after ``bye`` is said,
    as check-bot and join --bot say it; kept for the run or one process a match."""
    argv = [*ARENA, f"cmd:{MISBEHAVE} linger", "random", "--games", "1", "--seed", "1"]
    done = subprocess.run(argv + (["--fresh-process"] if fresh else []), capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert "linger: did not exit after bye and the end of its input; stopped with SIGKILL" \
        in done.stderr, done.stderr  # fmt: skip


@contextlib.contextmanager
def _deaf_to_sigterm(pids: Path) -> Iterator[Callable[[int], int]]:
    def play(task: int) -> int:
        if task == 2:  # busy in its task, as a worker stuck in a match
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            (pids / str(os.getpid())).touch()
            time.sleep(60)
        return task

    yield play


def test_a_worker_deaf_to_sigterm_is_killed_when_the_run_stops(tmp_path: Path) -> None:
    """The arena stops its workers early (an SPRT verdict, Ctrl-C): a worker that no
    SIGTERM reaches is killed after a bound (a Pool's own terminate waited for ever:
    a CI run hung there once), and no worker is started in its place."""
    results = in_workers(functools.partial(_deaf_to_sigterm, tmp_path), [1, 2, 3], 2, 0.5)
    assert next(results) == 1
    assert wait_for(lambda: any(tmp_path.iterdir()), 30)
    (deaf,) = (int(p.name) for p in tmp_path.iterdir())
    before = set(multiprocessing.active_children())
    results.close()
    assert gone(deaf) or wait_for(lambda: gone(deaf), 5)
    assert not set(multiprocessing.active_children()) - before


class _SignalAtTheWait(asyncio.Task):  # type: ignore[type-arg]
    """A task whose waiter is cut short by a signal right after asyncio hooked its
    stop on the task, the moment a SIGTERM hit a worker in a CI run."""

    armed = True

    def add_done_callback(self, fn: Any, *, context: Any = None) -> None:
        super().add_done_callback(fn, context=context)
        if _SignalAtTheWait.armed and getattr(fn, "__name__", "") == "_run_until_complete_cb":
            _SignalAtTheWait.armed = False
            raise SystemExit(128 + signal.SIGTERM)


def test_a_run_cut_short_by_a_signal_still_lets_the_bots_be_stopped() -> None:
    session = Session()
    loop = session.runner.get_loop()
    loop.set_task_factory(lambda loop, coro, **kw: _SignalAtTheWait(coro, loop=loop, **kw))
    with pytest.raises(SystemExit):
        session.run(asyncio.sleep(3600))
    loop.set_task_factory(None)
    # What close() does next: the kept programs' shutdown runs to its end.
    assert session.finish(asyncio.sleep(0.01, "stopped")) == "stopped"
    session.close()


@pytest.mark.filterwarnings("ignore:coroutine 'play_match' was never awaited")
def test_a_match_stopped_before_it_dealt_leaves_no_empty_record(tmp_path: Path) -> None:
    config = ArenaConfig(TableRules(), ("greedy", "random"), 3, 1, record_dir=str(tmp_path))
    session = Session()
    loop = session.runner.get_loop()
    _SignalAtTheWait.armed = True
    loop.set_task_factory(lambda loop, coro, **kw: _SignalAtTheWait(coro, loop=loop, **kw))
    with pytest.raises(SystemExit):
        play_one(config, 0, 0, 11, session=session)
    loop.set_task_factory(None)
    session.close()
    assert list(tmp_path.iterdir()) == []  # replay --check would refuse an empty file
    assert play_one(config, 0, 0, 11).record  # a match that deals keeps its record
    verify_record((tmp_path / "deal00001-rot0.jsonl").read_text().splitlines())


def test_a_worker_killed_from_outside_ends_the_run_with_a_clear_line(tmp_path: Path) -> None:
    """The OOM killer takes a worker: the arena says so and exits 1 with what was
    played, where a Pool waited for ever on the lost match."""
    arena = subprocess.Popen(
        [*ARENA, "expert:samples=30", "greedy", "--games", "200", "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        children = Path(f"/proc/{arena.pid}/task/{arena.pid}/children")
        assert wait_for(lambda: len(children.read_text().split()) == 2, 30)
        time.sleep(0.5)
        os.kill(int(children.read_text().split()[0]), signal.SIGKILL)
        out, err = arena.communicate(timeout=60)
    finally:
        arena.kill()
    assert arena.returncode == 1, err
    assert "briscola arena: a worker process ended (exit code -9) while it played" in err
    assert "Traceback" not in err
    assert json.loads(out)["interrupted"] is True


def test_a_late_answer_after_a_timeout_is_not_a_fault_too() -> None:
    """Issue 31 (the fault table): a side that timed out fails; its answer that comes
    while the host stops it is not counted as a fault on top (``unknown_id``), as
    check-bot and ``join --bot`` do not count it (``--fault slow``: faults 4, failures 4)."""
    out = arena_json(f"cmd:{MISBEHAVE} late", "greedy", "--games", "1", "--move-ms", "200",
                     "--seed", "1", status=1)  # fmt: skip
    late = out["sides"][0]
    assert late["failures"]["timeout"]["count"] == out["matches"] == 2
    assert late["faults"] == {} and out["faults"] == 0, late
