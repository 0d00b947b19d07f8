"""The example transcript in docs/protocol-transcript.txt is what a real run sends.

Regenerate it with ``python tests/test_protocol_docs.py > docs/protocol-transcript.txt``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from briscola.bots.greedy import GreedyBot
from briscola.engine.rules import TableRules
from briscola.protocol.host import CommandPlayer
from briscola.table import play_match

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPT = ROOT / "docs" / "protocol-transcript.txt"


async def transcript() -> list[str]:
    """Seat 0 (``briscola bot --level greedy``) against a built-in greedy bot: one round."""
    lines: list[str] = []

    def tap(direction: str, line: str) -> None:
        lines.append(("host: " if direction == ">>" else "bot:  ") + line)

    bot = CommandPlayer(f"{sys.executable} -m briscola bot --level greedy", "mybot", tap=tap)
    await play_match(TableRules(), [bot, GreedyBot()], seed=11, names=("mybot", "greedy"))
    return lines


def _plain(line: str) -> object:
    who, _, text = line.partition(" ")
    msg = json.loads(text)
    msg.pop("time_ms", None)  # the time left may differ by a millisecond under load
    return who, msg


def test_the_documented_transcript_is_a_real_run() -> None:
    fresh = asyncio.run(transcript())
    documented = TRANSCRIPT.read_text().splitlines()
    assert [_plain(x) for x in documented] == [_plain(x) for x in fresh]
    doc = (ROOT / "docs" / "protocol.md").read_text()
    for line in (documented[0], documented[1], documented[-1]):
        assert line in doc  # the page quotes the real run


if __name__ == "__main__":
    print("\n".join(asyncio.run(transcript())))
