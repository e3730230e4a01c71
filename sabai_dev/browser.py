"""How the project's checks start a real browser: Debian's Chromium, driven by Playwright
(``tools/check_site.py`` for the rulebook site, ``tests/browser`` for the viewer and the scribe).
"""

from __future__ import annotations

from typing import Final

__all__ = ["BROWSER_ARGS"]

#: Chromium's command-line switches here: headless, no sandbox (CI runs as root), and none of the
#: background connections a closed network refuses, many at a time.
BROWSER_ARGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
