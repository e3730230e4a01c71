"""The rules of sabai-sabai as predicates: each rule legality asks about is decided here, once.

Every function marked by the statement ``decides(function, "rule-id")`` after it
(:mod:`~sabai_rules.model.deciders`) is the one place where that rule (or ruling) is decided; a
predicate that reads a ruling's option decides that ruling too, by a mark of its own. Each option of
:class:`~sabai_rules.model.ruleset.Ruleset` the engine consults is read by exactly one of them.
Legality (:mod:`~sabai_rules.engine.legality`), the list of legal actions
(:mod:`~sabai_rules.engine.enumeration`), the effects on the cards
(:mod:`~sabai_rules.engine.effects`) and the flow of turns (:mod:`~sabai_rules.engine.flow`) ask
these predicates; a refusal cites the rule of the predicate that refused it (:func:`rule_of`), so no
other module names a rule id. Where the older edition states a rule in its own words, ``older``
names that rule: a refusal under the older edition cites it. The rules no predicate decides are
decided where they are carried out (the effects, the flow, the deal, the scoring), marked alike.

The predicates take the parts of the state they read, not the whole state, so that the action
lists can be cached on exactly what they depend on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, Literal

from sabai_rules.engine.actions import PARAMETERS, Action
from sabai_rules.model.cards import GIVE, PEEK, SPY, SWITCH, Deck
from sabai_rules.model.deciders import OLDER_RULES, RULE_OF, decides
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    NO_PLAYER,
    NOT_CLOSING,
    STAGE_DECIDE,
    STAGE_DRAW,
    Compensation,
    Effect,
    Flow,
    Function,
    Stage,
    Status,
    Table,
    card_bit,
    has_cards,
    has_seat,
    is_gap,
)

# No __all__: every public function here is a rule's predicate, and the API reference lists
# them all.

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 12
#: Cards dealt to each player (:rule:`setup.four-cards`).
CARDS_DEALT: Final = 4


def rule_of(predicate: Callable[..., object]) -> str:
    """The rule id ``predicate`` decides (the first, if it decides several): the rule its
    refusals cite."""
    return RULE_OF[predicate]


def rule_in_edition(rule: str, rules: Ruleset) -> str:
    """``rule`` as the edition of ``rules`` states it."""
    if rules.edition == "older":
        return OLDER_RULES.get(rule, rule)
    return rule


# -- the table and the actions ------------------------------------------------------------------


def is_table_size(players: int) -> bool:
    """Two to twelve players."""
    return MIN_PLAYERS <= players <= MAX_PLAYERS


decides(is_table_size, "setup.players")


def irregular_field(action: Action) -> str | None:
    """The first parameter of ``action`` that is not a whole number (seats and slots are: True
    is not slot 1), or ``None``. An action of another kind is no move of this game at all."""
    for name, several in _NUMBER_FIELDS[type(action)]:
        value = getattr(action, name)
        if several:
            if type(value) is not tuple or not all(type(v) is int for v in value):
                return name
        elif type(value) is not int:
            return name
    return None


decides(irregular_field, "ruling.irregularities")


#: Per action class: each parameter's name, and whether it holds several numbers.
_NUMBER_FIELDS: Final = {
    cls: tuple((p.name, p.kind == "slots") for p in parameters)
    for cls, parameters in PARAMETERS.items()
}


# -- the state of the round ---------------------------------------------------------------------


def round_over(status: Status) -> bool:
    """The round has ended: the cards are revealed and nothing more is played."""
    return status.is_over


decides(round_over, "round-end.reveal", older="objective.lowest-score-wins")


def in_reaction_round(status: Status) -> bool:
    """The round is ending: the last throw-ins, then everybody passes."""
    return status.closing != NOT_CLOSING


decides(in_reaction_round, "ruling.end-of-round-reaction")


def holds_reaction_round(rules: Ruleset) -> bool:
    """Whether a round whose end is reached holds the reaction round before it ends, or ends at
    once (an option of :rule:`ruling.end-of-round-reaction`)."""
    return rules.end_of_round_reaction


# -- before the first turn (older edition) ----------------------------------------------------


def cards_dealt(players: int) -> int:
    """The cards dealt face down to the rows of ``players`` players, four each; the rest of the
    deck is the draw pile (:rule:`setup.draw-pile`)."""
    return CARDS_DEALT * players


decides(cards_dealt, "setup.four-cards")


def cards_to_look_at(rules: Ruleset, row_length: int) -> int:
    """How many of their dealt cards a player looks at before the first turn: two in the older
    edition (fewer if the row is shorter), none in the current one."""
    return min(rules.initial_peek, row_length)


decides(cards_to_look_at, "setup.look-at-two")
decides(cards_to_look_at, "ruling.older-initial-peek")


def may_decline_look(rules: Ruleset) -> bool:
    """Whether a player may look at fewer of their dealt cards than :func:`cards_to_look_at`, or
    at none: the older text's "voidaan katsoa" (*may* be looked at) read as a permission (an
    option; a player who declines still ends their look)."""
    return rules.initial_peek_optional


decides(may_decline_look, "ruling.older-look-optional")


def look_sizes(rules: Ruleset, row_length: int) -> range:
    """How many of their dealt cards a player may look at before the first turn, the most first:
    exactly :func:`cards_to_look_at`, or, if :func:`may_decline_look`, any number down to none."""
    most = cards_to_look_at(rules, row_length)
    return range(most, -1, -1) if may_decline_look(rules) else range(most, most + 1)


def looks_before_play(rules: Ruleset) -> bool:
    """Whether players look at dealt cards at all (the current edition: they must not)."""
    return cards_to_look_at(rules, CARDS_DEALT) > 0


decides(looks_before_play, "setup.no-looking")


# -- the turn -----------------------------------------------------------------------------------


def next_in_play(player: int, players: int) -> int:
    """The player after ``player`` in play order, their right-hand neighbour: whose turn follows
    theirs, whoever threw in meanwhile (:rule:`throw-in.no-one-skipped`)."""
    return (player + 1) % players


decides(next_in_play, "turn.counter-clockwise")


def drawer(flow: Flow) -> int:
    """The player who may draw now: the active player, before they drew."""
    return flow.turn if flow.stage == STAGE_DRAW else NO_PLAYER


decides(drawer, "turn.draw")


def holds_drawn_card(flow: Flow, player: int) -> bool:
    """``player`` drew and must now play or keep the drawn card."""
    return player == flow.turn and flow.stage == STAGE_DECIDE


decides(holds_drawn_card, "turn.two-options")


def must_keep_drawn(deck: Deck, held: int) -> bool:
    """A drawn Ass Joker is kept, not played (:rule:`ass-joker.no-direct-discard`)."""
    return held == deck.ass_joker


decides(must_keep_drawn, "ass-joker.drawn-must-be-kept", older="ass-joker.cursed-joker-restriction")


def may_burn_drawn(rules: Ruleset, deck: Deck, top: int) -> bool:
    """Whether a drawn Ass Joker may be burned straight onto a joker on top of the pile (an
    option; the rulebook says no)."""
    return rules.allow_burn_from_draw and top != NO_CARD and deck.is_joker(top)


decides(may_burn_drawn, "ruling.ass-joker-drawn")


def may_play_drawn(rules: Ruleset, deck: Deck, held: int, top: int) -> bool:
    """Whether the drawn card may be played directly: the Ass Joker never is, unless it may be
    burned (:func:`may_burn_drawn`)."""
    return not must_keep_drawn(deck, held) or may_burn_drawn(rules, deck, top)


decides(may_play_drawn, "ass-joker.no-direct-discard")


def keeps_into_empty_row(deck: Deck, row: tuple[int, ...], held: int) -> bool:
    """A drawn Ass Joker that must be kept while the row is empty goes into the row, and no card
    goes to the discard pile."""
    return not row and must_keep_drawn(deck, held)


decides(keeps_into_empty_row, "ass-joker.drawn-into-empty-row")


def keep_slots(deck: Deck, row: tuple[int, ...], held: int) -> range:
    """The slots where the drawn card may be kept: any card of the row, exchanged; or the empty
    row's one place for a drawn Ass Joker (:func:`keeps_into_empty_row`)."""
    if row:
        return range(len(row))
    return range(1) if keeps_into_empty_row(deck, row, held) else range(0)


