"""The documentation as a site (issue 41): mkdocs builds it with ``--strict`` and says nothing
(a broken link, a missing anchor, a page not in the nav each fail), it holds nothing but the
docs, every page of docs/ is in the nav, every command line the guide quotes names a real
subcommand and real options, and ``ludotheek docs`` serves it or says how to get mkdocs."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import httpx
import pytest

from ludotheek.cli import cli
from ludotheek.cli import docs as docs_command
from tests.serverproc import free_port
from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDE = DOCS / "guide"
CONFIG = ROOT / "mkdocs.yml"
#: what docs/ holds besides its pages: pictures and the proxies' configuration files
OTHER_FILES = {".png", ".svg", ".conf", ".Caddyfile"}
#: the help options of every command (click's, from the group's settings)
HELP = cli.context_settings["help_option_names"]
#: the pages with command lines for players and hosts
QUOTING = [DOCS / "index.md", *sorted(GUIDE.glob("*.md"))]


def _have_mkdocs() -> bool:
    return not docs_command.missing_packages()


needs_mkdocs = pytest.mark.skipif(
    not _have_mkdocs(),
    reason="mkdocs or its material theme cannot be imported: install the extra 'docs' "
           "(scripts/ensure-env docs; ./test installs it with the extra 'test')")


def _mkdocs_env() -> dict[str, str]:
    # material's notice of its successor is no warning of ours
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


@needs_mkdocs
def test_the_site_builds_strict_without_a_warning(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(CONFIG), "--site-dir", str(site)], capture_output=True,
                          text=True, env=_mkdocs_env(), timeout=300, check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "WARNING" not in said, said
    for page in _pages():
        assert (site / page.replace(".md", ".html")).is_file(), page
    # nothing but the docs: every file copied as it is comes from docs/ and is a picture or a
    # proxy's configuration (the rest is the theme's and the search's)
    theirs = {"assets", "search"}
    copied = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()
              and p.suffix not in {".html", ".xml", ".gz"}
              and p.relative_to(site).parts[0] not in theirs}
    assert copied, "no picture in the site"
    for name in copied:
        assert (DOCS / name).is_file(), name
        assert Path(name).suffix in OTHER_FILES, name


def test_docs_holds_nothing_but_pages_pictures_and_configurations() -> None:
    for path in DOCS.rglob("*"):
        if path.is_file():
            assert path.suffix in OTHER_FILES | {".md"}, path


def test_the_pictures_and_links_a_page_writes_in_html_are_there() -> None:
    """mkdocs checks Markdown's links and pictures, not those of a page's own HTML
    (``<img src="screenshots/...">``): they are relative to the page, on the site as on GitHub
    (the site keeps each page beside its folders: ``use_directory_urls: false``)."""
    assert "use_directory_urls: false" in CONFIG.read_text(encoding="utf-8")
    seen = 0
    for page in DOCS.rglob("*.md"):
        for target in re.findall(r'<(?:img|a)\b[^>]*?\b(?:src|href)="([^"#]+)',
                                 page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            seen += 1
            assert not target.startswith("/"), (page, target)
            assert (page.parent / target).is_file(), (page, target)
    assert seen


def test_the_readmes_links_into_the_repository_are_there() -> None:
    """The README is no page of the site (mkdocs does not check it): its links and pictures
    that point into the repository name files and folders that are there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s#]+)", readme) + re.findall(r'\bsrc="([^"#]+)"', readme)
    inside = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert "docs/guide/index.md" in inside
    for target in inside:
        assert (ROOT / target).exists(), target


def _nav() -> list[str]:
    """The pages mkdocs.yml's nav names, in order (``- Title: page.md`` or ``- page.md``)."""
    text = CONFIG.read_text(encoding="utf-8")
    nav = text[text.index("\nnav:\n"):]
    return re.findall(r"^\s*- (?:[^:\n]+: )?([\w./-]+\.md)\s*$", nav, re.MULTILINE)


def _pages() -> list[str]:
    return sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


def test_every_page_is_in_the_nav_once_and_the_guide_first() -> None:
    nav = _nav()
    assert sorted(nav) == _pages(), set(nav) ^ set(_pages())
    assert len(nav) == len(set(nav))
    guide = [p for p in nav if p.startswith("guide/") and p != "guide/developers.md"]
    assert guide == nav[1:1 + len(guide)], "the guide comes first, after the home page"
    assert {f"guide/{p.name}" for p in GUIDE.glob("*.md")} <= set(nav)
    assert "strict: true" in CONFIG.read_text(encoding="utf-8")


# -- the command lines the guide quotes ---------------------------------------------------

