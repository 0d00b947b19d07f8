"""``briscola check-bot``: passes good bots, fails each misbehaving one with its reason."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from briscola.protocol import check
from briscola.protocol.check import run_checks

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
MISBEHAVE = f"{PY} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"


def check_bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "briscola", "check-bot", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


@pytest.mark.parametrize(
    "command",
    [
        # `briscola bot` once: its levels differ only in the choice (net and expert: test_net.py)
        f"{PY} -m briscola bot --level random --seed 3",
        "node examples/bots/simple_bot.js",
    ],
)
def test_good_bots_pass_every_check(command: str, tmp_path: Path) -> None:
    if command.startswith("node") and shutil.which("node") is None:
        pytest.skip("node (Node.js) is not installed; the JavaScript example needs it")
    done = check_bot(command, "--move-ms", "1000", "--bot-log", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "22 of 22 checks passed"
    assert sum(line.startswith("PASS  ") for line in lines) == 22
    # A match at every table, each named: 2, 3 (both packs), 4 and 6 seats, every variant.
    for table in check.tables():
        assert any(line.startswith(f"PASS  {check.table_name(table)}: ") for line in lines)
    assert "PASS  match, 6 seats, bisca: " in done.stdout
    assert "PASS  match, 3 seats, brisca, 39 cards: " in done.stdout
    assert "beside greedy bots" in done.stdout and "beside random bots" in done.stdout
    # --bot-log kept every process's stderr, in a file named after its check.
    names = {p.name.rsplit("-", 2)[0] for p in tmp_path.glob("*.stderr.log")}
    assert {"handshake", "match-6p-brisca", "match-3p-italian-39-cards", "two-matches"} <= names


# Three tables are enough for the misbehaving bots (check-bot --players/--variant/--pack).
SHORT: list[check.Table] = [(2, "italian", 0), (3, "italian", 36), (4, "italian", 0)]
# mode: (the check that must fail, words of its reason); the program is named as the
# arena names it (issue 31): by its script before its hello, then by its hello name.
BAD = {
    "crash": ("match, 2 seats, italian", "crashed: crash exited with status 1"),
    "hang": ("match, 2 seats, italian", "timeout: hang did not answer turn"),
    "garbage": ("match, 2 seats, italian", "bad_json: not JSON"),
    "illegal": ("match, 2 seats, italian", "illegal_move:"),
    "recover": ("match, 2 seats, italian", "illegal_move:"),
    "wrong_id": ("match, 3 seats, italian, 36 cards", "unknown_id:"),
    "long_line": ("match, 4 seats, italian", "line_too_long:"),
    "bad_utf8": ("brisca exchange", "bad_json: the line is not UTF-8"),
    "no_flush": ("handshake", "timeout: misbehave did not answer hello"),
    "exit_before_hello": ("handshake", "crashed: misbehave exited with status 3"),
    "old_protocol": ("handshake", "unsupported_protocol:"),
    "bad_hello": ("handshake", "faults:"),
    "linger": ("leaves after bye", "did not exit after bye"),
    "chatty": ("unknown fields and types", "unknown_type: unknown message type 'shout'"),
    "slow": ("answers within time", "slowest of"),
    # Seen as it left ("the program exited after match 1") or in match 2 ("match 2:
    # one_match exited with status 0"), as the host's loop meets the exit: both are
    # true, and both carry the --fresh-process hint (asserted below).
    "one_match": ("two matches, one process", "exited"),
    "crash_later": ("two matches, one process", "match 2: crash_later exited with status 4"),
}


@pytest.mark.parametrize("mode", sorted(BAD))
async def test_each_misbehaving_bot_fails_with_its_reason(mode: str) -> None:
    results = await run_checks(f"{MISBEHAVE} {mode}", move_ms=200, handshake_ms=1_500, at=SHORT)
    by_name = {r.name: r for r in results}
    name, reason = BAD[mode]
    assert not by_name[name].ok and reason in by_name[name].line(), by_name[name].line()
    assert by_name[name].line().startswith(f"FAIL  {name}: ")
    # The hints only where they apply.
    fresh = "needs 'arena --fresh-process'" in by_name[name].line()
    assert fresh == (mode == "one_match")
    flush = "does it flush stdout" in "".join(r.line() for r in results)
    assert flush == (mode == "no_flush")
    if mode == "hang":  # an answer that never came fails the timing check too
        timing = by_name["answers within time"]
        assert not timing.ok and "never came within move_ms + 500 ms" in timing.line()
    if name == "handshake":
        assert all(r.detail.startswith("skipped") for r in results[1:])


async def test_every_fault_of_a_check_is_listed() -> None:
    buggy = f"{PY} {ROOT / 'tests' / 'bots' / 'buggy.py'} debug,stale,late"
    results = await run_checks(buggy, move_ms=300, handshake_ms=3_000, at=SHORT[:1])
    by_name = {r.name: r for r in results}
    told = by_name["match, 2 seats, italian"].line()
    assert told.startswith("FAIL  match, 2 seats, italian: 3 faults and failures: bad_json x1, ")
    assert "(the deal: seed " in told and "(at turn id " in told  # where each happened
    for code in ("bad_json", "unknown_id", "illegal_move"):
        assert f"\n      {code}: " in told
    assert "(debug output goes to stderr)" in told
    timing = by_name["answers within time"]
    assert not timing.ok and "answer(s) past move_ms, within the grace" in timing.line()


def test_check_bot_exit_status_and_a_bad_command_line() -> None:
    failed = check_bot(f"{MISBEHAVE} illegal", "--move-ms", "200", "--players", "2")
    assert failed.returncode == 1
    assert "FAIL  match, 2 seats, italian: 4 faults and failures: illegal_move x3, faults x1" in (
        failed.stdout
    )
    assert "match, 3 seats" not in failed.stdout  # --players 2: the 2-seat tables only
    assert "FAIL  match, 2 seats, bisca: " in failed.stdout
    assert "\n      illegal_move: AC may not be played now; legal actions:" in failed.stdout
    assert failed.stdout.splitlines()[-1].endswith("checks passed")
    broken = check_bot("python3 'unclosed")
    assert broken.returncode == 2 and "No closing quotation" in broken.stderr
    assert "Traceback" not in broken.stderr


def test_check_main_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = f"{PY} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"
    logs = tmp_path / "logs"
    args = argparse.Namespace(bot=command, move_ms=1000, handshake_ms=5000, bot_log=str(logs),
                              players=6, variant="brisca", pack=None)  # fmt: skip
    assert check.main(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("checking ") and "8 of 8 checks passed" in out
    assert "PASS  brisca exchange: offered 1 time(s), taken 1 time(s)" in out
    assert "PASS  match, 6 seats, brisca: 1 round(s) beside random bots, 6 answers" in out
    args.players, args.variant, args.pack = 2, None, 39
    assert check.main(args) == 2  # --pack 39 at 2 seats: no table to play
    assert "--pack goes with 3 seats" in capsys.readouterr().err
    args.players = None
    args.bot = f"{MISBEHAVE} exit_before_hello"
    args.verbose = True
    assert check.main(args) == 2  # it did not start
    err = capsys.readouterr().err
    assert 'handshake-1 >> {"type":"hello","id":1' in err
    assert "error: the program did not start and answer hello" in err
    args.bot = "python3 'unclosed"
    assert check.main(args) == 2
    assert "No closing quotation" in capsys.readouterr().err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_by_signal_stops_the_bot(tmp_path: Path, sig: int) -> None:
    """Issue 31: check-bot stopped by SIGTERM (``timeout``, a CI job cancelled) or
    SIGHUP died at once and left a bot that hangs running; it stops it, as on Ctrl-C."""
    argv = [PY, "-m", "briscola", "check-bot", f"{MISBEHAVE} hang", "--move-ms", "30000"]
    env = {**os.environ, "BOT_PID_DIR": str(tmp_path)}
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)  # fmt: skip
    try:
        end = time.monotonic() + 60
        # The handshake, 6 stateless turns, the unknown fields; then the first match,
        # where it hangs at its third turn.
        while time.monotonic() < end and len(list(tmp_path.glob("*.pid"))) < 9:
            time.sleep(0.05)
        time.sleep(0.5)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    pids = [int(p.stem) for p in tmp_path.glob("*.pid")]
    for _ in range(50):
        if not any(Path(f"/proc/{pid}").exists() for pid in pids):
            break
        time.sleep(0.1)
    left = [pid for pid in pids if Path(f"/proc/{pid}").exists()]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "a bot was left running"
    assert proc.returncode == 128 + sig, err
    assert f"stopped by {signal.Signals(sig).name}; the bot was stopped" in err
