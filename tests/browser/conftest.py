"""A real browser for the pages a person uses (the verdict viewer, the scribe): Debian's Chromium
driven by Playwright (the ``site-check`` extra), never a browser Playwright downloads.

Without Playwright or Chromium these tests are skipped with a message saying what to install;
with ``SABAI_REQUIRE_BROWSER=1`` (what ``.ci/run`` sets, having installed both) they fail instead,
so that CI never passes on browser tests it did not run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from sabai_dev.browser import BROWSER_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


#: The two widths every page is checked at: a phone held upright, and a desktop.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: Playwright's ``ViewportSize`` each (typed ``Any``: Playwright is an optional extra).
WIDTHS: dict[str, Any] = {"phone": PHONE, "desktop": DESKTOP}


def _missing(what: str) -> None:
    if os.environ.get("SABAI_REQUIRE_BROWSER") == "1":
        pytest.fail(f"SABAI_REQUIRE_BROWSER=1 but {what}", pytrace=False)
    pytest.skip(what)


def chromium_path() -> str:
    """Debian's Chromium, or the test is skipped saying how to install it."""
    found = shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None
    )
    if found is None:
        _missing("no Chromium on this machine (apt-get install -y chromium)")
    assert found is not None
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session."""
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415 - an optional extra
    except ImportError:
        _missing("Playwright is not installed (pip install -e '.[site-check]')")
    path = chromium_path()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=list(BROWSER_ARGS))
        try:
            yield launched
        finally:
            launched.close()


def new_context(browser: Browser, width: str, **options: Any) -> BrowserContext:
    """A fresh context at ``width`` ("phone": 390 px with touch, "desktop": 1280 px)."""
    phone = width == "phone"
    return browser.new_context(
        viewport=WIDTHS[width],
        has_touch=phone,
        is_mobile=phone,
        device_scale_factor=1,
        **options,
    )


@pytest.fixture(params=["phone", "desktop"])
def width(request: pytest.FixtureRequest) -> str:
    """Each of the two widths."""
    return str(request.param)


def page_errors(page: Page) -> list[str]:
    """A list that collects the page's console errors and uncaught exceptions from now on."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    return errors


#: The element reaching furthest right beyond the viewport, or null when nothing overflows.
_OVERFLOW = """() => {
  const doc = document.documentElement;
  const limit = doc.clientWidth + 1;
  let widest = null, right = limit;
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= right) continue;
    let clipped = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== "visible" && up.getBoundingClientRect().right <= limit) {
        clipped = true;
        break;
      }
    }
    if (!clipped) { widest = el; right = box.right; }
  }
  if (doc.scrollWidth <= limit && widest === null) return null;
  const name = widest === null ? "the document" :
    widest.tagName.toLowerCase() + (widest.id ? "#" + widest.id : "") +
    (widest.className && typeof widest.className === "string" ?
      "." + widest.className.trim().split(/\\s+/).join(".") : "");
  return `${name} reaches ${Math.round(right)} px; the page is ${doc.clientWidth} px wide` +
    ` and scrolls to ${doc.scrollWidth} px`;
}"""


def overflow(page: Page) -> str | None:
    """What makes ``page`` scroll sideways (the element reaching furthest right), or None."""
    found = page.evaluate(_OVERFLOW)
    return None if found is None else str(found)
