"""``briscola replay FILE``: a record told trick by trick while it is checked.

``--check`` takes many files and folders (every ``*.jsonl`` in a folder), one
line each; the exit status is 1 if any of them is not a consistent record.

The checking is the engine's (:func:`briscola.engine.replay.verify_record`); the
telling is :mod:`briscola.replay_text`'s, fed each line once it is checked.
This command joins the two, so neither imports the other.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import IO

from ..engine.cards import Faces
from ..engine.replay import RecordError, Unfinished, verify_record
from ..engine.text import printable
from ..prompt.layout import fitted, terminal_width
from ..words.replay_text import Narrator, verdict_text


def main(args: argparse.Namespace) -> int:
    """``briscola replay FILE...``: 0 when every record is consistent, 1 otherwise."""
    files: list[str] = list(args.file)
    if not args.check and len(files) > 1:
        print(
            "briscola replay: tells one record at a time; use --check to check many",
            file=sys.stderr,
        )
        return 2
    records: list[str] = []
    for name in files:
        if args.check and name != "-" and Path(name).is_dir():
            inside = sorted(str(p) for p in Path(name).glob("*.jsonl") if p.is_file())
            if not inside:
                print(
                    f"briscola replay: {printable(name)}: a folder with no *.jsonl records",
                    file=sys.stderr,
                )
                return 1
            records += inside
        else:
            records.append(name)
    status = 0
    for name in records:
        status = max(status, _one(args, name))
    return status


def _one(args: argparse.Namespace, name: str) -> int:
    label = "standard input" if name == "-" else name
    out = sys.stdout
    width = terminal_width(out)  # at a terminal, lines broken at spaces; piped, whole

    def fit(text: str) -> str:
        return fitted(text, width)

    fallback: Faces = getattr(args, "faces_fallback", None) or "italian"
    narrator = None if args.check else Narrator(
        out, args.faces, args.lang, fallback=fallback, fit=fit
    )  # fmt: skip
    try:
        with _open(name) as stream:
            result = verify_record(stream, on_line=narrator.line if narrator else None)
    except BrokenPipeError:
        raise
    except OSError as err:
        print(
            f"briscola replay: cannot read {printable(label)}: {err.strerror or err}",
            file=sys.stderr,
        )
        return 1
    except Unfinished as err:
        if narrator is not None:
            narrator.flush(trick=True)
        print(fit(f"unfinished: {printable(label)}: {printable(str(err))}"), file=out)
        return 0
    except RecordError as err:
        if narrator is not None:
            narrator.flush()
        print(fit(f"INVALID: {printable(label)}: {printable(str(err))}"), file=out)
        out.flush()
        print(f"briscola replay: {printable(label)}: {printable(str(err))}", file=sys.stderr)
        return 1
    print(fit(verdict_text(result, label, args.lang)), file=out)
    return 0


def _open(path: str) -> contextlib.AbstractContextManager[IO[bytes]]:
    if path == "-":
        return contextlib.nullcontext(sys.stdin.buffer)
    return open(path, "rb")
