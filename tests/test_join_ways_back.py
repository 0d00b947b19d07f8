"""``briscola join`` and the ways back to a seat: a server restart (mid-match and
between matches), a client killed and started again, a return refused.

In tmux: a restart between matches keeps the table, the seat, the question
about another match and the spectator; and across every way back the card
numbers stay (Anna plays slot 1 each time, so a card drawn takes slot 1
while the server's hand puts it last).
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lan import running
from test_join import ROOT, _play_out, _screen, _until
from test_prompt_tmux import TMUX, Pane

from briscola.client.session import Session

TMUX_NEEDED = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")

HAND_LINE = re.compile(r"^Your hand:.*$", re.M)


def _last_hand(text: str) -> str:
    return " ".join(HAND_LINE.findall(text)[-1].split())


async def _hand_after(pane: Pane, mark: str) -> str:
    """The last hand shown after the first ``mark``, from the one screen read that
    showed it (the status line that says ``mark`` may be drawn again below the hand,
    and a second read would find no hand after it)."""
    seen: list[str] = []

    def shown() -> bool:
        after = pane.history().split(mark, 1)
        seen[:] = HAND_LINE.findall(after[-1]) if len(after) == 2 else []
        return bool(seen)

    await asyncio.to_thread(pane.wait, shown, f"a hand after {mark!r}")
    return " ".join(seen[-1].split())


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


def _panes(tmp_path: Path, port: int, server: str, width: int = 110) -> Callable[[str, str], Pane]:
    """Panes that run ``briscola join`` on ``port`` with their own state folder."""
    python = shlex.quote(sys.executable)
    state = tmp_path / "state"
    join = (
        f"cd {shlex.quote(str(ROOT))} && XDG_STATE_HOME={shlex.quote(str(state))} "
        f"LC_ALL=C.UTF-8 {python} -m briscola join 127.0.0.1:{port} --pace 0"
    )

    def pane(name: str, options: str) -> Pane:
        command = f"{join} {options}; echo EXIT=$?; sleep 60"
        return Pane(command, width=width, name=name, server=server)

    return pane


def _child_of(pane: Pane) -> int:
    shell = int(pane.tmux("display", "-p", "-t", pane.name, "#{pane_pid}").strip())
    out = subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True, timeout=5)
    return int(out.stdout.split()[0])


@TMUX_NEEDED
async def test_card_numbers_survive_every_way_back(tmp_path: Path) -> None:
    async with running(tmp_path, seed=6) as lan:
        port = lan.port
        pane = _panes(tmp_path, port, "-back")

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
                after = await _hand_after(anna, "seat back")
                assert after == before, (before, after)
                await _play_turns(anna, 1)
                before = _last_hand(await asyncio.to_thread(anna.history))
                # Her client dies at her turn; she runs it again.
                os.kill(await asyncio.to_thread(_child_of, anna), signal.SIGKILL)
                await _until(anna, lambda h: "EXIT=137" in h, "the client killed")
                anna2 = await asyncio.to_thread(pane, "anna2", "--name Anna")
                await _until(anna2, lambda h: "Your seat was kept" in h, "the seat kept")
                after = await _hand_after(anna2, "Your seat was kept")
                assert after == before, (before, after)
                assert again.port == port
        finally:
            await asyncio.to_thread(anna.close)


@TMUX_NEEDED
async def test_a_restart_between_matches_keeps_the_table(tmp_path: Path) -> None:
    async with running(tmp_path, seed=4) as lan:
        port = lan.port
        pane = _panes(tmp_path, port, "-restart", width=100)

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


@TMUX_NEEDED
async def test_back_after_a_crash_the_cards_played_for_you_are_told(tmp_path: Path) -> None:
    async with running(tmp_path, seed=6, grace=0.5) as lan:
        pane = _panes(tmp_path, lan.port, "-crash")
        anna = await asyncio.to_thread(
            pane, "anna", "--name Anna --create --table duo --bots 1:random"
        )
        try:
            await _play_turns(anna, 1)
            os.kill(await asyncio.to_thread(_child_of, anna), signal.SIGKILL)
            look = await lan.connect("Look")
            await look.ask("watch", "watching", table="duo")
            await look.until(lambda m: m["type"] == "played" and m["seat"] == 0)
            anna2 = await asyncio.to_thread(pane, "anna2", "--name Anna")
            await _until(
                anna2, lambda h: "While you were away a bot played for you:" in h, "the story"
            )
        finally:
            await asyncio.to_thread(anna.close)
