"""Every sentence in every language, rendered with male, female and neutral names and
several numbers: complete language files, no placeholder left, no English in the other
languages, words that agree with the name's gender."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from briscola.bots.reasons import WORDS as REASONS
from briscola.engine.cards import FACES, LANGUAGES
from briscola.words.i18n import GENDERS, Catalog, decimal, say, template
from briscola.words.languages import BOOKS
from briscola.words.languages import catalog as section_of
from briscola.words.lobby import CATALOG as CLIENT
from briscola.words.replay_text import PHRASES
from briscola.words.review import PHRASES as REVIEW
from briscola.words.rules_text import cards_text
from briscola.words.table import BOT_NAMES, CATALOG, gender_of, help_text, short_rules

CATALOGS: dict[str, Catalog] = {
    "prompt": CATALOG,
    "replay": PHRASES,
    "review": REVIEW,
    "client": CLIENT,
    "reasons": REASONS,
    "rules": section_of("RULES"),
}
SECTIONS = ("TABLE", "LOBBY", "REPLAY", "REVIEW", "REASONS", "RULES")
OTHERS = [lang for lang in BOOKS if lang != "en"]

# English words that are not German or Italian words too, the level and bot names
# among them; the command names a person may type (help, hand, score, exchange ...)
# are allowed, as the lobby's syntax is.
ENGLISH = re.compile(
    r"\b(the|you|your|yours|plays?|deals?|takes?|took|wins?|won|lost|draws?|drawn|"
    r"round|rounds|points?|trick|tricks|stock|trump|match|matches|card|cards|"
    r"hints?|used|of|and|or|from|by|against|with|left|right|player|players|"
    r"leads?|first|over|none|nobody|which|session|fault|abandoned|complete|"
    r"exchanges|not|is|are|seed|expert|easy|medium|hard|greedy|random|level|"
    r"face-up|suit|suits|rank|ranks|queen|knight|king|jack|ace|cups|coins|"
    r"swords|batons|hearts|diamonds|spades|clubs)\b",
    re.IGNORECASE,
)
ALLOWED = {"help", "hand", "last", "seen", "score", "hint", "rules", "quit", "exchange"}
# The lobby's commands and options are typed as they are in every language.
SYNTAX = re.compile(r"\b(list|create|join|watch|quit|say|\w+=\S+)")
# A man's, a woman's and a neutral name (a person's own); a pair of names.
NAMES = ["Marco", "Giulia", "Zoë", "Marco & Giulia"]
COUNTS = (0, 1, 2, 5)
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
    "share": "84%", "within": 16, "samples": 3000, "values": "4S +3.2  5S +2.9", "left": "1:42",
    "win": "64%", "match": "70%", "lead": "Lqz", "chance": "3%", "best_win": "71%",
    "reasons": "Rsz",
    "time": "1:00", "names": "Nqz",
    "pause": 2.5, "high": "Asso, 3 o Re", "low": "4 o 5", "table": "Tqz", "example_name": "Eqz",
    "ace": "Aqz", "ranks": "Rqz",
    "suits": "Sqz", "order": "Oqz", "order_bisca": "Oqy", "king": "Kqz", "knight": "Kqy",
    "jack": "Jqz", "two": "Tqz", "command": "briscola rules", "path": "x-2.jsonl", "was": "Wqx",
    "wanted": "Wqw",
    "state": "Xqz", "free": "Fqz", "ex1": "Aqx", "ex2": "Qqx", "name1": "Nqx", "name2": "Nqy",
}  # fmt: skip


def renderings(catalog: Catalog, lang: str) -> list[tuple[str, str]]:
    """Every form of every message in ``lang``, filled in with several names and counts."""
    out = []
    for key, msg in catalog[lang].items():
        forms: list[dict[str, object]] = [{}]
        if not isinstance(msg, str):
            forms = [{"person": p} for p in msg if p in ("you", "other", "we", "they")]
            forms += [{"count": n} for n in COUNTS if set(msg) & {"one", "other", "zero"}]
            forms = [f for f in forms if "person" in f or not set(msg) & {"you", "we", "they"}]
            forms = forms or [{}]
        for form in forms:
            for name in NAMES:
                values = {**VALUES, "who": name, "name": name}
                gender = gender_of(name)
                text = say(catalog, lang, key, **form, gender=gender, **values)  # type: ignore[arg-type]
                out.append((key, text))
    return out


def screens(lang: str) -> list[tuple[str, str]]:
    """The texts put together from pieces: help, the short and the full rules' cards
    section, in every faces and variant."""
    out = []
    for faces in FACES:
        out.append(("rules.short", short_rules(lang, faces)))  # type: ignore[arg-type]
        out.append(("rules.cards", cards_text(lang, faces)))
        for variant in ("italian", "brisca", "bisca"):
            out.append(("help", help_text(lang, faces, variant)))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("which", sorted(CATALOGS))
def test_every_language_has_every_message_in_every_form(which: str) -> None:
    catalog = CATALOGS[which]
    for lang in OTHERS:
        assert catalog[lang].keys() == catalog["en"].keys(), (which, lang)
        for key, english in catalog["en"].items():
            other = catalog[lang][key]
            if isinstance(english, str):
                assert isinstance(other, str) or set(other) == set(GENDERS), (lang, key)
                continue
            assert not isinstance(other, str), (lang, key)
            assert set(other) >= set(english) - {"zero"}, (lang, key)
        for key, msg in catalog[lang].items():  # a gender form comes with all three
            if not isinstance(msg, str) and set(msg) & set(GENDERS):
                assert set(msg) == set(GENDERS), (which, lang, key)


@pytest.mark.parametrize("which", sorted(CATALOGS))
@pytest.mark.parametrize("lang", list(BOOKS))
def test_every_sentence_renders_whole(which: str, lang: str) -> None:
    catalog = CATALOGS[which]
    found = renderings(catalog, lang) + (screens(lang) if which == "prompt" else [])
    for key, text in found:
        assert "{" not in text and "}" not in text, (lang, key, text)
        assert "(s)" not in text and "/e" not in text and "(n)" not in text, (lang, key, text)


@pytest.mark.parametrize("which", sorted(CATALOGS))
@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_leaks_into_another_language(which: str, lang: str) -> None:
    catalog = CATALOGS[which]
    found = renderings(catalog, lang) + (screens(lang) if which == "prompt" else [])
    for key, text in found:
        if which == "client":
            text = SYNTAX.sub(" ", text)
        for value in map(str, VALUES.values()):
            if len(value) > 2:  # the filled-in values are not the sentence's words
                text = text.replace(value, " ")
        for name in NAMES:
            text = text.replace(name, " ")
        text = re.sub(r"--[\w-]+|briscola \w+", " ", text)  # options and commands as typed
        leaks = [w for w in ENGLISH.findall(text) if w.lower() not in ALLOWED]
        assert not leaks, (lang, key, leaks, text)


def test_the_words_agree_with_the_gender_of_the_name() -> None:
    """Giulia is "la tua compagna" and "deine Partnerin", Marco "il tuo compagno"; a name
    the program does not know (a person's own) takes the neutral form."""
    from briscola.engine.rules import TableRules
    from briscola.prompt.view import View

    assert gender_of("Giulia") == "f" and gender_of("Marco") == "m" and gender_of("Zoë") == "n"
    assert set(BOT_NAMES.values()) == {"m", "f"}
    rules = TableRules(players=4)
    for names, lang, want in (
        (["Du", "Marco", "Giulia", "Luca"], "de", "  Giulia (Expertin): deine Partnerin, dir"),
        (["Tu", "Marco", "Giulia", "Luca"], "it", "  Giulia (esperta): la tua compagna, di"),
        (["Tu", "Marco", "Paolo", "Luca"], "it", "  Paolo (esperto): il tuo compagno, di"),
        (["Tu", "Marco", "Zoë", "Luca"], "it", "  Zoë (livello esperto): in squadra con te"),
        (["Tú", "Marco", "Giulia", "Luca"], "es", "  Giulia (experta): tu compañera, enfrente"),
        (["Tu", "Marco", "Paolo", "Luca"], "pt", "  Paolo (especialista): o teu parceiro, à tua"),
        (["Tu", "Marco", "Zoë", "Luca"], "pt", "  Zoë (especialista): na tua equipa, à tua frente"),
    ):
        view = View(rules, 0, names, lang=lang)  # type: ignore[arg-type]
        lines = ["".join(t for _, t, *_ in line) for line in view.intro(["", *["expert"] * 3], 8)]
        assert any(line.startswith(want) for line in lines), (lang, lines)
    six = View(TableRules(players=6), 0, ["Tu", "Marco", "Giulia", "Luca", "Sofia", "Paolo"],
               lang="it")  # fmt: skip
    lines = ["".join(t for _, t, *_ in line) for line in six.intro([""] * 6, None)]
    assert "  Giulia: contro di te, la seconda alla tua destra" in lines
    assert "  Sofia: contro di te, la seconda alla tua sinistra" in lines
    # A LAN table names a built-in bot by its spec: said in the language.
    lan = View(TableRules(), 0, ["Du", "expert"], lang="de")
    assert "  Experte: gegen dich" in ["".join(t for _, t, *_ in x) for x in lan.intro([""] * 2, 1)]


def test_decimals_as_the_language_writes_them() -> None:
    assert decimal("en", 2.25, sign=True) == "+2.2" and decimal("de", 2.25, sign=True) == "+2,2"
    assert decimal("it", -13.84) == "-13,8" and decimal("it", -0.01, sign=True) == "+0,0"
    assert decimal("de", 61.0, 0) == "61" and decimal("en", 0.5, 2) == "0.50"
    assert decimal("de", 2.5, None) == "2,5" and decimal("it", 4.0, None) == "4"


def test_no_letter_in_help_or_rules_is_english_where_the_letters_are_not() -> None:
    """The help and rules show the letters of the faces in use with their key: no
    "C D S B" with French faces, no "J Q K" in German and Italian with Italian faces."""
    for lang in LANGUAGES:
        for faces in FACES:
            text = help_text(lang, faces, "brisca")
            assert "C D S B" not in text and "A 2 3 4 5 6 7 J Q K" not in text
            assert " 3 K Q J" not in short_rules(lang, faces)
    assert "Q Donna" in help_text("it", "french", "italian")
    assert "V Cavallo" in help_text("it", "italian", "italian")
    assert "T ♣ Kreuz" in help_text("de", "french", "italian")
    assert "exchange" not in help_text("en", "italian", "bisca")
    assert "aces and sevens" in help_text("en", "italian", "bisca")
    assert "exchange" in help_text("en", "italian", "brisca")


def test_fields_agree_across_languages() -> None:
    """A translation uses the same fields as the English sentence: no more (it would fail
    to fill) and no fewer (the reader would miss a card, a name, a time); only the count
    ``n`` a form may say in words ("1 punto")."""
    for which, catalog in CATALOGS.items():
        for key, english in catalog["en"].items():
            for lang in OTHERS:
                other = catalog[lang][key]
                forms = [None] if isinstance(english, str) else list(english)
                if isinstance(english, str) and not isinstance(other, str):
                    forms = list(GENDERS)  # the English has one form for every gender
                for form in forms:
                    kw = {} if form is None else _form(english, form)
                    kw = {"gender": form} if form in GENDERS else kw
                    want = _fields(template(catalog, "en", key, **kw))  # type: ignore[arg-type]
                    got = _fields(template(catalog, lang, key, **kw))  # type: ignore[arg-type]
                    assert got - {"n"} == want - {"n"}, (which, lang, key, form, got, want)


def _form(msg: object, form: str) -> dict[str, object]:
    if form in GENDERS:
        return {"gender": form}
    assert isinstance(msg, dict)
    if form in GENDERS:
        return {"gender": form}
    if form in ("you", "other", "we", "they") and set(msg) & {"you", "we", "they"}:
        return {"person": form}
    return {"count": {"zero": 0, "one": 1, "other": 2}[form]}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(text) if f}


