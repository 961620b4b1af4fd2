"""A tournament's settings as one table of rows (SETTINGS): each setting's name, kind, bounds,
default, help and reach, which drive `tournament new`'s options, `tournament set`,
`tournament.toml` and the manual's list. A new setting is a row here and a field of Plan."""

from __future__ import annotations

import re
import secrets
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.game.rules import RuleSet
from baska_cli.game.rules_toml import toml_value
from baska_cli.game.spelling import suggest
from baska_cli.i18n import N_, _
from baska_cli.rulesets import toml_problem
from baska_cli.rulesets.loader import rules_from_lines
from baska_cli.tournament.plan import TIE_BREAKS
from baska_cli.tournament.setting_kinds import (
    Choice,
    Count,
    Flag,
    Kind,
    Name,
    Order,
    Pairs,
    Pins,
    Rules,
    Text,
)

FORMAT_VERSION = 1
MAX_PLAN = 1024 * 1024  # characters of tournament.toml; one is a few hundred
PLAY_ON, FINISH_DEAL = "play-on", "finish-deal"
TIME_UP = (PLAY_ON, FINISH_DEAL)  # what the tables do when the clock runs out (`time-up`)
LONGEST_ROUND = 600  # minutes a round's clock may run at most (the setting round-minutes)


@dataclass(frozen=True, slots=True)
class Plan:
    """What the organiser fixed when the tournament was made (one field per row of SETTINGS),
    the tournament's identity (IDENTITY: made by `new`, no setting) and the league an older
    file names."""

    rounds: int
    deals: int
    rules_lines: tuple[str, ...]  # as a ledger keeps them: a built-in's name or house lines
    seed: str
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    apart: tuple[tuple[str, str], ...] = ()  # pairs never seated at one table while possible
    apart_clubs: bool = False  # players of one club kept apart while possible
    fixed: tuple[tuple[str, int], ...] = ()  # a player who always sits at this table
    title: str = ""  # the pages' heading ("": the directory's name)
    fee: int = 0  # the entry fee the desk ticks off (0: none)
    round_minutes: int = 60  # the round's clock (tournament/clock/)
    time_up: str = "play-on"  # what the tables do when the clock runs out
    hide_standings: bool = False  # no running standings on the public screens
    double_entry: bool = False  # a paper sheet counts once typed twice alike (typed.py)
    league: str = ""  # the league's folder, as a tournament.toml of an earlier baska names it
    # (read, never written: the league's events are the one record of its tournaments)
    identity: str = ""  # no setting: the tournament's own, made by `new` (IDENTITY)

    def rules(self, origin: str = "tournament.toml") -> RuleSet:
        """The tournament's rule system."""
        return rules_from_lines(list(self.rules_lines), origin)


class Reach(Enum):
    """What a change of a setting after `new` reaches (and what the rounds drawn forbid)."""

    ROUNDS = N_("not fewer than the rounds drawn")
    LEDGERS = N_("only before the first draw (the table ledgers hold it)")
    DRAWS = N_("the rounds still to draw")
    STANDINGS = N_("the standings, at once")
    PAGES = N_("the pages made from then on")
    DESK = N_("the desk, at once")
    HALL = N_("the hall's screens, at once")
    TYPED = N_("the paper sheets typed from then on")


REQUIRED: Any = object()  # the default of a setting `new` must be given


IDENTITY = re.compile(r"[0-9a-f]{16}")
"""A tournament's identity in tournament.toml (`identity = "…"`, under the format's line):
made once by `new`, never set; a copy of the folder keeps it, so that a league knows the copy
for the tournament it is (an event counts once). A tournament made before it had one gets one
when a league adds it."""


def new_identity() -> str:
    """A tournament's identity: 16 random hexadecimal digits."""
    return secrets.token_hex(8)


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
    quiet: bool = False  # left out of tournament.toml while it holds its default (a file
    # written before the setting was, and one that does not use it, read and written alike)

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
    Setting(
        "fee", Count(0, 99_999, zero_left_out=True), 0, metavar="AMOUNT",
        help=N_("The entry fee the desk marks paid, a whole amount (default 0: none)."),
        reach=Reach.DESK,
        source="the organiser (25 zł with dinner at a league day, issue 34); left out of "
        "tournament.toml while 0",
    ),
    Setting(
        "round-minutes", Count(1, LONGEST_ROUND), 60, metavar="MIN", quiet=True,
        help=N_("The round's clock: minutes from `tournament start` to the time up."),
        reach=Reach.HALL,
        source="Kop (Wolsztyn): a round lasts at most one hour (LEAGUES.md); at most ten hours",
    ),
    Setting(
        "time-up", Choice(TIME_UP), "play-on", metavar="WHEN", quiet=True,
        help=N_("When the clock runs out: play-on (every deal is played) or finish-deal "
                "(the deal in hand is finished, no other is dealt)."),
        reach=Reach.HALL,
        source="Kop's hour and Tyrolean Tarock cups closing tables at a time limit "
        "(LEAGUES.md); play on unless the organiser says otherwise",
    ),
    Setting(
        "hide-standings", Flag(), False, metavar="yes|no", quiet=True,
        help=N_("No running standings on the projector and the public pages until the last "
                "round is over (the organiser still sees them)."),
        reach=Reach.HALL,
        source="Bridgemate: running scores can be hidden until the end (LEAGUES.md)",
    ),
    Setting(
        "double-entry", Flag(), False, metavar="yes|no", quiet=True,
        help=N_("A paper sheet the organiser types counts once it is typed twice alike, by "
                "two people (a difference is shown, nothing counted until two agree)."),
        reach=Reach.TYPED,
        source="Bridgemate's and the scoring programs' double entry of travellers, to catch "
        "typing errors (issue 41); off unless the organiser asks for it",
    ),
)  # fmt: skip
KEYS = tuple(row.name for row in SETTINGS)


def canonical(key: str) -> str:
    """A setting's name as the table spells it (`round_minutes` is `round-minutes`)."""
    return key.replace("_", "-")


def setting(key: str) -> Setting:
    """The row of the setting `key`, or an error listing them."""
    for row in SETTINGS:
        if row.name == canonical(key):
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


def format_plan(plan: Plan) -> str:
    """The text of `tournament.toml`: a line per setting, then those kept as tables."""
    comment = _(
        "A baska tournament: see `baska tournament --help`. Edit with care: the draw and\n"
        "the standings are read from this file and the others in this directory."
    )
    lines = [f"# {line}" for line in comment.splitlines()]
    lines.append(f"baska_tournament = {FORMAT_VERSION}")
    if plan.identity:
        lines.append(f"identity = {toml_value(plan.identity)}")
    tables = []
    for row in SETTINGS:
        value = row.kind.stored(getattr(plan, row.attribute))
        if value == "" or (row.quiet and value == row.kind.stored(row.value(None))):
            continue  # (an empty text, or a quiet row's default: left out)
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
    identity = data.get("identity", "")
    if not isinstance(identity, str) or (identity and not IDENTITY.fullmatch(identity)):
        raise TournamentError(_('"{key}" is missing or wrong').format(key="identity"), origin)
    values: dict[str, Any] = {"identity": identity}
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
    old = data.get("league", "")
    plan = Plan(**values, league=old if isinstance(old, str) else "")
    try:
        check_plan(plan, plan.rules(origin))
    except BaskaError as error:
        raise TournamentError(str(error), origin) from None
    return plan
