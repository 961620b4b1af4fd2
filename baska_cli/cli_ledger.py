"""The ledger commands: new, ledger, undo, void, amend, check, recalc, and score --ledger."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from baska_cli.cli import (
    CONTEXT,
    FileProblem,
    UserInputError,
    cli,
    fail,
    format_option,
    load_rules_or_fail,
    render_outcome,
    rules_option,
)
from baska_cli.render import signed, simple_table

if TYPE_CHECKING:
    import json

    from baska_cli.ledger import LedgerReader, Meta, Row, Tally
    from baska_cli.rules import RuleSet
    from baska_cli.session import Standing


def _points(value: float | None) -> str:
    """Place points: 5, 2.5, or empty when the system has none."""
    return "" if value is None else f"{round(value, 2):g}"


def _number(value: float) -> int | float:
    """An int when the value is whole (JSON shows 5, not 5.0)."""
    return int(value) if float(value).is_integer() else value


def _deals_left(meta: Meta, slots: int) -> str:
    """`4 of 16 deals left`, or how many were dealt when no length was planned."""
    if meta.deals is None:
        return f"{slots} deal{'s' if slots != 1 else ''} played"
    left = max(meta.deals - slots, 0)
    if left == 0 and slots == meta.deals:
        return f"all {meta.deals} deals played"
    extra = f", {slots - meta.deals} over the plan" if slots > meta.deals else ""
    return f"{left} of {meta.deals} deals left{extra}"


def _next_words(meta: Meta, slots: int) -> str:
    """`next: Darek deals, Ania leads`."""
    from baska_cli.session import next_turn

    dealer, leader = next_turn(meta.first_dealer, slots)
    return f"next: {meta.players[dealer]} deals, {meta.players[leader]} leads"


# --- baska new --------------------------------------------------------------------------


@cli.command(context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option(
    "--players",
    "-p",
    required=True,
    metavar="NAMES",
    help="The four players in seat order (clockwise), comma separated.",
)
@rules_option
@click.option("--dealer", "-d", metavar="NAME", help="Who deals the first hand (default: seat 1).")
@click.option(
    "--deals", type=click.IntRange(min=1), metavar="N", help="How many deals are planned."
)
def new(
    path: str, players: str, rules_spec: str | None, dealer: str | None, deals: int | None
) -> None:
    """Start a session ledger: the players in seat order, the rules, the first dealer.

    \b
    Example:  baska new evening.csv --players Ania,Bartek,Celina,Darek --deals 16
              baska new liga.csv -p Ania,Bartek,Celina,Darek -r mester -d Celina
    """
    from baska_cli.errors import BaskaError
    from baska_cli.ledger import Meta, create, rules_lines
    from baska_cli.notation import check_player_names, player_seat

    try:
        names = check_player_names(players.split(","))
    except BaskaError as error:
        fail(error)
    rules = load_rules_or_fail(rules_spec)
    try:
        first = 0 if dealer is None else player_seat(dealer, names)
    except BaskaError as error:
        fail(error)
    meta = Meta((names[0], names[1], names[2], names[3]), rules.name, rules_lines(rules))
    meta = Meta(meta.players, meta.rules_name, meta.rules_lines, first, deals)
    try:
        create(path, meta)
    except BaskaError as error:
        fail(error)
    planned = f", {deals} deals" if deals else ""
    leader = names[(first + 1) % 4]
    click.echo(
        f"{path}: {', '.join(names)} ({rules.name}{planned}); "
        f"{names[first]} deals first, {leader} leads",
        err=True,
    )


# --- baska score --ledger ---------------------------------------------------------------


def record_hand(
    path: str,
    text: str,
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    dry_run: bool,
) -> None:
    """Score a hand with the session's players and rules and append it to the ledger."""
    from baska_cli import ledger
    from baska_cli.errors import BaskaError
    from baska_cli.notation import format_hand, parse_hand
    from baska_cli.scoring import score
    from baska_cli.session import add, dealer_of

    found: dict[str, Any] = {}

    def build(reader: LedgerReader, rules: RuleSet) -> list[str]:
        meta = reader.meta
        if rules_spec is not None:
            wanted = load_rules_or_fail(rules_spec)
            if ledger.rules_lines(wanted) != meta.rules_lines:
                raise UserInputError(
                    f'{path} is played under "{meta.rules_name}", not "{wanted.name}"; '
                    f"leave out --rules, or rescore the session with "
                    f"`baska recalc {path} --rules {rules_spec} --write`"
                )
        entry = parse_hand(text, meta.players)
        outcome = score(entry, rules, meta.players)
        n = reader.tally.slots + 1
        totals = add(reader.tally.totals, outcome.deltas)
        canonical = format_hand(entry, meta.players)
        dealer = meta.players[dealer_of(meta.first_dealer, n)]
        found.update(meta=meta, rules=rules, entry=entry, outcome=outcome, n=n, totals=totals)
        found.update(dealer=dealer)
        return ledger.row_cells(n, dealer, canonical, outcome.deltas, totals, "")

    try:
        if dry_run:
            reader = ledger.check(path)
            ledger.refuse_if_broken(reader)
            build(reader, reader.rules())
        else:
            ledger.append(path, build)
    except BaskaError as error:
        fail(error)
    click.echo(_recorded(found, output_format, explain))
    if dry_run:
        click.echo(f"dry run: hand {found['n']} was not recorded in {path}", err=True)