decides(keep_slots, "turn.keep")


def may_exchange(deck: Deck, card: int) -> bool:
    """Whether a drawn card may take the place of ``card`` in a row: any card but the Ass Joker,
    which is turned over instead and stays, and the drawn card is played."""
    return card != deck.ass_joker


decides(may_exchange, "ass-joker.turned-over-unknowingly")


def refuses_seen_ass_joker(rules: Ruleset) -> bool:
    """Whether a player may not pick an Ass Joker they have seen, as the outgoing card of a keep
    or as a compensation card (an option: the older edition's "ei voi vaihtaa", cannot be
    exchanged), or picks it as they would an unseen one: it is turned over and stays (the
    default: the table cannot tell knowing from forgetting)."""
    return rules.ass_joker_pick == "refused_if_seen"


decides(refuses_seen_ass_joker, "ruling.ass-joker-turned-over")


def pick_refusals(rules: Ruleset, public: int, seen: int, handed_over: bool) -> int:
    """The cards a player may not pick, should one be the Ass Joker, as the outgoing card of a
    keep or (``handed_over``) as a compensation card; ``seen`` are the cards the player has seen,
    ``public`` those the whole table has. Where :func:`refuses_seen_ass_joker`, the cards seen;
    else none for a keep, and for a compensation card those the table has seen face up: the
    thrower then picks another card, and an Ass Joker everybody has seen is none."""
    if refuses_seen_ass_joker(rules):
        return seen
    return public if handed_over else 0


