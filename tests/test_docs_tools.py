"""The manuals' "With data tools" sections: every command line is run as written, its output
compared exactly (docs/manual.en.md and docs/manual.pl.md show the same lines).

The lines run in a copy of the repository's samples, through bash, with this Python's folder
first on PATH (so `baska` and `python` are the ones under test). A line needing pandas,
DuckDB or jq is skipped, with the reason, where that tool is absent (`pip install -e
'.[dev]'` brings pandas and DuckDB; .ci/run installs jq).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

SECTIONS = {
    "docs/manual.en.md": "### With data tools",
    "docs/manual.pl.md": "### W narzędziach do danych",
}


def _examples(document: str) -> list[tuple[str, str]]:
    """(command, expected output) of each `$ ` line of the section's console blocks."""
    text = (ROOT / document).read_text("utf-8")
    section = text.split(f"\n{SECTIONS[document]}\n", 1)[1].split("\n## ", 1)[0]
    found: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", section, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


EXAMPLES = _examples("docs/manual.en.md")


def test_both_manuals_show_the_same_lines() -> None:
    assert _examples("docs/manual.pl.md") == EXAMPLES


def test_the_section_has_a_line_for_each_tool() -> None:
    commands = [command for command, _ in EXAMPLES]
    assert [tool for tool in ("pandas", "duckdb", "jq") if any(tool in c for c in commands)] == [
        "pandas",
        "duckdb",
        "jq",
    ]


def _missing(command: str) -> str | None:
    """Why the line cannot run here, if a tool it needs is absent."""
    for module in ("pandas", "duckdb"):
        if f"import {module}" in command and importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[dev]')"
    if "| jq " in command and shutil.which("jq") is None:
        return "jq is not installed (apt-get install jq; .ci/run does)"
    return None


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of the samples, where the lines run in order."""
    path = tmp_path_factory.mktemp("tools")
    shutil.copytree(ROOT / "samples", path / "samples")
    return path


@pytest.mark.parametrize(("command", "output"), EXAMPLES, ids=[c[:40] for c, _ in EXAMPLES])
def test_each_line_gives_the_output_shown(command: str, output: str, folder: Path) -> None:
    reason = _missing(command)
    if reason is not None:
        pytest.skip(reason)
    if "evening-hands.csv" in command and "> evening-hands.csv" not in command:
        first = EXAMPLES[0][0]
        subprocess.run(["bash", "-c", first], cwd=folder, check=True, env=_env())
    done = subprocess.run(
        ["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=_env()
    )
    assert (done.returncode, done.stderr, done.stdout) == (0, "", output)


def _env() -> dict[str, str]:
    """The environment the lines run in: this Python's scripts first on PATH, English."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["LANG"] = "C.UTF-8"
    env.pop("BASKA_LANG", None)
    return env
