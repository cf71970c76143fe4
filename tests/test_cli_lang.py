"""The command line's language: ``--lang`` on every command, from the system's locale at
first (Dutch on a Dutch system, else English) and remembered once chosen."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from ludotheek.cli import cli as group
from ludotheek.cli.lang import SETTINGS_FILE, saved_language
from ludotheek.core.texts import catalog
from tests.test_cli import run

CLI = Path(__file__).resolve().parents[1] / "src" / "ludotheek" / "cli"


@pytest.fixture
def system(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_every_command_has_one_lang_option() -> None:
    for name, command in group.commands.items():
        options = [p for p in command.params if isinstance(p, click.Option)]
        langs = [p for p in options if "--lang" in p.opts]
        assert len(langs) == 1, name
        assert not any("--language" in p.opts for p in options), name
        assert isinstance(langs[0].type, click.Choice)
        assert list(langs[0].type.choices) == ["en", "nl", "no"], name


@pytest.mark.parametrize("locale, lang", [("nl_NL.UTF-8", "nl"), ("nl_BE", "nl"),
                                          ("nb_NO.UTF-8", "en"), ("de_DE.UTF-8", "en"),
                                          ("C", "en")])
def test_the_first_language_is_the_systems(system: pytest.MonkeyPatch, locale: str,
                                           lang: str) -> None:
    system.setenv("LANG", locale)
    code, out = run(["play", "wari", "--seed", "1"], "quit\n")
    assert code == 0
    assert out.splitlines()[0].endswith(catalog(lang)["cli.play.help"]), out
    assert saved_language() is None  # nothing chosen yet: nothing remembered


def test_a_chosen_language_is_remembered_by_every_command(system: pytest.MonkeyPatch) -> None:
    system.setenv("LANG", "nl_NL.UTF-8")
    code, out = run(["bench", "wari", "--seconds", "0.05", "--lang", "no"])
    assert code == 0 and "partier/s" in out
    assert saved_language() == "no"
    code, out = run(["play", "wari", "--seed", "1"], "7\nquit\n")  # a Dutch system, but "no"
    assert "Ikke tillatt: Skål 7 tilhører ikke Sør: Sør spiller skålene 1-6." in out
    assert "Sør, ditt trekk" in out and "Avsluttet." in out
    code, out = run(["play", "wari", "--seed", "1", "--lang", "en"], "quit\n")
    assert saved_language() == "en" and "Stopped." in out


def test_a_refusal_is_told_in_the_language(system: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, out = run(["play", "wari", "-o", "seeds_per_cup=9", "--lang", "nl"])
    assert code == 2
    assert "fout: De optie seeds_per_cup moet tussen 3 en 5 liggen, niet 9." in out
    code, out = run(["play", "chess", "--lang", "no"])
    assert code == 2 and "feil: Det finnes ikke noe spill 'chess'" in out
    code, out = run(["play", "chess", "--lang", "en"])
    assert code == 2 and "error: unknown game 'chess'" in out  # English: the message itself


def test_akwaier_in_the_terminal_follows_the_language(system: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "akwaier", "--seat", "1", "--seed", "2", "--lang", "no"], "quit\n")
    assert code == 0 and "BESTEMOR" in out and "Avsluttet." in out


def test_the_settings_file_is_in_the_data_folder(system: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    system.setenv("LUDOTHEEK_DATA", str(tmp_path))
    run(["bench", "wari", "--seconds", "0.01", "--lang", "nl"])
    assert (tmp_path / SETTINGS_FILE).read_text(encoding="utf-8").strip() == '{"lang": "nl"}'
    (tmp_path / SETTINGS_FILE).write_text("garbage", encoding="utf-8")
    assert saved_language() is None  # a damaged file: the system's language again


def test_every_text_the_command_line_says_is_in_every_catalog() -> None:
    used = set()
    for path in CLI.glob("*.py"):
        used.update(re.findall(r"""["'](cli\.[a-z_.]*[a-z_])["']""", path.read_text()))
    used.discard(SETTINGS_FILE)
    used.update(f"cli.match.{k}" for k in ("player", "wins", "rate", "mean", "seconds", "max"))
    used.update(f"cli.scores.{k}" for k in ("name", "date"))  # the value: the game names it
    for lang in ("en", "nl", "no"):
        words = catalog(lang)
        assert not sorted(k for k in used if k not in words), lang
        assert not sorted(k for k in words if k.startswith("cli.") and k not in used), lang
