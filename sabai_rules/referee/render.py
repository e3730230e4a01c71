"""Rendering: a verdict or a table written for people (text) or programs (JSON), in a language.

:func:`render_text` writes a :class:`~sabai_rules.referee.replay.Verdict` in a player's language,
naming the broken rule with its published text and our statement of it; :func:`render_json` is the
same verdict for programs; :func:`render_table` draws the table, whole or as one player sees it.
The words around the rules are :mod:`sabai_rules.referee.i18n`'s. The verdict as a web page is
:mod:`sabai_rules.referee.viewer`'s.

Where the rulebook is, is said in one place: :func:`rule_url` joins a rule's page
(:meth:`~sabai_rules.model.catalogue.Catalogue.rulebook_link`, relative to the site's root) to the
rulebook's address, which ``sabai replay --rulebook-url`` gives, or else the ``Documentation``
address of the installed package's metadata (:func:`rulebook_base`); there is none by default,
and no address is ever made up. With an address, the text verdict gives each rule's absolute
address and the JSON verdict adds it as ``rulebook_url`` (its ``rulebook`` stays relative to the
site's root); without one, the text gives the path relative to the site's root, as before.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from importlib import metadata
from typing import Any, Final

import attrs

from sabai_rules.model import catalogue
from sabai_rules.model.cards import ASS_JOKER, JOKER, UNKNOWN, face_name, face_text
from sabai_rules.moves import Action, AlsoThrowIn
from sabai_rules.play.game import lowest_score_points
from sabai_rules.play.views import view
from sabai_rules.referee.i18n import colon as _colon
from sabai_rules.referee.i18n import describe, label, written_in
from sabai_rules.referee.i18n import semicolon as _semicolon
from sabai_rules.referee.record import action_to_json
from sabai_rules.referee.replay import MAX_REPORTED, IllegalEvent, Note, UndecidedEvent, Verdict
from sabai_rules.state import Function, NoseRace, Offer, RoundResult, State

__all__ = [
    "ALLOWED_PER_PLAYER",
    "allowed_lines",
    "check_rulebook_url",
    "render_json",
    "render_table",
    "render_text",
    "rule_url",
    "rulebook_base",
]

#: The distribution whose metadata may say where the rulebook is.
_DISTRIBUTION: Final = "sabai-rules"


def rulebook_base() -> str | None:
    """The rulebook's address from the installed package's metadata: its ``Project-URL`` named
    ``Documentation``, if it has one that :func:`check_rulebook_url` takes; else ``None`` (the
    package names none today: no address is guessed)."""
    try:
        found = metadata.metadata(_DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in found:
        name, _, address = str(entry).partition(",")
        if name.strip().lower() == "documentation":
            try:
                return check_rulebook_url(address.strip())
            except ValueError:
                return None
    return None


def check_rulebook_url(text: str) -> str:
    """``text`` if it is an absolute http or https address with a host (and no spaces or control
    characters), for the rulebook's site root: :class:`ValueError` saying why not.

    >>> check_rulebook_url("https://example.org/sabai/")
    'https://example.org/sabai/'
    >>> check_rulebook_url("docs/")
    Traceback (most recent call last):
    ...
    ValueError: the rulebook's address must be an absolute http or https URL, not 'docs/'
    """
    parts = urllib.parse.urlsplit(text) if isinstance(text, str) else None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or re.search(r"[\x00-\x20\x7f]", text)
    ):
        raise ValueError(
            f"the rulebook's address must be an absolute http or https URL, not {text!r}"
        )
    return text


def rule_url(ident: str, lang: str, base: str | None) -> str | None:
    """The address of a rule's or ruling's place in the rulebook for a reader of ``lang``: its
    page relative to the site's root joined to ``base``, the site's root; ``None`` without a base
    (a relative link would break as soon as a page is saved elsewhere).

    >>> rule_url("throw-in.retry-lockout", "fr", "https://example.org/sabai")
    'https://example.org/sabai/fr/rules/throw-in.html#throw-in.retry-lockout'
    >>> rule_url("throw-in.retry-lockout", "fr", None) is None
    True
    """
    if base is None:
        return None
    return f"{base.rstrip('/')}/{catalogue.default().rulebook_link(ident, lang)}"


def _as_recorded(action: Action, names: Sequence[str]) -> str:
    """The action in the record's terms (``ThrowIn(owner=Chloé, slot=3)``), to find it there."""
    data = action_to_json(action, names)
    del data["actor"]
    kind = data.pop("action")
    params = ", ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind}({params})"


