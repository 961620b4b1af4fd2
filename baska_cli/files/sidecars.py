"""The side files `baska serve` keeps beside a ledger (`.NAME.serve-key`, `.NAME.changes`,
`.NAME.entries`), named in one place; a new ledger made under an old file's name starts
without the old one's."""

from __future__ import annotations

import contextlib
import os

KINDS = ("serve-key", "changes", "entries")  # the table's key, who changed what, client ids


def sidecar(ledger: str, kind: str) -> str:
    """The side file `.NAME.KIND` beside the ledger."""
    folder, name = os.path.split(os.path.abspath(ledger))
    return os.path.join(folder, f".{name}.{kind}")


def forget_sidecars(ledger: str) -> None:
    """Remove the side files of a ledger that is gone (a new ledger is being made in its
    place): last week's key would let last week's links in, its change log and client ids
    would speak of hands this ledger never had. A symbolic link is removed, never followed."""
    for kind in KINDS:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(sidecar(ledger, kind))
