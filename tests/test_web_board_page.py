"""The projector's page in a real browser: Debian's headless Chromium at 1920 × 1080, driven
by Selenium, on `baska serve DIR` of a 400-player tournament (full names, some long; clubs,
100 teams, 3 categories). The text fits (no scrolling, no name cut), the pages turn, the
teams and a category come in the rotation, and a result written by the CLI is on the screen
within a few seconds. Screenshots are saved (their paths printed) to be looked at."""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from baska_cli.tournament import folder
from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.rounds import service as rounds
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.phonekit import CHROMIUM, DRIVER, missing

pytestmark = pytest.mark.slow

WIDTH, HEIGHT = 1920, 1080
LONG, roster = kit.LONG, kit.roster


def sheet(t: Tournament, number: int, table: int, rng: random.Random) -> TableResult:
    members = t.draws[number - 1].tables[table - 1]
    totals = [rng.randrange(-60, 61) for _ in range(3)]
    return TableResult(number, table, members, (*totals, -sum(totals)))


@pytest.fixture
def tournament(tmp_path: Path) -> str:
    """400 players: round 1 all in, round 2 drawn with 60 of its 100 tables in."""
    path = kit.new_by_service(tmp_path, roster(400), file="players.csv", rounds=5, seed="26")
    rng = random.Random(5)
    rounds.draw_next(path, kit.pages)
    rounds.draw_next(path, kit.pages, anyway=True)  # (round 1 entered below)
    t = folder.load(path)
    sheets = [sheet(t, 1, n, rng) for n in range(1, 101)]
    sheets += [sheet(t, 2, n, rng) for n in range(1, 61)]
    with folder.lock(path):
        folder.save_results(t, sheets)
    return path


@pytest.fixture
def served(tournament: str) -> Iterator[str]:
    """`baska serve DIR` on 127.0.0.1 (a free port): the standings' link."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    process = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "serve", tournament, "--port", "0", "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert process.stdout is not None
    link = ""
    for line in process.stdout:
        if line.startswith("standings: "):
            link = line.split()[1]
            break
    try:
        assert link, f"baska serve did not start: {process.stderr.read() if process.stderr else ''}"
        yield link
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)


class Screen:
    """A headless Chromium window the size of a projector's picture."""

    def __init__(self, shots: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.shots = shots
        self.profile = tempfile.mkdtemp(prefix="baska-chromium-projector-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--no-first-run", "--disable-background-networking", "--hide-scrollbars",
                 f"--user-data-dir={self.profile}", f"--window-size={WIDTH},{HEIGHT}"]  # fmt: skip
        for flag in flags:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        )

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def text(self, selector: str) -> str:
        return str(self.js("return document.querySelector(arguments[0]).innerText", selector))

    def wait(self, ready: Callable[[], Any], what: str, timeout: float = 20) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            got = ready()
            if got:
                return got
            if time.monotonic() > deadline:
                self.shot("timeout-" + re.sub(r"\W+", "-", what))
                raise AssertionError(f"waited {timeout} s for {what}: {self.console()}")
            time.sleep(0.1)

    def console(self) -> list[Any]:
        return list(self.driver.get_log("browser"))

    def open(self, link: str) -> None:
        self.driver.get(link)
        self.wait(lambda: self.js("return live.classList.contains('on')"), "the live mark")
        self.wait(lambda: self.rows(), "the lines")

    def rows(self) -> list[list[str]]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#columns tbody tr')]"
                ".map(tr => [...tr.children].map(td => td.innerText))"
            )
        )

    def fits(self, label: str) -> None:
        """No scrolling either way; no name wider than its cell (a club may be cut)."""
        size = self.js("const d = document.documentElement; return [d.scrollWidth, d.scrollHeight]")
        assert size == [WIDTH, HEIGHT], f"{label}: the page is {size}, not {WIDTH} × {HEIGHT}"
        cut = self.js(
            "return [...document.querySelectorAll('#columns td:not(.club), .bar > *')]"
            ".filter(e => e.scrollWidth > e.clientWidth).map(e => e.innerText)"
        )
        assert cut == [], f"{label}: cut: {cut}"
        bottom = self.js(
            "return Math.max(...[...document.querySelectorAll('#columns tbody')]"
            ".map(b => b.getBoundingClientRect().bottom))"
        )
        footer = self.js("return document.querySelector('footer').getBoundingClientRect().top")
        assert bottom <= footer, f"{label}: the lines run under the footer"

    def shot(self, label: str) -> Path:
        path = self.shots / f"projector-{label}.png"
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def test_the_projector_shows_400_players_live(served: str, tournament: str) -> None:
    shots = Path(tempfile.mkdtemp(prefix="baska-projector-shots-"))
    print(f"screenshots in {shots}")
    screen = Screen(shots)
    try:
        screen.open(served + "?every=4")
        assert screen.text("#view") == "Standings"
        assert screen.text("#round") == "round 2 of 5 in play · 60 of 100 tables in"
        first = screen.rows()
        assert len(first) >= 10, "a screenful is at least ten lines"
        assert [row[0] for row in first[:3]] == ["1", "2", "3"]
        assert all(re.fullmatch(r"[▲▼]\d+|=|new|", row[1]) for row in first)
        pages = int(screen.text("#page").rsplit(" ", 1)[1])
        assert screen.text("#page") == f"page 1 of {pages}" and pages * len(first) >= 400
        screen.fits("the first page")
        screen.shot("1-first-page")

        screen.wait(lambda: screen.text("#page").startswith("page 2 of "), "page 2")
        second = screen.rows()
        assert second[0][0] != "1" and second[0] != first[0]
        screen.fits("the second page")
        screen.shot("2-second-page")

        members = folder.load(tournament).draws[1].tables[60]
        entries = [f"{n}={t:+d}" for n, t in zip(members, (60, 20, -20, -60), strict=True)]
        assert invoke("tournament", "result", tournament, "2", "61", *entries).exit_code == 0
        screen.wait(
            lambda: "61 of 100 tables in" in screen.text("#round"),
            "the result written by the CLI",
        )
        screen.shot("3-after-a-result")

        screen.open(served + "?view=teams&every=60")
        assert screen.text("#view") == "Teams" and len(screen.rows()[0]) == 5
        screen.fits("the teams")
        screen.shot("4-teams")
        screen.open(served + "?view=category&every=60&lang=pl")
        assert screen.text("#view") == "Kategoria M"
        assert screen.text("#round") == "runda 2 z 5 trwa · stoły z wynikiem: 61 z 100"
        screen.fits("a category")
        screen.shot("5-category-pl")

        long_name = screen.js(
            "return fetch('/api/v1/board').then(r => r.json()).then(b => "
            "b.standings.findIndex(l => l.name === arguments[0]))",
            LONG,
        )
        rows_per_page = len(first)
        page = long_name // rows_per_page + 1  # (about: a screen holds fewer lines where a
        for near in (page, page - 1, page + 1):  # long name takes two)
            screen.open(served + f"?page={near}&every=60")  # (the script starts at that page)
            if any(LONG in row for row in screen.rows()):
                break
        assert any(LONG in row for row in screen.rows()), "the longest name"
        screen.fits("the longest name")
        screen.shot("6-longest-name")
        errors = [e for e in screen.console() if e.get("level") == "SEVERE"]
        assert errors == [], errors
    finally:
        screen.close()
