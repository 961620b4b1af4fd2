"""The hall's screens in a real browser (Debian's headless Chromium, driven by Selenium) on
`baska serve DIR` of a Grand Prix of 52 Polish players (tests/hallkit.py: long
double-barrelled names, two Jan Kowalski of two clubs, teams, categories; round 2 being
played): the public standings on a phone at 360 × 740, its text at 100 % and 200 %; the
projector at 1024 × 768, 1366 × 768 and 1920 × 1080; the organiser's table cards at 1366;
a player's page; the end of a tournament table's round; the published pages at 360 px.
Nothing is cut (no cell that matters is narrower than its text), nothing scrolls sideways,
no name is broken inside a word; screenshots are saved (their paths printed)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli.tournament.folder import load
from baska_cli.tournament.players import apart_names, shown_names
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import table_state
from tests import hallkit
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.phonekit import Browser, missing
from tests.servekit import HallServer, Server

pytestmark = pytest.mark.slow

PHONE = (360, 740)
SCREENS = ((1024, 768), (1366, 768), (1920, 1080))
LARGE_TEXT = 32  # px: Chromium's default font at 200 %

# the cells of `arguments[0]` shown and narrower than their text
CUT = """return [...document.querySelectorAll(arguments[0])]
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth)
  .map(e => e.className + ': ' + e.innerText + ' ' + e.scrollWidth + '>' + e.clientWidth)"""
# the words of the names in `arguments[0]` broken across two lines (a double-barrelled name
# may break after its hyphen: its parts are looked at one by one)
BROKEN = """const broken = [];
for (const cell of document.querySelectorAll(arguments[0])) {
  for (const node of cell.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    for (const part of node.textContent.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, part.index);
      range.setEnd(node, part.index + part[0].length);
      if (range.getClientRects().length > 1) broken.push(part[0]);
    }
  }
}
return broken;"""


@pytest.fixture(scope="module")
def shots() -> Path:
    found = Path(tempfile.mkdtemp(prefix="baska-hall-screens-"))
    print(f"screenshots in {found}")
    return found


@pytest.fixture(scope="module")
def grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, HallServer]]:
    """The Grand Prix with round 1 in and 7 of round 2's 13 tables in, served."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    path = hallkit.grand_prix(tmp_path_factory.mktemp("gp"))
    server = HallServer(path, "--lang", "pl")
    try:
        yield path, server
    finally:
        server.stop()


def board_names(path: str) -> list[str]:
    """The standings' names as the board gives them (namesakes told apart), best first."""
    found = invoke("tournament", "standings", path, "-f", "json")
    names = apart_names(load(path).players)
    return [names[line["player"]] for line in json.loads(found.stdout)["standings"]]


def lines_shown(page: Browser) -> list[list[str]]:
    return list(
        page.js(
            "return [...document.querySelectorAll('#columns table')].flatMap(t =>"
            " [...t.tBodies[0].rows].map(tr => [...tr.cells].map(td => td.innerText)))"
        )
    )


@pytest.mark.parametrize("font", [None, LARGE_TEXT], ids=["text-100", "text-200"])
def test_the_standings_on_a_phone_are_a_list_with_every_name_whole(
    grand_prix: tuple[str, HallServer], shots: Path, font: int | None
) -> None:
    path, server = grand_prix
    label = f"phone-{font or 16}px"
    page = Browser(label, server.standings, shots, PHONE, "pl", font=font)
    try:
        page.wait(lambda: page.js("return live.classList.contains('on')"), "the live mark")
        expected = board_names(path)
        page.wait(lambda: len(lines_shown(page)) == len(expected), "every line")
        page.fits()
        assert [row[2] for row in lines_shown(page)] == expected  # (whole, in order)
        assert page.text("#round") == "runda 2 z 4 trwa · stoły z wynikiem: 7 z 13"
        cut = page.js(
            CUT, "td.place, td.name, td.points, td.total, td.move, th.name, th.points, h1"
        )
        assert cut == []
        assert page.js(BROKEN, "td.name") == []
        assert page.js("return document.querySelectorAll('td.name.breaks').length") == 0
        # the two headers side by side, not over each other
        heads = page.js(
            "return ['th.name', 'th.points'].map(s => document.querySelector(s)"
            ".getBoundingClientRect()).map(r => [r.left, r.right])"
        )
        assert heads[0][1] <= heads[1][0], heads
        # the place, the name and the points on the line's first row, side by side
        first = page.js(
            "const tr = document.querySelector('#columns tbody tr');"
            "return ['td.place', 'td.name', 'td.points'].map(s => tr.querySelector(s)"
            ".getBoundingClientRect()).map(r => [Math.round(r.top), r.left, r.right])"
        )
        assert first[0][2] <= first[1][1] and first[1][2] <= first[2][1], first
        assert page.js("return document.body.dataset.turning") == "true"
        views = page.js(
            "return [...document.querySelectorAll('#views button')].map(b => b.innerText)"
        )
        assert views == ["Klasyfikacja", "Drużyny", "Kategoria K", "Kategoria S"]
        page.shot("1-standings")
        page.shot("2-namesake", at="#columns tbody tr:nth-child(12)")
        page.tap("#views button:nth-child(2)")
        page.wait(lambda: page.text("#view") == "Drużyny", "the teams")
        page.fits()
        assert page.js(CUT, "td.place, td.name, td.points, td.total, td.counted") == []
        page.shot("3-teams")
    finally:
        page.close()


