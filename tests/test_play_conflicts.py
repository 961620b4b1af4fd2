"""A line entered at the table names what its front end showed (play/conflicts.py): a hand
typed at the prompt `2>` is recorded as hand 2 only while hand 2 is the next; a correction
of the last hand or an undo only while the last hand is the one shown. Otherwise nothing is
written and the conflict names both, or the line is found done already; `baska play` asks
its first choice as a yes-or-no question."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.cli import play
from baska_cli.ledger import edits
from baska_cli.ledger.format import Row
from baska_cli.play.conflicts import AlreadyDone, Conflict, against_next, against_seen
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.results import HandChanged, HandRecorded, Seen
from tests.clikit import invoke


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "--deals", "16").exit_code == 0
    return path


def row(n: int, hand: str, status: str = "") -> Row:
    return Row(n, n, "Ania", hand, (1, -1, 1, -1), (1, -1, 1, -1), status)


def test_a_hand_for_the_next_number_goes_on_and_one_for_a_filled_deal_does_not() -> None:
    rows = [row(1, "zw Ania+Celina 61")]
    assert against_next(rows, 2, 2, "ci Bartek 70") is None
    assert against_next(rows, 2, 1, "zw Ania+Celina 61") == AlreadyDone(
        "hand", 1, "zw Ania+Celina 61"
    )
    assert against_next(rows, 2, 1, "zw Ania+Celina 61 k") == Conflict(
        "hand", 1, "zw Ania+Celina 61", "zw Ania+Celina 61 k", None, 2
    )
    assert against_next(rows, 2, 3, "ci Bartek 70") == Conflict(
        "hand", 3, None, "ci Bartek 70", None, 2
    )


def test_an_edit_goes_on_while_the_hand_is_as_seen() -> None:
    rows = [row(1, "zw Ania+Celina 61"), row(2, "ci Bartek 70")]
    assert against_seen(rows, 3, "amend", 1, "zw Ania+Celina 61", "k") is None
    assert against_seen(rows, 3, "void", 2, "ci Bartek 70") is None
    assert against_seen(rows, 3, "undo", 2, "ci Bartek 70") is None
    stale = against_seen(rows, 3, "undo", 1, "zw Ania+Celina 61")
    assert isinstance(stale, Conflict) and not stale.last and stale.choices == ("drop",)
    changed = against_seen(rows, 3, "void", 2, "ci Bartek 66")
    assert changed == Conflict("void", 2, "ci Bartek 70", "", "ci Bartek 66", 3)
    assert changed.choices == ("again", "drop")


def test_an_edit_the_ledger_shows_done_is_done_already() -> None:
    voided = [row(1, "zw Ania+Celina 61", "void")]
    assert against_seen(voided, 2, "void", 1, "zw Ania+Celina 61") == AlreadyDone(
        "void", 1, "zw Ania+Celina 61"
    )
    undone = [row(1, "zw Ania+Celina 61"), row(2, "ci Bartek 70", "undone")]
    assert against_seen(undone, 2, "undo", 2, "ci Bartek 70") == AlreadyDone(
        "undo", 2, "ci Bartek 70"
    )
    amended = [row(1, "zw Ania+Celina 61 k")]
    done = against_seen(amended, 2, "amend", 1, "zw Ania+Celina 61", "k", lambda t, w: t + " k")
    assert done == AlreadyDone("amend", 1, "zw Ania+Celina 61 k")


def test_a_hand_typed_at_a_prompt_another_program_moved_on_is_a_conflict(ledger: str) -> None:
    keeper = Scorekeeper(ledger)
    seen = Seen(keeper.next_number, keeper.last)  # the prompt `1>`
    edits.record(ledger, "zw bd 78")  # another phone, meanwhile
    keeper.look()
    found = keeper.enter("zw ac 61 k", (), seen)
    assert found == Conflict("hand", 1, "zw Bartek+Darek 78", "zw Ania+Celina 61 k", None, 2)
    assert keeper.enter("zw bd 78", (), seen) == AlreadyDone("hand", 1, "zw Bartek+Darek 78")
    assert [r.hand for r in keeper.sheet().rows] == ["zw Bartek+Darek 78"]


def test_a_correction_of_the_last_hand_lands_on_the_hand_shown(ledger: str) -> None:
    keeper = Scorekeeper(ledger)
    assert isinstance(keeper.enter("zw ac 61"), HandRecorded)
    seen = Seen(keeper.next_number, keeper.last)  # the prompt, with hand 1 the last
    edits.record(ledger, "ci b 70")  # hand 2 from another phone
    keeper.look()
    corrected = keeper.enter("+k", ("stake",), seen)
    assert isinstance(corrected, HandChanged) and corrected.n == 1
    assert [r.hand for r in keeper.sheet().rows if r.status == ""] == [
        "zw Ania+Celina 61 k",
        "ci Bartek 70",
    ]


def test_play_asks_a_conflict_and_records_the_hand_as_the_next_on_yes(ledger: str) -> None:
    keeper = Scorekeeper(ledger)
    seen = Seen(keeper.next_number, keeper.last)
    edits.record(ledger, "zw bd 78")
    keeper.look()
    asked: list[str] = []
    lines, _stop = play.handle(keeper, "zw ac 61 k", 80, lambda q: asked.append(q) or True, seen)
    assert asked == [
        "Hand 1 is recorded already: zw Bartek+Darek 78. Yours: zw Ania+Celina 61 k. "
        "Record it as hand 2?"
    ]
    assert [r.hand for r in keeper.sheet().rows] == ["zw Bartek+Darek 78", "zw Ania+Celina 61 k"]
    lines, _stop = play.handle(keeper, "ci b 70", 80, lambda q: False, Seen(2, None))
    assert " ".join(lines).endswith("not recorded")
    assert len(keeper.sheet().rows) == 2


def test_score_number_records_once_and_refuses_another_hand(ledger: str) -> None:
    first = invoke("score", "--ledger", ledger, "--number", "1", "zw", "ac", "61")
    assert first.exit_code == 0
    again = invoke("score", "--ledger", ledger, "--number", "1", "zw", "ac", "61")
    assert again.exit_code == 0 and "recorded already" in again.stderr
    other = invoke("score", "--ledger", ledger, "--number", "1", "zw", "ac", "61", "k")
    assert other.exit_code == 1
    assert "zw Ania+Celina 61; yours: zw Ania+Celina 61 k" in other.stderr
    assert [r.hand for r in Scorekeeper(ledger).sheet().rows] == ["zw Ania+Celina 61"]
