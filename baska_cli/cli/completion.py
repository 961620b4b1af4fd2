"""Tab completion for `baska play`: what the parser would read, under the table's rules and
names: contracts and commands first, then players and contras."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from baska_cli.game.model import Contract
from baska_cli.game.seats import table_of
from baska_cli.game.spelling import fold
from baska_cli.game.vocabulary import ADJUST_WORD, COUNTED_CONTRAS, PENALTY_WORD
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.line import COMMANDS, command_name

_PART = re.compile(r"[+,:]")


class LineCompleter(Completer):
    """The first word: a contract of the rules in force, kara, adj or a command (by its
    name in the language spoken); after it (and after `+` at the start, which corrects the
    last hand): the players the typed letters would name, even inside `A+C` or `k:B,A`
    (`ż` is Żaneta only), and the contras."""

    def __init__(self, keeper: Scorekeeper) -> None:
        self.keeper = keeper

    def contracts(self) -> list[str]:
        """The short names of the contracts the ledger's rules have."""
        rules = self.keeper.session.rules
        return [contract.value for contract in Contract if rules.has(contract)]

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """What may follow the word before the cursor."""
        before = document.text_before_cursor
        correcting = before.startswith("+")
        words = before.removeprefix("+").split(" ")
        word = words[-1]
        if len(words) == 1 and not correcting:
            names = [command_name(name) for name in COMMANDS]
            yield from _starting(word, [*self.contracts(), PENALTY_WORD, ADJUST_WORD, *names])
            return
        part = _PART.split(word)[-1]
        if not part:
            return
        yield from self._players(part)
        words_after = [*COUNTED_CONTRAS, PENALTY_WORD]
        if correcting and len(words) == 1:
            words_after = [*self.contracts(), *words_after]
        yield from _starting(part, words_after)

    def _players(self, part: str) -> Iterator[Completion]:
        """The players the parser would read the typed letters as."""
        players = self.keeper.players
        for seat in table_of(tuple(players)).matches(part):
            if players[seat].lower() != part.lower():
                yield Completion(players[seat], start_position=-len(part))


def _starting(part: str, choices: Sequence[str]) -> Iterator[Completion]:
    """The choices that start with the typed letters (folded), but not the word itself."""
    key = fold(part)
    for choice in choices:
        if fold(choice).startswith(key) and fold(choice) != key:
            yield Completion(choice, start_position=-len(part))
