"""The README's and the manuals' console examples that need no state are run as written.

An example is a `$ baska …` line of a ```console block and the lines after it, up to the next
`$ ` line. Those that read only the repository's samples (`baska score`, `baska rules`, and
`baska ledger`, `stats`, `settle`, `report`, `recalc --diff` of `samples/`) run beside the
repository's samples in the document's language, and must print exactly what the document
shows (an output that ends in `…` must start with what is shown). An example whose output
starts with `Error: ` (`Błąd: `) must exit with status 2 and say it on standard error; the
others exit with 0 and show standard output and standard error as a terminal would. The
examples that build a ledger or a tournament step by step are shown, not run here: the
ledger and tournament tests pin the same messages.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli.cli import cli

from .conftest import ROOT

DOCUMENTS = {
    "README.md": "en",
    "docs/manual.en.md": "en",
    "docs/manual.pl.md": "pl",
}
ERRORS = {"en": "Error: ", "pl": "Błąd: "}
CONSOLE_BLOCK = re.compile(r"^```console[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
STATELESS = re.compile(
    r"baska (--lang \w+ )?(score|rules|quote|(ledger|stats|settle|recalc|report) samples/)"
)


@dataclass(frozen=True)
class Example:
    """One `$ baska` line of a document and the output it shows."""

    document: str
    line: int
    command: str
    expected: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.document}:{self.line}"

    @property
    def runs_here(self) -> bool:
        """Whether the example needs only the samples (no pipe, no ledger, nothing written)."""
        words = self.command.split()
        return STATELESS.match(self.command) is not None and not {
            "|",
            ">",
            "--write",
            "--ledger",
            "-l",
            "bad.toml",
        } & set(words)


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def read_examples(document: str) -> list[Example]:
    """Every `$ baska` command of the document's console blocks, with the lines after it."""
    text = (ROOT / document).read_text("utf-8")
    examples: list[Example] = []
    for block in CONSOLE_BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        lines = block.group(1).splitlines()
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            command = lines[start][2:].strip()
            if command.startswith("baska "):
                expected = tuple(_lines("\n".join(lines[start + 1 : end])))
                examples.append(Example(document, first + start, command, expected))
    return examples


EXAMPLES = [e for document in DOCUMENTS for e in read_examples(document) if e.runs_here]


def test_each_document_has_examples_that_run() -> None:
    counts = {document: 0 for document in DOCUMENTS}
    for example in EXAMPLES:
        counts[example.document] += 1
    assert min(counts.values()) >= 4, counts


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_the_example_prints_what_the_document_shows(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    language = DOCUMENTS[example.document]
    (tmp_path / "samples").symlink_to(ROOT / "samples")  # what `report -o` writes stays here
    monkeypatch.chdir(tmp_path)
    args = shlex.split(example.command)[1:]
    env = {"BASKA_LANG": language, "BASKA_RULES": None, "BASKA_LEDGER": None}
    result = CliRunner().invoke(cli, args, env=env)
    shown = list(example.expected)
    if shown and shown[0].startswith(ERRORS[language]):
        assert (result.exit_code, result.stdout) == (2, "")
        got = _lines(result.stderr)
    else:
        assert result.exit_code == 0, result.output
        got = _lines(result.output)  # standard output and error as a terminal shows them
    if shown and shown[-1] == "…":
        shown.pop()
        got = got[: len(shown)]
    assert got == shown
