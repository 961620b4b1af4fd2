"""The users' guides (docs/guide.pl.md, docs/guide.en.md) are run as written: every `$ baska`
line of their console blocks in turn, in one folder, each showing exactly what the guide
shows — an evening from `baska new` to `baska report`, at an 80-column terminal.

`baska play FILE` is typed at a "terminal" (prompt_toolkit's pipe input): the lines of its
block that start `N> ` are what is typed, and so is the answer after a question's `(y/n) `;
the others are what play shows. The folder the guide runs in is shown as `~`."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli import i18n
from baska_cli.cli import cli
from baska_cli.play.evening import Scorekeeper
from tests.playkit import play, typing

from .conftest import ROOT

GUIDES = {"docs/guide.pl.md": "pl", "docs/guide.en.md": "en"}
CONSOLE_BLOCK = re.compile(r"^```console[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
TYPED = re.compile(r"^\d+> ")
ANSWER = re.compile(r"\((?:y/n|t/n)\) (\S+)$")  # a question's last line, and its answer


def examples(document: str) -> list[tuple[str, list[str]]]:
    """Each `$ baska …` command of the guide with the lines it shows, in order."""
    found: list[tuple[str, list[str]]] = []
    text = (ROOT / document).read_text("utf-8")
    for block in CONSOLE_BLOCK.finditer(text):
        for line in block.group(1).splitlines():
            if line.startswith("$ "):
                found.append((line[2:].strip(), []))
            elif found:
                found[-1][1].append(line.rstrip())
    for _command, shown in found:
        while shown and not shown[-1]:
            shown.pop()
    return found


def run(command: str, language: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What one command of the guide shows, run in `folder` (shown as `~`)."""
    args = shlex.split(command)[1:]
    if args[0] == "play":
        raise AssertionError("play is typed, see run_play")
    env = {"BASKA_LANG": language, "BASKA_RULES": None, "BASKA_LEDGER": None}
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    return _shown(result.output, folder)


def run_play(
    path: str, typed: list[str], language: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """What `baska play FILE` shows when these lines are typed, each typed line as `N> text`
    and each question answered as the question's last line and the answer."""
    import prompt_toolkit.shortcuts

    shown: list[str] = []
    handle = play.handle
    ask = prompt_toolkit.shortcuts.prompt

    def answered(message: str, **kw: object) -> str:
        said = ask(message, **kw)  # type: ignore[arg-type]
        shown.append(message + said)
        return said

    def logged(
        keeper: Scorekeeper, raw: str, width: int, confirm: object, seen: object = None
    ) -> object:
        shown.append(f"{keeper.next_number}> {raw}")
        return handle(keeper, raw, width, confirm, seen)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:  # (click.echo itself: put back for what follows)
        patch.setattr(play, "handle", logged)
        patch.setattr(prompt_toolkit.shortcuts, "prompt", answered)
        patch.setattr(play.click, "echo", lambda text="", **kw: shown.extend(str(text).split("\n")))
        with i18n.speaking(language), typing("".join(f"{line}\r" for line in typed)):
            keeper = Scorekeeper(path, False)
            assert play.run_prompt(keeper, str(folder / "history")) == 0
    return _shown("\n".join(shown), folder)


def _shown(text: str, folder: Path) -> list[str]:
    lines = [line.rstrip().replace(str(folder), "~") for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def evening(
    document: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, list[str], list[str]]]:
    """Each command of the guide, what the guide shows and what it showed when run."""
    from baska_cli.cli import session, stats

    language = GUIDES[document]
    monkeypatch.chdir(folder)
    monkeypatch.setattr(session, "terminal_width", lambda: 80)  # an 80-column terminal
    monkeypatch.setattr(stats, "terminal_width", lambda: 80)
    monkeypatch.setattr(session, "_error_width", lambda: 80)
    done = []
    for command, shown in examples(document):
        if command.startswith("baska play "):
            typed = [
                TYPED.sub("", line) if TYPED.match(line) else answer.group(1)
                for line in shown
                if TYPED.match(line) or (answer := ANSWER.search(line))
            ]
            got = run_play(shlex.split(command)[2], typed, language, folder, monkeypatch)
        else:
            got = run(command, language, folder, monkeypatch)
        done.append((command, shown, got))
    return done


@pytest.mark.parametrize("document", list(GUIDES))
def test_the_guide_shows_what_baska_does(
    document: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = evening(document, tmp_path, monkeypatch)
    assert len(done) >= 6
    assert done[0][0].startswith("baska new ") and done[-1][0].startswith("baska report ")
    for command, shown, got in done:
        assert got == shown, command
        assert all(len(line) <= 80 for line in got), command
    assert (tmp_path / "wtorek.html").is_file()


def test_the_readme_links_to_the_guides_on_its_first_screen() -> None:
    first = "\n".join((ROOT / "README.md").read_text("utf-8").splitlines()[:25])
    assert "docs/guide.pl.md" in first and "docs/guide.en.md" in first
