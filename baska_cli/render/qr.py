"""A link as a QR code in SVG, for a printed page (segno is imported only here, when a page
with a code is made)."""

from __future__ import annotations


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (error correction M, a quiet zone of 4 modules),
    scaled by the page's CSS (no width or height of its own)."""
    import segno

    code = segno.make(url, error="m")
    return code.svg_inline(border=4, omitsize=True, dark="#000", light="#fff")