def _recorded(found: dict[str, Any], output_format: str, explain: bool) -> str:
    """The recorded hand: its changes, the running totals, who deals and leads next."""
    from baska_cli.session import next_turn

    meta: Meta = found["meta"]
    players, n, totals = meta.players, found["n"], found["totals"]
    dealer, leader = next_turn(meta.first_dealer, n)
    if output_format in ("json", "csv"):
        from baska_cli import render

        record = render.outcome_record(found["entry"], found["outcome"], found["rules"], players)
        if output_format == "json":
            if explain:
                record["derivation"] = list(found["outcome"].derivation)
            record.update(
                n=n,
                dealer=found["dealer"],
                totals=dict(zip(players, totals, strict=True)),
                next_dealer=players[dealer],
                next_leader=players[leader],
                deals_left=None if meta.deals is None else max(meta.deals - n, 0),
            )
            return render.outcome_json(record)
        header = render.csv_header(players)
        extra = ["n", "dealer", *(f"{p} total" for p in players), "next dealer", "next leader"]
        values = [n, found["dealer"], *totals, players[dealer], players[leader]]
        row = f"{render.outcome_csv(record)},{render.csv_line(values)}"
        return f"{header},{render.csv_line(extra)}\n{row}"
    from tabulate import tabulate

    outcome = found["outcome"]
    title = render_outcome(found["entry"], outcome, found["rules"], players, "table", False)
    first_line = title.splitlines()[0]
    table = tabulate(
        [["hand", *map(signed, outcome.deltas)], ["total", *map(signed, totals)]],
        headers=["", *players],
        stralign="right",
    )
    lines = [f"hand {n} (dealt by {found['dealer']}): {first_line}", table, outcome.explanation]
    if explain:
        lines += [""] + [f"  {step}" for step in outcome.derivation] + [""]
    lines.append(f"{_next_words(meta, n)} ({_deals_left(meta, n)})")
    return "\n".join(lines)


# --- baska ledger -----------------------------------------------------------------------


