"""Tab completion for `baska play`: contracts and commands first, then players and contras."""

from __future__ import annotations

import re
from collections.abc import Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from baska_cli.game.model import Contract
from baska_cli.game.spelling import fold
from baska_cli.game.vocabulary import ADJUST_WORD, COUNTED_CONTRAS, PENALTY_WORD
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.line import COMMANDS

FIRST_WORDS = (
    *(contract.value for contract in Contract),
    PENALTY_WORD,
    ADJUST_WORD,
    *(words[0] for words, _help in COMMANDS.values()),
)
_PART = re.compile(r"[+,:]")


class LineCompleter(Completer):
    """The first word: a contract, kara, adj or a command; after it (and after `+` at the
    start, which corrects the last hand): the table's players, even inside `A+C` or `k:B,A`,
    and the contras."""

    def __init__(self, keeper: Scorekeeper) -> None:
        self.keeper = keeper

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """What may follow the word before the cursor."""
        before = document.text_before_cursor
        correcting = before.startswith("+")
        words = before.removeprefix("+").split(" ")
        word = words[-1]
        if len(words) == 1 and not correcting:
            choices: tuple[str, ...] = FIRST_WORDS
            part = word
        else:
            part = _PART.split(word)[-1]
            choices = (*self.keeper.players, *COUNTED_CONTRAS, PENALTY_WORD)
            if correcting and len(words) == 1:
                choices = (*choices, *(contract.value for contract in Contract))
        key = fold(part)
        for choice in choices:
            if fold(choice).startswith(key) and fold(choice) != key:
                yield Completion(choice, start_position=-len(part))
