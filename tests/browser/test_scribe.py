"""The scribe in a real browser, as a person uses it: ``sabai scribe`` started as a subprocess,
a whole example game entered by taps on a phone and by clicks on a desktop, and the record it
saved ruled exactly as the example the table wrote (``examples/table/``)."""

from __future__ import annotations

import json
import re
import signal
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from sabai_rules.referee.i18n import label
from sabai_rules.referee.record import load_record, read_record
from sabai_rules.referee.render import render_json
from sabai_rules.referee.replay import replay
from tests.browser.conftest import new_context, overflow, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "table" / "called-before-the-first-turn.json"
ROWS = {
    "Daan": ["9", "3", "J", "8"],
    "Sanne": ["6", "2", "1", "10"],
    "Joris": ["5", "7", "13", "14"],
}


@pytest.fixture
def scribe(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``sabai scribe`` serving a new record on a free port: its address and the record."""
    pytest.importorskip("starlette")
    record = tmp_path / "table" / "game.json"
    record.parent.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "sabai_rules", "scribe", str(record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.match(r"sabai scribe: (http://\S+/) ", line)
        assert found is not None, line + (process.stderr.read() if process.stderr else "")
        yield found.group(1), record
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
        assert "Traceback" not in err, err


def _png_width(path: Path) -> int:
    """The width of a PNG, from its header (a full-page screenshot is as wide as the page)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width: int = struct.unpack(">I", data[16:20])[0]
    return width


def _enter_the_game(page: Page, press: Callable[[Locator], None]) -> None:
    """``examples/table/called-before-the-first-turn.json`` as a person enters it: the players,
    Joris to deal, then each event by one tap (a face by one more), then the rows turned up."""
    for seat, name in enumerate(ROWS, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Who deals first").select_option(label="Joris")
    press(page.get_by_role("button", name="Start the game"))
    events = page.locator("#events li")

    def event(name: str, count: int, face: str | None = None, what: str = "") -> None:
        press(page.get_by_role("button", name=name, exact=True))
        from playwright.sync_api import expect  # noqa: PLC0415 - an optional extra

        expect(events).to_have_count(count)
        if face is not None:
            picker = page.locator("#face").get_by_role("group", name=what, exact=True)
            button = picker.get_by_role("button", name=face, exact=True)
            press(button)
            expect(button).to_have_attribute("aria-pressed", "true")

    event("Sanne calls sabai sabai", 1)
    event("Daan draws a card", 2, "9", "The card drawn")
    event("Daan keeps the drawn card in slot 0", 3, "12", "The card taken out of the row")
    event("Daan spies on Sanne's card in slot 2", 4)
    event("Sanne draws a card", 5, "11", "The card drawn")
    event("Sanne plays the drawn card directly", 6)
    event("Sanne peeks at their card in slot 0", 7)
    event("Joris draws a card", 8, "4", "The card drawn")
    event("Joris plays the drawn card directly", 9)
    for name, row in ROWS.items():
        for slot, face in enumerate(row):
            page.get_by_label(f"{name}, Slot {slot}", exact=True).select_option(value=face)
    press(page.get_by_role("button", name="Record the rows"))


def test_a_whole_game_entered_by_taps_and_clicks_rules_as_the_tables_record(
    browser: Browser, width: str, scribe: tuple[str, Path], tmp_path: Path
) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415 - an optional extra

    url, path = scribe
    context = new_context(browser, width)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(url)
    expect(page.locator("#setup")).to_be_visible()
    assert overflow(page) is None
    phone = width == "phone"

    def press(locator: Locator) -> None:
        if phone:
            locator.tap()
        else:
            locator.click()

    _enter_the_game(page, press)
    expect(page.locator("#end ul li")).to_have_count(3)
    press(page.get_by_role("button", name="Was that legal?"))
    expect(page.locator("#verdict .sentence")).to_have_text("Every event so far is legal.")
    shot = tmp_path / f"scribe-{width}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert _png_width(shot) == (390 if phone else 1280)  # nothing scrolls sideways
    assert overflow(page) is None
    # Every action a tap records is a button at least 44 px tall.
    heights = page.locator("#groups button, #play .toolbar button").evaluate_all(
        "buttons => buttons.map(b => b.getBoundingClientRect().height)"
    )
    assert heights
    assert min(heights) >= 44
    assert errors == []
    context.close()

    # The record saved is the example's game: the same players, rules, dealer, events (actor,
    # action, parameters), faces, rows turned up. Where the example states a face in its deal's
    # order (the cards drawn), the scribe states it on the draw ("shows"): a difference of
    # representation only, since the verdict (the referee's JSON) is identical. The example's
    # claim and comments are not entered.
    saved = load_record(path)
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del example["claim"]
    expected = read_record(example)
    assert (saved.players, saved.ruleset, saved.first_dealer) == (
        expected.players,
        expected.ruleset,
        expected.first_dealer,
    )
    assert [e.action for e in saved.rounds[0].events] == [
        e.action for e in expected.rounds[0].events
    ]
    assert saved.rounds[0].events[2].shows == expected.rounds[0].events[2].shows
    drawn = [e.shows for e in saved.rounds[0].events if type(e.action).__name__ == "Draw"]
    order = expected.rounds[0].deal.order
    assert order is not None
    assert drawn == [(face,) for face in order[12:]]
    assert saved.rounds[0].reveal == expected.rounds[0].reveal
    assert render_json(replay(saved)) == render_json(replay(expected))


@pytest.mark.parametrize("width", ["phone"])
def test_the_page_speaks_french_dutch_and_finnish(
    browser: Browser, width: str, scribe: tuple[str, Path]
) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415 - an optional extra

    url, _ = scribe
    context = new_context(browser, width)
    page = context.new_page()
    errors = page_errors(page)
    set_up = False
    for lang, draws in (
        # Daan deals (the first player, as the form proposes): Sanne draws first.
        ("fr", "Sanne pioche une carte"),
        ("nl", "Sanne trekt een kaart"),
        ("fi", "Sanne nostaa kortin"),
    ):
        page.goto(f"{url}?lang={lang}")
        assert page.get_attribute("html", "lang") == lang
        if not set_up:
            expect(page.locator("#setup h2")).to_have_text(label(lang, "scribe.setup.title"))
            assert overflow(page) is None
            for seat, name in enumerate(ROWS, start=1):
                player = label(lang, "scribe.setup.player").format(number=seat)
                page.get_by_label(player, exact=True).fill(name)
            page.get_by_role("button", name=label(lang, "scribe.setup.start")).tap()
            set_up = True
        expect(page.locator("#actions-title")).to_have_text(label(lang, "scribe.actions"))
        expect(page.get_by_role("button", name=draws, exact=True)).to_be_visible()
        expect(page.get_by_role("button", name=label(lang, "scribe.legal"))).to_be_visible()
        assert page.title() == label(lang, "scribe.title")
        assert overflow(page) is None
    assert errors == []
    context.close()


@pytest.mark.parametrize("width", ["desktop"])
def test_a_dispute_entered_by_keyboard_with_something_else_a_comment_and_a_moment(
    browser: Browser, width: str, scribe: tuple[str, Path]
) -> None:
    """Keys and clicks for the rest of the page: a throw-in marked as made at the same moment as
    the one before, a comment, an action the rules do not allow entered as "something else",
    "was that legal?" naming its rule, and undo."""
    from playwright.sync_api import expect  # noqa: PLC0415 - an optional extra

    url, path = scribe
    context = new_context(browser, width)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(url)
    for seat, name in enumerate(["Anna", "Ben", "Chloé"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").focus()
    page.keyboard.press("Enter")
    events = page.locator("#events li")
    page.get_by_role("button", name="Ben draws a card", exact=True).focus()
    page.keyboard.press("Enter")
    expect(events).to_have_count(1)
    # The focus goes to the face of the card drawn; the next key moves it, visibly.
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "() => [document.activeElement.textContent,"
        " document.activeElement.matches(':focus-visible'),"
        " getComputedStyle(document.activeElement).outlineStyle]"
    )
    assert focused == ["1", True, "solid"]
    page.locator("#face").get_by_role("button", name="7", exact=True).click()
    page.get_by_role("button", name="Ben plays the drawn card directly", exact=True).click()
    expect(events).to_have_count(2)
    page.get_by_role("button", name="Anna throws in their card in slot 1", exact=True).click()
    expect(events).to_have_count(3)
    page.get_by_role("button", name="Chloé throws in their card in slot 2", exact=True).click()
    expect(events).to_have_count(4)
    together = page.get_by_role("button", name="At the same moment as the throw-in before, Event 4")
    together.click()
    expect(together).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Comment, Event 2").click()
    text = page.get_by_role("textbox", name="Comment, Event 2")
    expect(text).to_be_focused()
    text.fill("Ben plays it straight onto the pile")
    page.get_by_role("button", name="Save the comment").click()
    expect(page.locator("#events .comment")).to_have_text("Ben plays it straight onto the pile")
    # Anna draws while it is Chloé's turn: no button offers it, the form takes it.
    assert page.get_by_role("button", name="Anna draws a card", exact=True).count() == 0
    page.get_by_text("Something else happened").click()
    page.get_by_label("Who", exact=True).select_option("Anna")
    page.get_by_label("Did what", exact=True).select_option("Draw")
    page.get_by_role("button", name="Record it").click()
    expect(events).to_have_count(5)
    page.get_by_role("button", name="Was that legal?").click()
    sentence = page.locator("#verdict .sentence")
    expect(sentence).to_contain_text("Illegal event 5: Anna draws a card — ")
    expect(sentence).to_contain_text(", turn.draw]")
    record = json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"]
    assert [e.get("simultaneous") for e in record] == [None, None, "a", "a", None]
    assert record[1]["comment"] == "Ben plays it straight onto the pile"
    page.get_by_role("button", name="Undo").click()
    expect(events).to_have_count(4)
    page.get_by_role("button", name="Was that legal?").click()
    expect(sentence).to_have_text("Every event so far is legal.")
    assert len(load_record(path).rounds[0].events) == 4
    assert overflow(page) is None
    assert errors == []
    context.close()
