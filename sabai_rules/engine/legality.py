"""Whether an action is legal: :func:`~sabai_rules.moves.current_refusal` gives the reason it is
not, or ``None``;
:func:`in_edition` cites its rule as the edition in force states it.

Each check asks the predicates of :mod:`~sabai_rules.engine.rules` and cites the rule of the
predicate that refuses (:func:`~sabai_rules.engine.rules.rule_of`). Messages name players by seat
through the placeholders ``{0}``, ``{1}``... of :class:`~sabai_rules.moves.IllegalActionError`,
so that a referee can name them as the record does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from sabai_rules.engine.actions import (
    PARAMETERS,
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
)
from sabai_rules.engine.rules import (
    FUNCTION_RULES,
    calls_allowed,
    can_carry_out,
    can_give_in_return,
    cards_dealt,
    cards_to_look_at,
    continues_motion,
    drawer,
    has_called,
    holds_drawn_card,
    in_reaction_round,
    irregular_field,
    is_identical,
    is_locked_out,
    is_table_size,
    keep_slots,
    knowledge_limits_on_behalf,
    look_sizes,
    looks_before_play,
    may_compensate_with,
    may_decline_look,
    may_give,
    may_keep_over,
    may_peek,
    may_play_drawn,
    may_play_for_owner,
    may_react,
    may_receive,
    may_skip_function,
    may_spy,
    may_switch,
    may_throw_in_for_others,
    must_keep_drawn,
    next_in_play,
    nose_race_after,
    owed_compensation,
    owner_does_not_know,
    owner_knowledge_limits_on_behalf,
    owner_precedence,
    pick_refusals,
    pile_started,
    reshuffles,
    round_over,
    rule_in_edition,
    rule_of,
    throw_in_window_open,
    who_may_call,
)
from sabai_rules.model.cards import GIVE, PEEK, SPY, SWITCH, face_name
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    STAGE_DECIDE,
    STAGE_DONE,
    STAGE_LOOK,
    Chance,
    ChanceKind,
    Compensation,
    Effect,
    Function,
    NoseRace,
    Offer,
    State,
    Table,
    has_seat,
    is_gap,
)

__all__ = ["current_refusal", "in_edition"]

#: The action each function card asks for, by function kind.
_FUNCTION_ACTION: Final[Mapping[int, type[Action]]] = {
    PEEK: Peek,
    SPY: Spy,
    GIVE: Give,
    SWITCH: Switch,
}


def _refuse(
    predicate: Callable[..., object],
    action: object,
    template: str,
    seats: Sequence[int] = (),
    **params: object,
) -> IllegalActionError:
    """A refusal citing the rule ``predicate`` decides. ``template`` is English, a key of
    :data:`~sabai_rules.model.messages.MESSAGES`: values vary through ``params``, never through the
    template, so that each refusal is said in every language."""
    return IllegalActionError(rule_of(predicate), action, template, seats, params=params)


def in_edition(problem: IllegalActionError, state: State) -> IllegalActionError:
    """``problem`` citing its rule as the edition in force states it: under the older edition, a
    rule that edition states in its own words is cited by its older id."""
    rule = rule_in_edition(problem.rule, state.setup.ruleset)
    return problem if rule == problem.rule else problem.in_edition(rule)


def current_refusal(state: State, action: Action) -> IllegalActionError | None:
    """The reason ``action`` is illegal, citing the current edition's rule ids; ``None`` if it
    is legal. Whoever only asks *whether* an action is legal asks this (the edition's wording of
    the rule is looked up only for a refusal that is shown, by
    :func:`~sabai_rules.engine.legality.in_edition`)."""
    parameters = PARAMETERS.get(type(action))
    if parameters is None:
        return _refuse(irregular_field, action, "not an action of this game")
    actor = action.actor
    if type(actor) is not int or not 0 <= actor < state.setup.players:
        return _refuse(
            is_table_size, action, "there is no player {actor} at this table", actor=repr(actor)
        )
    # An action whose only parameter is its actor has no other field to check.
    if parameters:
        field = irregular_field(action)
        if field is not None:
            value = repr(getattr(action, field))
            return _refuse(
                irregular_field, action, "{field} {value} is not a number", field=field, value=value
            )
    match action:
        case Draw():
            return _draw(state, action)
        case Play() | Keep():
            return _decision(state, action)
        case ThrowIn() | AlsoThrowIn():
            return _throw_in(state, action)
        case Peek() | Spy() | Give() | Switch() | SkipFunction():
            return _function(state, action)
        case Compensate():
            return _compensate(state, action)
        case CallSabaiSabai():
            return _call(state, action)
        case Pass():
            return _pass(state, action)
        case TakeFirstRefusal() | WaiveFirstRefusal():
            return _answer_offer(state, action)
        case TouchNoseLast():
            return _nose(state, action)
        case LookAtCards():
            return _look(state, action)


#: What a chance node waits for, and the predicate of the rule chance serves there.
_CHANCE_WAITS: Final[Mapping[ChanceKind, tuple[Callable[..., object], str]]] = {
    ChanceKind.DEAL: (cards_dealt, "chance decides first: the cards are being dealt"),
    ChanceKind.RESHUFFLE: (
        reshuffles,
        "chance decides first: the discard pile is being shuffled into a new draw pile",
    ),
    ChanceKind.DRAW: (
        drawer,
        "chance decides first: the card drawn from the draw pile is not known yet",
    ),
    ChanceKind.NOSE_RACE: (
        nose_race_after,
        "chance decides first: the nose race is being settled (who was last?)",
    ),
}


def _blocked(state: State, action: Action) -> IllegalActionError | None:
    """Why nothing but the pending answer may happen now, if that is so."""
    f = state.flow
    if round_over(f.status):
        return _refuse(round_over, action, "the round is over")
    pending = f.pending
    if pending is None:
        return None
    if isinstance(pending, Chance):
        rule, template = _CHANCE_WAITS[pending.kind]
        return _refuse(rule, action, template)
    if isinstance(pending, NoseRace):
        return _refuse(
            nose_race_after, action, "the nose race must be settled first (who was last?)"
        )
    return _refuse(
        owner_precedence,
        action,
        "{0} must first answer the offer of first refusal",
        (pending.owner,),
    )


def _waits_for(action: Action, head: Effect) -> IllegalActionError:
    """The turn waits for the head of the queue: a function to carry out or a compensation card
    owed."""
    if isinstance(head, Compensation):
        return _refuse(
            can_give_in_return,
            action,
            "{0} must first give {1} a compensation card",
            (head.thrower, head.owner),
        )
    return _refuse(can_carry_out, action, "pending effects must be carried out first")


def _bad_seat(state: State, action: Action, player: int, what: str) -> IllegalActionError | None:
    if not 0 <= player < state.setup.players:
        template = (
            "there is no owner P{player}" if what == "owner" else "there is no target P{player}"
        )
        return _refuse(is_table_size, action, template, player=player)
    return None


def _card_at(state: State, player: int, slot: int) -> int:
    """The card in ``player``'s ``slot``, or :data:`~sabai_rules.state.NO_CARD` if the slot is
    empty, holds a gap or is not in the row."""
    row = state.table.rows[player]
    if 0 <= slot < len(row) and not is_gap(row[slot]):
        return row[slot]
    return NO_CARD


# -- the turn -----------------------------------------------------------------------------------


def _draw(state: State, action: Draw) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    f = state.flow
    if in_reaction_round(f.status):
        return _refuse(in_reaction_round, action, "the round is ending: throw in or pass")
    if f.stage == STAGE_LOOK:
        return _refuse(cards_to_look_at, action, "players are still looking at their cards")
    actor = action.actor
    if f.queue and (
        actor == f.turn or (f.stage == STAGE_DONE and actor == next_in_play(f.turn, state.players))
    ):
        # The next turn waits for the queue (:rule:`function.execute`).
        return _waits_for(action, f.queue[0])
    if actor != f.turn:
        return _refuse(drawer, action, "it is not {0}'s turn to draw", (actor,))
    if drawer(f) != actor:
        template = "{0} already drew" if f.stage == STAGE_DECIDE else "{0} already played this turn"
        return _refuse(drawer, action, template, (actor,))
    return None


def _decision(state: State, action: Play | Keep) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    f, t, deck = state.flow, state.table, state.setup.deck
    actor = action.actor
    if not holds_drawn_card(f, actor):
        return _refuse(holds_drawn_card, action, "{0} holds no drawn card", (actor,))
    if f.queue:
        return _waits_for(action, f.queue[0])
    if isinstance(action, Play):
        if not may_play_drawn(state.setup.ruleset, deck, t.held, t.top):
            return _refuse(must_keep_drawn, action, "a drawn Ass Joker cannot be played: keep it")
        return None
    row = t.rows[actor]
    if action.slot in keep_slots(deck, row, t.held):
        if not row:
            return None
        refused = pick_refusals(state.setup.ruleset, t.public, t.mask(actor), False)
        if may_keep_over(deck.ass_joker, row[action.slot], refused):
            return None
        return _refuse(
            may_keep_over,
            action,
            "{0} has seen the Ass Joker in slot {slot}: it cannot be exchanged",
            (actor,),
            slot=action.slot,
        )
    if not row:
        return _refuse(keep_slots, action, "{0} has no card in their row to exchange", (actor,))
    return _refuse(keep_slots, action, "{0} has no card in slot {slot}", (actor,), slot=action.slot)


def _look(state: State, action: LookAtCards) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    f, rules = state.flow, state.setup.ruleset
    actor = action.actor
    if not looks_before_play(rules):
        return _refuse(looks_before_play, action, "the dealt cards must not be looked at")
    if f.stage != STAGE_LOOK or not has_seat(f.status.looking, actor):
        return _refuse(cards_to_look_at, action, "{0} has no cards to look at now", (actor,))
    slots = action.slots
    length = len(state.table.rows[actor])
    sizes = look_sizes(rules, length)
    if (
        len(slots) not in sizes
        or len(set(slots)) != len(slots)
        or any(not 0 <= s < length for s in slots)
        or list(slots) != sorted(slots)
    ):
        # More cards than the rule's two, or slots badly named, break the rule itself, whether
        # or not the ruling allows fewer.
        return _refuse(
            cards_to_look_at,
            action,
            "look at up to {count} different slots of your row, in increasing order"
            if may_decline_look(rules)
            else "look at exactly {count} different slots of your row, in increasing order",
            count=sizes[0],
        )
    return None


# -- throwing in --------------------------------------------------------------------------------
#
# A throw-in is checked in stages, each a function the list of legal actions asks too
# (:mod:`~sabai_rules.engine.enumeration` counts hundreds of throw-ins from them without checking
# each card): whether anybody may throw in now (:func:`throw_ins_shut`), whether this thrower may
# (``continues_motion``, ``is_locked_out``), whether they may throw in another player's
# cards (:func:`reach_refused`) and, under the options of knowledge, this card for its owner
# (:func:`for_owner_refused`). Each returns the predicate that refuses, or ``None``; the message is
# legality's.


def throw_ins_shut(state: State) -> Callable[..., object] | None:
    """The predicate that shuts every throw-in now, or ``None``: no card played yet, a card drawn
    since the last one was played, or the simulation's cap on reactions reached."""
    f, rules = state.flow, state.setup.ruleset
    if not pile_started(state.table):
        return pile_started
    if not throw_in_window_open(rules, f.stage, f.stale):
        return throw_in_window_open
    if not may_react(rules, f.reactions):
        return may_react
    return None


