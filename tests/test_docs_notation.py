"""The players' notation guides (docs/notation.pl.md, docs/notation.en.md): every example is true.

An example is a line `$ baska …` inside a ```console block; the lines after it, up to the next
`$ ` line or the end of the block, are exactly what baska prints (trailing spaces of each line
and blank lines at the end aside). An example whose output starts with `Error: ` is a mistake:
it must exit with status 2 and print that text on standard error and nothing on standard
output; every other example must exit with 0 and print its text on standard output only.
Each guide's examples run in its language (BASKA_LANG=pl for the Polish one), where a
mistake starts with `Błąd: `.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli.cli import cli
from baska_cli.game.model import Contract

DOCS = Path(__file__).resolve().parent.parent / "docs"
GUIDES = {"pl": DOCS / "notation.pl.md", "en": DOCS / "notation.en.md"}
MIN_EXAMPLES = 15
MIN_MISTAKES = 3
PROMPT = "$ "
ERRORS = {"en": "Error: ", "pl": "Błąd: "}  # each guide's examples run in its language
CONSOLE_BLOCK = re.compile(r"^```console[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
# no BASKA_RULES or BASKA_LEDGER from the environment: the defaults are what the docs show
CLEAN_ENV: dict[str, str | None] = {"BASKA_RULES": None, "BASKA_LEDGER": None}


@dataclass(frozen=True)
class Example:
    """One command of a guide and the output it shows."""

    doc: str
    line: int  # of the `$ ` line in the doc, for the test's name
    command: str  # as typed after the prompt, e.g. "baska score zw A+C 61 k"
    expected: tuple[str, ...]

    @property
    def args(self) -> list[str]:
        """The command's arguments after `baska`."""
        return shlex.split(self.command)[1:]

    @property
    def is_mistake(self) -> bool:
        return bool(self.expected) and self.expected[0].startswith(ERRORS[self.doc])

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def _lines(text: str) -> list[str]:
    """Lines without trailing whitespace and without blank lines at the end."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def read_examples(doc: str) -> list[Example]:
    """Every `$ ` command of the guide's console blocks, with the lines that follow it."""
    text = GUIDES[doc].read_text("utf-8")
    examples: list[Example] = []
    for block in CONSOLE_BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        lines = block.group(1).splitlines()
        starts = [i for i, line in enumerate(lines) if line.startswith(PROMPT)]
        assert starts and starts[0] == 0, f"{doc}:{first}: a console block starts with `$ `"
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            expected = _lines("\n".join(lines[start + 1 : end]))
            command = lines[start][len(PROMPT) :].strip()
            examples.append(Example(doc, first + start, command, tuple(expected)))
    return examples


EXAMPLES = {doc: read_examples(doc) for doc in GUIDES}
ALL_EXAMPLES = [example for examples in EXAMPLES.values() for example in examples]


def _uses_ledger(args: list[str]) -> bool:
    """`--ledger FILE`, `--ledger=FILE`, `-l FILE` or `-l` in a cluster of short options."""
    return any(
        arg == "--ledger"
        or arg.startswith(("--ledger=", "-l"))
        or (re.fullmatch(r"-[A-Za-z]+", arg) is not None and "l" in arg)
        for arg in args
    )


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=[e.name for e in ALL_EXAMPLES])
def test_the_example_prints_what_the_doc_shows(example: Example) -> None:
    assert example.command.split()[0] == "baska", f"{example.name}: not a baska command"
    assert not _uses_ledger(example.args), f"{example.name}: examples use no ledger file"
    assert example.expected, f"{example.name}: the example shows no output"
    result = CliRunner().invoke(cli, example.args, env={**CLEAN_ENV, "BASKA_LANG": example.doc})
    if example.is_mistake:
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert _lines(result.stderr) == list(example.expected)
    else:
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        assert _lines(result.stdout) == list(example.expected)


@pytest.mark.parametrize("doc", sorted(GUIDES))
def test_the_guide_has_enough_examples_and_mistakes(doc: str) -> None:
    examples = EXAMPLES[doc]
    assert len(examples) >= MIN_EXAMPLES
    assert sum(example.is_mistake for example in examples) >= MIN_MISTAKES


@pytest.mark.parametrize("doc", sorted(GUIDES))
def test_every_command_in_the_guide_is_a_checked_example(doc: str) -> None:
    """A `$ baska` line outside a console block would be shown but never checked."""
    text = GUIDES[doc].read_text("utf-8")
    shown = [line for line in text.splitlines() if line.startswith(f"{PROMPT}baska")]
    assert len(shown) == len(EXAMPLES[doc])


def test_both_guides_show_the_same_commands_in_the_same_order() -> None:
    assert [e.command for e in EXAMPLES["pl"]] == [e.command for e in EXAMPLES["en"]]


@pytest.mark.parametrize("doc", sorted(GUIDES))
def test_the_examples_cover_every_contract_and_rule_system(doc: str) -> None:
    # the first line of a scored entry is its canonical text and the rule system,
    # e.g. "zw A+C 61 k   (plb)"
    heads = [example.expected[0].split() for example in EXAMPLES[doc] if not example.is_mistake]
    shown = {words[0] for words in heads}
    assert {contract.value for contract in Contract} | {"kara", "adj"} <= shown
    assert {words[-1] for words in heads} >= {"(plb)", "(mester)", "(pagat)"}