@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_projector_fits_its_title_and_more_players_a_screen(
    grand_prix: tuple[str, HallServer], shots: Path, size: tuple[int, int]
) -> None:
    path, server = grand_prix
    width, height = size
    expected = board_names(path)
    page = Browser(f"projector-{width}", server.standings + "?every=120", shots, size, "pl")
    try:
        page.wait(lambda: page.js("return live.classList.contains('on')"), "the live mark")
        page.wait(lambda: page.text("#page").startswith("strona 1 z "), "the first screen")
        room = page.js("const d = document.documentElement; return [d.scrollWidth, d.scrollHeight]")
        assert room == [width, height]
        title = page.js(
            "const h = document.getElementById('tournament');"
            "return [h.innerText, h.scrollWidth <= h.clientWidth, h.getClientRects().length]"
        )
        assert title[:2] == [hallkit.TITLE, True]
        assert page.text("#round") == "runda 2 z 4 trwa · stoły z wynikiem: 7 z 13"
        pages = int(page.text("#page").rsplit(" ", 1)[1])
        shown: list[str] = []
        for number in range(1, pages + 1):
            if number > 1:
                page.driver.get(f"{server.standings}?every=120&page={number}")
                page.wait(lambda n=number: page.text("#page").startswith(f"strona {n} z "), "turn")
            rows = lines_shown(page)
            if number == 1:
                first = len(rows)
            shown += [row[2] for row in rows]
            cut = page.js(CUT, "td.place, td.name, td.points, td.total, td.move, .bar > *")
            assert cut == [], f"screen {number}: {cut}"
            bottom = page.js(
                "return Math.max(...[...document.querySelectorAll('#columns tbody')]"
                ".map(b => b.getBoundingClientRect().bottom))"
            )
            assert bottom <= page.js("return document.querySelector('footer').offsetTop")
            page.shot(f"{number}")
        assert shown == expected  # (every player once, in order, each name whole)
        # more players a screen than the 13 of a 1920 × 1080 screen before: two columns on
        # a wide screen
        assert first >= {1024: 18, 1366: 34, 1920: 34}[width], first
        two = page.js("return document.querySelectorAll('#columns table').length")
        assert two == (1 if width == 1024 else 2)
    finally:
        page.close()


def test_the_organisers_cards_show_whole_names_at_1366(
    grand_prix: tuple[str, HallServer], shots: Path
) -> None:
    path, server = grand_prix
    page = Browser("organiser", server.organiser, shots, (1366, 768), "pl")
    try:
        page.wait(lambda: page.js("return document.querySelectorAll('.card').length") == 13, "13")
        assert page.js(CUT, ".seats .name, .seats .points, .table-no") == []
        names = shown_names(load(path).players)
        titles = page.js(
            "return [...document.querySelectorAll('.card[data-table=\"1\"] .seats .name')]"
            ".map(e => [e.innerText, e.title])"
        )
        assert titles == [[n, names[n]] for n in load(path).draws[1].tables[0]]
        page.shot("cards", at=".card")
    finally:
        page.close()


