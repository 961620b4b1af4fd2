"""render/tournament_pages.py and tournament_views.py: the teams' page and every category's
standings, escaped, in the interface language, printed by a real Chromium on A4 pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.render.tournament.classifications import teams_rows
from baska_cli.render.tournament.classifications_printed import Section, sections_html
from baska_cli.render.tournament.terminal import standings_rows
from baska_cli.tournament.classifications.teams import TeamLine
from baska_cli.tournament.standings import StandingLine
from tests.test_render_tournament_html import _pages, _width

LONG = "Małgorzata Żółtowska-Szczęśniak"


def _teams(count: int) -> tuple[list[TeamLine], dict[str, str]]:
    teams = []
    labels = {}
    for t in range(count):
        names = tuple(f"Gracz{t:03d}.{k}" for k in range(5))
        labels.update({n: f"{LONG} ({n})" for n in names})
        teams.append(
            TeamLine(t + 1, f"KS Pomorze Gdańsk {t}", 80 - t / 3, 400 - t, names[:4], names)
        )
    return teams, labels


def test_the_teams_page_marks_who_did_not_count_and_the_stand_in() -> None:
    team = TeamLine(1, "Orły <A>", 21.0, 40, ("A", "B", "C", "Z"), ("A", "B", "C", "D", "Z"), "Z")
    headers, rows = teams_rows([team], {"A": "Jan Kowalski (A)"})
    assert rows == [["1", "Orły <A>", "21", "+40", "Jan Kowalski (A), B, C, [D], Z (stand-in)"]]
    html = sections_html("t&t", "after round 1", [Section("", "note", headers, rows)])
    assert "Orły &lt;A&gt;" in html and "t&amp;t" in html and "<script" not in html
    assert html.count('<td class="num">') == 3  # place, place points, total


def test_the_pages_speak_the_interface_language() -> None:
    teams, labels = _teams(1)
    with i18n.speaking("pl"):
        headers, rows = teams_rows(teams, labels)
        html = sections_html("liga", "po rundzie 1", [Section("", "", headers, rows)])
    assert '<html lang="pl">' in html and "drużyna" in html


@pytest.mark.slow
def test_100_teams_of_long_polish_names_print_within_the_page(tmp_path: Path) -> None:
    teams, labels = _teams(100)
    headers, rows = teams_rows(teams, labels)
    html = tmp_path / "teams.html"
    html.write_text(sections_html("liga", "after round 10", [Section("", "n", headers, rows)]))
    assert _pages(html, tmp_path / "profile") >= 2
    width, page = _width(html, tmp_path / "profile")
    assert width <= page


@pytest.mark.slow
def test_every_category_starts_a_sheet_of_its_own(tmp_path: Path) -> None:
    sections = []
    for c in ("M", "K", "J"):
        lines = [
            StandingLine(i + 1, f"{c}{i:03d}", "KS Puck", 50.0 - i / 10, 400 - i, 3, ())
            for i in range(12)
        ]
        headers, rows = standings_rows(lines, True, {ln.player: LONG for ln in lines})
        sections.append(Section(f"category {c}", "ordered", headers, rows))
    html = tmp_path / "categories.html"
    html.write_text(sections_html("liga", "after round 10", sections), "utf-8")
    assert _pages(html, tmp_path / "profile") == 3
    width, page = _width(html, tmp_path / "profile")
    assert width <= page
