"""The README is short and documents every command; the manual in docs/ is in Polish and English.

.ci/run runs the README's Quick start test command verbatim; the performance log lives in
benchmarks/README.md.
"""

from __future__ import annotations

import re

import click
import pytest

from baska_cli.cli import COMMANDS, cli

from .conftest import ROOT

README = (ROOT / "README.md").read_text("utf-8")
MANUALS = {
    "en": (ROOT / "docs" / "manual.en.md").read_text("utf-8"),
    "pl": (ROOT / "docs" / "manual.pl.md").read_text("utf-8"),
}
GLOSSARIES = {"README": ("## Glossary", README)} | {
    f"manual.{lang}": ("## Glossary" if lang == "en" else "## Słowniczek", text)
    for lang, text in MANUALS.items()
}
TOURNAMENT = cli.get_command(click.Context(cli), "tournament")
assert isinstance(TOURNAMENT, click.Group)
BENCHMARKS = (ROOT / "benchmarks" / "README.md").read_text("utf-8")


def _quick_start_commands() -> list[str]:
    section = README.split("## Quick start", 1)[1]
    block = re.search(r"```\w*\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def _section(text: str, heading: str) -> str:
    """The text under a `## ` heading, up to the next one."""
    assert f"\n{heading}\n" in text, heading
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_in_the_readme(name: str) -> None:
    assert f"baska {name}" in README


@pytest.mark.parametrize("lang", sorted(MANUALS))
@pytest.mark.parametrize(
    "command",
    [f"baska {name}" for name in sorted(COMMANDS)]
    + [f"baska tournament {name}" for name in sorted(TOURNAMENT.commands)],
)
def test_every_command_is_in_both_manuals(command: str, lang: str) -> None:
    assert command in MANUALS[lang]


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 450


@pytest.mark.parametrize(
    "heading",
    [
        "## Quick start",
        "## Language / Język",
        "## Everyday commands",
        "## Glossary",
        "## Where the rest is",
        "## Layout",
    ],
)
def test_the_readme_has_its_sections(heading: str) -> None:
    assert f"\n{heading}\n" in README


EVERYDAY = ["score", "ledger", "check", "amend", "undo", "void", "stats", "settle", "report"]


@pytest.mark.parametrize("command", [*EVERYDAY, "tournament"])
def test_the_everyday_commands_have_a_short_example(command: str) -> None:
    assert f"\n$ baska {command} " in _section(README, "## Everyday commands")


def test_play_is_shown_as_the_table_sees_it() -> None:
    everyday = _section(README, "## Everyday commands")
    assert "`baska play [FILE]`" in everyday
    assert "\n3> ci c 40\nhand 3: ci Celina 40" in everyday


def test_the_layout_names_every_package_and_the_direction_of_imports() -> None:
    layout = _section(README, "## Layout")
    for package in ("game", "evening", "play", "ledger", "tournament", "render", "rulesets"):
        assert f"{package}/" in layout
    assert "`cli` → `play`, `tournament`, `ledger`, `render` → `evening` → `game`" in layout
    assert "docs/architecture.md" in layout


def test_the_manuals_have_the_same_sections() -> None:
    prose = {lang: re.sub(r"```.*?```", "", text, flags=re.S) for lang, text in MANUALS.items()}
    heads = {lang: re.findall(r"^#+ ", text, re.M) for lang, text in prose.items()}
    assert heads["pl"] == heads["en"]


def test_the_manuals_show_the_same_commands_in_the_same_order() -> None:
    commands = {
        lang: [line for line in text.splitlines() if line.startswith("$ ")]
        for lang, text in MANUALS.items()
    }
    assert commands["pl"] == commands["en"]
    assert len(commands["en"]) >= 30


def test_quick_start_has_two_commands() -> None:
    assert len(_quick_start_commands()) == 2


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = _quick_start_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert [line for line in ci_lines if line == test_command] == [test_command]


def test_the_performance_log_is_in_the_benchmarks_readme() -> None:
    assert "\n## After the plain redesign\n" in BENCHMARKS
    before = _section(BENCHMARKS, "## Before the plain redesign (issue 21)")
    assert "| 200k | `baska check` |" in before
    assert "## Performance" not in README


@pytest.mark.parametrize("glossary", sorted(GLOSSARIES))
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
def test_glossary_explains_the_game_words(word: str, glossary: str) -> None:
    heading, text = GLOSSARIES[glossary]
    bold = re.findall(r"\*\*([^*]+)\*\*", _section(text, heading))
    assert [term for term in bold if word in term.split(", ")] != []


def test_a_spreadsheet_is_sent_to_the_workbook_and_the_csv_to_scripts() -> None:
    from tests.clikit import invoke

    tournament = _section(README, "## Everyday commands").split("### A tournament", 1)[1]
    assert "--xlsx liga.xlsx" in tournament and "double-click it" in tournament
    shown = invoke("tournament", "standings", "--help").stdout
    assert "For a spreadsheet, write the workbook (--xlsx FILE) and open it" in " ".join(
        shown.split()
    )
    assert "--format csv is for scripts" in " ".join(shown.split())
    for text in MANUALS.values():
        assert "place_points_exact`" in text and "34/3" in text
