"""A ledger's metadata rows read: players, rules, first dealer, deals, and the header row's
problems. Each raises a LedgerError naming the file and the row's line."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import BaskaError, LedgerError
from baska_cli.game.names import check_player_names
from baska_cli.game.rules import BUILTIN_NAMES, RuleSet
from baska_cli.game.spelling import fold
from baska_cli.game.vocabulary import MAX_TOKEN
from baska_cli.i18n import _
from baska_cli.ledger.cells import read_number
from baska_cli.ledger.dialect import separator_name
from baska_cli.ledger.format import FORMAT_KEY, KEY_HOUSE, KEY_RULES, Meta
from baska_cli.ledger.garbled import garbled, garbled_hint, lost_hint, lost_letter
from baska_cli.rulesets.loader import rules_from_lines


def one_cell(cell: str) -> str:
    """The problem of a first row read as one cell holding its separator."""
    found = cell.strip()[len(FORMAT_KEY) :][:1]
    return _(
        'the first row is one cell, "{cell}": the program that saved the file took another '
        "character than the {found} as the separator (Gnumeric guesses it, and can guess "
        "wrong); open the original again with {found} as the separator, or restore a copy "
        "(a ledger of format 1 with a quoted hand misleads Gnumeric's guess: `baska "
        "upgrade` it first)"
    ).format(cell=cell.strip(), found=separator_name(found or ","))


def bad_header(got: list[str], want: list[str], sep: str, path: str) -> str:
    """Why the header row is not the one the players row gives."""
    message = _('the header row should be "{header}", not "{found}"').format(
        header=sep.join(want), found=sep.join(got)
    )
    for cell, expected in zip(got[3:7], want[3:7], strict=False):
        if cell != expected:
            fixed = garbled(cell)
            if fixed is not None:
                return message + "; " + garbled_hint(cell, fixed, path)
            mark = lost_letter(cell)
            if mark is not None:
                return message + "; " + lost_hint(cell, mark)
            return (
                message
                + "; "
                + _(
                    'the name "{got}" differs from "{name}" in the players row: both must '
                    "name the same player"
                ).format(got=cell, name=expected)
            )
    return message


def players_row(cells: list[str] | None, path: str, line: int) -> tuple[str, str, str, str]:
    """The `players` row: four valid names."""
    if cells is None:
        raise LedgerError(_('the "players" row is missing'), path, 1)
    for cell in cells:
        name = cell.strip()
        fixed = garbled(name) if not name.isascii() else None
        if fixed is not None:
            raise LedgerError(
                _("the players row: {hint}").format(hint=garbled_hint(name, fixed, path)),
                path,
                line,
            )
        mark = lost_letter(name)
        if mark is not None:
            raise LedgerError(
                _("the players row: {hint}").format(hint=lost_hint(name, mark)),
                path,
                line,
            )
    try:
        names = check_player_names(cells, longest=MAX_TOKEN)  # (older files: longer names)
    except BaskaError as error:
        raise LedgerError(str(error), path, line) from None
    return (names[0], names[1], names[2], names[3])


def rules_row(
    cells: list[str] | None, house: list[str], path: str, line: int
) -> tuple[str, tuple[str, ...]]:
    """The `rules` row (and `house rule` rows); loading them is checked by `rules()`."""
    if not cells or not cells[0]:
        raise LedgerError(
            _('the "rules" row is missing or empty'),
            path,
            line,
        )
    return cells[0], tuple(house) if house else (cells[0].lower(),)


def first_dealer_row(cells: list[str] | None, players: Sequence[str], path: str, line: int) -> int:
    """The seat of the `first dealer` (seat 1 when the row is missing)."""
    if not cells or not cells[0]:
        return 0
    folded = [fold(p) for p in players]
    if fold(cells[0]) not in folded:
        fixed = garbled(cells[0])
        raise LedgerError(
            _('the first dealer "{name}" is not one of the players ({players})').format(
                name=cells[0], players=", ".join(players)
            )
            if fixed is None
            else garbled_hint(cells[0], fixed, path),
            path,
            line,
        )
    return folded.index(fold(cells[0]))


def deals_row(cells: list[str] | None, path: str, line: int) -> int | None:
    """The planned number of deals, if any."""
    if not cells or not cells[0]:
        return None
    try:
        deals = read_number(cells[0], signed=False)
    except ValueError:
        deals = 0
    if deals < 1:
        raise LedgerError(
            _('"deals" must be a whole number of deals, not "{found}"').format(found=cells[0]),
            path,
            line,
        )
    return deals


def load_rules(meta: Meta, meta_lines: dict[str, int], path: str) -> RuleSet:
    """The session's rule system, loaded from the file's own rows (`meta_lines`: the line
    of each metadata key)."""
    line = meta_lines.get(KEY_HOUSE, meta_lines.get(KEY_RULES, 1))
    lines = list(meta.rules_lines)
    if KEY_HOUSE not in meta_lines and lines[0] not in BUILTIN_NAMES:
        raise LedgerError(
            _(
                'the rule system "{name}" is not built in ({builtin}) and the file has no '
                '"{key}" rows'
            ).format(name=meta.rules_name, builtin=", ".join(BUILTIN_NAMES), key=KEY_HOUSE),
            path,
            line,
        )
    try:
        return rules_from_lines(lines, f"{path}:{line}")
    except BaskaError as error:
        message = str(error)
        prefix = f"{path}:{line}: "
        message = message[len(prefix) :] if message.startswith(prefix) else message
        raise LedgerError(
            _("the rule system cannot be loaded: {problem}").format(problem=message),
            path,
            line,
        ) from None


# --- hand rows --------------------------------------------------------------------------
