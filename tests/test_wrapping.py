"""Lines longer than the terminal wrapped at words with textwrap: `new`'s first-dealer line,
`stats`' brackets, the `+k` preview in play's toolbar (a player's change kept whole)."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.cli.play_screen import toolbar
from baska_cli.ledger.view import read
from baska_cli.play.evening import Scorekeeper
from baska_cli.render.stats import gathered, stats_table
from tests.clikit import invoke

SAMPLE = Path(__file__).parent.parent / "samples" / "evening.csv"
POLISH = ("Łucja", "Żaneta", "Zbigniew", "Ścibor")


def _polish_evening(tmp_path: Path) -> str:
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in zip(("Ania", "Bartek", "Celina", "Darek"), POLISH, strict=True):
        text = text.replace(old, new)
    path = tmp_path / "wieczór.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("width", [80, 60, 40])
def test_the_plus_k_preview_keeps_each_players_change_whole(tmp_path: Path, width: int) -> None:
    keeper = Scorekeeper(_polish_evening(tmp_path), True, asks=False)
    with i18n.speaking("pl"):
        lines = toolbar(keeper, "+k", width).splitlines()
    assert all(len(line) <= width for line in lines)
    preview = " ".join(lines[2:])
    assert preview.startswith("rozdanie 16 → zw Żaneta+Ścibor 104/4 k:")
    assert preview.split(": ", 1)[1].split() == ["Ł", "-6", "Ża", "+6", "Zb", "-6", "Ś", "+6"]
    for line in lines[2:]:
        assert not line.rstrip().endswith(("Ł", "Ża", "Zb", "Ś"))  # never a name without its change


def test_stats_wraps_at_words_and_keeps_its_brackets(tmp_path: Path) -> None:
    found = gathered([read(_polish_evening(tmp_path))])
    with i18n.speaking("pl"):
        text = stats_table(found, 60)
    lines = text.splitlines()
    assert lines[:2] == ["16 rozdań (serie: najwięcej rozdań wygranych / przegranych z", "  rzędu)"]
    assert "Ścibor: najlepiej z: Zbigniew (+26 w 6), najtrudniej" in lines
    assert "  przeciw: Zbigniew (+95 w 10)" in lines


def test_new_wraps_its_first_dealer_line_to_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baska_cli.cli import session

    monkeypatch.setattr(session, "_error_width", lambda: 40)
    monkeypatch.chdir(tmp_path)
    path = "wtorek.csv"
    result = invoke("new", path, "-p", ",".join(POLISH), "--deals", "16")
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert all(len(line) <= 40 for line in lines) and len(lines) > 1
    assert " ".join(line.strip() for line in lines) == (
        f"{path}: Łucja, Żaneta, Zbigniew, Ścibor (plb, 16 deals); Łucja deals first, Żaneta leads"
    )
