"""One table's hands scored once each, by their text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from baska_cli.errors import BaskaError
from baska_cli.game.model import Deltas, Entry, Outcome
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score


class Scored(NamedTuple):
    """A hand's text read with the session's names: each seat's change, its canonical text,
    and the entry read and its outcome (what the changes come from)."""

    deltas: Deltas
    text: str  # format_hand of the hand read: what baska writes for it
    entry: Entry
    outcome: Outcome


class Scorer:
    """parse_hand + score with one table's names and rules, each hand's text scored once
    (the first `limit` texts are kept). A text that fails is not kept: its error is worded
    in the language of each call (a server answers phones in two languages)."""

    def __init__(self, players: Sequence[str], rules: RuleSet, limit: int = 100_000) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.limit = limit
        self.cache: dict[str, Scored] = {}

    def __call__(self, text: str) -> Scored | BaskaError:
        """The scored hand, or the error that parsing or scoring raised (never raises it)."""
        found = self.cache.get(text)
        if found is not None:
            return found
        try:
            entry = parse_hand(text, self.players, self.rules.contracts)
            outcome = score(entry, self.rules, self.players)
        except BaskaError as error:
            return error
        result = Scored(outcome.deltas, format_hand(entry, self.players), entry, outcome)
        if len(self.cache) < self.limit:
            self.cache[text] = result
        return result
