"""The record a league's published site keeps in its folder (`.baska-pages`): for each part of
the site — the league's own pages ("") and each event's (`events/SLUG/`) — a digest of what
it was made from and a digest of its files' stamps as written, so that publishing again makes only
the parts whose inputs changed. A part whose files are not all as recorded is made again; a
record that does not read, or of another layout or baska, is not used."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from baska_cli import __version__
from baska_cli.errors import BaskaError
from baska_cli.files.kind import NotRegularFile, read_text
from baska_cli.files.outputs import write_output
from baska_cli.files.stamps import Stamp, stamp

RECORD = ".baska-pages"  # in the site's folder, beside `.baska-publish`
LAYOUT = [1, __version__]  # a record of another layout or baska is not used


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the site as published: the digest of its inputs ("": none that can be
    trusted, made again next time), its files, and the digest of their stamps as written."""

    key: str
    files: tuple[str, ...]
    stamps: str


def digest(*values: object) -> str:
    """A digest of plain values (numbers, text, lists of them): what a part is made from."""
    text = json.dumps([LAYOUT, *values], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_record(out: str) -> dict[str, Part]:
    """The parts recorded in the folder (none if the record is missing, broken, or not of
    this baska)."""
    try:
        data = json.loads(read_text(os.path.join(out, RECORD), "utf-8"))
        if data["layout"] != LAYOUT:
            return {}
        return {
            str(name): Part(str(key), tuple(str(f) for f in files), str(stamps))
            for name, (key, files, stamps) in data["parts"].items()
        }
    except (OSError, UnicodeDecodeError, NotRegularFile, ValueError, TypeError, KeyError,
            AttributeError):  # fmt: skip
        return {}


def _stamp_of(out: str, name: str) -> Stamp | None:
    """A file's stamp inside the folder (None: missing, or not a regular file)."""
    try:
        st = os.lstat(os.path.join(out, *name.split("/")))
    except OSError:
        return None
    return stamp(st) if stat.S_ISREG(st.st_mode) else None


def _stamps(out: str, names: Sequence[str]) -> str:
    """The digest of these files' stamps ("" where one is missing: nothing to trust)."""
    found = [_stamp_of(out, name) for name in names]
    return "" if None in found else digest(names, found)


def intact(out: str, part: Part, key: str) -> bool:
    """Whether a part was made from these inputs (`key`) and each of its files is still as
    it was written."""
    return bool(key) and part.key == key and _stamps(out, part.files) == part.stamps


def written(out: str, key: str, names: Sequence[str]) -> Part:
    """A part just published: its key, its files and the digest of their stamps now."""
    return Part(key, tuple(names), _stamps(out, names))


def write_record(out: str, parts: Mapping[str, Part]) -> None:
    """Keep the parts for the next publishing (best effort: it is only a record)."""
    data = {
        "layout": LAYOUT,
        "parts": {name: [p.key, list(p.files), p.stamps] for name, p in parts.items()},
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    with contextlib.suppress(BaskaError):  # (never through a link planted in its place)
        write_output(os.path.join(out, RECORD), [text], own=True)
