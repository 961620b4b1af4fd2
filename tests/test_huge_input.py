"""Huge input: numbers of thousands of digits (hand numbers, totals, stakes, counts, tables),
`1e26` stakes, deeply nested or enormous TOML: a clear error quoting the start of what was
typed, exit 2 (1 for a broken rules or tournament file), in every command, inside `play`
(which goes on) and in the web API (400); never Python's "Exceeds the limit (4300 digits)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.clikit import invoke
from tests.playkit import new_ledger, run_typed

HUGE = "9" * 5000
SHOWN = '"99999999999999999999…"'
PLAYERS = "Ania\nBartek\nCelina\nDarek\n"


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a ledger of one hand and a tournament of one drawn round."""
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "e.csv", "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    assert invoke("score", "-l", "e.csv", "ba", "ania").exit_code == 0
    (tmp_path / "p.txt").write_text(PLAYERS, "utf-8")
    made = invoke("tournament", "new", "t", "-p", "p.txt", "--rounds", "2", "--deals", "8")
    assert made.exit_code == 0
    assert invoke("tournament", "draw", "t").exit_code == 0
    return tmp_path


TYPED = [
    ["amend", "e.csv", HUGE, "ba", "bartek"],
    ["amend", "e.csv", "0" * 4000 + "1" + HUGE, "ba", "bartek"],
    ["void", "e.csv", HUGE],
    ["settle", "e.csv", "-s", HUGE],
    ["settle", "e.csv", "-s", "1e26"],
    ["settle", "e.csv", "-s", "1E+26"],
    ["settle", "e.csv", "-s", f"0.{HUGE}"],
    ["settle", "e.csv", "-s", "10000000"],
    ["new", "f.csv", "-p", "A,B,C,D", "--deals", HUGE],
    ["score", "zw", "A+C", HUGE],
    ["score", "zw", "A+C", f"61/{HUGE}"],
    ["score", "-l", "e.csv", "adj", f"A+{HUGE}", f"B-{HUGE}", "C+0", "D+0"],
    ["tournament", "new", "t2", "-p", "p.txt", "--rounds", HUGE, "--deals", "8"],
    ["tournament", "new", "t2", "-p", "p.txt", "--rounds", "1", "--deals", HUGE],
    ["tournament", "new", "t2", "-p", "p.txt", "--rounds", "1", "--deals", "8", "--seed", HUGE],
    [
        "tournament",
        "new",
        "t2",
        "-p",
        "p.txt",
        "--rounds",
        "1",
        "--deals",
        "8",
        "--fixed",
        f"Ania={HUGE}",
    ],
    [
        "tournament",
        "result",
        "t",
        "1",
        "1",
        f"Ania=+{HUGE}",
        f"Bartek=-{HUGE}",
        "Celina=0",
        "Darek=0",
    ],
    ["tournament", "print", "t", "--round", HUGE],
]


@pytest.mark.parametrize("args", TYPED, ids=lambda a: " ".join(x[:12] for x in a[:4]))
def test_a_huge_number_is_refused_in_words(args: list[str], place: Path) -> None:
    before = (place / "e.csv").read_bytes()
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "4300" not in result.output and "Traceback" not in result.output
    assert len(result.stderr) < 400  # the start of the number, not all of it
    assert (place / "e.csv").read_bytes() == before
    assert not (place / "t2").exists() and not (place / "f.csv").exists()


def test_the_message_quotes_the_start_and_counts_the_digits(place: Path) -> None:
    result = invoke("void", "e.csv", HUGE)
    assert (
        result.stderr == f"Error: {SHOWN} is too large a number (5000 digits); at most 9 digits\n"
    )
    result = invoke("--lang", "pl", "void", "e.csv", HUGE)
    assert (
        result.stderr
        == "Błąd: „99999999999999999999…” to za duża liczba (5000 cyfr); najwyżej 9 cyfr\n"
    )


TOML = [
    f"win_points = {HUGE}\n",
    f"session.deals = [{HUGE}]\n",
    "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "[" + ".".join(["a"] * 20000) + "]\n",  # (a long dotted key is only an unknown key)
]


@pytest.mark.parametrize("text", TOML, ids=range(len(TOML)))
def test_a_monstrous_rules_file_is_refused(text: str, place: Path) -> None:
    (place / "h.toml").write_text('base = "plb"\n' + text, "utf-8")
    for args in (["rules", "h.toml"], ["score", "-r", "h.toml", "ba", "A"]):
        result = invoke(*args)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith("Error: h.toml: ")
        assert "4300" not in result.output and "recursion" not in result.output


@pytest.mark.parametrize("text", [*TOML[:4], "x = 1\n" * 300_000], ids=range(5))
def test_a_monstrous_tournament_file_is_refused(text: str, place: Path) -> None:
    settings = place / "t" / "tournament.toml"
    settings.write_text(settings.read_text("utf-8") + text, "utf-8")
    result = invoke("tournament", "standings", "t")
    assert result.exit_code == 1, result.output
    assert f"{Path('t') / 'tournament.toml'}" in result.stderr
    assert "4300" not in result.output and "recursion" not in result.output


def test_play_refuses_a_huge_number_and_goes_on(place: Path, monkeypatch: pytest.MonkeyPatch):
    huge = f"\x1b[200~{HUGE}\x1b[201~"  # pasted (typed key by key it takes half a minute)
    keys = f"void {huge}\namend {huge} k\nadj A+{huge} B-{huge} C+0 D+0\nba bartek\n"
    (place / "play").mkdir()
    path = new_ledger(place / "play")
    shown = run_typed(path, "ba ania\n" + keys, monkeypatch)
    said = "\n".join(shown)
    assert said.count("is too large a number (5000 digits)") >= 2, said
    assert "4300" not in said
    assert "ba Bartek" in Path(path).read_text("utf-8")  # the session went on


def test_the_web_api_answers_400(place: Path) -> None:
    from baska_cli.web.app import make_app

    key = "k" * 22
    with TestClient(make_app({str(place / "e.csv"): key}, "en")) as client:
        headers = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}
        for stake in (HUGE, "1e26", f"0.{HUGE}"):
            answer = client.get("/api/v1/final", headers=headers, params={"stake": stake})
            assert answer.status_code == 400, answer.text
        for path in (f"/api/v1/hands/{HUGE}/void", f"/api/v1/hands/{HUGE}/amend"):
            answer = client.post(path, headers=headers, json={"hand": "ba Ania", "id": "x1"})
            assert answer.status_code in (400, 404), answer.text
        answer = client.post("/api/v1/hands", headers=headers, json={"hand": f"zw A+C {HUGE}"})
        assert answer.status_code == 400, answer.text
