"""The table page of `baska serve` in a real browser: Debian's Chromium, headless, driven by
Selenium through /usr/bin/chromedriver, from two phone-sized windows (360 x 740) at once.

A 16-deal evening is entered by tapping in one window and by typing in the other; a hand is
corrected; the guards come back as questions; both windows show the same sheet, the page
never scrolls sideways, and screenshots are saved (their paths printed) to be looked at."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 360, 740
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _needs() -> str | None:
    """Why the test cannot run here, or None."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        return f"needs Debian's chromium and chromium-driver ({CHROMIUM}, {DRIVER})"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs selenium (the dev extras)"
    try:
        import baska_cli.web.app  # noqa: F401
    except ImportError as error:
        return f"needs the web server's dependencies ({error})"
    return None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A real `baska serve` on 127.0.0.1 over a new 16-deal ledger: its table address."""
    reason = _needs()
    if reason:
        pytest.skip(reason)
    ledger = tmp_path / "evening.csv"
    baska = [sys.executable, "-m", "baska_cli"]
    subprocess.run(
        [*baska, "new", str(ledger), "--players", ",".join(PLAYERS), "--deals", "16"],
        check=True,
        capture_output=True,
    )
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [*baska, "serve", str(ledger), "--host", "127.0.0.1", "--port", str(port), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        address = None
        started = time.monotonic()
        seen = []
        while address is None and time.monotonic() - started < 30:
            line = server.stdout.readline()
            if not line:
                break
            seen.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+/t/\S+)", line)
            if found:
                address = found.group(1)
        assert address, "baska serve printed no table address:\n" + "".join(seen)
        _wait_for_port(port)
        yield address, ledger
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port}")


class Phone:
    """One headless Chromium window the size of a phone, on the table page."""

    def __init__(self, name: str, address: str, shots: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.name = name
        self.shots = shots
        self.profile = tempfile.mkdtemp(prefix=f"baska-chromium-{name}-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={self.profile}",
            f"--window-size={WIDTH},{HEIGHT}",
            "--lang=pl",
        ):
            options.add_argument(flag)
        options.add_experimental_option("prefs", {"intl.accept_languages": "pl-PL,pl"})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
        )
        self.driver.get(address)
        self.wait(lambda: "rozdaje" in self.text("#turn").lower(), "the turn words")

    # --- reading and waiting -----------------------------------------------------------------

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def text(self, selector: str) -> str:
        return str(
            self.js(
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''",
                selector,
            )
        )

    def wait(self, ready: Callable[[], Any], what: str, timeout: float = 10) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            got = ready()
            if got:
                return got
            if time.monotonic() > deadline:
                self.shot("timeout-" + re.sub(r"\W+", "-", what))
                for entry in self.driver.get_log("browser"):
                    print(f"{self.name} console: {entry}")
                raise AssertionError(f"{self.name}: waited {timeout} s for {what}")
            time.sleep(0.05)

    def hands_shown(self) -> list[int]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#last li.hand')]"
                ".map(li => Number(li.dataset.number))"
            )
        )

    def totals(self) -> list[int]:
        return [
            int(t)
            for t in self.js(
                "return [...document.querySelectorAll('#totals .points')].map(e => e.textContent)"
            )
        ]

    def sheet(self) -> list[str]:
        """The sheet's hands as shown: number, text, the texts replaced, changes, totals."""
        return list(
            self.js(
                "return [...document.querySelectorAll('#sheet li.hand')].map(li => "
                "[li.querySelector('.head'), ...li.querySelectorAll('.replaced, .cells')]"
                ".map(e => e.innerText).join(' | '))"
            )
        )

    def fits(self) -> None:
        width = self.js("return document.documentElement.scrollWidth")
        assert width <= WIDTH, f"{self.name}: the page is {width} px wide, more than {WIDTH}"

    def shot(self, label: str, at: str = "") -> Path:
        """A screenshot of the window (scrolled first to the element `at`, if given)."""
        if at:
            self.js("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", at)
            time.sleep(0.2)
        path = self.shots / f"{self.name}-{label}.png"
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path

    # --- doing -------------------------------------------------------------------------------

    def tap(self, selector: str) -> None:
        element = self.driver.find_element("css selector", selector)
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def tap_keys(self, taps: list[str]) -> None:
        kinds = {"c": "contract", "p": "seat", "d": "digit", "k": "contra", "f": "flag"}
        for tap in taps:
            kind, value = tap.split(":", 1)
            self.tap(f'button[data-{kinds[kind]}="{value}"]')

    def type_line(self, text: str, before_enter: Callable[[], None] = lambda: None) -> None:
        from selenium.webdriver.common.keys import Keys

        field = self.driver.find_element("id", "hand")
        field.clear()
        field.send_keys(text)
        self.wait(lambda: self.text("#preview").strip(), f"the preview of {text!r}")
        before_enter()
        field.send_keys(Keys.ENTER)

    def online(self, up: bool) -> None:
        """The phone's connection lost (False) or back (True)."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": not up, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )

    def record(self) -> None:
        self.tap("#record")

    def field(self) -> str:
        return str(self.js("return document.getElementById('hand').value"))

    def wait_recorded(self, number: int) -> None:
        """Until this phone's own write is answered (the page settled before the next taps)."""
        self.wait(
            lambda: (
                "ok" in self.js("return document.getElementById('status').className")
                and str(number) in self.text("#status")
                and not self.js("return document.getElementById('record').disabled")
            ),
            f"hand {number} recorded",
        )

    def status_class(self) -> str:
        return str(self.js("return document.getElementById('status').className"))

    def asking(self) -> bool:
        return bool(self.js("return !document.getElementById('question').hidden"))

    def answer_question(self, shot: str = "") -> str:
        self.wait(self.asking, "a question")
        message = self.text("#question-text")
        if shot:
            self.shot(shot)
        self.tap("#question-yes")
        return message

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def test_an_evening_from_two_phones(served: tuple[str, Path]) -> None:
    address, ledger = served
    shots = Path(tempfile.mkdtemp(prefix="baska-page-shots-"))
    print(f"screenshots in {shots}")
    tapper = Phone("tapping", address, shots)
    typist = Phone("typing", address, shots)
    try:
        tapper.fits()
        tapper.shot("00-start")
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
        typist.tap_keys(["d:/"])  # nothing: a second "/" does not fit the points
        typist.tap("#backspace")
        typist.tap_keys(["d:4"])
        assert typist.field() == "gd Ania /4"
        typist.wait(lambda: "gd Ania /4" in typist.text("#preview"), "the preview of gd Ania /4")
        typist.shot("17-amending-hand-9")
        typist.record()
        assert "30" in typist.answer_question("17-asked")  # its stake changes from 60 to 30
        typist.shot("17-amended-hand-9")
        for phone in (tapper, typist):
            phone.wait(lambda p=phone: p.totals() == FINAL_TOTALS, "the final totals")

        # the guards: the same hand twice asks; past the plan asks; both can be said no to
        tapper.type_line("zw b+d 104/4 kr")
        tapper.wait(tapper.asking, "the question: the same hand again?")
        tapper.shot("18-a-question")
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

        # the end of the evening: final table, settlement, stats
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
