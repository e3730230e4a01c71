"""The verdict viewer (``sabai replay --format html``), as a player reads it: the page opens on
the verdict in one sentence, is one self-contained file that links to the rulebook only at an
address given (:rule:`throw-in.retry-lockout` is the dispute of the examples), steps through the
game with the tables ``sabai show`` draws, and shows a player nothing they did not see
(:rule:`ruling.public-information`)."""

from __future__ import annotations

import base64
import gzip
import json
import re
from email.message import Message
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_UNDECIDED, EXIT_USAGE
from sabai_rules.model.catalogue import LANGUAGES
from sabai_rules.referee import export_view, load_record, replay
from sabai_rules.referee.i18n import LABELS, describe, label
from sabai_rules.referee.render import _number, rule_url, rulebook_base
from sabai_rules.referee.viewer import CSP, verdict_sentence, viewer_steps
from tests.support import lockout_with_a_second_draw, sabai

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LOCKOUT = EXAMPLES / "wrong-throw-in-lockout.json"
HALL_OF_FAME = EXAMPLES / "hall-of-fame-four-jokers.json"
UNDECIDED = EXAMPLES / "table" / "peek-on-a-card-nobody-noted.json"
LONGEST = EXAMPLES / "real-table-reshuffle.json"
BASE = "https://rules.example.org/sabai"
CSP_HEADER = "Content-Security-Policy"


class _Page(HTMLParser):
    """An HTML page's tags, their attributes, its headings' text and all its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.headings: list[str] = []
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("h1", "h2", "h3"):
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append("".join(self._heading).strip())
            self._heading = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._heading is not None:
            self._heading.append(data)

    def values(self, attribute: str) -> list[str]:
        return [a[attribute] or "" for _, a in self.tags if attribute in a]


def parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def page_data(html: str) -> dict[str, Any]:
    """The steps the page carries: its packed document (gzip, base64) unpacked, as the page's
    script unpacks it."""
    found = re.search(
        r'<script type="application/json" id="sabai-viewer-data">(.*?)</script>', html, re.S
    )
    assert found is not None
    meta = json.loads(found.group(1))
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(meta["data"])))
    data["views"] = meta["views"]
    data["initial"] = meta["initial"]
    return data


def head_text(html: str) -> str:
    """The text of the page's head: the verdict, what the event was, the claim."""
    return "".join(parse(html.split("</header>", 1)[0]).text)


def sentence(lang: str, key: str) -> str:
    return LABELS[lang][key]


# -- the page opens on the verdict ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_record_opens_on_the_event_the_reason_and_the_rule_number(lang: str) -> None:
    code, html, err = sabai("replay", str(LOCKOUT), "--format", "html", "--lang", lang)
    assert (code, err) == (EXIT_ILLEGAL, "")
    page = parse(html)
    verdict = replay(load_record(LOCKOUT))
    event = verdict.illegal[0]
    why = event.message_in(verdict.record.players, lang)
    number = _number("throw-in.retry-lockout", lang)
    assert number == "6.8"
    first = page.headings[0]
    assert first.startswith("\u2717 ")
    assert why in first
    assert "14" in first
    assert f"{number})" in first
    assert first == "\u2717 " + verdict_sentence(verdict, lang)
    assert next(tag for tag, _ in page.tags if tag in ("h1", "h2", "h3")) == "h1"
    # Then what Anna did, and the claim and whether it holds, before anything else.
    head = head_text(html)
    assert describe(event.action, verdict.record.players, lang) in head
    assert label(lang, "verdict.claim-holds") in head


def test_the_english_sentence_reads_as_a_player_would_say_it() -> None:
    verdict = replay(load_record(LOCKOUT))
    assert verdict_sentence(verdict) == (
        "Event 14 was illegal: Anna threw in a wrong card: another player must throw in "
        "correctly first (rule 6.8)"
    )


def test_a_legal_game_opens_on_who_won_and_with_how_many_points() -> None:
    code, html, _ = sabai("replay", str(HALL_OF_FAME), "--format", "html")
    assert code == EXIT_OK
    verdict = replay(load_record(HALL_OF_FAME))
    assert verdict.game.winners == (2,)
    expected = "Every event was legal: Eero won the game with 1 victory point"
    assert verdict_sentence(verdict) == expected
    assert parse(html).headings[0] == f"\u2713 {expected}"
    assert 'Claim "Eero says' in head_text(html)


