"""Entry without surprises on the table page, in a real browser (Debian's Chromium at
360 x 740, in Polish, driven by Selenium) against a real `baska serve`: a zwykła tapped in
five taps shows no red text until it is complete (what it lacks is said in grey); a player
tapped after "k" names the contra's caller; "⌫" takes back the last tap; in "Correct the
last" the contracts and players can be tapped; "Correct" on an older hand and then a digit
replaces its points (8 after 78 is 8, not 788); a hand's row looks tappable and opens."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.phonekit import Phone, missing
from tests.servekit import Server, new_ledger

pytestmark = pytest.mark.slow

# every red the preview shows from now on, kept (a red that flashes by counts too)
WATCH_RED = """
window.reds = [];
const box = document.getElementById('preview');
new MutationObserver(() => {
  const red = box.classList.contains('error') || box.querySelector('.error');
  if (red) window.reds.push(box.innerText);
}).observe(box, {attributes: true, childList: true, subtree: true, characterData: true});
"""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A real `baska serve` on 127.0.0.1 over a new 16-deal ledger: its link."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    server = Server(new_ledger(tmp_path), "--lang", "en")  # the phone asks for Polish
    try:
        yield server.url
    finally:
        server.stop()


def previewed(phone: Phone, words: str) -> str:
    """The preview once it says `words` (the server answered the field as it is now)."""
    return str(
        phone.wait(lambda: words in phone.text("#preview") and phone.text("#preview"), words)
    )


def test_entry_without_surprises(served: str) -> None:
    shots = Path(tempfile.mkdtemp(prefix="baska-entry-shots-"))
    print(f"screenshots in {shots}")
    phone = Phone("entry", served, shots)
    try:
        phone.js(WATCH_RED)
        # a zwykła, tap by tap: what is missing, in grey, until it is complete
        phone.tap_keys(["p:1"])
        assert phone.field() == "zw Ania "  # (one player for zwykła is no mistake yet)
        previewed(phone, "brakuje: partner")
        assert "partial" in phone.js("return document.getElementById('preview').className")
        grey = "return getComputedStyle(document.querySelector('#preview .missing')).color"
        assert phone.js(grey) == "rgb(79, 79, 79)"
        phone.shot("01-one-player")
        phone.tap_keys(["p:3"])
        previewed(phone, "brakuje: oczka (0–104)")
        phone.tap_keys(["d:6"])  # on the way to 61
        assert phone.field() == "zw Ania+Celina 6"
        previewed(phone, "brakuje: oczka")
        phone.shot("02-six")
        phone.tap_keys(["d:1"])
        previewed(phone, "→ zw Ania+Celina 61")
        assert phone.js("return window.reds") == []

        # a named contra: "k", then the player who called it
        phone.tap_keys(["k:k", "p:2"])
        assert phone.field() == "zw Ania+Celina 61 k:Bartek"
        previewed(phone, "zw Ania+Celina 61 k:Bartek")
        phone.shot("03-named-contra")
        # "⌫" takes back the last tap: the caller, the contra, then the digit 1
        label = phone.js("return document.getElementById('backspace').getAttribute('aria-label')")
        assert label == "Cofnij ostatnie stuknięcie"
        phone.tap("#backspace")
        assert phone.field() == "zw Ania+Celina 61 k"
        phone.tap("#backspace")
        assert phone.field() == "zw Ania+Celina 61"
        phone.tap("#backspace")
        assert phone.field() == "zw Ania+Celina 6"
        phone.tap_keys(["d:1", "k:k", "p:2"])
        phone.record()
        phone.wait_recorded(1)
        assert "zw Ania+Celina 61 k:Bartek" in phone.text("#last")
        assert phone.js("return window.reds") == []

        # "Correct the last": the contracts and the players can be tapped
        phone.tap("#correct-last")
        assert "wpisz albo wybierz" in phone.text("#mode-text")
        usable = (
            "return [...document.querySelectorAll('.contract, .chip')].every(b => "
            "!b.disabled && getComputedStyle(b).pointerEvents !== 'none' && "
            "getComputedStyle(b).opacity === '1')"
        )
        assert phone.js(usable)
        phone.tap_keys(["c:zo"])
        assert phone.field() == "+zo"
        previewed(phone, "brakuje: gracz")
        phone.tap_keys(["p:1"])
        assert phone.field() == "+zo Ania"
        previewed(phone, "zo Ania 61 k:Bartek")
        phone.shot("04-correcting-the-last")
        phone.tap("#mode-cancel")
        assert phone.field() == ""

        phone.type_line("zw b+d 78")
        phone.wait_recorded(2)

        # an older hand's row: at least 48 px, with a sign that it opens; "Correct" and a digit
        row = '#last li[data-number="1"] .head'
        assert phone.js(f"return document.querySelector('{row}').offsetHeight") >= 48
        sign = f"return getComputedStyle(document.querySelector('{row}'), '::after').content"
        assert phone.js(sign) == '"▾"'  # (a sign that it opens)
        assert phone.js(
            f"return document.querySelector('{row}').getAttribute('aria-expanded')"
        ) == ("false")
        phone.tap(row)
        assert phone.js(
            f"return document.querySelector('{row}').getAttribute('aria-expanded')"
        ) == ("true")
        phone.shot("05-a-row-opened", at=".recent h2")
        phone.tap('#last li[data-number="1"] .actions button')
        assert phone.field() == "zw Ania+Celina 61 k:Bartek"
        assert "fresh" in phone.js("return document.getElementById('hand').className")
        phone.shot("06-correcting-hand-1")
        phone.tap_keys(["d:8"])
        assert phone.field() == "zw Ania+Celina 8 k:Bartek"  # not 618
        previewed(phone, "→ zw Ania+Celina 8 k:Bartek")  # (8 card points can be taken)
        phone.tap_keys(["d:0"])
        assert phone.field() == "zw Ania+Celina 80 k:Bartek"
        previewed(phone, "→ zw Ania+Celina 80 k:Bartek")
        phone.record()
        phone.wait(phone.asking, "the correction asked first")
        phone.shot("07-asked")
        phone.tap("#question-yes")
        phone.wait(lambda: "zw Ania+Celina 80 k:Bartek" in phone.text("#last"), "hand 1 corrected")
        assert phone.field() == ""
        assert phone.js("return window.reds") == []
        phone.fits()
    finally:
        phone.close()