# Whether this thrower may throw in now is one predicate each: a ThrowIn's thrower is not locked
# out (``is_locked_out``), an AlsoThrowIn's continues their motion (``continues_motion``). The
# stage for their reach takes the parts of the state it reads, as the predicates do: the list
# asks it of every player at every step.


def reach_refused(rules: Ruleset, row: tuple[int, ...]) -> Callable[..., object] | None:
    """Whether a thrower whose row is ``row`` may throw in the other players' cards: the
    predicate that refuses, or ``None``."""
    if not may_throw_in_for_others(rules):
        return may_throw_in_for_others
    if not can_give_in_return(rules, row):
        return can_give_in_return
    return None


def for_owner_refused(
    rules: Ruleset, t: Table, actor: int, owner: int, card: int
) -> Callable[..., object] | None:
    """Whether what the players have seen lets ``actor`` throw in ``card`` for ``owner`` (the
    older edition's advanced rule, and the strict reading of the owner's knowledge: options).
    It takes the ruleset and the table, not the state: the list asks it card by card."""
    if knowledge_limits_on_behalf(rules) and not may_play_for_owner(t, actor, owner, card):
        return may_play_for_owner
    if owner_knowledge_limits_on_behalf(rules) and not owner_does_not_know(t, owner, card):
        return owner_does_not_know
    return None