def _labeller(lang: str) -> Callable[[str], str]:
    return lambda key: label(lang, key)


def render_table(
    state: State, names: Sequence[str], *, as_player: int | None = None, lang: str = "en"
) -> str:
    """The table in a terminal: every row (all faces, or as one player sees it), the piles, whose
    turn it is and what is pending."""
    t = _labeller(lang)
    colon = _colon(lang)
    deck, flow, setup = state.deck, state.flow, state.setup
    status = flow.status

    def card(c: int) -> str:
        return face_name(deck.faces[c])

    final = f" · {t('table.final-round')}" if setup.final_round else ""
    dealer = t("table.dealt-by").format(name=names[setup.dealer])
    lines = [f"{t('table.round')} {setup.round_index + 1} · {dealer}{final}"]
    seen = view(state, as_player) if as_player is not None else None
    width = max(len(n) for n in names)
    for player, row in enumerate(state.table.rows):
        if seen is not None:
            cells = [str(slot) for slot in seen.rows[player]]
        else:
            cells = ["[gap]" if c < 0 else card(c) for c in row]
        shown = "  ".join(f"{i}:{cell}" for i, cell in enumerate(cells)) or "-"
        marks = []
        if player == flow.turn and not state.is_over:
            marks.append(t("table.turn"))
        if (flow.lockout >> player) & 1:
            marks.append(t("table.locked"))
        mark = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"  {names[player]:<{width}}  {shown}{mark}")
    pile = " ".join(card(c) for c in state.table.discard[-5:]) or "-"
    top = state.table.top
    on_top = f" ({t('table.top')}{colon}{card(top)})" if top >= 0 else ""
    lines.append(
        f"  {t('table.draw-pile')}{colon}{len(state.table.draw)}"
        f" · {t('table.discard-pile')}{colon}{pile}{on_top}"
    )
    held = state.table.held
    if held >= 0:
        # As one player: the face only if their view has it (only the drawer sees it).
        face = deck.faces[held] if seen is None else seen.held
        lines.append(
            f"  {names[flow.turn]} {t('table.holds')} {'??' if face is None else face_name(face)}"
        )
    for effect in flow.queue:
        if isinstance(effect, Function):
            what = f"{names[effect.executor]} — {card(effect.card)}"
        else:
            what = f"{names[effect.thrower]} → {names[effect.owner]} ({t('table.compensation')})"
        lines.append(f"  {t('table.pending')}{colon}{what}")
    pending = flow.pending
    if isinstance(pending, Offer):
        offer = (
            f"{names[pending.owner]} ({names[pending.thrower]},"
            f" {t('table.slot').format(slot=pending.slot)})"
        )
        lines.append(f"  {t('table.offer')}{colon}{offer}")
    elif isinstance(pending, NoseRace):
        lines.append(f"  {t('table.nose-race')}")
    if status.caller >= 0:
        lap = f"{t('table.final-lap')}{colon}{status.final_lap}"
        lines.append(f"  {t('table.called-by')} {names[status.caller]}{_semicolon(lang)}{lap}")
    if status.closing >= 0:
        passed = [names[p] for p in range(state.players) if (status.closing >> p) & 1]
        lines.append(f"  {t('table.reaction')}{colon}{', '.join(passed) or '-'}")
    if state.is_over:
        lines.append(f"  {t('table.over')} ({status.end})")
    return "\n".join(lines)


