"""The verdict viewer: a record's verdict as one self-contained web page that steps through the
game (``sabai replay --format html``).

:func:`render_html` opens on the verdict in one sentence a player understands ("Event 14 was
illegal: ... (rule 6.8)", "Every event was legal: Eero won the game with 1 victory point"), then
the claim and whether it holds. Below it, the game step by step (:func:`viewer_steps`): step 0 is
the first deal, step ``N`` the table after event ``N`` exactly as ``sabai show RECORD --at N``
draws it (:func:`~sabai_rules.referee.picture.table_svg`, strict play as
:func:`~sabai_rules.referee.replay.table_after` plays it), with the event in words, what the
referee says of it and what changed. Each step can be seen with every card shown (the referee's
view) or as one player saw it, and then nothing reaches the page that the player did not see: the
picture is that player's :func:`~sabai_rules.play.views.view`, what changed is what the export for
one player says they saw (:func:`~sabai_rules.referee.export.caused_seen`), and a refusal names its
rule only where they could tell it (:func:`~sabai_rules.referee.export.rule_seen`). Then come the
round results, each illegal, undecided and noted event with the rules it cites (published text and
statement), and the closing lines of :func:`~sabai_rules.referee.render.render_text`.

The page fetches nothing: its style and script are inline (``viewer.css`` and ``viewer.js``,
package data beside this module) and a Content-Security-Policy forbids any request. The pictures
and words of every step are one gzip-compressed JSON document in the page (base64), which the
browser unpacks with its ``DecompressionStream``: a game of 128 events seen five ways is about
4.5 MB of pictures, 0.2 MB so packed. Only one picture is in the document at a time, so each keeps
the ids of ``sabai show --svg`` (``ident="sabai"``). The first step shown is written into the page
itself, so that without a script the verdict, the rules and that table still read.

A rule links to the rulebook only at an address given
(:func:`~sabai_rules.referee.render.rule_url`): never a relative link, which would break as soon
as the page is saved elsewhere.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Final, Literal

import attrs

from sabai_rules.model import catalogue
from sabai_rules.model.cards import ASS_JOKER, JOKER, UNKNOWN, face_name
from sabai_rules.model.events import Event
from sabai_rules.play.game import lowest_score_points
from sabai_rules.play.views import EventView, PendingView, view
from sabai_rules.referee.export import caused_seen, rule_seen
from sabai_rules.referee.i18n import colon as _colon
from sabai_rules.referee.i18n import describe, label
from sabai_rules.referee.picture import table_svg
from sabai_rules.referee.record import RecordError
from sabai_rules.referee.render import (
    _as_recorded,
    _claim_line,
    _closing_lines,
    _more,
    _number,
    _result_line,
    _rule_parts,
    _undecided_text,
    allowed_lines,
    faces_text,
    rule_url,
)
from sabai_rules.referee.replay import (
    Dealt,
    IllegalEvent,
    Note,
    Played,
    RoundClosed,
    Skipped,
    Step,
    UndecidedEvent,
    Verdict,
    play_record,
)
from sabai_rules.referee.steps import illegal_event, note_for
from sabai_rules.state import NoseRace, State

__all__ = ["ViewerStep", "render_html", "verdict_sentence", "viewer_steps"]

#: What the referee says of a step: the first deal; an event legal, illegal, refused after the
#: referee stopped (strict play, not judged), undecided, noted without sanction, or skipped
#: (it could not be played).
Status = Literal["deal", "legal", "illegal", "not-judged", "undecided", "noted", "skipped"]

#: The sign of each status, beside its words (never colour alone).
SIGNS: Final[dict[str, str]] = {
    "deal": "",
    "legal": "\u2713",
    "illegal": "\u2717",
    "not-judged": "\u2013",
    "undecided": "?",
    "noted": "!",
    "skipped": "\u2013",
}

#: The statuses the timeline marks, with the label that names each.
MARKED: Final = {
    "illegal": "viewer.mark-illegal",
    "undecided": "viewer.mark-undecided",
    "noted": "viewer.mark-noted",
}

#: The fields of events that hold cards (one, or a tuple of them), as
#: :func:`~sabai_rules.play.views.view_event` reads them.
_CARD_FIELDS: Final = ("card", "target_card", "cards")

#: The policy of every page: nothing fetched, inline style and script, pictures only as data.
CSP: Final = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
)


@attrs.frozen
class ViewerStep:
    """One step of the viewer: the table after event :attr:`number` (0: the first deal), seen
    each way — :attr:`pictures`, :attr:`said` and :attr:`changes` hold one item per view, the
    referee's (every card shown) first, then each player's in seat order."""

    number: int
    #: The round of the step (from 0).
    round: int
    status: Status
    #: "Event 14 of 15", or "The deal of round 1".
    heading: str
    #: The event in words (:func:`~sabai_rules.referee.i18n.describe`); empty for the deal.
    words: str
    #: The event as the record writes it (``ThrowIn(owner=Chloé, slot=3)``); empty for the deal.
    recorded: str
    #: What the referee says of the event, per view.
    said: tuple[str, ...]
    #: What changed, per view: one sentence a change.
    changes: tuple[tuple[str, ...], ...]
    #: The table after the step, per view, as ``sabai show --at N --svg -`` (``--as P``) draws it.
    pictures: tuple[str, ...]


def viewer_steps(
    verdict: Verdict, lang: str = "en", *, tolerant: bool = False
) -> tuple[ViewerStep, ...]:
    """Every step of the verdict's record, seen every way, in ``lang``: the first deal, then one
    step per event of the record, numbered as the record numbers them (the throw-ins of one
    moment are played in the order of :rule:`ruling.sequential-actions`, and the table after
    each is the one ``sabai show --at N`` draws). A later round's deal is said with its first
    event, a round's result with its last.

    The steps are strict play's, as ``sabai show --at N`` plays them; with ``tolerant`` (a verdict
    of ``sabai replay --tolerant``) tolerant play's, where what cannot be played is skipped. An
    event that cannot be played (strict play stops there) or that was skipped keeps the table as
    it was, and says so."""
    record = verdict.record
    names = record.players
    firsts = [1 + sum(len(r.events) for r in record.rounds[:k]) for k in range(len(record.rounds))]
    total = sum(len(r.events) for r in record.rounds)
    played, stopped_by = _played(verdict, tolerant)
    builder = _Builder(verdict, lang)
    frames: dict[int, ViewerStep] = {}
    states: dict[int, State] = {}
    dealt: dict[int, tuple[State, str]] = {}
    closed: dict[int, RoundClosed] = {}
    reasons: dict[int, str] = {}
    for step in played:
        if isinstance(step, Dealt):
            words = builder.t("viewer.dealt").format(
                round=step.round + 1, dealer=names[step.state.setup.dealer]
            )
            dealt[step.round] = (step.state, words)
            if step.round == 0:
                frames[0] = builder.deal(step, words)
        elif isinstance(step, Played):
            frames[step.number] = builder.played(step)
            states[step.number] = step.state
        elif isinstance(step, Skipped):
            found = _EVENT_PATH.match(step.problem.path)
            if found is not None:
                r, index = int(found[1]), int(found[2])
                if r < len(firsts):
                    reasons.setdefault(firsts[r] + index, step.problem.message)
        elif isinstance(step, RoundClosed):
            closed[step.round] = step
    assert 0 in frames, "every record deals its first round"
    current = dealt[0][0]
    for r, first in enumerate(firsts):
        last = first + len(record.rounds[r].events) - 1
        if r in dealt:
            current, words = dealt[r]
            if r and first in frames:
                frames[first] = builder.said_first(frames[first], words)
        for number in range(first, last + 1):
            if number in states:
                current = states[number]
            else:
                why = reasons.get(number, stopped_by)
                frames[number] = builder.skipped(number, r, current, why)
        if r in closed and last in frames:
            frames[last] = builder.closed(frames[last], closed[r])
    return tuple(frames[n] for n in range(total + 1))


#: Where a problem of a record's event is: its round and its index in the round.
_EVENT_PATH: Final = re.compile(r"\$\.rounds\[(\d+)\]\.events\[(\d+)\]")


def _played(verdict: Verdict, tolerant: bool) -> tuple[list[Step], str | None]:
    """The steps of the record played (strict, unless ``tolerant``), and, where strict play
    cannot go on, why (the steps stop there; a strict verdict stops at its first illegal event,
    and what comes after it need not be playable)."""
    steps: list[Step] = []
    try:
        steps.extend(play_record(verdict.record, tolerant=tolerant, caused=True))
    except RecordError as error:
        return steps, error.message
    return steps, None


class _Builder:
    """The words of each step, in one language, for one verdict."""

    def __init__(self, verdict: Verdict, lang: str) -> None:
        self.verdict = verdict
        self.lang = lang
        self.names = verdict.record.players
        self.total = sum(len(r.events) for r in verdict.record.rounds)
        self.views = 1 + len(self.names)
        self.undecided = {e.number: e for e in verdict.undecided}
        self.notes = {n.number: n for n in verdict.notes}
        # A strict verdict stops at its first illegal event: the refusals after it are not judged.
        self.stop = verdict.illegal[-1].number if verdict.stopped and verdict.illegal else None
        self.round_lines = _round_lines(verdict, lang)

    def t(self, key: str) -> str:
        return label(self.lang, key)

    def pictures(self, state: State) -> tuple[str, ...]:
        """The table drawn each way, as ``sabai show --svg -`` draws it (``--as P``)."""
        return (
            table_svg(state, self.names, lang=self.lang),
            *(
                table_svg(state, self.names, as_player=p, lang=self.lang)
                for p in range(len(self.names))
            ),
        )

    def heading(self, number: int, round_index: int) -> str:
        if number == 0:
            return self.t("viewer.at-deal").format(round=round_index + 1)
        where = self.t("viewer.at-event").format(number=number, total=self.total)
        rounds = len(self.verdict.record.rounds)
        return f"{self.t('table.round')} {round_index + 1} · {where}" if rounds > 1 else where

    def deal(self, step: Dealt, words: str) -> ViewerStep:
        return ViewerStep(
            0,
            step.round,
            "deal",
            self.heading(0, step.round),
            "",
            "",
            ("",) * self.views,
            ((words,),) * self.views,
            self.pictures(step.state),
        )

    def skipped(self, number: int, round_index: int, state: State, why: str | None) -> ViewerStep:
        """Event ``number`` of round ``round_index``, which could not be played: the table as
        it was."""
        rounds = self.verdict.record.rounds
        first = 1 + sum(len(r.events) for r in rounds[:round_index])
        action = rounds[round_index].events[number - first].action
        said = self.t("viewer.status-skipped").format(why=why or self.t("viewer.skipped"))
        return ViewerStep(
            number,
            round_index,
            "skipped",
            self.heading(number, round_index),
            describe(action, self.names, self.lang),
            _as_recorded(action, self.names),
            (said,) * self.views,
            ((self.t("viewer.skipped"),),) * self.views,
            self.pictures(state),
        )

    def played(self, step: Played) -> ViewerStep:
        status, said = self.judged(step)
        changes = []
        for seat in (None, *range(len(self.names))):
            changes.append(tuple(self.changes(step, seat)) or (self.t("viewer.nothing-changed"),))
        return ViewerStep(
            step.number,
            step.round,
            status,
            self.heading(step.number, step.round),
            describe(step.action, self.names, self.lang),
            _as_recorded(step.action, self.names),
            said,
            tuple(changes),
            self.pictures(step.state),
        )

    def said_first(self, first: ViewerStep, dealt: str) -> ViewerStep:
        """A later round's first event, its deal said first."""
        return attrs.evolve(first, changes=tuple((dealt, *c) for c in first.changes))

    def closed(self, last: ViewerStep, step: RoundClosed) -> ViewerStep:
        """The last step of a round, with the round's result once it is over."""
        line = self.round_lines.get(step.round)
        if line is None or not step.state.is_over:
            return last
        return attrs.evolve(last, changes=tuple((*c, line) for c in last.changes))

    # -- what the referee says -------------------------------------------------------------------

    def ref(self, rule: str) -> str:
        return _ref(rule, self.lang)

    def title(self, rule: str) -> str:
        """A rule's or ruling's title: what a player's view says of a refusal (nothing of the
        table, which the engine's reason may name)."""
        cat = catalogue.default()
        if cat.kind_of(rule) == "ruling":
            return cat.ruling(rule).text_in(self.lang).title
        return cat.rule(rule).title(self.lang)

    def judged(self, step: Played) -> tuple[Status, tuple[str, ...]]:
        """The step's status and what the referee says of it, per view. A player's view names a
        refusal's rule only where the player could tell it
        (:func:`~sabai_rules.referee.export.rule_seen`), and gives no reason in the engine's
        words (which may name a face): the rule's number and title."""
        t, names, lang = self.t, self.names, self.lang
        seats = range(len(names))
        number = step.number
        undecided = self.undecided.get(number)
        if undecided is not None:
            rules = ", ".join(self.ref(r) for r in undecided.rules)
            unseen = t("viewer.undecided-unseen").format(rules=rules)
            everything = _undecided_text(undecided, names, lang)
            said = t("viewer.status-undecided")
            return "undecided", (
                said.format(why=everything),
                *(said.format(why=unseen) for _ in seats),
            )
        error = step.error
        if error is not None:
            judged = self.stop is None or number <= self.stop
            rule = error.rule
            out = []
            if judged:
                template = t("viewer.status-illegal")
                why = illegal_event(step, error, names).message_in(names, lang)
                out.append(template.format(rule=self.ref(rule), why=why))
            else:
                template = t("viewer.status-not-judged")
                out.append(template.format(rule=self.ref(rule)))
            for seat in seats:
                if not rule_seen(step.before, step.action, error, seat):
                    out.append(t("viewer.status-refused-unseen").format(name=names[seat]))
                elif judged:
                    out.append(template.format(rule=self.ref(rule), why=self.title(rule)))
                else:
                    out.append(template.format(rule=f"{self.ref(rule)}, {self.title(rule)}"))
            return ("illegal" if judged else "not-judged"), tuple(out)
        note = self.notes.get(number)
        if note is None and self.verdict.notes_total > len(self.verdict.notes):
            note = note_for(step, names)  # beyond the notes the verdict holds in full
        if note is not None:
            said = t("viewer.status-noted").format(why=note.message_in(names, lang))
            return "noted", (said,) * self.views
        return "legal", (t("viewer.status-legal"),) * self.views

    # -- what changed ----------------------------------------------------------------------------

    def changes(self, step: Played, seat: int | None) -> list[str]:
        """What changed with the event, seen by ``seat`` (``None``: every card shown): what it
        caused, then who is locked out or free again, what waits to be carried out."""
        t, names = self.t, self.names
        if step.outranked_by >= 0:
            return [t("viewer.outranked").format(player=names[step.outranked_by])]
        if step.error is not None and not step.caused:
            return [t("viewer.refused")]
        if seat is None:
            seen = tuple(_every_face(e, step.state) for e in step.caused)
        else:
            seen = caused_seen(step, seat)
        lines = [self.caused(e) for e in seen]
        before, after = step.before.flow.lockout, step.state.flow.lockout
        for p, name in enumerate(names):
            if (after >> p) & 1 and not (before >> p) & 1:
                lines.append(t("viewer.locked").format(player=name))
            elif (before >> p) & 1 and not (after >> p) & 1:
                lines.append(t("viewer.unlocked").format(player=name))
        lines += self.queued(step.before, step.state, seat)
        if isinstance(step.state.flow.pending, NoseRace) and not isinstance(
            step.before.flow.pending, NoseRace
        ):
            lines.append(_sentence(t("table.nose-race")))
        return lines

    def queued(self, before: State, after: State, seat: int | None) -> list[str]:
        """What the event left waiting: functions to carry out, compensation cards owed, as the
        view of ``seat`` (any seat: the queue is public) shows them."""
        who = after.flow.turn if seat is None else seat
        old = list(view(before, who).queue)
        lines = []
        for item in view(after, who).queue:
            if item in old:
                old.remove(item)
                continue
            lines.append(self.pending(item))
        return lines

    def pending(self, item: PendingView) -> str:
        names = self.names
        if item.kind == "function":
            return self.t("viewer.function-waits").format(
                player=names[item.player], card=self.card(item.face)
            )
        owner = "?" if item.owner is None else names[item.owner]
        return self.t("viewer.compensation-owed").format(player=names[item.player], owner=owner)

    def card(self, face: int | None) -> str:
        """`` (9)`` after a card's words where the face was seen; nothing where it was not."""
        return "" if face is None else f" ({self.face(face)})"

    def face(self, face: int) -> str:
        if face == JOKER:
            return self.t("card.joker")
        if face == ASS_JOKER:
            return self.t("card.ass-joker")
        if face == UNKNOWN:
            return "?"
        return face_name(face)

    def caused(self, event: EventView) -> str:
        """One caused event, as it was seen, in a sentence."""
        names, t = self.names, self.t
        details = dict(event.details)
        key = f"viewer.change.{event.kind}"
        values: dict[str, object] = {"player": names[event.player]}
        for name, value in details.items():
            if name in ("owner", "target"):
                values[name] = names[value]
            elif name in ("card", "target_card"):
                values[name] = self.card(value)
            elif name == "cause":
                values[name] = t(f"end.{value.value}")
            else:
                values[name] = value
        if event.kind == "ThrewIn" and not details["correct"]:
            key += ".wrong"
        elif event.kind == "LookedAt":
            faces = details["cards"]
            values["slots"] = ", ".join(str(s) for s in details["slots"])
            shown = [self.face(f) if f is not None else "?" for f in faces]
            values["cards"] = f" ({', '.join(shown)})" if any(f is not None for f in faces) else ""
            if not details["slots"]:
                key += ".none"
        elif event.kind == "Reshuffled":
            count = len(details["cards"])
            one = count == 1 or (self.lang == "fr" and count == 0)
            values["cards"] = (
                t("picture.one-card") if one else t("picture.cards").format(count=count)
            )
        return t(key).format(**values)