def _throw_in(state: State, action: ThrowIn | AlsoThrowIn) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    f = state.flow
    actor, owner, slot = action.actor, action.owner, action.slot
    bad = _bad_seat(state, action, owner, "owner")
    if bad:
        return bad
    # The rest of a motion whose wrong card was just taken back is the same attempt, so its
    # lock-out does not apply (:rule:`throw-in.several-at-once`).
    also = type(action) is AlsoThrowIn
    if also and not continues_motion(f.motion, actor):
        return _refuse(
            continues_motion,
            action,
            "{0} has not just thrown in a wrong card: a card put down on its own is a ThrowIn",
            (actor,),
        )
    shut = throw_ins_shut(state)
    if shut is pile_started:
        return _refuse(pile_started, action, "no card has been played yet this round")
    if shut is throw_in_window_open:
        return _refuse(
            throw_in_window_open,
            action,
            "the last card was not just played: a card has been drawn since",
        )
    if shut is may_react:
        return _refuse(
            may_react,
            action,
            "{count} cards have been thrown in since the last turn card: the cap of this "
            "simulation",
            count=f.reactions,
        )
    if not also and is_locked_out(f.lockout, actor):
        return _refuse(
            is_locked_out,
            action,
            "{0} threw in a wrong card: another player must throw in correctly first",
            (actor,),
        )
    card = _card_at(state, owner, slot)
    if card == NO_CARD:
        return _refuse(is_identical, action, "{0} has no card in slot {slot}", (owner,), slot=slot)
    if owner == actor:
        return None
    out_of_reach = reach_refused(state.setup.ruleset, state.table.rows[actor])
    if out_of_reach is may_throw_in_for_others:
        return _refuse(may_throw_in_for_others, action, "only one's own cards may be thrown in")
    if out_of_reach is can_give_in_return:
        return _refuse(can_give_in_return, action, "{0} has no card to give in return", (actor,))
    unknowing = for_owner_refused(state.setup.ruleset, state.table, actor, owner, card)
    if unknowing is may_play_for_owner:
        return _refuse(
            may_play_for_owner,
            action,
            "only a card the thrower has seen and its owner has not may be played for them",
        )
    if unknowing is owner_does_not_know:
        return _refuse(
            owner_does_not_know,
            action,
            "{0} has seen this card: only a card its owner does not know may be played for them",
            (owner,),
        )
    return None