def may_keep_over(ass_joker: int, card: int, refused: int) -> bool:
    """Whether a player may pick ``card`` as the outgoing card of a keep: any card but an Ass
    Joker among ``refused`` (:func:`pick_refusals`); an Ass Joker picked otherwise is turned over
    (:func:`may_exchange`). ``ass_joker`` is the deck's (:data:`~sabai_rules.state.NO_CARD` in a
    deck without one, or where no card is known to be it, as in a world of unknown cards)."""
    return card != ass_joker or card == NO_CARD or not refused & card_bit(card)


decides(may_keep_over, "ass-joker.no-keep-exchange", older="ass-joker.cursed-joker-restriction")


def kept_out_card_triggers(rules: Ruleset) -> bool:
    """Whether a function card that leaves a row by a keep triggers its function."""
    return rules.keep_discard_triggers_function


decides(kept_out_card_triggers, "ruling.keep-discard-triggers-function")


# -- throwing in --------------------------------------------------------------------------------


def pile_started(table: Table) -> bool:
    """A card lies on the discard pile: there is something to throw in onto."""
    return bool(table.discard)


decides(pile_started, "setup.empty-discard-pile")
decides(pile_started, "ruling.no-throw-in-before-first-play")


def throw_in_window_open(rules: Ruleset, stage: Stage, stale: bool) -> bool:
    """Whether throw-ins are open at ``stage``: until the top card is covered (current edition),
    or, in the older, only until the next card is drawn, and not again for that card once the
    turn ends without covering it (``stale``, :rule:`ass-joker.drawn-into-empty-row`)."""
    return (stage != STAGE_DECIDE and not stale) or rules.throw_in_window == "until_covered"


decides(throw_in_window_open, "throw-in.interception")
decides(throw_in_window_open, "ruling.throw-in-window")


def is_locked_out(lockout: int, player: int) -> bool:
    """``player`` threw in a wrong card and may not throw in until another player throws in
    correctly (or, :rule:`ruling.retry-lockout-scope`, a new turn card lands); ``lockout`` is
    the bit mask of the players locked out."""
    return has_seat(lockout, player)


decides(is_locked_out, "throw-in.retry-lockout")


def continues_motion(motion: int, player: int) -> bool:
    """``player`` is putting cards down in one motion that holds a wrong card, and nothing else
    has happened since, so more cards of that motion may follow: one motion is one attempt,
    whatever lock-out its wrong card brought."""
    return motion == player


decides(continues_motion, "throw-in.several-at-once")

#: The motion open when any action begins: none. A motion of throw-ins ends with any other action
#: (:func:`continues_motion`); a wrong card thrown in opens one again.
MOTION_CLOSED: Final = NO_PLAYER


def lockout_after_turn_card(lockout: int) -> int:
    """Who is still locked out (``lockout``, a bit mask) once a turn card lands: nobody. A
    lock-out lasts until another player throws in correctly or a new turn card lands
    (:func:`wrong_throw_in_locks_out`)."""
    return 0


def penalty_per_wrong_card(rules: Ruleset) -> bool:
    """Whether every wrong card of a motion costs a penalty card (the texts' "a non-identical
    card ... must draw one additional card"), or only the first (an option)."""
    return rules.wrong_cards_penalty == "per_card"


decides(penalty_per_wrong_card, "ruling.wrong-cards-in-a-batch")


