"""ledger/garbled.py: text a spreadsheet garbled is found with what it was; names are not."""

from __future__ import annotations

import subprocess
import sys

import pytest

from baska_cli.ledger.garbled import garbled, lost_letter


@pytest.mark.parametrize(
    ("text", "was"),
    [
        ("Å\uf181ucja", "Łucja"),  # LibreOffice: UTF-8 read as Windows-1252, 0x81 as U+F181
        ("Å\x81ucja", "Łucja"),  # the same where the lost byte is kept as a C1 control
        ("Åšcibor", "Ścibor"),
        ("Å»aneta", "Żaneta"),
        ("Ĺ\uf181ucja", "Łucja"),  # read as Windows-1250
        ("zw Å\uf181ucja+Å»aneta 61 k", "zw Łucja+Żaneta 61 k"),
        ("ÐžÐ»ÐµÐ³", "Олег"),
        ("Ã©tÃ©", "été"),
        ("ÃƒÂ©tÃƒÂ©", "été"),  # garbled twice
    ],
)
def test_garbled_text_is_found_with_what_it_was(text: str, was: str) -> None:
    assert garbled(text) == was


@pytest.mark.parametrize(
    "text",
    ["Łucja", "Ścibor", "Józef", "Zoë", "François", "Åsa", "Ćś", "Óśka", "Ольга", "Ania", ""],
)
def test_names_are_not_garbled(text: str) -> None:
    assert garbled(text) is None


def test_lost_letters() -> None:
    assert [lost_letter(t) for t in ("?ucja", "\ufffducja", "Łucja")] == ["?", "\ufffd", None]


def test_check_imports_ftfy_only_for_suspicious_text(tmp_path: object) -> None:
    code = (
        "import sys\n"
        "from baska_cli.ledger.garbled import garbled\n"
        "garbled('Łucja'); garbled('Józef'); garbled('Ania')\n"
        "print('ftfy' in sys.modules)\n"
        "garbled('Åšcibor')\n"
        "print('ftfy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False\nTrue\n"
