"""Write the real screens into the users' guides (docs/guide.pl.md, docs/guide.en.md): each
console block's `$ baska …` lines run in turn in a fresh folder, the output put under them
(what `tests/test_docs_guide.py` then checks). Run from the repository: python
tools/guide_screens.py"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from re import Match

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_docs_guide import CONSOLE_BLOCK, GUIDES, TYPED, evening  # noqa: E402


def _filler(screens: Iterator[tuple[str, list[str], list[str]]]) -> Callable[[Match[str]], str]:
    """A console block with each `$` command followed by what it showed when run."""

    def filled(block: Match[str]) -> str:
        lines = []
        for line in block.group(1).splitlines():
            if line.startswith("$ "):
                command, _shown, got = next(screens)
                lines += [f"$ {command}", *got]
        return "```console\n" + "".join(f"{line}\n" for line in lines) + "```"

    return filled


def main() -> None:
    for document in GUIDES:
        path = ROOT / document
        text = path.read_text("utf-8")
        # the blocks as typed only: each `$` line, and play's typed lines
        bare = CONSOLE_BLOCK.sub(
            lambda m: (
                "```console\n"
                + "".join(
                    f"{line}\n"
                    for line in m.group(1).splitlines()
                    if line.startswith("$ ") or TYPED.match(line)
                )
                + "```"
            ),
            text,
        )
        path.write_text(bare, "utf-8")
        with tempfile.TemporaryDirectory() as folder:
            patch = pytest.MonkeyPatch()
            try:
                done = evening(document, Path(folder), patch)
            finally:
                patch.undo()
        path.write_text(CONSOLE_BLOCK.sub(_filler(iter(done)), bare), "utf-8")
        print(f"{document}: {len(done)} commands")


if __name__ == "__main__":
    main()
