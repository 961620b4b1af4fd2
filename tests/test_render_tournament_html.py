"""render/tournament_html.py: the seating plan, table sheets and standings as HTML in the
interface language; printed by a real Chromium on A4 pages."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.i18n import _
from baska_cli.render.tournament.printed import seating_html, sheets_html, standings_html
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.draw import draw_round
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.hall.links import Linker
from baska_cli.tournament.standings import StandingLine
from tests.qrkit import decode_pdf

NAMES = [f"Gracz{i:03d}.K" for i in range(400)]
DRAW = draw_round(1, "1", NAMES[: 402 - 4], {}, {})  # 398 players: 99 tables, 2 sit out


def test_the_seating_plan_lists_tables_and_every_player() -> None:
    html = seating_html("liga", DRAW)
    assert "<script" not in html and "http" not in html
    assert html.count('<div class="table">') == 99
    assert len(re.findall(r"<div><b>Gracz\d{3}\.K</b>&nbsp;— ", html)) == 398
    assert html.count('&nbsp;— <span class="where">sits out</span></div>') == 2


BAND = re.compile(
    r'<tr class="deals"><td class="num"><svg class="lines" viewBox="0 0 1 (\d+)"[^>]*>'
    r'<path d="([^"]*)"/></svg>([^<]*(?:<br>[^<]*)*)</td>'
    r'<td class="dealer">([^<]*(?:<br>[^<]*)*)</td>((?:<td(?: class="split")?></td>)*)</tr>'
)


def test_a_table_sheet_names_the_dealer_of_every_deal_by_seat_and_leaves_cells_empty() -> None:
    draw = draw_round(1, "1", ["Ania", "Bartek", "Celina", "Darek"], {}, {})
    html = sheets_html("liga", draw, 16, builtin("mester"))
    seats = draw.tables[0]
    bands = BAND.findall(html)
    assert [int(rows) for rows, *_rest in bands] == [10, 6]  # a page may break between them
    numbers = [n for band in bands for n in band[2].split("<br>")]
    dealers = [d for band in bands for d in band[3].split("<br>")]
    assert numbers == [str(n) for n in range(1, 17)]
    assert dealers == [f"seat {(n - 1) % 4 + 1}" for n in range(1, 17)]
    for rows, lines, _numbers, _dealers, cells in bands:  # a line between each two deals
        assert lines == "".join(f"M0 {y}H1" for y in range(1, int(rows)))
        # each deal: hand, 4 changes, 4 totals (the running totals start at the split)
        assert cells == "<td></td>" * 5 + '<td class="split"></td>' + "<td></td>" * 3
    final = '<tr class="total"><td></td><td colspan="2">final totals</td>'
    assert final + "<td></td>" * 4 + '<td class="split"></td>' + "<td></td>" * 3 in html
    assert "seat 1: <b>" + seats[0] + "</b>" in html
    assert "signature: " + seats[0] in html


@pytest.mark.parametrize("deals", [1, 16, 40])
@pytest.mark.parametrize("linked", [False, True])
def test_each_table_sheet_is_one_page_that_is_never_cut(
    tmp_path: Path, deals: int, linked: bool
) -> None:
    """One page (a section) per table, each starting a new page and not broken inside, its
    deals' rows within the room of an A4 page (the slow tests print them and count)."""
    linker = Linker("http://192.168.100.100:8000", hall_keys(str(tmp_path)))
    html = sheets_html("liga", DRAW, deals, builtin("mester"), linker.url if linked else None)
    pages = html.split('<section class="page">')[1:]
    assert len(pages) == len(DRAW.tables) == 99
    for t, page in enumerate(pages, 1):
        assert page.count("liga: round 1, table") == 1 and f"table {t}</h1>" in page
        assert page.count("<table") == 1 and page.count("</section>") == 1
        assert page.count('<td class="split"></td>') == len(BAND.findall(page)) + 1
    assert "section.page + section.page { break-before: page; }" in html
    assert "section.page { break-inside: avoid; }" in html
    row = re.search(r"tr\.deals td \{ line-height: ([\d.]+)mm;", html)
    assert row is not None and f"tr.total td {{ height: {row.group(1)}mm;" in html
    assert (deals + 1) * float(row.group(1)) <= (185 if linked else 205)  # mm


def test_pages_speak_the_interface_language() -> None:
    i18n.use("pl")
    try:
        html = seating_html("liga", DRAW)
    finally:
        i18n.use("en")
    assert '<html lang="pl">' in html and "Kto gdzie siedzi" in html


def test_names_are_escaped() -> None:
    line = StandingLine(1, "A<b>", "", 5.0, 10, 1, ())
    html = standings_html("t&t", 1, 3, "ordered", ["place", "player"], [["1", "A<b>"]], [line])
    assert "A<b>" not in html and "A&lt;b&gt;" in html and "t&amp;t" in html


