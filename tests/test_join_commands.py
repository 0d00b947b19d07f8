"""A command typed at a LAN table while another seat thinks is answered at once:
that seat may think until its clock runs out.  Only a card typed ahead waits for
the turn (it is kept and played then)."""

from __future__ import annotations

import asyncio

from test_join import _dealt, _sitting

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
