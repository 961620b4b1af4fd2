"""Ledgers read together as a season: names in several files that look like one misspelt."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

from baska_cli.errors import BaskaError
from baska_cli.game.names import similar_pairs
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.ledger.reader import open_ledger


def misspelt_warnings(paths: Sequence[str], aliases: Mapping[str, str] | None) -> list[str]:
    """Warnings about names in a season's files that look like one player's name misspelt
    (each name as its alias merges it; a file that cannot be read is left to the reading)."""
    where: dict[str, tuple[str, str]] = {}  # folded name: (name, first file)
    for path in paths:
        with contextlib.suppress(BaskaError, OSError), open_ledger(path) as reader:
            for name in reader.meta.players:
                if aliases and fold(name) in aliases:
                    name = aliases[fold(name)]
                where.setdefault(fold(name), (name, path))
    names = [name for name, _path in where.values()]
    return [
        _(
            'warning: "{a}" ({file_a}) and "{b}" ({file_b}) look like one player\'s name '
            'misspelt; if they are, merge them with --aliases FILE (a line "{b} = {a}")'
        ).format(a=a, file_a=where[fold(a)][1], b=b, file_b=where[fold(b)][1])
        for a, b in similar_pairs(names)
    ]