# -- functions and compensation -----------------------------------------------------------------


def _function(
    state: State, action: Peek | Spy | Give | Switch | SkipFunction
) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    queue = state.flow.queue
    head = queue[0] if queue else None
    if not isinstance(head, Function):
        return _refuse(can_carry_out, action, "no function is waiting to be carried out")
    kind = state.setup.deck.functions[head.card]
    actor = action.actor
    if actor != head.executor:
        return _refuse(
            can_carry_out,
            action,
            "the {function} function is {0}'s to carry out",
            (head.executor,),
            function=face_name(kind),
        )
    if isinstance(action, SkipFunction):
        if not may_skip_function(state.setup.ruleset):
            return _refuse(can_carry_out, action, "functions are mandatory when possible")
        return None
    rule = FUNCTION_RULES[kind]
    if type(action) is not _FUNCTION_ACTION[kind]:
        return _refuse(
            rule, action, "the function to carry out is {function}", function=face_name(kind)
        )
    rows = state.table.rows
    if isinstance(action, Peek):
        if not may_peek(rows[actor], action.slot):
            return _refuse(
                rule, action, "{0} has no card in slot {slot}", (actor,), slot=action.slot
            )
        return None
    target = action.target
    bad = _bad_seat(state, action, target, "target")
    if bad:
        return bad
    if target == actor:
        return _refuse(rule, action, "the target must be another player")
    if isinstance(action, Spy):
        if not may_spy(rows, actor, target, action.slot):
            return _refuse(
                rule, action, "{0} has no card in slot {slot}", (target,), slot=action.slot
            )
        return None
    if isinstance(action, Give):
        if not may_give(rows, actor, action.slot, target):
            return _refuse(
                rule, action, "{0} has no card in slot {slot}", (actor,), slot=action.slot
            )
        if not may_receive(state.setup.ruleset, rows[target]):
            return _refuse(
                may_receive, action, "{0} has no cards and may not be given one", (target,)
            )
        return None
    if not may_switch(rows, actor, action.slot, target, action.target_slot):
        if _card_at(state, actor, action.slot) == NO_CARD:
            return _refuse(
                rule, action, "{0} has no card in slot {slot}", (actor,), slot=action.slot
            )
        return _refuse(
            rule, action, "{0} has no card in slot {slot}", (target,), slot=action.target_slot
        )
    return None