def penalty_cards_for_wrong_card(rules: Ruleset) -> int:
    """How many penalty cards a wrong card costs whenever it costs any
    (:func:`penalty_per_wrong_card`): one, as the texts say, or a house rule's number (an
    option). Only a wrong card's: the loser of a nose race draws one whatever it says."""
    return rules.throw_in_penalty_cards


decides(penalty_cards_for_wrong_card, "ruling.throw-in-penalty-cards")


def wrong_throw_in_locks_out(rules: Ruleset) -> bool:
    """Whether a wrong throw-in locks its thrower out (an option)."""
    return rules.throw_in_retry_lockout


decides(wrong_throw_in_locks_out, "ruling.retry-lockout-scope")


def reaction_order(turn: int, players: int) -> tuple[int, ...]:
    """The players in the order in which actions out of turn are taken, when several players may
    act or act at the same moment: play order from the active player, that player first
    (:rule:`ruling.sequential-actions`)."""
    return tuple((turn + k) % players for k in range(players))


decides(reaction_order, "ruling.sequential-actions")


def reach_by_play_order(rules: Ruleset) -> bool:
    """Whether a card that several players reach for at the same moment goes to whichever of them
    comes first in play order from the active player (an option), or, by default, to the one a
    record says touched it first; the other reaches did not happen. The owner's priority
    (:func:`owner_precedence`) comes before either. The referee asks it of simultaneous throw-ins
    that name one card (:rule:`ruling.sequential-actions`)."""
    return rules.same_card_reach == "play_order"


decides(reach_by_play_order, "ruling.same-card-reach")


def is_identical(rules: Ruleset, deck: Deck, card: int, top: int) -> bool:
    """Whether ``card`` thrown onto ``top`` is identical. The jokers are one rank
    (:rule:`ruling.joker-family`): the Ass Joker onto a joker is correct, and burned
    (:rule:`ass-joker.burn`); a plain joker onto the Ass Joker only with
    :rule:`ruling.joker-onto-ass-joker`."""
    keys = deck.match_keys
    if keys[card] != keys[top]:
        return False
    return not (top == deck.ass_joker and card != top and not rules.joker_onto_ass_joker)


decides(is_identical, "throw-in.identical", older="throw-in.interception")
decides(is_identical, "ruling.joker-onto-ass-joker")


def only_holder_burns(rules: Ruleset) -> bool:
    """Whether only its holder may burn the Ass Joker (an option); by default another player may
    burn it for its holder too, as a sabai-sabai Move."""
    return rules.ass_joker_burned_by == "holder"


decides(only_holder_burns, "ruling.ass-joker-throw-ins")


def is_correct_throw_in(
    rules: Ruleset, deck: Deck, card: int, top: int, thrower: int, owner: int
) -> bool:
    """Whether ``card``, thrown from ``owner``'s row by ``thrower`` onto ``top``, is a correct
    throw-in: identical (:func:`is_identical`), and, where :func:`only_holder_burns`, not the Ass
    Joker thrown for its holder. Such a throw-in is listed like any other, since a refusal would
    tell the thrower the card's face; it is judged wrong, as a card that may not land."""
    if not is_identical(rules, deck, card, top):
        return False
    return owner == thrower or card != deck.ass_joker or not only_holder_burns(rules)


decides(is_correct_throw_in, "ass-joker.burn")


def may_throw_in_for_others(rules: Ruleset) -> bool:
    """Whether players may throw in other players' cards (the sabai-sabai Move); without it
    there is no Ass Move either (:rule:`simplified-play.no-ass-move`)."""
    return rules.allow_on_behalf


decides(may_throw_in_for_others, "simplified-play.own-cards-only")
decides(may_throw_in_for_others, "ruling.on-behalf-contexts")


def can_give_in_return(rules: Ruleset, row: tuple[int, ...]) -> bool:
    """Whether a thrower with this row may throw in for another player: they owe a card in
    return, so (by :rule:`ruling.compensation-card`) they need one."""
    # The row first: it is cheaper to read than an option, and nearly always holds a card.
    return has_cards(row) or not rules.on_behalf_requires_card


decides(can_give_in_return, "sabai-sabai-move.compensation", older="sabai-sabai-move.hand-a-card")
decides(can_give_in_return, "ruling.compensation-card")


