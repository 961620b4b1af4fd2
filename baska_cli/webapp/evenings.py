"""The evenings kept on one phone: a folder each (its ledger `evening.csv` and the ledger's
side files), listed, started from four names, imported from a ledger file, or removed.

Plain, blocking code over a folder, as the rest of baska: in the browser the folder is
Pyodide's file system, which the page keeps in IndexedDB (webapp/static/store.js); under
CPython the same functions work on a real folder (the tests)."""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import secrets
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from baska_cli.errors import BaskaError, LedgerError, RequestError
from baska_cli.game.names import check_player_names
from baska_cli.game.rules import BUILTIN_NAMES
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.checker import check
from baska_cli.ledger.heading import checked_title
from baska_cli.ledger.new import start
from baska_cli.rulesets.loader import builtin

LEDGER = "evening.csv"  # an evening's ledger, in its folder (the export gets a better name)
ID = re.compile(r"[0-9a-f]{16}\Z")  # an evening's folder: 16 hex digits
MOST_DEALS = 400  # deals an evening may plan (a season's ledger has a few hundred)
IMPORT_LIMIT = 4 * 1024 * 1024  # bytes a ledger imported may have


@dataclass(frozen=True, slots=True)
class Evening:
    """An evening as the list shows it: its folder's id, title, date, players in seat
    order, rule system, hands counted, deals planned (None: not planned) and dealt, the
    totals, a file name for its export; `problem`: why its ledger cannot be read (then the
    rest is empty)."""

    id: str
    title: str
    date: str
    players: tuple[str, ...]
    rules: str
    hands: int
    deals: int | None
    dealt: int
    totals: tuple[int, ...]
    file: str
    problem: str = ""


@contextlib.contextmanager
def inside(folder: str) -> Iterator[None]:
    """The block run in `folder`, so that a ledger's messages name `evening.csv`, not the
    phone's inner path."""
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def folder_of(root: str, evening: str) -> str:
    """The folder of the evening `evening` under `root` (a RequestError for no such id)."""
    if not ID.match(evening) or not os.path.isdir(os.path.join(root, evening)):
        raise RequestError(_("there is no evening {id} on this phone").format(id=evening))
    return os.path.join(root, evening)


def ledger_of(root: str, evening: str) -> str:
    """The ledger's path of the evening `evening` under `root`."""
    return os.path.join(folder_of(root, evening), LEDGER)


def listed(root: str) -> list[Evening]:
    """Every evening under `root`, the one written last first."""
    found = []
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(root):
            if ID.match(entry.name) and entry.is_dir():
                found.append(_read(entry.path, entry.name))
    when = {evening.id: _written(os.path.join(root, evening.id)) for evening in found}
    return sorted(found, key=lambda evening: (when[evening.id], evening.id), reverse=True)


def _written(folder: str) -> float:
    try:
        return os.stat(os.path.join(folder, LEDGER)).st_mtime
    except OSError:
        return 0.0


def _read(folder: str, evening: str) -> Evening:
    """The evening in `folder`, read and checked as `baska check` does."""
    try:
        with inside(folder):
            reader = check(LEDGER)
    except BaskaError as error:
        return Evening(evening, "", "", (), "", 0, None, 0, (), LEDGER, str(error))
    meta, tally = reader.meta, reader.tally
    problem = str(reader.problems[0]) if reader.problems else ""
    return Evening(
        id=evening,
        title=meta.title,
        date=meta.date,
        players=meta.players,
        rules=meta.rules_name,
        hands=tally.counted,
        deals=meta.deals,
        dealt=tally.dealt,
        totals=tally.totals,
        file=export_name(meta.date, meta.title, meta.players),
        problem=problem,
    )


def export_name(date: str, title: str, players: Sequence[str]) -> str:
    """The export's file name: `baska-DATE-TITLE.csv` (the players' names without a title),
    in letters, digits and dashes a phone's files app keeps."""
    words = title or "-".join(players)
    slug = re.sub(r"[^\w]+", "-", words.lower(), flags=re.UNICODE).strip("-_")[:60]
    return "-".join(part for part in ("baska", date, slug) if part) + ".csv"


def new_evening(
    root: str,
    names: Sequence[str],
    rules: str,
    deals: int | None,
    title: str | None,
    today: datetime.date | None = None,
) -> str:
    """Start an evening as `baska new` does (four names in seat order, the first deals; a
    built-in rule system; the deals planned; a title, optional; dated today): its id."""
    players = check_player_names(list(names))
    if rules not in BUILTIN_NAMES:
        raise RequestError(
            _('"{typed}" is not a rule system; expected one of {names}').format(
                typed=rules, names=", ".join(BUILTIN_NAMES)
            )
        )
    if deals is not None and not 1 <= deals <= MOST_DEALS:
        raise RequestError(
            _("{typed} deals: expected a whole number from 1 to {most}").format(
                typed=deals, most=MOST_DEALS
            )
        )
    heading = checked_title(title) if title and title.strip() else None
    date = (today or datetime.date.today()).isoformat()
    evening = _new_folder(root)
    try:
        with inside(evening):
            start(LEDGER, players, builtin(rules), None, deals, heading, date)
    except BaskaError:
        shutil.rmtree(evening, ignore_errors=True)
        raise
    return os.path.basename(evening)


def imported(root: str, data: bytes) -> str:
    """A ledger file brought in (its bytes as they are), if `baska check` passes it: the new
    evening's id; else a LedgerError with its problems (nothing kept)."""
    if len(data) > IMPORT_LIMIT:
        raise RequestError(
            _("the file is larger than {limit} MiB; a ledger is far smaller").format(
                limit=IMPORT_LIMIT // (1024 * 1024)
            )
        )
    evening = _new_folder(root)
    try:
        with inside(evening):
            with open(LEDGER, "xb") as stream:
                stream.write(data)
            reader = check(LEDGER)
            if reader.problems:
                raise LedgerError(_refused(reader.problems))
    except BaskaError:
        shutil.rmtree(evening, ignore_errors=True)
        raise
    return os.path.basename(evening)


def _refused(problems: Sequence[LedgerError]) -> str:
    """Why an imported ledger is refused: its problems as `baska check` lists them."""
    shown = "; ".join(str(problem) for problem in problems[:5])
    count = len(problems)
    return ngettext(
        "the ledger has {count} problem, so it was not imported: {problems}",
        "the ledger has {count} problems, so it was not imported: {problems}",
        count,
    ).format(count=count, problems=shown)


def removed(root: str, evening: str) -> None:
    """Remove the evening's folder (its ledger and side files)."""
    shutil.rmtree(folder_of(root, evening))


def _new_folder(root: str) -> str:
    """A new evening's folder under `root`, made now (a new random id)."""
    os.makedirs(root, exist_ok=True)
    while True:
        evening = os.path.join(root, secrets.token_hex(8))
        with contextlib.suppress(FileExistsError):
            os.mkdir(evening)
            return evening
