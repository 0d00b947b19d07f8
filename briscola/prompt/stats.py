"""``briscola stats``: the finished matches of ``briscola play``, from the history
that :mod:`.keep` writes: matches, wins and points by level, table size and
variant, and a small chart of the last matches.  Floor 6."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ..engine.cards import Language
from ..settings import LEVELS, SettingsError, default_lang, load
from ..words.i18n import say
from ..words.replay_text import PHRASES
from ..words.table import words
from .keep import Finished, history
from .layout import fitted, terminal_width

__all__ = ["LAST", "chart", "main", "stats_text"]

LAST = 20  # matches in the chart
_BARS = "▁▂▃▄▅▆▇█"


def _row(lang: Language, label: str, matches: Sequence[Finished]) -> str:
    won = sum(m.result == "won" for m in matches)
    lost = sum(m.result == "lost" for m in matches)
    share = round(100 * won / len(matches))
    mine, theirs = sum(m.mine for m in matches), sum(m.theirs for m in matches)
    return words(lang, "stats.row", label=label, count=len(matches), won=won, lost=lost,
                 share=share, mine=mine, theirs=theirs)  # fmt: skip


def _groups(
    lang: Language, head: str, matches: list[Finished], key: Callable[[Finished], str]
) -> list[str]:
    lines = [words(lang, head)]
    for label in sorted({key(m) for m in matches}):
        lines.append("  " + _row(lang, label, [m for m in matches if key(m) == label]))
    return lines


def _level(lang: Language, level: str) -> str:
    return words(lang, f"level.{level}") if level in LEVELS else level or "-"


def _variant(lang: Language, variant: str) -> str:
    """A variant as the replay names it: "Italian rules", "brisca (with the exchange)"."""
    key = f"variant.{variant}"
    return say(PHRASES, lang, key) if key in PHRASES["en"] else variant


def chart(matches: Sequence[Finished], lang: Language = "en") -> tuple[str, str]:
    """The last matches: a letter each (won, lost, drawn: W L = in English, the
    language's own letters in the others) and a bar of the point margin, higher the
    better."""
    if not matches:
        return "", ""
    margins = [m.mine - m.theirs for m in matches]
    low, high = min(margins), max(margins)
    span = max(1, high - low)
    bars = "".join(_BARS[round((v - low) * (len(_BARS) - 1) / span)] for v in margins)
    letters = dict(zip(("won", "lost", "drawn"), words(lang, "stats.marks"), strict=True))
    marks = "".join(letters[m.result] for m in matches)
    return marks, bars


def stats_text(lang: Language, matches: list[Finished]) -> str:
    if not matches:
        return words(lang, "stats.none")
    lines = [_row(lang, words(lang, "stats.all"), matches), ""]
    lines += _groups(lang, "stats.by_level", matches, lambda m: _level(lang, m.level))
    lines += _groups(lang, "stats.by_players", matches,
                     lambda m: words(lang, "intro.players", players=m.players))  # fmt: skip
    lines += _groups(lang, "stats.by_variant", matches, lambda m: _variant(lang, m.variant))
    last = matches[-LAST:]
    marks, bars = chart(last, lang)
    lines += ["", words(lang, "stats.last", count=len(last)), f"  {marks}", f"  {bars}"]
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    try:
        lang = args.lang or load().lang or default_lang()
    except SettingsError:
        lang = args.lang or default_lang()
    print(fitted(stats_text(lang, list(history())), terminal_width(sys.stdout)))
    return 0
