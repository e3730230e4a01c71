"""A record as one player saw it: every action (actions are public), and of what they caused only
what that player saw — no deal order, no seed, no face the player did not see
(:rule:`ruling.public-information`, :rule:`ruling.knowledge-model`).

>>> from sabai_rules.bots import simulate
>>> seen = export_view(simulate(players=2, seed=3, rounds=1), 0)
>>> seen["player"], "seed" in seen, "order" in str(seen)
('P1', False, False)
"""

from __future__ import annotations

from typing import Any, Final

from sabai_rules.cards import face_name
from sabai_rules.game import finish_round, new_game
from sabai_rules.moves import IllegalActionError, apply_events, deal, deck_for
from sabai_rules.record import Record, action_to_json, record_to_json
from sabai_rules.referee import close_round
from sabai_rules.views import view_event

__all__ = ["VIEW_FORMAT", "export_view"]

VIEW_FORMAT: Final = "sabai-record-view"

_PLAYER_FIELDS: Final = ("player", "owner", "target")


def export_view(record: Record, player: int) -> dict[str, Any]:
    """The record as ``player`` saw it, as a JSON object. Illegal events are marked refused and
    change nothing."""
    names = record.players
    full = record_to_json(record)
    rules = record.ruleset
    game = new_game(len(names), rules, seed=record.seed, first_dealer=record.first_dealer)
    deck = deck_for(rules)
    rounds = []
    number = 0
    for r, rnd in enumerate(record.rounds):
        order = deck.ids_for_faces(rnd.deal.order) if rnd.deal.order is not None else None
        seed = rnd.deal.seed if rnd.deal.seed is not None else record.seed
        state = deal(
            rules,
            len(names),
            dealer=game.next_dealer,
            order=order,
            seed=seed,
            round_index=r,
            final_round=game.next_round_is_final,
        )
        events = []
        for event in rnd.events:
            number += 1
            item: dict[str, Any] = {"event": number, **action_to_json(event.action, names)}
            try:
                state, caused = apply_events(state, event.action)
            except IllegalActionError as error:
                item["refused"] = error.rule
                events.append(item)
                continue
            item["saw"] = [_seen(view_event(e, player, state), names) for e in caused]
            events.append(item)
        state = close_round(state)
        entry: dict[str, Any] = {"dealer": names[state.setup.dealer], "events": events}
        if state.is_over:
            game = finish_round(game, state)
            result = game.rounds[-1]
            entry["result"] = {
                "card_points": dict(zip(names, result.card_points, strict=True)),
                "victory_points": dict(zip(names, result.victory_points, strict=True)),
                "revealed": {
                    names[p]: [face_name(deck.faces[c]) for c in row]
                    for p, row in enumerate(result.rows)
                },
            }
        rounds.append(entry)
    return {
        "format": VIEW_FORMAT,
        "version": 1,
        "player": names[player],
        "ruleset": full["ruleset"],
        "players": list(names),
        "first_dealer": names[record.first_dealer],
        "rounds": rounds,
    }


def _seen(event: Any, names: tuple[str, ...]) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind, "player": names[event.player]}
    for key, value in event.details:
        if key in _PLAYER_FIELDS and isinstance(value, int):
            data[key] = names[value]
        elif key in ("card", "target_card"):
            data[key] = None if value is None else face_name(value)
        elif key == "cards":
            data[key] = [None if v is None else face_name(v) for v in value]
        elif key == "cause":
            data[key] = str(value)
        else:
            data[key] = value
    return data
