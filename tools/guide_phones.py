"""Make the screenshots of the guides' chapter on phones (docs/img/phones/, in Polish and
English): a real `baska serve` of a new evening, two headless Chromium phones at 360 x 740
(tests/phonekit.py) playing it by taps — the phone's name, a hand tapped, a correction, the
other phone told of it, the help, a hand kept while the Wi-Fi is off, the end of the evening.
Run from the repository: python tools/guide_phones.py [FOLDER [LANG…]] (default
docs/img/phones, pl and en)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.phonekit import HEIGHT, WIDTH, Browser, Phone, missing  # noqa: E402
from tests.servekit import Server  # noqa: E402

PLAYERS = "Łucja,Żaneta,Zbigniew,Ścibor"
TITLE = "Wtorek u Łucji"
LANGUAGES = ("pl", "en")
# the screenshots each language gets, in the order made (NN-what.png)
SHOTS = (
    "01-name",
    "02-missing",
    "03-ready",
    "04-recorded",
    "05-correct",
    "06-told",
    "07-help",
    "08-outbox",
    "09-end",
    "10-sheet",
)
# the page scrolled to put an element just under the header
BELOW_HEADER = """
const element = document.querySelector(arguments[0]);
const header = document.querySelector('header.top').getBoundingClientRect().height;
window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - header - 8);
"""


class GuidePhone(Phone):
    """A phone at 360 x 740 on the table page in `lang` (tests/phonekit.py's Phone is Polish)."""

    def __init__(self, name: str, address: str, shots: Path, lang: str) -> None:
        Browser.__init__(self, name, f"{address}?lang={lang}", shots, (WIDTH, HEIGHT), lang)
        self.lang = lang
        self.theme("light")
        self.wait(lambda: self.text("#turn").strip(), "the turn words")

    def shot(self, label: str, at: str = "") -> Path:
        """The screenshot saved as LANG-LABEL.png (the phone's name left out); `at`: the
        element shown just below the header (which stays at the top)."""
        if at:
            self.js(BELOW_HEADER, at)
            time.sleep(0.2)
        path = self.shots / f"{self.lang}-{label}.png"
        self.driver.save_screenshot(str(path))
        return path

    def top(self, label: str) -> Path:
        """A screenshot of the page's first screen."""
        self.js("window.scrollTo(0, 0)")
        time.sleep(0.2)
        return self.shot(label)

    def named(self, name: str) -> None:
        """The name asked once ("Who is entering on this phone?"), typed."""
        self.wait(lambda: not self.js("return document.getElementById('who').hidden"), "asked")
        self.driver.find_element("id", "who-name").send_keys(name)

    def name_sent(self) -> None:
        self.tap('#who button[type="submit"]')
        self.wait(lambda: self.js("return document.getElementById('who').hidden"), "the name")

    def news(self) -> str:
        shown = (
            "const box = document.getElementById('news'); return box.hidden ? '' : box.innerText;"
        )
        return str(self.js(shown))

    def preview(self, grey: bool) -> None:
        """Until the preview under the field shows what is missing (`grey`) or the hand."""
        kind = "return document.getElementById('preview').className"
        self.wait(lambda: ("partial" in self.js(kind)) == grey and self.text("#preview"), "preview")


def new_evening(folder: Path) -> str:
    """`baska new wtorek.csv` of four players, four deals, the evening's title."""
    ledger = str(folder / "wtorek.csv")
    new = [sys.executable, "-m", "baska_cli", "new", ledger, "-p", PLAYERS, "--title", TITLE]
    subprocess.run(
        [*new, "--deals", "4"],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return ledger


def evening(lang: str, out: Path) -> list[Path]:
    """One evening played on two phones in `lang`, its screenshots saved in `out`."""
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(new_evening(Path(folder)), "--lang", lang)
        lucja = GuidePhone(f"{lang}-lucja", server.url, out, lang)
        other = GuidePhone(f"{lang}-other", server.url, out, lang)
        try:
            made += play(lucja, other, server)
        finally:
            lucja.close()
            other.close()
            os.kill(server.process.pid, signal.SIGCONT)  # (asleep if the Wi-Fi part failed)
            server.stop()
    return made


def play(lucja: GuidePhone, other: GuidePhone, server: Server) -> list[Path]:
    """The evening: each screenshot taken as the guide describes it."""
    shots = []
    lucja.named("Łucja")
    shots.append(lucja.shot("01-name", at="#who"))
    lucja.name_sent()
    other.named("Zbigniew")
    other.name_sent()

    # hand 1 by taps: Łucja (a zwykła), Zbigniew her partner; then 61 and a contra by Żaneta
    lucja.tap_keys(["p:1", "p:3"])
    lucja.preview(grey=True)
    shots.append(lucja.top("02-missing"))
    lucja.tap_keys(["d:6", "d:1", "k:k", "p:2"])
    lucja.preview(grey=False)
    shots.append(lucja.top("03-ready"))
    lucja.record()
    lucja.wait_recorded(1)
    other.wait(lambda: other.hands_shown() == [1], "hand 1 on the other phone")
    shots.append(lucja.top("04-recorded"))

    # hands 2 and 3; then a contra forgotten on hand 3, corrected
    lucja.tap_keys(["p:2", "p:4", "d:7", "d:8"])
    lucja.preview(grey=False)
    lucja.record()
    lucja.wait_recorded(2)
    lucja.tap_keys(["c:gr", "p:3", "d:6", "d:8"])
    lucja.preview(grey=False)
    lucja.record()
    lucja.wait_recorded(3)
    lucja.tap("#correct-last")
    lucja.tap_keys(["k:k"])
    lucja.preview(grey=False)
    lucja.record()
    lucja.wait(lucja.asking, "the correction's question")
    shots.append(lucja.top("05-correct"))
    lucja.tap("#question-yes")
    lucja.wait(lambda: "68 k" in lucja.text("#last"), "hand 3 corrected")

    # the other phone is told in words; then its help ("?")
    other.wait(lambda: "→" in other.news(), "the correction told")
    shots.append(other.top("06-told"))
    other.tap("#news-close")
    other.tap("#help-open")
    other.wait(lambda: other.js("return !document.getElementById('panel-help').hidden"), "help")
    shots.append(other.shot("07-help", at="#panel-help"))

    # the last deal with the Wi-Fi off (the phone offline, the server heard no more): kept
    # on the phone, sent as soon as the server answers again
    os.kill(server.process.pid, signal.SIGSTOP)
    lucja.online(False)
    lucja.wait(lambda: not lucja.live(), "the badge off")
    lucja.tap_keys(["p:1", "p:4", "d:7", "d:0"])  # (no preview: the server is out of reach)
    lucja.record()
    lucja.wait(lucja.waiting, "the outbox")
    lucja.wait(lambda: lucja.text("#status").strip(), "the words under Record")
    shots.append(lucja.top("08-outbox"))
    os.kill(server.process.pid, signal.SIGCONT)
    lucja.online(True)
    lucja.wait(lambda: lucja.js("return !document.getElementById('end').hidden"), "the end")
    lucja.wait(lambda: lucja.text("#end-payments").strip(), "who pays whom")
    lucja.wait(
        lambda: lucja.js("return document.querySelectorAll('#end-chart svg polyline').length"),
        "the chart",
    )
    shots.append(lucja.shot("09-end", at="#end"))
    # the sheet: every hand, who changed it and when
    lucja.tap('[role=tab][data-panel="sheet"]')
    lucja.wait(lambda: lucja.text("#sheet").count("Łucja:") >= 4, "the sheet with who")
    shots.append(lucja.shot("10-sheet", at="#panel-sheet"))
    return shots


def main() -> None:
    reason = missing()
    if reason:
        sys.exit(f"guide_phones: {reason}")
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img" / "phones"
    out.mkdir(parents=True, exist_ok=True)
    for lang in sys.argv[2:] or LANGUAGES:
        evening(lang, out)
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
