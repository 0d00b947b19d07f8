"""The settings file: read with tomllib, every bad value a clear error naming file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from briscola import cli
from briscola.settings import Settings, SettingsError, config_path, load


def test_where_the_file_is() -> None:
    assert config_path({"XDG_CONFIG_HOME": "/x"}) == Path("/x/briscola/config.toml")
    assert config_path({"HOME": "/home/anna"}) == Path("/home/anna/.config/briscola/config.toml")


def test_no_file_is_no_settings(tmp_path: Path) -> None:
    assert load(tmp_path / "none.toml") == Settings()


def test_every_setting_is_read(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        'lang = "de"\nfaces = "spanish"\npace = 1\nlevel = "hard"\nname = " Anna "\n'
        'colours = "light"\n'
    )
    assert load(path) == Settings("de", "spanish", 1.0, "hard", "Anna", "light")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lang = ", "not TOML"),
        ('lang = "fr"', "lang = 'fr'; expected one of en, de, it"),
        ('faces = "tarot"', "faces = 'tarot'; expected one of italian, french, spanish"),
        ('level = "godlike"', "level = 'godlike'; expected one of easy, medium, hard, expert"),
        ('colours = "pink"', "colours = 'pink'; expected one of dark, light, none"),
        ("pace = 61", "pace = 61; expected 0 to 60 seconds"),
        ("pace = nan", "pace = nan; expected 0 to 60 seconds"),
        ("pace = true", "pace = True; expected 0 to 60 seconds"),
        ('name = ""', "name = ''; expected a name of 1 to 40 characters"),
        ("name = 3", "name = 3; expected a name of 1 to 40 characters"),
        ("colour = 1", "unknown setting 'colour'; known: lang, faces, pace, level, name, colours"),
    ],
)
def test_bad_settings_are_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text + "\n")
    with pytest.raises(SettingsError) as info:
        load(path)
    assert str(info.value).startswith(str(path)) and message in str(info.value)


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="cannot read"):
        load(tmp_path)  # a directory
    path = tmp_path / "c.toml"
    path.write_bytes(b"name = '\xff'\n")
    with pytest.raises(SettingsError, match="not TOML"):
        load(path)


def test_a_bad_file_stops_rules_and_play_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "briscola").mkdir()
    (tmp_path / "briscola" / "config.toml").write_text("lang = 'xx'\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as exc:
        cli.main(["rules"])
    assert exc.value.code == 2 and "lang = 'xx'" in capsys.readouterr().err
    assert cli.main(["play"]) == 2
    assert "briscola play: error: " in capsys.readouterr().err
    assert cli.main(["rules", "--lang", "it"]) == 0  # given on the command line: no file needed
