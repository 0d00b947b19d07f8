"""Names that cannot mislead: one check for every name, and no two alike at a table.

Issue 28 item 11 and issue 30 item 5: invisible names, a Cyrillic "Аnna" next to
Anna, "You", "Marco (expert)" as a person; two Giulias at one table, a bot named
like a person.  The server's checks over real TCP on 127.0.0.1.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from lan import Client, running

from briscola.cli import build_parser
from briscola.prompt.app import SetupError, options_from
from briscola.words.names import bot_names, free_name, looks_alike, name_problem, skeleton
from briscola.words.table import BOT_NAMES, words

INVISIBLE = ["\u3164", "\u2800\u2800\u2800", "\u115f\u1160", "\uffa0", "\u3000", "Ben\u200b"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_has_nothing_invisible_or_blank(name: str) -> None:
    problem = name_problem(name)
    assert problem is not None and ("blank-looking" in problem or "empty" in problem)


@pytest.mark.parametrize("name", [".", "-_-", "!!!", "· ·"])
def test_a_name_has_a_visible_letter_or_digit(name: str) -> None:
    assert "letter or digit" in (name_problem(name) or "")


@pytest.mark.parametrize("lang", ["en", "de", "it", "es", "pt"])
def test_the_words_for_you_and_the_sides_are_not_names(lang: str) -> None:
    for key in ("you", "us", "them"):
        said = words(lang, key)
        for form in (said, said.lower(), said.upper(), f" {said} "):
            assert "word the table uses" in (name_problem(form.strip()) or ""), (lang, form)


def test_the_bot_marker_is_not_a_name() -> None:
    for name in ("Marco (expert)", "Anna [bot]", "Anna（expert）"):
        assert "brackets" in (name_problem(name) or ""), name
    for name in ("Anna", "Zoë", "好", "José María", "O'Neill", "R2-D2", "7"):
        assert name_problem(name) is None, name


def test_lookalikes_have_one_skeleton() -> None:
    assert looks_alike("Anna", "\u0410nna")  # Cyrillic A
    assert looks_alike("Anna", "ＡＮＮＡ")  # fullwidth
    assert looks_alike("Paolo", "Ρaοlο")  # Greek Rho and omicron
    assert looks_alike("Ilia", "llia") and looks_alike("Bob", "B0b") and looks_alike("Sam", "sam")
    assert looks_alike("Mia  Rossi", "Mia Rossi") and looks_alike("Marco", "Mαrco")
    assert not looks_alike("Anna", "Anne") and not looks_alike("Luca", "Lucà")
    assert skeleton("Mаrсо") == "marco"


def test_a_taken_name_gets_a_number_and_bots_take_free_ones() -> None:
    assert free_name("Giulia", ["Anna"]) == "Giulia"
    assert free_name("Giulia", ["giulia"]) == "Giulia 2"
    assert free_name("Giulia", ["Giulia", "Giulia 2"]) == "Giulia 3"
    assert free_name("x" * 40, ["x" * 40]) == "x" * 38 + " 2"
    assert bot_names(3, ["Anna"]) == list(BOT_NAMES)[:3]
    assert bot_names(3, ["Marco", "Luca"]) == ["Giulia", "Sofia", "Paolo"]
    five = bot_names(5, list(BOT_NAMES))
    assert len({skeleton(n) for n in [*BOT_NAMES, *five]}) == 10


def test_play_takes_the_one_check_and_gives_the_bots_other_names() -> None:
    for bad in ("You", "Tu", "\u3164", "Marco (expert)"):
        args = build_parser().parse_args(["play", "--name", bad])
        with pytest.raises(SetupError):
            options_from(args)


async def test_play_bots_never_share_the_persons_name() -> None:
    from briscola.prompt.app import play_one
    from briscola.prompt.console import LineConsole

    args = build_parser().parse_args(["play", "--name", "Marco", "--players", "3", "--seed", "3"])
    opts = options_from(args)
    out = io.StringIO()
    await play_one(opts, LineConsole(stdin=io.StringIO("quit\ny\n"), stdout=out), 3, 1)
    seats = [line for line in out.getvalue().splitlines() if "against you" in line]
    assert seats and not any("Marco" in line for line in seats), out.getvalue()


async def _run(*argv: str) -> tuple[int, str]:
    import asyncio

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "briscola", *argv,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode is not None
    return proc.returncode, out.decode() + err.decode()


async def test_join_checks_its_name_before_connecting() -> None:
    status, said = await _run("join", "127.0.0.1:1", "--name", "\u2800\u2800")
    assert status == 2 and "blank-looking" in said and "cannot reach" not in said, said


async def test_the_server_refuses_names_that_mislead(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        for bad in ("\u3164", "\u2800\u2800\u2800", "You", "Du", "Marco (expert)"):
            client = await lan.connect(bad)
            refused = await client.until("error")
            assert refused["code"] == "bad_message" and refused["id"] == 1, refused
        host = await lan.connect("Host")
        await host.create("t1")
        await host.refused("create", "table_exists", table="t\u0031".replace("1", "l"))
        await host.refused("create", "bad_message", table="\u3164\u3164")


async def test_no_two_seats_at_a_table_look_alike(tmp_path: Path) -> None:
    """Two Giulias, a Cyrillic Anna: numbers added; a bot named like a person gives way."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("four", players=4, bots={"3": "random"})
        listed = await host.ask("list", "tables")
        assert listed["tables"][0]["seats"][3] == "Marco (random)"
        marco = await lan.seated("Marco", "four")
        giulia = await lan.seated("Giulia", "four")
        again = await lan.connect("giulia")
        got = await again.join("four")
        assert got["name"] == "giulia 2", got
        start = await marco.until("match_start")
        names = start["names"]
        assert names[:3] == ["Marco", "Giulia", "giulia 2"] and names[3] == "Luca (random)", names
        assert len({skeleton(n.partition(" (")[0]) for n in names}) == 4
        await giulia.until("match_start")
    async with running(tmp_path / "b") as lan:
        host = await lan.connect("Host")
        await host.create("two", players=2)
        anna = await lan.seated("Anna", "two")
        cyrillic = await lan.connect("\u0410nna")
        got = await cyrillic.join("two")
        assert got["name"] == "\u0410nna 2"
        start = await anna.until("match_start")
        assert start["names"] == ["Anna", "\u0410nna 2"]


