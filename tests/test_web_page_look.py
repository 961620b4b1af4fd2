"""The table page as it looks, in Debian's headless Chromium at 360 x 740 in Polish: whole
names, the layout with the phone's text at 200 % (Chromium's default font size 32 px: no
sideways scrolling, no number broken across lines), "Zapisz" on the first screen of a table
page and of a tournament table's, targets of 48 px, contrast of 4.5:1 in the light and the
dark theme, and the end of a 16-deal evening (the final table, the payments, the SVG chart,
the way back to the pad). Screenshots are saved under /tmp, their paths printed, to be
looked at."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from baska_cli.ledger import edits
from tests.clikit import invoke
from tests.phonekit import HEIGHT, WIDTH, Phone, missing
from tests.servekit import HallServer, Server
from tests.test_web_api import EVENING
from tests.tournamentkit import drawn

pytestmark = pytest.mark.slow

NAMES = ["Świętosław", "Zbigniew", "Stanisława", "Łucja"]
# the sample evening with these names (its totals: -41, -123, +43, +121)
HANDS = [
    hand.replace("Ania", NAMES[0])
    .replace("Bartek", NAMES[1])
    .replace("Celina", NAMES[2])
    .replace("Darek", NAMES[3])
    for hand in EVENING
]

# the contrast of an element's text with the background it sits on (the first ancestor's
# that has one), by WCAG 2's formula
CONTRAST = """
function rgb(text) { return (text.match(/[\\d.]+/g) || []).map(Number); }
function luminance([r, g, b]) {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const e = document.querySelector(arguments[0]);
let back = e, colour = null;
while (back) {
  const c = rgb(getComputedStyle(back).backgroundColor);
  if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) { colour = c.slice(0, 3); break; }
  back = back.parentElement;
}
colour = colour || [255, 255, 255];
const [a, b] = [luminance(rgb(getComputedStyle(e).color)), luminance(colour)];
return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
"""

# every visible number of the totals and of the final table: its text on one line
BROKEN_NUMBERS = """
function lines(e) {
  const range = document.createRange();
  range.selectNodeContents(e);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
}
return [...document.querySelectorAll('#totals .points, #end-places .sum, .end .amount')]
  .filter((e) => e.offsetParent !== null && lines(e) > 1)
  .map((e) => e.textContent);
"""

# every visible button and link-button smaller than 48 x 48 px (a C S S pixel each)
SMALL_TARGETS = """
return [...document.querySelectorAll('button, a.button, .lang a')]
  .filter((e) => e.offsetParent !== null)
  .filter((e) => { const r = e.getBoundingClientRect(); return r.height < 48 || r.width < 48; })
  .map((e) => e.id || e.textContent);
