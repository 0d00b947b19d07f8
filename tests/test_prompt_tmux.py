"""One whole game in a real terminal: tmux runs ``briscola play``, keys go in, the pane is read."""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it: apt-get install tmux)"
)


_SERVERS = itertools.count(1)


class Pane:
    def __init__(
        self, command: str, width: int = 110, name: str = "t", server: str = "", height: int = 30
    ) -> None:
        assert TMUX is not None
        # A tmux server of our own (one per test: a server still going down after the
        # last test's kill-server takes no new session).
        server = server or f"-{next(_SERVERS)}"  # panes that share one name it
        self.label = f"briscola-test-{os.getpid()}{server}"
        self.base = [TMUX, "-L", self.label]
        self.name = name  # several panes: one session each on that server
        self.tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), command)

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout

    def screen(self, *flags: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name, *flags)

    def history(self) -> str:
        return self.screen("-S", "-")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def wait(self, ok: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if ok():
                return
            time.sleep(0.05)
        raise AssertionError(f"never saw {what}; the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=10, check=False)
        # A killed server may leave its socket file behind: hundreds of them after a day.
        sockets = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        with contextlib.suppress(OSError):
            (sockets / self.label).unlink()

    def end(self) -> None:
        """This pane's session only (others on the server go on)."""
        self.tmux("kill-session", "-t", self.name)


def at_prompt(pane: Pane, played: int) -> Callable[[], bool]:
    """True once ``played`` cards of ours are down and the prompt waits, empty."""

    def ok() -> bool:
        text, screen = pane.history(), pane.screen()
        waiting = re.search(r"^play>\s*$", screen, re.M) is not None and " Trump " in screen
        return text.count("You play") == played and (waiting or "Play again?" in text)

    return ok


def first_slot(pane: Pane) -> str:
    """The number of the first card in the hand on screen (slots keep their numbers,
    so once the stock is gone slot 1 can be empty)."""
    hands = re.findall(r"^Your hand:\s+(\d)", pane.screen(), re.M)
    assert hands, pane.screen()
    return hands[-1]


def test_a_game_in_tmux() -> None:
    python = shlex.quote(sys.executable)
    play = f"LC_ALL=C.UTF-8 {python} -m briscola play --seed 7 --opponents greedy --pace 0.05"
    pane = Pane(f"{play}; echo EXIT=$?; sleep 60")
    try:
        pane.wait(at_prompt(pane, 0), "the first prompt")
        screen = pane.screen()
        assert "Your hand:  1 5D Five of Coins  2 3S Three of Swords  3 KB King of Batons" in screen
        assert re.search(r"Trump\s+AD Ace of Coins\s+Stock\s+34\s+Round\s+1", screen)
        # Cards are coloured by suit: the trump's Coins in gold (256-colour 221).
        assert re.search(r"\x1b\[[0-9;]*38;5;221[0-9;]*mAD Ace of Coins", pane.screen("-e"))
        # A card by the start of its name, completed with Tab.
        pane.keys("fiv", "Tab")
        pane.wait(lambda: "play> Five of Coins" in pane.screen(), "the completion")
        pane.keys("Enter")
        pane.wait(at_prompt(pane, 1), "the second prompt")
        assert "You play 5D Five of Coins" in pane.history()
        # The card drawn took slot 1, the others kept their numbers.
        assert re.search(r"Your hand:  1 \w\w .*  2 3S Three of Swords  3 KB King", pane.screen())
        # A bad entry is refused where the person looks, and the line comes back empty.
        pane.keys("zz", "Enter")
        pane.wait(lambda: "Not a card or a command: 'zz'" in pane.screen(), "the refusal")
        pane.wait(lambda: re.search(r"^play>\s*$", pane.screen(), re.M) is not None, "empty line")
        # Ctrl-C asks; "n" goes on.
        pane.keys("C-c")
        pane.wait(lambda: "Leave the game in progress? (y/n)" in pane.screen(), "the question")
        pane.keys("n", "Enter")
        pane.wait(at_prompt(pane, 1), "the prompt again")
        for played in range(2, 21):
            pane.keys(first_slot(pane), "Enter")
            pane.wait(at_prompt(pane, played), f"card {played} played")
        pane.wait(lambda: "Play again? (y/n)" in pane.screen(), "the end of the match")
        won = r"(You win|Marco wins) the match \(rounds won: You \d · Marco \d\)"
        pane.wait(lambda: re.search(won, pane.history()) is not None, "the summary")
        end = pane.history()
        assert re.search(r"(You win|Marco wins) the match \(rounds won: You \d · Marco \d\)", end)
        assert re.search(r"You: \d+ points from .*\n\s*Marco: \d+ points from ", end)
        assert "The biggest tricks:" in end
        pane.keys("n", "Enter")
        pane.wait(lambda: "EXIT=0" in pane.screen(), "a clean exit")
        assert "Traceback" not in pane.history()
    finally:
        pane.close()


def toolbar_trump(pane: Pane) -> str:
    found = re.findall(r"Trump\s+(\w\w) ", pane.screen())
    assert found, pane.screen()
    return found[-1]


def test_a_brisca_match_with_an_exchange_in_tmux() -> None:
    """The whole match; after the exchange the toolbar shows the card now face up."""
    python = shlex.quote(sys.executable)
    play = (
        f"LC_ALL=C.UTF-8 {python} -m briscola play --variant brisca --seed 1 "
        "--opponents greedy --pace 0"
    )
    pane = Pane(f"{play}; echo EXIT=$?; sleep 60")
    try:
        pane.wait(at_prompt(pane, 0), "the first prompt")
        offer = re.search(r"You may exchange your (\w\w) for the face-up card", pane.screen())
        assert offer, pane.screen()
        dealt = toolbar_trump(pane)
        pane.keys("exchange", "Enter")
        pane.wait(lambda: "You exchange" in pane.screen(), "the exchange")
        pane.wait(at_prompt(pane, 0), "the prompt after the exchange")
        # The new prompt draws its toolbar a moment after the line: wait for it.
        given = offer.group(1)
        pane.wait(lambda: toolbar_trump(pane) == given, f"the toolbar's trump {given}")
        assert given != dealt
        pane.keys("score", "Enter")
        pane.wait(lambda: f"Trump: {offer.group(1)} " in pane.screen(), "score's trump")
        for played in range(1, 21):
            pane.keys(first_slot(pane), "Enter")
            pane.wait(at_prompt(pane, played), f"card {played} played")
        pane.wait(lambda: "Play again? (y/n)" in pane.screen(), "the end of the match")
        # Printed lines reach the terminal a moment after the prompt (patch_stdout).
        pane.wait(lambda: re.search(r"(You win|Marco wins) the match", pane.history()) is not None,
                  "the match's end")  # fmt: skip
        pane.keys("n", "Enter")
        pane.wait(lambda: "EXIT=0" in pane.screen(), "a clean exit")
        assert "Traceback" not in pane.history()
    finally:
        pane.close()


def test_sixty_columns_wrap_by_card_and_keep_the_toolbar_whole() -> None:
    python = shlex.quote(sys.executable)
    play = f"LC_ALL=C.UTF-8 {python} -m briscola play --players 3 --seed 5 --opponents greedy"
    pane = Pane(f"{play} --pace 0; sleep 60", width=60)
    try:
        pane.wait(at_prompt(pane, 0), "the first prompt")
        screen = pane.screen()
        names = re.compile(
            r"(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King) of (Cups|Coins|Swords|Batons)"
        )
        hand = screen[screen.rindex("Your hand:") :].split("play>")[0]
        assert len(names.findall(hand)) == 3, screen  # three whole names, none cut
        assert re.search(r"^\s+Points You 0 · Marco 0 · Giulia 0\s*$", screen, re.M), screen
        assert all(len(line) <= 60 for line in screen.splitlines())
    finally:
        pane.close()
