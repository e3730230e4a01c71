"""``sabai show --svg`` and ``sabai replay --format html`` end to end, in-process: what they
write, their exit codes, a hostile player's name escaped in the picture and the page, and one
line of error for a picture that cannot be written."""

from __future__ import annotations

import json
import os
import stat
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE
from sabai_rules.model.catalogue import LANGUAGES
from sabai_rules.referee import load_record, replay, table_after
from sabai_rules.referee.i18n import describe, label
from sabai_rules.referee.picture import table_svg
from tests.support import lockout_with_a_second_draw, sabai

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOCKOUT = EXAMPLES / "wrong-throw-in-lockout.json"
SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script> & Co'


def _hostile(tmp_path: Path) -> Path:
    """The lock-out dispute, Anna renamed to a name that is markup."""
    data: dict[str, Any] = json.loads(LOCKOUT.read_text(encoding="utf-8"))
    data["players"][0] = HOSTILE
    text = json.dumps(data, ensure_ascii=False).replace('"Anna"', json.dumps(HOSTILE))
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    return path


class _Page(HTMLParser):
    """The tags of an HTML page, and every ``href`` and ``src``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.links: list[str] = []
        self.ids: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)
            if name == "id" and value is not None:
                self.ids.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


# -- sabai show --svg -----------------------------------------------------------------------------


def test_show_svg_writes_the_picture_and_prints_the_text_as_before(tmp_path: Path) -> None:
    target = tmp_path / "table.svg"
    code, out, err = sabai("show", str(LOCKOUT), "--at", "13", "--svg", str(target))
    assert (code, err) == (EXIT_OK, "")
    assert out == sabai("show", str(LOCKOUT), "--at", "13")[1]
    record = load_record(LOCKOUT)
    expected = table_svg(table_after(record, 13), record.players)
    assert target.read_text(encoding="utf-8") == expected + "\n"
    ET.parse(target)  # valid XML
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.svg"]  # nothing left behind
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_svg_dash_writes_only_the_picture_as_the_player_sees_it(lang: str) -> None:
    code, out, err = sabai(
        "show", str(LOCKOUT), "--at", "13", "--as", "Ben", "--lang", lang, "--svg", "-"
    )
    assert (code, err) == (EXIT_OK, "")
    root = ET.fromstring(out)
    assert root.get("lang") == lang
    record = load_record(LOCKOUT)
    picture = table_svg(table_after(record, 13), record.players, as_player=1, lang=lang)
    assert out == picture + "\n"


def test_show_svg_replaces_an_older_picture_whole(tmp_path: Path) -> None:
    target = tmp_path / "table.svg"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    assert sabai("show", str(LOCKOUT), "--at", "0", "--svg", str(target))[0] == EXIT_OK
    assert target.read_text(encoding="utf-8").startswith("<svg ")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    "where",
    [
        "missing-directory/table.svg",
        ".",
        "",
        "missing\ndirectory/table.svg",
        "bad\x00name.svg",
        "lone\ud800surrogate/table.svg",
    ],
)
def test_a_picture_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, where: str
) -> None:
    target = str(tmp_path / where) if where else ""
    code, out, err = sabai("show", str(LOCKOUT), "--at", "13", "--svg", target)
    assert code == EXIT_USAGE
    assert out == ""  # neither the text nor half a picture
    assert err.count("\n") == 1
    assert err.startswith("sabai: error: cannot write ")
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == []


def test_a_bad_record_or_event_number_fails_before_any_picture_is_written(tmp_path: Path) -> None:
    target = tmp_path / "table.svg"
    code, _, err = sabai("show", str(LOCKOUT), "--at", "999", "--svg", str(target))
    assert code == EXIT_USAGE
    assert err.count("\n") == 1
    assert not target.exists()


def test_a_hostile_name_is_escaped_in_the_picture(tmp_path: Path) -> None:
    code, out, err = sabai("show", str(_hostile(tmp_path)), "--at", "13", "--svg", "-")
    assert (code, err) == (EXIT_OK, "")
    assert "<script" not in out
    root = ET.fromstring(out)
    assert HOSTILE in [t.text for t in root.iter(f"{SVG}text")]
    assert HOSTILE in root.get("aria-label", "")
    assert not list(root.iter(f"{SVG}script"))


# -- sabai replay --format html -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_html_verdict_says_what_the_text_verdict_says(lang: str) -> None:
    base = "https://rules.example.org"
    code, html, err = sabai(
        "replay", str(LOCKOUT), "--format", "html", "--lang", lang, "--rulebook-url", base
    )
    assert (code, err) == (EXIT_ILLEGAL, "")
    assert html.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">')
    page = _page(html)
    text = "".join(page.text)
    verdict = replay(load_record(LOCKOUT))
    event = verdict.illegal[0]
    names = verdict.record.players
    assert f"{label(lang, 'verdict.illegal')} 14" in text
    assert describe(event.action, names, lang) in text
    assert event.message_in(names, lang) in text
    for action in event.allowed[:12]:
        assert describe(action, names, lang) in text
    # the rule block, its place in the rulebook a link at the address given
    lines = sabai("replay", str(LOCKOUT), "--lang", lang, "--rulebook-url", base)[1].splitlines()
    heading = next(line for line in lines if "throw-in.retry-lockout —" in line)
    assert heading in text
    link = next(line for line in lines if "rules/throw-in.html#" in line).split(": ", 1)[1]
    assert link.startswith(f"{base}/")
    assert link in page.links
    assert label(lang, "verdict.not-legal") in text
    assert label(lang, "verdict.claim-holds") in text
    # the page opens on the table at the event (which changed nothing), as the referee sees it
    picture = table_svg(event.before, names, lang=lang)
    assert picture in html
    assert page.tags.count("svg") == 1


def test_the_html_verdict_is_self_contained() -> None:
    html = sabai("replay", str(LOCKOUT), "--format", "html")[1]
    page = _page(html)
    assert "link" not in page.tags
    assert "img" not in page.tags
    assert page.tags.count("script") == 2  # inline: the steps' data and the page's script
    for link in page.links:  # no rulebook address given: only the picture's own symbols
        assert link.startswith("#"), link
    assert "style" in page.tags


def test_a_legal_game_s_html_verdict_gives_every_round_and_exit_0() -> None:
    record = EXAMPLES / "hall-of-fame-four-jokers.json"
    code, html, err = sabai("replay", str(record), "--format", "html")
    assert (code, err) == (EXIT_OK, "")
    text = "".join(_page(html).text)
    for line in sabai("replay", str(record))[1].splitlines():
        if line:
            assert line in text
    # no illegal event: the page opens on the deal
    loaded = load_record(record)
    assert table_svg(table_after(loaded, 0), loaded.players) in html


def test_a_tolerant_html_verdict_keeps_one_picture_and_unique_ids(tmp_path: Path) -> None:
    path = lockout_with_a_second_draw(tmp_path)
    code, html, _ = sabai("replay", str(path), "--format", "html", "--tolerant")
    assert code == EXIT_ILLEGAL
    page = _page(html)
    assert page.tags.count("svg") == 1  # one picture at a time: each keeps sabai show's ids
    assert len(page.ids) == len(set(page.ids))
    assert 'id="event-2"' in html
    assert 'id="event-15"' in html


def test_a_hostile_name_is_escaped_in_the_html_verdict(tmp_path: Path) -> None:
    code, html, err = sabai("replay", str(_hostile(tmp_path)), "--format", "html", "--lang", "fr")
    assert (code, err) == (EXIT_ILLEGAL, "")
    page = _page(html)
    assert page.tags.count("script") == 2  # the page's own two, none from the name
    assert html.count("<script") == 2
    assert HOSTILE in "".join(page.text)


def test_an_unusable_record_is_one_line_and_exit_2_in_html_too(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    code, out, err = sabai("replay", str(path), "--format", "html")
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1
