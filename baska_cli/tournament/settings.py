"""A tournament's settings changed after `new` (`baska tournament set DIR KEY VALUE`): each
value read as typed, checked against the rounds drawn, and `tournament.toml` replaced whole.

    rounds       N            at least the rounds drawn
    deals        D            only before the first draw (the table ledgers hold it)
    rules        SYSTEM|FILE  only before the first draw (the table ledgers hold them)
    seed         S            the rounds still to draw
    tie-breaks   LIST         the standings, at once
    apart-clubs  yes|no       the rounds still to draw
    apart        A,B;C,D      the rounds still to draw ("" for none)
    fixed        A=1;B=2      the rounds still to draw ("" for none)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentInputError
from baska_cli.game.rules import RuleSet
from baska_cli.game.spelling import suggest
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.format import rules_lines
from baska_cli.tournament import folder
from baska_cli.tournament.draw import SEATS
from baska_cli.tournament.folder import Tournament, load, lock
from baska_cli.tournament.plan import Plan, check_plan
from baska_cli.tournament.players import Entrant, named

KEYS = ("rounds", "deals", "rules", "seed", "tie-breaks", "apart-clubs", "apart", "fixed")
YES, NO = ("yes", "true", "on", "1", "tak"), ("no", "false", "off", "0", "nie")


@dataclass(frozen=True, slots=True)
class Changed:
    """A setting changed: its value before and after (as typed), and the first round whose
    draw it changes (None: it changes no seating)."""

    key: str
    before: str
    after: str
    from_round: int | None


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


def shown(plan: Plan) -> list[tuple[str, str]]:
    """Each setting and its value, as `set` takes it."""
    values = {
        "rounds": str(plan.rounds),
        "deals": str(plan.deals),
        "rules": plan.rules().name,
        "seed": plan.seed,
        "tie-breaks": ",".join(plan.tie_breaks),
        "apart-clubs": "yes" if plan.apart_clubs else "no",
        "apart": ";".join(f"{a},{b}" for a, b in plan.apart),
        "fixed": ";".join(f"{name}={table}" for name, table in plan.fixed),
    }
    return [(key, values[key]) for key in KEYS]


def _count(key: str, text: str) -> int:
    value = text.strip()
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise TournamentInputError(
            _('{key} "{text}": expected a whole number from 1 up, e.g. {key} 5').format(
                key=key, text=text
            )
        )
    return int(value)


def _flag(text: str) -> bool:
    value = text.strip().casefold()
    if value not in YES + NO:
        raise TournamentInputError(_('apart-clubs "{text}": expected yes or no').format(text=text))
    return value in YES


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(";") if item.strip()]


def _apart(text: str, t: Tournament) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in _items(text):
        names = [n.strip() for n in item.split(",")]
        if len(names) != 2 or not all(names):
            raise TournamentInputError(
                _(
                    'apart "{text}": expected pairs of names with a comma, separated by '
                    'semicolons, e.g. apart "Ania,Bartek;Celina,Darek" (or "" for none)'
                ).format(text=item)
            )
        origin = t.file(folder.PLAYERS)
        pairs.append((named(t.players, names[0], origin), named(t.players, names[1], origin)))
    return tuple(pairs)


def _fixed(text: str, t: Tournament) -> tuple[tuple[str, int], ...]:
    pins = []
    for item in _items(text):
        name, _eq, table = item.rpartition("=")
        if not name.strip() or not (table.strip().isascii() and table.strip().isdigit()):
            raise TournamentInputError(
                _(
                    'fixed "{text}": expected NAME=TABLE, separated by semicolons, e.g. '
                    'fixed "Ania=1;Bartek=2" (or "" for none)'
                ).format(text=item)
            )
        pins.append((named(t.players, name.strip(), t.file(folder.PLAYERS)), int(table)))
    return tuple(pins)


def playing(players: Sequence[Entrant], round_number: int) -> int:
    """How many players are in the draw of a round."""
    return sum(1 for p in players if p.plays(round_number))


def _before_the_draw(t: Tournament, key: str, text: str) -> None:
    if t.draws:
        raise TournamentInputError(
            _(
                '{key} "{text}": round 1 is drawn already and its table ledgers hold the '
                "{key} it was drawn with; {key} can change only before the first draw"
            ).format(key=key, text=text)
        )


def _planned(t: Tournament, key: str, text: str, rules: RuleSet | None) -> Plan:
    """The plan with one setting changed (refused where it would not fit the rounds drawn)."""
    plan = t.plan
    if key == "rounds":
        rounds = _count(key, text)
        if rounds < len(t.draws):
            raise TournamentInputError(
                _('rounds "{text}": {count} rounds are drawn already; expected {count} or more')
                .format(text=text, count=len(t.draws))
            )  # fmt: skip
        return replace(plan, rounds=rounds)
    if key == "deals":
        _before_the_draw(t, key, text)
        return replace(plan, deals=_count(key, text))
    if key == "rules":
        _before_the_draw(t, key, text)
        assert rules is not None  # (the front end reads the system or file named)
        return replace(plan, rules_lines=rules_lines(rules))
    if key == "seed":
        if not text.strip():
            raise TournamentInputError(_('seed "": expected any text, e.g. seed 2026'))
        return replace(plan, seed=text.strip())
    if key == "tie-breaks":
        return replace(plan, tie_breaks=tuple(x.strip() for x in text.split(",")))
    if key == "apart-clubs":
        return replace(plan, apart_clubs=_flag(text))
    if key == "apart":
        return replace(plan, apart=_apart(text, t))
    fixed = _fixed(text, t)
    check_fixed(fixed, playing(t.players, t.next_round))
    return replace(plan, fixed=fixed)


def change(path: str, key: str, text: str, rules: RuleSet | None = None) -> Changed:
    """Change one setting (`rules`: the system `text` names, read by the front end)."""
    if key not in KEYS:
        raise TournamentInputError(
            _('unknown setting "{key}"; expected one of {keys}{hint}').format(
                key=key, keys=", ".join(KEYS), hint=suggest(key, KEYS)
            )
        )
    with lock(path):
        t = load(path)
        plan = _planned(t, key, text, rules)
        check_plan(plan, plan.rules())
        before, after = dict(shown(t.plan))[key], dict(shown(plan))[key]
        if plan != t.plan:
            folder.save_plan(t, plan)
    seating = key in ("seed", "apart-clubs", "apart", "fixed")
    return Changed(key, before, after, t.next_round if seating else None)


def reach(t: Tournament, from_round: int) -> str:
    """Which rounds a change of the draw's settings reaches, in words."""
    if from_round > t.plan.rounds:
        return _("every round is drawn already, so no seating changes")
    if from_round == 1:
        return _("the draws from round 1 on use it")
    if from_round == 2:
        return _("round 1 keeps its seating; the draws from round 2 on use it")
    return _("rounds 1–{last} keep their seating; the draws from round {next} on use it").format(
        last=from_round - 1, next=from_round
    )