def _number(ident: str, lang: str) -> str:
    """A rule's number as the rulebook site for ``lang`` shows it, or a ruling's (``R12``)."""
    cat = catalogue.default()
    if cat.kind_of(ident) == "ruling":
        return f"R{cat.ruling(ident).number}"
    return cat.rule_number(ident, cat.site_edition(ident, lang))


@attrs.frozen
class _RuleBlock:
    """What the referee says of a rule or ruling it cites, for the text and the HTML verdicts."""

    #: "Rule 6.7 · throw-in.retry-lockout — title" (or "Ruling R12 · ...").
    heading: str
    #: The published text: (the label, where it comes from, its language, the text), or None.
    quote: tuple[str, str, str, str] | None
    #: Our statement of a rule, or a ruling's decision: (the label, the language it is written
    #: in, the text).
    statement: tuple[str, str, str]
    #: The rule's page on the rulebook site, relative to the site's root.
    link: str


def _rule_parts(rule_id: str, lang: str) -> _RuleBlock:
    t = _labeller(lang)
    cat = catalogue.default()
    link = cat.rulebook_link(rule_id, lang)
    if cat.kind_of(rule_id) == "ruling":
        text = cat.ruling(rule_id).text_in(lang)
        heading = f"{t('ruling')} {_number(rule_id, lang)} · {rule_id} — {text.title}"
        decision = catalogue.one_line(cat.readable(text.decision, lang))
        return _RuleBlock(heading, None, ("", text.language, decision), link)
    rule = cat.rule(rule_id)
    heading = f"{t('rule')} {_number(rule_id, lang)} · {rule.id} — {rule.title(lang)}"
    quote = rule.text(lang)
    said = None
    if quote is not None:
        where: str = quote.language
        if quote.language != lang:
            where = f"{t('source.fallback')} {t(f'language.{quote.language}')}"
        said = (t("source"), where, quote.language, quote.text)
    written, statement = rule.statement_in(lang)
    english = written_in(written, lang)
    statement = catalogue.one_line(cat.readable(statement, lang))
    return _RuleBlock(heading, said, (f"{t('statement')}{english}", written, statement), link)


def _rule_block(rule_id: str, lang: str, base: str | None) -> list[str]:
    block = _rule_parts(rule_id, lang)
    colon = _colon(lang)
    lines = [block.heading]
    if block.quote is not None:
        name, where, _, text = block.quote
        lines.append(f"  {name} ({where}){colon}{text}")
    name, _, text = block.statement
    lines.append(f"  {name}{colon}{text}" if name else f"  {text}")
    link = rule_url(rule_id, lang, base) or block.link
    lines.append(f"  {label(lang, 'rulebook')}{colon}{link}")
    return lines


def _result_line(result: RoundResult, names: Sequence[str], lang: str) -> str:
    t = _labeller(lang)
    colon = _colon(lang)
    points = ", ".join(f"{names[p]} {v}" for p, v in enumerate(result.card_points))
    gained = ", ".join(f"{names[p]} {v:+d}" for p, v in enumerate(result.victory_points) if v)
    winners = ", ".join(names[p] for p in result.winners) or "-"
    parts = [
        f"{t('table.round')} {result.round_index + 1} ({t(f'end.{result.end.value}')}){colon}"
        f"{t('verdict.round-won-by')} {winners}",
        f"{t('verdict.card-points')}{colon}{points}",
    ]
    if gained:
        parts.append(f"{t('verdict.victory-points')}{colon}{gained}")
    if result.ass_joker_holder is not None:
        parts.append(f"{t('verdict.ass-joker')}{colon}{names[result.ass_joker_holder]}")
    if result.hall_of_fame is not None:
        parts.append(f"{t('verdict.hall-of-fame')}{colon}{names[result.hall_of_fame]}")
    return " · ".join(parts)


