"""A record that cannot be written (a full disk, a file that takes no writes) costs the
record, never the game: the game goes on, says so, and the file keeps its whole lines."""

from __future__ import annotations

import errno
import io
import json
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from briscola.cli import build_parser
from briscola.cli import main as cli_main
from briscola.engine.events import MatchEnded
from briscola.engine.records import Record, dump_line
from briscola.engine.replay import RecordError, verify_record

BRISCOLA = [sys.executable, "-m", "briscola"]
LEAVE = "1\nquit\ny\nn\n"  # one card, then leave the table, and no second match


def small_files(limit: int) -> None:
    """In the child: files stop growing at ``limit`` bytes (EFBIG, like a full disk)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def play(
    *args: str, text: str = LEAVE, limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BRISCOLA, "play", "--seed", "1", "--opponents", "random", "--pace", "0", *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=(lambda: small_files(limit)) if limit else None,
    )


def test_a_full_disk_costs_the_record_not_the_game() -> None:
    done = play("--record", "/dev/full")
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert "The record could not be written (No space left on device)" in done.stdout
    assert "You play" in done.stdout and "You left the table." in done.stdout


def test_a_file_that_takes_no_writes_is_said_so() -> None:
    done = play("--record", "/proc/version")
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    told = done.stdout + done.stderr
    assert "The record could not be written (" in told or "cannot write the record" in told


def test_what_was_written_before_the_disk_filled_is_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    done = play("--record", str(path), text="1\n" * 20 + "n\n", limit=3000)
    assert "The record could not be written (File too large)" in done.stdout
    assert "internal error" not in done.stderr
    lines = path.read_text().splitlines()
    assert 0 < path.stat().st_size <= 3000 and path.read_text().endswith("\n")
    with pytest.raises(RecordError, match="the record ends before the match is over"):
        verify_record(lines)  # every line there is whole and consistent


def test_arena_records_cut_by_a_full_disk_are_reported(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    done = subprocess.run(
        [*BRISCOLA, "arena", "greedy", "random", "--games", "2", "--record", str(rec), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: small_files(2000),
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["matches"] == 4 and out["record_errors"]["count"] == 4
    assert "File too large" in out["record_errors"]["first"]
    for path in rec.glob("deal*.jsonl"):
        assert path.read_text().endswith("\n") and path.stat().st_size <= 2000
    # results.jsonl too: its whole lines kept, the run told on stderr, no traceback.
    assert "results.jsonl could not be written in full (File too large)" in done.stderr
    assert (rec / "results.jsonl").stat().st_size <= 2000


def test_check_bot_with_a_bot_log_it_cannot_make(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["check-bot", "python3 mybot.py", "--bot-log", "/proc/x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("briscola check-bot: error: cannot use --bot-log '/proc/x': ")
    assert "internal error" not in err


def test_messages_name_the_subcommand_not_the_bots_command() -> None:
    args = build_parser().parse_args(["check-bot", "python3 mybot.py"])
    assert args.command == "check-bot" and args.bot == "python3 mybot.py"


class Filling:
    """A real file that fills up: after ``room`` bytes a write lands in part and fails."""

    def __init__(self, path: Path, room: int) -> None:
        self.file = path.open("w", encoding="utf-8")
        self.room = room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.file.write(text[: self.room])  # half a line reaches the disk
            self.file.flush()
            self.room = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(text)
        return self.file.write(text)

    def flush(self) -> None:
        self.file.flush()

    def tell(self) -> int:
        return self.file.tell()

    def fileno(self) -> int:
        return self.file.fileno()

    def close(self) -> None:
        self.file.close()


def test_a_record_cut_by_a_full_disk_keeps_its_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    errors: list[OSError] = []
    record = Record(Filling(path, 70), on_error=errors.append)
    for n in range(5):
        record.write({"type": "info", "seat": 0, "text": f"line {n}"})
    assert [e.errno for e in errors] == [errno.ENOSPC] and record.error is errors[0]
    assert path.read_text() == "".join(dump_line(line) + "\n" for line in record.lines[:1])
    assert len(record.lines) == 5  # the match goes on, in memory


def test_a_record_that_cannot_say_where_it_is_just_stops(tmp_path: Path) -> None:
    class Pipe(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.EPIPE, "Broken pipe")

    record = Record(Pipe())
    record.write({"type": "info", "seat": 0, "text": "x"})
    record.write({"type": "info", "seat": 0, "text": "y"})
    assert record.error is not None and record.error.errno == errno.EPIPE
    assert len(record.lines) == 2 and record.out is None


def test_a_failed_fsync_stops_the_record_too(tmp_path: Path) -> None:
    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    with (tmp_path / "s.jsonl").open("w") as out:
        record = Record(out, sync=broken)
        record.event(MatchEnded(0, (1, 0), "complete"))
    assert record.error is not None and record.error.errno == errno.EIO
