"""The host with real bot processes: full matches, misbehaving bots, faults, clean-up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from briscola.bots.random_bot import RandomBot
from briscola.engine.records import Record
from briscola.engine.rules import VARIANTS, TableRules
from briscola.players import MatchInfo, SeatFailure
from briscola.protocol.host import BotProcess, CommandPlayer, make_command_player
from briscola.spec import SpecError, parse_spec
from briscola.table import MatchOutcome, play_match

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
BOT = f"{PY} -m briscola bot"
MISBEHAVE = f"{PY} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"
EXAMPLE_PY = f"{PY} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"
EXAMPLE_JS = f"node {ROOT / 'examples' / 'bots' / 'simple_bot.js'}"
FAST = {"move_ms": 300, "grace_ms": 200, "handshake_ms": 5_000, "close_ms": 300}
# For bots that behave: limits no loaded machine reaches (one's answer took over
# 500 ms under load), which cost nothing, since they answer at once.
PATIENT = {**FAST, "move_ms": 10_000, "grace_ms": 2_000}


def gone(pid: int | None) -> bool:
    """Neither running nor a zombie: the process was reaped."""
    return pid is not None and not Path(f"/proc/{pid}").exists()


async def run(
    rules: TableRules, players: list[Any], **kwargs: Any
) -> tuple[MatchOutcome, Record, float]:
    record = Record()
    t = time.monotonic()
    outcome = await play_match(
        rules,
        players,
        seed=kwargs.pop("seed", 7),
        record=record,
        move_ms=kwargs.pop("move_ms", 300),
        **kwargs,
    )
    return outcome, record, time.monotonic() - t


def hosts(command: str, n: int, **options: Any) -> list[CommandPlayer]:
    return [CommandPlayer(command, f"p{s}", **{**FAST, **options}) for s in range(n)]


def pids(players: list[Any]) -> list[int | None]:
    return [p.process.pid for p in players if isinstance(p, CommandPlayer) and p.process]


def faults(record: Record) -> list[dict[str, Any]]:
    return [line for line in record.lines if line["type"] == "fault"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
async def test_briscola_bot_plays_full_matches(players: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant, target=2)  # type: ignore[arg-type]
    seats = [
        CommandPlayer(f"{BOT} --level {('random', 'greedy')[s % 2]} --seed {s}", f"p{s}", **PATIENT)
        for s in range(players)
    ]
    seed = players * 10 + len(variant)
    outcome, record, _ = await run(rules, seats, seed=seed, move_ms=PATIENT["move_ms"])
    assert outcome.reason == "complete" and faults(record) == []
    assert max(outcome.rounds_won) == 2
    assert all(gone(pid) for pid in pids(seats))
    assert all(p.process and p.process.ended_by == "exit" for p in seats)


async def test_the_expert_plays_over_the_protocol() -> None:
    rules = TableRules(players=2, variant="brisca")
    expert = f"{BOT} --level expert --think-ms 5 --seed 1"
    seats: list[Any] = [*hosts(expert, 1, **PATIENT), RandomBot()]
    outcome, record, _ = await run(rules, seats, move_ms=PATIENT["move_ms"])
    assert outcome.reason == "complete" and faults(record) == []


def node_or_skip() -> None:
    if shutil.which("node") is None:
        pytest.skip("node (Node.js) is not installed; the JavaScript example needs it")


@pytest.mark.parametrize("example", ["python", "javascript"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
async def test_example_bots_play_full_matches(example: str, players: int, variant: str) -> None:
    if example == "javascript":
        node_or_skip()
    command = EXAMPLE_PY if example == "python" else EXAMPLE_JS
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    seats: list[Any] = [*hosts(command, players - 1, **PATIENT), RandomBot(seed=1)]
    outcome, record, _ = await run(rules, seats, seed=players, move_ms=PATIENT["move_ms"])
    assert outcome.reason == "complete" and faults(record) == []
    assert sum(len(p.answer_ms) for p in seats[:-1]) > 0
    assert all(gone(pid) for pid in pids(seats))


# mode: (code of the failure, or None when the match goes on; recovered fault codes)
FAILING = {
    "crash": "crashed",
    "hang": "timeout",
    "garbage": "faults",
    "illegal": "faults",
    "wrong_id": "faults",
    "long_line": "faults",
    "bad_utf8": "faults",
    "no_flush": "timeout",
    "exit_before_hello": "crashed",
    "old_protocol": "unsupported_protocol",
    "bad_hello": "faults",
}
REASONS = {
    "crash": "exited with status 1",
    "hang": "did not answer turn",
    "garbage": "bad_json: not JSON",
    "illegal": "illegal_move",
    "wrong_id": "unknown_id",
    "long_line": "line_too_long",
    "bad_utf8": "not UTF-8",
    "no_flush": "flush",
    "exit_before_hello": "exited with status 3 while the host waited for hello",
    "old_protocol": "the bot said 2",
    "bad_hello": "'name'",
}


@pytest.mark.parametrize("policy", ["forfeit", "takeover"])
@pytest.mark.parametrize("mode", sorted(FAILING))
async def test_a_misbehaving_bot_fails_as_the_policy_says(
    mode: str, policy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path))
    rules = TableRules(players=2)
    handshake = 1_000 if mode == "no_flush" else 5_000
    bad = CommandPlayer(f"{MISBEHAVE} {mode}", "bad", **{**FAST, "handshake_ms": handshake})
    seats: list[Any] = [RandomBot(seed=2), bad]
    outcome, record, took = await run(
        rules, seats, on_fault=policy, takeover=lambda seat: RandomBot(seed=seat)
    )
    (failure,) = outcome.faults
    assert (failure.seat, failure.code, failure.policy) == (1, FAILING[mode], policy)
    assert REASONS[mode] in failure.message
    fatal = [f for f in faults(record) if f.get("policy")]
    assert [(f["seat"], f["code"], f["policy"]) for f in fatal] == [(1, FAILING[mode], policy)]
    if failure.code == "faults":  # each of the three is in the record too, with its reason
        assert len([f for f in faults(record) if f.get("fatal") is False]) == 3
    if policy == "forfeit":
        assert outcome.reason == "fault" and outcome.winner == 0 and outcome.forfeit == 1
    else:
        assert outcome.reason == "complete" and outcome.winner is not None
    # the host returned within its limits: at most one timed-out move or handshake + clean-up
    assert took < handshake / 1000 + 3.0
    started = [int(p.stem) for p in tmp_path.glob("*.pid")]
    assert started and all(gone(pid) for pid in started)


@pytest.mark.parametrize(
    "mode", ["recover", "chatty", "slow", "exit_after_bye", "stray", "hello_again"]
)
async def test_recoverable_misbehaviour_keeps_the_match_going(mode: str) -> None:
    rules = TableRules(players=2)
    seats: list[Any] = [RandomBot(seed=2), *hosts(f"{MISBEHAVE} {mode}", 1)]
    outcome, record, _ = await run(rules, seats)
    assert outcome.reason == "complete" and outcome.faults == [], faults(record)
    recovered = [(f["seat"], f["code"]) for f in faults(record)]
    infos = [line["text"] for line in record.lines if line["type"] == "info"]
    if mode == "recover":
        assert recovered == [(1, "illegal_move")]
    elif mode == "stray":  # refused between moves: recorded, never counted against one
        assert {"unknown_id", "bad_message", "unknown_type"} == {c for _, c in recovered}
    elif mode == "hello_again":
        assert recovered == [(1, "bad_message")]
    elif mode == "chatty":
        assert recovered and set(recovered) == {(1, "unknown_type")}
        assert infos[:2] == ["turn 1", "turn 2"]
    else:
        assert recovered == []
    assert all(gone(pid) for pid in pids(seats))


async def test_a_bot_that_ignores_bye_and_sigterm_is_killed() -> None:
    seats: list[Any] = [RandomBot(seed=2), *hosts(f"{MISBEHAVE} linger", 1)]
    outcome, _, took = await run(TableRules(players=2), seats)
    assert outcome.reason == "complete"
    bot = seats[1].process
    assert bot.ended_by == "kill" and bot.returncode == -signal.SIGKILL and gone(bot.pid)
    assert took < 5


async def test_a_wrapper_script_and_its_children_are_all_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot runs under a shell that waits for it; both ignore bye and SIGTERM is
    not enough for the child: the whole process group goes."""
    monkeypatch.setenv("BOT_PID_DIR", str(tmp_path))
    wrapped = f"sh -c '{MISBEHAVE} linger; echo done'"
    seats: list[Any] = [RandomBot(seed=2), *hosts(wrapped, 1)]
    outcome, _, _ = await run(TableRules(players=2), seats)
    assert outcome.reason == "complete"
    (child,) = [int(p.stem) for p in tmp_path.glob("*.pid")]
    assert child != seats[1].process.pid  # the bot is the shell's child, not ours
    assert gone(seats[1].process.pid)
    for _ in range(100):  # killed at once; reaped by init, which may take a moment
        if gone(child):
            break
        await asyncio.sleep(0.02)
    assert gone(child)


