"""A tournament's settings (`tournament.toml`): rounds, deals, rules, seed, tie-breaks, requests."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.game.numbers import shown
from baska_cli.game.rules import RuleSet
from baska_cli.game.rules_toml import toml_value
from baska_cli.i18n import N_, _
from baska_cli.rulesets import toml_problem
from baska_cli.rulesets.loader import rules_from_lines

FORMAT_VERSION = 1
MAX_PLAN = 1024 * 1024  # characters of tournament.toml; one is a few hundred
MAX_SEED = 24  # characters of a seed (one chosen at random has 6 digits)
PLACE_POINTS, TOTAL, TABLES_WON, LOTS = "place_points", "total", "tables_won", "lots"
TIE_BREAKS = (PLACE_POINTS, TOTAL, TABLES_WON, LOTS)
TIE_BREAK_NAMES = {
    PLACE_POINTS: N_("place points"),
    TOTAL: N_("the sum of the totals"),
    TABLES_WON: N_("tables won"),
    LOTS: N_("a drawing of lots"),
}


@dataclass(frozen=True, slots=True)
class Plan:
    """What the organiser fixed when the tournament was made."""

    rounds: int
    deals: int
    rules_lines: tuple[str, ...]  # as a ledger keeps them: a built-in's name or house lines
    seed: str
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    apart: tuple[tuple[str, str], ...] = ()  # pairs never seated at one table while possible
    apart_clubs: bool = False  # players of one club kept apart while possible
    fixed: tuple[tuple[str, int], ...] = ()  # a player who always sits at this table

    def rules(self, origin: str = "tournament.toml") -> RuleSet:
        """The tournament's rule system."""
        return rules_from_lines(list(self.rules_lines), origin)


def check_plan(plan: Plan, rules: RuleSet) -> None:
    """Refuse a plan the rule system cannot rank (no place points) or whose series length
    the system does not play."""
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
    if len(plan.seed) > MAX_SEED or not plan.seed.isprintable():
        raise TournamentInputError(
            _('--seed "{seed}": a seed is one line of at most {most} characters').format(
                seed=shown(plan.seed), most=MAX_SEED
            )
        )
    order = list(plan.tie_breaks)
    if (
        not order
        or order[0] != PLACE_POINTS
        or len(set(order)) != len(order)
        or any(t not in TIE_BREAKS for t in order)
    ):
        raise TournamentInputError(
            _(
                "tie-breaks {given}: expected place_points first, then any of total, tables_won, "
                "lots, each once"
            ).format(given=",".join(order))
        )


def format_plan(plan: Plan) -> str:
    """The text of `tournament.toml`."""
    lines = [
        "# A baska tournament: see `baska tournament --help`. Edit with care: the draw and",
        "# the standings are read from this file and the others in this directory.",
        f"baska_tournament = {FORMAT_VERSION}",
        f"rounds = {plan.rounds}",
        f"deals = {plan.deals}",
        f"rules = {toml_value(list(plan.rules_lines))}",
        f"seed = {toml_value(plan.seed)}",
        f"tie_breaks = {toml_value(list(plan.tie_breaks))}",
        f"apart_clubs = {toml_value(plan.apart_clubs)}",
        f"apart = {toml_value([list(pair) for pair in plan.apart])}",
        "",
        "[fixed_tables]",
        *(f"{toml_value(name)} = {table}" for name, table in plan.fixed),
    ]
    return "\n".join(lines) + "\n"


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], origin: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise TournamentError(_('"{key}" is missing or wrong').format(key=key), origin)
    return value


def parse_plan(text: str, origin: str) -> Plan:
    """Read `tournament.toml` back (a TournamentError naming the file for anything wrong)."""
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
    fixed = data.get("fixed_tables", {})
    apart = data.get("apart", [])
    try:
        plan = Plan(
            rounds=_get(data, "rounds", int, origin),
            deals=_get(data, "deals", int, origin),
            rules_lines=tuple(str(x) for x in _get(data, "rules", list, origin)),
            seed=_get(data, "seed", str, origin),
            tie_breaks=tuple(str(x) for x in _get(data, "tie_breaks", list, origin)),
            apart=tuple((str(a), str(b)) for a, b in apart),
            apart_clubs=_get(data, "apart_clubs", bool, origin),
            fixed=tuple((str(k), int(v)) for k, v in dict(fixed).items()),
        )
        check_plan(plan, plan.rules(origin))
    except (BaskaError, TypeError, ValueError) as error:
        raise TournamentError(str(error), origin) from None
    return plan


def tie_break_text(order: Sequence[str]) -> str:
    """How the standings are ordered, in words."""
    return ", ".join(_(TIE_BREAK_NAMES[key]) for key in order)
