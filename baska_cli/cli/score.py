"""`baska score`: one hand, a batch of hands, or a hand recorded in the session ledger."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

import click

from baska_cli.cli.common import (
    LEDGER_ENV,
    FileProblem,
    UserInputError,
    command,
    fail,
    format_option,
    from_environment,
    ledger_option,
    load_rules_or_fail,
    note_written,
    option,
    rules_option,
    terminal_width,
    typed,
)
from baska_cli.i18n import _, os_reason

if TYPE_CHECKING:
    from baska_cli.errors import BaskaError

MAX_BATCH_LINE = 4096  # characters in one line of --batch; a hand is far shorter


class BatchFile(click.File):
    """click.File for --batch: a named pipe, a device or a folder is refused unopened
    (`-` is standard input, read as it is)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The open file, or a usage error naming it and saying what it is."""
        if not isinstance(value, str | os.PathLike) or os.fspath(value) == "-":
            return super().convert(value, param, ctx)
        from baska_cli.filekind import NotRegularFile, open_regular

        name = click.format_filename(value)
        try:
            stream = open_regular(os.fspath(value), encoding="utf-8-sig", errors="surrogateescape")
        except NotRegularFile as exc:
            self.fail(
                _("'{name}': is {kind}, not a file of hands").format(name=name, kind=exc.kind),
                param,
                ctx,
            )
        except OSError as exc:
            self.fail(f"'{name}': {os_reason(exc)}", param, ctx)
        if ctx is not None:
            ctx.call_on_close(stream.close)
        return stream


@command()
@click.argument("notation", nargs=-1)
@rules_option
@format_option
@option("--explain", "-e", is_flag=True, help="Show the whole derivation.")
@option(
    "--batch",
    "-b",
    "batch",
    # undecodable bytes are kept as surrogates, so a line that is not UTF-8 is named by number
    type=BatchFile("r", encoding="utf-8-sig", errors="surrogateescape"),
    metavar="FILE|-",
    help="Score one hand per line of FILE ('-' for standard input); records nothing, so it "
    f"goes with neither --ledger nor --dry-run (and {LEDGER_ENV} is not used).",
)
@ledger_option
@option("--dry-run", "-n", is_flag=True, help="With a ledger: show, do not write.")
@option(
    "--extra",
    "-x",
    is_flag=True,
    help="With a ledger: record a hand dealt after the planned deals (refused without it).",
)
def score(
    notation: tuple[str, ...],
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    batch: IO[str] | None,
    ledger_path: str | None,
    dry_run: bool,
    extra: bool,
) -> None:
    """Score a hand: what each player wins or loses, and why.

    A hand is one line: the contract, the declaring side, then (in any order) the card points
    and tricks, the contras and the flags.

    \b
    Contract:  zw zwykła, we wesele, ci cicha, gr gran, zo zolo, gd gran du,
               zd zolo du, ba baśka; mester also: me méster, zb zolo bieda
    Side:      zw: the two starzy (A+C); we: the declarer, then the partner
               (A+D); any other contract: the one player (B). A player is
               a seat 1-4, a name or its start (ania, cel), or initials
               run together (AC)
    Points:    61: the side's card points; 61/2: in 2 tricks; /4: 4 tricks
    Contras:   k, kr, krb, krbh: 1-4 calls (kontra, rekontra, bok, hirsz),
               also k0-k4; who called, in order: k:B,A,D
    Kara:      zo B 70 kara: the soloist revoked; kara B alone: B revoked
    Adj:       adj A+4 B-12 C+4 D+4: a referee's adjustment, summing to 0

    With a ledger (--ledger, or BASKA_LEDGER when --ledger is not given) the hand is recorded
    under the session's own rules: BASKA_RULES is not used, and --rules must name them.
    BASKA_LEDGER fills in a missing ledger for a single hand only; --batch never records.

    \b
    Example:  baska score zw A+C 61 k
              baska score we A+D 70/3 kr
              baska score zd C /4
              baska score --rules mester ci C 66/2 k:A,C,B
              baska score --ledger evening.csv zw ania+cel 61 k
    """
    if typed("ledger_path") and not ledger_path:
        raise UserInputError(_("--ledger needs a file name, e.g. --ledger evening.csv"))
    if explain and output_format == "csv":
        raise UserInputError(
            _(
                "--explain does not go with --format csv (a CSV row has no room for the "
                'derivation); use --format json, whose "derivation" field holds it, or the table'
            )
        )
    if batch is not None:
        _refuse_with_batch(notation, explain, typed("ledger_path"), dry_run)
        failed = _score_batch(batch, rules_spec, output_format)
        sys.exit(1 if failed else 0)
    if not notation:
        raise UserInputError(_('no hand given; expected e.g. "baska score zw A+C 61 k"'))
    if dry_run and not ledger_path:
        raise UserInputError(
            _(
                "--dry-run goes with a ledger (--ledger FILE or BASKA_LEDGER): without one "
                "nothing is recorded anyway; leave out --dry-run"
            )
        )
    text = " ".join(notation)
    if extra and not ledger_path:
        raise UserInputError(
            _("--extra goes with a ledger (--ledger FILE or {env}); leave it out").format(
                env=LEDGER_ENV
            )
        )
    if ledger_path:
        if from_environment("ledger_path"):
            click.echo(
                _("ledger: {path} (from {env})").format(path=ledger_path, env=LEDGER_ENV),
                err=True,
            )
        # the session's own rules apply; --rules typed here must name them
        spec = rules_spec if typed("rules_spec") else None
        _record(ledger_path, text, spec, output_format, explain, dry_run, extra)
        return
    from baska_cli.errors import BaskaError
    from baska_cli.game.notation import parse_hand
    from baska_cli.game.scoring import score as score_entry
    from baska_cli.render.outcome import render_outcome

    rules = load_rules_or_fail(rules_spec)
    try:
        entry = parse_hand(text)
        outcome = score_entry(entry, rules)
    except BaskaError as error:
        fail(error)
    players = ("A", "B", "C", "D")
    width = terminal_width()
    click.echo(render_outcome(entry, outcome, rules, players, output_format, explain, width))


def _refuse_with_batch(
    notation: tuple[str, ...], explain: bool, ledger: bool, dry_run: bool
) -> None:
    """Refuse what --batch cannot do: a hand as well, a ledger, a dry run, a derivation."""
    if notation:
        raise UserInputError(_("give either a hand or --batch FILE, not both"))
    if ledger:
        raise UserInputError(
            _(
                "--batch does not go with --ledger: a batch is scored, not recorded; record "
                "each hand with `baska score --ledger FILE HAND`"
            )
        )
    if dry_run:
        raise UserInputError(_("--dry-run does not go with --batch: a batch is never recorded"))
    if explain:
        raise UserInputError(
            _(
                "--explain does not go with --batch; use --batch with --format json (each "
                'hand\'s "explanation"), or score one hand with --explain'
            )
        )


def _record(
    path: str,
    text: str,
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    dry_run: bool,
    extra: bool,
) -> None:
    """Score a hand with the session's players and rules and append it to the ledger."""
    from baska_cli.errors import BaskaError
    from baska_cli.ledger.edits import record
    from baska_cli.render import sheet

    try:
        found = record(path, text, rules_spec, dry_run, extra)
    except BaskaError as error:
        fail(error)
    if not dry_run:
        note_written(_("hand {number} was recorded in {path}").format(number=found.n, path=path))
    if output_format == "json":
        from baska_cli.render.outcome import outcome_json

        click.echo(outcome_json(sheet.recorded_json(found, explain)))
    elif output_format == "csv":
        click.echo(sheet.recorded_csv(found))
    else:
        click.echo(sheet.recorded(found, explain, terminal_width()))
    if dry_run:
        click.echo(
            _("dry run: hand {number} was not recorded in {path}").format(
                number=found.n, path=path
            ),
            err=True,
        )


