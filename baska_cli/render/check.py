"""What `baska check` says of a ledger: its problems counted, or ok with its format and dialect."""

from __future__ import annotations

from baska_cli.i18n import _, ngettext
from baska_cli.ledger.dialect import encoding_name, separator_name
from baska_cli.ledger.format import Meta


def problems_found(path: str, count: int) -> str:
    """`evening.csv: 2 problems`."""
    found = ngettext("{path}: {count} problem", "{path}: {count} problems", count)
    return found.format(path=path, count=count)


def checked_ok(path: str, hands: int, meta: Meta) -> str:
    """`evening.csv: ok, 16 hands (ledger format 2)`, with the dialect where it is not baska's."""
    fine = ngettext("{path}: ok, {count} hand", "{path}: ok, {count} hands", hands)
    return fine.format(path=path, count=hands) + _kind(meta)


def _kind(meta: Meta) -> str:
    """The ledger's format version, and its dialect where it is not baska's own."""
    parts = [_("ledger format {version}").format(version=meta.version)]
    if meta.version < 2:
        parts[0] = _("ledger format 1, which `baska upgrade` rewrites in format 2")
    if meta.rules_lines != (meta.rules_name,):
        parts.append(_("house rules: {name}").format(name=meta.rules_name))
    if meta.encoding != "utf-8" or meta.bom:
        parts.append(encoding_name(meta.encoding) + (" " + _("with a BOM") if meta.bom else ""))
    if meta.sep != ",":
        parts.append(_("cells separated by {sep}").format(sep=separator_name(meta.sep)))
    if meta.newline != "\n":
        parts.append(_("CRLF line ends"))
    return " (" + "; ".join(parts) + ")"