def _compensate(state: State, action: Compensate) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    head = owed_compensation(state.flow)
    if head is None:
        return _refuse(can_give_in_return, action, "no compensation card is owed now")
    actor = action.actor
    if actor != head.thrower:
        return _refuse(
            can_give_in_return, action, "the compensation card is {0}'s to give", (head.thrower,)
        )
    card = _card_at(state, actor, action.slot)
    if card == NO_CARD:
        return _refuse(
            can_give_in_return, action, "{0} has no card in slot {slot}", (actor,), slot=action.slot
        )
    t = state.table
    refused = pick_refusals(state.setup.ruleset, t.public, t.mask(actor), True)
    if not may_compensate_with(state.setup.deck.ass_joker, card, refused):
        return _refuse(
            may_compensate_with, action, "the Ass Joker can never be a compensation card"
        )
    return None


# -- answers, the call, the end of the round ----------------------------------------------------


def _answer_offer(
    state: State, action: TakeFirstRefusal | WaiveFirstRefusal
) -> IllegalActionError | None:
    f = state.flow
    if round_over(f.status):
        return _refuse(round_over, action, "the round is over")
    pending = f.pending
    if isinstance(pending, Chance):
        return _blocked(state, action)
    if not isinstance(pending, Offer):
        return _refuse(owner_precedence, action, "no offer of first refusal is open")
    if action.actor != pending.owner:
        return _refuse(owner_precedence, action, "the offer is {0}'s to answer", (pending.owner,))
    return None


def _nose(state: State, action: TouchNoseLast) -> IllegalActionError | None:
    f = state.flow
    if round_over(f.status):
        return _refuse(round_over, action, "the round is over")
    if isinstance(f.pending, Chance):
        return _blocked(state, action)
    if not isinstance(f.pending, NoseRace):
        return _refuse(nose_race_after, action, "no nose race is on")
    return None


def call_shut(state: State) -> Callable[..., object] | None:
    """The predicate that shuts every call of sabai sabai now, or ``None``: a final round played
    without the call, the round already ending, or sabai sabai already called."""
    setup, st = state.setup, state.flow.status
    if not calls_allowed(setup.ruleset, setup.final_round):
        return calls_allowed
    if in_reaction_round(st):
        return in_reaction_round
    if has_called(st):
        return has_called
    return None


def callers(state: State) -> range:
    """The players who may call sabai sabai, while calls are open (``call_shut``)."""
    setup = state.setup
    return who_may_call(setup.ruleset, setup.players, state.flow.turn)


def _call(state: State, action: CallSabaiSabai) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    st = state.flow.status
    shut = call_shut(state)
    if shut is calls_allowed:
        return _refuse(calls_allowed, action, "sabai sabai cannot be called in the final round")
    if shut is in_reaction_round:
        return _refuse(in_reaction_round, action, "the round is already ending")
    if shut is has_called:
        return _refuse(
            has_called, action, "{0} already called sabai sabai this round", (st.caller,)
        )
    if action.actor not in callers(state):
        return _refuse(who_may_call, action, "only the player whose turn it is may call")
    return None


def pass_refused(state: State, actor: int) -> Callable[..., object] | None:
    """Whether ``actor`` may pass: only in the reaction round, once."""
    st = state.flow.status
    if not in_reaction_round(st) or has_seat(st.closing, actor):
        return in_reaction_round
    return None


def _pass(state: State, action: Pass) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    if pass_refused(state, action.actor) is None:
        return None
    if not in_reaction_round(state.flow.status):
        return _refuse(in_reaction_round, action, "passing is only for the end of a round")
    return _refuse(in_reaction_round, action, "{0} already passed", (action.actor,))
