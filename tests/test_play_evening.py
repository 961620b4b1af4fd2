"""play/evening.py: what a typed line does, driven without a terminal (as a web page would)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from baska_cli.errors import NotationError, PastPlanError, RequestError
from baska_cli.ledger.view import read
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.guards import Question
from baska_cli.play.results import (
    ChangedElsewhere,
    HandChanged,
    HandExplained,
    HandRecorded,
    Idle,
    LastHand,
    NextDeal,
    Preview,
    SheetRead,
    StandingsRead,
)
from tests.clikit import invoke
from tests.playkit import new_ledger


def test_a_hand_previewed_then_recorded(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))
    assert keeper.preview("zw ac 61 k") == Preview("hand", "zw Ania+Celina 61 k", (2, -2, 2, -2))
    assert keeper.preview("") == Preview("empty")
    assert keeper.preview("undo") == Preview("command", "undo")
    assert keeper.preview("zw ac 65").kind == "error"
    assert keeper.preview("+k") == Preview("error", error="there is no hand to correct yet")
    done = keeper.enter("zw ac 61 k")
    assert isinstance(done, HandRecorded)
    assert (done.n, done.deltas, done.totals) == (1, (2, -2, 2, -2), (2, -2, 2, -2))
    assert done.next_deal == NextDeal("Bartek", "Celina", 16, 1)
    assert done.elsewhere is None
    assert (keeper.next_number, keeper.last) == (2, LastHand(1, "zw Ania+Celina 61 k"))
    assert keeper.preview("+70") == Preview("correct", "zw Ania+Celina 70 k", (2, -2, 2, -2), 1)
    assert read(keeper.path).tally.totals == (2, -2, 2, -2)


def test_the_same_hand_twice_is_a_question_until_confirmed(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))
    assert isinstance(keeper.enter("zo d 70"), HandRecorded)
    asked = keeper.enter("zo d 70")
    assert asked == Question("same_hand", 1, "zo Darek 70")
    assert keeper.next_number == 2  # nothing recorded
    done = keeper.enter("zo d 70", [asked.guard])
    assert isinstance(done, HandRecorded) and done.n == 2


def test_a_deal_past_the_plan_asks_or_is_refused(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, deals=1)
    keeper = Scorekeeper(path)
    keeper.enter("zw ac 61")
    assert keeper.enter("zo d 70") == Question("past_plan", deals=1)
    assert isinstance(keeper.enter("adj a+4 b-4"), HandRecorded)  # an adj deals nothing
    done = keeper.enter("zo d 70", ["past_plan"])
    assert isinstance(done, HandRecorded) and done.next_deal.dealt == 2
    piped = Scorekeeper(path, asks=False)  # a pipe asks nothing: refused unless extra
    with pytest.raises(PastPlanError):
        piped.enter("zo d 70")
    assert isinstance(Scorekeeper(path, extra=True).enter("gr b 53"), HandRecorded)


def test_undo_amend_void_and_a_correction(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))
    keeper.enter("zw ac 61")
    keeper.enter("zo d 70")
    undone = keeper.enter("undo")
    assert isinstance(undone, HandChanged)
    assert (undone.action, undone.n, undone.old_text) == ("undo", 2, "zo Darek 70")
    assert undone.totals == (1, -1, 1, -1)
    asked = keeper.enter("+k")  # a contra doubles the stake: asked first
    assert asked == Question(
        "stake", 1, "zw Ania+Celina 61", new="zw Ania+Celina 61 k", was=1, now=2
    )
    assert keeper.last == LastHand(1, "zw Ania+Celina 61")  # nothing written
    corrected = keeper.enter("+k", [asked.guard])
    assert isinstance(corrected, HandChanged)
    assert (corrected.action, corrected.new_text) == ("amend", "zw Ania+Celina 61 k")
    assert (corrected.new_deltas, corrected.totals) == ((2, -2, 2, -2), (2, -2, 2, -2))
    assert corrected.new_outcome is not None and corrected.new_outcome.deltas == (2, -2, 2, -2)
    voided = keeper.enter("void 1")
    assert isinstance(voided, HandChanged)
    assert (voided.action, voided.totals, voided.was_void) == ("void", (0, 0, 0, 0), False)
    amended = keeper.amend(1, "70")
    assert (amended.was_void, amended.new_text, amended.totals) == (
        True,
        "zw Ania+Celina 70 k",
        (0, 0, 0, 0),
    )
    assert amended.next_deal == NextDeal("Bartek", "Celina", 16, 1)


def test_errors_are_the_projects_own(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))
    with pytest.raises(RequestError, match="no hand to correct yet"):
        keeper.enter("+k")
    with pytest.raises(NotationError, match='did you mean "undo"'):
        keeper.enter("undoo")
    with pytest.raises(RequestError, match="there is no hand yet"):
        keeper.enter("explain")
    with pytest.raises(NotationError, match="needs the hand's number"):
        keeper.enter("void")


def test_reading_commands_and_idle_lines(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))
    keeper.enter("zw ac 61")
    assert [keeper.enter(line) for line in ("", "# note", "help", "q")] == [
        Idle("empty"),
        Idle("empty"),
        Idle("help"),
        Idle("quit"),
    ]
    sheet = keeper.enter("sheet")
    assert isinstance(sheet, SheetRead) and [row.n for row in sheet.rows] == [1]
    standings = keeper.enter("standings")
    assert isinstance(standings, StandingsRead) and len(standings.standings) == 4
    explained = keeper.enter("explain 1")
    assert isinstance(explained, HandExplained)
    assert (explained.n, explained.outcome.deltas) == (1, (1, -1, 1, -1))


def test_another_program_writing_is_news_at_the_next_look(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    keeper = Scorekeeper(path)
    assert keeper.look() is None and not keeper.stale()
    assert invoke("score", "-l", path, "ba", "c").exit_code == 0  # another terminal
    assert keeper.stale()
    assert keeper.look() == ChangedElsewhere(LastHand(1, "ba Celina"))
    assert keeper.look() is None and keeper.next_number == 2
    other = Scorekeeper(path)  # two front ends on one ledger: each sees the other's hands
    other.enter("zo d 70")
    assert keeper.look() == ChangedElsewhere(LastHand(2, "zo Darek 70"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_the_ledger_is_not_held_open_between_lines(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    keeper = Scorekeeper(path)
    keeper.enter("zw ac 61")
    keeper.enter("undo")
    keeper.enter("sheet")
    opened = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            opened.add(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:
            continue
    assert os.path.realpath(path) not in opened


V1_LEDGER = (
    "baska ledger,1\nplayers,Ania,Bartek,Celina,Darek\nrules,plb\nfirst dealer,Ania\n"
    "deals,16\n\n#,dealer,hand,Ania,Bartek,Celina,Darek,Ania total,Bartek total,"
    "Celina total,Darek total,status\n1,Ania,zo Darek 70,-5,-5,-5,15,-5,-5,-5,15\n"
)


@pytest.mark.parametrize(
    "shape",
    ["as made", "CRLF", "no last line end", "empty rows at the end", "semicolons", "format 1"],
)
def test_the_ledger_after_its_own_appends_is_the_file_read_again(
    tmp_path: Path, shape: str
) -> None:
    path = new_ledger(tmp_path)
    data = Path(path).read_bytes()
    if shape == "CRLF":
        data = data.replace(b"\n", b"\r\n")
    elif shape == "no last line end":
        assert invoke("score", "--ledger", path, "zo d 70").exit_code == 0
        data = Path(path).read_bytes().rstrip(b"\n")
    elif shape == "empty rows at the end":
        data += b",,,,,,,,,,,\n\n"
    elif shape == "semicolons":
        data = data.replace(b",", b";")
    elif shape == "format 1":
        data = V1_LEDGER.encode()
    Path(path).write_bytes(data)
    keeper = Scorekeeper(path)
    for typed in ("zw ac 61 k", "adj a+3 b-3", "gr b 68 k:a", "zw bd 78"):
        done = keeper.enter(typed)
        assert isinstance(done, HandRecorded) and done.elsewhere is None
        assert not keeper.stale()
        held, rows = keeper.session, keeper.sheet().rows
        again = Scorekeeper(path)
        assert (held, rows, keeper.last) == (again.session, again.sheet().rows, again.last)
