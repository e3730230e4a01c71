"""Take the screenshot of the verdict viewer that the docs show (``docs/_static/viewer.png``).

    python tools/screenshot_viewer.py                  # the lock-out dispute, at event 13
    python tools/screenshot_viewer.py --at 14 -o /tmp/viewer.png

The page is ``sabai replay examples/wrong-throw-in-lockout.json --format html`` (``--record``
another), opened in Debian's headless Chromium (driven by Playwright, the ``site-check`` extra;
``--browser PATH`` names another) at a desktop's width, 1280 px. The viewer is stepped to event
``--at`` (13, Anna's wrong throw-in: the card goes back, a penalty card, the lock-out), by its
slider, and the shot is cropped to the page's useful part: from the verdict's sentence to the end
of the stepper. The PNG is written with the browser's own encoder, one CSS pixel a pixel.

Exit status: 0 written; 2 no browser or Playwright (the message says what to install), or a
record or an event number the page does not have.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_dev.browser import BROWSER_ARGS  # noqa: E402
from sabai_rules.cli import run  # noqa: E402

RECORD = ROOT / "examples" / "wrong-throw-in-lockout.json"
TARGET = ROOT / "docs" / "_static" / "viewer.png"
WIDTH = 1280


def page_html(record: Path, lang: str) -> str:
    """The viewer's page for ``record``, as ``sabai replay --format html`` writes it."""
    out, err = io.StringIO(), io.StringIO()
    code = run(["replay", str(record), "--format", "html", "--lang", lang], stdout=out, stderr=err)
    if code not in (0, 1, 4):
        raise SystemExit(f"screenshot_viewer: {err.getvalue().strip()}")
    return out.getvalue()


def screenshot(html: str, at: int, target: Path, browser: str) -> int:
    """Write the shot of ``html`` at step ``at`` into ``target``; its size in bytes."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - an optional extra

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=browser, args=list(BROWSER_ARGS))
        try:
            page = launched.new_page(
                viewport={"width": WIDTH, "height": 900}, device_scale_factor=1
            )
            page.set_content(html)
            page.wait_for_selector("#viewer[data-ready='true']")
            last = int(page.get_attribute("#sabai-step", "max") or 0)
            if not 0 <= at <= last:
                raise SystemExit(f"screenshot_viewer: --at must be 0 to {last}, not {at}")
            page.locator("#sabai-step").fill(str(at))
            page.locator("#sabai-step").blur()
            top = page.locator("header").bounding_box()
            bottom = page.locator("#viewer").bounding_box()
            assert top is not None
            assert bottom is not None
            # Playwright's Clip (typed Any: Playwright is an optional extra).
            clip: Any = {
                "x": 0,
                "y": top["y"],
                "width": WIDTH,
                "height": bottom["y"] + bottom["height"] - top["y"],
            }
            target.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target), clip=clip, full_page=True)
        finally:
            launched.close()
    return target.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", type=Path, default=RECORD, help="the record to show")
    parser.add_argument("--at", type=int, default=13, help="the event shown (default: 13)")
    parser.add_argument("--lang", default="en", help="the page's language (default: en)")
    parser.add_argument("-o", "--output", type=Path, default=TARGET, help="the PNG to write")
    parser.add_argument("--browser", help="the Chromium to drive (default: Debian's chromium)")
    args = parser.parse_args(argv)
    browser = args.browser or shutil.which("chromium")
    if browser is None and Path("/usr/bin/chromium").is_file():
        browser = "/usr/bin/chromium"
    if browser is None:
        print("screenshot_viewer: no Chromium (apt-get install -y chromium)", file=sys.stderr)
        return 2
    try:
        import playwright  # noqa: F401, PLC0415 - only to say what is missing
    except ImportError:
        print("screenshot_viewer: pip install -e '.[site-check]'", file=sys.stderr)
        return 2
    size = screenshot(page_html(args.record, args.lang), args.at, args.output, browser)
    print(f"{args.output}: {size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
