"""Text a spreadsheet garbled: UTF-8 read as Windows-1252 or 1250 and saved again; lost letters.

`garbled(text)` gives what a cell probably was, or None. The test, in that order:

1. cheap, without ftfy: the text is not ASCII and holds a character that one of those
   character sets would have made of a UTF-8 lead byte (Ã, Å, Ä, Ĺ, Ă …; LibreOffice writes
   a byte its character set lacks as U+F1xx, which counts too), followed by one made of a
   continuation byte. Text without such a pair (Łucja, Józef, Zoë) is never looked at again;
2. ftfy (imported here, on the first suspicious text only): its "sloppy" codecs turn the
   text back into the bytes it was read from; where those are UTF-8 and decode to letters
   of the European alphabets, that is what it was (repeated while it
   changes: text garbled twice). Longer text goes through ftfy.fix_encoding as well.

Each distinct text is looked at once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache

from baska_cli.i18n import _

# LibreOffice reads a byte that its character set leaves undefined (0x81 in Windows-1252)
# as a private-use character U+F100 + byte
_LO_UNDEFINED = {0xF100 + b: b for b in range(0x80, 0x100)}
_CHARSETS = ("cp1252", "cp1250")
_SLOPPY = ("sloppy-windows-1252", "sloppy-windows-1250")
_MARKS = "?\ufffd"  # what a program writes for a letter its character set has not


def _pair_pattern() -> re.Pattern[str]:
    """The characters that UTF-8 lead bytes and continuation bytes become in the two
    character sets, as a pattern matching a lead followed by a continuation."""
    lead: set[str] = set()
    cont: set[str] = {chr(0xF100 + b) for b in range(0x80, 0xC0)}
    cont |= {chr(b) for b in range(0x80, 0xC0)}
    for charset in _CHARSETS:
        for byte in range(0x80, 0xF5):
            ch = bytes([byte]).decode(charset, errors="ignore")
            if ch:
                (cont if byte < 0xC0 else lead).add(ch)
    lead.discard("")
    return re.compile(f"[{re.escape(''.join(sorted(lead)))}][{re.escape(''.join(sorted(cont)))}]")


@lru_cache(maxsize=1)
def _pairs() -> re.Pattern[str]:
    return _pair_pattern()


def _plausible(text: str) -> bool:
    """Whether every non-ASCII character is a letter of the European alphabets (Latin-1 and
    Latin Extended-A, Greek, Cyrillic) or common punctuation: what a repaired cell may hold."""
    for ch in text:
        code = ord(ch)
        if code < 0x80 or 0xA0 <= code < 0xC0 or 0x2010 <= code <= 0x2026:
            continue
        if not (ch.isalpha() and (code <= 0x17F or 0x386 <= code <= 0x45F)):
            return False
    return True


def _undo_once(text: str) -> str | None:
    """The text one reading-as-the-wrong-character-set back, or None."""
    import ftfy.bad_codecs

    raw = text.translate(_LO_UNDEFINED_TABLE)
    for codec in _SLOPPY:
        try:
            fixed = raw.encode(codec).decode("utf-8")
        except UnicodeError:
            continue
        if fixed != text and _plausible(fixed):
            return fixed
    if len(text) > 24:  # (a long cell: ftfy's own judgement of the whole text)
        import ftfy

        fixed = ftfy.fix_encoding(raw)
        if fixed != raw and _plausible(fixed):
            return fixed
    return None


_LO_UNDEFINED_TABLE = {code: chr(b) for code, b in _LO_UNDEFINED.items()}


@lru_cache(maxsize=4096)
def garbled(text: str) -> str | None:
    """What `text` was before a program read its UTF-8 as another character set, or None
    when it does not look garbled (see the module)."""
    if text.isascii() or not _pairs().search(text):
        return None
    fixed = _undo_once(text)
    if fixed is None:
        return None
    for _round in range(3):  # garbled twice or more
        again = _undo_once(fixed) if _pairs().search(fixed) else None
        if again is None:
            break
        fixed = again
    return fixed


def lost_letter(text: str) -> str | None:
    """The mark ("?" or "\ufffd") a program left for a letter it could not write, if any."""
    at = [i for i in (text.find(mark) for mark in _MARKS) if i >= 0]  # (find: in C)
    return text[min(at)] if at else None


def garbled_hint(text: str, fixed: str, path: str) -> str:
    """The problem of a garbled text, with what it probably was and how to repair it."""
    return _(
        '"{text}" is garbled text, probably "{fixed}": the file was opened in a spreadsheet '
        "with the wrong character set and saved again; `baska repair {path}` puts it right "
        "(the damaged file is kept beside it)"
    ).format(text=text, fixed=fixed, path=path)


def lost_hint(text: str, mark: str) -> str:
    """The problem of a name in which a letter was replaced by a mark."""
    return _(
        '"{text}" has a "{mark}" where a letter was: the program that saved the file wrote it '
        "in a character set without that letter (as an .xlsx saved as plain CSV); a name "
        "cannot hold it. Save the sheet again as CSV in UTF-8 from the original, or restore "
        "a copy"
    ).format(text=text, mark=mark)
