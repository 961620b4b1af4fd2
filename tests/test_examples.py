"""Replay every worked hand of shared/rules/examples.jsonl (a copy lives in tests/data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from baska_cli.errors import BaskaError
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.rulesets.loader import builtin

from .conftest import SHARED

DATA = Path(__file__).parent / "data" / "examples.jsonl"


def _examples() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DATA.read_text("utf-8").splitlines() if line.strip()]


EXAMPLES = _examples()


def test_the_copy_matches_the_shared_examples() -> None:
    shared = SHARED / "rules" / "examples.jsonl"
    if not shared.exists():
        pytest.skip("shared/ is not beside this checkout")
    assert DATA.read_text("utf-8") == shared.read_text("utf-8")


def test_all_examples_are_replayed() -> None:
    assert len(EXAMPLES) == 62


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example(example: dict[str, Any]) -> None:
    rules = builtin(example["rules"])
    if example.get("error"):
        with pytest.raises(BaskaError):
            score(parse_hand(example["hand"]), rules)
        return
    outcome = score(parse_hand(example["hand"]), rules)
    assert dict(zip("ABCD", outcome.deltas, strict=True)) == example["deltas"]