def _numbered_lines(stream: IO[str], name: str) -> Iterator[tuple[int, str | None]]:
    """The lines worth scoring: no blank lines, no # comments; None for a line longer than
    MAX_BATCH_LINE (read a piece at a time, never held whole)."""
    number = 0
    while True:
        try:
            line = stream.readline(MAX_BATCH_LINE + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_BATCH_LINE and not line.endswith("\n"):
                while (rest := stream.readline(MAX_BATCH_LINE + 1)) and not rest.endswith("\n"):
                    pass
                yield number, None
                continue
        except OSError as error:
            raise FileProblem(
                _("{name}: cannot read the batch: {reason}").format(
                    name=name, reason=os_reason(error)
                )
            ) from None
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def _not_utf8(text: str) -> str | None:
    """What is wrong with a line read with surrogateescape, if it was not UTF-8."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        byte = ord(text[error.start]) - 0xDC00
        return _("not UTF-8 text (the byte 0x{byte:02x} at column {column})").format(
            byte=byte, column=error.start + 1
        )
    return None


def _score_batch(stream: IO[str], rules_spec: str | None, output_format: str) -> int:
    """Score each line, print one result per line; report bad lines on stderr. Returns failures."""
    from baska_cli.errors import BaskaError
    from baska_cli.game.notation import parse_hand
    from baska_cli.game.scoring import score as score_entry
    from baska_cli.render import outcome as render

    rules = load_rules_or_fail(rules_spec)
    players = ("A", "B", "C", "D")
    name = getattr(stream, "name", "-")
    name = "-" if name == "<stdin>" else name
    failed = 0
    cache: dict[str, dict[str, Any] | BaskaError] = {}
    out = sys.stdout
    if output_format == "csv":
        out.write(render.csv_header(players) + "\n")
    for number, text in _numbered_lines(stream, name):
        if text is None:
            failed += 1
            click.echo(
                f"{name}:{number}: "
                + _("the line is longer than {limit} characters; a hand is far shorter").format(
                    limit=MAX_BATCH_LINE
                ),
                err=True,
            )
            continue
        wrong = _not_utf8(text)
        if wrong is not None:
            failed += 1
            click.echo(f"{name}:{number}: {wrong}", err=True)
            continue
        result = cache.get(text)
        if result is None:
            try:
                entry = parse_hand(text)
                outcome = score_entry(entry, rules)
                scripts = output_format != "table"  # (a table is read by a player)
                result = render.outcome_record(entry, outcome, rules, players, scripts)
            except BaskaError as error:
                result = error
            if len(cache) < 10_000:
                cache[text] = result
        if isinstance(result, BaskaError):
            failed += 1
            click.echo(f"{name}:{number}: {result}", err=True)
            continue
        if output_format == "json":
            line = render.outcome_json(result)
        elif output_format == "csv":
            line = render.outcome_csv(result)
        else:
            line = render.outcome_line(number, result)
        out.write(line + "\n")
    return failed
