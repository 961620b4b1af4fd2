"""How a ledger file is written (character set, BOM, separator, line end), from its first bytes;
a players file's text is read by the same rule for the character set (`decoded`).

A ledger saved by a spreadsheet keeps its own dialect: appends and rewrites write it back the
same way. The rule, deterministic and written down in the README ("With a spreadsheet"):

- character set: UTF-8 when the rows up to the header (the metadata) are UTF-8, with or
  without a BOM (a later byte that is not is then a problem at its line); otherwise
  Windows-1250 or Windows-1252. Each is tried on the metadata: Windows-1250
  scores the Polish letters (ą ć ę ł ń ó ś ź ż, either case) it gives, Windows-1252 the
  letters it gives where the two differ; the higher score wins, a tie goes to Windows-1250.
  A set that cannot decode those bytes at all is out. UTF-16 and files with NUL bytes are
  refused, named;
- separator: the character right after `baska ledger` in the first row: a comma, a
  semicolon or a tab. Anything else is refused, naming the character;
- line end: CRLF when the first 4 KiB hold one, else LF.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from baska_cli.i18n import _

UTF8 = "utf-8"
CP1250 = "cp1250"
CP1252 = "cp1252"
ENCODINGS = (UTF8, CP1250, CP1252)
SEPARATORS = (",", ";", "\t")
BOM = b"\xef\xbb\xbf"
HEAD = 1 << 16  # bytes read to find the dialect
_POLISH = frozenset("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")


@dataclass(frozen=True, slots=True)
class Dialect:
    """A ledger file's character set (a Python codec name), BOM, separator and line end."""

    encoding: str = UTF8
    bom: bool = False
    sep: str = ","
    newline: str = "\n"

    @property
    def stream_encoding(self) -> str:
        """The codec a text stream reads the file with (UTF-8 drops its own BOM)."""
        return "utf-8-sig" if self.encoding == UTF8 else self.encoding


def encoding_name(encoding: str) -> str:
    """A character set as spreadsheets name it (Windows-1250, UTF-8)."""
    return {UTF8: "UTF-8", CP1250: "Windows-1250", CP1252: "Windows-1252"}.get(encoding, encoding)


def separator_name(sep: str) -> str:
    """A separator as a message shows it."""
    names = {",": _("comma"), ";": _("semicolon"), "\t": _("tab"), " ": _("space")}
    return names.get(sep, f'"{sep}"')


class DialectError(ValueError):
    """Bytes that are no ledger dialect baska reads; the message names what was found."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _is_utf8(head: bytes, whole: bool) -> bool:
    """Whether the bytes are UTF-8 (a character cut at the end of a head is fine)."""
    try:
        codecs.getincrementaldecoder(UTF8)().decode(head, final=whole)
    except UnicodeDecodeError:
        return False
    return True


def _score(text: str, other: str, encoding: str) -> int:
    """How plausible a decoding of the metadata is (see the module's rule)."""
    if encoding == CP1250:
        return sum(ch in _POLISH for ch in text)
    return sum(
        ch.isalpha() and ch != o for ch, o in zip(text, other, strict=False) if ord(ch) > 127
    )


def legacy_encoding(meta: bytes) -> str:
    """Windows-1250 or Windows-1252 for metadata that is not UTF-8 (the module's rule)."""
    decoded = {}
    for encoding in (CP1250, CP1252):
        try:
            decoded[encoding] = meta.decode(encoding)
        except UnicodeDecodeError:
            continue
    if len(decoded) == 1:
        return next(iter(decoded))
    if not decoded:
        raise DialectError(_("the file is not text in UTF-8, Windows-1250 or Windows-1252"))
    a, b = decoded[CP1250], decoded[CP1252]
    return CP1252 if _score(b, a, CP1252) > _score(a, b, CP1250) else CP1250


def _refuse_utf16(head: bytes) -> None:
    """A DialectError for UTF-16 text, or a first line that holds NUL bytes."""
    first = head[: head.find(b"\n") + 1 or 4096]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in first:
        raise DialectError(
            _(
                "the file is UTF-16 text (or holds NUL bytes); save it as CSV in UTF-8 "
                "(or Windows-1250)"
            )
        )


def decoded(data: bytes) -> str:
    """The text of a whole small file that is not a ledger (a players file) by the module's
    rule for the character set, all of it taken as the metadata: UTF-8 (its BOM dropped),
    else Windows-1250 or Windows-1252; line ends made `\n`. A DialectError for UTF-16, NUL
    bytes or bytes none of the three decodes."""
    _refuse_utf16(data)
    body = data[len(BOM) :] if data.startswith(BOM) else data
    text = body.decode(UTF8 if _is_utf8(body, True) else legacy_encoding(body))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def sniff(head: bytes, whole: bool) -> Dialect:
    """The dialect of a file that starts with `head` (`whole`: the head is the whole file)."""
    _refuse_utf16(head)
    bom = head.startswith(BOM)
    body = head[len(BOM) :] if bom else head
    end = body.find(b"\n#")
    meta = body if end < 0 else body[: end + 1]
    encoding = UTF8 if _is_utf8(meta, whole or end >= 0) else legacy_encoding(meta)
    newline = "\r\n" if b"\r\n" in head[:4096] else "\n"
    text = body[:4096].decode(encoding, errors="replace")
    return Dialect(encoding, bom, _separator(text), newline)


def _separator(text: str) -> str:
    """The separator after `baska ledger` on the first non-empty line, or a DialectError
    naming the one found; a comma when the first row does not start so (the reader then says
    that it is not a ledger)."""
    lines = text.splitlines()
    number, first = next(((i + 1, s) for i, s in enumerate(lines) if s.strip()), (1, ""))
    stripped = first.lstrip()
    if stripped.startswith('"'):
        stripped = stripped[1:]
    if not stripped.lower().startswith("baska ledger"):
        return ","
    rest = stripped[len("baska ledger") :]
    if rest.startswith('"'):
        rest = rest[1:]
    sep = rest[:1]
    if not sep or sep in SEPARATORS:
        return sep or ","
    raise DialectError(
        _(
            'the first row is "{row}": its cells are separated by {sep}, which baska does not '
            "read; save the file with commas, semicolons or tabs between the cells"
        ).format(row=first.strip(), sep=separator_name(sep)),
        number,
    )