@pytest.fixture
def played(tmp_path: Path) -> Iterator[tuple[str, HallServer]]:
    """The Grand Prix, its round 2's table 8 played hand by hand, a latecomer entered."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    path = hallkit.grand_prix(tmp_path)
    kit.play(path, 8, round_number=2)
    assert invoke("tournament", "enter", path, "Zenon Nowy-Kaszuba").exit_code == 0
    server = HallServer(path, "--lang", "pl")
    try:
        yield path, server
    finally:
        server.stop()


def test_a_players_page_names_who_confirmed_by_their_full_names(
    played: tuple[str, HallServer], shots: Path
) -> None:
    path, server = played
    t = load(path)
    names = shown_names(t.players)
    members = t.draws[1].tables[0]  # (round 2, table 1: a paper sheet, waiting)
    totals = table_state(path, 2, 1).totals
    assert totals is not None
    service_confirm.confirm(path, 2, 1, members[0], True, totals, kit.pin(path, members[0]))
    mine = f"{server.base}/p/{kit.player_key(path, members[1])}"
    page = Browser("player", mine, shots, PHONE, "pl")
    try:
        page.wait(lambda: page.text("#word-by").startswith("Potwierdzili: "), "who confirmed")
        assert page.text("#word-by") == f"Potwierdzili: {names[members[0]]}"
        page.fits()
        page.shot("confirmed-by")
        page.driver.get(f"{server.base}/p/{kit.player_key(path, 'Zenon.N')}")
        page.wait(lambda: page.text("#place").startswith("Grasz od rundy 3"), "the latecomer")
        page.shot("latecomer")
    finally:
        page.close()


def test_a_tournament_tables_end_is_its_rounds_with_place_points_and_no_money(
    played: tuple[str, HallServer], shots: Path
) -> None:
    path, server = played
    page = Browser("table-end", f"{server.base}/t/{server.table_key(2, 8)}", shots, PHONE, "pl")
    try:
        page.wait(lambda: page.js("return !document.getElementById('end').hidden"), "the end")
        page.wait(lambda: "pkt" in page.text("#end-places"), "the place points")
        assert page.text("#end-title") == "Koniec rundy 2 przy stole 8"
        rows = page.js(
            "return [...document.querySelectorAll('#end-places tr')].map(r => r.innerText)"
        )
        assert len(rows) == 4 and all(row.endswith(" pkt") for row in rows), rows
        assert "zł" not in page.text("#end") and page.js(
            "return !document.getElementById('end-stake')"
        )
        page.fits()
        page.shot("end", at="#end")
    finally:
        page.close()
    # the table's ledger copied out of the hall and served alone (the hall's folder refuses
    # to serve it so): the same words, its money put away
    copy = Path(path).parent / "t8.csv"
    shutil.copy(Path(path, "r2", "t8.csv"), copy)
    alone = Server(str(copy), "--lang", "pl")
    page = Browser("table-alone", alone.url, shots, PHONE, "pl")
    try:
        page.wait(lambda: page.text("#end-title") == "Koniec rundy 2 przy stole 8", "the title")
        page.wait(lambda: "pkt" in page.text("#end-places"), "the place points")
        assert page.js("return document.getElementById('end-money').hidden") is True
        assert page.js("return !document.getElementById('end-stake')") is True
        assert "stake" not in page.js("return document.getElementById('end-report').href")
        page.shot("end-alone", at="#end")
    finally:
        page.close()
        alone.stop()


@pytest.mark.parametrize("font", [None, LARGE_TEXT], ids=["text-100", "text-200"])
def test_the_published_tables_keep_each_word_of_a_name_whole_on_a_phone(
    tmp_path: Path, shots: Path, font: int | None
) -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)
    path = hallkit.grand_prix(tmp_path)
    out = tmp_path / "www"
    assert (
        invoke("--lang", "pl", "tournament", "publish", path, str(out), "--round", "1").exit_code
        == 0
    )
    page = Browser(
        f"published-{font or 16}px", (out / "r1.html").as_uri(), shots, PHONE, "pl", font=font
    )
    try:
        for name in ("r1.html", *(f"r1/t{n}.html" for n in range(1, 14)), "index.html"):
            page.driver.get((out / name).as_uri())
            page.fits()
            assert page.js(BROKEN, "td.name, td.lead") == [], name
            assert page.js(CUT, "td") == [], name
        page.driver.get((out / "r1.html").as_uri())
        page.shot("round")
    finally:
        page.close()
