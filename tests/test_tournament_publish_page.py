"""The published pages on a phone: Debian's headless Chromium at 360 px wide (mobile
metrics, driven by Selenium), the standings, a round and a table's sheet of long Polish
names — nothing scrolls sideways, nothing runs, and screenshots are saved (their paths
printed) to be looked at."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.phonekit import CHROMIUM, DRIVER, WIDTH, missing

pytestmark = pytest.mark.slow
A4 = 718  # px: an A4 portrait page within 10 mm margins (210 − 2 × 10 mm at 96 dpi)

PLAYERS = """\
name,club,team,category
Grzegorz Brzęczyszczykiewicz,Chrząszczyrzewoszyce,Orły,M
Konstanty Ildefons Gałczyński,Szczebrzeszyn,Orły,M
Agnieszka Wiśniewska-Kołodziejczyk,Puck,Orły,K
Żaneta Łęcka,Hel,Orły,K
Bartłomiej Przybyszewski,Puck,Sokoły,M
Celina Szczęśniak,Hel,Sokoły,K
Dariusz Wojciechowski,Lębork,Sokoły,M
Halina Kwiatkowska,Lębork,Sokoły,K
"""


def _tournament(tmp_path: Path) -> Path:
    """A round of two tables: one played in its ledger (a hand amended, one voided), one
    from a paper sheet; published into `web`."""
    path = kit.drawn(tmp_path, PLAYERS, rounds=3, deals=8, rules="plb", seed="5", file="gracze.csv")
    ledger = str(tmp_path / "liga" / "r1" / "t1.csv")
    hands = ["zw 1+3 61", "zw 2+4 70", "zw 1+2 64", "zw 3+4 80", "zw 1+4 61", "zw 2+3 75"]
    for hand in [*hands, "zw 1+3 66", "zw 2+4 61"]:
        assert invoke("score", "-l", ledger, *hand.split()).exit_code == 0, hand
    assert invoke("amend", ledger, "2", "zw", "2+4", "75").exit_code == 0
    assert invoke("void", ledger, "4").exit_code == 0
    kit.result(path, 1, 2, "1=+40", "2=-12", "3=-8", "4=-20")
    out = tmp_path / "web"
    done = invoke("--lang", "pl", "tournament", "publish", path, str(out))
    assert done.exit_code == 0, done.stderr
    return out


def test_the_published_pages_fit_a_phone(tmp_path: Path) -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    out = _tournament(tmp_path)
    shots = Path(tempfile.mkdtemp(prefix="baska-publish-shots-"))
    print(f"screenshots in {shots}")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='baska-chromium-publish-')}",
                 f"--window-size={WIDTH},740"):  # fmt: skip
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        for name in ("index.html", "r1.html", "r1/t1.html", "r1/t2.html"):
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": WIDTH, "height": 740, "deviceScaleFactor": 1, "mobile": True},
            )
            driver.get((out / name).as_uri())
            assert driver.execute_script("return document.documentElement.lang") == "pl"
            wide, inner = driver.execute_script(
                "return [document.scrollingElement.scrollWidth, window.innerWidth]"
            )
            assert inner == WIDTH
            assert wide <= inner, f"{name}: {wide} px wide on a {inner} px phone"
            inside = driver.execute_script(
                "return [...document.querySelectorAll('.wide')]"
                ".filter(e => e.scrollWidth > e.clientWidth).length"
            )
            assert inside == 0, f"{name}: a list scrolls sideways within the page"
            assert driver.execute_script("return document.scripts.length") == 0
            sheet = driver.execute_script(
                "return getComputedStyle(document.querySelector('nav')).backgroundColor"
            )
            assert sheet != "rgba(0, 0, 0, 0)", f"{name}: style.css was not applied"
            tall = driver.execute_script("return document.scrollingElement.scrollHeight")
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": WIDTH, "height": min(tall, 4000), "deviceScaleFactor": 1,
                 "mobile": True},
            )  # fmt: skip
            shot = shots / (name.replace("/", "-").replace(".html", ".png"))
            driver.save_screenshot(str(shot))
            print(f"  {shot}")
        page = driver.find_element("css selector", "table.sheet").text
        assert "Grzegorz.B" in page or "Grzegorz" in page
        driver.get((out / "r1" / "t1.html").as_uri())
        rows = driver.execute_script("return document.querySelectorAll('table.sheet tbody tr')")
        assert len(rows) == 9  # 8 hands and the amended text kept
        links = driver.execute_script(
            "return [...document.querySelectorAll('a')].map(a => a.getAttribute('href'))"
        )
        assert "../index.html" in links and "../r1.html" in links
        for name in ("index.html", "r1/t1.html"):  # printed: as wide as A4 within its margins
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": A4, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
            )
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            driver.get((out / name).as_uri())
            hidden = driver.execute_script(
                "return getComputedStyle(document.querySelector('nav')).display"
            )
            wide, inner = driver.execute_script(
                "return [document.scrollingElement.scrollWidth, window.innerWidth]"
            )
            assert (hidden, inner) == ("none", A4) and wide <= inner, (name, wide)
            shot = shots / (name.replace("/", "-").replace(".html", "-print.png"))
            driver.save_screenshot(str(shot))
            print(f"  {shot}")
        for entry in driver.get_log("browser"):
            assert entry["level"] != "SEVERE", entry
    finally:
        driver.quit()
