"""The kinds of a tournament's settings (a count, a text, a choice, a flag, an order, a rule
system, pairs of players, players pinned to tables): each parses what was typed, checks its bounds
(the one place they are checked), shows, stores and reads back a value."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from baska_cli.errors import TournamentInputError
from baska_cli.game.numbers import shown as quoted
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.format import rules_lines
from baska_cli.rulesets.loader import load_rules, rules_from_lines
from baska_cli.tournament.draw import SEATS

YES, NO = ("yes", "true", "on", "1", "tak"), ("no", "false", "off", "0", "nie")
Name = Callable[[str], str]
"""A typed player's name -> the name as the players file keeps it (an error if none)."""


def check_fixed(fixed: Sequence[tuple[str, int]], players: int) -> None:
    """Refuse fixed tables no round can give: a table past the last that `players` fill, one
    player at two tables, or more than four players at one table."""
    tables = players // SEATS
    for name, table in fixed:
        if not 1 <= table <= tables:
            raise TournamentInputError(
                ngettext(
                    "--fixed {name}={table}: the {players} players fill {count} table; "
                    "expected a table from 1 to {count}",
                    "--fixed {name}={table}: the {players} players fill {count} tables; "
                    "expected a table from 1 to {count}",
                    tables,
                ).format(name=name, table=table, players=players, count=tables)
            )
    for name, times in Counter(name for name, _table in fixed).items():
        if times > 1:
            given = ", ".join(f"{name}={t}" for n, t in fixed if n == name)
            raise TournamentInputError(
                _("--fixed {given}: a player sits at one table").format(given=given)
            )
    for table, times in Counter(table for _name, table in fixed).items():
        if times > SEATS:
            names = ", ".join(n for n, t in fixed if t == table)
            raise TournamentInputError(
                _("--fixed: {names} all asked for table {table}, but a table seats four").format(
                    names=names, table=table
                )
            )


class Kind:
    """How a setting's value is typed (`parse`, `key` as the user spelled it: `rounds` after
    `set`, `--rounds` after `new`), checked, shown as `set` takes it, and kept in the file."""

    flag = False  # `new` takes it as a flag, `set` as yes or no
    repeatable = False  # `new` takes one item at a time (--apart A,B --apart C,D)

    @property
    def bounds(self) -> tuple[int, int] | None:
        """The lowest and the highest number, for a number."""
        return None

    def parse(self, text: str, key: str) -> Any:
        """The value typed, checked; a TournamentInputError quoting it otherwise."""
        raise NotImplementedError

    def check(self, value: Any, key: str) -> None:
        """Refuse a value out of bounds (the one place a setting's bounds are checked)."""

    def refused(self, key: str, text: str) -> TournamentInputError:
        """The refusal of `text` as the value of `key`, saying what the setting takes."""
        raise NotImplementedError

    def show(self, value: Any) -> str:
        """The value as `set` shows and takes it."""
        return str(value)

    def stored(self, value: Any) -> Any:
        """The value as tournament.toml keeps it (a dict: a table of its own)."""
        return value

    def loaded(self, raw: Any) -> Any:
        """The value from tournament.toml (or from a caller); TypeError or ValueError if wrong."""
        return raw

    def named(self, value: Any, name: Name) -> Any:
        """The value with the players' names as the players file keeps them."""
        return value

    def fits(self, value: Any, players: int) -> None:
        """Refuse a value no round of `players` players can give."""