FIRST = [
    "Grzegorz", "Małgorzata", "Przemysław", "Żaneta", "Bożydar", "Józefina", "Krzesimir",
    "Świętosława", "Wojciech", "Agnieszka", "Bolesław", "Katarzyna", "Zdzisław", "Jadwiga",
    "Mścisław", "Genowefa", "Włodzimierz", "Bronisława", "Maximilian-Jerzy", "Ła",
]  # fmt: skip
LAST = [
    "Brzęczyszczykiewicz", "Szczebrzeszyńska-Żółkiewska", "Chrząszczewski", "Wąż",
    "Grzegorzewska-Przybyszewska", "Źdźbło", "Konstantynopolitańczykowianeczka",
    "Dziewięćdziesięciodziewięciokilometrowy", "Pstrąg", "Kowalski", "Łęczycka-Ściegienna",
    "Żółć", "Nowak", "Sienkiewicz-Wyspiański", "Gżegżółka", "Ościsłowski", "Bąk",
    "Krzyżanowska-Wierzbięta", "Ząbkowicki", "Ó",
]  # fmt: skip
LONG_NAMES = [f"{first} {last}" for last in LAST for first in FIRST]


def test_the_seating_plan_never_cuts_a_name_or_a_number() -> None:
    html = seating_html("liga", DRAW)
    assert "ellipsis" not in html and "hidden" not in html
    assert '<span class="where">table 1, seat 1</span>' in html


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed here (.ci/run installs it with apt-get)")
    return found