"""


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A real `baska serve` of a 16-deal evening of four long names, 15 deals played: the
    table's link and the ledger."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    ledger = str(tmp_path / "wtorek.csv")
    made = invoke("new", ledger, "-p", ",".join(NAMES), "--deals", "16", "--title", "Wtorek")
    assert made.exit_code == 0, made.output
    for hand in HANDS[:15]:
        edits.record(ledger, hand)
    server = Server(ledger, "--lang", "en")
    try:
        yield server.url, ledger
    finally:
        server.stop()


def shots() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="baska-look-", dir="/tmp"))
    print(f"screenshots in {folder}")
    return folder


def check_readable(phone: Phone) -> None:
    """No sideways scrolling, no number on two lines, every name whole."""
    phone.fits()
    assert phone.js("return document.documentElement.scrollWidth <= innerWidth")
    assert phone.js(BROKEN_NUMBERS) == []
    cut = (
        "return [...document.querySelectorAll('#totals .name, .chip')]"
        ".filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
    )
    assert phone.js(cut) == []


def check_contrast(phone: Phone) -> None:
    """The badge, a button that cannot be pressed now and the grey words: 4.5:1 at least."""
    phone.tap_keys(["c:gr"])  # a gran: plb allows no bok, no hirsz (disabled)
    phone.wait(lambda: phone.js("return !!document.querySelector('.contra:disabled')"), "off")
    for selector in ("#live", ".contra:disabled", "#deals", ".chip", "#hand", ".lang a"):
        ratio = phone.js(CONTRAST, selector)
        assert ratio >= 4.5, f"{selector}: {ratio:.2f}:1"
    phone.tap("#clear")
    preview = "return document.getElementById('preview').className"
    phone.wait(lambda: phone.js(preview) == "preview", "the preview cleared")


def test_the_page_with_text_at_200_percent(evening: tuple[str, str]) -> None:
    address, _ledger = evening
    folder = shots()
    phone = Phone("large", address, folder, font=32)
    try:
        assert phone.js("return getComputedStyle(document.documentElement).fontSize") == "32px"
        for scheme in ("light", "dark"):
            phone.theme(scheme)
            check_readable(phone)
            check_contrast(phone)
            phone.js("window.scrollTo(0, 0)")
            phone.shot(f"200-{scheme}-top")
            phone.shot(f"200-{scheme}-pad", at="#pad")
        assert phone.js(SMALL_TARGETS) == []
    finally:
        phone.close()


def test_record_on_the_first_screen_whole_names_and_the_end(evening: tuple[str, str]) -> None:
    address, _ledger = evening
    folder = shots()
    phone = Phone("phone", address, folder)
    try:
        for scheme in ("light", "dark"):
            phone.theme(scheme)
            check_readable(phone)
            check_contrast(phone)
            phone.js("window.scrollTo(0, 0)")
            top = phone.js("return document.getElementById('record').getBoundingClientRect().top")
            contras = "return document.querySelector('.contras').getBoundingClientRect().bottom"
            assert phone.js(contras) <= top and top + 48 <= HEIGHT, (top, phone.js(contras))
            phone.shot(f"16-{scheme}-first-screen")
        assert phone.js(SMALL_TARGETS) == []
        assert phone.js("return innerWidth") == WIDTH

        # the last deal of the plan: the pad gives way to the final table
        phone.theme("light")
        phone.type_line(HANDS[15])
        phone.wait(lambda: phone.js("return !document.getElementById('end').hidden"), "the end")
        phone.wait(lambda: "Stanisława" in phone.text("#end-payments"), "the payments")
        put_away = (
            "return ['pad', 'record', 'hand'].map(id => document.getElementById(id).offsetParent)"
        )
        assert phone.js(put_away) == [None, None, None]
        rows = phone.text("#end-places").split("\n")
        assert [row.split() for row in rows] == [
            ["1.", "Łucja", "+121"],
            ["2.", "Stanisława", "+43"],
            ["3.", "Świętosław", "-41"],
            ["4.", "Zbigniew", "-123"],
        ]
        payments = phone.text("#end-payments")
        assert "Zbigniew → Łucja: 12,10 zł" in payments, payments  # at 0,10 zł a point
        phone.wait(
            lambda: (
                phone.js("return document.querySelectorAll('#end-chart svg polyline').length") == 4
            ),
            "the chart",
        )
        assert (
            phone.js(
                "return document.querySelector('#end-chart svg').getBoundingClientRect().width"
            )
            <= WIDTH
        )
        report = phone.js("return document.getElementById('end-report').href")
        assert "/api/v1/report?" in report and "stake=" in report
        check_readable(phone)
        assert phone.js(SMALL_TARGETS) == []
        phone.shot("end-light", at="#end")
        phone.shot("end-light-chart", at="#end-chart")
        phone.theme("dark")
        phone.shot("end-dark", at="#end")
        phone.shot("end-dark-chart", at="#end-chart")
        # another stake, counted again by the server
        field = phone.driver.find_element("id", "end-stake")
        field.clear()
        field.send_keys("1")
        phone.tap("#end-stake-form button")
        phone.wait(lambda: "121,00 zł" in phone.text("#end-payments"), "the payments at 1 zł")
        # back to the pad for a correction, and to the end again
        phone.tap("#end-back")
        phone.wait(
            lambda: phone.js("return !!document.getElementById('pad').offsetParent"),
            "the pad",
        )
        assert not phone.js("return document.getElementById('end-bar').hidden")
        phone.tap("#end-show")
        phone.wait(
            lambda: phone.js("return !document.getElementById('end').hidden"), "the end again"
        )
        # a hand's correction from the list brings the pad back for it
        phone.tap('#last li[data-number="16"] .head')
        phone.tap('#last li[data-number="16"] .actions button')
        phone.wait(lambda: phone.js("return !!document.getElementById('pad').offsetParent"), "pad")
        assert phone.field() == HANDS[15]
        phone.shot("end-correcting")
    finally:
        phone.close()


def test_record_on_the_first_screen_of_a_tournament_table(tmp_path: Path) -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)
    hall = drawn(tmp_path)  # mester: ten contracts and kara on the pad
    server = HallServer(hall)
    phone = Phone("tournament", f"{server.base}/t/{server.table_key(1, 1)}", shots())
    try:
        phone.wait(lambda: phone.text(".where"), "the table's round")
        for scheme in ("light", "dark"):
            phone.theme(scheme)
            check_readable(phone)
            top = phone.js("return document.getElementById('record').getBoundingClientRect().top")
            contras = "return document.querySelector('.contras').getBoundingClientRect().bottom"
            assert phone.js(contras) <= top and top + 48 <= HEIGHT, (top, phone.js(contras))
            phone.shot(scheme)
        assert phone.js(SMALL_TARGETS) == []
    finally:
        phone.close()
        server.stop()


# where the field, its preview, the status and "Zapisz" are now, and whether each is whole
# in the window (the page's own viewport)
IN_VIEW = """
return Object.fromEntries(['hand', 'preview', 'status', 'record'].map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  const shown = r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  return [id, {top: Math.round(r.top), bottom: Math.round(r.bottom), shown}];
}));
"""


def in_view(phone: Phone, *ids: str) -> None:
    """The elements `ids` whole in the window, none under "Zapisz" (which floats over the pad)."""
    where = phone.js(IN_VIEW)
    for name in ids:
        assert where[name]["shown"], (name, where)
        if name != "record":
            assert where[name]["bottom"] <= where["record"]["top"], (name, where)


def pad_at_rest(phone: Phone) -> float:
    """Where the pad begins on the page once the page is at rest: the same place and the same
    preview twice, 0.4 s apart (a tap's preview may still be on its way, and its lines move
    the pad as they should)."""
    where = (
        "return [document.getElementById('pad').getBoundingClientRect().top + scrollY,"
        " document.getElementById('preview').innerText]"
    )
    seen: list[Any] = []

    def still() -> bool:
        seen.append(phone.js(where))
        if len(seen) < 2 or seen[-1] != seen[-2]:
            time.sleep(0.4)
            return False
        return True

    phone.wait(still, "the page at rest")
    return float(seen[-1][0])


def test_at_200_percent_the_field_its_preview_and_record_stay_in_view(
    evening: tuple[str, str],
) -> None:
    address, ledger = evening
    folder = shots()
    phone = Phone("large-entry", address, folder, font=32)
    other = Phone("other", address, folder)
    try:
        phone.theme("dark")
        phone.js("window.scrollTo(0, 0)")
        in_view(phone, "hand", "record")  # the first screen: the field and "Zapisz"
        phone.shot("200-first-screen")
        # tapping a hand down the pad: the field, its preview and "Zapisz" stay in view
        for key in ["c:zw", "p:1", "p:3", "d:6", "d:1", "k:k"]:
            phone.tap_keys([key])
            phone.wait(lambda: phone.text("#preview").strip(), f"the preview after {key}")
            in_view(phone, "hand", "preview", "record")
            check_readable(phone)
        phone.shot("200-tapping")
        # another phone's change told: over the page, "Zapisz" in view, the pad not pushed
        before = pad_at_rest(phone)
        named = other.js("return document.getElementById('who-skip')")
        if named:
            other.tap("#who-skip")
        other.tap('#last li[data-number="15"] .head')  # a correction: the plan stays unplayed
        other.tap('#last li[data-number="15"] .actions button')
        other.tap_keys(["d:4", "d:1"])
        other.record()
        other.answer_question()
        phone.wait(lambda: phone.js("return !document.getElementById('news').hidden"), "news")
        assert pad_at_rest(phone) == before
        in_view(phone, "hand", "record")
        news = phone.js(
            "const r = document.getElementById('news').getBoundingClientRect();"
            "return [r.top >= 0, r.bottom <= innerHeight]"
        )
        assert news == [True, True]
        phone.shot("200-news")
        phone.tap("#news-close")
        # the end of the evening (the plan is played), the sheet with a void: 360 px wide
        other.type_line("zw 2+4 78")
        other.wait_recorded(16)
        phone.wait(lambda: phone.js("return !document.getElementById('end').hidden"), "the end")
        phone.wait(lambda: "Łucja" in phone.text("#end-places"), "the places")
        check_readable(phone)
        phone.shot("200-end", at="#end")
        phone.shot("200-end-chart", at="#end-chart")
        label = (
            "const svg = document.querySelector('#end-chart svg');"
            "const size = parseFloat(getComputedStyle(svg.querySelector('text')).fontSize);"
            "return size * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width"
        )
        assert phone.js(label) >= 16  # the chart's labels as large as the page's small text
    finally:
        phone.close()
        other.close()
    assert invoke("void", ledger, "3").exit_code == 0
    phone = Phone("large-sheet", address, folder, font=32)
    try:
        phone.js("window.scrollTo(0, 0)")
        phone.tap('[data-panel="sheet"]')
        phone.wait(
            lambda: phone.js("return document.querySelectorAll('#sheet li.hand').length") == 16,
            "the sheet",
        )
        check_readable(phone)
        phone.shot("200-sheet", at="#sheet li.void")
    finally:
        phone.close()
