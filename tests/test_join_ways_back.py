"""``briscola join`` in tmux: every way back to a seat keeps the card numbers.

Anna plays slot 1 each time, so a card drawn takes slot 1 while the server's
hand puts it last.  At her turn the server restarts; then her client is
killed (``kill -9``) and started again: each time the hand shows the same
card under the same number as before.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from lan import running
from test_join import ROOT, _screen, _until
from test_prompt_tmux import TMUX, Pane

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")

HAND_LINE = re.compile(r"^Your hand:.*$", re.M)


def _last_hand(text: str) -> str:
    return " ".join(HAND_LINE.findall(text)[-1].split())


async def _my_turn(pane: Pane) -> bool:
    lines = (await _screen(pane)).rstrip().splitlines()
    return "Your turn" in "\n".join(lines[-2:])


async def _play_turns(pane: Pane, turns: int) -> None:
    """Play slot 1 at each of ``turns`` turns; return at the next turn, unanswered."""
    played = 0
    for _ in range(600):
        if await _my_turn(pane):
            if played == turns:
                return
            history = await asyncio.to_thread(pane.history)
            before = history.count("You play")
            await asyncio.to_thread(pane.keys, "1", "Enter")
            await _until(pane, lambda h, n=before: h.count("You play") > n, "the card played")
            played += 1
        await asyncio.sleep(0.1)
    raise AssertionError("no turn came")


def _child_of(pane: Pane) -> int:
    shell = int(pane.tmux("display", "-p", "-t", pane.name, "#{pane_pid}").strip())
    out = subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True, timeout=5)
    return int(out.stdout.split()[0])


async def test_card_numbers_survive_every_way_back(tmp_path: Path) -> None:
    python = shlex.quote(sys.executable)
    state = tmp_path / "state"
    async with running(tmp_path, seed=6) as lan:
        port = lan.port
        join = (
            f"cd {shlex.quote(str(ROOT))} && XDG_STATE_HOME={shlex.quote(str(state))} "
            f"LC_ALL=C.UTF-8 {python} -m briscola join 127.0.0.1:{port} --pace 0"
        )

        def pane(name: str, options: str) -> Pane:
            command = f"{join} {options}; echo EXIT=$?; sleep 60"
            return Pane(command, width=110, name=name, server="-back")

        anna = await asyncio.to_thread(
            pane, "anna", "--name Anna --create --table duo --bots 1:random"
        )
        try:
            await _play_turns(anna, 2)
            before = _last_hand(await asyncio.to_thread(anna.history))
            # The server restarts at her turn.
            await lan.stop()
            await _until(anna, lambda h: "pausing for a restart" in h, "the pause")
            async with running(tmp_path, port=port, seed=6) as again:
                await _until(anna, lambda h: "you have your seat back" in h, "Anna back")
                await asyncio.to_thread(
                    anna.wait, lambda: "Your hand" in anna.history().split("seat back")[-1],
                    "the hand again",
                )  # fmt: skip
                after = _last_hand((await asyncio.to_thread(anna.history)).split("seat back")[-1])
                assert after == before, (before, after)
                await _play_turns(anna, 1)
                before = _last_hand(await asyncio.to_thread(anna.history))
                # Her client dies at her turn; she runs it again.
                os.kill(await asyncio.to_thread(_child_of, anna), signal.SIGKILL)
                await _until(anna, lambda h: "EXIT=137" in h, "the client killed")
                anna2 = await asyncio.to_thread(pane, "anna2", "--name Anna")
                await _until(anna2, lambda h: "Your seat was kept" in h, "the seat kept")
                await asyncio.to_thread(
                    anna2.wait, lambda: "Your hand" in anna2.history(), "the hand again"
                )
                after = _last_hand(await asyncio.to_thread(anna2.history))
                assert after == before, (before, after)
                assert again.port == port
        finally:
            await asyncio.to_thread(anna.close)