def _every_face(event: Event, after: State) -> EventView:
    """``event`` with every card's face shown, for the referee's view (a record of what a table
    knows shows the cards it leaves open as ``?``, as its table does)."""
    faces = after.deck.faces
    details = []
    for field in attrs.fields(type(event)):
        if field.name == "player":
            continue
        value = getattr(event, field.name)
        if field.name in _CARD_FIELDS:
            value = tuple(faces[c] for c in value) if isinstance(value, tuple) else faces[value]
        details.append((field.name, value))
    return EventView(type(event).__name__, event.player, tuple(details))


def _round_lines(verdict: Verdict, lang: str) -> dict[int, str]:
    """Each round's result, as the verdict gives it, by round."""
    names = verdict.record.players
    undecided = label(lang, "verdict.round-undecided")
    return {
        result.round_index: undecided.format(round=result.round_index + 1)
        if result.round_index in verdict.undecided_rounds
        else _result_line(result, names, lang)
        for result in verdict.results
    }


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}"


# -- the verdict in one sentence ----------------------------------------------------------------


def verdict_sentence(verdict: Verdict, lang: str = "en") -> str:
    """The verdict in one sentence a player understands: the first illegal event, what made it
    illegal and the rule's number; or the first event the record cannot decide; or that part of
    the record was skipped; or that every event was legal, and who won.

    >>> from pathlib import Path
    >>> from sabai_rules.referee import load_record, replay
    >>> record = load_record(Path("examples/wrong-throw-in-lockout.json"))
    >>> print(verdict_sentence(replay(record)))  # doctest: +NORMALIZE_WHITESPACE
    Event 14 was illegal: Anna threw in a wrong card: another player must throw in correctly
    first (rule 6.8)
    """
    t = _labeller(lang)
    names = verdict.record.players
    if verdict.illegal:
        event = verdict.illegal[0]
        return t("viewer.sentence-illegal").format(
            number=event.number, why=event.message_in(names, lang), rule=_ref(event.rule, lang)
        )
    if verdict.undecided:
        return _undecided_sentence(verdict.undecided[0], names, lang)
    if verdict.problems:
        return t("viewer.sentence-problems").format(count=verdict.problems_total)
    if verdict.undecided_rounds:
        return t("viewer.sentence-round-undecided").format(round=verdict.undecided_rounds[0] + 1)
    winners = verdict.game.winners
    if not verdict.complete or not winners:
        return t("viewer.sentence-legal")
    return t("viewer.sentence-won").format(
        winners=_joined([names[p] for p in winners], lang), points=_points(verdict, winners, lang)
    )