@dataclass(frozen=True, slots=True)
class Count(Kind):
    """A whole number from `low` to `high` (`zero_left_out`: 0 is not written to the file)."""

    low: int
    high: int
    zero_left_out: bool = False

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest number."""
        return self.low, self.high

    def parse(self, text: str, key: str) -> int:
        """The number typed (ASCII digits only)."""
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
            raise self.refused(key, text)
        self.check(int(digits), key)
        return int(digits)

    def check(self, value: Any, key: str) -> None:
        """Refuse a number out of bounds."""
        if not self.low <= value <= self.high:
            raise self.refused(key, str(value))

    def refused(self, key: str, text: str) -> TournamentInputError:
        """The refusal of `text`, saying what the setting takes."""
        return TournamentInputError(
            _('{key} "{text}": expected a whole number from {low} to {high}').format(
                key=key, text=quoted(text), low=self.low, high=self.high
            )
        )

    def stored(self, value: Any) -> Any:
        """The number ("" for a 0 left out: the default)."""
        return "" if self.zero_left_out and value == 0 else value

    def loaded(self, raw: Any) -> int:
        """An integer (not a boolean)."""
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise TypeError(raw)
        return raw


@dataclass(frozen=True, slots=True)
class Text(Kind):
    """One line of text of at most `most` characters (`empty`: none at all, too)."""

    most: int
    empty: bool = False

    def parse(self, text: str, key: str) -> str:
        """The text typed, without the spaces around it (none at all is refused unless
        `empty`)."""
        value = text.strip()
        if not value and not self.empty:
            raise self.refused(key, value)
        self.check(value, key)
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse a long text or one of several lines."""
        if len(value) > self.most or not value.isprintable():
            raise self.refused(key, value)

    def refused(self, key: str, text: str) -> TournamentInputError:
        """The refusal of `text`, saying what the setting takes."""
        return TournamentInputError(
            _('{key} "{text}": expected any text of one line, at most {most} characters').format(
                key=key, text=quoted(text), most=self.most
            )
        )

    def loaded(self, raw: Any) -> str:
        """A string."""
        if not isinstance(raw, str):
            raise TypeError(raw)
        return raw


@dataclass(frozen=True, slots=True)
class Choice(Kind):
    """One of `names` (an underscore typed for a hyphen: `play_on` is `play-on`)."""

    names: tuple[str, ...]

    def parse(self, text: str, key: str) -> str:
        """One of the names."""
        value = text.strip().casefold().replace("_", "-")
        if value not in self.names:
            raise TournamentInputError(
                _('{key} "{text}": expected one of {names}').format(
                    key=key, text=quoted(text), names=", ".join(self.names)
                )
            )
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse a name not in the list."""
        if value not in self.names:
            self.parse(str(value), key)

    def loaded(self, raw: Any) -> str:
        """One of the names."""
        if raw not in self.names:
            raise ValueError(raw)
        return str(raw)


class Flag(Kind):
    """Yes or no."""

    flag = True

    def parse(self, text: str, key: str) -> bool:
        """yes, true, on, 1, tak or no, false, off, 0, nie."""
        value = text.strip().casefold()
        if value not in YES + NO:
            raise TournamentInputError(
                _('{key} "{text}": expected yes or no').format(key=key, text=quoted(text))
            )
        return value in YES

    def show(self, value: Any) -> str:
        """yes or no, in the language of the call (`tak`, `nie`: `parse` takes both)."""
        return _("yes") if value else _("no")

    def loaded(self, raw: Any) -> bool:
        """A boolean."""
        if not isinstance(raw, bool):
            raise TypeError(raw)
        return raw


@dataclass(frozen=True, slots=True)
class Order(Kind):
    """Some of `names` in an order, `names[0]` first, each once."""

    names: tuple[str, ...]

    def parse(self, text: str, key: str) -> tuple[str, ...]:
        """Names with commas between."""
        value = self.loaded(text.split(","))
        self.check(value, key)
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse another first name, a name twice or an unknown one."""
        order = list(value)
        if (
            not order
            or order[0] != self.names[0]
            or len(set(order)) != len(order)
            or any(name not in self.names for name in order)
        ):
            raise TournamentInputError(
                _("{key} {given}: expected {first} first, then any of {rest}, each once").format(
                    key=key,
                    given=",".join(order),
                    first=self.names[0],
                    rest=", ".join(self.names[1:]),
                )
            )

    def show(self, value: Any) -> str:
        """Names with commas between."""
        return ",".join(value)

    def stored(self, value: Any) -> list[str]:
        """A list of names."""
        return list(value)

    def loaded(self, raw: Any) -> tuple[str, ...]:
        """A list of names."""
        if not isinstance(raw, list | tuple):
            raise TypeError(raw)
        return tuple(str(name).strip() for name in raw)