async def test_a_spectator_is_never_named_like_a_seat(tmp_path: Path) -> None:
    """Issue 28, 11: "anna (spectator)" chatting beside a seated Anna, or one named like
    the table's bot, misled; the spectator gets a number, the seats keep their names."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("three", players=3, bots={"2": "random"})
        listed = await host.ask("list", "tables")
        bot = listed["tables"][0]["seats"][2].partition(" (")[0]
        early = await lan.connect("anna")  # watching before Anna sits: the seat keeps hers
        await early.ask("watch", "watching", table="three")
        anna = await lan.connect("Anna")
        assert (await anna.join("three", seat=0))["name"] == "Anna"
        twin = await lan.connect(bot.upper())
        vera = await lan.connect("Vera")
        said = []
        for client in (early, twin, vera):
            if client is not early:
                await client.ask("watch", "watching", table="three")
            await client.send({"type": "chat", "text": "ciao"})
            chat = await anna.until("chat")
            said.append((chat["seat"], chat["name"]))
        assert said == [(None, "anna 2"), (None, f"{bot.upper()} 2"), (None, "Vera")], said
        await anna.send({"type": "chat", "text": "ciao"})
        mine = await vera.until(lambda m: m["type"] == "chat" and m["seat"] == 0)
        assert mine["name"] == "Anna"


async def test_spectators_of_one_name_are_told_apart_and_keep_their_names(
    tmp_path: Path,
) -> None:
    """Every name at a table is unique, spectators included: two Veras and a VERA who
    watch chat as "Vera", "Vera 2" and "VERA 3"; one who leaves takes no one's name
    with her, and a newcomer gets the number she left free."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=2)
        anna = await lan.connect("Anna")
        await anna.join("t", seat=0)

        async def says(client: Client) -> str:
            await client.send({"type": "chat", "text": "ciao"})
            chat = await anna.until("chat")
            assert chat["seat"] is None
            return str(chat["name"])

        # Each from an address of its own (another machine): chat is limited per address.
        watchers = [
            await lan.connect(name, source=f"127.0.0.{n}")
            for n, name in enumerate(("Vera", "Vera", "VERA"), 2)
        ]
        for client in watchers:
            await client.ask("watch", "watching", table="t")
        assert [await says(c) for c in watchers] == ["Vera", "Vera 2", "VERA 3"]
        await watchers[1].ask("leave", "left")  # back to the lobby
        late = await lan.connect("vera", source="127.0.0.5")
        await late.ask("watch", "watching", table="t")
        assert [await says(c) for c in (watchers[0], watchers[2], late)] == [
            "Vera",
            "VERA 3",
            "vera 2",
        ]


def test_the_settings_file_takes_the_one_check(tmp_path: Path) -> None:
    from briscola.settings import SettingsError, load

    path = tmp_path / "settings.toml"
    for bad in ("You", "Marco (expert)", "\\u3164"):
        path.write_text(f'name = "{bad}"\n')
        with pytest.raises(SettingsError, match=r"name|word the table uses"):
            load(path)
    path.write_text('name = "Zoë"\n')
    assert load(path).name == "Zoë"


async def test_a_bot_named_like_a_marker_is_told_before_it_connects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from briscola.client.relay import relay

    bot = tmp_path / "bot.py"
    bot.write_text(
        "import json, sys\n"
        "sys.stdin.readline()\n"
        'print(json.dumps({"type": "hello", "id": 1, "protocol": 1, "name": "Carlo (v2)"}),'
        " flush=True)\n"
        "sys.stdin.readline()\n"
    )
    status = await relay("127.0.0.1", 1, f"{sys.executable} {bot}", table="t", create=None,
                         seat=None, code=None)  # fmt: skip
    said = capsys.readouterr().err
    assert status == 1 and "the bot's name may not hold brackets" in said, said
    assert "cannot reach" not in said
