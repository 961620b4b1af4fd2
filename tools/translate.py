"""Fill translations into a catalog from a JSON object {msgid: msgstr} (or plural lists).

    python tools/translate.py pl translations.json   # then: python tools/catalog.py compile

For entries with plural forms the value is a list of the three Polish forms. An entry
already translated is overwritten; its fuzzy mark is removed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalog import _read, _write_po, compile_all, po_path


def main(language: str, source: str) -> int:
    """Merge the translations in `source` into the language's catalog and compile it."""
    wanted = json.loads(Path(source).read_text(encoding="utf-8"))
    path = po_path(language)
    catalog = _read(path, language)
    unknown = []
    for msgid, text in wanted.items():
        message = catalog.get(msgid)
        if message is None:
            message = next(
                (m for m in catalog if isinstance(m.id, tuple) and m.id[0] == msgid), None
            )
        if message is None:
            unknown.append(msgid)
            continue
        message.string = tuple(text) if isinstance(text, list) else text
        message.flags.discard("fuzzy")
    _write_po(catalog, path)
    compile_all()
    for msgid in unknown:
        print(f"not in the catalog: {msgid!r}")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