def turn_player_bears_on_behalf(rules: Ruleset) -> bool:
    """Whether the player whose turn it is, not the thrower, carries out the function of a card
    thrown in for another player and draws the penalty card of a wrong one (an option: the older
    text's "aktiivista pelaajaa" read as the player whose turn it is; the default follows the
    current texts, "carried out by them", the thrower)."""
    return rules.on_behalf_active_player == "turn_player"


decides(turn_player_bears_on_behalf, "ruling.functions-by-thrower")


def on_behalf_bearer(rules: Ruleset, thrower: int, owner: int, turn: int) -> int:
    """Who carries out the function of the card ``thrower`` throws in from ``owner``'s row, and
    draws the penalty card if it is wrong: the thrower; for another player's card, the player
    whose turn it is (``turn``) where :func:`turn_player_bears_on_behalf`. The card given in
    return and a lock-out stay the thrower's."""
    if owner != thrower and turn_player_bears_on_behalf(rules):
        return turn
    return thrower


decides(
    on_behalf_bearer,
    "sabai-sabai-move.functions-by-thrower",
    older="sabai-sabai-move.active-player",
)


def knowledge_limits_on_behalf(rules: Ruleset) -> bool:
    """Whether the older edition's advanced rule is in force: a card may be played for its owner
    only if the thrower has seen it and the owner has not."""
    return rules.on_behalf_requires_thrower_knowledge


decides(knowledge_limits_on_behalf, "ruling.older-on-behalf-knowledge")


def may_play_for_owner(table: Table, thrower: int, owner: int, card: int) -> bool:
    """The thrower has seen ``card`` and its owner has not."""
    return table.knows(thrower, card) and not table.knows(owner, card)


decides(may_play_for_owner, "sabai-sabai-move.advanced-rule")


def owner_knowledge_limits_on_behalf(rules: Ruleset) -> bool:
    """Whether the strict reading of "as long as those people do not yet know their own cards"
    is in force (an option; the rulebook's default is not to enforce it)."""
    return rules.on_behalf_owner_must_not_know


decides(owner_knowledge_limits_on_behalf, "ruling.owner-knowledge-not-enforced")


def owner_does_not_know(table: Table, owner: int, card: int) -> bool:
    """``card``'s owner has not seen it. Forgetting cannot be observed: a card once seen is
    known."""
    return not table.knows(owner, card)


decides(owner_does_not_know, "sabai-sabai-move.unknown-cards")


def trusts_unseen_claims(rules: Ruleset) -> bool:
    """Whether a record's word that a player did not look at a card shown to the table (a wrong
    card taken back, an Ass Joker turned over) makes the card unseen by that player from then on
    (the default), or changes nothing: every player is held to have seen what was shown (an
    option; :rule:`ruling.knowledge-model`). The referee asks it before it takes a card out of
    what a player has seen, which :func:`owner_precedence`, :func:`owner_does_not_know` and
    :func:`may_play_for_owner` read."""
    return rules.knowledge_claims == "trusted"


decides(trusts_unseen_claims, "ruling.unseen-card")


#: The owner's standing when another player throws in their card (:func:`owner_precedence`):
#: none.
NO_PRECEDENCE: Final = 0
#: Asked first: an offer of first refusal, answered before the throw goes ahead.
ASKED_FIRST: Final = 1
#: Priority: nobody is asked, but the owner wins when both reach for the card at the same moment.
PRIORITY: Final = 2


def owner_precedence(rules: Ruleset, owner_knows: int, lockout: int, owner: int, card: int) -> int:
    """What the owner's first refusal gives them when another player throws in their ``card``
    (:rule:`ruling.first-refusal`): an offer, asked before the throw goes ahead
    (:data:`ASKED_FIRST`); or, read as a priority, nothing but precedence when the owner reaches
    for the card at the same moment (:data:`PRIORITY`, which only a record's simultaneous throw-ins
    can show); never while the owner is locked out. Whether the owner knows the card is not a
    condition of the throw itself (:rule:`sabai-sabai-move.unknown-cards`,
    :rule:`ruling.owner-knowledge-not-enforced`). ``owner_knows`` is the mask of the cards the
    owner has seen."""
    policy = rules.first_refusal
    if policy == "never" or is_locked_out(lockout, owner):
        return NO_PRECEDENCE
    if policy == "always" or owner_knows & card_bit(card):
        return PRIORITY if policy == "priority" else ASKED_FIRST
    return NO_PRECEDENCE


decides(owner_precedence, "sabai-sabai-move.first-refusal")
decides(owner_precedence, "ruling.first-refusal")


