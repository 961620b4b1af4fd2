"""game/callers.py and every amend that uses it: a correction that moves the declaring side
under contras written with their callers never changes how many count without a word."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.cli.play_screen import toolbar
from baska_cli.errors import RequestError
from baska_cli.game.callers import MovedCallers, MovedCallersError, moved_callers
from baska_cli.game.correction import correct
from baska_cli.game.notation import parse_hand
from baska_cli.ledger import edits
from baska_cli.ledger.view import read
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.guards import Question
from baska_cli.play.results import HandChanged
from baska_cli.render.compact import question_text
from baska_cli.rulesets.loader import load_rules
from baska_cli.web.app import make_app
from tests.clikit import invoke
from tests.playkit import new_ledger, run_typed
from tests.test_web_api import KEY, Phone
from tests.tmuxkit import play_command, screen_after, tmux

TABLE = ("Łucja", "Żaneta", "Zbigniew", "Ścibor")
PLAYERS = ",".join(TABLE)
PLB = load_rules("plb")
ZOLO = "zo Ścibor 55 k:Łucja,Ścibor"


def moved(old: str, words: str) -> MovedCallers | None:
    was = parse_hand(old, TABLE)
    return moved_callers(was, correct(was, words, TABLE), words, PLB, TABLE)


def test_moving_the_soloist_under_named_callers_counts_them_anew() -> None:
    found = moved(ZOLO, "Zbigniew")
    assert found is not None
    assert (found.before, found.after, found.was, found.now) == (2, 1, 60, 30)
    assert found.kept == "k:Łucja,Zbigniew"
    assert found.keeping == "Zbigniew k:Łucja,Zbigniew"


def test_what_keeps_the_count_or_was_typed_is_no_question() -> None:
    assert moved(ZOLO, "Zbigniew k:Łucja,Ścibor") is None  # the contras typed: meant
    assert moved(ZOLO, "zo Zbigniew 55 k:Łucja,Ścibor") is None  # a whole hand typed
    assert moved(ZOLO, "70") is None  # the side stays
    assert moved("zo Ścibor 55 kr", "Zbigniew") is None  # counted contras stay counted
    assert moved("zo Ścibor 55 k:Łucja,Żaneta", "Zbigniew") is None  # still one count
    # a pair: each seat that left the side swapped with the one that joined it
    found = moved("zw Łucja+Zbigniew 61 k:Żaneta,Łucja", "Łucja+Żaneta")
    assert found is not None and found.kept == "k:Zbigniew,Łucja"


def _ledger(tmp_path: Path) -> str:
    path = new_ledger(tmp_path, players=PLAYERS)
    assert invoke("score", "-l", path, *ZOLO.split()).exit_code == 0
    return path


def test_baska_amend_refuses_it_untouched_and_says_what_to_type(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    before = Path(path).read_bytes()
    result = invoke("amend", path, "1", "Zbigniew")
    assert (result.exit_code, result.stderr) == (
        2,
        f'Error: hand 1 "{ZOLO}" becomes "zo Zbigniew 55 k:Łucja,Ścibor": its contras '
        "k:Łucja,Ścibor counted 2 with Ścibor playing, 1 with Zbigniew; its stake changes "
        'from 60 to 30. To keep the contras, correct it by "Zbigniew k:Łucja,Zbigniew"; to '
        'count them anew, give them with the correction: "Zbigniew k:Łucja,Ścibor"\n',
    )
    assert Path(path).read_bytes() == before
    result = invoke("amend", path, "1", "Zbigniew", "k:Łucja,Zbigniew")
    assert result.exit_code == 0, result.output
    assert read(path).tally.totals == (-20, -20, 60, -20)
    # the contras refused with the new side: only the way to keep them is offered
    result = invoke("amend", path, "1", "Łucja")
    assert result.exit_code == 2
    assert "they are refused" in result.stderr
    assert result.stderr.endswith('To keep the contras, correct it by "Łucja k:Zbigniew,Łucja"\n')


def test_the_ledger_counts_them_anew_when_told(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    with pytest.raises(MovedCallersError):
        edits.amend(path, 1, "Zbigniew")
    done = edits.amend(path, 1, "Zbigniew", recount=True)
    assert (done.new_text, done.new_deltas) == (
        "zo Zbigniew 55 k:Łucja,Ścibor",
        (-10, -10, 30, -10),
    )


def test_play_asks_showing_the_counts_before_and_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _ledger(tmp_path)
    keeper = Scorekeeper(path)
    asked = keeper.enter("+zbig")
    assert isinstance(asked, Question) and asked.guard == "callers"
    assert question_text(asked) == (
        f'hand 1 "{ZOLO}" becomes "zo Zbigniew 55 k:Łucja,Ścibor": its contras k:Łucja,Ścibor '
        "counted 2 with Ścibor playing, 1 with Zbigniew; its stake changes from 60 to 30; "
        'correct it? (to keep the contras: "zbig k:Łucja,Zbigniew")'
    )
    assert read(path).tally.totals == (-20, -20, -20, 60)
    done = keeper.enter("+zbig", ["callers"])
    assert isinstance(done, HandChanged) and done.new_text == "zo Zbigniew 55 k:Łucja,Ścibor"
    # at the prompt: "n" records nothing, the text it names keeps the contras
    (tmp_path / "b").mkdir()
    path = new_ledger(tmp_path / "b", players=PLAYERS)
    keys = f"{ZOLO}\ra 1 zbig\rn\ra 1 zbig k:Łucja,Zbigniew\r"
    shown = run_typed(path, keys, monkeypatch)
    assert "not recorded" in shown
    assert read(path).tally.totals == (-20, -20, 60, -20)
    start = shown.index("2> a 1 zbig") + 1
    assert shown[start].startswith(f'hand 1 "{ZOLO}" becomes')  # wrapped, whole
    assert shown[start + 1 : start + 3] == [
        '  k:Łucja,Ścibor": its contras k:Łucja,Ścibor counted 2 with Ścibor',
        "  playing, 1 with Zbigniew; its stake changes from 60 to 30; correct it?",
    ]  # the last line is the question asked, with (y/n)


def test_a_forgotten_contra_still_costs_two_keys(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, players=PLAYERS)
    keeper = Scorekeeper(path)
    keeper.enter("zo Ścibor 55 k:Łucja")
    done = keeper.enter("+k")
    assert isinstance(done, HandChanged) and done.new_text == "zo Ścibor 55 k"


def test_a_pipe_is_refused_and_told_what_to_type(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    result = invoke("play", path, input="+Zbigniew\n")
    assert result.exit_code == 1
    assert 'To keep the contras, correct it by "Zbigniew k:Łucja,Zbigniew"' in result.stderr
    assert read(path).tally.totals == (-20, -20, -20, 60)
    with pytest.raises(RequestError):
        Scorekeeper(path, asks=False).enter("a 1 Zbigniew")


def test_the_web_asks_even_when_the_stake_stays(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, players=PLAYERS)
    # 2 counted contras on a win with wyjście (1 × 4) become 1 on one without (2 × 2)
    assert invoke("score", "-l", path, "zw", "łucja+zbig", "61", "k:żaneta,łucja").exit_code == 0
    with TestClient(make_app({path: KEY}, "en")) as client:
        phone = Phone(client)
        asked = phone.post("hands/1/amend", {"hand": "łucja+żaneta 79", "id": "a1"})
        assert asked.status_code == 409, asked.text
        assert asked.json()["question"] == "stake"
        assert (
            "counted 2 with Łucja+Zbigniew playing, 1 with Łucja+Żaneta" in asked.json()["message"]
        )
        assert "stake changes from 4 to 4" in asked.json()["message"]
        assert read(path).tally.totals == (4, -4, 4, -4)
        body = {"hand": "łucja+żaneta 79", "id": "a1", "confirm": ["stake"]}
        amended = phone.post("hands/1/amend", body)
        assert amended.status_code == 200, amended.text
        assert amended.json()["new"] == "zw Łucja+Żaneta 79 k:Żaneta,Łucja"
        kept = phone.post("last/correct", {"words": "+k:Zbigniew,Łucja", "id": "c1"})
        assert kept.status_code == 409 and "from 4 to 8" in kept.json()["message"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_question_and_a_quote_at_80_by_24_in_tmux(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, players=PLAYERS)
    session = f"baska-callers-{tmp_path.name}"
    command = play_command(path, tmp_path, "en")

    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen_after(session, [], "1>")
        screen_after(session, [ZOLO, "Enter"], "2>")
        screen = screen_after(session, ["+zbig", "Enter"], "(y/n)")
        said = " ".join(screen.split())  # the question, wrapped at words, whole
        assert "counted 2 with Ścibor playing, 1 with Zbigniew" in said
        assert 'from 60 to 30; correct it? (to keep the contras: "zbig k:Łucja,Zbigniew")' in said
        screen = screen_after(session, ["n", "Enter"], "not recorded")
        screen = screen_after(session, ["ile zw", "Enter"], "młodzi    bez bitki")
        assert "winner    losers            —        k       kr      krb     krbh" in screen
        assert all(len(line) <= 80 for line in screen.splitlines())
        tmux("send-keys", "-t", session, "C-d")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    assert read(path).tally.totals == (-20, -20, -20, 60)


def test_the_toolbar_says_it_will_ask_before_enter(tmp_path: Path) -> None:
    keeper = Scorekeeper(_ledger(tmp_path))
    assert toolbar(keeper, "+zbig", 80).splitlines()[2:] == [
        "hand 1 → (contras counted 2 → 1: asks first) zo Zbigniew 55 k:Łucja,Ścibor:",
        "  Ł -10  Ża -10  Zb +30  Ś -10",  # (too long for one line: by initials)
    ]
    assert "asks first" not in toolbar(keeper, "+zbig k:Łucja,Zbigniew", 80)
    assert "asks first" not in toolbar(keeper, "+70", 80)
