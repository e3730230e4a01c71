"""Check the built rulebook site in a real browser, as a reader on a phone and on a desktop sees it.

    python tools/check_site.py                         # every page of en, fr, nl, fi
    python tools/check_site.py --lang fr --max-pages 5 # a quick look

The site (``docs/_build/html`` or ``--site DIR``) is served on localhost and every HTML page of
each language (or of each ``--lang``) is loaded by a headless Chromium (Debian's ``chromium``,
driven by Playwright; ``--browser PATH`` names another). A problem is:

- a JavaScript console error or uncaught page error (a missing script or style is one too);
- a horizontal scroll at a 390 px wide viewport: the document's ``scrollWidth`` exceeds its
  ``clientWidth`` by more than 1 px, or the main content (``article[role=main]``) overflows; the
  element reaching furthest right (the outermost one, not clipped by a scrolling box) is named;
- at 1280 px, the same for the main content and the document;
- a link to an anchor of the site that does not land: for every ``a[href*="#"]`` into the site,
  the page it names must have an element with that ``id`` (checked in the HTML, for every link);
  and ``--follow`` of those links per language (spread over all of them) are followed in the
  browser, where after the navigation ``document.getElementById(hash)`` must exist with its top
  edge in the viewport and not hidden under the page's fixed header;
- a search (``search.html?q=...``, once per query and language) that throws or finds nothing.
  The queries: ``joker`` and the number of a known rule (6.8 on the current edition's sites); the
  first results are printed;
- a word the glossary avoids, or a fault of French typography, in a page's prose (checked in the
  HTML, as ``tools/check_wording.py`` does: :func:`sabai_dev.wording.check_site`).

Output: one line per problem, then per language the pages, the problems and the seconds.
Exit status: 0 no problem; 1 a problem; 2 bad arguments, no site, or no browser (the message
says how to install it: ``apt-get install -y chromium`` and ``pip install -e '.[site-check]'``).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import shutil
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, TypedDict
from urllib.parse import quote, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from check_links import PageLinks, parse_page  # noqa: E402 - the link checker's page reader

from sabai_dev import wording  # noqa: E402
from sabai_dev.browser import BROWSER_ARGS  # noqa: E402
from sabai_rules.model import catalogue  # noqa: E402
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Language  # noqa: E402

if TYPE_CHECKING:
    from playwright.async_api import Browser, BrowserContext, Page

SITE = ROOT / "docs" / "_build" / "html"


class _Size(TypedDict):
    """A viewport's size (Playwright's ``ViewportSize``)."""

    width: int
    height: int


PHONE: _Size = {"width": 390, "height": 844}
DESKTOP: _Size = {"width": 1280, "height": 800}
MAIN = "article[role=main]"
#: The rule whose number is searched for, on every site whose edition has it.
SEARCHED_RULE = "throw-in.retry-lockout"
INSTALL = (
    "install Debian's Chromium (apt-get install -y chromium) or give --browser PATH, "
    "and Playwright (pip install -e '.[site-check]')"
)

# What overflows to the right: with no selector, the document (its scrollWidth past its
# clientWidth by more than 1 px); with one, that element's content past the right edge of the
# content column (furo's ``.content``, padding included: a heading's bleed of 0.5rem into it is
# furo's design). Names the element reaching furthest right (the outermost of the widest),
# looking neither inside a box that clips or scrolls (its own box counts) nor at fixed elements.
# Returns null when nothing overflows.
_OVERFLOW_JS = """
(selector) => {
  const doc = document.documentElement;
  const root = selector ? document.querySelector(selector) : doc;
  if (!root) return null;
  let edge;
  if (root === doc) {
    if (doc.scrollWidth <= doc.clientWidth + 1) return null;
    edge = doc.clientWidth;
  } else {
    edge = (root.closest(".content") || root.parentElement || root).getBoundingClientRect().right;
    if (root.getBoundingClientRect().left + root.scrollWidth <= edge + 1) return null;
  }
  const name = (el) => {
    const parts = [];
    for (; el && el.nodeType === 1 && el !== doc; el = el.parentElement) {
      let part = el.tagName.toLowerCase();
      if (el.id) { parts.unshift(part + "#" + CSS.escape(el.id)); break; }
      const classes = [...el.classList].slice(0, 2).map((c) => "." + CSS.escape(c)).join("");
      parts.unshift(part + classes);
    }
    return parts.join(" > ");
  };
  let widest = null, right = edge + 1;
  const walk = (parent) => {
    for (const child of parent.children) {
      const style = getComputedStyle(child);
      if (style.display === "none" || style.position === "fixed") continue;
      const box = child.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 0.5) { widest = child; right = box.right; }
      if (style.overflowX !== "visible") continue;
      // Look inside unless nothing there reaches past the edge.
      const reach = box.left + child.clientLeft + child.scrollWidth;
      if (!child.scrollWidth || reach > edge + 1) walk(child);
    }
  };
  walk(root);
  if (root !== doc && widest === null) return null;
  return {
    scroll: root.scrollWidth, client: root.clientWidth,
    widest: widest ? name(widest) : null, right: Math.round(right), edge: Math.round(edge),
  };
}
"""

# Where the element of ``id`` is once the scroll to it has settled (furo scrolls smoothly): null
# if in view, else missing, out of view, or under something (the fixed header) at its top edge.
# Waits until it lands and the scroll has stopped, or for 5 s.
_LANDED_JS = """
(id) => new Promise((done) => {
  const where = () => {
    const el = document.getElementById(id);
    if (!el) return "missing";
    const box = el.getBoundingClientRect();
    if (box.top < -1 || box.top >= innerHeight) {
      return "out of view (its top at " + Math.round(box.top) + " px)";
    }
    const x = Math.min(Math.max(box.left + 4, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + 4, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) {
      return "hidden under " + (hit.closest("header") ? "the header" : hit.tagName.toLowerCase());
    }
    return null;
  };
  const start = performance.now();
  let last = NaN, still = 0;
  const tick = () => {
    still = scrollY === last ? still + 1 : 0;
    last = scrollY;
    const found = where();
    if ((found === null && still >= 3) || performance.now() - start > 5000) done(found);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})
"""

# Whether the search has finished: Sphinx's search stops its pulse (the summary it then writes
# may be empty, where a translation is), or (another search page) a summary has text.
_SEARCH_DONE_JS = """
() => {
  const results = document.getElementById("search-results");
  if (results === null) return false;
  const summary = results.querySelector(".search-summary");
  if (summary !== null && summary.textContent.trim().length > 0) return true;
  return results.querySelector("h2") !== null
    && typeof Search !== "undefined" && Search._pulse_status === -1;
}
"""

_SEARCH_RESULTS_JS = """
() => [...document.querySelectorAll("#search-results ul.search > li > a")]
  .map((a) => [a.textContent.trim(), a.getAttribute("href")])
"""


@dataclass(frozen=True)
class Link:
    """A link to an anchor: the page it is on, its ``href`` and the page and id it names
    (paths relative to the site's root, ``fr/rules/turn.html``)."""

    page: str
    href: str
    target: str
    anchor: str


@dataclass
class Report:
    lang: str
    pages: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def pages_of(site: Path, lang: str) -> list[str]:
    """The HTML pages of one language's site, relative to ``site``: the index first, then the
    other top-level pages, the deeper ones, and the highlighted sources last."""
    found = [p.relative_to(site).as_posix() for p in (site / lang).rglob("*.html")]
    found = [p for p in found if "_static" not in p.split("/")]

    def order(page: str) -> tuple[bool, bool, int, str]:
        inner = page.removeprefix(f"{lang}/")
        return (inner != "index.html", inner.startswith("_modules/"), inner.count("/"), inner)

    return sorted(found, key=order)


def anchor_links(site: Path, pages: list[str]) -> tuple[list[Link], list[str]]:
    """Every link to an anchor of the site on ``pages``, and a problem for each whose target
    page or id is missing. Links out of the site or into a language not built are left alone."""
    root = site.resolve()
    parsed: dict[str, PageLinks | None] = {}

    def parse(page: str) -> PageLinks | None:
        if page not in parsed:
            path = root / page
            parsed[page] = parse_page(path) if path.is_file() else None
        return parsed[page]

    links: list[Link] = []
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    for page in pages:
        here = parse(page)
        assert here is not None
        for href in here.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or (page, href) in seen:
                continue
            seen.add((page, href))
            anchor = unquote(parts.fragment)
            if not anchor:
                continue
            if parts.path:
                joined = PurePosixPath(page).parent / unquote(parts.path)
                target = _normalise(joined)
            else:
                target = page
            if target is None or not (root / target.split("/")[0] / "index.html").is_file():
                continue  # out of the site (check_links says so), or a language not built
            found = parse(target)
            lang = page.split("/", maxsplit=1)[0]
            if found is None:
                problems.append(f"{lang}: {page}: link {href} does not land: no page {target}")
            elif anchor not in found.ids:
                problems.append(
                    f"{lang}: {page}: link {href} does not land: no id {anchor!r} in {target}"
                )
            else:
                links.append(Link(page, href, target, anchor))
    return links, problems


def wording_problems(site: Path, pages: list[str], lang: Language) -> list[str]:
    """Each word the glossary avoids and each fault of French typography on ``pages`` (relative
    to ``site``, all of ``lang``)."""
    inner = [page.split("/", 1)[1] for page in pages]
    found = wording.check_site(site / lang, lang, catalogue.default(), pages=inner)
    return [f"{lang}: {finding.where}: {finding.message}" for finding in found]


def _normalise(path: PurePosixPath) -> str | None:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts) or None


def _reference(page: str) -> bool:
    """The API reference and the highlighted sources (big pages, read by programmers)."""
    inner = page.split("/", 1)[-1]
    return inner == "api.html" or inner.startswith(("api/", "_modules/"))


def sample(links: list[Link], count: int) -> list[Link]:
    """``count`` links with distinct targets, spread over the pages they lead to: one into each
    page in turn (the site's own rulebook pages first, then other languages' pages, then the API
    reference and the sources), each from a rulebook page where one links there."""
    distinct: dict[tuple[str, str], Link] = {}
    for link in links:
        known = distinct.get((link.target, link.anchor))
        if known is None or (_reference(known.page) and not _reference(link.page)):
            distinct[(link.target, link.anchor)] = link
    by_page: dict[str, list[Link]] = {}
    for key in sorted(distinct):
        by_page.setdefault(key[0], []).append(distinct[key])
    own = {link.page.split("/", maxsplit=1)[0] for link in links}

    def order(page: str) -> tuple[bool, bool, str]:
        return (_reference(page), page.split("/", maxsplit=1)[0] not in own, page)

    queues = [by_page[page] for page in sorted(by_page, key=order)]
    chosen: list[Link] = []
    for turn in range(max((len(q) for q in queues), default=0)):
        for queue in queues:
            if len(chosen) < count and turn < len(queue):
                # Spread over the page's anchors: its middle one, then its first, and so on.
                chosen.append(queue[(turn + len(queue) // 2) % len(queue)])
    return chosen


def search_queries(lang: Language) -> list[str]:
    """``joker``, and the number of :data:`SEARCHED_RULE` (or the first rule of its chapter)
    in ``lang``'s edition."""
    cat = catalogue.default()
    edition = EDITION_OF[lang]
    rule = cat.rule(SEARCHED_RULE)
    if edition not in rule.editions:
        rule = cat.rules(chapter=rule.chapter, edition=edition)[0]
    return ["joker", cat.rule_number(rule.id, edition)]


def find_browser(given: str | None) -> str | None:
    if given is not None:
        return given if Path(given).is_file() else None
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """The site served on localhost for the duration; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class _Tab:
    """One browser page that collects its console errors and page errors."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", self._page_error)

    def _console(self, message: Any) -> None:
        where = (message.location or {}).get("url", "")
        # The browser asks every server for /favicon.ico by itself; no page of the site does.
        if message.type == "error" and urlsplit(where).path != "/favicon.ico":
            self.errors.append(f"console error: {message.text}" + (f" ({where})" if where else ""))

    def _page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")

    def take_errors(self) -> list[str]:
        found, self.errors = self.errors, []
        return found


def _overflow_line(lang: str, page: str, width: int, selector: str | None, found: Any) -> str:
    widest = "no element to name (a pseudo-element?)"
    if found["widest"]:
        past = found["right"] - found["edge"]
        widest = f"widest: {found['widest']} (right edge at {found['right']} px, {past} px past)"
    if selector is None:
        scroll = f"scrollWidth {found['scroll']} > clientWidth {found['client']}"
        return f"{lang}: {page}: the page scrolls sideways at {width} px ({scroll}); {widest}"
    return f"{lang}: {page}: the main content overflows its column at {width} px; {widest}"


async def _check_page(tab: _Tab, base: str, page: str) -> list[str]:
    lang = page.split("/", maxsplit=1)[0]
    problems: list[str] = []
    await tab.page.set_viewport_size(PHONE)  # loaded at the phone's width, then widened
    response = await tab.page.goto(base + quote(page), wait_until="load")
    if response is None or response.status >= 400:
        status = "no response" if response is None else f"HTTP {response.status}"
        return [f"{lang}: {page}: {status}"]
    # At each width one line at most: the page's scroll, else the main content's overflow.
    for size in (PHONE, DESKTOP):
        if size is DESKTOP:
            await tab.page.set_viewport_size(size)
        for selector in (None, MAIN):
            found: Any = await tab.page.evaluate(_OVERFLOW_JS, selector)
            if found is not None:
                problems.append(_overflow_line(lang, page, size["width"], selector, found))
                break
    problems += [f"{lang}: {page}: {error}" for error in tab.take_errors()]
    return problems


async def _follow(tab: _Tab, base: str, link: Link) -> str | None:
    """Click ``link`` on its page and see where its target lands; None if in view."""
    lang = link.page.split("/", maxsplit=1)[0]
    await tab.page.set_viewport_size(PHONE)
    await tab.page.goto(base + quote(link.page), wait_until="load")
    target = base + quote(link.target) + "#" + quote(link.anchor, safe="")
    clicked: bool = await tab.page.evaluate(
        """(href) => {
          const a = [...document.links].find((link) => link.getAttribute("href") === href);
          if (!a) return false;
          a.click();
          return true;
        }""",
        link.href,
    )
    if not clicked:
        return f"{lang}: {link.page}: link {link.href} not found in the browser's page"
    await tab.page.wait_for_url(lambda url: unquote(url) == unquote(target), timeout=10_000)
    await tab.page.wait_for_load_state("load")
    landed: str | None = await tab.page.evaluate(_LANDED_JS, link.anchor)
    tab.take_errors()  # the pages' own errors: found when each page was checked
    if landed is not None:
        return f"{lang}: {link.page}: link {link.href} followed: #{link.anchor} {landed}"
    return None


async def _search(tab: _Tab, base: str, lang: str, query: str) -> tuple[str | None, str]:
    """A problem (or None) and a note on the first results of one search."""
    await tab.page.set_viewport_size(DESKTOP)
    url = f"{base}{lang}/search.html?q={quote(query)}"
    await tab.page.goto(url, wait_until="load")
    try:
        await tab.page.wait_for_function(_SEARCH_DONE_JS, timeout=20_000)
    except Exception as error:  # Playwright's TimeoutError
        errors = tab.take_errors()
        why = errors[0] if errors else f"no result summary after 20 s ({type(error).__name__})"
        return f"{lang}: search {query!r} did not finish: {why}", ""
    results: list[list[str]] = await tab.page.evaluate(_SEARCH_RESULTS_JS)
    errors = tab.take_errors()
    first = "; ".join(f"{title} ({href})" for title, href in results[:3])
    note = f"{lang}: search {query!r}: {len(results)} results" + (
        f"; first: {first}" if first else ""
    )
    if errors:
        return f"{lang}: search {query!r} threw: {errors[0]}", note
    if not results:
        return f"{lang}: search {query!r} finds nothing", note
    return None, note


#: One piece of work for a browser tab: its problems and its notes.
_Task = Callable[[_Tab], Awaitable[tuple[list[str], list[str]]]]


async def _run_language(
    browser: Browser, base: str, site: Path, lang: Language, args: argparse.Namespace
) -> Report:
    start = time.perf_counter()
    report = Report(lang)
    pages = pages_of(site, lang)
    if args.max_pages is not None:
        pages = pages[: args.max_pages]
    report.pages = len(pages)
    links, report.problems = anchor_links(site, pages)
    report.problems += wording_problems(site, pages, lang)

    async def check(page: str, tab: _Tab) -> tuple[list[str], list[str]]:
        return await _check_page(tab, base, page), []

    async def follow(link: Link, tab: _Tab) -> tuple[list[str], list[str]]:
        problem = await _follow(tab, base, link)
        return [] if problem is None else [problem], []

    async def search(query: str, tab: _Tab) -> tuple[list[str], list[str]]:
        problem, note = await _search(tab, base, lang, query)
        return [] if problem is None else [problem], [note] if note else []

    tasks: list[tuple[str, _Task]] = [
        (f"{lang}: {page}: checking the page", functools.partial(check, page)) for page in pages
    ]
    tasks += [
        (f"{lang}: {link.page}: following {link.href}", functools.partial(follow, link))
        for link in sample(links, args.follow)
    ]
    if not args.no_search:
        tasks += [
            (f"{lang}: search {query!r}", functools.partial(search, query))
            for query in args.query or search_queries(lang)
        ]
    results: list[tuple[list[str], list[str]]] = [([], [])] * len(tasks)
    todo = iter(enumerate(tasks))  # shared by the tabs: each task is taken once

    async def worker(tab: _Tab) -> None:
        for index, (what, task) in todo:
            try:
                results[index] = await task(tab)
            except Exception as error:  # reported; the other tasks go on
                first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
                results[index] = ([f"{what} failed: {first}"], [])

    context: BrowserContext = await browser.new_context(viewport=PHONE, device_scale_factor=1)
    try:
        tabs = [_Tab(await context.new_page()) for _ in range(min(args.jobs, len(tasks)))]
        await asyncio.gather(*(worker(tab) for tab in tabs))
    finally:
        await context.close()
    for problems, notes in results:
        report.problems += problems
        report.notes += notes
    report.seconds = time.perf_counter() - start
    return report


async def _run(browser_path: str, site: Path, args: argparse.Namespace) -> list[Report]:
    from playwright.async_api import async_playwright  # noqa: PLC0415 - an optional extra

    reports = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=browser_path, args=list(BROWSER_ARGS), headless=True
        )
        try:
            with serve(site) as base:
                for lang in args.languages:
                    report = await _run_language(browser, base, site, lang, args)
                    for line in report.problems:
                        print(line, flush=True)
                    reports.append(report)
        finally:
            await browser.close()
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--site", type=Path, default=SITE, help="the built site, one folder per language"
    )
    parser.add_argument(
        "--lang", action="append", choices=LANGUAGES, help="a language to check (repeatable)"
    )
    parser.add_argument("--max-pages", type=int, help="check only the first N pages per language")
    parser.add_argument(
        "--jobs", type=int, default=3, help="pages loaded at the same time (default 3)"
    )
    parser.add_argument(
        "--follow",
        type=int,
        default=12,
        help="links to an anchor followed in the browser per language (default 12)",
    )
    parser.add_argument("--browser", help="the Chromium to drive (default: Debian's chromium)")
    parser.add_argument(
        "--query", action="append", help="a search to run instead of the default ones (repeatable)"
    )
    parser.add_argument("--no-search", action="store_true", help="skip the search check")
    args = parser.parse_args(argv)
    if args.max_pages is not None and args.max_pages < 1:
        parser.error("--max-pages must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.follow < 0:
        parser.error("--follow must be 0 or more")
    site: Path = args.site.resolve()
    args.languages = tuple(dict.fromkeys(args.lang or LANGUAGES))
    for lang in args.languages:
        if not (site / lang / "index.html").is_file():
            parser.error(f"no {lang} site in {site} (build it: tools/build_docs.py --lang {lang})")
    browser = find_browser(args.browser)
    if browser is None:
        where = args.browser or "/usr/bin/chromium, nor chromium on PATH"
        print(f"check_site: no browser ({where}): {INSTALL}", file=sys.stderr)
        return 2
    try:
        import playwright.async_api  # noqa: F401, PLC0415 - only to say how to install it
    except ImportError:
        print(f"check_site: Playwright is not installed: {INSTALL}", file=sys.stderr)
        return 2
    try:
        reports = asyncio.run(_run(browser, site, args))
    except Exception as error:
        if type(error).__module__.startswith("playwright"):
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            print(f"check_site: the browser {browser} failed: {first}; {INSTALL}", file=sys.stderr)
            return 2
        raise
    for report in reports:
        for note in report.notes:
            print(note)
    for report in reports:
        print(
            f"{report.lang}: {report.pages} pages, {len(report.problems)} problems, "
            f"{report.seconds:.1f} s"
        )
    return 1 if any(report.problems for report in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