def test_a_record_of_what_a_table_knows_opens_on_the_event_it_cannot_decide() -> None:
    code, html, _ = sabai("replay", str(UNDECIDED), "--format", "html")
    assert code == EXIT_UNDECIDED
    expected = (
        "Event 3 cannot be decided from the record: it is legal only if the card Ben played "
        "(event 2) was 11 (rule 4.3, rule 4.4, rule 4.5, rule 4.1)"
    )
    assert parse(html).headings[0] == f"? {expected}"
    assert label("en", "verdict.claim-open") in head_text(html)


def test_an_unfinished_legal_game_says_so() -> None:
    verdict = replay(load_record(EXAMPLES / "thrown-in-at-once.json"))
    assert verdict_sentence(verdict, "nl") == sentence("nl", "viewer.sentence-legal")


# -- one self-contained file ----------------------------------------------------------------------


def test_the_page_fetches_nothing_and_forbids_any_fetch() -> None:
    html = sabai("replay", str(LOCKOUT), "--format", "html")[1]
    page = parse(html)
    policies = [a.get("content") for t, a in page.tags if a.get("http-equiv") == CSP_HEADER]
    assert policies == [CSP]
    assert CSP == (
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
    )
    assert page.values("src") == []  # no script, image or frame from anywhere
    assert "link" not in [t for t, _ in page.tags]
    # Every link is within the page (the pictures' own symbols): no rulebook address was given.
    assert page.values("href")
    assert all(href.startswith("#") for href in page.values("href"))
    assert "rules/throw-in.html" not in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in html


def test_the_rule_links_to_its_anchor_at_the_rulebook_address_given() -> None:
    code, html, _ = sabai("replay", str(LOCKOUT), "--format", "html", "--rulebook-url", BASE)
    assert code == EXIT_ILLEGAL
    links = [h for h in parse(html).values("href") if not h.startswith("#")]
    assert links == [f"{BASE}/en/rules/throw-in.html#throw-in.retry-lockout"]
    assert links[0] == rule_url("throw-in.retry-lockout", "en", BASE)
    # The French page links to the French rulebook; a base with a slash joins the same way.
    argv = ["--format", "html", "--lang", "fr", "--rulebook-url", BASE + "/"]
    html = sabai("replay", str(LOCKOUT), *argv)[1]
    links = [h for h in parse(html).values("href") if not h.startswith("#")]
    assert links == [f"{BASE}/fr/rules/throw-in.html#throw-in.retry-lockout"]


def test_without_an_address_the_rule_is_still_quoted_in_full() -> None:
    html = sabai("replay", str(LOCKOUT), "--format", "html", "--lang", "nl")[1]
    text = "".join(parse(html).text)
    assert "throw-in.retry-lockout" in text
    assert label("nl", "source") in text
    assert label("nl", "statement") in text
    assert label("nl", "rulebook") not in text  # no link line at all