def test_every_language_file_is_complete() -> None:
    """A language is one file in briscola/words/ with English's sections, and in each
    the same keys, the same fields and the same forms (a gender form may stand for one
    sentence English says alike for every gender); its command words name commands."""
    files = {p.stem for p in (Path(__file__).parent.parent / "briscola" / "words").glob("??.py")}
    assert files == set(BOOKS) == set(LANGUAGES)
    english = BOOKS["en"]
    commands = {"help", "hand", "last", "seen", "score", "hint", "undo", "rules", "quit"}
    for lang, book in BOOKS.items():
        for section in SECTIONS:
            want, got = getattr(english, section), getattr(book, section)
            assert got.keys() == want.keys(), (lang, section, got.keys() ^ want.keys())
            for key, msg in want.items():
                other = got[key]
                if isinstance(msg, str) or isinstance(other, str):
                    forms = {None} if isinstance(other, str) else set(other)
                    assert isinstance(other, str) or forms == set(GENDERS), (lang, key)
                    texts = [other] if isinstance(other, str) else list(other.values())
                    assert all(_fields(t) == _fields(_text(msg)) for t in texts), (lang, key)
                    continue
                assert set(other) >= set(msg) - {"zero"}, (lang, section, key)
                assert set(other) - set(msg) <= {"zero"}, (lang, section, key)
                for form, text in other.items():
                    base = msg.get(form, msg.get("other", ""))
                    assert _fields(text) <= _fields(base) | {"n"}, (lang, section, key, form)
        assert set(book.COMMANDS.values()) <= commands | {"exchange"}, lang
        assert book.YES and all(w == w.lower() for w in book.YES), lang
    # The command words of every language work at every table: one meaning each.
    meaning: dict[str, str] = {c: c for c in commands | {"exchange"}}
    for lang, book in BOOKS.items():
        for word, command in book.COMMANDS.items():
            assert meaning.setdefault(word, command) == command, (lang, word)


