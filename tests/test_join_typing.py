"""``briscola join`` in tmux: a card typed before your turn is played at it.

Two people at a table: while one thinks, the other types a card; the screen
says it is kept, and when the turn comes it is played without another key,
never refused with the typist's own name.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from lan import running
from test_join import _until
from test_join_ways_back import TMUX_NEEDED, _my_turn, _panes


@TMUX_NEEDED
async def test_a_card_typed_ahead_is_played_at_the_turn(tmp_path: Path) -> None:
    async with running(tmp_path, seed=3) as lan:
        pane = _panes(tmp_path, lan.port, "-ahead")
        anna = await asyncio.to_thread(pane, "anna", "--name Anna --create --table duo")
        try:
            await _until(anna, lambda h: "You sit at table duo" in h, "Anna's seat")
            ben = await asyncio.to_thread(pane, "ben", "--name Ben --table duo")
            # Whose turn it is, read once: a screen read while the clock redraws its line
            # may miss "Your turn", and a second read then seated the mover as "second".
            annas = False
            for _ in range(200):
                annas = await _my_turn(anna)
                if annas or await _my_turn(ben):
                    break
                await asyncio.sleep(0.1)
            first, second = (anna, ben) if annas else (ben, anna)
            await asyncio.to_thread(second.keys, "1", "Enter")
            await _until(second, lambda h: "kept, played as soon as" in h, "the card kept")
            await asyncio.to_thread(first.keys, "1", "Enter")
            await _until(second, lambda h: "You play" in h, "the kept card played")
            text = await asyncio.to_thread(second.history)
            assert "Not your turn" not in text and "Traceback" not in text, text
        finally:
            await asyncio.to_thread(anna.close)