def _labeller(lang: str) -> Callable[[str], str]:
    return lambda key: label(lang, key)


def _ref(rule: str, lang: str) -> str:
    """``rule 6.8`` or ``ruling R34``, as the rulebook site for the language numbers it."""
    kind = catalogue.default().kind_of(rule)
    key = "viewer.ruling-ref" if kind == "ruling" else "viewer.rule-ref"
    return label(lang, key).format(number=_number(rule, lang))


def _undecided_sentence(event: UndecidedEvent, names: Sequence[str], lang: str) -> str:
    t = _labeller(lang)
    rules = ", ".join(_ref(r, lang) for r in event.rules)
    if event.single and event.turns and event.turns[0].legal:
        turn = event.turns[0]
        why = t("viewer.legal-only-if").format(
            card=turn.card.text(names, lang), faces=faces_text(turn.legal, lang)
        )
    else:
        why = t("viewer.depends")
    return t("viewer.sentence-undecided").format(number=event.number, why=why, rules=rules)


def _joined(items: Sequence[str], lang: str) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Chloé``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {label(lang, 'viewer.and')} {items[-1]}"


def _points(verdict: Verdict, winners: Sequence[int], lang: str) -> str:
    """The winners' points: victory points, or the card points the game is decided on where it
    is scored by card points (the older edition,
    :func:`~sabai_rules.play.game.lowest_score_points`)."""
    if verdict.record.ruleset.scoring == "victory_points":
        points = verdict.game.victory_points
        one, many = "viewer.victory-point", "viewer.victory-points"
    else:
        points = lowest_score_points(verdict.results, verdict.record.ruleset)
        one, many = "viewer.card-point", "viewer.card-points"
    count = points[winners[0]]
    single = abs(count) == 1 or (lang == "fr" and count == 0)
    return label(lang, one if single else many).format(count=count)


