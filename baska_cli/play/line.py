"""What a line typed in `baska play` asks for: a hand, a correction or a command (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from baska_cli.errors import NotationError
from baska_cli.game.numbers import shown, whole
from baska_cli.game.seats import table_of
from baska_cli.game.spelling import fold, nearest
from baska_cli.i18n import N_, _, language


class Command(NamedTuple):
    """A command of `play`: its English words (the first is its name), its Polish words
    (the first is its Polish name) and what it does, for `help`."""

    words: tuple[str, ...]
    polish: tuple[str, ...]
    meaning: str


COMMANDS: dict[str, Command] = {
    "undo": Command(("undo", "u"), ("cofnij",), N_("take back the last hand")),
    "void": Command(
        ("void", "v"),
        ("unieważnij", "uniewaznij"),
        N_("void hand N: it keeps its deal, its score is skipped"),
    ),
    "amend": Command(
        ("amend", "a"), ("popraw",), N_("correct hand N: the whole text, or what changes")
    ),
    "sheet": Command(("sheet", "s"), ("arkusz",), N_("the score sheet")),
    "standings": Command(("standings", "st"), ("tabela", "wyniki"), N_("places and totals")),
    "explain": Command(
        ("explain", "e"),
        ("wyjaśnij", "wyjasnij"),
        N_("why hand N (default: the last) scored so"),
    ),
    "quote": Command(
        ("quote",),
        ("ile",),
        N_("what contract C pays in every outcome and at every contra"),
    ),
    "help": Command(("help", "h", "?"), ("pomoc",), N_("this list")),
    "quit": Command(
        ("quit", "q", "exit"),
        ("koniec",),
        N_("leave (Ctrl-D too); every hand is saved already"),
    ),
}
# every word of a command, folded (`unieważnij` and `uniewaznij` are one), to its command
WORDS = {
    fold(word): name
    for name, command in COMMANDS.items()
    for word in (*command.words, *command.polish)
}
YES = ("t", "tak", "y", "yes")
NO = ("n", "nie", "no")
CORRECT_LAST = "+"  # `+k`: the last hand, corrected by the words that follow


@dataclass(frozen=True, slots=True)
class Line:
    """A line read: `kind` is "hand" (text), "correct" (the last hand: text), one of
    COMMANDS (with `number` and `text` where it takes them), or "empty"."""

    kind: str
    text: str = ""
    number: int | None = None


def read_line(typed: str) -> Line:
    """What the line asks for. A line whose first word is a command word is that command;
    `+WORDS` corrects the last hand; anything else is a hand's text. Raises NotationError
    for a command typed wrong (a missing or bad hand number), quoting it."""
    text = typed.strip()
    if not text or text.startswith("#"):
        return Line("empty")
    if text.startswith(CORRECT_LAST):
        rest = text[len(CORRECT_LAST) :].strip()
        if not rest:
            raise NotationError(
                _('"+" needs what changes in the last hand, e.g. "+k" (a contra) or "+70"')
            )
        return Line("correct", rest)
    head, _sep, rest = text.partition(" ")
    name = WORDS.get(fold(head))
    if name is None:
        return Line("hand", text)
    rest = rest.strip()
    # the command as it is named in the examples: in Polish if it was typed so
    said = head if fold(head) in map(fold, COMMANDS[name].polish) else name
    if name == "quote":
        if not rest or len(rest.split()) > 1:
            raise NotationError(
                _('"{typed}" needs one contract, e.g. "{example}"').format(
                    typed=text, example=f"{head} zo"
                )
            )
        return Line(name, rest)
    if name in ("void", "amend", "explain"):
        number_text, _sep, words = rest.partition(" ")
        if not number_text:
            if name == "explain":
                return Line(name)
            example = f"{said} 3" if name == "void" else f"{said} 3 k"
            raise NotationError(
                _('"{typed}" needs the hand\'s number, e.g. "{example}"').format(
                    typed=shown(text), example=example
                )
            )
        number = whole(number_text)
        if number is None or number < 1:
            raise NotationError(
                _('"{number}" is not a hand number; expected a whole number from 1').format(
                    number=shown(number_text)
                )
            )
        words = words.strip()
        if name == "amend" and not words:
            raise NotationError(
                _('"{typed}" needs the correction, e.g. "{command} {number} k"').format(
                    typed=shown(text), command=said, number=shown(number_text)
                )
            )
        if name != "amend" and words:
            raise NotationError(
                _('"{typed}": {command} takes only a hand number').format(
                    typed=shown(text), command=said
                )
            )
        return Line(name, words, number)
    if rest:
        raise NotationError(
            _('"{typed}": {command} takes nothing after it').format(typed=shown(text), command=said)
        )
    return Line(name)


def command_name(name: str) -> str:
    """The name of a command in the language spoken now (`cofnij` in Polish)."""
    command = COMMANDS[name]
    return command.polish[0] if language() == "pl" else command.words[0]


def command_hint(word: str) -> str:
    """`; did you mean "undo"?` for a word near a command's name (its English or Polish
    name, as the word is nearer), or nothing."""
    names = {
        fold(spelling): spelling
        for command in COMMANDS.values()
        for spelling in (command.words[0], command.polish[0])
    }
    near = nearest(fold(word), [name for name in names if len(name) > 2])
    return _('; did you mean "{command}"?').format(command=names[near]) if near else ""


def yes_or_no(answer: str) -> bool | None:
    """An answer to a yes-or-no question: True for t, tak, y, yes; False for n, nie, no;
    None for anything else (asked again)."""
    word = fold(answer.strip())
    if word in YES:
        return True
    if word in NO:
        return False
    return None


def example_hand(players: Sequence[str]) -> str:
    """A hand written with this table's names, as a player would type it: `zw łuc+zbi 61 k`."""
    table = table_of(tuple(players))

    def short(seat: int) -> str:
        name = players[seat].lower()
        for length in range(min(3, len(name)), len(name)):
            if list(table.matches(name[:length])) == [seat]:
                return name[:length]
        return name

    return f"zw {short(0)}+{short(2)} 61 k"
