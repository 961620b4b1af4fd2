"""play/line.py: what a line typed in `baska play` asks for."""

from __future__ import annotations

import pytest

from baska_cli.errors import NotationError
from baska_cli.play.line import Line, command_hint, example_hand, read_line, yes_or_no

KNOWN = [
    ("zw ac 61 k", Line("hand", "zw ac 61 k")),
    ("  zo D 70  ", Line("hand", "zo D 70")),
    ("", Line("empty")),
    ("# a comment", Line("empty")),
    ("+k", Line("correct", "k")),
    ("+ 70", Line("correct", "70")),
    ("+zo c 40", Line("correct", "zo c 40")),
    ("u", Line("undo")),
    ("UNDO", Line("undo")),
    ("v 3", Line("void", "", 3)),
    ("void 12", Line("void", "", 12)),
    ("a 3 k", Line("amend", "k", 3)),
    ("amend 3 gr bartek 40", Line("amend", "gr bartek 40", 3)),
    ("s", Line("sheet")),
    ("st", Line("standings")),
    ("e", Line("explain")),
    ("explain 4", Line("explain", "", 4)),
    ("?", Line("help")),
    ("h", Line("help")),
    ("q", Line("quit")),
    ("exit", Line("quit")),
]


@pytest.mark.parametrize(("typed", "expected"), KNOWN)
def test_known_lines(typed: str, expected: Line) -> None:
    assert read_line(typed) == expected


BAD = [
    ("+", '"+" needs what changes in the last hand, e.g. "+k" (a contra) or "+70"'),
    ("void", '"void" needs the hand\'s number, e.g. "void 3"'),
    ("a", '"a" needs the hand\'s number, e.g. "amend 3 k"'),
    ("amend 3", '"amend 3" needs the correction, e.g. "amend 3 k"'),
    ("v 0", '"0" is not a hand number; expected a whole number from 1'),
    ("v ٣", '"٣" is not a hand number; expected a whole number from 1'),
    ("v 3 4", '"v 3 4": void takes only a hand number'),
    ("u 3", '"u 3": undo takes nothing after it'),
]


@pytest.mark.parametrize(("typed", "message"), BAD)
def test_commands_typed_wrong(typed: str, message: str) -> None:
    with pytest.raises(NotationError) as raised:
        read_line(typed)
    assert str(raised.value) == message


def test_a_near_command_is_suggested() -> None:
    assert command_hint("undoo") == '; did you mean "undo"?'
    assert command_hint("shet") == '; did you mean "sheet"?'
    assert command_hint("zwo") == ""


# --- Polish words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("cofnij", "undo"),
        ("unieważnij 3", "void"),
        ("uniewaznij 3", "void"),
        ("popraw 3 k", "amend"),
        ("arkusz", "sheet"),
        ("tabela", "standings"),
        ("wyniki", "standings"),
        ("wyjaśnij", "explain"),
        ("pomoc", "help"),
        ("koniec", "quit"),
    ],
)
def test_the_commands_have_polish_names(typed: str, kind: str) -> None:
    assert read_line(typed).kind == kind


def test_a_polish_command_typed_wrong_is_named_in_polish() -> None:
    with pytest.raises(NotationError) as raised:
        read_line("popraw")
    assert str(raised.value) == '"popraw" needs the hand\'s number, e.g. "popraw 3 k"'
    assert command_hint("cofnik") == '; did you mean "cofnij"?'


@pytest.mark.parametrize(
    ("answer", "meant"),
    [("t", True), ("Tak", True), ("y", True), ("yes", True), ("n", False), ("nie", False),
     ("no", False), ("", None), ("może", None)],
)  # fmt: skip
def test_yes_or_no_in_both_languages(answer: str, meant: bool | None) -> None:
    assert yes_or_no(answer) is meant


def test_the_example_uses_the_table_s_names() -> None:
    assert example_hand(("Łucja", "Żaneta", "Zbigniew", "Ścibor")) == "zw łuc+zbi 61 k"
    assert example_hand(("Ania", "Bartek", "Celina", "Darek")) == "zw ani+cel 61 k"
    assert example_hand(("Ala", "Alan", "Bo", "Cy")) == "zw ala+bo 61 k"