def _result_lines(verdict: Verdict, lang: str) -> list[str]:
    """A line per round played to its end: its result, or, where a record of what a table knows
    cannot decide it, that it cannot."""
    names = verdict.record.players
    undecided = label(lang, "verdict.round-undecided")
    return [
        undecided.format(round=result.round_index + 1)
        if result.round_index in verdict.undecided_rounds
        else _result_line(result, names, lang)
        for result in verdict.results
    ]


def _more(lang: str, what: str, count: int) -> list[str]:
    """The line that counts the ``what`` not reported in full (none if there are none)."""
    if count <= 0:
        return []
    return ["", label(lang, f"verdict.more-{what}").format(count=count, shown=MAX_REPORTED)]


def _closing_lines(verdict: Verdict, lang: str) -> list[str]:
    """The verdict's last lines: legal or not, the final scores, the claim checked."""
    t = _labeller(lang)
    colon = _colon(lang)
    names = verdict.record.players
    lines = []
    if verdict.illegal:
        lines.append(t("verdict.not-legal"))
    elif verdict.undecided_total:
        lines.append(t("verdict.not-decided"))
    elif not verdict.decided:
        lines.append(t("verdict.not-decided-result"))
    elif verdict.complete:
        scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(verdict.game.victory_points))
        winners = ", ".join(names[p] for p in verdict.game.winners or ())
        if verdict.record.ruleset.scoring == "victory_points":
            lines.append(
                f"{t('verdict.final-scores')}{colon}{scores} — {t('verdict.game-won-by')} {winners}"
            )
        else:
            counted = lowest_score_points(verdict.results, verdict.record.ruleset)
            points = ", ".join(f"{names[p]} {v}" for p, v in enumerate(counted))
            lines.append(
                f"{t('verdict.final')}{colon}{points} — {t('verdict.game-won-by')} {winners}"
            )
    else:
        lines.append(t("verdict.in-progress"))
    claim = _claim_line(verdict, lang)
    if claim is not None:
        lines.append(claim)
    return lines


def _claim_line(verdict: Verdict, lang: str) -> str | None:
    """What the record claims and whether it holds, if it claims anything."""
    t = _labeller(lang)
    claim = verdict.record.claim
    if claim is None:
        return None
    text = f" {_quoted(claim.text, lang)}" if claim.text else ""
    outcome = {
        True: "verdict.claim-holds",
        False: "verdict.claim-fails",
        None: "verdict.claim-open",
    }
    return f"{t('verdict.claim')}{text}{_colon(lang)}{t(outcome[verdict.claim_holds()])}"