def _text(msg: object) -> str:
    assert isinstance(msg, str), msg
    return msg


@pytest.mark.parametrize(
    ("lang", "variant", "players"),
    [("es", "brisca", 2), ("es", "brisca", 4), ("pt", "bisca", 2), ("pt", "bisca", 4)],
)
def test_whole_matches_in_spanish_and_portuguese_leave_no_english(
    tmp_path: Path, lang: str, variant: str, players: int
) -> None:
    """A match played to its end through a pipe, with every command of the table asked
    once and a wrong entry: not one English word on the screen."""
    script = "help\nseen\nhint\nscore\nrules\nlast\nzz\n" + "1\n2\n3\n" * 20 + "n\n"
    env = {**os.environ, "LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "play", "--lang", lang, "--variant", variant,
         "--players", str(players), "--seed", "5", "--level", "easy", "--pace", "0"],
        input=script, capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert {"es": "Fin de la ronda 1", "pt": "Fim da ronda 1"}[lang] in out
    assert {"es": "¿Otra partida? (s/n)", "pt": "Jogar outra vez? (s/n)"}[lang] in out
    text = re.sub(r"--[\w-]+|briscola \w+", " ", out)  # options and commands as typed
    leaks = [w for w in ENGLISH.findall(text) if w.lower() not in ALLOWED]
    assert not leaks, (lang, leaks)


