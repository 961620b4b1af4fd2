"""Benchmark the app for one phone (`baska app`) in headless Chromium over 127.0.0.1: the
goals of issue 42 beside each figure.

Usage (from the repository, in the environment whose baska is measured; Debian's chromium
and chromium-driver, selenium, and the Pyodide runtime — cached, or fetched by npm):

    python benchmarks/bench_app.py                 # 3 rounds, 20 hands each
    python benchmarks/bench_app.py --rounds 5 --hands 40

Each round builds nothing: the app is built once (`baska app`, into a temporary folder) and
served by `python -m http.server`. A round is a new browser profile (a first visit):

- first visit: from asking for the page to the first scored hand's totals shown — the app
  started (its home), an evening started from four names, a hand typed and entered
  (goal: at most 10 s);
- repeat visit offline: the server stopped, the evening's page asked for again (the service
  worker's files), until the app is ready (`performance.now()` at ready: the page's own
  clock from its navigation; goal: at most 3 s);
- a hand: from Enter (the form submitted) to the new totals on the page, in the page's own
  clock, for --hands hands (goal: at most 100 ms);
- the folder: its bytes, and gzip -9 of each file as a web host sends them (goal: at most
  12 MB compressed).

It prints the median and the worst of the rounds, and each figure's ratio to its goal. No
test asserts a timing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baska_cli.game.deck import possible_points  # noqa: E402
from baska_cli.webapp.build import build  # noqa: E402
from tests.appkit import AppPhone, runtime_for_tests, served  # noqa: E402

NAMES = ["Ania", "Bartek", "Celina", "Darek"]
PAIRS = ["B+D", "A+C", "C+D", "A+B", "B+C", "A+D"]
POINTS = sorted(p for found in possible_points().values() for p in found if 53 <= p <= 100)
GOALS = {"first": 10.0, "repeat": 3.0, "hand": 0.100, "compressed": 12_000_000}
# one hand entered in the page's own clock: the form submitted, until the totals change
ONE_HAND = """
const [line, done] = [arguments[0], arguments[arguments.length - 1]];
const totals = document.getElementById('totals');
const before = totals.innerText;
const field = document.getElementById('hand');
field.value = line;
field.dispatchEvent(new Event('input'));
const started = performance.now();
const watch = new MutationObserver(() => {
  if (totals.innerText !== before) { watch.disconnect(); done(performance.now() - started); }
});
watch.observe(totals, {subtree: true, childList: true, characterData: true});
document.getElementById('hand-form').requestSubmit();
"""


def first_visit(address: str, shots: Path, deals: int) -> tuple[float, AppPhone]:
    started = time.monotonic()
    phone = AppPhone("bench", address + "?lang=en", shots, "en", tempfile.mkdtemp())
    phone.start_evening(NAMES, deals)
    phone.type_hand("zw A+C 61 k")
    phone.settled(1)
    return time.monotonic() - started, phone


def hands(phone: AppPhone, count: int) -> list[float]:
    took = []
    for n in range(count):
        typed = f"zw {PAIRS[n % len(PAIRS)]} {POINTS[n % len(POINTS)]}"  # (never one twice)
        took.append(phone.driver.execute_async_script(ONE_HAND, typed) / 1000)
        phone.settled(n + 2)
    return took


def repeat_offline(phone: AppPhone) -> float:
    phone.driver.refresh()
    phone.ready()
    return float(phone.js("return window.baskaReadyAt")) / 1000


def line(what: str, figures: list[float], goal: float, unit: str = "s") -> None:
    median, worst = statistics.median(figures), max(figures)
    print(
        f"{what:<34} median {median:8.3f} {unit}   worst {worst:8.3f} {unit}   goal {goal:g} {unit}"
        f"   worst/goal {worst / goal:5.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=20)
    options = parser.parse_args()
    runtime, why = runtime_for_tests()
    if runtime is None:
        sys.exit(why)
    folder = Path(tempfile.mkdtemp()) / "baska-app"
    built = build(str(folder), runtime)
    print(
        f"the folder: {built.files} files, {built.size / 1e6:.2f} MB, "
        f"{built.compressed / 1e6:.2f} MB gzip -9 (goal {GOALS['compressed'] / 1e6:g} MB: "
        f"{built.compressed / GOALS['compressed']:.2f} of it)"
    )
    first, repeat, each = [], [], []
    for _ in range(options.rounds):
        with served(str(folder)) as server:
            took, phone = first_visit(server.address, folder.parent, options.hands + 1)
            try:
                first.append(took)
                phone.offline_kept()
                each.extend(hands(phone, options.hands))
                server.stop()
                repeat.append(repeat_offline(phone))
            finally:
                phone.close()
    line("first visit to the first hand", first, GOALS["first"])
    line("repeat visit, offline, ready", repeat, GOALS["repeat"])
    line("a hand, Enter to the totals", [t * 1000 for t in each], GOALS["hand"] * 1000, "ms")


if __name__ == "__main__":
    main()
