"""``briscola replay FILE``: a record told trick by trick while it is checked.

The checking is the engine's (:func:`briscola.engine.replay.verify_record`); the
telling is :mod:`briscola.replay_text`'s, fed each line once it is checked.
This command joins the two, so neither imports the other.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import IO

from ..engine.cards import Faces
from ..engine.replay import RecordError, Unfinished, verify_record
from ..engine.text import printable
from ..words.replay_text import Narrator, verdict_text


def main(args: argparse.Namespace) -> int:
    """``briscola replay FILE``: 0 for a consistent record, 1 otherwise."""
    label = "standard input" if args.file == "-" else args.file
    out = sys.stdout
    fallback: Faces = getattr(args, "faces_fallback", None) or "italian"
    narrator = None if args.check else Narrator(out, args.faces, args.lang, fallback=fallback)
    try:
        with _open(args.file) as stream:
            result = verify_record(stream, on_line=narrator.line if narrator else None)
    except BrokenPipeError:
        raise
    except OSError as err:
        print(f"briscola replay: cannot read {label}: {err.strerror or err}", file=sys.stderr)
        return 1
    except Unfinished as err:
        if narrator is not None:
            narrator.flush(trick=True)
        print(f"unfinished: {printable(label)}: {printable(str(err))}", file=out)
        return 0
    except RecordError as err:
        if narrator is not None:
            narrator.flush()
        print(f"INVALID: {printable(label)}: {printable(str(err))}", file=out)
        out.flush()
        print(f"briscola replay: {printable(label)}: {printable(str(err))}", file=sys.stderr)
        return 1
    print(verdict_text(result, label, args.lang), file=out)
    return 0


def _open(path: str) -> contextlib.AbstractContextManager[IO[bytes]]:
    if path == "-":
        return contextlib.nullcontext(sys.stdin.buffer)
    return open(path, "rb")