@pytest.mark.rules("throw-in.retry-lockout", "ruling.wrong-cards-in-a-batch")
def test_what_was_allowed_is_grouped_by_player_and_the_motion_explained() -> None:
    """Anna, locked out by her wrong 5, may still put down cards in that same motion: the page
    lists Chloé's draw and Anna's actions apart, and says why Anna's are allowed."""
    html = sabai("replay", str(LOCKOUT), "--format", "html")[1]
    allowed = html.split('<ul class="allowed">', 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", allowed)
    assert items[0] == "Chloé draws a card"
    assert items[1].startswith("Anna also throws in their card in slot 0, in the same motion; ")
    assert items[2].startswith("Anna may still put down other cards in the same motion")
    assert "ruling.wrong-cards-in-a-batch" in items[2]
    assert len(items) == 3


@pytest.mark.parametrize("command", ["replay", "judge"])
@pytest.mark.parametrize(
    "address",
    ["docs/", "/sabai/", "ftp://example.org/", "https://", "javascript:alert(1)", "http://a b/"],
)
def test_a_bad_rulebook_address_is_one_line_and_exit_2(command: str, address: str) -> None:
    if command == "replay":
        argv = ["replay", str(LOCKOUT), "--format", "html"]
    else:
        argv = ["judge", "Anna: 7 ? / Ben: ? ? / pile ?x9 top 7 / Anna to draw", "Anna draws"]
    code, out, err = sabai(*argv, "--rulebook-url", address)
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1
    assert "--rulebook-url" in err
    assert "absolute http or https URL" in err


def test_judge_gives_its_verdict_page_with_the_rulebook_address() -> None:
    position = "Anna: 7 ? / Ben: ? ? / pile ?x9 top 7 / Anna to draw"
    code, html, _ = sabai(
        "judge", position, "Ben draws", "--format", "html", "--rulebook-url", BASE
    )
    assert code == EXIT_ILLEGAL
    assert parse(html).headings[0].startswith("\u2717 Event 1 was illegal: ")
    assert f'href="{BASE}/en/rules/turn.html#turn.draw"' in html


def _metadata(*urls: str) -> Message:
    found = Message()
    for url in urls:
        found["Project-URL"] = url
    return found


def test_the_default_address_is_the_package_s_documentation_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(metadata, "metadata", lambda name: _metadata())
    assert rulebook_base() is None
    html = sabai("replay", str(LOCKOUT), "--format", "html")[1]
    assert "rules/throw-in.html" not in html
    documentation = "Documentation, https://docs.example.org/sabai/"
    monkeypatch.setattr(
        metadata,
        "metadata",
        lambda name: _metadata("Source, https://src.example.org", documentation),
    )
    assert rulebook_base() == "https://docs.example.org/sabai/"
    html = sabai("replay", str(LOCKOUT), "--format", "html")[1]
    where = "https://docs.example.org/sabai/en/rules/throw-in.html#throw-in.retry-lockout"
    assert f'href="{where}"' in html
    # --rulebook-url wins over the metadata.
    html = sabai("replay", str(LOCKOUT), "--format", "html", "--rulebook-url", BASE)[1]
    assert f'href="{BASE}/en/rules/throw-in.html' in html
    assert "docs.example.org" not in html
    # A documentation address that is not absolute is no address.
    monkeypatch.setattr(metadata, "metadata", lambda name: _metadata("Documentation, docs/"))
    assert rulebook_base() is None


def test_text_and_json_give_the_absolute_address_when_there_is_one() -> None:
    relative = "en/rules/throw-in.html#throw-in.retry-lockout"
    text = sabai("replay", str(LOCKOUT))[1]
    assert f"Rulebook: {relative}" in text
    text = sabai("replay", str(LOCKOUT), "--rulebook-url", BASE)[1]
    assert f"Rulebook: {BASE}/{relative}" in text
    data = json.loads(sabai("replay", str(LOCKOUT), "--format", "json")[1])
    assert data["illegal"][0]["rulebook"] == relative
    assert "rulebook_url" not in data["illegal"][0]
    data = json.loads(sabai("replay", str(LOCKOUT), "--format", "json", "--rulebook-url", BASE)[1])
    assert data["illegal"][0]["rulebook"] == relative  # still relative to the site's root
    assert data["illegal"][0]["rulebook_url"] == f"{BASE}/{relative}"


# -- the steps ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        LOCKOUT,
        # Two throw-ins at one moment, played in the ruling's order (event 14 before 13).
        EXAMPLES / "thrown-in-at-once.json",
        EXAMPLES / "table" / "two-hands-on-one-card.json",
    ],
    ids=lambda p: p.stem,
)
def test_every_step_is_the_table_sabai_show_draws_for_everybody_and_each_player(
    record: Path,
) -> None:
    html = sabai("replay", str(record), "--format", "html")[1]
    data = page_data(html)
    names = load_record(record).players
    views = [[], *(["--as", name] for name in names)]
    steps = data["steps"]
    assert [s["number"] for s in steps] == list(range(len(steps)))
    assert len(steps) == 1 + sum(len(r.events) for r in load_record(record).rounds)
    for step in steps:
        for v, extra in enumerate(views):
            shown = sabai("show", str(record), "--at", str(step["number"]), *extra, "--svg", "-")[1]
            assert data["pictures"][step["number"] * data["views"] + v] + "\n" == shown
    # The page opens on the table at the illegal event (or the deal), written into the page.
    initial = data["initial"]
    assert data["pictures"][initial * data["views"]] in html
    assert html.count("<svg ") == 1