class Rules(Kind):
    """A rule system: a built-in's name or a house-rules file, kept as a ledger keeps it."""

    def parse(self, text: str, key: str) -> tuple[str, ...]:
        """The rule system named (a house-rules file is read)."""
        if not text.strip():
            raise TournamentInputError(
                _('{key} "": expected a rule system (plb, mester, pagat) or a house-rules .toml '
                  "file").format(key=key)
            )  # fmt: skip
        return tuple(rules_lines(load_rules(text.strip())))

    def show(self, value: Any) -> str:
        """The rule system's name."""
        return rules_from_lines(list(value), "tournament.toml").name

    def stored(self, value: Any) -> list[str]:
        """The lines."""
        return list(value)

    def loaded(self, raw: Any) -> tuple[str, ...]:
        """A list of lines."""
        if not isinstance(raw, list | tuple):
            raise TypeError(raw)
        return tuple(str(line) for line in raw)


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(";") if item.strip()]


class Pairs(Kind):
    """Pairs of players: `A,B;C,D`."""

    repeatable = True

    def parse(self, text: str, key: str) -> tuple[tuple[str, str], ...]:
        """Two names with a comma, pairs separated by semicolons."""
        pairs = []
        for item in _items(text):
            names = [n.strip() for n in item.split(",")]
            if len(names) != 2 or not all(names):
                raise TournamentInputError(
                    _(
                        '{key} "{text}": expected two names with a comma, pairs separated by '
                        'semicolons, e.g. {key} "Ania,Bartek;Celina,Darek"'
                    ).format(key=key, text=quoted(item))
                )
            pairs.append((names[0], names[1]))
        return tuple(pairs)

    def show(self, value: Any) -> str:
        """`A,B;C,D`."""
        return ";".join(f"{a},{b}" for a, b in value)

    def stored(self, value: Any) -> list[list[str]]:
        """A list of two-name lists."""
        return [list(pair) for pair in value]

    def loaded(self, raw: Any) -> tuple[tuple[str, str], ...]:
        """A list of pairs of names."""
        if not isinstance(raw, list | tuple):
            raise TypeError(raw)
        return tuple((str(a), str(b)) for a, b in raw)

    def named(self, value: Any, name: Name) -> tuple[tuple[str, str], ...]:
        """Both names of each pair, as kept."""
        return tuple((name(a), name(b)) for a, b in value)


class Pins(Kind):
    """Players each at one table: `A=1;B=2`."""

    repeatable = True

    def parse(self, text: str, key: str) -> tuple[tuple[str, int], ...]:
        """NAME=TABLE, separated by semicolons."""
        pins = []
        for item in _items(text):
            name, _eq, table = item.rpartition("=")
            digits = table.strip()
            if not name.strip() or not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
                raise TournamentInputError(
                    _(
                        '{key} "{text}": expected NAME=TABLE, separated by semicolons, e.g. '
                        '{key} "Ania=1;Bartek=2"'
                    ).format(key=key, text=quoted(item))
                )
            pins.append((name.strip(), int(digits)))
        return tuple(pins)

    def show(self, value: Any) -> str:
        """`A=1;B=2`."""
        return ";".join(f"{name}={table}" for name, table in value)

    def stored(self, value: Any) -> dict[str, int]:
        """A table: name = table."""
        return dict(value)

    def loaded(self, raw: Any) -> tuple[tuple[str, int], ...]:
        """A table of names (or pairs from a caller)."""
        pins = raw.items() if isinstance(raw, dict) else raw
        if not isinstance(raw, dict | list | tuple):
            raise TypeError(raw)
        return tuple((str(name), _table(table)) for name, table in pins)

    def named(self, value: Any, name: Name) -> tuple[tuple[str, int], ...]:
        """Each name as kept."""
        return tuple((name(n), table) for n, table in value)

    def fits(self, value: Any, players: int) -> None:
        """Refuse a table past the last that `players` fill, one player at two tables, or
        more than four players at one table."""
        check_fixed(value, players)


def _table(raw: Any) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise TypeError(raw)
    return raw
