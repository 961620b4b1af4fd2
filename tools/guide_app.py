"""Make the screenshots of the guides' chapter "On one phone" (docs/img/app/, in Polish and
English): the app built (`baska app`, the runtime from the cache or npm), served by
`python -m http.server` on 127.0.0.1, a headless Chromium phone at 360 x 740 (tests/appkit.py)
that starts an evening from four names, scores its four deals, opens it again with the
server gone, and shows the list of evenings with the export. Run from the repository:
python tools/guide_app.py [FOLDER [LANG…]] (default docs/img/app, pl and en)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baska_cli.webapp.build import build  # noqa: E402
from tests.appkit import AppPhone, runtime_for_tests, served  # noqa: E402
from tests.phonekit import missing  # noqa: E402

NAMES = ["Łucja", "Żaneta", "Zbigniew", "Ścibor"]
TITLE = {"pl": "Wtorek u Łucji", "en": "Tuesday at Łucja's"}
HANDS = ["zw Ł+Zb 70", "ci Ż 66", "gr Zb 61 k:Ł", "zw Ż+Ś 53"]
LANGUAGES = ("pl", "en")
# the screenshots each language gets, in the order made (NN-what.png)
SHOTS = ("01-new", "02-hand", "03-offline", "04-end", "05-evenings")


def shot(phone: AppPhone, out: Path, lang: str, label: str) -> Path:
    time.sleep(0.3)
    path = out / f"{lang}-{label}.png"
    phone.driver.save_screenshot(str(path))
    return path


def evening(folder: str, lang: str, out: Path) -> list[Path]:
    made = []
    with served(folder) as server, tempfile.TemporaryDirectory() as profile:
        phone = AppPhone("guide", server.address + f"?lang={lang}", out, lang, profile)
        try:
            phone.theme("light")
            phone.offline_kept()
            for seat, name in enumerate(NAMES, 1):
                phone.driver.find_element("id", f"app-seat-{seat}").send_keys(name)
            phone.driver.find_element("id", "app-title-field").send_keys(TITLE[lang])
            deals = phone.driver.find_element("id", "app-deals")
            deals.clear()
            deals.send_keys("4")
            phone.js("window.scrollTo(0, 0)")
            made.append(shot(phone, out, lang, SHOTS[0]))
            phone.tap("#app-start")
            phone.wait(lambda: phone.js("return !!document.getElementById('hand')"), "table", 60)
            phone.ready()
            for number, line in enumerate(HANDS[:2], 1):
                phone.type_hand(line)
                phone.settled(number)
            made.append(shot(phone, out, lang, SHOTS[1]))
            server.stop()  # (no network: the phone in airplane mode)
            phone.driver.refresh()
            phone.ready()
            phone.type_hand(HANDS[2])
            phone.settled(3)
            made.append(shot(phone, out, lang, SHOTS[2]))
            phone.type_hand(HANDS[3])
            phone.settled(4)
            phone.wait(lambda: phone.js("return !document.getElementById('end').hidden"), "the end")
            phone.wait(
                lambda: phone.js("return !!document.querySelector('#end-chart svg')"), "chart"
            )
            phone.js("document.getElementById('end').scrollIntoView({block: 'start'})")
            phone.js("window.scrollBy(0, -document.querySelector('header.top').offsetHeight)")
            made.append(shot(phone, out, lang, SHOTS[3]))
            phone.tap(".app-home-link")
            phone.ready()
            phone.js("window.scrollTo(0, 0)")
            made.append(shot(phone, out, lang, SHOTS[4]))
        finally:
            phone.close()
    return made


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img" / "app"
    languages = sys.argv[2:] or list(LANGUAGES)
    why = missing()
    found, no_runtime = runtime_for_tests()
    if why or found is None:
        sys.exit(why or no_runtime)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as where:
        folder = str(Path(where) / "baska-app")
        build(folder, found)
        for lang in languages:
            for path in evening(folder, lang, out):
                print(path)


if __name__ == "__main__":
    main()