def test_a_word_typed_without_its_accents_names_a_card_in_hand() -> None:
    """``as`` plays the one Ace in hand in Spanish and Portuguese, accents or not, and
    a Portuguese player types the Valete as V or J."""
    from briscola.engine.cards import Card
    from briscola.prompt.entry import Reader

    hand = [Card.parse("AD"), Card.parse("3C"), Card.parse("QS")]
    for faces, lang in (("italian", "es"), ("portuguese", "pt"), ("italian", "pt")):
        reader = Reader(faces, lang, "bisca")  # type: ignore[arg-type]
        reader.set_turn(hand, hand)
        assert reader.read("as") is reader.read("ás") is hand[0], (faces, lang)
        assert reader.read("tres") is hand[1]
    reader = Reader("portuguese", "pt", "bisca")
    reader.set_turn(hand, hand)
    assert reader.read("ve") is reader.read("je") is reader.read("valete") is hand[2]


def test_you_in_a_list_is_lower_case_and_takes_its_capital_at_a_line_start() -> None:
    """German, Italian, Spanish, Portuguese: "Gewonnene Runden: du 0 · Marco 1" after a
    colon, and "  Du: 40 Punkte" where a round's points start their line."""
    from briscola.engine.cards import Card
    from briscola.engine.events import RoundEnded, RoundStarted
    from briscola.engine.rules import TableRules
    from briscola.prompt.seen import Seen
    from briscola.prompt.view import View

    def plain(lines: list[Any]) -> str:
        return "\n".join("".join(t for _, t, *_ in line) for line in lines)

    rules = TableRules(players=3)
    for lang, you, mid in (("de", "Du", "du"), ("it", "Tu", "tu"), ("es", "Tú", "tú")):
        view = View(rules, 0, ["x", "Marco", "Giulia"], lang=lang)  # type: ignore[arg-type]
        seen = Seen(rules, 0)
        seen.update(RoundStarted(1, 2, 0, Card.parse("AD"), 27, (0, 0, 0), 0, ()))
        text = plain(view.event(RoundEnded((50, 40, 30), 0, (1, 0, 0)), seen))
        assert f"\n  {you}: 50 " in text, text
        assert f": {mid} 1 · Marco 0 · Giulia 0" in text, text


