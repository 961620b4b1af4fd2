"""The table page of `baska serve` in a real browser: Debian's Chromium, headless, driven by
Selenium through /usr/bin/chromedriver, from two phone-sized windows (360 x 740) at once.

A 16-deal evening is entered by tapping in one window and by typing in the other; hands are
corrected, taken back and voided; the guards come back as questions; a hand sent with no
connection gets through once; both windows show the same sheet, the page never scrolls
sideways, and screenshots are saved (their paths printed) to be looked at."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.phonekit import Phone, missing
from tests.servekit import Server, new_ledger

pytestmark = pytest.mark.slow

PLAYERS = ["Ania", "Bartek", "Celina", "Darek"]

# The sample evening (samples/evening.csv), hand by hand: ("tap", taps) or ("type", text).
# A tap is "c:zw" (a contract), "p:1" (the player in seat 1), "d:6" (a key of the keypad:
# digits and "/"), "k:kr" (contras) or "f:kara". The record button ends each hand.
EVENING: list[tuple[str, Any]] = [
    ("tap", ["p:1", "p:3", "d:6", "d:1", "k:k"]),  # zw Ania+Celina 61 k: zw is implied
    ("type", "zw b+d 78"),
    ("tap", ["c:we", "p:1", "p:4", "d:7", "d:0", "d:/", "d:3", "k:kr"]),
    ("type", "ci Bartek 40"),
    ("tap", ["p:1", "p:2", "d:5", "d:2"]),  # zw Ania+Bartek 52: five taps with the record
    ("type", "gr c 68 k:a"),
    ("type", "zo d 77 k:a,d"),
    ("tap", ["c:zw", "p:3", "p:4", "d:2", "d:6", "d:/", "d:1"]),
    ("tap", ["c:gd", "p:1", "d:/", "d:3"]),  # corrected below to gd Ania /4
    ("type", "zw b+c 60 k:a,b"),
    ("tap", ["c:zd", "p:2", "d:/", "d:3"]),
    ("tap", ["c:ba", "p:3"]),
    ("tap", ["p:1", "p:4", "d:4", "d:4"]),  # entered without its contra, corrected by "+k"
    ("type", "ci d 66/2 k:a,d"),
    ("tap", ["c:zo", "p:1", "d:4", "d:0", "d:/", "d:1"]),
    ("type", "zw b+d 104/4 kr"),
]
FINAL_TOTALS = [-41, -123, 43, 121]  # samples/evening.csv's


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A real `baska serve` on 127.0.0.1 (a free port) over a new 16-deal ledger: its link."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    ledger = new_ledger(tmp_path)
    server = Server(ledger, "--lang", "en")  # the phones ask for Polish (Accept-Language)
    try:
        yield server.url, Path(ledger)
    finally:
        server.stop()


def test_an_evening_from_two_phones(served: tuple[str, Path]) -> None:
    address, ledger = served
    shots = Path(tempfile.mkdtemp(prefix="baska-page-shots-"))
    print(f"screenshots in {shots}")
    tapper = Phone("tapping", address, shots)
    typist = Phone("typing", address, shots)
    try:
        tapper.fits()
        tapper.shot("00-start")
        # the pad offers what plb allows (GET /api/v1/table's rules): no méster, no kara, and
        # on a gran no bok or hirsz
        shown = "return [...document.querySelectorAll('.contract')].map(b => b.dataset.contract)"
        assert tapper.js(shown) == ["zw", "we", "ci", "gr", "zo", "gd", "zd", "ba"]
        assert tapper.js("return document.querySelectorAll('.flag').length") == 0
        tapper.tap_keys(["c:gr"])
        tapper.shot("00-gran-tapped", at="#pad")
        off = "return [...document.querySelectorAll('.contra:disabled')].map(b => b.dataset.contra)"
        assert tapper.js(off) == ["krb", "krbh"]
        tapper.tap("#clear")
        assert tapper.js(off) == []
        assert len(EVENING[4][1]) + 1 == 5  # a zwykła: two chips, two digits, the record
        for number, (how, what) in enumerate(EVENING, start=1):
            if number == 5:  # a hand typed by mistake, taken back from the other phone
                typist.type_line("zw a+b 10")
                tapper.wait(lambda: 5 in tapper.hands_shown(), "the mistaken hand")
                tapper.tap("#undo")
                assert "zw Ania+Bartek 10" in tapper.answer_question("05-undo-asked")
                for phone in (tapper, typist):
                    phone.wait(lambda p=phone: p.hands_shown()[:1] == [4], "hand 5 taken back")
            if how == "tap":
                tapper.tap_keys(what)
                tapper.wait(
                    lambda: tapper.text("#preview").strip(), f"the preview of hand {number}"
                )
                if number == 1:
                    assert tapper.field() == "zw Ania+Celina 61 k"
                    tapper.shot("01-first-hand-tapped")
                tapper.record()
            else:
                if number == 10:  # sent with no connection: tried again until it gets through
                    typist.type_line(what, before_enter=lambda: typist.online(False))
                    typist.wait(lambda: "warn" in typist.status_class(), "no connection")
                    typist.shot("10-no-connection")
                    typist.online(True)
                elif number == 14:  # typed straight after the correction, the field not cleared
                    assert typist.field() == "", "the correction's '+' outlived it"
                    typist.type_line(what, clear=False)
                else:
                    typist.type_line(what)
            (tapper if how == "tap" else typist).wait_recorded(number)
            for phone in (tapper, typist):  # the other phone sees it by the events
                phone.wait(lambda p=phone, n=number: n in p.hands_shown(), f"hand {number}")
            if number == 13:  # corrected: the contra was left out
                typist.tap("#correct-last")
                typist.tap_keys(["k:k"])
                assert typist.field() == "+k"
                typist.wait(lambda: typist.text("#preview").strip(), "the preview of +k")
                typist.shot("13-correcting-the-last")
                typist.record()
                typist.wait(
                    lambda: typist.asking() or "44 k" in typist.text("#last"), "+k done or asked"
                )
                if typist.asking():  # a correction that changes a stake asks first
                    typist.answer_question("13-asked")
                for phone in (tapper, typist):
                    phone.wait(lambda p=phone: "zw Ania+Darek 44 k" in p.text("#last"), "+k")
            tapper.fits()
            typist.fits()

        # hand 9 amended from the list of the last hands, by its whole text
        typist.tap('#last li[data-number="9"] .head')
        typist.tap('#last li[data-number="9"] .actions button')
        assert typist.field() == "gd Ania /3"
        typist.tap_keys(["d:/"])  # the hand's tricks replaced by the first tap (not "/3/")
        typist.tap_keys(["d:5"])
        typist.tap("#backspace")  # the last tap taken back
        typist.tap_keys(["d:4"])
        assert typist.field() == "gd Ania /4"
        typist.wait(lambda: "gd Ania /4" in typist.text("#preview"), "the preview of gd Ania /4")
        typist.shot("17-amending-hand-9")
        typist.record()
        assert "30" in typist.answer_question("17-asked")  # its stake changes from 60 to 30
        typist.shot("17-amended-hand-9")
        for phone in (tapper, typist):
            phone.wait(lambda p=phone: p.totals() == FINAL_TOTALS, "the final totals")

        # the plan played: the final table has taken the pad's place; the pad comes back
        tapper.wait(lambda: tapper.js("return !document.getElementById('end').hidden"), "the end")
        tapper.tap("#end-back")

        # the guards: the same hand twice asks; past the plan asks; both can be said no to
        tapper.type_line("zw b+d 104/4 kr")
        tapper.wait(tapper.asking, "the question: the same hand again?")
        tapper.shot("18-a-question")
        # the default (focused, Enter) answer of a guard's question writes nothing
        assert tapper.js("return document.activeElement.id") == "question-no"
        tapper.tap("#question-no")
        tapper.type_line("zw a+c 61")
        tapper.wait(tapper.asking, "the question: past the plan?")
        assert "16" in tapper.text("#question-text")
        tapper.tap("#question-no")
        assert tapper.hands_shown()[0] == 16

        # both phones show the same sheet, the same as the ledger
        sheets = []
        for phone in (tapper, typist):
            phone.tap('[role=tab][data-panel="sheet"]')
            phone.wait(
                lambda p=phone: (
                    len(p.js("return document.querySelectorAll('#sheet li.hand')")) == 16
                ),
                "the sheet",
            )
            sheets.append(phone.sheet())
            phone.fits()
        assert sheets[0] == sheets[1]
        assert "gd Ania /4 | gd Ania /3 |" in sheets[0][8], sheets[0][8]
        typist.shot("19-sheet", at="#panel-sheet")
        typist.shot("19-sheet-end", at='#sheet li[data-number="12"]')
        written = json.loads(
            subprocess.run(
                [sys.executable, "-m", "baska_cli", "ledger", "--format", "json", str(ledger)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
        assert [h["totals"][p] for p in PLAYERS for h in written["hands"][-1:]] == FINAL_TOTALS
        assert len(written["hands"]) == 16

        # the standings, then the end of the evening: final table, settlement, stats
        tapper.tap('[role=tab][data-panel="standings"]')
        tapper.wait(lambda: "Darek" in tapper.text("#standings"), "the standings")
        assert tapper.text("#standings").split("\n")[0].split() == ["1.", "Darek", "+121"]
        tapper.tap('[role=tab][data-panel="final"]')
        tapper.wait(lambda: "Darek" in tapper.text("#settlement"), "the settlement")
        assert tapper.text("#final-table").split("\n")[0].startswith("1.")
        tapper.fits()
        tapper.shot("20-final", at="#panel-final")
        tapper.shot("20-final-stats", at="#stats")

        # the language switch: the same page in English
        typist.tap('.lang a[data-lang="en"]')
        typist.wait(lambda: "deals" in typist.text("#turn"), "the English page")
        assert "lang=en" in typist.driver.current_url
        typist.fits()
        typist.shot("21-english")

        # hand 16 voided from the English page; the Polish one shows it void too
        typist.tap('#last li[data-number="16"] .head')
        typist.tap('#last li[data-number="16"] .actions button + button')
        assert "Void hand 16" in typist.answer_question()
        for phone in (tapper, typist):
            phone.wait(
                lambda p=phone: (
                    "void"
                    in p.js(
                        "return document.querySelector('#last li[data-number=\"16\"]').className"
                    )
                ),
                "hand 16 void",
            )
        assert tapper.totals() == [-29, -135, 55, 109]  # as after hand 15
        tapper.fits()
        tapper.shot("22-void", at=".recent h2")
    finally:
        tapper.close()
        typist.close()