def first_refusal_due(
    rules: Ruleset, owner_knows: int, lockout: int, owner: int, card: int
) -> bool:
    """Whether the owner is asked first, before another player's throw of their ``card`` goes
    ahead (:func:`owner_precedence`)."""
    return owner_precedence(rules, owner_knows, lockout, owner, card) == ASKED_FIRST


def leaves_gap(rules: Ruleset) -> bool:
    """Whether a card thrown in for its owner leaves a gap in their row, where the compensation
    card goes (else the compensation card goes to the end of the row)."""
    return rules.compensation_slot == "vacated"


decides(leaves_gap, "ruling.row-positions")


# -- four together ------------------------------------------------------------------------------


def completes_rank(deck: Deck, discard: tuple[int, ...], card: int) -> bool:
    """Whether ``card``, just placed on top of ``discard``, completes all the cards of its rank
    lying together (four in the default deck). A rank of a single card (a deck option) never
    does: one card is not cards together."""
    keys = deck.match_keys
    key = keys[card]
    if len(discard) < 2 or keys[discard[-2]] != key:
        return False  # the usual case: the card below is another rank
    need = deck.key_counts[key]
    return len(discard) >= need and all(keys[c] == key for c in discard[-need:])


def nose_race_after(
    rules: Ruleset, deck: Deck, discard: tuple[int, ...], card: int
) -> Literal["recorded", "random"] | None:
    """The nose race that ``card``, just placed on top of ``discard``, starts if it completes its
    rank: ``"recorded"`` (the players say who was last) or ``"random"`` (the seeded generator
    picks the loser); ``None`` if it starts none or the race is played without."""
    race = rules.nose_race
    if race == "off" or not completes_rank(deck, discard, card):
        return None
    return race


decides(nose_race_after, "four-together.touch-nose", older="four-together.hands-on-pile")
decides(nose_race_after, "ruling.nose-race")


def race_loser(order: Sequence[int]) -> int:
    """The player who lost a nose race whose gestures a record gives in ``order``, first to last
    (every player once): the last, who draws the penalty card
    (:rule:`four-together.last-draws-penalty`). The rest of the order is the table's account of
    the race and decides nothing. :class:`ValueError` for an empty order."""
    if not order:
        raise ValueError("order: a nose race's order names every player, not none")
    return order[-1]


decides(race_loser, "ruling.nose-race-order")


# -- functions ----------------------------------------------------------------------------------


def may_receive(rules: Ruleset, row: tuple[int, ...]) -> bool:
    """Whether a player with this row may be given a card by a 13 give."""
    return has_cards(row) or not rules.protect_empty_players


decides(may_receive, "ruling.empty-player-targets")


def triggered_function(deck: Deck, executor: int, card: int, triggers: bool) -> Function | None:
    """The function a turn card sets waiting for ``executor``, the active player: the card's own,
    if it has one and triggers (a card kept out of a row only under
    :func:`kept_out_card_triggers`), else none (:func:`can_carry_out` says whether it can be
    carried out)."""
    return Function(executor, card) if triggers and deck.functions[card] else None


def can_carry_out(rules: Ruleset, deck: Deck, rows: Sequence[tuple[int, ...]], f: Function) -> bool:
    """Whether a function can be carried out at all: if so it must be
    (:rule:`ruling.functions-mandatory`); if not it lapses."""
    kind = deck.functions[f.card]
    me = f.executor
    if kind != SPY and not has_cards(rows[me]):
        return False  # a peek, a give or a switch needs a card of one's own
    if kind == PEEK:
        return True
    # A spy or a switch needs another player's card; a give, another player who may receive.
    for p, row in enumerate(rows):
        if p != me and (may_receive(rules, row) if kind == GIVE else has_cards(row)):
            return True
    return False


decides(can_carry_out, "function.execute", older="function.must-execute")


def may_skip_function(rules: Ruleset) -> bool:
    """Whether a function that can be carried out may be declined (an option)."""
    return rules.functions_optional


decides(may_skip_function, "ruling.functions-mandatory")


def _holds_card(row: tuple[int, ...], slot: int) -> bool:
    return 0 <= slot < len(row) and not is_gap(row[slot])


def may_peek(row: tuple[int, ...], slot: int) -> bool:
    """11 peek: one of one's own cards."""
    return _holds_card(row, slot)


decides(may_peek, "function.peek")


