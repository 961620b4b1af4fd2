"""Every relative link in README.md, docs/*.md and benchmarks/README.md leads to a file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import ROOT

DOCUMENTS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "benchmarks" / "README.md",
]
# [text](target) and [text]: target, outside code spans and fenced blocks
INLINE = re.compile(r"\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")


def links(text: str) -> list[str]:
    """The link targets of a Markdown text (code blocks and code spans left out)."""
    prose = CODE.sub("", FENCE.sub("", text))
    return INLINE.findall(prose) + REFERENCE.findall(prose)


def relative(target: str) -> bool:
    """A link to a file of the repository (not a web address, a mail or a page anchor)."""
    return not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("#")


def test_links_finds_inline_and_reference_links_outside_code() -> None:
    text = (
        "see [a](docs/a.md) [c](https://x.org) [d](#top)\n"
        "`[e](nope.md)`\n```\n[f](nope.md)\n```\n[g]: g.md\n"
    )
    assert [t for t in links(text) if relative(t)] == ["docs/a.md", "g.md"]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(document: Path) -> None:
    targets = [t for t in links(document.read_text("utf-8")) if relative(t)]
    missing = [t for t in targets if not (document.parent / t.split("#")[0]).resolve().exists()]
    assert missing == []


def test_the_docs_index_lists_every_document() -> None:
    index = (ROOT / "docs" / "README.md").read_text("utf-8")
    listed = {t for t in links(index) if relative(t) and "/" not in t}  # docs/ itself
    present = {p.name for p in (ROOT / "docs").glob("*.md") if p.name != "README.md"}
    assert listed == present


def test_the_readme_links_the_docs_index() -> None:
    assert "docs/README.md" in links((ROOT / "README.md").read_text("utf-8"))
