"""A tournament's settings as one table of rows (SETTINGS): each setting's name, kind, bounds,
default, help and reach, which drive `tournament new`'s options, `tournament set`,
`tournament.toml` and the manual's list. A new setting is a row here and a field of Plan."""

from __future__ import annotations

import secrets
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.game.numbers import shown as quoted
from baska_cli.game.rules import RuleSet
from baska_cli.game.rules_toml import toml_value
from baska_cli.game.spelling import suggest
from baska_cli.i18n import N_, _, ngettext
from baska_cli.ledger.format import rules_lines
from baska_cli.rulesets import toml_problem
from baska_cli.rulesets.loader import load_rules, rules_from_lines
from baska_cli.tournament.draw import SEATS
from baska_cli.tournament.plan import TIE_BREAKS

FORMAT_VERSION = 1
MAX_PLAN = 1024 * 1024  # characters of tournament.toml; one is a few hundred
YES, NO = ("yes", "true", "on", "1", "tak"), ("no", "false", "off", "0", "nie")
Name = Callable[[str], str]
"""A typed player's name -> the name as the players file keeps it (an error if none)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What the organiser fixed when the tournament was made (one field per row of SETTINGS)."""

    rounds: int
    deals: int
    rules_lines: tuple[str, ...]  # as a ledger keeps them: a built-in's name or house lines
    seed: str
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    apart: tuple[tuple[str, str], ...] = ()  # pairs never seated at one table while possible
    apart_clubs: bool = False  # players of one club kept apart while possible
    fixed: tuple[tuple[str, int], ...] = ()  # a player who always sits at this table
    title: str = ""  # the pages' heading ("": the directory's name)

    def rules(self, origin: str = "tournament.toml") -> RuleSet:
        """The tournament's rule system."""
        return rules_from_lines(list(self.rules_lines), origin)


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
    """A whole number from `low` to `high`."""

    low: int
    high: int

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest number."""
        return self.low, self.high

    def parse(self, text: str, key: str) -> int:
        """The number typed (ASCII digits only)."""
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
            raise self._refused(key, text)
        self.check(int(digits), key)
        return int(digits)

    def check(self, value: Any, key: str) -> None:
        """Refuse a number out of bounds."""
        if not self.low <= value <= self.high:
            raise self._refused(key, str(value))

    def _refused(self, key: str, text: str) -> TournamentInputError:
        return TournamentInputError(
            _('{key} "{text}": expected a whole number from {low} to {high}').format(
                key=key, text=quoted(text), low=self.low, high=self.high
            )
        )

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
            raise self._refused(key, value)
        self.check(value, key)
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse a long text or one of several lines."""
        if len(value) > self.most or not value.isprintable():
            raise self._refused(key, value)

    def _refused(self, key: str, text: str) -> TournamentInputError:
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
        """yes or no."""
        return "yes" if value else "no"

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


class Reach(Enum):
    """What a change of a setting after `new` reaches (and what the rounds drawn forbid)."""

    ROUNDS = N_("not fewer than the rounds drawn")
    LEDGERS = N_("only before the first draw (the table ledgers hold it)")
    DRAWS = N_("the rounds still to draw")
    STANDINGS = N_("the standings, at once")
    PAGES = N_("the pages made from then on")


REQUIRED: Any = object()  # the default of a setting `new` must be given


def random_seed() -> str:
    """A seed for a tournament made without one (six digits at most)."""
    return str(secrets.randbelow(1_000_000))


@dataclass(frozen=True, slots=True)
class Setting:
    """One row of the table: a setting, typed as `set NAME VALUE` and `new --NAME VALUE`."""

    name: str
    kind: Kind
    default: Any  # REQUIRED, the value, or a function giving one
    metavar: str  # what `new --NAME` takes
    help: str  # N_: the help of `new --NAME` and the manual's words
    reach: Reach
    source: str  # where the bounds and the default come from (for maintainers)
    field: str = ""  # Plan's attribute, if not the name with underscores
    toml: str = ""  # the key in tournament.toml, if not the attribute

    @property
    def attribute(self) -> str:
        """The attribute of Plan that holds it."""
        return self.field or self.name.replace("-", "_")

    @property
    def key(self) -> str:
        """The key in tournament.toml."""
        return self.toml or self.attribute

    def value(self, given: Any) -> Any:
        """The value given, or the default for None."""
        if given is not None:
            return given
        if self.default is REQUIRED:
            raise TypeError(f"the setting {self.name} is required")
        return self.default() if callable(self.default) else self.default


