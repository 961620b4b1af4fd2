"""render/report.py: a self-contained HTML report; printed by a real Chromium on A4 pages."""

from __future__ import annotations

import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.evening.settle import settle
from baska_cli.ledger.view import read
from baska_cli.render.report import Evening, report_html

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def _evening(path: str, stake: str | None = None) -> Evening:
    session = read(path)
    done = None
    if stake is not None:
        done = settle(
            {s.name: s.total for s in session.standings()}, Decimal(stake), Decimal("0.01")
        )
    return Evening(session, done)


def test_the_report_is_self_contained_and_shows_what_it_should() -> None:
    html = report_html([_evening(SAMPLE, "0.10")])
    assert "<script" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )
    assert html.count("<svg") == 1 and "<polyline" in html
    assert '<tr class="history" ' not in html  # history rows carry no explanation…
    assert len(re.findall(r'<tr class="history">', html)) == 1  # …and one is struck through
    explained = "starzy 61 – won, młodzi with wyjście: 1 × 2 (kontra) = 2 from each of młodzi"
    assert f'title="{explained}"' in html
    assert '<td class="text">Ania</td><td class="text">pays</td>' in html
    assert "Statistics" in html and "Who pays whom" in html


def test_names_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    text = Path(SAMPLE).read_text("utf-8").replace("Celina", "Ce<b>&")
    path.write_text(text, "utf-8")
    html = report_html([_evening(str(path))])
    assert "Ce<b>&" not in html and "Ce&lt;b&gt;&amp;" in html


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed here (.ci/run installs it with apt-get)")
    return found


def _print(html: Path, pdf: Path, profile: Path) -> int:
    """Print an HTML file to PDF with headless Chromium; the number of pages."""
    argv = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--no-pdf-header-footer",
        f"--print-to-pdf={pdf}",
        html.as_uri(),
    ]
    subprocess.run(argv, capture_output=True, timeout=120, check=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def _overflow(html: Path, profile: Path) -> tuple[int, int]:
    """(content width, page width) in CSS pixels, laid out with the print rules on a window
    as wide as an A4 landscape page within its margins (297 − 2 × 8 mm at 96 dpi)."""
    probe = html.with_name("probe.html")
    text = html.read_text("utf-8").replace("@media print", "@media all")
    script = (
        "<script>document.title = document.documentElement.scrollWidth + ',' + "
        "window.innerWidth;</script></body>"
    )
    probe.write_text(text.replace("</body>", script), "utf-8")
    argv = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--window-size=1062,750",
        "--dump-dom",
        probe.as_uri(),
    ]
    dom = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=True).stdout
    found = re.search(r"<title>(\d+),(\d+)</title>", dom)
    assert found is not None, dom[:500]
    return int(found.group(1)), int(found.group(2))


@pytest.mark.slow
def test_an_evening_prints_on_one_a4_page_without_overflow(tmp_path: Path) -> None:
    html = tmp_path / "evening.html"
    html.write_text(report_html([_evening(SAMPLE, "0.10")]), "utf-8")
    assert _print(html, tmp_path / "evening.pdf", tmp_path / "profile") == 1
    width, page = _overflow(html, tmp_path / "profile")
    assert width <= page


@pytest.mark.slow
def test_a_season_prints_a_page_per_evening_and_a_summary(tmp_path: Path) -> None:
    paths = []
    for i in range(3):
        path = tmp_path / f"e{i}.csv"
        shutil.copy(SAMPLE, path)
        paths.append(str(path))
    html = tmp_path / "season.html"
    html.write_text(report_html([_evening(p) for p in paths]), "utf-8")
    pages = _print(html, tmp_path / "season.pdf", tmp_path / "profile")
    assert 4 <= pages <= 5


def test_the_report_in_polish_says_so_and_keeps_the_data() -> None:
    english = report_html([_evening(SAMPLE, "0.10"), _evening(SAMPLE)])
    i18n.use("pl")
    polish = report_html([_evening(SAMPLE, "0.10"), _evening(SAMPLE)])
    assert (english.splitlines()[1], polish.splitlines()[1]) == (
        '<html lang="en">',
        '<html lang="pl">',
    )
    assert "<h1>2 wieczory</h1>" in polish and "<h2>Kto komu płaci</h2>" in polish
    assert '<td class="text">Ania</td><td class="text">płaci</td>' in polish
    assert re.findall(r"<td[^>]*>[-+]?\d+</td>", english) == re.findall(
        r"<td[^>]*>[-+]?\d+</td>", polish
    )


def _titled(tmp_path: Path) -> str:
    """The sample evening with a title and a date among its metadata rows."""
    path = tmp_path / "wtorek.csv"
    text = Path(SAMPLE).read_text("utf-8")
    path.write_text(text.replace("deals,16\n", "deals,16\ntitle,Wtorek u Ani\ndate,2026-12-01\n"))
    return str(path)


def test_the_heading_is_the_title_and_date_never_the_file(tmp_path: Path) -> None:
    path = _titled(tmp_path)
    html = report_html([_evening(path)])
    assert "<h1>Wtorek u Ani · 2026-12-01</h1>" in html
    assert "<title>Wtorek u Ani · 2026-12-01</title>" in html
    assert "wtorek.csv" not in html and "evening.csv" not in report_html([_evening(SAMPLE)])
    assert "<h1>Baśka: Ania, Bartek, Celina, Darek</h1>" in report_html([_evening(SAMPLE)])


def test_note_marks_stand_apart_from_the_points_and_are_numbered_once() -> None:
    html = report_html([_evening(SAMPLE)])
    assert "<sup>" not in html and "<ol" not in html
    assert '<td class="hand">ci Darek 66/2 k:Ania,Darek</td><td class="mark">[14]</td>' in html
    marks = re.findall(r'<td class="mark">\[(\d+)\]</td>', html)
    notes = re.findall(r'<li><span class="mark">\[(\d+)\]</span> ', html)
    assert marks == notes == [str(n) for n in range(1, len(marks) + 1)]


def test_printed_type_is_at_least_9_points() -> None:
    html = report_html([_evening(SAMPLE)])
    printed = html[html.index("@media print") : html.index("</style>")]
    sizes = [float(size) for size in re.findall(r"font-size:\s*([\d.]+)pt", printed)]
    assert sizes and min(sizes) >= 9
    assert not re.search(r"font-size:\s*[\d.]+(em|%|px)", printed)
    # the chart's words are 12 px at its own size (9 pt), which it is drawn at
    assert 'font-size="12"' in html and 'width="600" height="150"' in html


@pytest.mark.slow
def test_a_titled_evening_fills_one_page_headed_by_its_title(tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    html = tmp_path / "wtorek.html"
    html.write_text(report_html([_evening(_titled(tmp_path), "0.10")]), "utf-8")
    pdf = tmp_path / "wtorek.pdf"
    assert _print(html, pdf, tmp_path / "profile") == 1
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert text.lstrip().startswith("Wtorek u Ani · 2026-12-01")
    assert "wtorek.csv" not in text
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) >= 45  # the page filled: sheet, notes, standings, chart, statistics
