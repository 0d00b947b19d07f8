"""Issue 30, items 10-12, in real terminals and through real pipes: lines are handled
in the order typed, the shell is left clean, and a small terminal keeps the hand and
the whole score in the panel with no empty rows under the line."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections.abc import Callable

from test_prompt_tmux import Pane, at_prompt, first_slot

PYTHON = shlex.quote(sys.executable)
PLAY = f"LC_ALL=C.UTF-8 {PYTHON} -m briscola play"
PLAYS = re.compile(r"^  (You play|\S+ plays) ")


def inside_a_trick(lines: list[str], first: str) -> list[int]:
    """Where a command's answer (its ``first`` line) comes right after a card of a
    trick that is not done: between a trick's lines."""
    return [i for i, line in enumerate(lines) if line.startswith(first) and i
            and PLAYS.match(lines[i - 1])]  # fmt: skip


def test_piped_commands_are_answered_in_the_order_typed_in_tmux() -> None:
    runs = 4
    one = f"printf 'help\\nrules\\nscore\\nquit\\ny\\n' | {PLAY} --seed 5 --pace 0"
    pane = Pane(f"for i in $(seq {runs}); do {one}; echo RUN-END; done; sleep 60", width=200)
    try:
        pane.wait(lambda: pane.history().count("RUN-END") == runs, "every run's end")
        text = pane.history()
        for n, run in enumerate(text.split("RUN-END")[:runs], 1):
            order = [run.find("Commands:"), run.find("Briscola in short"), run.find("Rounds won")]
            assert -1 not in order and order == sorted(order), f"run {n} out of order:\n{run}"
    finally:
        pane.close()


def test_readme_pipe_never_answers_inside_a_trick() -> None:
    """README's own line, ten times: ``score`` comes at the person's turn, never
    between a card and the trick's end."""
    for run in range(10):
        done = subprocess.run(
            [sys.executable, "-m", "briscola", "play", "--seed", "7"],
            input="1\n2\nscore\nquit\ny\n", capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        lines = done.stdout.splitlines()
        assert "Rounds won (first to 1): You 0 · Marco 0" in lines, done.stdout
        assert not inside_a_trick(lines, "Trump: "), f"run {run}:\n{done.stdout}"


def test_a_command_typed_while_the_bots_play_waits_for_the_trick_end() -> None:
    """Three seats, we lead (seed 5); ``score`` typed while Marco and Giulia play is
    answered once the trick is taken, not between their cards."""
    pane = Pane(f"{PLAY} --players 3 --seed 5 --opponents greedy --pace 2; sleep 60", width=120)
    try:
        pane.wait(at_prompt(pane, 0), "the first prompt")
        pane.keys("1", "Enter")
        pane.wait(lambda: "Marco plays" in pane.history(), "Marco's card")
        pane.keys("score", "Enter")
        pane.wait(lambda: "Rounds won (first to 1)" in pane.history(), "the score")
        pane.wait(at_prompt(pane, 1), "the next turn")
        lines = pane.history().splitlines()
        took = next(i for i, line in enumerate(lines) if "takes the trick" in line
                    or "You take the trick" in line)  # fmt: skip
        score = next(i for i, line in enumerate(lines) if line.startswith("Rounds won"))
        assert score > took, "\n".join(lines)
    finally:
        pane.close()


def test_the_shell_is_clean_after_quit_twenty_times() -> None:
    """``quit``/``y`` nineteen times and one whole match ended by ``n`` to "Play
    again?", in a real shell: no answer to a cursor-position question ever lands on
    the shell's line (``^[[9;1R``)."""
    pane = Pane("env PS1='$ ' HISTFILE=/dev/null bash --norc --noprofile", width=120)
    try:
        pane.wait(lambda: pane.screen().rstrip().endswith("$"), "the shell")
        for run in range(20):
            pane.keys(f"{PLAY} --seed {run} --pace 0 --opponents greedy", "Enter")
            if run == 10:
                for played in range(20):
                    pane.wait(at_prompt(pane, played), f"card {played}")
                    pane.keys(first_slot(pane), "Enter")
                pane.wait(lambda: "Play again?" in pane.screen(), "the question")
                pane.keys("n", "Enter")
            else:
                pane.wait(_prompt(pane), "the prompt")
                pane.keys("quit", "Enter")
                pane.wait(lambda: "Leave the game" in pane.screen(), "the question")
                pane.keys("y", "Enter")
            pane.wait(lambda: pane.screen().rstrip().endswith("$"), "the shell again")
            pane.keys(f"echo clean-{run}", "Enter")
            pane.wait(lambda r=run: f"\nclean-{r}" in pane.screen(), "the echo")  # type: ignore[misc]
            text = pane.screen()
            assert not re.search(r"\^\[|\d;\d+R", text), text
            pane.keys("clear", "Enter")
            pane.wait(lambda: "clean-" not in pane.screen(), "a clear screen")
    finally:
        pane.close()


def _prompt(pane: Pane) -> Callable[[], bool]:
    return lambda: re.search(r"^play>\s*$", pane.screen(), re.M) is not None


def test_sixty_by_twenty_at_six_seats_keeps_the_hand_and_the_score() -> None:
    pane = Pane(f"{PLAY} --players 6 --seed 5 --opponents greedy --pace 0; sleep 60",
                width=60, height=20)  # fmt: skip
    try:
        pane.wait(lambda: re.search(r"^play>\s*$", pane.screen(), re.M) is not None, "a turn")
        pane.keys("help", "Enter")
        pane.wait(lambda: "quit " in pane.screen() and pane.screen().rstrip().endswith("turn."),
                  "the help, then the panel")  # fmt: skip
        screen = pane.screen()
        rows = screen.rstrip("\n").splitlines()
        line = next(i for i, row in enumerate(rows) if row.startswith("play>"))
        panel = rows[line + 1 :]
        assert panel and all(row.strip() for row in panel), screen  # no empty rows
        text = " ".join(panel)
        assert re.search(r"Your hand:\s+1 \w\w\s+2 \w\w\s+3 \w\w", text), screen
        assert re.search(r"Rounds\s+Us 0 · Marco\+Sofia 0 · Giulia\+Paolo 0", text), screen
        assert re.search(r"Points\s+Us \d+ · Marco\+Sofia \d+ · Giulia\+Paolo \d+", text), screen
        assert all(len(row) <= 60 for row in rows)
    finally:
        pane.close()
