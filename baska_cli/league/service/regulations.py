"""What a front end asks of a league's title and regulations: each one and its value, and one
changed (`league set`), read and checked by its row (league/regulations.py)."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.league import folder
from baska_cli.league.regulations import regulation
from baska_cli.league.settings import shown, with_value


@dataclass(frozen=True, slots=True)
class Changed:
    """A regulation changed: its name, its value before and after (as `set` shows them)."""

    key: str
    before: str
    after: str


def regulations(path: str) -> list[tuple[str, str]]:
    """Every regulation (and the title) with its value, as `league set` takes it."""
    return shown(folder.load(path).league)


def change(path: str, key: str, text: str) -> Changed:
    """Change one regulation (or the title): the value typed read by its row (bad input
    refused naming its bounds), league.toml replaced only if the value changes."""
    row = regulation(key)
    value = row.kind.parse(text, row.name)
    with folder.lock(path):
        league = folder.load(path)
        changed = with_value(league.league, row, value)
        before, after = dict(shown(league.league))[row.name], dict(shown(changed))[row.name]
        if changed != league.league:
            folder.save_league(league, changed)
    return Changed(row.name, before, after)