def _pages(html: Path, profile: Path) -> int:
    pdf = html.with_suffix(".pdf")
    argv = [
        _chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
        html.as_uri(),
    ]  # fmt: skip
    subprocess.run(argv, capture_output=True, timeout=180, check=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def _width(html: Path, profile: Path) -> tuple[int, int]:
    """(content width, window width) with the print rules, on a window as wide as an A4
    portrait page within its margins (210 − 2 × 10 mm at 96 dpi)."""
    probe = html.with_name("probe.html")
    text = html.read_text("utf-8").replace("@media print", "@media all")
    script = (
        "<script>document.title = document.documentElement.scrollWidth + ',' + "
        "window.innerWidth;</script></body>"
    )
    probe.write_text(text.replace("</body>", script), "utf-8")
    argv = [
        _chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--window-size=718,1000", "--dump-dom", probe.as_uri(),
    ]  # fmt: skip
    dom = subprocess.run(argv, capture_output=True, text=True, timeout=180, check=True).stdout
    found = re.search(r"<title>(\d+),(\d+)</title>", dom)
    assert found is not None, dom[:500]
    return int(found.group(1)), int(found.group(2))


@pytest.mark.slow
@pytest.mark.parametrize("deals", [16, 40])
@pytest.mark.parametrize("long", [False, True])
def test_each_table_sheet_prints_on_one_a4_page(tmp_path: Path, deals: int, long: bool) -> None:
    draw = draw_round(1, "1", LONG_NAMES[::33][:12] if long else NAMES[:12], {}, {})
    html = tmp_path / "sheets.html"
    html.write_text(sheets_html("liga", draw, deals, builtin("mester")), "utf-8")
    assert _pages(html, tmp_path / "profile") == 3
    width, page = _width(html, tmp_path / "profile")
    assert width <= page
    if long:  # every name whole on its table's page, in the seats' line
        pages = _text(html.with_suffix(".pdf")).split("\f")
        for members, text in zip(draw.tables, pages, strict=False):
            for s, name in enumerate(members, 1):
                assert _flat(f"seat {s}: {name}") in _flat(text), name


def _clear_of_the_codes(html: Path, profile: Path) -> int:
    """How many sheets have their title, subtitle and seats all left of the code's corner
    (laid out with the print rules on a window as wide as the printed page)."""
    probe = html.with_name("corner.html")
    text = html.read_text("utf-8").replace("@media print", "@media all")
    script = (
        "<script>let clear = 0; for (const head of document.querySelectorAll('.head')) {"
        "const left = head.querySelector('.qr').getBoundingClientRect().left;"
        "const parts = head.querySelectorAll('.who h1, .who p, .who .seats div');"
        "if ([...parts].every(p => p.getBoundingClientRect().right <= left)) clear += 1; }"
        "document.title = 'clear ' + clear;</script></body>"
    )
    probe.write_text(text.replace("</body>", script), "utf-8")
    argv = [
        _chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--window-size=718,1000", "--dump-dom", probe.as_uri(),
    ]  # fmt: skip
    dom = subprocess.run(argv, capture_output=True, text=True, timeout=180, check=True).stdout
    found = re.search(r"<title>clear (\d+)</title>", dom)
    assert found is not None, dom[:500]
    return int(found.group(1))


@pytest.mark.slow
@pytest.mark.parametrize("deals", [16, 40])
@pytest.mark.parametrize("language", ["en", "pl"])
def test_each_sheet_with_its_qr_code_prints_on_one_page_and_scans(
    tmp_path: Path, deals: int, language: str
) -> None:
    """Sheets with their tables' links, printed by Chromium and rasterised at 150 dpi: one A4
    page per table, no wider than the page, each page's code read by a real decoder as its
    own table's link, the link's text and every long name whole on it."""
    draw = draw_round(2, "1", LONG_NAMES[::33][:12], {}, {})
    linker = Linker("http://192.168.100.100:8000", hall_keys(str(tmp_path)))
    html = tmp_path / "sheets.html"
    with i18n.speaking(language):
        html.write_text(sheets_html("liga", draw, deals, builtin("mester"), linker.url), "utf-8")
        seat = _("seat {n}")
    assert _pages(html, tmp_path / "profile") == 3
    width, page = _width(html, tmp_path / "profile")
    assert width <= page
    assert _clear_of_the_codes(html, tmp_path / "profile") == 3
    urls = [linker.url(draw, t) for t in (1, 2, 3)]
    assert decode_pdf(html.with_suffix(".pdf")) == [[url] for url in urls]
    pages = _text(html.with_suffix(".pdf")).split("\f")
    for members, url, text in zip(draw.tables, urls, pages, strict=False):
        assert _flat(url) in _flat(text)
        for s, name in enumerate(members, 1):
            assert _flat(f"{seat.format(n=s)}: {name}") in _flat(text), name


@pytest.mark.slow
def test_the_seating_plan_of_400_players_prints_without_overflow(tmp_path: Path) -> None:
    html = tmp_path / "seating.html"
    html.write_text(seating_html("liga", DRAW), "utf-8")
    assert 4 <= _pages(html, tmp_path / "profile") <= 7
    width, page = _width(html, tmp_path / "profile")
    assert width <= page


@pytest.mark.slow
def test_standings_of_400_players_print_on_a_few_pages(tmp_path: Path) -> None:
    lines = [
        StandingLine(i + 1, n, "KS Puck", 50.0 - i / 10, 400 - i, 3, ())
        for i, n in enumerate(NAMES)
    ]
    headers = ["place", "move", "player", "club", "place points", "total", "tables won", "note"]
    rows = [
        [str(ln.place), "▲2", ln.player, ln.club, f"{ln.place_points:g}", f"{ln.total:+d}",
         "3", "lot 2; sat out rounds 3, 7"]
        for ln in lines
    ]  # fmt: skip
    html = tmp_path / "standings.html"
    html.write_text(standings_html("liga", 10, 10, "ordered", headers, rows, lines), "utf-8")
    assert 5 <= _pages(html, tmp_path / "profile") <= 9
    width, page = _width(html, tmp_path / "profile")
    assert width <= page


def _text(pdf: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed here (.ci/run installs poppler-utils)")
    argv = ["pdftotext", "-enc", "UTF-8", str(pdf), "-"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True).stdout


def _flat(text: str) -> str:
    return "".join(text.replace("-", "").split())


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_long_name_prints_with_its_table_and_seat(tmp_path: Path, language: str) -> None:
    """400 long Polish names printed by Chromium and read back from the PDF: each table's box
    lists its four players with their seat numbers, and the alphabetical list gives every
    player's table and seat, however a line wraps (the text is compared without its spaces
    and line breaks, and without hyphens: pdftotext joins a name broken after its hyphen and
    drops the hyphen)."""
    draw = draw_round(1, "1", LONG_NAMES, {}, {})
    html = tmp_path / "seating.html"
    with i18n.speaking(language):
        html.write_text(seating_html("liga", draw), "utf-8")
        where = [
            (name, _("table {table}, seat {seat}").format(table=t, seat=s))
            for t, members in enumerate(draw.tables, 1)
            for s, name in enumerate(members, 1)
        ]
        label = _("table {table}")
        heading = _("Who sits where")
    _pages(html, tmp_path / "profile")
    text = _text(html.with_suffix(".pdf"))
    boxes, _sep, index = text.partition(heading)
    assert index, "the list of who sits where is missing"
    flat = _flat(index)
    for name, place in where:
        assert flat.count(_flat(f"{name} — {place}")) == 1, (name, place)
    boxes_flat = _flat(boxes)
    for first in range(0, len(draw.tables), 4):  # a row of four boxes: headings, then lists
        row = range(first + 1, min(first + 4, len(draw.tables)) + 1)
        expected = "".join(label.format(table=t) for t in row) + "".join(
            f"{s}.{name}" for t in row for s, name in enumerate(draw.tables[t - 1], 1)
        )
        assert boxes_flat.count(_flat(expected)) == 1, expected