def may_spy(rows: Sequence[tuple[int, ...]], actor: int, target: int, slot: int) -> bool:
    """12 spy: a card of another player."""
    return target != actor and _holds_card(rows[target], slot)


decides(may_spy, "function.spy")


def may_give(rows: Sequence[tuple[int, ...]], actor: int, slot: int, target: int) -> bool:
    """13 give: one of one's own cards, to another player (who may receive it,
    :func:`may_receive`)."""
    return target != actor and _holds_card(rows[actor], slot)


decides(may_give, "function.give")


def may_switch(
    rows: Sequence[tuple[int, ...]], actor: int, slot: int, target: int, target_slot: int
) -> bool:
    """14 switch: one of one's own cards for a card of another player."""
    return (
        target != actor
        and _holds_card(rows[actor], slot)
        and _holds_card(rows[target], target_slot)
    )


decides(may_switch, "function.switch")


#: The predicate of each function card's rule, by function kind.
FUNCTION_RULES: Final[Mapping[int, Callable[..., bool]]] = {
    PEEK: may_peek,
    SPY: may_spy,
    GIVE: may_give,
    SWITCH: may_switch,
}


# -- compensation -------------------------------------------------------------------------------


def may_compensate_with(ass_joker: int, card: int, refused: int) -> bool:
    """Whether ``card`` may be picked as the compensation card: any card but an Ass Joker among
    ``refused`` (:func:`pick_refusals`; :rule:`ruling.compensation-card`); an Ass Joker picked
    otherwise is shown and stays, and the thrower picks another card
    (:rule:`ruling.ass-joker-turned-over`). ``ass_joker`` is the deck's
    (:attr:`~sabai_rules.model.cards.Deck.ass_joker`), :data:`~sabai_rules.state.NO_CARD` where
    there is none."""
    return card != ass_joker or card == NO_CARD or not refused & card_bit(card)


decides(may_compensate_with, "ass-joker.only-give-switch-burn")


def compensation_slots(deck: Deck, row: tuple[int, ...], refused: int) -> list[int]:
    """The slots of the thrower's row that may be picked as the compensation card (``refused``:
    :func:`pick_refusals`)."""
    ass_joker = deck.ass_joker
    return [
        i for i, c in enumerate(row) if not is_gap(c) and may_compensate_with(ass_joker, c, refused)
    ]


def owed_compensation(flow: Flow) -> Compensation | None:
    """The compensation card owed now, at the head of the queue, if any."""
    head = flow.queue[0] if flow.queue else None
    return head if isinstance(head, Compensation) else None


# -- the call and the end of the round ----------------------------------------------------------


def calls_allowed(rules: Ruleset, final_round: bool) -> bool:
    """Sabai sabai may be called in every round but the final one."""
    return not (final_round and rules.final_round_no_call)


decides(calls_allowed, "game-end.final-round-no-call")
decides(calls_allowed, "ruling.older-no-final-round")


def has_called(status: Status) -> bool:
    """Somebody called sabai sabai this round: once per round."""
    return status.caller != NO_PLAYER


decides(has_called, "round-end.call", older="round-end.last-round-call")


def who_may_call(rules: Ruleset, players: int, turn: int) -> range:
    """The players who may call now: anybody at any time, or (an option) the active player."""
    if rules.call_timing == "own_turn":
        return range(turn, turn + 1)
    return range(players)


decides(who_may_call, "ruling.who-may-call")


def final_lap_played(final_lap: int) -> bool:
    """After a call, every player had their one more turn (``final_lap`` turns are left)."""
    return final_lap == 0


decides(final_lap_played, "round-end.final-lap", older="round-end.last-round-call")


def empties_round(rules: Ruleset, by_discard: bool) -> bool:
    """Whether a row left empty ends the round: one emptied onto the discard pile does; one
    emptied otherwise (a give, a compensation card) does too unless an option says no."""
    return by_discard or rules.empty_by_any_means


decides(empties_round, "ruling.empty-by-any-means")


def row_emptied(rules: Ruleset, rows: Sequence[tuple[int, ...]], emptied: int) -> bool:
    """Whether a row is empty now that nothing is pending (in the final round the only way to end
    it, :rule:`game-end.final-round-end`). ``emptied``
    marks the rows whose last card was placed on the discard pile, and, in bit ``players``, that
    some row has been empty: with ``empty_check="lock_in"`` that alone ends the round
    (:rule:`ruling.empty-row-at-quiescence`)."""
    if rules.empty_check == "lock_in" and has_seat(emptied, len(rows)):
        return True
    # Nothing is pending, so no row has a gap: an empty row is an empty tuple.
    if all(row for row in rows):
        return False
    return any(not row and empties_round(rules, has_seat(emptied, p)) for p, row in enumerate(rows))


