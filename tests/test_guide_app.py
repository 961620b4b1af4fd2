"""The guides' chapter "On one phone": every screenshot tools/guide_app.py makes is in the
guide of its language, at 360 x 740, and small; the tool itself still builds the app, plays
its evening in Chromium (offline too) and makes them (slow, in Polish only)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.appkit import runtime_for_tests
from tests.phonekit import HEIGHT, WIDTH, missing
from tests.test_guide_phones import size
from tools.guide_app import LANGUAGES, SHOTS

from .conftest import ROOT

IMAGES = ROOT / "docs" / "img" / "app"
MOST_BYTES = 1_000_000  # every screenshot of both languages together


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_shows_every_screenshot_of_its_language(lang: str) -> None:
    guide = (ROOT / "docs" / f"guide.{lang}.md").read_text("utf-8")
    for shot in SHOTS:
        name = f"{lang}-{shot}.png"
        assert f"](img/app/{name})" in guide, name
        assert size(IMAGES / name) == (WIDTH, HEIGHT), name


def test_the_screenshots_are_small() -> None:
    made = sorted(IMAGES.glob("*.png"))
    assert {p.name for p in made} == {f"{lang}-{s}.png" for lang in LANGUAGES for s in SHOTS}
    assert sum(p.stat().st_size for p in made) < MOST_BYTES


@pytest.mark.slow
def test_the_tool_makes_the_screenshots(tmp_path: Path) -> None:
    reason = missing() or runtime_for_tests()[1]
    if reason:
        pytest.skip(reason)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "guide_app.py"), str(tmp_path), "pl"],
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert made == [f"pl-{shot}.png" for shot in SHOTS]
    assert all(size(tmp_path / name) == (WIDTH, HEIGHT) for name in made)
