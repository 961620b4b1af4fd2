"""The guides' chapter on phones: every screenshot tools/guide_phones.py makes is in the
guide of its language, at 360 x 740, and small (fast); the tool itself still plays its evening
on a real `baska serve` in Chromium and makes them (slow, in Polish only: both languages take
about a minute)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.phonekit import HEIGHT, WIDTH, missing
from tools.guide_phones import LANGUAGES, SHOTS

from .conftest import ROOT

IMAGES = ROOT / "docs" / "img" / "phones"
MOST_BYTES = 1_500_000  # every screenshot of both languages together


def size(path: Path) -> tuple[int, int]:
    """A PNG's width and height (its IHDR)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_shows_every_screenshot_of_its_language(lang: str) -> None:
    guide = (ROOT / "docs" / f"guide.{lang}.md").read_text("utf-8")
    for shot in SHOTS:
        name = f"{lang}-{shot}.png"
        assert f"](img/phones/{name})" in guide, name
        assert size(IMAGES / name) == (WIDTH, HEIGHT), name


def test_the_screenshots_are_small() -> None:
    made = sorted(IMAGES.glob("*.png"))
    assert {p.name for p in made} == {f"{lang}-{s}.png" for lang in LANGUAGES for s in SHOTS}
    assert sum(p.stat().st_size for p in made) < MOST_BYTES


@pytest.mark.slow
def test_the_tool_makes_the_screenshots(tmp_path: Path) -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "guide_phones.py"), str(tmp_path), "pl"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert made == [f"pl-{shot}.png" for shot in SHOTS]
    assert all(size(tmp_path / name) == (WIDTH, HEIGHT) for name in made)
