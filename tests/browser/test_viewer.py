"""The verdict viewer in a real browser, as a player uses it: every example stepped through
event by event (the arrow keys, the buttons, the slider, the timeline), each table shown the one
``sabai show --at N --svg -`` draws, for everybody and as each player saw it; the verdict's
sentence first; no console error; no sideways scrolling on a phone (tapped) or a desktop; the
words in the page's language.

Each example's page is written once for the module; the pictures are compared as the browser
parsed them (the shown picture against ``sabai show``'s text parsed the same way), not as
screenshots. Screenshots of each example's first and last step at both widths go to the test's
temporary folder."""

from __future__ import annotations

import io
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from sabai_rules.cli import run
from sabai_rules.referee import load_record, replay
from sabai_rules.referee.i18n import LABELS
from sabai_rules.referee.viewer import verdict_sentence
from tests.browser.conftest import WIDTHS, new_context, overflow, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json")) + sorted(
    (ROOT / "examples" / "table").glob("*.json")
)

#: The step and view shown, and whether the picture shown is the one ``expected`` draws: both
#: parsed by the browser's own parser, so that equal serialisations mean equal documents.
_SHOWN = """(expected) => {
  const root = document.getElementById("viewer");
  const parsed = document.createElement("div");
  parsed.innerHTML = expected;
  const shown = document.getElementById("sabai-picture");
  const same = shown.children.length === 1 && shown.innerHTML === parsed.innerHTML;
  return [Number(root.dataset.step), Number(root.dataset.view), same];
}"""


def _out(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    run(list(argv), stdout=out, stderr=err)
    assert err.getvalue() == ""
    return out.getvalue()


def _name(path: Path) -> str:
    return path.relative_to(ROOT / "examples").with_suffix("").as_posix()


#: A page whose timeline is full: every refusal of the long game marked (--tolerant).
TOLERANT = ROOT / "examples" / "real-table-reshuffle-impossible.json"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Path]:
    """Each example's page, written once (and the tolerant page of :data:`TOLERANT`, under the
    key ``TOLERANT.with_suffix(".tolerant")``)."""
    folder = tmp_path_factory.mktemp("pages")
    written = {}
    for example in EXAMPLES:
        target = folder / f"{_name(example).replace('/', '-')}.html"
        target.write_text(_out("replay", str(example), "--format", "html"), encoding="utf-8")
        written[example] = target
    target = folder / "tolerant.html"
    html = _out("replay", str(TOLERANT), "--format", "html", "--tolerant")
    target.write_text(html, encoding="utf-8")
    written[TOLERANT.with_suffix(".tolerant")] = target
    return written


@pytest.fixture(scope="module")
def desktop(browser: Browser) -> Iterator[Page]:
    """One desktop page for the module's long walk through the examples."""
    context = new_context(browser, "desktop")
    try:
        yield context.new_page()
    finally:
        context.close()


def _open(page: Page, path: Path) -> list[str]:
    page.set_default_timeout(10_000)
    errors = page_errors(page)
    page.goto(path.as_uri())
    page.wait_for_selector("#viewer[data-ready='true']")
    return errors


def _at(page: Page) -> tuple[int, int]:
    root = page.locator("#viewer")
    return int(root.get_attribute("data-step") or -1), int(root.get_attribute("data-view") or -1)


#: At the step shown, each view in turn (chosen as the list of views is, by its change event):
#: the step and view shown, and whether the picture is the one expected for that view.
_EVERY_VIEW = """(expected) => {
  const root = document.getElementById("viewer");
  const choice = document.getElementById("sabai-view");
  const shown = document.getElementById("sabai-picture");
  const parsed = document.createElement("div");
  return expected.map((picture, view) => {
    choice.value = String(view);
    choice.dispatchEvent(new Event("change"));
    parsed.innerHTML = picture;
    const same = shown.children.length === 1 && shown.innerHTML === parsed.innerHTML;
    return [Number(root.dataset.step), Number(root.dataset.view), same];
  });
}"""


def _shown(page: Page, expected: str) -> tuple[int, int, bool]:
    """The step and the view shown, and whether the picture is ``expected``."""
    step, view, same = page.evaluate(_SHOWN, expected)
    return int(step), int(view), bool(same)


def _show(example: Path, number: int, extra: list[str]) -> str:
    """What ``sabai show EXAMPLE --at NUMBER [--as P] --svg -`` draws."""
    return _out("show", str(example), "--at", str(number), *extra, "--svg", "-").removesuffix("\n")


