"""`s` inside `baska play`: the sheet of a Polish table at 80 × 24 keeps its heading (the
players) in sight, as a person at tmux sees it; render.sheet.screens, the heading repeated."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from baska_cli.render.sheet import HEADING, screens
from tests.tmuxkit import play_command, screen_after, tmux

SAMPLE = Path(__file__).parent.parent / "samples" / "evening.csv"
POLISH = ("Łucja", "Żaneta", "Zbigniew", "Ścibor")


def _polish_evening(tmp_path: Path) -> str:
    """The sample's 16 deals (one amended) with Łucja, Żaneta, Zbigniew and Ścibor."""
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in zip(("Ania", "Bartek", "Celina", "Darek"), POLISH, strict=True):
        text = text.replace(old, new)
    path = tmp_path / "wieczór.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_heading_comes_before_each_screenful_counted_from_the_end() -> None:
    heading = ["groups", "players", "rule"]
    body = [f"row {n}" for n in range(1, 11)]
    lines = list(screens(heading + body, 7))  # 4 rows a screen: 2, then 4 and 4
    assert lines == [
        *heading,
        "row 1",
        "row 2",
        *heading,
        *body[2:6],
        *heading,
        *body[6:],
    ]
    assert lines[-HEADING - 4 : -4] == heading
    assert list(screens(heading + body[:3], 20)) == heading + body[:3]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize("language", ["pl", "en"])
def test_s_in_play_at_80_by_24_shows_the_players_over_the_last_hands(
    tmp_path: Path, language: str
) -> None:
    path = _polish_evening(tmp_path)
    session = f"baska-sheet-{language}-{tmp_path.name}"
    command = play_command(path, tmp_path, language)

    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen_after(session, [], "17>")
        screen = screen_after(session, ["s", "Enter"], "\n17>")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    lines = screen.splitlines()
    assert all(len(line) <= 80 for line in lines)
    players = next(i for i, line in enumerate(lines) if line.startswith(" #  "))
    assert lines[players].split()[3:] == ["Ł", "Ża", "Zb", "Ś", "│", "Ł", "Ża", "Zb", "Ś"]
    last = "16  Ś          zw Ża+Ś 104/4 kr      -12   +12   -12   +12  │  -41 -123 +43 +121"
    if language == "en":
        last = last.replace("Ś          zw", "Ś       zw")
    assert last in lines
    assert players < lines.index(last)