def render_text(verdict: Verdict, lang: str = "en", *, rulebook_url: str | None = None) -> str:
    """The verdict for players: each round's result and the final scores, or the first illegal
    event (every one, when tolerant, up to :data:`~sabai_rules.referee.replay.MAX_REPORTED`, and
    how many more) with the rule, what was allowed, and the table before it. Each rule's place in
    the rulebook is its address under ``rulebook_url`` (:func:`rule_url`), or without one its
    page relative to the site's root."""
    t = _labeller(lang)
    colon = _colon(lang)
    names = verdict.record.players
    lines = [f"{t('verdict.unreadable')}{colon}{problem}" for problem in verdict.problems]
    lines += _more(lang, "unreadable", verdict.problems_total - len(verdict.problems))
    lines.extend(_result_lines(verdict, lang))
    for event in verdict.illegal:
        where = f"{t('table.round')} {event.round + 1}, #{event.index + 1}"
        lines += [
            "",
            f"{t('verdict.illegal')} {event.number} ({where}){colon}"
            f"{describe(event.action, names, lang)} · {_as_recorded(event.action, names)}",
            f"  {event.message_in(names, lang)} [{event.rule}]",
            *_rule_block(event.rule, lang, rulebook_url),
        ]
        lines.append(f"{t('verdict.allowed')}{_colon(lang).rstrip()}")
        lines += [f"  {line}" for line in allowed_lines(event.allowed, names, lang)]
        lines.append(f"{t('verdict.table-before')}{colon.rstrip()}")
        lines.append(render_table(event.before, names, lang=lang))
    lines += _more(lang, "illegal", verdict.illegal_total - len(verdict.illegal))
    for undecided in verdict.undecided:
        where = f"{t('table.round')} {undecided.round + 1}, #{undecided.index + 1}"
        lines += [
            "",
            f"{t('verdict.undecided')} {undecided.number} ({where}){colon}"
            f"{describe(undecided.action, names, lang)} · {_as_recorded(undecided.action, names)}",
            f"  {_undecided_text(undecided, names, lang)}",
        ]
        for rule in undecided.rules:
            lines += _rule_block(rule, lang, rulebook_url)
        lines.append(f"{t('verdict.table-before')}{colon.rstrip()}")
        lines.append(render_table(undecided.before, names, lang=lang))
    lines += _more(lang, "undecided", verdict.undecided_total - len(verdict.undecided))
    # A note is three lines: the event, what happened, the ruling that asks for the note.
    for note in verdict.notes:
        link = rule_url(note.rule, lang, rulebook_url) or catalogue.default().rulebook_link(
            note.rule, lang
        )
        where = f"{t('table.round')} {note.round + 1}, #{note.index + 1}"
        lines += [
            "",
            f"{t('verdict.noted')} {note.number} ({where}){colon}"
            f"{describe(note.action, names, lang)} · {_as_recorded(note.action, names)}",
            f"  {note.message_in(names, lang)}",
            f"  {t('ruling')} {_number(note.rule, lang)} · {note.rule}"
            f" · {t('rulebook')}{colon}{link}",
        ]
    lines += _more(lang, "noted", verdict.notes_total - len(verdict.notes))
    lines.append("")
    lines += _closing_lines(verdict, lang)
    return "\n".join(lines).strip() + "\n"


#: How many of one player's actions :func:`allowed_lines` says in full; the rest it counts.
ALLOWED_PER_PLAYER: Final = 8

#: The ruling under which cards put down in the motion of a wrong card are not refused by the
#: lock-out that card brings.
_MOTION: Final = "ruling.wrong-cards-in-a-batch"


def allowed_lines(allowed: Sequence[Action], names: Sequence[str], lang: str) -> list[str]:
    """What the rules allowed instead of an illegal event, player by player (in the order the
    listing first names them): a line per player with their actions in words, each naming them
    (the first :data:`ALLOWED_PER_PLAYER`, then how many more); then, for a player who may still
    put down cards in the motion of a wrong one (:class:`~sabai_rules.moves.AlsoThrowIn`), why,
    citing :rule:`ruling.wrong-cards-in-a-batch`: read alone, "also throws in" beside a lock-out
    looks like a contradiction. ``["-"]`` where nothing was allowed."""
    semicolon = _semicolon(lang)
    by_player: dict[int, list[Action]] = {}
    for action in allowed:
        by_player.setdefault(action.actor, []).append(action)
    lines = []
    for actions in by_player.values():
        words = [describe(a, names, lang) for a in actions[:ALLOWED_PER_PLAYER]]
        if len(actions) > ALLOWED_PER_PLAYER:
            words.append(f"… (+{len(actions) - ALLOWED_PER_PLAYER})")
        lines.append(semicolon.join(words))
    for player, actions in by_player.items():
        if any(isinstance(a, AlsoThrowIn) for a in actions):
            why = label(lang, "verdict.allowed-motion").format(player=names[player])
            ruling = f"{label(lang, 'ruling')} {_number(_MOTION, lang)} · {_MOTION}"
            lines.append(f"{why} ({ruling}).")
    return lines or ["-"]


