"""``join --bot`` is a host like the arena: the Node example bot, one ``--fault`` at a
time, through a real ``briscola join --bot`` process at a real server on 127.0.0.1.

Each fault is told to the bot (the same ``error`` lines as the arena's host: the bot's
own stderr, kept in ``--bot-log``, says "host says: ..."), printed where it happened
(match, round, turn id, the log file), and summed up per match; a failure gives the
seat up and the exit status is 1; a ``hello`` the relay cannot take is exit status 2.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import sys
from pathlib import Path

import pytest

from tests.lan import ROOT, records_settled, running, verify_records

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

NODE_BOT = f"node {ROOT / 'examples' / 'bots' / 'simple_bot.js'}"
BOUND = 90.0  # seconds a join may take, at most


async def _join(port: int, table: str, fault: str, log: Path, *more: str) -> tuple[int, str]:
    argv = [sys.executable, "-m", "briscola", "join", f"127.0.0.1:{port}", "--create",
            "--table", table, "--players", "2", "--bots", "1:greedy", "--bot-log", str(log),
            "--bot", f"{NODE_BOT} --fault {fault}", *more]  # fmt: skip
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), BOUND)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out.decode() + err.decode()


def _record(records: Path) -> list[dict[str, object]]:
    (path,) = records.rglob("*.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize(
    ("fault", "codes"),
    [
        ("illegal", ["illegal_move"]),
        ("malformed", ["bad_json"]),
        ("debug", ["bad_json", "unknown_id"]),  # the answer after it is one request late
        ("twice", ["unknown_id"]),
    ],
)
async def test_a_recovered_fault_is_told_to_the_bot_and_the_table_goes_on(
    tmp_path: Path, fault: str, codes: list[str]
) -> None:
    log = tmp_path / "bot.log"
    async with running(tmp_path, turn_timeout=60.0) as lan:
        status, text = await _join(lan.port, "t", fault, log)
    assert status == 0, text
    for code in codes:  # each where it happened: match, round, turn id and the log file
        assert f"fault {code} in match 1 round 1: " in text, text
    # A second answer may be read before or after the next turn is sent: either way
    # its line names the turn it answers (id 4) and where the bot's stderr is.
    told = [line for line in text.splitlines() if " in match 1 round 1: " in line]
    assert told and all("id 4" in line for line in told), text
    assert all(line.endswith(f"; its stderr: {log})") for line in told), text
    faults = ", ".join(f"{code} x1" for code in sorted(codes))
    assert f"faults: {faults}; cards a stand-in played: 0; timeouts: 0" in text, text
    assert f"host says: {codes[0]}" in log.read_text()  # the bot was told, with an error line
    results = verify_records(lan.records, expect=1)
    assert all(r.reason == "complete" for r in results.values())
    record = _record(lan.records)
    assert not [line for line in record if line["type"] == "standin"]  # the bot played it all
    assert "Traceback" not in text


async def test_a_timeout_at_a_lan_table_is_a_failure_the_seat_is_given_up(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    async with running(tmp_path, turn_timeout=2.0) as lan:
        status, text = await _join(lan.port, "t", "slow", log)
        await records_settled(lan.records, 1, timeout=BOUND)
        verify_records(lan.records, expect=1)
    assert status == 1, text
    assert "the bot failed in match 1 round 1: timeout: simple-js did not answer turn id 4" in text
    assert "timeouts: 1" in text and "the seat given up in round 1" in text
    assert "exit status 1: the bot failed or a stand-in played for it" in text
    record = _record(lan.records)  # the server knows why: the seat was left, not lost
    standins = [line for line in record if line["type"] == "standin"]
    assert [line["reason"] for line in standins] == ["left"]


async def test_a_crash_is_shown_by_its_error_line_and_the_authors_own_last_line(
    tmp_path: Path,
) -> None:
    log = tmp_path / "bot.log"
    async with running(tmp_path, turn_timeout=60.0) as lan:
        status, text = await _join(lan.port, "t", "crash", log)
    assert status == 1, text
    assert "crashed: simple-js exited with status 1 while the host waited for turn id 4" in text
    assert "its stderr's first error line: 'Error: boom'" in text
    assert "after 'throw new Error(\"boom\");'" in text and "then 'at answer (" in text
    assert "its own last line: 'simple-js: about to play" in text
    assert "ended with: 'Node.js v" not in text


@pytest.mark.parametrize(
    ("fault", "why"),
    [
        ("protocol2", "unsupported_protocol: this host speaks protocol 1 only, the bot said 2"),
        ("exit-before-hello", "crashed: simple_bot exited with status 3"),
    ],
)
async def test_a_bot_that_does_not_start_is_exit_status_2(
    tmp_path: Path, fault: str, why: str
) -> None:
    async with running(tmp_path) as lan:
        status, text = await _join(lan.port, "t", fault, tmp_path / "bot.log")
        assert not lan.server.tables  # nothing was created for it
    assert status == 2, text
    assert f"the bot did not start and answer hello: {why}" in text


async def test_a_bot_that_ignores_hello_or_bye(tmp_path: Path) -> None:
    from briscola.client.relay import relay

    async with running(tmp_path) as lan:
        table = {"table": "h", "players": 2, "bots": {"1": "random"}}
        status = await relay("127.0.0.1", lan.port, f"{NODE_BOT} --fault ignore-hello",
                             table="h", create=table, seat=None, code=None,
                             handshake_ms=500)  # fmt: skip
        assert status == 2
        status, text = await _join(lan.port, "b", "ignore-bye", tmp_path / "bot.log")
    assert status == 0, text
    assert "the bot did not exit after bye and end of input; stopped with SIGTERM" in text


async def test_strict_makes_a_fault_a_failure_and_two_matches_are_summed_up(
    tmp_path: Path,
) -> None:
    async with running(tmp_path, turn_timeout=60.0) as lan:
        status, text = await _join(lan.port, "s", "illegal", tmp_path / "s.log", "--strict")
        assert status == 1, text
        assert "the bot failed in match 1 round 1: illegal_move: " in text
        assert "(--strict: every fault is a failure)" in text
        status, text = await _join(lan.port, "m", "debug", tmp_path / "m.log", "--matches", "2")
    assert status == 0, text
    assert "match 1: " in text and "faults: bad_json x1, unknown_id x1;" in text
    assert re.search(r"\n  match 2: (won|lost|drawn) \(rounds [0-9-]+\); faults: none; ", text)


class _Session:
    """What the relay needs of a server session, for the server's side of a seat."""

    seat = 0

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []
        self.asked: list[str] = []

    def send(self, msg: dict[str, object]) -> None:
        self.sent.append(msg)

    async def request(
        self, kind: str, timeout: float = 15.0, **fields: object
    ) -> dict[str, object]:
        self.asked.append(kind)
        return {"type": "left"}


