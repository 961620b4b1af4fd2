"""A league's title and regulations as one table of rows (REGULATIONS): each one's name, kind,
default, bounds, help and source, which drive `league new`'s options, `league set`, league.toml
and the manual's list; a points file (`tournament season --points`) holds the season's rows.
A new regulation is a row here and a field of Regulations (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import suggest
from baska_cli.i18n import N_, _
from baska_cli.league.regulation_kinds import CountOrAll, Points, PointsList, Some, text_of
from baska_cli.tournament.setting_kinds import Count, Kind, Text

TOTAL, WINS, BEST_PLACE = "total", "wins", "best_place"
TIE_BREAKS = (TOTAL, WINS, BEST_PLACE)
"""After the season's points: the sum of the counted events' totals (small points), the
events won, the best place in a counted event."""
MIN_ROUNDS = 12  # the rating list's default minimum (a DDV-like 36 suits a long season)
MOST_POINTS = 10_000  # a place's season points, at most
MOST_PLACES = 1_000  # places in the points table, at most
TOP, SEASON, RATINGS = "", "season", "ratings"  # the tables of league.toml


@dataclass(frozen=True, slots=True)
class Regulations:
    """How the season counts: points by place (none: each event's place points), for the
    places past the list, each player's best N events (None: all), a minimum of events to be
    placed, a team's best players in each event, the tie-breaks after points, and the rating
    list's minimum of rounds (one field per row of REGULATIONS but the title)."""

    places: tuple[Fraction, ...] = ()
    rest: Fraction = Fraction(0)
    best: int | None = None
    min_events: int = 1
    team_best: int = 4
    tie_breaks: tuple[str, ...] = (TOTAL,)
    min_rounds: int = MIN_ROUNDS


@dataclass(frozen=True, slots=True)
class Regulation:
    """One row: typed as `league set LIGA NAME VALUE` and `league new --NAME VALUE`, kept in
    league.toml as `KEY = VALUE` in its table (`section`; "": the file's top)."""

    name: str
    kind: Kind
    default: Any
    metavar: str  # what `new --NAME` takes
    help: str  # N_: the help of `new --NAME` and the manual's words
    source: str  # where the bounds and the default come from (for maintainers)
    section: str
    quiet: bool = False  # left out of league.toml while it holds its default
    required: bool = False  # `league new` must be given it

    @property
    def attribute(self) -> str:
        """The field that holds it (of Regulations; the title: of League)."""
        return self.name.replace("-", "_")

    @property
    def key(self) -> str:
        """The key in its table of league.toml."""
        return self.attribute

    def read(self, raw: Any, key: str) -> Any:
        """A value of a file, checked (a TournamentInputError naming `key` and its bounds)."""
        try:
            value = self.kind.loaded(raw)
        except (TypeError, ValueError) as error:
            raise self.kind.refused(key, text_of(error.args[0] if error.args else raw)) from None
        self.kind.check(value, key)
        return value


# the table: a row per regulation, in the order `set` shows them and league.toml keeps them
REGULATIONS = (
    Regulation(
        "title", Text(120), "", metavar="TEXT", required=True, section=TOP,
        help=N_("The league's title on its pages and above its standings."),
        source="the organiser (\"Liga Lęborska 2026\"); a heading of one line, at most 120 "
        "characters, as a tournament's title",
    ),
    Regulation(
        "places", PointsList(MOST_POINTS, MOST_PLACES), (), metavar="LIST", section=SEASON,
        help=N_("Season points by place in an event, place 1 first (25,20,16,…); none: each "
                "event's place points."),
        source="the Lębork league counts points by place (LEAGUES.md); 426 players at Szemud, "
        "the largest day known, so at most 1,000 places; at most 10,000 points a place keeps "
        "every season's sum exact and readable",
    ),
    Regulation(
        "rest", Points(MOST_POINTS), Fraction(0), metavar=N_("POINTS"), section=SEASON, quiet=True,
        help=N_("Season points for a place past the list of places."),
        source="0 unless the organiser says otherwise; the bounds of a place's points",
    ),
    Regulation(
        "best", CountOrAll(1, 999), None, metavar=N_("N|all"), section=SEASON,
        help=N_("Only each player's best N events count (all: every event)."),
        source="the Lębork league: the best 8 of 10 events count (LEAGUES.md); all unless "
        "the organiser says otherwise",
    ),
    Regulation(
        "min-events", Count(1, 999), 1, metavar="N", section=SEASON,
        help=N_("Players with fewer events are listed after the others, with no place."),
        source="the organiser; 1 (everyone is placed) unless asked",
    ),
    Regulation(
        "team-best", Count(1, 99), 4, metavar="N", section=SEASON,
        help=N_("How many of a team's best players count in each event."),
        source="PSB: teams of 4–5, the best 4 count (LEAGUES.md)",
    ),
    Regulation(
        "tie-breaks", Some(TIE_BREAKS), (TOTAL,), metavar="LIST", section=SEASON,
        help=N_('After season points, in the order given: "total" (the small points of the '
                'events counted), "wins" (events won), "best_place".'),
        source="Kop (Kościan): small points, then rounds won (LEAGUES.md); the total unless "
        "the organiser orders otherwise",
    ),
    Regulation(
        "min-rounds", Count(1, 9999), MIN_ROUNDS, metavar="N", section=RATINGS,
        help=N_("Players with fewer rounds are listed apart from the rating list."),
        source="DDV: at least 36 rounds to appear in its ranking (LEAGUES.md); 12 suits a "
        "season of a few events",
    ),
)  # fmt: skip
NAMES = tuple(row.name for row in REGULATIONS)


def rows_of(section: str) -> tuple[Regulation, ...]:
    """The rows kept in one table of league.toml."""
    return tuple(row for row in REGULATIONS if row.section == section)


def regulation(key: str) -> Regulation:
    """The row of `key` (`min_events` is `min-events`), or an error listing them."""
    for row in REGULATIONS:
        if row.name == key.strip().replace("_", "-"):
            return row
    raise TournamentInputError(
        _('unknown regulation "{key}"; expected one of {keys}{hint}').format(
            key=key, keys=", ".join(NAMES), hint=suggest(key, NAMES)
        )
    )


def refuse_unknown(table: Mapping[str, Any], known: Sequence[str], section: str) -> None:
    """Refuse a key of a TOML table that is none of `known`, naming them and the nearest."""
    for key in table:
        if key in known:
            continue
        hint = suggest(key, known)
        if section:
            raise TournamentInputError(
                _('unknown key "{key}" in [{table}]; expected one of {keys}{hint}').format(
                    key=key, table=section, keys=", ".join(known), hint=hint
                )
            )
        raise TournamentInputError(
            _('unknown key "{key}"; expected one of {keys}{hint}').format(
                key=key, keys=", ".join(known), hint=hint
            )
        )


def read_table(
    table: Mapping[str, Any],
    rows: Sequence[Regulation],
    prefix: str = "",
    into: Regulations | None = None,
) -> Regulations:
    """`into` with each of `rows` a TOML table holds (left out: as in `into`, by default the
    row's default); unknown keys refused (TournamentInputError naming `prefix` + the key,
    and the bounds). The rows are the regulations' (the title is League's: `read_title`)."""
    refuse_unknown(table, [row.key for row in rows], prefix.rstrip("."))
    given = {row.attribute: row.read(table[row.key], prefix + row.key) for row in rows
             if row.key in table}  # fmt: skip
    return replace(into or Regulations(), **given)


def read_title(table: Mapping[str, Any]) -> str:
    """The title a TOML table holds (left out: its row's default, none)."""
    row = regulation("title")
    return str(row.read(table[row.key], row.key)) if row.key in table else str(row.default)


def regulations_of(values: Mapping[str, Any]) -> Regulations:
    """Regulations from values by attribute (None or left out: the row's default)."""
    chosen = {}
    for row in REGULATIONS:
        if row.section != TOP:
            value = values.get(row.attribute)
            chosen[row.attribute] = row.default if value is None else value
    return Regulations(**chosen)