def test_the_lockout_steps_say_what_changed_in_words() -> None:
    steps = viewer_steps(replay(load_record(LOCKOUT)))
    assert steps[0].changes[0] == ("Round 1 is dealt by Chloé",)
    wrong = steps[13]
    assert wrong.words == "Anna throws in their card in slot 2"
    assert wrong.status == "legal"  # a wrong card is legal: it costs a penalty card
    assert wrong.changes[0] == (
        "The card thrown in (5) is not identical to the top card: it goes back to slot 2 of "
        "Anna's row",
        "Anna takes a penalty card (12 spy), face down, at the end of their row",
        "Anna is locked out",
    )
    # Nobody saw the penalty card, Anna included: a card, not a 12.
    for seat in range(3):
        assert (
            "Anna takes a penalty card, face down, at the end of their row"
            in (wrong.changes[1 + seat])
        )
    illegal = steps[14]
    assert illegal.status == "illegal"
    assert illegal.recorded == "ThrowIn(owner=Chloé, slot=3)"
    assert illegal.said[0].startswith("Illegal (rule 6.8): Anna threw in a wrong card")
    assert illegal.said[2] == "Illegal (rule 6.8): Another attempt"  # Ben: the rule, no reason
    assert illegal.changes[0] == ("Nothing changes: the rules refuse the event",)
    # After a strict verdict's first illegal event, the table refuses, the referee does not judge.
    assert steps[15].status == "not-judged"


@pytest.mark.parametrize("lang", ["fr", "nl", "fi"])
def test_the_steps_are_in_the_page_s_language(lang: str) -> None:
    english = viewer_steps(replay(load_record(LOCKOUT)))
    steps = viewer_steps(replay(load_record(LOCKOUT)), lang)
    for mine, theirs in zip(steps[1:], english[1:], strict=True):
        assert mine.heading != theirs.heading
        assert mine.said[0] != theirs.said[0]
        assert set(mine.changes[0]).isdisjoint(theirs.changes[0])


# -- nothing a player did not see -----------------------------------------------------------------


def _ass_joker_drawn(tmp_path: Path) -> Path:
    """The lock-out game's deal with the Ass Joker on top of the draw pile: Anna draws it and
    keeps it face down; nobody else ever sees it."""
    data = json.loads(LOCKOUT.read_text(encoding="utf-8"))
    order = data["rounds"][0]["deal"]["order"]
    ace = order.index("AJ")
    order[12], order[ace] = order[ace], order[12]
    data["rounds"][0]["events"] = [
        {"actor": "Anna", "action": "Draw"},
        {"actor": "Anna", "action": "Keep", "slot": 0},
        {"actor": "Ben", "action": "Draw"},
        {"actor": "Ben", "action": "Play"},
    ]
    del data["claim"]
    path = tmp_path / "ass-joker-drawn.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_player_s_view_shows_no_face_the_player_did_not_see(tmp_path: Path) -> None:
    path = _ass_joker_drawn(tmp_path)
    record = load_record(path)
    html = sabai("replay", str(path), "--format", "html")[1]
    data = page_data(html)
    # What each player's export says they saw of the Ass Joker: Anna, and nobody else.
    seen = {p: "Ass Joker" in json.dumps(export_view(record, p)) for p in range(3)}
    assert seen == {0: True, 1: False, 2: False}
    for view in range(data["views"]):
        pictures = data["pictures"][view :: data["views"]]
        words = [
            line for step in data["steps"] for line in (step["said"][view], *step["changes"][view])
        ]
        shown_in_pictures = any("sabai-ass-joker" in p for p in pictures)
        shown_in_words = any("Ass Joker" in line for line in words)
        if view == 0:  # the referee's view: every card
            assert shown_in_pictures
            assert shown_in_words
        else:
            assert shown_in_pictures == seen[view - 1], view
            assert shown_in_words == seen[view - 1], view
    assert data["steps"][1]["changes"][2] == ["Anna holds the drawn card"]
    assert data["steps"][1]["changes"][1] == ["Anna holds the drawn card (Ass Joker)"]


