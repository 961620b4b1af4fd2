"""The app for one phone in the browser tests (`baska app`): the Pyodide runtime got through
the project's own code (webapp/runtime.py: the cache, else npm's client) into a cache shared
by the test runs, the app built, served by `python -m http.server` on 127.0.0.1, and a phone
(tests/phonekit.py's Chromium at 360 x 740) that starts, plays and exports evenings in it."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from baska_cli.webapp.runtime import Runtime, RuntimeMissing, runtime
from tests.phonekit import HEIGHT, WIDTH, Browser

# the runtime's cache for the tests: shared by every run on this machine (not the home
# folder's: no test touches it), so it is fetched once
CACHE = os.path.join(tempfile.gettempdir(), "baska-tests-cache")
READY = 60  # seconds the app may take to start (the first visit: the runtime downloaded)


def runtime_for_tests() -> tuple[Runtime | None, str]:
    """The checked runtime, or None and why it cannot be had here (no npm, no network)."""
    before = os.environ.get("BASKA_CACHE")
    os.environ["BASKA_CACHE"] = CACHE
    os.environ.setdefault("npm_config_cache", os.path.join(CACHE, "npm"))
    try:
        return runtime(), ""
    except RuntimeMissing as error:
        return None, f"the Pyodide runtime cannot be had here: {error}"
    finally:
        if before is None:
            del os.environ["BASKA_CACHE"]
        else:
            os.environ["BASKA_CACHE"] = before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class StaticServer:
    """`python -m http.server` on 127.0.0.1 serving `folder` (started again on the same
    port after `stop`: the app's address stays the same)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.port = free_port()
        self.address = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        command = [sys.executable, "-m", "http.server", "-d", self.folder, "-b", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, str(self.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 1),
            ):
                return
            time.sleep(0.05)
        raise AssertionError(f"http.server did not start on {self.port}")

    def stop(self) -> None:
        """The server gone (the phone's network with it: nothing answers at the address)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


@contextlib.contextmanager
def served(folder: str) -> Iterator[StaticServer]:
    server = StaticServer(folder)
    try:
        yield server
    finally:
        server.stop()


class AppPhone(Browser):
    """A phone at 360 x 740 on the app (its profile kept where given: opened again, it finds
    the app and the evenings as the last one left them)."""

    def __init__(
        self, name: str, address: str, shots: Path, lang: str, profile: str | None = None
    ) -> None:
        super().__init__(name, address, shots, (WIDTH, HEIGHT), lang, profile)
        self.ready()

    def ready(self) -> None:
        """Until the app has started (its home or its table page shown)."""
        self.wait(lambda: self.js("return window.baskaReady === true"), "the app started", READY)
        if self.js("return !!document.getElementById('hand')"):
            self.wait(lambda: self.text("#turn").strip(), "the turn words", READY)

    def offline_kept(self) -> None:
        """Until the service worker keeps every file of the app and controls the page."""
        script = (
            "const done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.ready.then(() => done(!!navigator.serviceWorker.controller))"
        )
        self.wait(lambda: self.driver.execute_async_script(script), "the service worker", 60)

    def start_evening(self, names: list[str], deals: int = 16, rules: str = "plb") -> None:
        for seat, name in enumerate(names, 1):
            self.driver.find_element("id", f"app-seat-{seat}").send_keys(name)
        self.js("document.getElementById('app-rules').value = arguments[0]", rules)
        field = self.driver.find_element("id", "app-deals")
        field.clear()
        field.send_keys(str(deals))
        self.tap("#app-start")
        self.wait(
            lambda: self.js("return !!document.getElementById('hand')"), "the table page", READY
        )
        self.ready()

    def evening_id(self) -> str:
        return str(self.js("return document.body.dataset.key"))

    def type_hand(self, text: str) -> None:
        """A line typed and entered once its preview is shown."""
        from selenium.webdriver.common.keys import Keys

        field = self.driver.find_element("id", "hand")
        field.clear()
        field.send_keys(text)
        self.wait(lambda: self.text("#preview").strip(), f"the preview of {text!r}")
        field.send_keys(Keys.ENTER)

    def answer_yes(self) -> None:
        self.wait(
            lambda: self.js("return !document.getElementById('question').hidden"), "a question"
        )
        self.tap("#question-yes")

    def settled(self, number: int, before: str = "") -> None:
        """Until hand `number`'s change is answered and nothing waits to be sent (its answer
        in place of the status `before` it: a correction's hand was answered once already)."""
        self.wait(
            lambda: (
                "ok" in self.js("return document.getElementById('status').className")
                and f" {number}" in self.text("#status")
                and self.text("#status") != before
                and not self.js(
                    "const box = document.getElementById('outbox'); return box && !box.hidden"
                )
            ),
            f"hand {number} answered",
        )

    def totals(self) -> list[int]:
        return [
            int(t)
            for t in self.js(
                "return [...document.querySelectorAll('#totals .points')].map(e => e.textContent)"
            )
        ]

    def report(self) -> str:
        """The text of the printable report the end of the evening links to (opened in a
        window of its own), back on the table page afterwards."""
        self.wait(lambda: self.js("return !document.getElementById('end').hidden"), "the end")
        table = self.driver.current_window_handle
        self.tap("#end-report")
        self.wait(lambda: len(self.driver.window_handles) > 1, "the report's window")
        self.driver.switch_to.window(next(h for h in self.driver.window_handles if h != table))
        try:
            return str(
                self.wait(
                    lambda: self.js("return document.body ? document.body.innerText : ''"),
                    "the report's text",
                )
            )
        finally:
            self.driver.close()
            self.driver.switch_to.window(table)

    def exported(self, evening: str) -> bytes:
        """The evening's ledger as its export link (an <a download>) gives it."""
        script = (
            "const done = arguments[arguments.length - 1];"
            "const link = document.querySelector(`a[data-export='${arguments[0]}']`);"
            "fetch(link.href).then(r => r.arrayBuffer())"
            ".then(b => done(Array.from(new Uint8Array(b))))"
        )
        self.wait(
            lambda: self.js("return !!document.querySelector('a[data-export]')"), "the export"
        )
        return bytes(self.driver.execute_async_script(script, evening))

    def download_name(self, evening: str) -> str:
        return str(
            self.js(
                "return document.querySelector(`a[data-export='${arguments[0]}']`).download",
                evening,
            )
        )
