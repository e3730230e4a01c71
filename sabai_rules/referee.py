"""The referee: replay a record under the rules and say who was right.

:func:`replay` plays every event of a :class:`~sabai_rules.record.Record` through the engine. It
stops at the first event the rules forbid (or, tolerant, notes every one and goes on), scores each
round, and checks what the record claims. :func:`table_after` gives the table after any event.
:func:`render_text` writes the verdict in a player's language, naming the broken rule with its
published text and our statement of it.

Passes of the end-of-round reaction round need not be recorded: when a round's events end in the
reaction round, every player who has not passed is taken to pass.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeAlias

import attrs

from sabai_rules import catalogue
from sabai_rules.cards import face_name
from sabai_rules.events import Event
from sabai_rules.game import finish_round, new_game
from sabai_rules.i18n import describe, label
from sabai_rules.moves import (
    Action,
    Compensate,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Spy,
    Switch,
    ThrowIn,
    apply,
    apply_events,
    deal,
    deck_for,
    legal_actions,
)
from sabai_rules.record import Problem, Record, RecordError, action_to_json
from sabai_rules.state import Function, Game, NoseRace, Offer, RoundResult, State
from sabai_rules.views import view

__all__ = [
    "Dealt",
    "IllegalEvent",
    "Played",
    "RoundClosed",
    "Step",
    "Verdict",
    "close_round",
    "play_record",
    "render_json",
    "render_table",
    "render_text",
    "replay",
    "table_after",
]


@attrs.frozen
class IllegalEvent:
    """An event the rules forbid: where it is, what it was, the rule it breaks, what the rules
    allowed instead, and the table just before it."""

    number: int
    round: int
    index: int
    action: Action
    rule: str
    message: str
    allowed: tuple[Action, ...]
    before: State


@attrs.frozen
class Verdict:
    record: Record
    #: The game as far as it was played: the rounds scored, the winners once it is over.
    game: Game
    illegal: tuple[IllegalEvent, ...]
    #: What could not be read or played (tolerant reading and replay).
    problems: tuple[Problem, ...]
    #: The replay stopped at the first illegal event: the events after it were not judged.
    stopped: bool = False

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """Each round played to its end, scored."""
        return self.game.rounds

    @property
    def legal(self) -> bool:
        return not self.illegal

    @property
    def complete(self) -> bool:
        return self.game.is_over

    def claim_holds(self) -> bool | None:
        """Whether the record's claim holds: ``False`` if any part of it is wrong, ``None`` if it
        makes none or a part cannot be settled (the game is unfinished, or the replay stopped
        before the event the claim names)."""
        claim = self.record.claim
        if claim is None:
            return None
        checks: list[bool | None] = []
        if claim.winners is not None:
            winners = self.game.winners
            checks.append(None if winners is None else sorted(claim.winners) == sorted(winners))
        if claim.illegal_event is not None:
            named = claim.illegal_event
            found = any(e.number == named and claim.rule in (None, e.rule) for e in self.illegal)
            unjudged = self.stopped and self.illegal[-1].number < named
            checks.append(True if found else (None if unjudged else False))
        elif claim.rule is not None:
            found = any(e.rule == claim.rule for e in self.illegal)
            checks.append(True if found else (None if self.stopped else False))
        if False in checks:
            return False
        return None if None in checks or not checks else True


#: For each action, which card it names: (the player whose row it is in, the slot), as fields.
_CARD_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {
    Keep: (("actor", "slot"),),
    ThrowIn: (("owner", "slot"),),
    Peek: (("actor", "slot"),),
    Spy: (("target", "slot"),),
    Give: (("actor", "slot"),),
    Switch: (("actor", "slot"), ("target", "target_slot")),
    Compensate: (("actor", "slot"),),
}


def _check_slots(state: State, action: Action, names: Sequence[str], path: str) -> None:
    """A record that names a card that is not on the table is unusable, not illegal."""
    rows = state.table.rows

    def need(player: int, slot: int, field: str) -> None:
        row = rows[player]
        if not (0 <= slot < len(row) and row[slot] >= 0):
            raise RecordError(f"{names[player]} has no card in slot {slot}", f"{path}.{field}")

    if isinstance(action, Keep) and not rows[action.actor] and action.slot == 0:
        return  # a drawn Ass Joker kept into an empty row
    if isinstance(action, LookAtCards):
        for i, slot in enumerate(action.slots):
            need(action.actor, slot, f"slots[{i}]")
        return
    for player_field, slot_field in _CARD_FIELDS.get(type(action), ()):
        need(getattr(action, player_field), getattr(action, slot_field), slot_field)


_SEAT = re.compile(r"\bP(\d+)\b")


def _with_names(message: str, names: Sequence[str]) -> str:
    """The engine names players by seat (``P2``); the referee uses the record's names."""
    return _SEAT.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), message
    )