# -- the page -----------------------------------------------------------------------------------

_NOT_SHOWN: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def _h(text: object) -> str:
    """``text`` escaped for HTML, attributes included; what no page can show (control
    characters, lone surrogates) written as ``repr`` writes it."""
    shown = _NOT_SHOWN.sub(lambda m: repr(m.group())[1:-1], str(text))
    return html.escape(shown, quote=True)


def _asset(name: str) -> str:
    return resources.files("sabai_rules.referee").joinpath(name).read_text(encoding="utf-8")


def _script_json(data: object) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: no ``<`` (so no ``</script>`` and no
    ``<!--``), and nothing but ASCII."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")


def _packed(steps: Sequence[ViewerStep]) -> str:
    """The steps' words and pictures, as one JSON document gzip-compressed and in base64 (the
    page's script unpacks it with ``DecompressionStream``). ``mtime=0``: the same steps give the
    same page."""
    document = {
        "steps": [
            {
                "number": s.number,
                "status": s.status,
                "sign": SIGNS[s.status],
                "heading": s.heading,
                "words": s.words,
                "recorded": s.recorded,
                "said": list(s.said),
                "changes": [list(c) for c in s.changes],
            }
            for s in steps
        ],
        "pictures": [picture for s in steps for picture in s.pictures],
    }
    raw = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def render_html(
    verdict: Verdict,
    lang: str = "en",
    *,
    rulebook_url: str | None = None,
    tolerant: bool = False,
) -> str:
    """The verdict as one self-contained web page that steps through the game (the module's
    introduction says what it shows). ``rulebook_url`` is the rulebook site's root: each cited
    rule links to its place there (:func:`~sabai_rules.referee.render.rule_url`); without it,
    no rule links anywhere, and the page's own texts of the rules stand. ``tolerant``: the steps
    of tolerant play, for a tolerant verdict (:func:`viewer_steps`). Everything taken from the
    record is escaped."""
    names = verdict.record.players
    steps = viewer_steps(verdict, lang, tolerant=tolerant)
    sentence = verdict_sentence(verdict, lang)
    first = _first_step(verdict)
    body = [
        *_head_html(verdict, lang, sentence),
        *_viewer_html(steps, first, names, lang),
        *_sections_html(verdict, lang, rulebook_url),
    ]
    meta = {"views": 1 + len(names), "initial": first, "data": _packed(steps)}
    return (
        f'<!DOCTYPE html>\n<html lang="{_h(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        f"<title>{_h(sentence)} — {_h(', '.join(names))}</title>\n"
        f"<style>{_asset('viewer.css')}</style>\n"
        "</head>\n<body>\n<main>\n" + "\n".join(body) + "\n</main>\n"
        f'<script type="application/json" id="sabai-viewer-data">{_script_json(meta)}</script>\n'
        f"<script>{_asset('viewer.js')}</script>\n"
        "</body>\n</html>\n"
    )


