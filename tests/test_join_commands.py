"""A command typed at a LAN table while another seat thinks is answered at once:
that seat may think until its clock runs out.  Only a card typed ahead waits for
the turn (it is kept and played then)."""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from pathlib import Path

from lan import ROOT, play_out, running
from test_join import _dealt, _sitting
from test_prompt_tmux import Pane

from briscola.client.play import _table_line
from briscola.engine.observation import observe
from briscola.protocol.messages import turn_message


async def test_commands_are_answered_at_once_while_another_seat_thinks() -> None:
    me, sent, out = _sitting()
    me.person.lan = True  # as sit() seats it
    r = await _dealt(me, dealer=1)  # Ann (seat 0) leads, then Finn thinks
    await _table_line(me, turn_message(observe(r, 0), 3, 60000))
    ours = r.hands[0][0]
    me.console._deliver("1")
    for _ in range(50):
        if sent:
            break
        await asyncio.sleep(0.01)
    assert sent[-1] == {"type": "play", "id": 3, "card": str(ours)}
    r.play(ours)
    await _table_line(me, {"type": "played", "seat": 0, "card": str(ours)})
    await _table_line(me, {"type": "clock", "seat": 1, "ms": 60000})
    assert me.person.seen.trick  # Finn has not played: the trick is not done
    for command, answer in [
        ("score", "Rounds won (first to 1): You 0 · Finn 0"),
        ("help", "Commands"),
        ("seen", "Played this round, by suit:"),
        ("last", "No trick has been taken yet"),
    ]:
        before = len(out.getvalue())
        assert me.idle(command)
        assert answer in out.getvalue()[before:], (command, out.getvalue()[before:])
    # A card typed now still waits for the turn: kept, not played.
    before = len(sent)
    assert me.idle("2") and "kept, played as soon as it is your turn" in out.getvalue()
    assert len(sent) == before
    await me.table.cancel_turn()


async def test_score_in_a_terminal_is_answered_while_the_other_person_thinks(
    tmp_path: Path,
) -> None:
    """A real ``briscola join`` in tmux against Bob (a protocol client): Ann leads a
    trick, Bob holds his card, Ann types ``score``: the answer comes while Bob still
    thinks (before the fix, only once he played or his two minutes ran out).  On a
    pipe every line waits for the next question by design (a script's order)."""
    async with running(tmp_path) as lan:
        bob = await lan.connect("Bob")
        await bob.create("t", players=2)
        await bob.join("t")
        python = shlex.quote(sys.executable)
        pane = Pane(f"cd {shlex.quote(str(ROOT))}; LC_ALL=C.UTF-8 {python} -m briscola join "
                    f"127.0.0.1:{lan.port} --name Ann --table t --pace 0 --lang en; sleep 60",
                    width=100, height=30, name="ann")  # fmt: skip
        led = asyncio.create_task(
            play_out(bob, stop=lambda m: m["type"] == "turn" and bool(m["trick"]), timeout=30)
        )
        try:
            waited = 0  # Ann plays her first card at each of her turns (again if unheard)
            while not led.done():
                rows = pane.screen().rstrip().splitlines()
                hands = re.findall(r"Your hand:\s+(\d) ", "\n".join(rows))
                turn = bool(rows) and rows[-1].startswith(" Your turn") and hands
                waited = waited + 1 if turn else 0
                if waited % 10 == 1:
                    pane.keys(hands[-1], "Enter")
                await asyncio.sleep(0.2)
            assert (await led)["type"] == "turn"  # Bob's, with Ann's card on the table
            pane.keys("score", "Enter")
            for _ in range(100):  # Bob holds his card all along (his clock: 2 minutes)
                if "Rounds won" in pane.history():
                    break
                await asyncio.sleep(0.2)
            assert "Rounds won" in pane.history(), pane.history()
        finally:
            pane.close()