def _allowed(state: State, actor: int) -> tuple[Action, ...]:
    """What the rules allowed at that point: the decisions the game waited for, then the
    actor's own other options (throw-ins of their own cards, a call, a pass)."""
    legal = legal_actions(state)
    own = [a for a in legal.throw_ins if a.actor == actor and getattr(a, "owner", None) == actor]
    mine = [a for a in (*legal.calls, *legal.passes) if a.actor == actor]
    return (*legal.decisions, *own, *mine)


@attrs.frozen
class Dealt:
    """A round's deal, as the record gives it."""

    round: int
    state: State


@attrs.frozen
class Played:
    """One recorded event played: ``state`` is the table after it (``before`` if it was
    illegal), ``caused`` what it caused (if asked for), ``error`` the refusal of an illegal
    event."""

    number: int
    round: int
    index: int
    action: Action
    before: State
    state: State
    caused: tuple[Event, ...]
    error: IllegalActionError | None


@attrs.frozen
class RoundClosed:
    """The end of a round's events: ``state`` after the unrecorded passes of the reaction round;
    ``game`` with the round scored if it is over."""

    round: int
    state: State
    game: Game
    #: Tolerant play only: the round stops before it is over and another follows; the steps end.
    problem: Problem | None = None


#: One step of :func:`play_record`.
Step: TypeAlias = Dealt | Played | RoundClosed


def play_record(record: Record, *, tolerant: bool = False, caused: bool = False) -> Iterator[Step]:
    """Every step of a record, lazily: each round's deal, each event played (an illegal one
    changes nothing), each round's close. What makes a record unplayable — a round after the end
    of the game, an event after the end of its round, a card that is not there, a round cut short
    with another after it — raises :class:`~sabai_rules.record.RecordError` when it is reached;
    tolerant, a round cut short ends the steps instead, with :attr:`RoundClosed.problem`. With
    ``caused``, each :class:`Played` carries the events its action caused (a third slower)."""
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    deck = deck_for(record.ruleset)
    number = 0
    last_round = len(record.rounds) - 1
    for r, rnd in enumerate(record.rounds):
        path = f"$.rounds[{r}]"
        if game.is_over:
            raise RecordError("this round comes after the end of the game", path)
        order = rnd.deal.order
        state = deal(
            record.ruleset,
            len(record.players),
            dealer=game.next_dealer,
            order=deck.ids_for_faces(order) if order is not None else None,
            seed=rnd.deal.seed if rnd.deal.seed is not None else record.seed,
            round_index=r,
            final_round=game.next_round_is_final,
        )
        yield Dealt(r, state)
        for i, event in enumerate(rnd.events):
            number += 1
            where = f"{path}.events[{i}]"
            if state.is_over:
                what = "the game" if r == last_round and game.next_round_is_final else "this round"
                raise RecordError(f"event {number} comes after the end of {what}", where)
            _check_slots(state, event.action, record.players, where)
            try:
                after, effects = (
                    apply_events(state, event.action)
                    if caused
                    else (apply(state, event.action), ())
                )
            except IllegalActionError as error:
                yield Played(number, r, i, event.action, state, state, (), error)
            else:
                yield Played(number, r, i, event.action, state, after, effects, None)
                state = after
        state = close_round(state)
        if state.is_over:
            game = finish_round(game, state)
        elif r < last_round:
            message = f"round {r + 1} stops before it is over, and another round follows"
            if not tolerant:
                raise RecordError(message, path)
            yield RoundClosed(r, state, game, Problem(path, message))
            return
        yield RoundClosed(r, state, game)


def replay(record: Record, *, tolerant: bool = False, problems: Sequence[Problem] = ()) -> Verdict:
    """Play the record. Strict: stop at the first illegal event. Tolerant: note every illegal
    event, skip it and go on, and keep what was found before a round cut short. A record that
    cannot be played (see :func:`play_record`) raises :class:`~sabai_rules.record.RecordError`."""
    illegal: list[IllegalEvent] = []
    found = list(problems)
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    for step in play_record(record, tolerant=tolerant):
        if isinstance(step, RoundClosed):
            game = step.game
            if step.problem is not None:
                found.append(step.problem)
        elif isinstance(step, Played) and step.error is not None:
            illegal.append(
                IllegalEvent(
                    step.number,
                    step.round,
                    step.index,
                    step.action,
                    step.error.rule,
                    _with_names(step.error.message, record.players),
                    _allowed(step.before, step.action.actor),
                    step.before,
                )
            )
            if not tolerant:
                return Verdict(record, game, tuple(illegal), tuple(found), stopped=True)
    return Verdict(record, game, tuple(illegal), tuple(found))