class Session:
    """One ledger file for display: checked once for its tally, then its rows read again
    as they are shown (hands, then history), so a ledger of any length takes little memory."""

    def __init__(self, path: str) -> None:
        from baska_cli import ledger

        with ledger.open_ledger(path) as reader:
            self.rules = reader.rules()
            ledger.scan(reader)
        ledger.refuse_if_broken(reader)
        self.path = path
        self.meta = reader.meta
        self.tally: Tally = reader.tally
        self.identity = reader.identity

    def rows(self) -> Iterator[Row]:
        """Every row of the sheet, read again from the file (which must not have changed)."""
        from baska_cli import ledger
        from baska_cli.errors import LedgerError

        with ledger.open_ledger(self.path) as reader:
            if reader.identity != self.identity:
                raise LedgerError(
                    "the ledger changed while it was read; run the command again", self.path
                )
            yield from reader.rows()  # checked by __init__, and the file is the same

    def standings(self) -> list[Standing]:
        """The table's standings from the final totals."""
        from baska_cli.session import standings

        return standings(self.meta.players, self.tally.totals, self.rules, self.tally.counted)

    def hands(self) -> Iterator[dict[str, Any]]:
        """The numbered hands (counted and void) for --format json, as they are read."""
        players = self.meta.players
        amended: dict[int, list[str]] = {}  # hand number: its amended texts, in file order
        for row in self.rows():
            deltas = dict(zip(players, row.deltas, strict=True))
            if row.status in ("amended", "undone"):
                if row.status == "amended":
                    amended.setdefault(row.n, []).append(row.hand)
                else:  # an undone hand takes its amendments with it
                    amended.pop(row.n, None)
                continue
            hand: dict[str, Any] = {
                "n": row.n,
                "dealer": row.dealer,
                "notation": row.hand,
                "deltas": deltas,
            }
            if row.status == "void":
                hand["void"] = True
            else:
                assert row.totals is not None
                hand["totals"] = dict(zip(players, row.totals, strict=True))
            replaced = amended.pop(row.n, None)
            if replaced:
                hand["amends"] = replaced
            yield hand

    def head_json(self) -> dict[str, Any]:
        """The session's fields that come before its hands."""
        from baska_cli.session import next_turn

        players = self.meta.players
        dealer, leader = next_turn(self.meta.first_dealer, self.tally.slots)
        deals = self.meta.deals
        return {
            "file": self.path,
            "players": list(players),
            "rules": self.meta.rules_name,
            "deals": {
                "planned": deals,
                "played": self.tally.slots,
                "left": None if deals is None else max(deals - self.tally.slots, 0),
            },
            "next_dealer": players[dealer],
            "next_leader": players[leader],
        }

    def history(self) -> Iterator[dict[str, Any]]:
        """The amended and undone texts, in file order (the audit trail)."""
        players = self.meta.players
        for row in self.rows():
            if row.status in ("amended", "undone"):
                deltas = dict(zip(players, row.deltas, strict=True))
                yield {"n": row.n, "notation": row.hand, "deltas": deltas, "status": row.status}

    def tail_json(self) -> dict[str, Any]:
        """The session's fields that come after its hands and history."""
        players = self.meta.players
        return {
            "totals": dict(zip(players, self.tally.totals, strict=True)),
            "standings": [_standing_json(s) for s in self.standings()],
        }

    def write_json(self, out: IO[str], indent: str = "") -> None:
        """The session as one JSON object, its hands streamed one per line."""
        out.write("{")
        _write_fields(out, self.head_json(), indent, first=True)
        _write_list(out, "hands", self.hands(), indent)
        _write_list(out, "history", self.history(), indent)
        _write_fields(out, self.tail_json(), indent)
        out.write("}")


def _json(value: Any) -> str:
    """One value as compact JSON, non-ASCII letters kept."""
    return _encoder().encode(value)


@functools.cache
def _encoder() -> json.JSONEncoder:
    """One JSON encoder for the whole output (json.dumps would make one per value)."""
    import json

    return json.JSONEncoder(ensure_ascii=False)


def _write_fields(out: IO[str], fields: dict[str, Any], indent: str, first: bool = False) -> None:
    """Fields of a JSON object being written: the first on the line of its brace, each
    other on a line of its own."""
    for key, value in fields.items():
        out.write(("" if first else f",\n{indent} ") + f"{_json(key)}: {_json(value)}")
        first = False


def _write_list(out: IO[str], key: str, items: Iterable[Any], indent: str) -> None:
    """A field holding a list, written item by item, one per line, as the items come."""
    out.write(f",\n{indent} {_json(key)}: [")
    separator = f"\n{indent}  "
    for item in items:
        out.write(separator + _json(item))
        separator = f",\n{indent}  "
    out.write(f"\n{indent} ]" if separator.startswith(",") else "]")


def _standing_json(s: Standing) -> dict[str, Any]:
    """One standings line for --format json."""
    return {
        "player": s.name,
        "place": s.place,
        "total": s.total,
        "place_points": None if s.place_points is None else _number(s.place_points),
        "hands": s.hands,
        "sessions": s.sessions,
    }


