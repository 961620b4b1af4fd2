"""The organiser's hall for the API tests: a tournament made by the CLI, the app of
`baska serve DIR`, a client as the organiser's page is, and a twin folder for the CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tests import tournamentkit as kit
from tests.clikit import invoke

EIGHT = kit.eight(last=kit.SVG)
FILES = ("players.csv", "results.csv", "walkouts.csv", "confirmations.csv", "lots.csv")


def make_liga(folder: Path) -> str:
    return kit.drawn(folder, EIGHT, rounds=3)


def app_of(path: str) -> Any:
    from baska_cli.web.app import make_hall_app

    return make_hall_app(path, "en")


class Organiser:
    """A client of the hall API as the organiser's page is: the key, JSON, the origin."""

    def __init__(self, client: TestClient, key: str) -> None:
        self.client = client
        self.key = key
        self.headers = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}

    def hall(self, **params: Any) -> Any:
        answer = self.client.get("/api/v1/hall", headers=self.headers, params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, action: str, body: dict[str, Any], **headers: str) -> Any:
        return self.client.post(
            f"/api/v1/hall/{action}", headers={**self.headers, **headers}, json=body
        )


def twin(liga: str, tmp_path: Path) -> str:
    """A copy of the tournament, for the CLI to do what the page does."""
    copy = tmp_path / "twin" / "liga"
    shutil.copytree(liga, copy)
    return str(copy)


def same_files(liga: str, other: str, *names: str) -> None:
    for name in names or FILES:
        mine, theirs = Path(liga, name), Path(other, name)
        assert mine.exists() == theirs.exists(), name
        if mine.exists():
            assert mine.read_bytes() == theirs.read_bytes(), name


def standings(path: str) -> Any:
    found = invoke("tournament", "standings", path, "--format", "json")
    assert found.exit_code == 0, found.stderr
    return json.loads(found.stdout)
