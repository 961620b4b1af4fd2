"""`baska score`: one hand, a batch of hands, or a hand recorded in the session ledger."""

from __future__ import annotations

import os
import sys
from typing import IO, Any

import click

from baska_cli.cli.common import (
    LEDGER_ENV,
    Conflicts,
    argument,
    command,
    fail,
    format_option,
    from_environment,
    ledger_option,
    load_rules_or_fail,
    option,
    refuse_conflicts,
    rules_option,
    terminal_width,
    typed,
)
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError, StaleWriteError
from baska_cli.files.kind import NotRegularFile, open_regular
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score as score_entry
from baska_cli.i18n import N_, _, os_reason
from baska_cli.render.batch import score_batch
from baska_cli.render.outcome import outcome_json, render_outcome

# what does not go together, the first that holds refused (exit 2) with its message; `typed`
# holds the options given on the command line (not from the environment)
CONFLICTS: Conflicts = (
    (
        lambda o: "ledger_path" in o["typed"] and not o["ledger_path"],
        N_("--ledger needs a file name, e.g. --ledger evening.csv"),
    ),
    (
        lambda o: o["explain"] and o["output_format"] == "csv",
        N_(
            "--explain does not go with --format csv (a CSV row has no room for the "
            'derivation); use --format json, whose "derivation" field holds it, or the table'
        ),
    ),
    (
        lambda o: o["batch"] is not None and o["notation"],
        N_("give either a hand or --batch FILE, not both"),
    ),
    (
        lambda o: o["batch"] is not None and "ledger_path" in o["typed"],
        N_(
            "--batch does not go with --ledger: a batch is scored, not recorded; record "
            "each hand with `baska score --ledger FILE HAND`"
        ),
    ),
    (
        lambda o: o["batch"] is not None and o["dry_run"],
        N_("--dry-run does not go with --batch: a batch is never recorded"),
    ),
    (
        lambda o: o["batch"] is not None and o["explain"],
        N_(
            "--explain does not go with --batch; use --batch with --format json (each "
            'hand\'s "explanation"), or score one hand with --explain'
        ),
    ),
    (
        lambda o: o["batch"] is None and not o["notation"],
        N_('no hand given; expected e.g. "baska score zw A+C 61 k"'),
    ),
    (
        lambda o: o["batch"] is None and o["dry_run"] and not o["ledger_path"],
        N_(
            "--dry-run goes with a ledger (--ledger FILE or BASKA_LEDGER): without one "
            "nothing is recorded anyway; leave out --dry-run"
        ),
    ),
    (
        lambda o: o["batch"] is None and o["extra"] and not o["ledger_path"],
        N_("--extra goes with a ledger (--ledger FILE or {env}); leave it out"),
    ),
    (
        lambda o: o["number"] is not None and (o["batch"] is not None or not o["ledger_path"]),
        N_(
            "--number goes with a ledger (--ledger FILE or {env}): it is the number the hand "
            "gets there; leave it out"
        ),
    ),
    (
        lambda o: o["number"] is not None and o["dry_run"],
        N_("--number does not go with --dry-run: a dry run records nothing to check it for"),
    ),
)


class BatchFile(click.File):
    """click.File for --batch: a named pipe, a device or a folder is refused unopened
    (`-` is standard input, read as it is)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The open file, or a usage error naming it and saying what it is."""
        if not isinstance(value, str | os.PathLike) or os.fspath(value) == "-":
            return super().convert(value, param, ctx)
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
@argument("notation", nargs=-1, metavar="[NOTATION]...")
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
@option(
    "--number",
    type=click.IntRange(min=1),
    metavar="N",
    help="With a ledger: the number this hand gets, as you saw it (the next hand): recorded "
    "only while it is still the next one; hand N holding this very hand already records "
    "nothing and succeeds, another hand there is refused, naming both.",
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
    number: int | None,
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
    refuse_conflicts(CONFLICTS, env=LEDGER_ENV)
    if batch is not None:
        sys.exit(_batch(batch, load_rules_or_fail(rules_spec), output_format))
    text = " ".join(notation)
    if ledger_path:
        if from_environment("ledger_path"):
            message = _("ledger: {path} (from {env})").format(path=ledger_path, env=LEDGER_ENV)
            click.echo(message, err=True)
        # the session's own rules apply; --rules typed here must name them
        spec = rules_spec if typed("rules_spec") else None
        _record(ledger_path, text, spec, output_format, explain, dry_run, extra, number)
        return
    rules = load_rules_or_fail(rules_spec)
    try:
        entry = parse_hand(text, contracts=rules.contracts)
        outcome = score_entry(entry, rules)
    except BaskaError as error:
        fail(error)
    width = terminal_width()
    click.echo(
        render_outcome(entry, outcome, rules, ("A", "B", "C", "D"), output_format, explain, width)
    )


def _batch(stream: IO[str], rules: RuleSet, output_format: str) -> int:
    """Print each hand's result, and each bad line on standard error; 1 if there were any."""
    failed = False
    try:
        for line in score_batch(stream, rules, output_format):
            if line.problem:
                failed = True
                click.echo(line.text, err=True)
            else:
                sys.stdout.write(line.text + "\n")
    except BaskaError as error:
        fail(error)
    return 1 if failed else 0


def _record(
    path: str,
    text: str,
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    dry_run: bool,
    extra: bool,
    number: int | None = None,
) -> None:
    """Score a hand with the session's players and rules and append it to the ledger (only
    as hand `number`, where given: that hand holding this very one is done already)."""
    # the ledger's modules load only when a hand is recorded: they would add a quarter to
    # the start-up of every `baska score` (python -X importtime)
    from baska_cli.ledger.edits import record
    from baska_cli.render import sheet

    try:
        found = record(path, text, rules_spec, dry_run, extra, number=number)
    except StaleWriteError as error:
        if not error.same:
            fail(error)
        click.echo(str(error), err=True)  # (done already: a script sending it again succeeds)
        return
    except BaskaError as error:
        fail(error)
    if not dry_run:
        note_written(_("hand {number} was recorded in {path}").format(number=found.n, path=path))
    if output_format == "json":
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