# the table: a row per setting, in the order `set` shows them and tournament.toml keeps them
SETTINGS = (
    Setting(
        "title", Text(120, empty=True), "", metavar="TEXT",
        help=N_("The tournament's title on the projector, the pages and the printouts "
                "(default: the directory's name)."),
        reach=Reach.PAGES,
        source="the organiser (\"Grand Prix Lęborka 2026\"); a heading of one line, so at most "
        "120 characters; left out of tournament.toml while empty",
    ),
    Setting(
        "rounds", Count(1, 99), REQUIRED, metavar="N", help=N_("How many rounds."),
        reach=Reach.ROUNDS,
        source="the organiser; Kop plays 5 rounds, a DDV ranking event at least 3 (LEAGUES.md); "
        "the draw and `check` walk every round, so at most 99",
    ),
    Setting(
        "deals", Count(1, 200), REQUIRED, metavar="D", help=N_("Deals per table and round."),
        reach=Reach.LEDGERS,
        source="the organiser, within the rule system's session.deals; the longest series "
        "played is 60 (plb; Lębork plays 2 x 60, LEAGUES.md); a table sheet has a line a deal",
    ),
    Setting(
        "rules", Rules(), REQUIRED, metavar="NAME|FILE",
        help=N_("Rule system: plb (default), mester, pagat, or a house-rules .toml file."),
        reach=Reach.LEDGERS, field="rules_lines", toml="rules",
        source="`new --rules` (or BASKA_RULES); the system gives the place points and the "
        "series lengths check_plan holds the plan to",
    ),
    Setting(
        "seed", Text(24), random_seed, metavar="S",
        help=N_("The draw's seed (default: a random one, stored)."), reach=Reach.DRAWS,
        source="the organiser, or six random digits; 24 characters fit a message",
    ),
    Setting(
        "tie-breaks", Order(TIE_BREAKS), TIE_BREAKS, metavar="LIST",
        help=N_("How equal place points are ordered."), reach=Reach.STANDINGS,
        source="tournament/plan.py; place points first (PSB, Kop: LEAGUES.md), the others as "
        "the organiser orders them",
    ),
    Setting(
        "apart-clubs", Flag(), False, metavar="yes|no",
        help=N_("Keep players of one club apart while possible."), reach=Reach.DRAWS,
        source="the organiser; off unless asked",
    ),
    Setting(
        "apart", Pairs(), (), metavar="A,B",
        help=N_("Two players who should not sit at one table (repeatable)."), reach=Reach.DRAWS,
        source="the organiser; names of the players file",
    ),
    Setting(
        "fixed", Pins(), (), metavar="NAME=TABLE",
        help=N_("A player who always sits at this table (repeatable)."), reach=Reach.DRAWS,
        toml="fixed_tables",
        source="the organiser (a wheelchair, a table by the door); a table the players fill",
    ),
)  # fmt: skip
KEYS = tuple(row.name for row in SETTINGS)


def setting(key: str) -> Setting:
    """The row of the setting `key`, or an error listing them."""
    for row in SETTINGS:
        if row.name == key:
            return row
    raise TournamentInputError(
        _('unknown setting "{key}"; expected one of {keys}{hint}').format(
            key=key, keys=", ".join(KEYS), hint=suggest(key, KEYS)
        )
    )


def shown(plan: Plan) -> list[tuple[str, str]]:
    """Each setting and its value, as `set` takes it."""
    return [(row.name, row.kind.show(getattr(plan, row.attribute))) for row in SETTINGS]


def plan_of(values: Mapping[str, Any], name: Name, players: int) -> Plan:
    """The plan of `new`: each setting given (by Plan's attribute; None or left out: the
    default) checked as `--NAME` and its players named; a TypeError for an unknown one."""
    unknown = set(values) - {row.attribute for row in SETTINGS}
    if unknown:
        raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
    plan: dict[str, Any] = {}
    for row in SETTINGS:
        value = row.kind.named(row.kind.loaded(row.value(values.get(row.attribute))), name)
        row.kind.check(value, "--" + row.name)
        row.kind.fits(value, players)
        plan[row.attribute] = value
    return Plan(**plan)


def check_plan(plan: Plan, rules: RuleSet) -> None:
    """Refuse a plan out of its settings' bounds, one the rule system cannot rank (no place
    points) or whose series length the system does not play."""
    for row in SETTINGS:
        row.kind.check(getattr(plan, row.attribute), row.name)
    if not rules.place_points:
        raise TournamentInputError(
            _(
                "{rules} gives no place points, so it cannot rank a tournament; use a system "
                "that does (plb, mester) or house rules with session.place_points"
            ).format(rules=rules.name)
        )
    if rules.deals and plan.deals not in rules.deals:
        allowed = ", ".join(str(d) for d in rules.deals)
        raise TournamentInputError(
            _("--deals {deals}: {rules} plays series of {allowed} deals").format(
                deals=plan.deals, rules=rules.name, allowed=allowed
            )
        )


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


def format_plan(plan: Plan) -> str:
    """The text of `tournament.toml`: a line per setting, then those kept as tables."""
    comment = _(
        "A baska tournament: see `baska tournament --help`. Edit with care: the draw and\n"
        "the standings are read from this file and the others in this directory."
    )
    lines = [f"# {line}" for line in comment.splitlines()]
    lines.append(f"baska_tournament = {FORMAT_VERSION}")
    tables = []
    for row in SETTINGS:
        value = row.kind.stored(getattr(plan, row.attribute))
        if value == "":
            continue  # (an empty text: the default, left out)
        if isinstance(value, dict):
            tables += ["", f"[{row.key}]"]
            tables += [f"{toml_value(k)} = {toml_value(v)}" for k, v in value.items()]
        else:
            lines.append(f"{row.key} = {toml_value(value)}")
    return "\n".join(lines + tables) + "\n"


def parse_plan(text: str, origin: str) -> Plan:
    """Read `tournament.toml` back (a TournamentError naming the file for anything wrong; a
    setting left out takes its default, where it has one)."""
    problem = toml_problem(text) if len(text) <= MAX_PLAN else _("it is far too large")
    if problem is not None:
        raise TournamentError(
            _("not a usable TOML file: {error}").format(error=problem), origin
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentError(str(error), origin) from None
    if data.get("baska_tournament") != FORMAT_VERSION:
        raise TournamentError(
            _("not a baska tournament file (expected baska_tournament = 1)"), origin
        )
    values: dict[str, Any] = {}
    for row in SETTINGS:
        try:
            if row.key not in data and not callable(row.default):
                values[row.attribute] = row.kind.loaded(row.value(None))
            else:
                values[row.attribute] = row.kind.loaded(data[row.key])
        except (KeyError, TypeError, ValueError):
            raise TournamentError(
                _('"{key}" is missing or wrong').format(key=row.key), origin
            ) from None
    plan = Plan(**values)
    try:
        check_plan(plan, plan.rules(origin))
    except BaskaError as error:
        raise TournamentError(str(error), origin) from None
    return plan