decides(row_emptied, "round-end.empty-row", older="round-end.all-cards-gone")
decides(row_emptied, "ruling.empty-row-at-quiescence")


def turn_cap_reached(rules: Ruleset, final_round: bool, turns: int) -> bool:
    """Whether the final round, played without a call, has reached its turn cap."""
    cap = rules.final_round_max_turns
    return cap is not None and not calls_allowed(rules, final_round) and turns >= cap


decides(turn_cap_reached, "ruling.final-round-termination")


def simulation_caps(rules: Ruleset) -> tuple[int | None, int | None]:
    """The bounds a simulation sets on a round (options, unset at a table): the turns of a round
    (:rule:`ruling.round-turn-cap`) and the cards thrown in between two turn cards
    (:rule:`ruling.reaction-cap`); ``None`` where unset."""
    return round_turn_cap(rules), reaction_cap(rules)


# Each cap by itself, for the predicates, which run at every turn and throw-in: no tuple built.


def round_turn_cap(rules: Ruleset) -> int | None:
    """The turns a simulation allows a round (:rule:`ruling.round-turn-cap`), or ``None``."""
    return rules.max_round_turns


def reaction_cap(rules: Ruleset) -> int | None:
    """The cards a simulation allows thrown in between two turn cards
    (:rule:`ruling.reaction-cap`), or ``None``."""
    return rules.max_turn_reactions


def round_turns_capped(rules: Ruleset, turns: int) -> bool:
    """Whether a round has played the turns a simulation allows it."""
    cap = round_turn_cap(rules)
    return cap is not None and turns >= cap


decides(round_turns_capped, "ruling.round-turn-cap")


def may_react(rules: Ruleset, reactions: int) -> bool:
    """Whether one more card may be thrown in, ``reactions`` cards having been thrown in since
    the last turn card: always at a table; under a simulation's cap, only below it."""
    cap = reaction_cap(rules)
    return cap is None or reactions < cap


decides(may_react, "ruling.reaction-cap")


def reshuffles(rules: Ruleset, draw: tuple[int, ...], shuffled: tuple[int, ...]) -> bool:
    """Whether the cards ``shuffled`` (:func:`cards_reshuffled`) become a new draw pile now: when
    the draw pile is empty and they are not (else, with no card left anywhere, the round ends as it
    stands)."""
    return not draw and rules.on_empty_draw_pile == "reshuffle" and bool(shuffled)


decides(reshuffles, "ruling.draw-pile-exhausted")


def burned_ass_joker_stays_out(rules: Ruleset) -> bool:
    """Whether a burned Ass Joker stays out of play for the rest of the round: on the discard pile,
    never reshuffled into the draw pile (the default: burned, it belongs to nobody), or goes back
    into the deck with the rest of the pile (an option), to be drawn and held again."""
    return rules.burned_ass_joker == "out_of_play"


decides(burned_ass_joker_stays_out, "ruling.ass-joker-holder-at-reveal")


def kept_out_of_reshuffle(rules: Ruleset, deck: Deck) -> int:
    """The card a reshuffle leaves on the discard pile wherever it lies under the top card: the
    Ass Joker (under the top card it can only be a burned one) where
    :func:`burned_ass_joker_stays_out`, else :data:`~sabai_rules.state.NO_CARD`."""
    return deck.ass_joker if burned_ass_joker_stays_out(rules) else NO_CARD


def cards_reshuffled(
    discard: tuple[int, ...], queue: Sequence[Effect], out: int = NO_CARD
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards of the discard pile a reshuffle takes, in pile order, and those that stay: the
    top card, each card whose function is still queued, and ``out``, the card kept out of play
    (:func:`kept_out_of_reshuffle`), in pile order."""
    waiting = {e.card for e in queue if type(e) is Function}
    under = discard[:-1]
    if out != NO_CARD and out in under:
        waiting.add(out)
    if not waiting or waiting.isdisjoint(under):
        return under, discard[-1:]
    kept = tuple(c for c in under if c in waiting)
    return tuple(c for c in under if c not in waiting), (*kept, discard[-1])


decides(cards_reshuffled, "ruling.reshuffle-with-queued-functions")