async def test_unsupported_protocol_gets_an_error_then_bye() -> None:
    seen: list[tuple[str, str]] = []
    p = CommandPlayer(
        f"{MISBEHAVE} old_protocol", "old", **FAST, tap=lambda d, line: seen.append((d, line))
    )
    with pytest.raises(SeatFailure) as err:
        await p.start(MatchInfo(0, TableRules(), ("old", "x"), 300))
    assert err.value.code == "unsupported_protocol"
    assert await p.faults() == []  # the failure itself is its one record line
    await p.close()
    sent = [line for d, line in seen if d == ">>"]
    assert '"code":"unsupported_protocol"' in sent[1] and sent[2] == '{"type":"bye"}'
    assert len(sent) == 3 and gone(p.process.pid if p.process else None)


async def test_a_command_that_cannot_start_fails_the_seat_clearly() -> None:
    p = make_command_player("/nonexistent/bot --fast", "ghost")
    with pytest.raises(SeatFailure, match="cannot start '/nonexistent/bot'") as err:
        await p.start(MatchInfo(0, TableRules(), ("ghost", "x"), 300))
    assert err.value.code == "crashed"
    await p.close()
    with pytest.raises(ValueError, match="No closing quotation"):
        make_command_player("python3 'bot.py")
    with pytest.raises(ValueError, match="empty"):
        BotProcess("   ")
    with pytest.raises(SpecError, match="cannot read the command"):
        parse_spec("cmd:python3 'bot.py")


