"""The ledger package's public names: each is loaded from its module when first used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import baska_cli.ledger as ledger
from baska_cli.ledger import MODULES


def test_the_public_names_are_those_of_the_modules() -> None:
    assert sorted(ledger.__all__) == sorted(name for names in MODULES.values() for name in names)


@pytest.mark.parametrize("name", ledger.__all__)
def test_every_public_name_is_its_modules_own(name: str) -> None:
    module = next(m for m, names in MODULES.items() if name in names)
    own = getattr(__import__(f"baska_cli.ledger.{module}", fromlist=[name]), name)
    assert getattr(ledger, name) is own


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        _ = ledger.nothing  # type: ignore[attr-defined]


def test_check_loads_neither_edits_nor_store_nor_view() -> None:
    code = (
        "import sys\n"
        "from baska_cli.ledger import check\n"
        "print(sorted(m for m in sys.modules if m.startswith('baska_cli.ledger.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "['baska_cli.ledger.cells', 'baska_cli.ledger.checker', 'baska_cli.ledger.dialect', "
        "'baska_cli.ledger.filebytes', 'baska_cli.ledger.format', 'baska_cli.ledger.garbled', "
        "'baska_cli.ledger.reader']"
    )
