"""Atheris fuzz targets (optional; not part of pytest): the notation parser and the ledger
reader may raise nothing but the project's own errors. Run: tests/fuzz/run [RUNS]."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile

import atheris

with atheris.instrument_imports():
    from baska_cli import ledger
    from baska_cli.errors import BaskaError
    from baska_cli.game.notation import parse_hand

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
FOLDER = tempfile.mkdtemp(prefix="baska-fuzz-")
PATH = os.path.join(FOLDER, "fuzz.csv")
HEADER = (
    b"baska ledger,1\nplayers,Ania,Bartek,Celina,Darek\nrules,plb\nfirst dealer,Ania\n"
    b"deals,8\n\n#,dealer,hand,Ania,Bartek,Celina,Darek,"
    b"Ania total,Bartek total,Celina total,Darek total,status\n"
)


def notation(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(200)
    with contextlib.suppress(BaskaError):
        parse_hand(text, PLAYERS)


def ledger_file(data: bytes) -> None:
    with open(PATH, "wb") as stream:
        stream.write(HEADER + data if data[:1] != b"!" else data[1:])
    with contextlib.suppress(BaskaError):
        ledger.check(PATH)


if __name__ == "__main__":
    target = {"notation": notation, "ledger": ledger_file}[sys.argv.pop(1)]
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()