def _first_step(verdict: Verdict) -> int:
    """The step the page opens on: the table at the first illegal or undecided event (which
    changed nothing, or may not have), else the first deal."""
    if verdict.illegal:
        return verdict.illegal[0].number
    if verdict.undecided:
        return verdict.undecided[0].number
    return 0


def _kind(verdict: Verdict) -> str:
    if verdict.illegal or verdict.problems:
        return "illegal"
    return "legal" if verdict.decided else "undecided"


def _head_html(verdict: Verdict, lang: str, sentence: str) -> list[str]:
    """The verdict's sentence as the page's heading, what the event was, the claim."""
    t = _labeller(lang)
    names = verdict.record.players
    kind = _kind(verdict)
    sign = {"illegal": "\u2717", "legal": "\u2713", "undecided": "?"}[kind]
    out = [
        '<header class="verdict-head">',
        f'<h1 class="verdict {kind}"><span class="sign" aria-hidden="true">{sign}</span> '
        f"{_h(sentence)}</h1>",
    ]
    event: IllegalEvent | UndecidedEvent | None = None
    if verdict.illegal:
        event = verdict.illegal[0]
    elif verdict.undecided:
        event = verdict.undecided[0]
    if event is not None:
        out.append(f'<p class="what">{_h(describe(event.action, names, lang))}</p>')
    claim = _claim_line(verdict, lang)
    if claim is not None:
        out.append(f'<p class="claim">{_h(claim)}</p>')
    if verdict.illegal_total > 1:
        out.append(f"<p>{_h(t('viewer.illegal-total').format(count=verdict.illegal_total))}</p>")
    if verdict.undecided_total > 1:
        total = t("viewer.undecided-total").format(count=verdict.undecided_total)
        out.append(f"<p>{_h(total)}</p>")
    out.append(f'<p class="players">{_h(" · ".join(names))}</p>')
    out.append("</header>")
    return out