def _sheet_table(session: Session) -> str:
    """The score sheet: one row per hand, each player's change, then the running totals."""
    players = session.meta.players
    header = ["#", "dealer", "hand", *players, "", *players, ""]
    body = []
    for row in session.rows():
        changes = [signed(d) for d in row.deltas]
        if row.status:
            changes = [f"({c})" for c in changes]
        totals = ["", "", "", ""] if row.totals is None else [signed(t) for t in row.totals]
        body.append([str(row.n), row.dealer, row.hand, *changes, "│", *totals, row.status])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    left = {1, 2, 12}

    def line(cells: Sequence[str]) -> str:
        text = "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return text.rstrip()

    changes_width = sum(widths[3:7]) + 6
    totals_width = sum(widths[8:12]) + 6
    indent = sum(widths[:3]) + 6
    groups = (
        " " * indent
        + "this hand".center(changes_width).rstrip().ljust(changes_width)
        + "     "
        + "running total".center(totals_width).rstrip()
    )
    rule = ["-" * w for w in widths]
    rule[7], rule[12] = "│", ""
    header[7] = "│"
    return "\n".join([groups, line(header), line(rule), *(line(r) for r in body)])


def _standings_table(standings: Sequence[Standing], season: bool = False) -> str:
    """Places, totals and place points."""
    from tabulate import tabulate

    has_points = any(s.place_points is not None for s in standings)
    headers = ["place", "player", "total"]
    if season:
        headers[2:2] = ["sessions", "hands"]
    if has_points:
        headers.append("place points")
    rows = []
    for s in standings:
        cells: list[Any] = [s.place, s.name, signed(s.total)]
        if season:
            cells[2:2] = [s.sessions, s.hands]
        if has_points:
            cells.append(_points(s.place_points))
        rows.append(cells)
    return tabulate(rows, headers=headers, colalign=["right", "left", *["right"] * 4])


def _session_title(session: Session) -> str:
    """`samples/evening.csv — plb, 18 deals played, 0 of 16 left`."""
    rules = session.rules
    return f"{session.path} — {rules.name}: {rules.title}"


@cli.command("ledger", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, metavar="[FILE...]")
@format_option
def ledger_command(paths: tuple[str, ...], output_format: str) -> None:
    """Show a session's score sheet and standings; several files add up as a season.

    \b
    Example:  baska ledger evening.csv
              baska ledger autumn/*.csv --format json
    """
    import os

    from baska_cli.errors import BaskaError

    if not paths:
        env = os.environ.get("BASKA_LEDGER")
        if not env:
            raise UserInputError("no ledger given; expected e.g. `baska ledger evening.csv`")
        paths = (env,)
    try:
        sessions = [Session(p) for p in paths]
    except BaskaError as error:
        fail(error)
    if output_format == "json":
        _write_ledger_json(sessions, sys.stdout)
    elif output_format == "csv":
        _write_ledger_csv(sessions, sys.stdout)
    elif len(sessions) == 1:
        click.echo(_one_session(sessions[0]))
    else:
        click.echo(_season(sessions))


def _one_session(session: Session) -> str:
    """The whole text of `baska ledger FILE`."""
    slots = session.tally.slots
    lines = [_session_title(session), ""]
    lines.append(_sheet_table(session) if session.tally.last else "(no hands yet)")
    lines += ["", _standings_table(session.standings()), ""]
    lines.append(_where(session.meta, slots))
    return "\n".join(lines)


def _where(meta: Meta, slots: int) -> str:
    """How many deals are left and who deals next (nothing next once all are played)."""
    left = _deals_left(meta, slots)
    if meta.deals is not None and slots >= meta.deals:
        return left
    return f"{left}; {_next_words(meta, slots)}"


def _season(sessions: Sequence[Session]) -> str:
    """Several sessions: each one's result, then the season's standings by player."""
    from tabulate import tabulate

    from baska_cli.session import season

    rows = []
    for session in sessions:
        result = ", ".join(
            f"{s.name} {signed(s.total)}"
            + (f" ({_points(s.place_points)})" if s.place_points is not None else "")
            for s in session.standings()
        )
        rows.append([session.path, session.rules.name, session.tally.counted, result])
    table = tabulate(rows, headers=["session", "rules", "hands", "result (place points)"])
    standings = season([s.standings() for s in sessions])
    return f"{table}\n\n{_standings_table(standings, season=True)}"


