"""The Jinja2 environment of the printable pages: templates/, autoescaped, strict, and
speaking the interface language through `{% trans %}` and `_()`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext
from baska_cli.render.settle import amount_text

if TYPE_CHECKING:
    from jinja2 import Environment


def environment() -> Environment:
    """A new environment over render/templates (Jinja2 is imported only here, when a page
    is made)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(os.path.join(os.path.dirname(__file__), "templates")),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(_, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters["money"] = amount_text  # `{{ t.amount|money }}`: 4,10 in Polish
    return env