def _lanes(marked: Sequence[tuple[int, str]], last: int) -> list[int]:
    """A lane for each mark of the timeline, so that marks close together (at a phone's width)
    do not cover each other: the first lane where the last mark is far enough, of three."""
    ends: list[float] = []
    lanes = []
    for number, _ in marked:
        at = number / max(last, 1)
        lane = next((i for i, end in enumerate(ends) if at - end > 0.12), None)
        if lane is None:
            lane = len(ends) if len(ends) < 3 else min(range(3), key=lambda i: ends[i])
            if lane == len(ends):
                ends.append(at)
        ends[lane] = at
        lanes.append(lane)
    return lanes


def _viewer_html(
    steps: Sequence[ViewerStep], first: int, names: Sequence[str], lang: str
) -> list[str]:
    """The stepper: the view chosen, the slider and the timeline, the picture, the step (its
    words, what the referee says, what changed), the buttons. The step ``first`` is written in; the
    script takes over from there."""
    t = _labeller(lang)
    shown = steps[first]
    last = len(steps) - 1
    options = [f'<option value="0">{_h(_sentence(t("picture.all-seen")))}</option>']
    options += [
        f'<option value="{p + 1}">{_h(_sentence(t("picture.seen-as").format(name=n)))}</option>'
        for p, n in enumerate(names)
    ]
    marked = [(s.number, s.status) for s in steps if s.status in MARKED]
    lanes = _lanes(marked, last)
    marks = []
    for (number, status), lane in zip(marked, lanes, strict=True):
        where = number / max(last, 1) * 100
        marks.append(
            f'<button type="button" class="mark {status} lane-{lane}" data-step="{number}" '
            # Its anchor slides along it: the first mark's left edge, the last one's right edge.
            f'style="left: {where:.2f}%; transform: translateX(-{where:.2f}%)">'
            f'<span aria-hidden="true">{SIGNS[status]}</span>'
            f'<span class="visually-hidden">{_h(t("viewer.slider"))} </span>{number}'
            f'<span class="visually-hidden">{_h(_colon(lang))}{_h(t(MARKED[status]))}</span>'
            "</button>"
        )
    kinds = sorted({status for _, status in marked}, key=list(MARKED).index)
    legend = " · ".join(f"{SIGNS[k]} {_h(t(MARKED[k]))}" for k in kinds)
    changes = "".join(f"<li>{_h(c)}</li>" for c in shown.changes[0])
    said_class = f"said {shown.status}"
    out = [
        '<section class="viewer" id="viewer" aria-labelledby="viewer-title" '
        f'data-step="{first}" data-view="0">',
        f'<h2 id="viewer-title">{_h(t("viewer.steps"))}</h2>',
        '<div class="choice">',
        f'<label for="sabai-view">{_h(t("viewer.view"))}</label>',
        f'<select id="sabai-view" disabled>{"".join(options)}</select>',
        "</div>",
        '<div class="scrub">',
        f'<label for="sabai-step">{_h(t("viewer.slider"))}</label>',
        f'<input type="range" id="sabai-step" min="0" max="{last}" step="1" value="{first}" '
        f'aria-valuetext="{_h(shown.heading)}" disabled>',
        "</div>",
    ]
    if marks:
        out += [
            f'<div class="timeline" role="group" aria-label="{_h(t("viewer.timeline"))}">',
            f'<div class="track lanes-{1 + max(lanes)}">{"".join(marks)}</div>',
            f'<p class="legend">{legend}</p>',
            "</div>",
        ]
    out += [
        f'<figure class="table"><div id="sabai-picture">{shown.pictures[0]}</div></figure>',
        '<div class="step" aria-live="polite">',
        f'<h3 id="sabai-heading" tabindex="-1">{_h(shown.heading)}</h3>',
        f'<p class="words" id="sabai-words">{_h(shown.words)}</p>',
        f'<p class="recorded" id="sabai-recorded"{"" if shown.recorded else " hidden"}>'
        f"{_h(t('viewer.in-record'))}{_h(_colon(lang))}<code>{_h(shown.recorded)}</code></p>",
        f'<p class="{said_class}" id="sabai-said"{"" if shown.said[0] else " hidden"}>'
        f'<span class="sign" aria-hidden="true">{SIGNS[shown.status]}</span> '
        f'<span class="text">{_h(shown.said[0])}</span></p>',
        f"<h4>{_h(t('viewer.changed'))}</h4>",
        f'<ul class="changes" id="sabai-changes">{changes}</ul>',
        "</div>",
        '<div class="nav" role="group">',
        *(
            f'<button type="button" id="sabai-{name}" disabled>{_h(t(f"viewer.{name}"))}</button>'
            for name in ("first", "previous", "next", "last")
        ),
        "</div>",
        f'<p class="keys">{_h(t("viewer.keys"))}</p>',
        "</section>",
    ]
    return out