def close_round(state: State) -> State:
    """Players who did not record a pass in the reaction round are taken to pass."""
    status = state.flow.status
    if status.closing < 0 or state.flow.queue or state.flow.pending is not None:
        return state
    for player in range(state.players):
        if not (state.flow.status.closing >> player) & 1 and not state.is_over:
            state = apply(state, Pass(player))
    return state


def table_after(record: Record, number: int) -> State:
    """The table after event ``number`` (1 is the first event; 0 the first deal). An illegal
    event leaves the table as it was."""
    if number < 0:
        raise RecordError(f"event numbers start at 1 (0 is the deal), not {number}", "--at")
    total = sum(len(r.events) for r in record.rounds)
    if number > total:
        raise RecordError(f"the record has {total} events, not {number}", "--at")
    for step in play_record(record):
        if (isinstance(step, Dealt) and number == 0) or (
            isinstance(step, Played) and step.number == number
        ):
            return step.state
    raise AssertionError("unreachable: every event number up to the total is played")


# -- rendering -------------------------------------------------------------------------------


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


def _rule_block(rule_id: str, lang: str) -> list[str]:
    t = _labeller(lang)
    cat = catalogue.default()
    if cat.kind_of(rule_id) == "ruling":
        ruling = cat.ruling(rule_id)
        return [
            f"{t('ruling')} R{ruling.number} · {ruling.id} — {ruling.title}",
            f"  {' '.join(catalogue.plain(ruling.decision).split())}",
            f"  {t('rulebook')}: {cat.rulebook_link(rule_id, lang)}",
        ]
    rule = cat.rule(rule_id)
    lines = [f"{t('rule')} {rule.number} · {rule.id} — {rule.title(lang)}"]
    quote = rule.text(lang)
    if quote is not None:
        where: str = quote.language
        if quote.language != lang:
            where = f"{t('source.fallback')} {t(f'language.{quote.language}')}"
        lines.append(f"  {t('source')} ({where}): {quote.text}")
    english = "" if lang == "en" else f" ({t('english')})"
    statement = " ".join(catalogue.plain(rule.statement).split())
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


def render_text(verdict: Verdict, lang: str = "en") -> str:
    """The verdict for players: each round's result and the final scores, or the first illegal
    event (every one, when tolerant) with the rule, what was allowed, and the table before it."""
    t = _labeller(lang)
    names = verdict.record.players
    lines = [f"{t('verdict.unreadable')}: {problem}" for problem in verdict.problems]
    lines.extend(_result_line(result, names, lang) for result in verdict.results)
    english = "" if lang == "en" else f" ({t('english')})"
    for event in verdict.illegal:
        where = f"{t('table.round')} {event.round + 1}, #{event.index + 1}"
        lines += [
            "",
            f"{t('verdict.illegal')} {event.number} ({where}): "
            f"{describe(event.action, names, lang)} · {_as_recorded(event.action, names)}",
            f"  {event.message}{english} [{event.rule}]",
            *_rule_block(event.rule, lang),
        ]
        allowed = "; ".join(describe(a, names, lang) for a in event.allowed[:12]) or "-"
        more = f" … (+{len(event.allowed) - 12})" if len(event.allowed) > 12 else ""
        lines.append(f"{t('verdict.allowed')}: {allowed}{more}")
        lines.append(f"{t('verdict.table-before')}:")
        lines.append(render_table(event.before, names, lang=lang))
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
    """The verdict as JSON, for programs."""
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
            "message": event.message,
            "allowed": [action_to_json(a, names) for a in event.allowed],
        }
        if cat.kind_of(event.rule) == "rule":
            rule = cat.rule(event.rule)
            quote = rule.text(lang)
            data["rule_title"] = rule.title(lang)
            data["source"] = (
                None if quote is None else {"language": quote.language, "text": quote.text}
            )
            data["statement"] = catalogue.plain(rule.statement)
        else:
            data["rule_title"] = cat.ruling(event.rule).title
        return data

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
        "unreadable": [str(p) for p in verdict.problems],
        "claim": None
        if verdict.record.claim is None
        else {"holds": verdict.claim_holds(), "text": verdict.record.claim.text},
    }
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"