async def test_the_servers_stand_in_and_its_away_notice_are_counted() -> None:
    """A card of the bot's seat that the bot did not play is a stand-in's; the server's
    ``away`` (its clock ran out first) is a timeout: the seat is given up, exit 1."""
    from briscola.client.relay import _Relay
    from briscola.protocol.host import RemoteSeat
    from briscola.protocol.process import BotProcess

    bot = BotProcess("node bot.js")  # never started: what is sent to it goes nowhere
    relay = _Relay(bot, RemoteSeat("bot", bot), 1)
    session = _Session()
    relay.session = session  # type: ignore[assignment]
    start = {"type": "match_start", "seat": 0, "players": 2, "names": ["bot", "Marco"],
             "teams": [[0], [1]], "variant": "italian", "target": 1, "move_ms": 1000}  # fmt: skip
    assert await relay._server(start) is None
    relay.sent = ["3C"]
    assert await relay._server({"type": "played", "seat": 0, "card": "3C"}) is None  # its own
    assert await relay._server({"type": "played", "seat": 0, "card": "AD"}) is None  # not
    assert relay.match.standin == 1
    # The server's word wins: a card the bot sent but its stand-in chose (too late).
    relay.sent = ["5S"]
    assert await relay._server({"type": "played", "seat": 0, "card": "5S", "standin": True}) is None
    assert relay.match.standin == 2 and relay.sent == []
    away = {"type": "notice", "code": "away", "seat": 0, "name": "bot", "text": "time ran out"}
    assert await relay._server(away) == 1
    assert relay.match.timeouts == 1 and relay.match.failure.startswith("timeout: ")
    assert session.asked == ["leave"]
    assert "cards a stand-in played: 2; timeouts: 1; the seat given up" in relay.match.line()


async def _bot_played(records: Path, cards: int) -> None:
    """Wait (bounded) until seat 0 has played ``cards`` cards in the match's record."""
    for _ in range(int(BOUND * 10)):
        for path in records.rglob("*.jsonl"):
            lines = [json.loads(x) for x in path.read_text().splitlines() if x.endswith("}")]
            if sum(x["type"] == "played" and x.get("seat") == 0 for x in lines) >= cards:
                return
        await asyncio.sleep(0.1)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
async def test_a_stop_by_signal_stops_the_bot_and_sums_up(tmp_path: Path, sig: int) -> None:
    """``join --bot`` stopped by SIGTERM (a service manager, ``timeout``) or SIGHUP
    died at once and left its bot running, an orphan; it stops the bot as Ctrl-C does,
    sums up, and exits 128 + the signal."""
    async with running(tmp_path, turn_timeout=0.0) as lan:  # no limit: the slow bot waits
        argv = [sys.executable, "-m", "briscola", "join", f"127.0.0.1:{lan.port}", "--create",
                "--table", "t", "--players", "2", "--bots", "1:greedy",
                "--bot", f"{NODE_BOT} --fault slow"]  # fmt: skip
        proc = await asyncio.create_subprocess_exec(*argv, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
        assert proc.stderr is not None
        try:
            seated = await asyncio.wait_for(proc.stderr.readline(), BOUND)
            assert b" sits at table t" in seated, seated
            bots = _children(proc.pid)
            assert bots  # the bot program, started by join
            await _bot_played(lan.records, 2)  # its third turn is next: the slow one
            await asyncio.sleep(0.3)
            proc.send_signal(sig)
            rest = await asyncio.wait_for(proc.stderr.read(), BOUND)
            await asyncio.wait_for(proc.wait(), BOUND)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    text = rest.decode()
    assert proc.returncode == 128 + sig, text
    assert "summary for simple-js at table t" in text and "Traceback" not in text
    assert "exit status 1" not in text  # stopped, not failed
    for _ in range(50):  # the bot is stopped before join exits; reaped soon after
        if not any(Path(f"/proc/{pid}").exists() for pid in bots):
            break
        await asyncio.sleep(0.1)
    assert not any(Path(f"/proc/{pid}").exists() for pid in bots), "the bot was left running"