def faces_text(faces: Iterable[int], lang: str) -> str:
    """Faces for a sentence in ``lang``: ``1\u201310 or Joker`` in English; ranks in runs of
    three or more as a range (an en dash between its first and last)."""
    t = _labeller(lang)
    ranks = sorted(f for f in faces if f not in (JOKER, ASS_JOKER, UNKNOWN))
    names: list[str] = []
    k = 0
    while k < len(ranks):
        end = k
        while end + 1 < len(ranks) and ranks[end + 1] == ranks[end] + 1:
            end += 1
        if end - k >= 2:
            names.append(f"{ranks[k]}\u2013{ranks[end]}")
        else:
            names += [str(r) for r in ranks[k : end + 1]]
        k = end + 1
    faces = set(faces)
    if JOKER in faces:
        names.append(t("card.joker"))
    if ASS_JOKER in faces:
        names.append(t("card.ass-joker"))
    if not names:
        return t("verdict.any-card")
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {t('verdict.or')} {names[-1]}"


def _undecided_text(event: UndecidedEvent, names: Sequence[str], lang: str) -> str:
    """Why an event is undecided, in ``lang``: legal if the card it turns on was one of some
    faces, illegal (with the refusal and its rule) if it was one of others; or the cards it turns
    on together."""
    t = _labeller(lang)
    colon = _colon(lang)
    semicolon = _semicolon(lang)
    if event.single and event.turns:
        turn = event.turns[0]
        parts = []
        if turn.legal:
            card = turn.card.text(names, lang)
            parts.append(
                t("verdict.legal-if").format(card=card, faces=faces_text(turn.legal, lang))
            )
        for rule, faces in turn.illegal:
            why = event.refusal_in(rule, names, lang)
            illegal = t("verdict.illegal-if").format(faces=faces_text(faces, lang))
            parts.append(f"{illegal}{colon}{why} [{rule}]")
        text = semicolon.join(parts)
        if not turn.legal:
            text = f"{turn.card.text(names, lang)}{colon}{text}"
        return f"{text[:1].upper()}{text[1:]}. {_sentence(t('verdict.unstated-card'))}"
    cards = semicolon.join(turn.card.text(names, lang) for turn in event.turns) or "-"
    whys = semicolon.join(f"{event.refusal_in(r, names, lang)} [{r}]" for r in event.rules)
    turns_on = _sentence(t("verdict.turns-on").format(cards=cards))
    return f"{turns_on} {_sentence(t('verdict.illegal-where').format(why=whys))}"


def _quoted(text: str, lang: str) -> str:
    """``text`` in the quotation marks of ``lang``: « » in French (a no-break space inside)."""
    return f"«\u00a0{text}\u00a0»" if lang == "fr" else f'"{text}"'


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}." if text else text


