"""``briscola join`` in tmux through a server restart between matches.

A person finishes a match and is asked about another; the server stops
cleanly (a Ctrl-C) and starts again on the same records and port.  The
person's screen says the seat is back (not that it could not be resumed),
the question is still theirs to answer, and the rematch is played at the
same table; a spectator watches it again after the restart.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path

import pytest
from lan import running
from test_join import ROOT, _play_out, _until
from test_prompt_tmux import TMUX, Pane

from briscola.client.session import Session


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")
async def test_a_restart_between_matches_keeps_the_table(tmp_path: Path) -> None:
    python = shlex.quote(sys.executable)
    state = tmp_path / "state"
    async with running(tmp_path, seed=4) as lan:
        port = lan.port
        join = (
            f"cd {shlex.quote(str(ROOT))} && XDG_STATE_HOME={shlex.quote(str(state))} "
            f"LC_ALL=C.UTF-8 {python} -m briscola join 127.0.0.1:{port} --pace 0"
        )

        def pane(name: str, options: str) -> Pane:
            command = f"{join} {options}; echo EXIT=$?; sleep 60"
            return Pane(command, width=100, name=name, server="-restart")

        anna = await asyncio.to_thread(
            pane, "anna", "--name Anna --create --table duo --bots 1:random"
        )
        try:
            await _until(anna, lambda h: "You sit at table duo" in h, "Anna's seat")
            vera = await asyncio.to_thread(pane, "vera", "--name Vera --table duo --watch")
            await _until(vera, lambda h: "You watch table duo" in h, "Vera watching")
            await _play_out({"anna": (anna, "en")}, end="Another match")
            await lan.stop()
            await _until(anna, lambda h: "pausing for a restart" in h, "the pause told")
            async with running(tmp_path, port=port, seed=4):
                await _until(anna, lambda h: "you have your seat back" in h, "Anna back")
                await _until(vera, lambda h: "you watch the table again" in h, "Vera back")
                await asyncio.to_thread(anna.keys, "y", "Enter")
                await _until(
                    anna, lambda h: h.count("Briscola · 2 players") == 2, "the second match"
                )
                await _until(
                    vera, lambda h: h.count("Briscola · 2 players") == 2, "Vera sees it start"
                )
                await asyncio.to_thread(anna.keys, "leave", "Enter")
                await _until(anna, lambda h: "Leave the game" in h or "EXIT=" in h, "leaving")
                if "EXIT=" not in await asyncio.to_thread(anna.history):
                    await asyncio.to_thread(anna.keys, "y", "Enter")
                await _until(anna, lambda h: "EXIT=0" in h, "Anna's exit")
                screens = [await asyncio.to_thread(p.history) for p in (anna, vera)]
        finally:
            await asyncio.to_thread(anna.close)
    for text in screens:
        assert "could not be resumed" not in text and "did not come back" not in text, text
        assert "Traceback" not in text


async def test_a_refused_return_says_what_the_server_said(tmp_path: Path) -> None:
    """Back, but the seat is over: the refusal is told, not "did not come back"."""
    async with running(tmp_path) as lan:
        session = Session("127.0.0.1", lan.port, "Anna", patience=5.0)
        session.token, session.table = "0" * 64, "gone"
        told: list[float] = []
        assert not await session.reconnect(lambda _, pause: told.append(pause))
        assert "no seat has this token" in session.refusal and session.token is None
        assert len(told) == 1, "one try: a refusal is not retried"
        await session.close()
