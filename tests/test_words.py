"""Every sentence in every language, rendered with several names and numbers:
complete catalogs, no placeholder left, no English in the German and Italian."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from briscola.bots.reasons import WORDS as REASONS
from briscola.i18n import Catalog, say, template
from briscola.prompt.words import CATALOG
from briscola.replay_text import PHRASES
from briscola.review import PHRASES as REVIEW

CATALOGS: dict[str, Catalog] = {
    "prompt": CATALOG, "replay": PHRASES, "review": REVIEW, "reasons": REASONS
}  # fmt: skip

# English words that are not German or Italian words too; the command names a
# person types (help, hand, score, exchange ...) and "seed", which the Italian
# screen keeps as the game's own word, are allowed.
ENGLISH = re.compile(
    r"\b(the|you|your|yours|plays?|deals?|takes?|took|wins?|won|lost|draws?|drawn|"
    r"round|rounds|points?|trick|tricks|stock|trump|match|matches|card|cards|"
    r"hints?|used|of|and|or|from|by|against|with|left|right|player|players|"
    r"leads?|first|over|none|nobody|which|session|fault|abandoned|complete|"
    r"exchanges|not|is|are)\b",
    re.IGNORECASE,
)
ALLOWED = {"help", "hand", "last", "seen", "score", "hint", "rules", "quit", "exchange"}
NAMES = ["Anna", "Marco & Giulia", "Zoë"]
VALUES = {
    "players": 3, "target": 2, "variant": "brisca", "seed": 42, "level": "hard", "who": "Anna",
    "side": "Marco & Giulia", "name": "Zoë", "card": "Asso", "gave": "7B", "took": "KB",
    "points": "13", "scores": "Anna 1 · Marco 0", "round": 2, "range": "1-3", "example": "AD",
    "text": "'zz'", "hand": "AD, 3S", "i": 4, "cards": "AD 3C", "a": "1", "b": "3", "where": "Wqz",
    "note": "greedy", "role": "Rqz", "suit": "Coppe", "value": "+3.5", "others": "5D -1.0",
    "won": 1, "lost": 2, "mine": 100, "theirs": 140, "dealer": "Anna", "leader": "Marco",
    "plays": "Anna AD", "winner": "Marco", "draws": "Anna 5D", "team": "Anna", "code": "timeout",
    "message": "Mqz", "result": "Sqz", "reason": "complete", "pack": ", 39 Pqz", "label": "x.jsonl",
    "lines": 12, "rounds": 2, "n": 3, "seats": "0 Anna, 1 Marco", "teams": "Anna & Zoë",
    "why": "Wyz", "seat": 1, "best": "7D", "unseen": "AD", "led": "6S", "cost": "6.0",
    "share": "84%", "within": 16, "samples": 3000, "values": "4S +3.2  5S +2.9",
    "win": "64%", "match": "70%", "lead": "Lqz", "chance": "3%", "best_win": "71%",
    "reasons": "Rsz",
}  # fmt: skip


def renderings(catalog: Catalog, lang: str) -> list[tuple[str, str]]:
    """Every form of every message in ``lang``, filled in with several names and counts."""
    out = []
    for key, msg in catalog[lang].items():
        forms: list[dict[str, object]] = [{}]
        if not isinstance(msg, str):
            forms = [{"person": p} for p in msg if p in ("you", "other", "we", "they")]
            forms += [{"count": n} for n in (0, 1, 2, 11) if set(msg) & {"one", "other", "zero"}]
            forms = [f for f in forms if "person" in f or not set(msg) & {"you", "we", "they"}]
        for form in forms:
            for name in NAMES:
                values = {**VALUES, "who": name, "name": name}
                out.append((key, say(catalog, lang, key, **form, **values)))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("which", sorted(CATALOGS))
def test_every_language_has_every_message_in_every_form(which: str) -> None:
    catalog = CATALOGS[which]
    for lang in ("de", "it"):
        assert catalog[lang].keys() == catalog["en"].keys(), (which, lang)
        for key, english in catalog["en"].items():
            other = catalog[lang][key]
            if isinstance(english, str):
                assert isinstance(other, str), (lang, key)
                continue
            assert not isinstance(other, str), (lang, key)
            assert set(other) >= set(english) - {"zero"}, (lang, key)


@pytest.mark.parametrize("which", sorted(CATALOGS))
@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_sentence_renders_whole(which: str, lang: str) -> None:
    catalog = CATALOGS[which]
    for key, text in renderings(catalog, lang):
        assert "{" not in text and "}" not in text, (lang, key, text)
        assert "(s)" not in text and "/e" not in text and "(n)" not in text, (lang, key, text)


@pytest.mark.parametrize("which", sorted(CATALOGS))
@pytest.mark.parametrize("lang", ["de", "it"])
def test_no_english_leaks_into_german_or_italian(which: str, lang: str) -> None:
    catalog = CATALOGS[which]
    for key, text in renderings(catalog, lang):
        for value in map(str, VALUES.values()):
            if len(value) > 2:  # the filled-in values are not the sentence's words
                text = text.replace(value, " ")
        for name in NAMES:
            text = text.replace(name, " ")
        text = re.sub(r"--[\w-]+|briscola \w+", " ", text)  # options and commands as typed
        leaks = [w for w in ENGLISH.findall(text) if w.lower() not in ALLOWED]
        assert not leaks, (lang, key, leaks, text)


def test_fields_agree_across_languages() -> None:
    """A translation uses the same fields as the English sentence, no more."""
    for which, catalog in CATALOGS.items():
        for key, english in catalog["en"].items():
            for lang in ("de", "it"):
                for form in [None] if isinstance(english, str) else list(english):
                    kw = {} if form is None else _form(english, form)
                    want = _fields(template(catalog, "en", key, **kw))  # type: ignore[arg-type]
                    got = _fields(template(catalog, lang, key, **kw))  # type: ignore[arg-type]
                    assert got <= want | {"n"}, (which, lang, key, form, got, want)


def _form(msg: object, form: str) -> dict[str, object]:
    assert isinstance(msg, dict)
    if form in ("you", "other", "we", "they") and set(msg) & {"you", "we", "they"}:
        return {"person": form}
    return {"count": {"zero": 0, "one": 1, "other": 2}[form]}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(text) if f}