def render_json(verdict: Verdict, lang: str = "en", *, rulebook_url: str | None = None) -> str:
    """The verdict as JSON, for programs: the lists hold what the verdict holds in full (the
    first :data:`~sabai_rules.referee.replay.MAX_REPORTED`), the ``_total`` counts every one.
    Each cited rule's ``rulebook`` is its page relative to the rulebook site's root; with
    ``rulebook_url``, ``rulebook_url`` is its absolute address too (:func:`rule_url`)."""
    names = verdict.record.players
    cat = catalogue.default()

    def linked(data: dict[str, Any], ident: str) -> dict[str, Any]:
        url = rule_url(ident, lang, rulebook_url)
        if url is not None:
            data["rulebook_url"] = url
        return data

    def event_json(event: IllegalEvent) -> dict[str, Any]:
        data: dict[str, Any] = {
            "event": event.number,
            "round": event.round + 1,
            "index": event.index + 1,
            "action": action_to_json(event.action, names),
            "rule": event.rule,
            "rulebook": cat.rulebook_link(event.rule, lang),
            "message": event.message_in(names, lang),
            "allowed": [action_to_json(a, names) for a in event.allowed],
        }
        if cat.kind_of(event.rule) == "rule":
            rule = cat.rule(event.rule)
            quote = rule.text(lang)
            data["rule_number"] = _number(rule.id, lang)
            data["rule_title"] = rule.title(lang)
            data["source"] = (
                None if quote is None else {"language": quote.language, "text": quote.text}
            )
            written, statement = rule.statement_in(lang)
            data["statement"] = catalogue.plain(statement)
            data["statement_language"] = written
        else:
            data["rule_number"] = _number(event.rule, lang)
            data["rule_title"] = cat.ruling(event.rule).text_in(lang).title
        return linked(data, event.rule)

    def note_json(note: Note) -> dict[str, Any]:
        data = {
            "event": note.number,
            "round": note.round + 1,
            "index": note.index + 1,
            "action": action_to_json(note.action, names),
            "rule": note.rule,
            "rule_number": _number(note.rule, lang),
            "rulebook": cat.rulebook_link(note.rule, lang),
            "message": note.message_in(names, lang),
        }
        return linked(data, note.rule)

    def undecided_json(event: UndecidedEvent) -> dict[str, Any]:
        return {
            "event": event.number,
            "round": event.round + 1,
            "index": event.index + 1,
            "action": action_to_json(event.action, names),
            "single": event.single,
            "turns_on": [
                {
                    "card": turn.card.text(names, lang),
                    # In the faces' order (ranks up, then the Joker, then the Ass Joker).
                    "legal": [face_text(f) for f in sorted(turn.legal)],
                    "illegal": {
                        rule: [face_text(f) for f in sorted(faces)] for rule, faces in turn.illegal
                    },
                }
                for turn in event.turns
            ],
            "rules": [
                linked(
                    {
                        "rule": rule,
                        "rule_number": _number(rule, lang),
                        "rulebook": cat.rulebook_link(rule, lang),
                        "message": event.refusal_in(rule, names, lang),
                    },
                    rule,
                )
                for rule in event.rules
            ],
            "message": _undecided_text(event, names, lang),
        }

    if verdict.illegal:
        kind = "illegal"
    elif not verdict.decided:
        kind = "undecided"
    else:
        kind = "legal" if verdict.complete else "in-progress"
    out = {
        "verdict": kind,
        "rounds": [
            {"round": r.round_index + 1, "end": r.end.value, "decided": False}
            if r.round_index in verdict.undecided_rounds
            else {
                "round": r.round_index + 1,
                "end": r.end.value,
                "decided": True,
                "winners": [names[p] for p in r.winners],
                "card_points": dict(zip(names, r.card_points, strict=True)),
                "victory_points": dict(zip(names, r.victory_points, strict=True)),
                "ass_joker_holder": None
                if r.ass_joker_holder is None
                else names[r.ass_joker_holder],
                "hall_of_fame": None if r.hall_of_fame is None else names[r.hall_of_fame],
            }
            for r in verdict.results
        ],
        "victory_points": None
        if verdict.undecided_rounds
        else dict(zip(names, verdict.game.victory_points, strict=True)),
        "winners": None
        if verdict.game.winners is None or verdict.undecided_rounds
        else [names[p] for p in verdict.game.winners],
        "illegal": [event_json(e) for e in verdict.illegal],
        "illegal_total": verdict.illegal_total,
        "undecided": [undecided_json(e) for e in verdict.undecided],
        "undecided_total": verdict.undecided_total,
        "undecided_rounds": [r + 1 for r in verdict.undecided_rounds],
        "notes": [note_json(n) for n in verdict.notes],
        "notes_total": verdict.notes_total,
        "unreadable": [str(p) for p in verdict.problems],
        "unreadable_total": verdict.problems_total,
        "claim": None
        if verdict.record.claim is None
        else {"holds": verdict.claim_holds(), "text": verdict.record.claim.text},
    }
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"
