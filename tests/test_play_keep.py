"""Issue 30 items 13-14 at ``briscola play``: a language suggests its game; ``quit``
keeps the match and ``--resume`` goes on where it stopped; the history of finished
matches and ``briscola stats``.  Real subprocesses, a data folder of their own."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from briscola.cli import build_parser
from briscola.engine.cards import LANGUAGES
from briscola.engine.replay import resume_point
from briscola.prompt.app import options_from
from briscola.prompt.keep import Finished
from briscola.prompt.stats import stats_text
from briscola.settings import Settings
from briscola.words.table import words


def play(data: Path, args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data / "cfg")}
    return subprocess.run(
        [sys.executable, "-m", "briscola", *args], input=typed, capture_output=True, text=True,
        timeout=120, env=env,
    )  # fmt: skip


ALL_CARDS = "1\n2\n3\n" * 25  # every slot in turn: a wrong one is refused, the next is tried


def test_quit_keeps_the_match_and_resume_goes_on_where_it_stopped(tmp_path: Path) -> None:
    first = play(tmp_path, ["play", "--seed", "7", "--opponents", "greedy", "--pace", "0"],
                 "1\n2\nquit\ny\ny\n")  # fmt: skip
    assert "The match is kept: briscola play --resume" in first.stdout, first.stdout
    folder, kept = tmp_path / "briscola", tmp_path / "briscola" / "kept.jsonl"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert list(folder.glob("playing-*")) == []  # the match's own file went
    # Marco had led 6B to our third turn: the same table, hand and score come back.
    again = play(tmp_path, ["play", "--resume", "--pace", "0"], "score\nquit\ny\ny\n")
    out = again.stdout
    assert "Back at the table." in out, out
    assert "On the table:  Marco 6B Six of Batons" in out
    assert "Trump: AD Ace of Coins · 30 cards in the stock" in out
    assert "Points this round: You 0 · Marco 21" in out
    hand = out.split("Your hand:")[1].split("\n")[0]
    assert sorted(re.findall(r"\d (\w\w) ", hand)) == ["6D", "7B", "KB"], hand
    point = resume_point(kept.read_bytes())  # kept again, a record that goes on
    assert point is not None and point.round is not None
    # To the end this time: the kept match is gone and the history has it.
    done = play(tmp_path, ["play", "--resume", "--pace", "0"], ALL_CARDS + "n\n")
    assert "the match (rounds won" in done.stdout, done.stdout
    assert not kept.exists()
    history = (folder / "history.jsonl").read_text().splitlines()
    assert len(history) == 1 and json.loads(history[0])["players"] == 2
    assert stat.S_IMODE((folder / "history.jsonl").stat().st_mode) == 0o600
    shown = play(tmp_path, ["stats"], "").stdout
    assert "All matches: 1 match" in shown and "2 players: 1 match" in shown, shown
    nothing = play(tmp_path, ["play", "--resume"], "")
    assert nothing.returncode == 2 and "no match is kept" in nothing.stderr


def test_stats_by_level_size_and_variant_with_a_chart() -> None:
    def entry(result: str, mine: int, level: str = "expert", players: int = 2) -> Finished:
        return Finished(0.0, level, players, "italian", 1, result, mine, 120 - mine)

    matches = [entry("won", 70), entry("lost", 40), entry("drawn", 60, "greedy", 4)]
    text = stats_text("en", matches)
    assert "All matches: 3 matches, 1 won, 1 lost (33% won); points 170 to 190" in text
    assert "  expert: 2 matches, 1 won, 1 lost (50% won); points 110 to 130" in text
    assert "  4 players: 1 match, 0 won, 0 lost (0% won); points 60 to 60" in text
    assert "  WL=" in text and "  █▁▆" in text
    assert "  Italian rules: 3 matches" in text
    assert "Ancora nessuna partita" in stats_text("it", [])
    # In the other languages the variant and the letters are theirs, and the key says them.
    text = stats_text("it", matches)
    assert "  regole italiane: 3 partite" in text and "  VP=" in text and "V vinta, P persa" in text
    for lang in LANGUAGES:  # three letters, one for each result, named in the key
        marks = words(lang, "stats.marks")
        assert len(set(marks)) == 3 and all(f"{c} " in words(lang, "stats.last", count=2)
                                            for c in marks), lang  # fmt: skip
    assert Finished.from_dict({"when": 1}) is None  # a torn line is no match


@pytest.mark.parametrize(
    ("argv", "variant", "faces", "title"),
    [
        (["--lang", "es"], "brisca", "spanish", "Brisca ·"),
        (["--lang", "pt"], "bisca", "portuguese", "Bisca ·"),
        (["--lang", "it"], "italian", "italian", "Briscola ·"),
        (["--lang", "es", "--variant", "italian", "--faces", "french"], "italian", "french",
         "Briscola ·"),
    ],
)  # fmt: skip
def test_a_language_suggests_its_game(
    tmp_path: Path, argv: list[str], variant: str, faces: str, title: str
) -> None:
    args = build_parser().parse_args(["play", *argv])
    opts = options_from(args, Settings())
    assert (opts.rules.variant, opts.faces) == (variant, faces)
    out = play(tmp_path, ["play", *argv, "--pace", "0", "--opponents", "greedy"], "").stdout
    assert out.startswith(title), out


def test_words_a_native_player_reads() -> None:
    """Issue 30, item 13: what each language's player flagged now reads right."""
    from briscola.client.lobby import table_lines
    from briscola.words.table import words

    listing = {"tables": [{"table": "t", "players": 2, "variant": "italian", "target": 1,
                           "state": "waiting", "seats": ["Anna", None]}]}  # fmt: skip
    assert "regole italiane" in table_lines("it", listing)[0]
    assert "reglas italianas" in table_lines("es", listing)[0]
    assert words("it", "table.lead") == "Sei di mano."  # not "Esci" beside the command esci
    assert "patta" in words("it", "end.drawn")
    assert words("it", "help.top").startswith("  aiuto (help)")
    assert words("es", "hand.exchange", card="7O").endswith("por la muestra: escribe cambio")
    assert words("es", "review.head") == "  Las bazas con más puntos:"
    assert words("pt", "review.head") == "  As vazas com mais pontos:"
