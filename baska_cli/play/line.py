"""What a line typed in `baska play` asks for: a hand, a correction or a command (pure)."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.errors import NotationError
from baska_cli.game.numbers import shown, whole
from baska_cli.game.spelling import fold, nearest
from baska_cli.i18n import N_, _

# every command: its words (the first is its name) and what it does, for `help`
COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "undo": (("undo", "u"), N_("take back the last hand")),
    "void": (("void", "v"), N_("void hand N: it keeps its deal, its score is skipped")),
    "amend": (("amend", "a"), N_("correct hand N: the whole text, or what changes")),
    "sheet": (("sheet", "s"), N_("the score sheet")),
    "standings": (("standings", "st"), N_("places and totals")),
    "explain": (("explain", "e"), N_("why hand N (default: the last) scored so")),
    "help": (("help", "h", "?"), N_("this list")),
    "quit": (("quit", "q", "exit"), N_("leave (Ctrl-D too); every hand is saved already")),
}
WORDS = {word: name for name, (words, _help) in COMMANDS.items() for word in words}
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
    if name in ("void", "amend", "explain"):
        number_text, _sep, words = rest.partition(" ")
        if not number_text:
            if name == "explain":
                return Line(name)
            example = "void 3" if name == "void" else "amend 3 k"
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
                _('"{typed}" needs the correction, e.g. "amend {number} k"').format(
                    typed=shown(text), number=shown(number_text)
                )
            )
        if name != "amend" and words:
            raise NotationError(
                _('"{typed}": {command} takes only a hand number').format(
                    typed=shown(text), command=name
                )
            )
        return Line(name, words, number)
    if rest:
        raise NotationError(
            _('"{typed}": {command} takes nothing after it').format(typed=shown(text), command=name)
        )
    return Line(name)


def command_hint(word: str) -> str:
    """`; did you mean "undo"?` for a word near a command's name, or nothing."""
    near = nearest(fold(word), [name for name in COMMANDS if len(name) > 2])
    return _('; did you mean "{command}"?').format(command=near) if near else ""
