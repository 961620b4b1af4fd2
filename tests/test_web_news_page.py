"""Every phone is told what another changed, in a real browser (Debian's Chromium at 360 x 740,
in Polish, driven by Selenium) against a real `baska serve`: two phones, one with a name
chosen, the other without; a hand and a correction on the first are told in words on the
second through the event stream, the first gets "Cofnij" and takes its correction back with
it; the sheet shows who and when; the same hand on both asks as such and records nothing by
default; `pomoc` opens the help."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest

from tests import test_web_outbox
from tests.phonekit import Phone
from tests.servekit import Server
from tests.test_web_outbox import hands_in

pytestmark = pytest.mark.slow

served = test_web_outbox.served  # the fixture: a real `baska serve` over a new ledger


@pytest.fixture
def shots() -> Path:
    path = Path(tempfile.mkdtemp(prefix="baska-news-shots-"))
    print(f"screenshots in {path}")
    return path


def news(phone: Phone) -> str:
    """What the news box tells ("" while it is hidden)."""
    shown = "const box = document.getElementById('news'); return box.hidden ? '' : box.innerText"
    return str(phone.js(shown))


def named(phone: Phone, name: str) -> None:
    """The name asked once, answered (or skipped with "")."""
    phone.wait(lambda: not phone.js("return document.getElementById('who').hidden"), "asked")
    assert "Kto wpisuje na tym telefonie?" in phone.text("#who")
    if name:
        phone.driver.find_element("id", "who-name").send_keys(name)
        phone.tap('#who button[type="submit"]')
    else:
        phone.tap("#who-skip")
    assert phone.js("return document.getElementById('who').hidden")


def test_a_correction_on_one_phone_is_told_in_words_on_the_other(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    zbigniew = Phone("zbigniew", server.url, shots)
    other = Phone("other", server.url, shots)
    try:
        zbigniew.shot("00-asked")
        named(zbigniew, "Zbigniew")
        named(other, "")
        zbigniew.driver.refresh()  # asked once: not again
        zbigniew.wait(lambda: "rozdaje" in zbigniew.text("#turn").lower(), "the page again")
        assert zbigniew.js("return document.getElementById('who').hidden")

        zbigniew.type_line("gd a /4")
        zbigniew.wait_recorded(1)
        zbigniew.wait(lambda: "Cofnij" in zbigniew.text("#status"), "Cofnij offered")
        told = other.wait(lambda: news(other), "the hand told")
        assert "Zbigniew zapisał(a) rozdanie 1: gd Ania /4" in told, told

        # a correction, asked before it is written, then told on the other phone
        zbigniew.type_line("popraw 1 gd c /4")
        zbigniew.answer_question()
        zbigniew.wait(lambda: "gd Celina /4" in zbigniew.text("#last"), "hand 1 corrected")
        other.wait(lambda: "poprawił" in news(other), "the correction told")
        told = news(other)
        assert "Zbigniew poprawił(a) rozdanie 1: gd Ania /4 → gd Celina /4" in told, told
        assert "gd Celina /4" in other.text("#last")

        # the phone that made it takes it back with "Cofnij" (for a few seconds)
        zbigniew.wait(lambda: "Cofnij" in zbigniew.text("#status"), "Cofnij offered again")
        zbigniew.tap("#status .undo-this")
        other.wait(lambda: "gd Celina /4 → gd Ania /4" in news(other), "the undo told")
        zbigniew.wait(lambda: "gd Ania /4" in zbigniew.text("#last"), "hand 1 as it was")
        other.fits()
        other.js("window.scrollTo(0, 0)")
        other.shot("01-told")

        # a phone with no name is "Inny telefon"; the sheet shows who and when
        other.type_line("zw b+d 78")
        other.wait_recorded(2)
        told = zbigniew.wait(lambda: news(zbigniew), "the other phone's hand told")
        assert "Inny telefon zapisał rozdanie 2: zw Bartek+Darek 78" in told, told
        zbigniew.tap('[role=tab][data-panel="sheet"]')
        zbigniew.wait(lambda: "Zbigniew: poprawione" in zbigniew.text("#sheet"), "the sheet")
        sheet = zbigniew.text("#sheet")
        assert "Zbigniew: zapisane" in sheet and "telefon: zapisane" in sheet, sheet
        other.tap('[role=tab][data-panel="sheet"]')
        other.wait(lambda: "ten telefon: zapisane" in other.text("#sheet"), "its own hand")
        zbigniew.fits()
        zbigniew.shot("03-sheet", at="#panel-sheet")
    finally:
        zbigniew.close()
        other.close()
    assert hands_in(ledger) == ["gd Ania /4", "zw Bartek+Darek 78"]


def test_the_same_hand_on_two_phones_and_the_help(served: tuple[Server, Path], shots: Path) -> None:
    server, ledger = served
    first = Phone("first", server.url, shots)
    second = Phone("second", server.url, shots)
    try:
        named(first, "Łucja")
        first.type_line("zw b+d 78")
        first.wait_recorded(1)
        second.wait(lambda: second.hands_shown() == [1], "the first phone's hand")
        second.type_line("zw b+d 78")
        second.wait(second.asking, "the question")
        question = second.text("#question-text")
        assert question.startswith("Ten sam wynik właśnie zapisał inny telefon"), question
        assert second.js("return document.activeElement.id") == "question-no"  # the default
        second.shot("04-same-hand")
        second.tap("#question-no")
        second.wait(lambda: "Nic nie zapisano" in second.text("#status"), "nothing recorded")
        time.sleep(1)
        assert second.hands_shown() == [1]

        # help: typed `pomoc`, in Polish, with the table's own example and placeholder
        assert second.js("return document.getElementById('hand').placeholder") == (
            "zw Ania+Celina 61 k"
        )
        helped = "return !document.getElementById('panel-help').hidden"
        second.type_line("pomoc")
        second.wait(lambda: second.js(helped), "the help typed")
        assert "Zapis rozdania w skrócie" in second.text("#panel-help")
        assert second.field() == ""
        second.fits()
        second.shot("05-help", at="#panel-help")
        second.tap('[role=tab][data-panel="sheet"]')  # another panel closes it …
        assert not second.js(helped)
        second.tap("#help-open")  # … and the header's "?" opens it again
        second.wait(lambda: second.js(helped), "the help tapped")
    finally:
        first.close()
        second.close()
    assert hands_in(ledger) == ["zw Bartek+Darek 78"]
