"""One hand posted to the phone's API is scored once on its way to the file: the Scorekeeper
scores it, and what it recorded (its changes, its explanation) flows up to the answer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.game import scoring
from baska_cli.web.app import make_app
from tests.clikit import invoke

KEY = "s" * 22
HEADERS = {"Authorization": f"Bearer {KEY}", "Origin": "http://testserver"}


def count_scoring(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """`scoring.score` wrapped wherever baska imported it (under any name): the entries it
    scores, in the order scored."""
    original = scoring.score
    entries: list[Any] = []

    def counted(entry: Any, *args: Any, **kwargs: Any) -> Any:
        entries.append(entry)
        return original(entry, *args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "baska_cli" or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attribute, counted)
    return entries


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/{path}", headers=HEADERS, json=body)


@pytest.mark.parametrize("before", [[], ["zw Bartek+Darek 78", "gr Celina 68 k:Ania"]])
def test_a_posted_hand_is_scored_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: list[str]
) -> None:
    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek", "--deals", "16").exit_code == 0
    for hand in before:
        assert invoke("score", "--ledger", ledger, hand).exit_code == 0
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        assert client.get("/api/v1/table", headers=HEADERS).status_code == 200  # read, scored
        entries = count_scoring(monkeypatch)
        answer = post(client, "hands", {"hand": "zw ac 61 k", "id": "once"})
        assert answer.status_code == 201, answer.text
        body = answer.json()
        assert (body["hand"], body["changes"]) == ("zw Ania+Celina 61 k", [2, -2, 2, -2])
        assert body["explanation"].startswith("starzy 61 – won")
        assert len(entries) == 1, entries
        again = post(client, "hands", {"hand": "zw ac 61 k", "id": "once"})  # kept: no scoring
        assert again.json() == body and len(entries) == 1
    with open(ledger, encoding="utf-8") as file:
        assert "zw Ania+Celina 61 k" in file.read()
