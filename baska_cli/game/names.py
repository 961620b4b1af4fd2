"""Players' names: four that a table can use, told apart at a glance and in the notation.

A name may not be empty, too long, hold a space or a sign of the notation, a digit other
than 0–9, a control, filler or other invisible character, be a number (a seat), start like a
spreadsheet formula or hold a `;` (where a spreadsheet may split a cell), or be a word of the
notation; the four may not be equal case- and accent-blind (and blind to invisible
characters) nor look alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence

from baska_cli.errors import NotationError
from baska_cli.game.formula import runs_as_formula
from baska_cli.game.model import SEATS
from baska_cli.game.spelling import fold
from baska_cli.game.vocabulary import (
    ADJUST_WORD,
    CONTRACT_LOOKUP,
    MAX_NAME,
    PENALTY_WORD,
    other_digit,
)
from baska_cli.i18n import N_, _, ngettext

_FORBIDDEN_IN_NAMES = re.compile(r"[\s+,/:]")

# Letters that are drawn as nothing (Hangul fillers, the blank braille pattern, the combining
# grapheme joiner, Khmer's inherent vowels, Mongolian's variation selectors): a name holding
# one looks like another name, or like no name at all.
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f")
_UNSEEN = ("Mn", "Me", "Cf", "Cc", "Zs", "Zl", "Zp")  # marks, formats, blanks: drawn as nothing


def name_key(name: str) -> str:
    """A name as it looks: compatibility forms, no invisible or combining characters, no
    case, no diacritics; two names with one key are told apart by nothing a player sees."""
    text = unicodedata.normalize("NFKC", name)
    seen = (
        ch
        for ch in unicodedata.normalize("NFKD", text)
        if ch not in _FILLERS and unicodedata.category(ch) not in _UNSEEN
    )
    return fold("".join(seen).casefold())


def _unseen_problem(name: str) -> str | None:
    """Why a name cannot be seen as written (a filler letter, only marks, a leading mark)."""
    filler = next((ch for ch in name if ch in _FILLERS), None)
    if filler is not None:
        return _(
            "{name} cannot be a player's name: it holds {character}, a character that is "
            "drawn as nothing"
        ).format(name=ascii(name), character=f"U+{ord(filler):04X}")
    if not name_key(name) or unicodedata.category(name[0]) in ("Mn", "Me"):
        return _(
            "{name} cannot be a player's name: it has no letter that can be seen, only "
            "accents or invisible characters"
        ).format(name=ascii(name))
    return None


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


def look_alike(a: str, b: str) -> bool:
    """Whether two folded names can be read as each other, letter by letter."""
    if len(a) != len(b):
        return False
    return all(
        x == y or bool(set(_LOOK_ALIKE.get(x, x)) & set(_LOOK_ALIKE.get(y, y)))
        for x, y in zip(a, b, strict=True)
    )


def check_name(name: str, longest: int = MAX_NAME) -> str:
    """One usable name (stripped), or a NotationError that says why not."""
    name = name.strip()
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
    if "?" in name or "\ufffd" in name:
        raise NotationError(
            _(
                '"{name}" cannot be a player\'s name: "?" is what a program writes for a letter '
                "it could not save"
            ).format(name=name)
        )
    if not name.isprintable():
        raise NotationError(
            _("{name} cannot be a player's name: it holds a control character").format(
                name=ascii(name)
            )
        )
    unseen = _unseen_problem(name)
    if unseen is not None:
        raise NotationError(unseen)
    if name.isdigit():
        raise NotationError(
            _('"{name}" cannot be a player\'s name: digits mean seat numbers').format(name=name)
        )
    if runs_as_formula(name):
        raise NotationError(
            _(
                '"{name}" cannot be a player\'s name: a spreadsheet would run it as a formula'
            ).format(name=name)
        )
    if ";" in name:
        raise NotationError(
            _(
                '"{name}" cannot be a player\'s name: a spreadsheet would split it into two '
                'cells at the ";"'
            ).format(name=name)
        )
    if fold(name) in CONTRACT_LOOKUP or fold(name) in (PENALTY_WORD, ADJUST_WORD):
        raise NotationError(
            _('"{name}" cannot be a player\'s name: it is a word of the notation').format(name=name)
        )
    return name


def check_one_alphabet(name: str) -> None:
    """A NotationError if the name mixes Latin, Cyrillic and Greek letters (`Аnia`)."""
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
        check_name(name, longest)
    folded = [fold(n) for n in names]
    keys = [name_key(n) for n in names]
    for i, name in enumerate(folded):
        if keys[i] in keys[:i]:
            raise NotationError(
                _('"{name}" appears twice: the four names must differ').format(name=names[i])
            )
        other = next((j for j in range(i) if look_alike(folded[j], name)), None)
        if other is not None:
            raise NotationError(
                _(
                    '"{first}" and "{second}" look alike (Latin, Cyrillic or Greek letters that '
                    "look the same): the four names must be told apart"
                ).format(first=names[other], second=names[i])
            )
    for name in names:
        check_one_alphabet(name)
    return names


# Spellings of one sound that players write either way (Felix, Feliks; Wojtek, Voytek).
_SOUNDS = (("x", "ks"), ("v", "w"), ("ph", "f"), ("th", "t"), ("y", "j"), ("ck", "k"))
# Polish letters written for one sound (Mądry, Mondry; Góra, Gura; Rzepka, Żepka; Chmiel,
# Hmiel), before folding: the nasal vowels as a vowel and n, ó as u.
_POLISH = str.maketrans({"ą": "on", "ę": "en", "ó": "u"})
_NASAL = re.compile(r"([oe])m(?=[bp])")  # Dombrowski as Dąbrowski: om, em before b or p
_POLISH_SOUNDS = (("rz", "z"), ("ch", "h"))


def _sound(folded: str) -> str:
    """A folded name with spelling variants of one sound written one way, doubled letters once."""
    for variant, plain in _SOUNDS:
        folded = folded.replace(variant, plain)
    return "".join(ch for i, ch in enumerate(folded) if i == 0 or ch != folded[i - 1])


def _polish_sound(name: str) -> str:
    """A name as it sounds in Polish: ą, ę as on, en (om, em before b and p as on, en), ó as
    u, rz as z (ż), ch as h, then folded and `_sound`'s variants written one way."""
    text = fold(name.casefold().translate(_POLISH))
    text = _NASAL.sub(r"\1n", text)
    for variant, plain in _POLISH_SOUNDS:
        text = text.replace(variant, plain)
    return _sound(text)


