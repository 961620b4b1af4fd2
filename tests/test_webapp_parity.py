"""The same Python in the browser (slow): a few thousand generated hands previewed by the app
in Chromium (baska's own code in Pyodide, through the server's /api/v1/preview) and by
CPython (the same route's work, web/table.py) under plb, mester and pagat — every answer the
same: its kind, its canonical text, the four changes, the error's words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from baska_cli.game.deck import possible_points
from baska_cli.game.model import Contract, Hand, Play
from baska_cli.game.notation import format_hand
from baska_cli.i18n import speaking
from baska_cli.web.table import TableDesk
from tests.appkit import AppPhone, runtime_for_tests, served
from tests.clikit import invoke
from tests.phonekit import missing

pytestmark = pytest.mark.slow

NAMES = ["Ania", "Bartek", "Celina", "Darek"]
SYSTEMS = ("plb", "mester", "pagat")
HANDS = 1000  # a system (3000 in all)
PREVIEW = """
const [hands, done] = [arguments[0], arguments[arguments.length - 1]];
const headers = {"Content-Type": "application/json", "Accept": "application/json",
                 "Authorization": "Bearer " + document.body.dataset.key};
(async () => {
  const answers = [];
  for (const hand of hands) {
    const answer = await window.baskaTransport.fetch("/api/v1/preview?lang=en",
      {method: "POST", headers, body: JSON.stringify({hand})});
    answers.push(await answer.json());
  }
  done(answers);
})();
"""


def generated(seed: int, count: int) -> list[str]:
    """Hands of every contract, side, points and tricks, contras and kara (as the property
    tests draw them): many the rules refuse, each refusal's words compared too."""
    rng = random.Random(seed)
    points_by_tricks = {tricks: sorted(found) for tricks, found in possible_points().items()}
    texts = []
    for _ in range(count):
        contract = rng.choice(list(Contract))
        size = contract.info.side_size
        declarers = tuple(rng.sample(range(4), size))
        if contract is Contract.ZW:
            declarers = tuple(sorted(declarers))
        points = tricks = None
        if contract.info.play is not Play.NONE:
            tricks = rng.randint(0, 4)
            points = rng.choice(points_by_tricks[tricks])
            if contract.info.play is Play.POINTS and rng.random() < 0.5:
                tricks = None
        contras, callers = rng.randint(0, 3), None
        if rng.random() < 0.3:
            contras, callers = 0, tuple(rng.randint(0, 3) for _ in range(rng.randint(1, 4)))
        kara = size == 1 and rng.random() < 0.1
        texts.append(format_hand(Hand(contract, declarers, points, tricks, contras, callers, kara)))
    return texts


def cpython(folder: Path, rules: str, hands: list[str]) -> list[dict[str, Any]]:
    path = folder / f"{rules}.csv"
    made = invoke("new", str(path), "--players", ",".join(NAMES), "--rules", rules)
    assert made.exit_code == 0, made.output
    desk = TableDesk(str(path))
    with speaking("en"):
        return [desk.preview(hand) for hand in hands]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> str:
    why = missing()
    if why:
        pytest.skip(why)
    found, why = runtime_for_tests()
    if found is None:
        pytest.skip(why)
    from baska_cli.webapp.build import build

    out = tmp_path_factory.mktemp("parity") / "baska-app"
    build(str(out), found)
    return str(out)


def test_generated_hands_score_the_same_in_the_browser_and_in_cpython(
    app: str, tmp_path: Path
) -> None:
    with served(app) as server:
        phone = AppPhone("parity", server.address + "?lang=en", tmp_path, "en")
        phone.driver.set_script_timeout(600)
        try:
            for number, rules in enumerate(SYSTEMS):
                hands = generated(number, HANDS)
                if number:
                    phone.tap(".app-home-link")
                    phone.ready()
                phone.start_evening(NAMES, rules=rules)
                browser = phone.driver.execute_async_script(PREVIEW, hands)
                expected = cpython(tmp_path, rules, hands)
                differing = [
                    (hand, ours, theirs)
                    for hand, ours, theirs in zip(hands, browser, expected, strict=True)
                    if ours != theirs
                ]
                assert (rules, differing[:3]) == (rules, [])
                kinds = {answer["kind"] for answer in expected}
                assert {"hand", "error"} <= kinds  # (scored hands and refused ones alike)
        finally:
            phone.close()