async def test_every_line_is_logged_and_stderr_is_kept(tmp_path: Path, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG, logger="briscola.protocol")
    spec = parse_spec(f"cmd:{MISBEHAVE} crash")
    bad = spec.make(name="bad", bot_log=tmp_path / "logs", **FAST)
    assert isinstance(bad, CommandPlayer)
    outcome, _, _ = await run(TableRules(), [RandomBot(seed=1), bad])
    assert outcome.faults[0].code == "crashed"
    text = caplog.text
    assert 'bad-1 >> {"type":"hello"' in text and 'bad-1 << {"type": "hello"' in text
    assert "bad-1 !! Traceback: something went wrong" in text
    (log,) = (tmp_path / "logs").glob("bad-1-*.stderr.log")
    assert "Traceback: something went wrong" in log.read_text()


def test_ctrl_c_leaves_no_bot_behind(tmp_path: Path) -> None:
    """SIGINT to the host in the middle of a match: every bot is reaped, even one
    that ignores SIGTERM."""
    script = textwrap.dedent(f"""
        import asyncio, faulthandler, signal, sys
        faulthandler.register(signal.SIGUSR1, all_threads=True)  # where it is, if it hangs
        print("SIGINT", signal.getsignal(signal.SIGINT), "blocked",
              sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])), file=sys.stderr, flush=True)
        from briscola.protocol.host import CommandPlayer
        from briscola.engine.rules import TableRules
        from briscola.table import play_match
        players = [CommandPlayer({MISBEHAVE + " hang"!r}, "a", close_ms=300),
                   CommandPlayer({MISBEHAVE + " linger"!r}, "b", close_ms=300)]
        print("ready", flush=True)
        asyncio.run(play_match(TableRules(), players, move_ms=60_000))
    """)
    env = {**os.environ, "BOT_PID_DIR": str(tmp_path)}
    host = subprocess.Popen(
        [PY, "-c", script],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while len(list(tmp_path.glob("*.pid"))) < 2 or time.monotonic() < deadline - 19:
        assert time.monotonic() < deadline, host.stderr.read() if host.stderr else ""
        time.sleep(0.05)
    time.sleep(0.5)  # both in the match: the hang bot sleeps at its third turn
    host.send_signal(signal.SIGINT)
    try:
        host.wait(timeout=10)
    except subprocess.TimeoutExpired:  # a hang, not a slow machine: say where it is
        host.send_signal(signal.SIGUSR1)
        time.sleep(1)
        host.kill()
        for pid in tmp_path.glob("*.pid"):  # its bots, in sessions of their own
            with contextlib.suppress(OSError):
                os.kill(int(pid.stem), signal.SIGKILL)
        raise AssertionError(f"the host did not stop at SIGINT:\n{host.communicate()[1]}") from None
    started = [int(p.stem) for p in tmp_path.glob("*.pid")]
    assert len(started) == 2 and all(gone(pid) for pid in started)


async def test_stderr_from_the_first_instant_is_kept_and_a_bad_log_dir_is_survived(
    tmp_path: Path, caplog: Any
) -> None:
    early = f"{PY} -c \"import sys; sys.stderr.write('at once\\n'); sys.stderr.flush()\""
    bot = BotProcess(early, label="early", bot_log=tmp_path, close_ms=300)
    bot._stderr(b"before the pid\n")  # as when the pipe speaks during subprocess_exec
    await bot.spawn()
    await bot.close()
    assert bot.log_path is not None
    assert bot.log_path.read_text() == "before the pid\nat once\n"
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    bot = BotProcess(early, label="nolog", bot_log=blocked / "logs", close_ms=300)
    await bot.spawn()
    assert await bot.close() == 0 and bot.log_path is None
    assert "cannot keep nolog's stderr" in caplog.text


async def test_a_player_that_was_never_started() -> None:
    p = CommandPlayer(f"{MISBEHAVE} ok", "idle")
    obs_rules = TableRules()
    with pytest.raises(SeatFailure, match="is not connected"):
        p._link()
    await p.notify(None)  # type: ignore[arg-type]  # nothing to write to: ignored
    assert await p.info() == [] and await p.faults() == []
    await p.close()
    bot = BotProcess(f"{MISBEHAVE} ok")
    assert bot.pid is None and await bot.exit_status(0.01) is None and await bot.close() is None
    with pytest.raises(TimeoutError):
        await bot.receive(0)
    assert obs_rules.players == 2


def test_bench_protocol_reports_its_figures() -> None:
    from briscola.protocol.bench import bench_protocol

    figures = bench_protocol(0.1)
    assert set(figures) == {
        "protocol_rounds_per_s_2p",
        "protocol_rounds_per_s_2p_with_startup",
        "protocol_move_us",
        "protocol_host_cpu_us_per_move",
        "inprocess_move_us",
    }
    assert figures["protocol_rounds_per_s_2p"] > figures["protocol_rounds_per_s_2p_with_startup"]
    assert figures["protocol_move_us"] > 0 and figures["inprocess_move_us"] > 0
