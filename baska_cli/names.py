"""Players' names: four that a table can use, told apart at a glance and in the notation.

A name may not be empty, too long, hold a space or a sign of the notation, a digit other
than 0–9 or a control character, be a number (a seat), start like a spreadsheet formula, or
be a word of the notation; the four may not be equal case- and accent-blind nor look alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from baska_cli.errors import NotationError
from baska_cli.i18n import N_, _, ngettext
from baska_cli.model import SEATS
from baska_cli.notation import (
    ADJUST_WORD,
    CONTRACT_LOOKUP,
    MAX_NAME,
    PENALTY_WORD,
    fold,
    other_digit,
)

_FORBIDDEN_IN_NAMES = re.compile(r"[\s+,/:]")

# Letters of the Cyrillic and Greek alphabets that look like Latin ones, lower case (names
# are compared case-blind, so a capital's look-alike is given by its lower case: Cyrillic
# "В" is "в"), each with the Latin letters it can pass for. A subset of Unicode's
# confusables.txt (UTS #39, https://www.unicode.org/Public/security/latest/confusables.txt)
# for these three scripts, where the names of a table are typed.
_LOOK_ALIKE: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "з": "3", "к": "k", "м": "m", "н": "h", "о": "o",
    "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i",
    "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "г": "r",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "hn", "ι": "i", "κ": "k", "μ": "mu",
    "ν": "nv", "ο": "o", "ρ": "p", "τ": "t", "υ": "yu", "χ": "x", "ω": "w",
}  # fmt: skip
_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
_SCRIPT_NAMES = (N_("Latin"), N_("Cyrillic"), N_("Greek"))  # as _scripts() names them


def _scripts(name: str) -> dict[str, str]:
    """The alphabets (Latin, Cyrillic, Greek) of the name's letters, each with its first letter."""
    found: dict[str, str] = {}
    for ch in name:
        script = "LATIN" if ch.isascii() else unicodedata.name(ch, "").partition(" ")[0]
        if ch.isalpha() and script in _SCRIPTS:
            found.setdefault(script.capitalize(), ch)
    return found


def _look_alike(a: str, b: str) -> bool:
    """Whether two folded names can be read as each other, letter by letter."""
    if len(a) != len(b):
        return False
    return all(
        x == y or bool(set(_LOOK_ALIKE.get(x, x)) & set(_LOOK_ALIKE.get(y, y)))
        for x, y in zip(a, b, strict=True)
    )


def check_player_names(players: Sequence[str], longest: int = MAX_NAME) -> tuple[str, ...]:
    """Four usable names that cannot be taken for each other, or a NotationError; `longest`
    is the longest name allowed (a ledger written before the limit may still be read).

    Names may not be equal case- and accent-blind, nor look alike: two names whose letters
    are the same or Cyrillic and Greek look-alikes of each other (`Ola`, `Оla`) are refused,
    and so is one name that mixes Latin, Cyrillic and Greek letters (`Аnia` with a Cyrillic А).
    """
    names = tuple(p.strip() for p in players)
    if len(names) != SEATS:
        raise NotationError(
            _("a table has 4 players, got {count}: {names}").format(
                count=len(names), names=", ".join(names)
            )
        )
    for name in names:
        if not name:
            raise NotationError(_("a player's name is empty"))
        if len(name) > longest:
            raise NotationError(
                ngettext(
                    '"{start}…" ({count} character) cannot be a player\'s name: a name has at '
                    "most {most} characters",
                    '"{start}…" ({count} characters) cannot be a player\'s name: a name has at '
                    "most {most} characters",
                    len(name),
                ).format(start=name[:20], count=len(name), most=longest)
            )
        if _FORBIDDEN_IN_NAMES.search(name):
            raise NotationError(
                _(
                    '"{name}" cannot be a player\'s name: no spaces, "+", ",", "/" or ":" in names'
                ).format(name=name)
            )
        digit = other_digit(name)
        if digit is not None:
            raise NotationError(
                _(
                    '"{name}" cannot be a player\'s name: "{digit}" reads as a number; numbers '
                    "are written with the digits 0–9"
                ).format(name=name, digit=digit)
            )
        if not name.isprintable():
            raise NotationError(
                _("{name} cannot be a player's name: it holds a control character").format(
                    name=ascii(name)
                )
            )
        if name.isdigit():
            raise NotationError(
                _('"{name}" cannot be a player\'s name: digits mean seat numbers').format(name=name)
            )
        if name[0] in "=+-@":
            raise NotationError(
                _(
                    '"{name}" cannot be a player\'s name: a spreadsheet would run it as a formula'
                ).format(name=name)
            )
        if fold(name) in CONTRACT_LOOKUP or fold(name) in (PENALTY_WORD, ADJUST_WORD):
            raise NotationError(
                _('"{name}" cannot be a player\'s name: it is a word of the notation').format(
                    name=name
                )
            )
    folded = [fold(n) for n in names]
    for i, name in enumerate(folded):
        if name in folded[:i]:
            raise NotationError(
                _('"{name}" appears twice: the four names must differ').format(name=names[i])
            )
        other = next((j for j in range(i) if _look_alike(folded[j], name)), None)
        if other is not None:
            raise NotationError(
                _(
                    '"{first}" and "{second}" look alike (Latin, Cyrillic or Greek letters that '
                    "look the same): the four names must be told apart"
                ).format(first=names[other], second=names[i])
            )
    for name in names:
        scripts = _scripts(name) if not name.isascii() else {}
        if len(scripts) > 1:
            mixed = _(" and ").join(
                _('{script} letters ("{letter}")').format(script=_(script), letter=ch)
                for script, ch in scripts.items()
            )
            raise NotationError(
                _(
                    '"{name}" cannot be a player\'s name: it mixes {mixed}, which look alike; '
                    "write it in one alphabet"
                ).format(name=name, mixed=mixed)
            )
    return names