@pytest.mark.parametrize("example", EXAMPLES, ids=_name)
def test_every_step_of_every_example_shows_the_table_sabai_show_draws(
    example: Path, pages: dict[Path, Path], desktop: Page
) -> None:
    record = load_record(example)
    names = record.players
    total = sum(len(r.events) for r in record.rounds)
    page = desktop
    errors = _open(page, pages[example])
    # The verdict's sentence is the first heading.
    headings = page.locator("h1, h2, h3")
    first = headings.first.inner_text()
    assert first.endswith(verdict_sentence(replay(record)))
    assert page.locator("h1").count() == 1
    views = [[], *(["--as", name] for name in names)]
    # The expected pictures are drawn in a second thread while the browser works.
    with ThreadPoolExecutor(max_workers=1) as pool:
        expected = [
            [pool.submit(_show, example, number, extra) for extra in views]
            for number in range(total + 1)
        ]
        # Each view chosen as a player chooses it, at the page's first step.
        for view in range(len(views)):
            page.select_option("#sabai-view", str(view))
            assert _at(page)[1] == view
        # Back to the deal with Home (the page opens on the illegal event, if any), then every
        # event with ArrowRight; at each step, every view's picture.
        page.locator("body").click(position={"x": 2, "y": 2})
        page.keyboard.press("Home")
        for number in range(total + 1):
            if number:
                page.keyboard.press("ArrowRight")
            pictures = [future.result() for future in expected[number]]
            found = page.evaluate(_EVERY_VIEW, pictures)
            assert found == [[number, view, True] for view in range(len(views))], number
    page.keyboard.press("ArrowRight")  # the last step stays the last
    assert _at(page)[0] == total
    # The buttons and the slider go where they say.
    page.select_option("#sabai-view", "0")
    page.click("#sabai-first")
    assert _at(page)[0] == 0
    page.click("#sabai-next")
    assert _at(page)[0] == min(1, total)
    page.click("#sabai-last")
    assert _at(page)[0] == total
    page.click("#sabai-previous")
    assert _at(page)[0] == total - 1
    page.locator("#sabai-step").fill(str(total // 2))
    assert _at(page)[0] == total // 2
    assert _shown(page, _show(example, total // 2, [])) == (total // 2, 0, True)
    # Each mark of the timeline shows its event.
    for mark in page.locator(".mark").all():
        mark.click()
        assert _at(page)[0] == int(mark.get_attribute("data-step") or -1)
    assert errors == []


def test_no_sideways_scrolling_at_a_phone_s_width_or_a_desktop_s(
    pages: dict[Path, Path], browser: Browser, width: str, tmp_path: Path
) -> None:
    """Each example's first and last step, every view, at ``width``: a phone's (tapped) or a
    desktop's (clicked); a screenshot of each, the picture within the page."""
    context = new_context(browser, width)
    try:
        page = context.new_page()
        phone = width == "phone"
        for example in [*EXAMPLES, TOLERANT.with_suffix(".tolerant")]:
            errors = _open(page, pages[example])
            total = int(page.locator("#sabai-step").get_attribute("max") or -1)
            views = page.locator("#sabai-view option").count()
            for name, button in (("first", "#sabai-first"), ("last", "#sabai-last")):
                # Tapped on a phone, clicked on a desktop; not a button that says it has nothing
                # to do (the page may open on the last step).
                if page.get_attribute(button, "aria-disabled") != "true":
                    if phone:
                        page.tap(button)
                    else:
                        page.click(button)
                assert _at(page)[0] == (0 if name == "first" else total)
                for view in range(views):
                    page.select_option("#sabai-view", str(view))
                    assert overflow(page) is None, (example.name, name, view)
                page.select_option("#sabai-view", "0")
                stem = example.relative_to(ROOT).as_posix().replace("/", "-")
                shot = tmp_path / f"{stem}-{name}.png"
                page.screenshot(path=str(shot))
                assert shot.stat().st_size > 0
                assert overflow(page) is None
                # The picture scales to the page: never wider than it.
                box = page.locator("#sabai-picture svg").bounding_box()
                assert box is not None
                assert box["x"] + box["width"] <= WIDTHS[width]["width"]
            assert errors == [], example.name
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "nl", "fi"])
def test_the_page_speaks_its_language(browser: Browser, lang: str, tmp_path: Path) -> None:
    example = ROOT / "examples" / "wrong-throw-in-lockout.json"
    path = tmp_path / f"{lang}.html"
    path.write_text(_out("replay", str(example), "--format", "html", "--lang", lang), "utf-8")
    context = new_context(browser, "desktop")
    try:
        page = context.new_page()
        errors = _open(page, path)
        assert page.locator("html").get_attribute("lang") == lang
        words = LABELS[lang]
        english = LABELS["en"]
        # The controls, the step's words and what changed, in the page's language.
        for key in ("viewer.first", "viewer.previous", "viewer.next", "viewer.last"):
            name = key.rsplit(".", 1)[1]
            assert page.locator(f"#sabai-{name}").inner_text() == words[key] != english[key]
        assert page.locator("label[for='sabai-step']").inner_text() == words["viewer.slider"]
        page.click("#sabai-first")
        page.click("#sabai-next")
        heading = page.locator("#sabai-heading").inner_text()
        assert heading == words["viewer.at-event"].format(number=1, total=15)
        said = page.locator("#sabai-said .text").inner_text()
        assert said == words["viewer.status-legal"] != english["viewer.status-legal"]
        change = page.locator("#sabai-changes li").first.inner_text()
        drew = words["viewer.change.Drew"].format(player="Anna", card=" (11 peek)")
        assert change == drew
        page.select_option("#sabai-view", "2")  # as Ben saw it: Anna's card is a card
        change = page.locator("#sabai-changes li").first.inner_text()
        assert change == words["viewer.change.Drew"].format(player="Anna", card="")
        text = page.locator("main").inner_text()
        for key in ("viewer.steps", "viewer.changed", "viewer.view"):
            assert words[key] in text
            assert english[key] not in text
        # End and ArrowLeft; the illegal event's section shows its table, and the focus goes to
        # the step's heading.
        page.locator("#sabai-heading").click()
        page.keyboard.press("End")
        assert _at(page)[0] == 15
        page.keyboard.press("ArrowLeft")
        assert _at(page)[0] == 14
        page.click("#sabai-first")
        goto = page.locator("button.goto")
        assert goto.inner_text() == words["viewer.show-step"].format(number=14)
        goto.click()
        assert _at(page)[0] == 14
        assert page.evaluate("document.activeElement.id") == "sabai-heading"
        assert errors == []
    finally:
        context.close()