def _rule_html(rule_id: str, lang: str, base: str | None) -> list[str]:
    block = _rule_parts(rule_id, lang)
    colon = _colon(lang)
    out = [f"<h3>{_h(block.heading)}</h3>"]
    if block.quote is not None:
        name, where, language, text = block.quote
        out.append(f"<p><strong>{_h(name)}</strong> ({_h(where)}){colon}</p>")
        out.append(f'<blockquote lang="{_h(language)}"><p>{_h(text)}</p></blockquote>')
    name, written, text = block.statement
    if name:
        out.append(f"<p><strong>{_h(name)}</strong>{colon}</p>")
    out.append(f'<p lang="{_h(written)}">{_h(text)}</p>')
    url = rule_url(rule_id, lang, base)
    if url is not None:
        out.append(
            f"<p><strong>{_h(label(lang, 'rulebook'))}</strong>{colon}"
            f'<a href="{_h(url)}">{_h(url)}</a></p>'
        )
    return out


def _more_html(lang: str, what: str, count: int) -> list[str]:
    return [f'<p class="more">{_h(line)}</p>' for line in _more(lang, what, count) if line]


def _event_lines(number: int, action_words: str, recorded: str, lang: str) -> list[str]:
    """An event's words first, its form in the record after, and the button that shows it."""
    t = _labeller(lang)
    return [
        f'<p class="words">{_h(action_words)}</p>',
        f'<p class="recorded">{_h(t("viewer.in-record"))}{_h(_colon(lang))}'
        f"<code>{_h(recorded)}</code></p>",
        f'<p><button type="button" class="goto" data-step="{number}" hidden>'
        f"{_h(t('viewer.show-step').format(number=number))}</button></p>",
    ]


