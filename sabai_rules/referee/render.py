"""Rendering: a verdict or a table written for people (text) or programs (JSON), in a language.

:func:`render_text` writes a :class:`~sabai_rules.referee.replay.Verdict` in a player's language,
naming the broken rule with its published text and our statement of it; :func:`render_json` is the
same verdict for programs; :func:`render_table` draws the table, whole or as one player sees it.
The words around the rules are :mod:`sabai_rules.referee.i18n`'s.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from sabai_rules import catalogue
from sabai_rules.cards import face_name
from sabai_rules.moves import Action
from sabai_rules.referee.i18n import describe, label
from sabai_rules.referee.record import action_to_json
from sabai_rules.referee.replay import MAX_REPORTED, IllegalEvent, Note, Verdict
from sabai_rules.state import Function, NoseRace, Offer, RoundResult, State
from sabai_rules.views import view

__all__ = ["render_json", "render_table", "render_text"]


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
    deck, flow, setup = state.deck, state.flow, state.setup
    status = flow.status

    def card(c: int) -> str:
        return face_name(deck.faces[c])

    final = f" · {t('table.final-round')}" if setup.final_round else ""
    dealer = f"{t('table.dealer')} {names[setup.dealer]}"
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
    on_top = f" ({t('table.top')}: {card(top)})" if top >= 0 else ""
    draw = f"{t('table.draw-pile')}: {len(state.table.draw)}"
    lines.append(f"  {draw} · {t('table.discard-pile')}: {pile}{on_top}")
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
        lines.append(f"  {t('table.pending')}: {what}")
    pending = flow.pending
    if isinstance(pending, Offer):
        offer = f"{names[pending.owner]} ({names[pending.thrower]}, slot {pending.slot})"
        lines.append(f"  {t('table.offer')}: {offer}")
    elif isinstance(pending, NoseRace):
        lines.append(f"  {t('table.nose-race')}")
    if status.caller >= 0:
        lap = f"{t('table.final-lap')}: {status.final_lap}"
        lines.append(f"  {t('table.called-by')} {names[status.caller]}; {lap}")
    if status.closing >= 0:
        passed = [names[p] for p in range(state.players) if (status.closing >> p) & 1]
        lines.append(f"  {t('table.reaction')}: {', '.join(passed) or '-'}")
    if state.is_over:
        lines.append(f"  {t('table.over')} ({status.end})")
    return "\n".join(lines)


def _number(ident: str, lang: str) -> str:
    """A rule's number as the rulebook site for ``lang`` shows it, or a ruling's (``R12``)."""
    cat = catalogue.default()
    if cat.kind_of(ident) == "ruling":
        return f"R{cat.ruling(ident).number}"
    return cat.rule_number(ident, cat.site_edition(ident, lang))


def _rule_block(rule_id: str, lang: str) -> list[str]:
    t = _labeller(lang)
    cat = catalogue.default()
    if cat.kind_of(rule_id) == "ruling":
        text = cat.ruling(rule_id).text_in(lang)
        return [
            f"{t('ruling')} {_number(rule_id, lang)} · {rule_id} — {text.title}",
            f"  {' '.join(catalogue.plain(text.decision).split())}",
            f"  {t('rulebook')}: {cat.rulebook_link(rule_id, lang)}",
        ]
    rule = cat.rule(rule_id)
    lines = [f"{t('rule')} {_number(rule_id, lang)} · {rule.id} — {rule.title(lang)}"]
    quote = rule.text(lang)
    if quote is not None:
        where: str = quote.language
        if quote.language != lang:
            where = f"{t('source.fallback')} {t(f'language.{quote.language}')}"
        lines.append(f"  {t('source')} ({where}): {quote.text}")
    written, statement = rule.statement_in(lang)
    english = "" if written == lang else f" ({t('english')})"
    statement = " ".join(catalogue.plain(statement).split())
    lines.append(f"  {t('statement')}{english}: {statement}")
    lines.append(f"  {t('rulebook')}: {cat.rulebook_link(rule_id, lang)}")
    return lines


def _result_line(result: RoundResult, names: Sequence[str], lang: str) -> str:
    t = _labeller(lang)
    points = ", ".join(f"{names[p]} {v}" for p, v in enumerate(result.card_points))
    gained = ", ".join(f"{names[p]} {v:+d}" for p, v in enumerate(result.victory_points) if v)
    winners = ", ".join(names[p] for p in result.winners) or "-"
    parts = [
        f"{t('table.round')} {result.round_index + 1} ({t(f'end.{result.end.value}')}): "
        f"{t('verdict.round-won-by')} {winners}",
        f"{t('verdict.card-points')}: {points}",
    ]
    if gained:
        parts.append(f"{t('verdict.victory-points')}: {gained}")
    if result.ass_joker_holder is not None:
        parts.append(f"{t('verdict.ass-joker')}: {names[result.ass_joker_holder]}")
    if result.hall_of_fame is not None:
        parts.append(f"{t('verdict.hall-of-fame')}: {names[result.hall_of_fame]}")
    return " · ".join(parts)


def _more(lang: str, what: str, count: int) -> list[str]:
    """The line that counts the ``what`` not reported in full (none if there are none)."""
    if count <= 0:
        return []
    return ["", label(lang, f"verdict.more-{what}").format(count=count, shown=MAX_REPORTED)]


def render_text(verdict: Verdict, lang: str = "en") -> str:
    """The verdict for players: each round's result and the final scores, or the first illegal
    event (every one, when tolerant, up to :data:`~sabai_rules.referee.replay.MAX_REPORTED`, and
    how many more) with the rule, what was allowed, and the table before it."""
    t = _labeller(lang)
    names = verdict.record.players
    lines = [f"{t('verdict.unreadable')}: {problem}" for problem in verdict.problems]
    lines += _more(lang, "unreadable", verdict.problems_total - len(verdict.problems))
    lines.extend(_result_line(result, names, lang) for result in verdict.results)
    for event in verdict.illegal:
        where = f"{t('table.round')} {event.round + 1}, #{event.index + 1}"
        lines += [
            "",
            f"{t('verdict.illegal')} {event.number} ({where}): "
            f"{describe(event.action, names, lang)} · {_as_recorded(event.action, names)}",
            f"  {event.message_in(names, lang)} [{event.rule}]",
            *_rule_block(event.rule, lang),
        ]
        allowed = "; ".join(describe(a, names, lang) for a in event.allowed[:12]) or "-"
        more = f" … (+{len(event.allowed) - 12})" if len(event.allowed) > 12 else ""
        lines.append(f"{t('verdict.allowed')}: {allowed}{more}")
        lines.append(f"{t('verdict.table-before')}:")
        lines.append(render_table(event.before, names, lang=lang))
    lines += _more(lang, "illegal", verdict.illegal_total - len(verdict.illegal))
    # A note is three lines: the event, what happened, the ruling that asks for the note.
    cat = catalogue.default()
    for note in verdict.notes:
        where = f"{t('table.round')} {note.round + 1}, #{note.index + 1}"
        lines += [
            "",
            f"{t('verdict.noted')} {note.number} ({where}): "
            f"{describe(note.action, names, lang)} · {_as_recorded(note.action, names)}",
            f"  {note.message_in(names, lang)}",
            f"  {t('ruling')} {_number(note.rule, lang)} · {note.rule} · "
            f"{t('rulebook')}: {cat.rulebook_link(note.rule, lang)}",
        ]
    lines += _more(lang, "noted", verdict.notes_total - len(verdict.notes))
    lines.append("")
    if verdict.illegal:
        lines.append(t("verdict.not-legal"))
    elif verdict.complete:
        scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(verdict.game.victory_points))
        winners = ", ".join(names[p] for p in verdict.game.winners or ())
        if verdict.record.ruleset.scoring == "victory_points":
            lines.append(
                f"{t('verdict.final-scores')}: {scores} — {t('verdict.game-won-by')} {winners}"
            )
        else:
            last = verdict.results[-1]
            points = ", ".join(f"{names[p]} {v}" for p, v in enumerate(last.card_points))
            lines.append(f"{t('verdict.final')}: {points} — {t('verdict.game-won-by')} {winners}")
    else:
        lines.append(t("verdict.in-progress"))
    claim = verdict.record.claim
    if claim is not None:
        text = f' "{claim.text}"' if claim.text else ""
        outcome = {
            True: "verdict.claim-holds",
            False: "verdict.claim-fails",
            None: "verdict.claim-open",
        }
        lines.append(f"{t('verdict.claim')}{text}: {t(outcome[verdict.claim_holds()])}")
    return "\n".join(lines).strip() + "\n"


def render_json(verdict: Verdict, lang: str = "en") -> str:
    """The verdict as JSON, for programs: the lists hold what the verdict holds in full (the
    first :data:`~sabai_rules.referee.replay.MAX_REPORTED`), the ``_total`` counts every one."""
    names = verdict.record.players
    cat = catalogue.default()

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
        return data

    def note_json(note: Note) -> dict[str, Any]:
        return {
            "event": note.number,
            "round": note.round + 1,
            "index": note.index + 1,
            "action": action_to_json(note.action, names),
            "rule": note.rule,
            "rule_number": _number(note.rule, lang),
            "rulebook": cat.rulebook_link(note.rule, lang),
            "message": note.message_in(names, lang),
        }

    out = {
        "verdict": "illegal"
        if verdict.illegal
        else ("legal" if verdict.complete else "in-progress"),
        "rounds": [
            {
                "round": r.round_index + 1,
                "end": r.end.value,
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
        "victory_points": dict(zip(names, verdict.game.victory_points, strict=True)),
        "winners": None
        if verdict.game.winners is None
        else [names[p] for p in verdict.game.winners],
        "illegal": [event_json(e) for e in verdict.illegal],
        "illegal_total": verdict.illegal_total,
        "notes": [note_json(n) for n in verdict.notes],
        "notes_total": verdict.notes_total,
        "unreadable": [str(p) for p in verdict.problems],
        "unreadable_total": verdict.problems_total,
        "claim": None
        if verdict.record.claim is None
        else {"holds": verdict.claim_holds(), "text": verdict.record.claim.text},
    }
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"