def _sounds(name: str) -> tuple[str, str]:
    """The two ways a name is heard: its spelling folded, and its Polish sound."""
    return _sound(fold(name)), _polish_sound(name)


def _one_edit(a: str, b: str) -> bool:
    """Whether b is a with one letter changed, added, removed, or two neighbours swapped."""
    if a == b:
        return True
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and (a[diff[1]] == b[diff[0]])
        )
    if abs(len(a) - len(b)) != 1:
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[i:] == long[i + 1 :]


ONE_EDIT_FROM = 5  # letters a name needs before one letter apart counts as misspelt


def likely_same(a: str, b: str) -> bool:
    """Whether two different names look like one player's name misspelt: equal when
    spelling variants of a sound are written one way (`Felix`, `Feliks`; in Polish `Mądry`,
    `Mondry`), one letter apart in names of five letters or more (`Bartek`, `Bratek`), or
    Latin/Cyrillic/Greek look-alikes."""
    fa, fb = fold(a), fold(b)
    if fa == fb or look_alike(fa, fb):
        return True
    for sa, sb in zip(_sounds(a), _sounds(b), strict=True):
        if sa == sb or (min(len(sa), len(sb)) >= ONE_EDIT_FROM and _one_edit(sa, sb)):
            return True
    return False


def alike_keys(name: str) -> set[str]:
    """The keys under which a name is filed so that two names `likely_same` share one: each
    way it is heard, its letters as the Latin ones they look like, and (from five letters)
    each way it is heard with one letter left out (a letter changed, added, removed or two
    swapped leave one such key in common). Names are compared by their keys, never each
    with each."""
    sounds = _sounds(name)
    keys = {*sounds, "".join(_LOOK_ALIKE.get(ch, ch)[0] for ch in fold(name))}
    for sound in sounds:
        if len(sound) >= ONE_EDIT_FROM:
            keys.update(sound[:i] + sound[i + 1 :] for i in range(len(sound)))
    return keys


def similar_pairs(
    names: Sequence[str], among: Collection[int] | None = None
) -> list[tuple[str, str]]:
    """Pairs of different names (each name once, in the order given) that look like one
    player's name misspelt (`likely_same`), the earlier name first; with `among`, only the
    pairs one of these names (by their index) takes part in. The names are filed by their
    `alike_keys`: the cost grows with the names, not with their pairs."""
    filed: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        for key in alike_keys(name):
            filed.setdefault(key, []).append(i)
    asked = range(len(names)) if among is None else sorted(set(among))
    found: set[tuple[int, int]] = set()
    for i in asked:
        folded = fold(names[i])
        near = {j for key in alike_keys(names[i]) for j in filed[key] if j != i}
        for j in near:
            pair = (min(i, j), max(i, j))
            if pair not in found and fold(names[j]) != folded and likely_same(names[i], names[j]):
                found.add(pair)
    return [(names[i], names[j]) for i, j in sorted(found)]


def parse_aliases(text: str, origin: str) -> dict[str, str]:
    """An alias file: `Felix = Feliks` lines (the name written, then the name it is merged
    into), `#` comments and blank lines skipped; the folded alias to the name kept."""
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        alias, equals, name = (part.strip() for part in line.partition("="))
        if not equals or not alias or not name or "=" in name:
            raise NotationError(
                _(
                    '{where}: "{line}" is not an alias; expected e.g. "Felix = Feliks" (the name '
                    "written, then the name to count it as)"
                ).format(where=f"{origin}:{number}", line=line)
            )
        try:
            check_name(name)
        except NotationError as error:
            raise NotationError(f"{origin}:{number}: {error}") from None
        if fold(alias) == fold(name) or fold(alias) in found:
            raise NotationError(
                _('{where}: "{alias}" is given twice or as itself').format(
                    where=f"{origin}:{number}", alias=alias
                )
            )
        found[fold(alias)] = name
    for name in found.values():
        if fold(name) in found:
            raise NotationError(
                _(
                    '{origin}: "{name}" is an alias itself; merge each name straight into the '
                    "name kept"
                ).format(origin=origin, name=name)
            )
    return found
