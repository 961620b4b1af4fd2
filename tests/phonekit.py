"""A phone at the table for the browser tests: Debian's headless Chromium at 360 x 740
(mobile metrics), driven by Selenium through /usr/bin/chromedriver, on the table page."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 360, 740


def missing() -> str | None:
    """Why a browser test cannot run here, or None."""
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


class Browser:
    """One headless Chromium window of `size` on the page at `address`, in `lang`, with
    screenshots saved in `shots`: reading, waiting, tapping. Its profile (--user-data-dir) is
    a new folder removed when it closes, or `profile`, kept: a browser opened again on it
    finds the page's storage as the last one left it. `font`: Chromium's default font size
    in px (16; 32 is a phone's large text at 200 %)."""

    pause = 0.05  # seconds between two looks while waiting

    def __init__(
        self,
        name: str,
        address: str,
        shots: Path,
        size: tuple[int, int],
        lang: str,
        profile: str | None = None,
        font: int | None = None,
    ) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.name, self.shots, self.width = name, shots, size[0]
        self.kept = profile is not None
        self.profile = profile or tempfile.mkdtemp(prefix=f"baska-chromium-{name}-")
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
            f"--window-size={size[0]},{size[1]}",
            f"--lang={lang}",
        ):
            options.add_argument(flag)
        prefs: dict[str, Any] = {}
        if lang == "pl":
            prefs["intl.accept_languages"] = "pl-PL,pl"
        if font is not None:
            prefs["webkit.webprefs.default_font_size"] = font
        if prefs:
            options.add_experimental_option("prefs", prefs)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 800},
        )
        self.driver.get(address)

    def theme(self, scheme: str) -> None:
        """The phone's colour scheme: "light" or "dark" (prefers-color-scheme)."""
        features = [{"name": "prefers-color-scheme", "value": scheme}]
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def text(self, selector: str) -> str:
        """The element's text as shown (innerText: CSS capitals and all)."""
        script = "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''"
        return str(self.js(script, selector))

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
            time.sleep(self.pause)

    def fits(self) -> None:
        width = self.js("return document.documentElement.scrollWidth")
        assert width <= self.width, (
            f"{self.name}: the page is {width} px wide, more than {self.width}"
        )

    def shot(self, label: str, at: str = "") -> Path:
        """A screenshot of the window (scrolled first to the element `at`, if given)."""
        if at:
            self.js("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", at)
            time.sleep(0.2)
        path = self.shots / f"{self.name}-{label}.png"
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path

    def tap(self, selector: str) -> None:
        """A tap on what `selector` finds now: found again if the page has just drawn it anew
        (a list re-rendered by news between the finding and the tap), as a person's eye would."""
        from selenium.common.exceptions import (
            ElementNotInteractableException,
            StaleElementReferenceException,
        )

        for attempt in range(3):
            element = self.driver.find_element("css selector", selector)
            try:
                self.js("arguments[0].scrollIntoView({block: 'center'})", element)
                element.click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise
                time.sleep(self.pause)
            except ElementNotInteractableException:
                self.shot("not-interactable-" + re.sub(r"\W+", "-", selector))
                box = (
                    "const r = arguments[0].getBoundingClientRect();"
                    "const s = getComputedStyle(arguments[0]);"
                    "return [r.x, r.y, r.width, r.height, s.visibility, s.display]"
                )
                print(f"{self.name}: {selector} not interactable: {self.js(box, element)}")
                raise

    def close(self) -> None:
        """The browser quit (as a player closes it); its profile removed unless kept."""
        self.driver.quit()
        if not self.kept:
            shutil.rmtree(self.profile, ignore_errors=True)

    def kill(self) -> None:
        """The browser SIGKILLed, as Android kills a browser in the background or a phone
        dies: every Chromium process of this profile at once, no page event, no clean-up
        (then its driver); its profile stays for a browser opened again on it."""
        mine = f"--user-data-dir={self.profile}".encode()
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                    arguments = cmdline.read().split(b"\0")
            except OSError:
                continue
            if mine in arguments:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)
        service = self.driver.service.process
        if service is not None:
            service.kill()
            service.wait(10)


class Phone(Browser):
    """A window the size of a phone, in Polish, on the table page."""

    def __init__(
        self,
        name: str,
        address: str,
        shots: Path,
        profile: str | None = None,
        font: int | None = None,
    ) -> None:
        super().__init__(name, address, shots, (WIDTH, HEIGHT), "pl", profile, font)
        self.wait(lambda: "rozdaje" in self.text("#turn").lower(), "the turn words")

    # --- reading -----------------------------------------------------------------------------

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

    # --- doing -------------------------------------------------------------------------------

    def tap_keys(self, taps: list[str]) -> None:
        kinds = {"c": "contract", "p": "seat", "d": "digit", "k": "contra", "f": "flag"}
        for tap in taps:
            kind, value = tap.split(":", 1)
            self.tap(f'button[data-{kinds[kind]}="{value}"]')

    def type_line(
        self,
        text: str,
        before_enter: Callable[[], None] = lambda: None,
        clear: bool = True,
        preview: bool = True,
    ) -> None:
        """`text` typed into the hand's field (after what it holds, if not `clear`), then Enter
        once its preview is shown (`preview`: waited for)."""
        from selenium.webdriver.common.keys import Keys

        field = self.driver.find_element("id", "hand")
        if clear:
            field.clear()
        field.send_keys(text)
        if preview:
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

    def type_pin(self, pin: str) -> None:
        """A player's PIN on the confirmation's keys (shown after Agree or Disagree), sent."""
        self.wait(lambda: self.js("return !document.getElementById('pin').hidden"), "the PIN pad")
        for digit in pin:
            self.tap(f'#pin button[data-pin="{digit}"]')
        self.tap('#pin button[data-pin="ok"]')

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

    def live(self) -> bool:
        """Whether the badge says the page hears the server."""
        return "on" in str(self.js("return document.getElementById('live').className"))

    def waiting(self) -> str:
        """What the outbox shows as waiting to be sent ("" when nothing waits)."""
        return str(
            self.js(
                "const box = document.getElementById('outbox');"
                "return box && !box.hidden ? box.innerText : ''"
            )
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