def _write_ledger_json(sessions: Sequence[Session], out: IO[str]) -> None:
    """One session's object, or a season: its sessions, all hands, totals by player."""
    from baska_cli.session import season

    if len(sessions) == 1:
        sessions[0].write_json(out)
        out.write("\n")
        return

    def all_hands() -> Iterator[dict[str, Any]]:
        for session in sessions:
            for hand in session.hands():
                yield {"file": session.path, **hand}

    out.write("{")
    _write_fields(out, {"files": [s.path for s in sessions]}, "", first=True)
    out.write(',\n "sessions": [')
    for i, session in enumerate(sessions):
        out.write(",\n  " if i else "\n  ")
        session.write_json(out, indent="  ")
    out.write("\n ]")
    _write_list(out, "hands", all_hands(), "")
    standings = season([s.standings() for s in sessions])
    totals = {s.name: s.total for s in standings}
    _write_fields(out, {"totals": totals, "standings": [_standing_json(s) for s in standings]}, "")
    out.write("}\n")


def _write_ledger_csv(sessions: Sequence[Session], out: IO[str]) -> None:
    """One row per hand, written as read; columns by player name (a season's union of names)."""
    import csv

    from baska_cli.notation import fold

    names: dict[str, str] = {}
    for session in sessions:
        for p in session.meta.players:
            names.setdefault(fold(p), p)
    keys = list(names)
    several = len(sessions) > 1
    writer = csv.writer(out, lineterminator="\n")
    head = [
        "n",
        "dealer",
        "hand",
        "status",
        *names.values(),
        *(f"{n} total" for n in names.values()),
    ]
    writer.writerow(["file", *head] if several else head)
    season_totals = dict.fromkeys(keys, 0)
    for session in sessions:
        seat = {fold(p): i for i, p in enumerate(session.meta.players)}
        for row in session.rows():
            changes = [row.deltas[seat[k]] if k in seat else "" for k in keys]
            totals: list[object] = ["" for _ in keys]
            if not row.status:
                for k in keys:
                    if k in seat:
                        season_totals[k] += row.deltas[seat[k]]
                totals = [season_totals[k] for k in keys]
            cells = [row.n, row.dealer, row.hand, row.status, *changes, *totals]
            writer.writerow([session.path, *cells] if several else cells)


# --- undo, void, amend ------------------------------------------------------------------


def _edit(path: str, action: str, number: int | None, text: str | None) -> None:
    """Rewrite the ledger with hand `number` voided, amended or undone; totals recomputed."""
    from baska_cli import ledger
    from baska_cli.errors import BaskaError
    from baska_cli.notation import format_hand, parse_hand
    from baska_cli.scoring import score
    from baska_cli.session import add

    done: dict[str, Any] = {}

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, Iterable[Sequence[str]]]:
        meta = reader.meta
        target = tally.slots if action == "undo" else number
        assert target is not None
        if action == "undo" and target == 0:
            raise FileProblem(f"{path}: there is no hand to undo")
        if not 1 <= target <= tally.slots:
            raise UserInputError(
                f"there is no hand {target} in {path}; its hands are numbered 1 to {tally.slots}"
                if tally.slots
                else f"there is no hand {target}: {path} has no hands yet"
            )
        new: tuple[str, tuple[int, int, int, int]] | None = None
        if text is not None:
            entry = parse_hand(text, meta.players)
            new = (format_hand(entry, meta.players), score(entry, rules, meta.players).deltas)

        def rows() -> Iterator[list[str]]:
            totals = (0, 0, 0, 0)
            for row in ledger.verify(reader):
                status = row.status
                if row.n == target and status in ledger.SLOT_STATUSES:
                    done["old"] = row
                    if action == "void":
                        if status == ledger.VOID:
                            raise FileProblem(f"{path}:{row.line}: hand {target} is void already")
                        status = ledger.VOID
                    elif action == "undo":
                        status = ledger.UNDONE
                    else:
                        assert new is not None
                        yield ledger.row_cells(
                            row.n, row.dealer, row.hand, row.deltas, None, ledger.AMENDED
                        )
                        row = row._replace(hand=new[0], deltas=new[1])
                        status = ""
                if status:
                    yield ledger.row_cells(row.n, row.dealer, row.hand, row.deltas, None, status)
                    continue
                totals = add(totals, row.deltas)
                yield ledger.row_cells(row.n, row.dealer, row.hand, row.deltas, totals, "")
            done["totals"] = totals

        done.update(meta=meta, rules=rules, target=target, new=new)
        return meta, rows()

    try:
        ledger.rewrite(path, transform)
    except BaskaError as error:
        fail(error)
    old: Row = done["old"]
    words = {
        "void": f'hand {old.n} "{old.hand}" is void: it keeps its number, its score is skipped',
        "undo": f'hand {old.n} "{old.hand}" is undone: the next hand is hand {old.n} again',
        "amend": f'hand {old.n} "{old.hand}" is amended to "{done["new"][0] if text else ""}"',
    }
    click.echo(f"{path}: {words[action]}", err=True)
    _echo_totals(path)