def test_german_capitalises_its_nouns_and_has_one_word_for_the_face_up_card() -> None:
    """Brisca and Bisca are nouns in German; the face-up card is "die offene Karte"
    everywhere; the command to leave a LAN table is said as "ende", no English "leave"."""
    from briscola.words.rules_text import rules_text

    texts = [
        text
        for catalog in CATALOGS.values()
        for msg in catalog["de"].values()
        for text in ([msg] if isinstance(msg, str) else msg.values())
    ]
    texts += [text for _, text in screens("de")]
    texts += [rules_text("de", faces) for faces in FACES]  # type: ignore[arg-type]
    texts += [help_text("de", "italian", "brisca", lan=True)]
    for text in texts:
        plain = re.sub(r"--variant \w+|variant=\w+", " ", text)
        assert not re.search(r"(?<![\w=-])(brisca|bisca)\b", plain), text
        assert "aufgedeckt" not in text, text
        assert not re.search(r"(?<!\()\bleave\b", text), text


def test_what_a_native_player_reads() -> None:
    """Sentences a second native reading mended: no "te queda 0:33", no "1 vinte", no
    "il posto di Giulia aspetta", no "per forza" (necessarily) for the strongest."""
    from briscola.words.lobby import t
    from briscola.words.rules_text import rules_text
    from briscola.words.table import words

    assert words("es", "turn.yours_left", left="0:33") == "Te toca: tienes 0:33."
    assert words("pt", "turn.waiting_left", who="Ana", left="0:33") == "À espera de Ana: tem 0:33."
    tally = {"won": 1, "lost": 2, "mine": 150, "theirs": 210}
    assert "(vinte: 1, perse: 2)" in words("it", "tally", count=3, **tally)
    assert "(ganadas: 1, perdidas: 2)" in words("es", "tally", count=3, **tally)
    assert t("it", "restored", name="Giulia") == (
        "Il server è ripartito; il posto di Giulia resta in attesa del suo ritorno."
    )
    assert "il 7 è la seconda carta più forte" in " ".join(rules_text("it").split())
    assert "asiento" not in t("es", "status.rematch_seat", count=2, seats="2, 3")


def test_a_section_holds_every_language_and_no_other() -> None:
    """A section reads each language's file when asked for; one the program does not
    speak is not there (a screen falls back to English, see i18n.template)."""
    table = section_of("TABLE")
    assert len(table) == len(BOOKS) and list(table) == list(BOOKS)
    assert table["de"]["you"] == "Du"
    assert "xx" not in table and "xx" not in BOOKS
    assert template(table, "xx", "you") == "You"