def _section_head(
    kind: str, event: IllegalEvent | UndecidedEvent | Note, names: Sequence[str], lang: str
) -> list[str]:
    """The opening of an illegal, undecided or noted event's section (``kind``): its heading,
    where it is, and the event in words and as recorded."""
    where = f"{label(lang, 'table.round')} {event.round + 1}, #{event.index + 1}"
    return [
        f'<section class="{kind}" id="event-{event.number}">',
        f"<h2>{_h(label(lang, f'verdict.{kind}'))} {event.number} ({_h(where)})</h2>",
        *_event_lines(
            event.number,
            describe(event.action, names, lang),
            _as_recorded(event.action, names),
            lang,
        ),
    ]


def _sections_html(verdict: Verdict, lang: str, base: str | None) -> list[str]:
    """The verdict in full: the problems, the rounds' results, each illegal, undecided and
    noted event with the rules it cites, the closing lines."""
    t = _labeller(lang)
    colon = _colon(lang)
    names = verdict.record.players
    body: list[str] = []
    if verdict.problems:
        body.append('<section class="unreadable"><ul>')
        body += [f"<li>{_h(t('verdict.unreadable'))}{colon}{_h(p)}</li>" for p in verdict.problems]
        body.append("</ul></section>")
    body += _more_html(lang, "unreadable", verdict.problems_total - len(verdict.problems))
    lines = _round_lines(verdict, lang)
    if lines:
        body.append('<section class="rounds"><ul>')
        body += [f"<li>{_h(line)}</li>" for _, line in sorted(lines.items())]
        body.append("</ul></section>")
    for event in verdict.illegal:
        allowed = allowed_lines(event.allowed, names, lang)
        body += [
            *_section_head("illegal", event, names, lang),
            f"<p>{_h(event.message_in(names, lang))} <code>[{_h(event.rule)}]</code></p>",
            *_rule_html(event.rule, lang, base),
            f"<p><strong>{_h(t('verdict.allowed'))}</strong>{colon}</p>",
            '<ul class="allowed">' + "".join(f"<li>{_h(a)}</li>" for a in allowed),
            "</ul>",
            "</section>",
        ]
    body += _more_html(lang, "illegal", verdict.illegal_total - len(verdict.illegal))
    for undecided in verdict.undecided:
        body += [
            *_section_head("undecided", undecided, names, lang),
            f"<p>{_h(_undecided_text(undecided, names, lang))}</p>",
            *(line for rule in undecided.rules for line in _rule_html(rule, lang, base)),
            "</section>",
        ]
    body += _more_html(lang, "undecided", verdict.undecided_total - len(verdict.undecided))
    for note in verdict.notes:
        url = rule_url(note.rule, lang, base)
        ruling = f"{_h(t('ruling'))} {_h(_number(note.rule, lang))} · {_h(note.rule)}"
        link = "" if url is None else f' · <a href="{_h(url)}">{_h(url)}</a>'
        body += [
            *_section_head("noted", note, names, lang),
            f"<p>{_h(note.message_in(names, lang))}</p>",
            f"<p>{ruling}{link}</p>",
            "</section>",
        ]
    body += _more_html(lang, "noted", verdict.notes_total - len(verdict.notes))
    kind = _kind(verdict)
    claim = _claim_line(verdict, lang)
    closing = [line for line in _closing_lines(verdict, lang) if line != claim]
    body += [f'<p class="verdict {kind}">{_h(line)}</p>' for line in closing]
    return body