def _echo_totals(path: str) -> None:
    """After an edit: the standings and who deals next."""
    from baska_cli.errors import BaskaError

    try:
        session = Session(path)
    except BaskaError as error:
        fail(error)
    slots = session.tally.slots
    click.echo(_standings_table(session.standings()))
    click.echo(_where(session.meta, slots))


@cli.command(context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
def undo(path: str) -> None:
    """Take back the last hand (kept in the file, marked undone).

    \b
    Example:  baska undo evening.csv
    """
    _edit(path, "undo", None, None)


@cli.command(context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.argument("number", type=click.IntRange(min=1), metavar="N")
def void(path: str, number: int) -> None:
    """Void hand N: it keeps its number and its deal, its score no longer counts.

    \b
    Example:  baska void evening.csv 7
    """
    _edit(path, "void", number, None)


@cli.command(context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.argument("number", type=click.IntRange(min=1), metavar="N")
@click.argument("notation", nargs=-1, required=True)
def amend(path: str, number: int, notation: tuple[str, ...]) -> None:
    """Correct hand N; the old text stays in the file, marked amended.

    \b
    Example:  baska amend evening.csv 3 gr Bartek 40
    """
    _edit(path, "amend", number, " ".join(notation))


# --- check, recalc ----------------------------------------------------------------------


@cli.command(context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
def check(paths: tuple[str, ...]) -> None:
    """Re-read, re-parse and re-score every hand; list every problem as file:line: message.

    \b
    Example:  baska check evening.csv
    """
    from baska_cli import ledger
    from baska_cli.errors import BaskaError, LedgerError

    failed = False
    for path in paths:
        try:
            reader = ledger.check(path)
        except LedgerError as error:
            click.echo(str(error), err=True)
            failed = True
            continue
        except BaskaError as error:
            click.echo(f"{path}: {error}", err=True)
            failed = True
            continue
        for problem in reader.problems:
            click.echo(str(problem), err=True)
        if reader.problems:
            failed = True
            count = len(reader.problems)
            click.echo(f"{path}: {count} problem{'s' if count > 1 else ''}", err=True)
        else:
            hands = reader.tally.counted
            click.echo(f"{path}: ok, {hands} hand{'s' if hands != 1 else ''}", err=True)
    sys.exit(1 if failed else 0)


@cli.command(context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@rules_option
@click.option("--diff", is_flag=True, help="Show every hand whose changes differ.")
@click.option("--write", is_flag=True, help="Rewrite the ledger with the new changes and rules.")
def recalc(path: str, rules_spec: str | None, diff: bool, write: bool) -> None:
    """Re-score every hand, under another rule system if asked; show or write what changes.

    \b
    Example:  baska recalc evening.csv --rules mester --diff
              baska recalc evening.csv --rules mester --write
    """
    from baska_cli import ledger
    from baska_cli.errors import BaskaError

    new_rules = None if rules_spec is None else load_rules_or_fail(rules_spec)
    out = sys.stdout
    state: dict[str, Any] = {"changed": 0, "rejected": 0}

    def rows(reader: LedgerReader, rules: RuleSet) -> Iterator[list[str]]:
        from baska_cli.session import Scorer, add

        meta = reader.meta
        scorer = Scorer(meta.players, rules)
        old_totals = new_totals = (0, 0, 0, 0)
        width = 24
        if diff:
            out.write(f"--- {path} ({meta.rules_name})\n+++ {path} ({rules.name})\n")
        for row in ledger.verify(reader, strict=False):
            if row.status:
                yield ledger.row_cells(row.n, row.dealer, row.hand, row.deltas, None, row.status)
                continue
            old_totals = add(old_totals, row.deltas)
            scored = scorer(row.hand)
            if isinstance(scored, BaskaError):
                reader.problem(row.line, f'hand {row.n} "{row.hand}": {scored}')
                state["rejected"] += 1
                deltas = row.deltas
            else:
                deltas = scored.deltas
            new_totals = add(new_totals, deltas)
            if deltas != row.deltas:
                state["changed"] += 1
                if diff:
                    old = "".join(f"{signed(d):>8}" for d in row.deltas)
                    new = "".join(f"{signed(d):>8}" for d in deltas)
                    out.write(f"-{row.n:>5}  {row.hand:<{width}}{old}\n")
                    out.write(f"+{row.n:>5}  {row.hand:<{width}}{new}\n")
            yield ledger.row_cells(row.n, row.dealer, row.hand, deltas, new_totals, "")
        state.update(old=old_totals, new=new_totals, meta=meta, rules=rules, reader=reader)

    def compare(reader: LedgerReader, rules: RuleSet) -> None:
        """What rows() finds, without writing: only the hands that change are looked at one
        by one (ledger.scan takes the others in runs)."""
        from baska_cli.session import Scored, Scorer, add

        meta = reader.meta
        width = 24
        shift = [0, 0, 0, 0]  # new totals minus old
        if diff:
            out.write(f"--- {path} ({meta.rules_name})\n+++ {path} ({rules.name})\n")

        def changed(row: Row, scored: Scored | BaskaError) -> None:
            if isinstance(scored, BaskaError):
                reader.problem(row.line, f'hand {row.n} "{row.hand}": {scored}')
                state["rejected"] += 1
                return
            state["changed"] += 1
            for seat in range(4):
                shift[seat] += scored.deltas[seat] - row.deltas[seat]
            if diff:
                old = "".join(f"{signed(d):>8}" for d in row.deltas)
                new = "".join(f"{signed(d):>8}" for d in scored.deltas)
                out.write(f"-{row.n:>5}  {row.hand:<{width}}{old}\n")
                out.write(f"+{row.n:>5}  {row.hand:<{width}}{new}\n")

        ledger.scan(reader, Scorer(meta.players, rules), strict=False, on_change=changed)
        old_totals = reader.tally.totals
        state.update(old=old_totals, new=add(old_totals, shift), meta=meta, rules=rules)
        state.update(reader=reader)

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, Iterable[Sequence[str]]]:
        use = new_rules or rules
        return reader.meta.with_rules(use), rows(reader, use)

    try:
        if write:
            ledger.rewrite(path, transform, precheck=False)
        else:
            with ledger.open_ledger(path) as reader:
                compare(reader, new_rules or reader.rules())
            if reader.problems:
                _refuse_recalc(path, reader, state, "")
    except BaskaError as error:
        failed: LedgerReader | None = state.get("reader")
        if failed is None or not failed.problems:
            fail(error)
        _refuse_recalc(path, failed, state, "; the ledger was not changed")
    _recalc_summary(path, state, write)


def _refuse_recalc(
    path: str,
    reader: LedgerReader,
    state: dict[str, Any],
    unchanged: str,
) -> NoReturn:
    """Print each problem recalc found as file:line, then stop with exit status 1."""
    for problem in reader.problems:
        click.echo(str(problem), err=True)
    count = state["rejected"]
    if count:
        hands = f"{count} hand{'s' if count != 1 else ''}"
        message = f"{path}: {hands} cannot be scored under {state['rules'].name}{unchanged}"
    else:
        message = f"{path}: the ledger has problems{unchanged.replace('the ledger', 'it')}"
    raise FileProblem(message) from None


def _recalc_summary(path: str, state: dict[str, Any], write: bool) -> None:
    """The totals before and after, and what was done."""
    meta: Meta = state["meta"]
    rules: RuleSet = state["rules"]
    old, new = state["old"], state["new"]
    table = simple_table(
        ["totals", *meta.players],
        [[meta.rules_name, *map(signed, old)], [rules.name, *map(signed, new)]],
    )
    click.echo(table)
    changed = state["changed"]
    hands = f"{changed} hand{'s' if changed != 1 else ''} change{'s' if changed == 1 else ''}"
    if write:
        click.echo(f"{path}: rewritten under {rules.name}; {hands}", err=True)
    else:
        click.echo(f"{path}: {hands} under {rules.name}; not written (use --write)", err=True)
