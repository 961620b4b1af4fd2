"""The README documents every command, and .ci/run runs its Quick start test command."""

from __future__ import annotations

import re

import pytest

from baska_cli.cli import COMMANDS

from .conftest import ROOT

README = (ROOT / "README.md").read_text("utf-8")


def _quick_start_commands() -> list[str]:
    section = README.split("## Quick start", 1)[1]
    block = re.search(r"```\w*\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_in_the_readme(name: str) -> None:
    assert f"baska {name}" in README


def test_quick_start_has_two_commands() -> None:
    assert len(_quick_start_commands()) == 2


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = _quick_start_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert [line for line in ci_lines if line == test_command] == [test_command]


@pytest.mark.parametrize(
    "word",
    [
        "zwykła",
        "wesele",
        "cicha",
        "gran",
        "zolo",
        "du",
        "starzy",
        "młodzi",
        "kontra",
        "rekontra",
        "bok",
        "hirsz",
        "wyjście",
        "bez bitki",
        "oczka",
        "lewa",
    ],
)
def test_glossary_explains_the_game_words(word: str) -> None:
    glossary = README.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    bold = re.findall(r"\*\*([^*]+)\*\*", glossary)
    assert [term for term in bold if word in term.split(", ")] != []