def test_a_refusal_a_player_could_not_tell_names_no_rule_in_their_view() -> None:
    """Ben plays the drawn card, which must be kept: only who saw it can tell which rule refuses
    it (:func:`~sabai_rules.referee.export.rule_seen`, the export's ``"refused": null``)."""
    position = "Anna: 7 ? / Ben: ? ? / pile ?x9 top 7 / Ben holds AJ"
    code, html, _ = sabai("judge", position, "Ben plays", "--format", "html")
    assert code == EXIT_ILLEGAL
    data = page_data(html)
    step = data["steps"][1]
    assert step["status"] == "illegal"
    assert "Ass Joker" in step["said"][0]
    assert step["said"][1] == label("en", "viewer.status-refused-unseen").format(name="Anna")
    assert "Ass Joker" not in step["said"][1]
    # Ben, who drew it, is told the rule: a drawn Ass Joker is kept.
    assert step["said"][2] == "Illegal (rule 5.9): A drawn Ass Joker is kept"


# -- escaping, size, tolerance --------------------------------------------------------------------


HOSTILE = '<script>alert("x")</script> & Co'


def test_a_hostile_name_is_text_everywhere(tmp_path: Path) -> None:
    data = json.loads(LOCKOUT.read_text(encoding="utf-8"))
    text = json.dumps(data, ensure_ascii=False).replace('"Anna"', json.dumps(HOSTILE))
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    code, html, err = sabai("replay", str(path), "--format", "html", "--lang", "fr")
    assert (code, err) == (EXIT_ILLEGAL, "")
    page = parse(html)
    assert [t for t, _ in page.tags].count("script") == 2  # the page's data and its own script
    assert html.count("<script") == 2
    assert HOSTILE in "".join(page.text)
    assert HOSTILE in page.headings[0]
    steps = page_data(html)
    assert any(HOSTILE in step["words"] for step in steps["steps"])
    assert all("<script" not in picture for picture in steps["pictures"])
    # The page's script puts every text in as text; only the referee's picture goes in as markup.
    script = (ROOT / "sabai_rules" / "referee" / "viewer.js").read_text(encoding="utf-8")
    assert script.count("innerHTML") == 1
    assert "picture.innerHTML = data.pictures[" in script


def test_the_pictures_of_a_long_game_are_packed() -> None:
    html = sabai("replay", str(LONGEST), "--format", "html")[1]
    data = page_data(html)
    raw = sum(len(p.encode("utf-8")) for p in data["pictures"])
    assert len(data["pictures"]) == 129 * 5
    assert raw > 4_000_000
    assert len(html.encode("utf-8")) < 400_000


def test_a_tolerant_page_marks_every_illegal_event_on_the_timeline(tmp_path: Path) -> None:
    path = lockout_with_a_second_draw(tmp_path)
    code, html, _ = sabai("replay", str(path), "--format", "html", "--tolerant")
    assert code == EXIT_ILLEGAL
    page = parse(html)
    marks = [a for t, a in page.tags if "mark" in (a.get("class") or "").split()]
    assert [m["data-step"] for m in marks] == ["2", "15", "16"]
    assert all("illegal" in (m["class"] or "") for m in marks)
    assert html.count("<svg ") == 1
    ids = page.values("id")
    assert len(ids) == len(set(ids))
    # The strict page marks only the first: the referee stops there.
    strict = parse(sabai("replay", str(path), "--format", "html")[1])
    marked = [a["data-step"] for t, a in strict.tags if "mark" in (a.get("class") or "").split()]
    assert marked == ["2"]


def test_french_labels_of_the_viewer_keep_their_punctuation_with_their_word() -> None:
    keys = [key for key in LABELS["fr"] if key.startswith("viewer.")]
    assert len(keys) > 60
    for key in keys:
        assert not re.search("(?<!\u00a0)[:;?!]", LABELS["fr"][key]), key
    for lang in ("en", "nl", "fi"):
        for key in keys:
            assert not re.search(r"\s[:;?!]", LABELS[lang][key]), (lang, key)