def _option(command: click.Command, name: str) -> click.Option | None:
    for param in command.params:
        if isinstance(param, click.Option) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _check_options(command: click.Command, words: list[str], where: str) -> list[str]:
    problems: list[str] = []
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    unlimited = any(p.nargs == -1 for p in arguments)
    positional = 0
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if not word.startswith("-") or word == "-":
            positional += 1
            continue
        name, eq, value = word.partition("=")
        if name in HELP:
            continue
        option = _option(command, name)
        if option is None:
            problems.append(f"{where}: no option {name}")
            break  # what follows may be its value: no more to say
        if option.is_flag or option.count:
            continue
        if not eq:
            if not rest:
                problems.append(f"{where}: {name} without its value")
                continue
            value = rest.pop(0)
        if isinstance(option.type, click.Choice) and value not in option.type.choices:
            problems.append(f"{where}: {name} {value} is none of {list(option.type.choices)}")
    if positional > sum(p.nargs for p in arguments) and not unlimited:
        problems.append(f"{where}: {positional} arguments, the command takes "
                        f"{sum(p.nargs for p in arguments)}")
    return problems


def check_command(words: list[str]) -> list[str]:
    """What is wrong with ``ludotheek WORDS`` (``./start WORDS``): an unknown subcommand,
    an unknown option, a choice not offered, more arguments than the command takes."""
    command: click.Command = cli
    path = ["ludotheek"]
    rest = list(words)
    while isinstance(command, click.Group) and rest:
        while rest and rest[0].startswith("-"):  # the group's own options (--lang)
            option = _option(command, rest.pop(0).partition("=")[0])
            if option is None:
                return [f"{' '.join(path)}: no such option"]
            if not option.is_flag and rest:
                rest.pop(0)
        if not rest:
            break
        sub = command.commands.get(rest[0])
        if sub is None:
            return [f"{' '.join(path)}: no subcommand {rest[0]!r}"]
        path.append(rest.pop(0))
        command = sub
    return _check_options(command, rest, " ".join(path))


def quoted_commands(text: str) -> list[list[str]]:
    """Every ``./start ...`` and ``ludotheek ...`` command line in a page: lines of its code
    blocks and its inline code, each split as a shell would (comments left out)."""
    lines: list[str] = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.DOTALL):
        lines.extend(block.splitlines())
    outside = re.sub(r"```[a-z]*\n.*?```", "", text, flags=re.DOTALL)
    lines.extend(re.findall(r"`([^`\n]+)`", outside))
    found = []
    for line in lines:
        words = shlex.split(line.strip(), comments=True)
        if words and (words[0] == "./start" or (words[0] == "ludotheek" and len(words) > 1)):
            found.append(words[1:])
    return found


def test_the_checker_finds_what_does_not_exist() -> None:
    assert check_command(["serve", "--host", "0.0.0.0", "--port", "8080"]) == []
    assert check_command(["games", "purge", "--older-than", "90"]) == []
    assert check_command(["serve", "--chat", "presets", "--no-open"]) == []
    assert check_command([]) == []  # ./start alone: serve
    assert check_command(["sevre"]) == ["ludotheek: no subcommand 'sevre'"]
    assert check_command(["serve", "--colour", "red"]) == ["ludotheek serve: no option --colour"]
    assert check_command(["serve", "--chat", "none"])
    assert check_command(["games", "erase"])
    assert check_command(["backup", "a.sqlite3", "b.sqlite3"])
    assert check_command(["serve", "--port"])
    assert quoted_commands("Run `./start serve --no-open` or\n```sh\nludotheek worker "
                           "--processes 8   # many\n```\n`ludotheek.sqlite3`") == \
        [["worker", "--processes", "8"], ["serve", "--no-open"]]


@pytest.mark.parametrize("page", QUOTING, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_command_the_guide_quotes_exists(page: Path) -> None:
    commands = quoted_commands(page.read_text(encoding="utf-8"))
    problems = [p for words in commands for p in check_command(words)]
    assert not problems, f"{page.name}: {problems}"


def test_the_guide_quotes_the_hosts_commands() -> None:
    quoted = {" ".join(words[:1]) for page in QUOTING
              for words in quoted_commands(page.read_text(encoding="utf-8"))}
    assert {"serve", "backup", "restore", "games", "worker", "docs"} <= quoted, quoted


# -- ./start docs ---------------------------------------------------------------------------

def test_without_mkdocs_it_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(docs_command, "missing_packages", lambda: ["mkdocs"])
    code, out = run(["docs", "--lang", "en"])
    assert code == 2
    assert "needs mkdocs and its material theme" in out and "scripts/ensure-env docs" in out
    code, out = run(["docs", "--lang", "nl"])
    assert code == 2 and "heeft mkdocs en het thema material nodig" in out


def test_it_finds_the_repositorys_site_from_anywhere(tmp_path: Path) -> None:
    assert docs_command.config_file(ROOT) == CONFIG
    assert docs_command.config_file(tmp_path) == CONFIG  # a source checkout: its own
    mine = tmp_path / "mkdocs.yml"
    mine.write_text("site_name: mine\n", encoding="utf-8")
    assert docs_command.config_file(tmp_path) == mine


@needs_mkdocs
def test_start_docs_serves_the_site(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludotheek", "docs", "--port", str(port),
                             "--lang", "en"], cwd=ROOT, env=_mkdocs_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        page = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/guide/hosting.html", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.5)
        assert page is not None, "mkdocs serve did not answer"
        assert page.status_code == 200 and "Backups" in page.text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        out = proc.communicate(timeout=30)[0].decode()
    assert f"http://127.0.0.1:{port}/" in out, out
