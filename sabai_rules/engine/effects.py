"""What a legal action does to the cards: :func:`carry_out` changes a
:class:`~sabai_rules.engine.work.Work` copy.

Legality is decided before (:mod:`~sabai_rules.engine.legality`); what happens by itself
afterwards is the flow's (:func:`~sabai_rules.engine.flow.settle`).
"""

from __future__ import annotations

from sabai_rules.engine import flow
from sabai_rules.engine.actions import (
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
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
    first_refusal_due,
    is_correct_throw_in,
    keeps_into_empty_row,
    kept_out_card_triggers,
    leaves_gap,
    lockout_after_turn_card,
    may_compensate_with,
    may_exchange,
    on_behalf_bearer,
    penalty_cards_for_wrong_card,
    penalty_per_wrong_card,
    triggered_function,
    wrong_throw_in_locks_out,
)
from sabai_rules.engine.work import Work, appended, with_bit, with_card
from sabai_rules.model.deciders import decides
from sabai_rules.model.events import (
    AssJokerShown,
    AssJokerTurnedOver,
    Compensated,
    Drew,
    FirstRefusalOffered,
    FirstRefusalTaken,
    FirstRefusalWaived,
    FunctionSkipped,
    Gave,
    Kept,
    KeptInEmptyRow,
    LookedAt,
    Peeked,
    Played,
    RoundEnded,
    Spied,
    Switched,
    ThrewIn,
)
from sabai_rules.state import (
    NO_CARD,
    STAGE_DECIDE,
    STAGE_DRAW,
    Compensation,
    EndCause,
    Function,
    Offer,
    card_bit,
    gap_for,
    seat_bit,
)

__all__ = ["carry_out"]


def carry_out(w: Work, action: Action) -> None:
    """Change ``w`` by the effect of ``action``, a legal action."""
    # Throw-ins first: every player may throw in at almost any moment, so they are most of the
    # actions a random player takes, and each case a class pattern passes over is a check.
    match action:
        case ThrowIn(actor=actor, owner=owner, slot=slot):
            _throw_in(w, actor, owner, slot, also=False)
        case AlsoThrowIn(actor=actor, owner=owner, slot=slot):
            _throw_in(w, actor, owner, slot, also=True)
        case Draw(actor=actor):
            _draw(w, actor)
        case Play(actor=actor):
            _play(w, actor)
        case Keep(actor=actor, slot=slot):
            _keep(w, actor, slot)
        case Peek(actor=actor, slot=slot):
            # 11 peek and 12 spy: the executor sees the card (:rule:`function.peek`,
            # :rule:`function.spy`).
            _pop_function(w)
            card = w.rows[actor][slot]
            w.private = with_bit(w.private, actor, card)
            w.emit(Peeked, actor, slot, card)
        case Spy(actor=actor, target=target, slot=slot):
            _pop_function(w)
            card = w.rows[target][slot]
            w.private = with_bit(w.private, actor, card)
            w.emit(Spied, actor, target, slot, card)
        case Give(actor=actor, slot=slot, target=target):
            _give(w, actor, slot, target)
        case Switch(actor=actor, slot=slot, target=target, target_slot=target_slot):
            _switch(w, actor, slot, target, target_slot)
        case CallSabaiSabai(actor=actor):
            flow.call(w, actor)
        case Pass(actor=actor):
            flow.pass_end(w, actor)
        case Compensate(actor=actor, slot=slot):
            _compensate(w, actor, slot)
        case TakeFirstRefusal():
            offer = _answer_offer(w)
            w.emit(FirstRefusalTaken, offer.owner)
            _throw(w, offer.owner, offer.owner, offer.slot)
        case WaiveFirstRefusal():
            offer = _answer_offer(w)
            w.emit(FirstRefusalWaived, offer.owner)
            _throw(w, offer.thrower, offer.owner, offer.slot, offer.penalty)
        case TouchNoseLast(actor=actor):
            w.pending = None
            w.lose_nose_race(actor)
        case SkipFunction():
            head = _pop_function(w)
            w.emit(FunctionSkipped, head.executor, head.card)
        case LookAtCards(actor=actor, slots=slots):
            _look(w, actor, slots)


# -- the turn -----------------------------------------------------------------------------------


def _draw(w: Work, actor: int) -> None:
    """The top card of the draw pile, seen by the drawer only (:rule:`turn.draw`)."""
    card = w.take_from_draw(actor)
    if card == NO_CARD:
        # No card anywhere: the round ends as it stands (:rule:`ruling.draw-pile-exhausted`).
        w.status = w.status.ending(EndCause.EXHAUSTED, w.status.closing)
        w.emit(RoundEnded, actor, EndCause.EXHAUSTED)
        return
    w.held = card
    w.private = with_bit(w.private, actor, card)
    w.stage = STAGE_DECIDE
    w.emit(Drew, actor, card)


def _place_turn_card(w: Work, actor: int, card: int, triggers: bool) -> None:
    """The turn's card lands on the pile: the turn is played (:rule:`round-end.final-lap`),
    every lock-out ends (:rule:`ruling.retry-lockout-scope`), a function card triggers
    (:rule:`function.execute`)."""
    flow.end_turn(w)
    w.lockout = lockout_after_turn_card(w.lockout)
    function = triggered_function(w.deck, actor, card, triggers)
    if function is not None:
        w.queue = appended(w.queue, function)
    w.place(card)


def _play(w: Work, actor: int) -> None:
    """The drawn card goes face up onto the pile as the turn card (:rule:`turn.play`)."""
    card = w.held
    w.held = NO_CARD
    w.emit(Played, actor, card)
    _place_turn_card(w, actor, card, triggers=True)


decides(_play, "turn.play")


def _keep(w: Work, actor: int, slot: int) -> None:
    """The drawn card takes the place of the card in ``slot``, which goes face up onto the pile
    as the turn card (:rule:`turn.keep`)."""
    row = w.rows[actor]
    held = w.held
    if keeps_into_empty_row(w.deck, row, held):
        # No card goes to the pile: no turn card, no function, and lock-outs stand
        # (:rule:`ruling.retry-lockout-scope`); the turn is played all the same.
        w.emit(KeptInEmptyRow, actor)
        w.held = NO_CARD
        # The top card stays, drawn past: no longer the card just played.
        w.stale = True
        w.set_row(actor, (held,))
        w.entered_row(actor)
        flow.end_turn(w)
        return
    out = row[slot]
    if not may_exchange(w.deck, out):
        # Never exchanged out of a row (:rule:`ass-joker.no-keep-exchange`): turned over
        # unknowingly, shown, it stays; the drawn card is played
        # (:rule:`ass-joker.turned-over-unknowingly`).
        w.public |= card_bit(out)
        w.emit(AssJokerTurnedOver, actor, slot, out)
        w.held = NO_CARD
        w.emit(Played, actor, held)
        _place_turn_card(w, actor, held, triggers=True)
        return
    w.set_row(actor, with_card(row, slot, held))
    w.held = NO_CARD
    w.emit(Kept, actor, slot, out)
    _place_turn_card(w, actor, out, triggers=kept_out_card_triggers(w.rules))


def _look(w: Work, actor: int, slots: tuple[int, ...]) -> None:
    """Older edition: the dealt cards looked at (:rule:`setup.look-at-two`); with no slot, the
    look declined, which ends the player's look all the same
    (:rule:`ruling.older-look-optional`)."""
    row = w.rows[actor]
    if slots:
        mask = 0
        for slot in slots:
            mask |= card_bit(row[slot])
        w.private = (*w.private[:actor], w.private[actor] | mask, *w.private[actor + 1 :])
    looking = w.status.looking & ~seat_bit(actor)
    w.status = w.status.with_looking(looking)
    if not looking:
        w.stage = STAGE_DRAW
    w.emit(LookedAt, actor, slots, tuple(row[s] for s in slots))


# -- throwing in --------------------------------------------------------------------------------


def _throw_in(w: Work, actor: int, owner: int, slot: int, also: bool) -> None:
    """A throw-in, first offered to the owner when it is another player's card and they would be
    asked (:rule:`sabai-sabai-move.first-refusal`). A wrong card opens the thrower's motion for
    more cards put down with it, and each card ``also`` put down in it keeps it open
    (:rule:`throw-in.several-at-once`); a later wrong card of the motion costs a penalty card
    unless ``wrong_cards_penalty="per_motion"`` (:rule:`ruling.wrong-cards-in-a-batch`)."""
    penalty = not also or penalty_per_wrong_card(w.rules)
    w.reactions += 1
    flow.reopen(w)
    if owner != actor and first_refusal_due(
        w.rules, w.public | w.private[owner], w.lockout, owner, w.rows[owner][slot]
    ):
        w.pending = Offer(actor, owner, slot, penalty)
        w.emit(FirstRefusalOffered, actor, owner, slot)
        return
    if not _throw(w, actor, owner, slot, penalty) or also:
        w.motion = actor


def _answer_offer(w: Work) -> Offer:
    offer = w.pending
    assert isinstance(offer, Offer)
    w.pending = None
    return offer


def _throw(w: Work, thrower: int, owner: int, slot: int, penalty: bool = True) -> bool:
    """Judge and carry out a throw-in (:rule:`throw-in.identical`,
    :rule:`throw-in.wrong-card.take-back`, :rule:`throw-in.wrong-card.penalty`,
    :rule:`sabai-sabai-move.on-behalf`, :rule:`ass-joker.burn`); whether it was correct."""
    row = w.rows[owner]
    card = row[slot]
    if is_correct_throw_in(w.rules, w.deck, card, w.discard[-1], thrower, owner):
        on_behalf = owner != thrower
        if on_behalf and leaves_gap(w.rules):
            w.set_row(owner, with_card(row, slot, gap_for(card)))
        else:
            w.set_row(owner, row[:slot] + row[slot + 1 :])
        w.left_row(owner, by_discard=True)
        # Another's correct throw-in ends every lock-out (:rule:`throw-in.retry-lockout`); not
        # the thrower's own, if a wrong card of this motion brought it.
        w.lockout &= seat_bit(thrower)
        w.emit(ThrewIn, thrower, owner, slot, card, True)
        # The thrower (or, an option, the player whose turn it is) carries out the function,
        # after those already queued (:rule:`function.thrown-in`,
        # :rule:`throw-in.functions-in-order`, :rule:`sabai-sabai-move.functions-by-thrower`,
        # :rule:`sabai-sabai-move.active-player`), then the thrower gives the owner a card face
        # down (:rule:`sabai-sabai-move.compensation`, :rule:`sabai-sabai-move.hand-a-card`).
        if w.deck.functions[card]:
            executor = on_behalf_bearer(w.rules, thrower, owner, w.turn)
            w.queue = appended(w.queue, Function(executor, card))
        if on_behalf:
            w.queue = appended(w.queue, Compensation(thrower, owner, card))
        w.place(card)
        return True
    # Shown to everybody, taken back into its slot (:rule:`throw-in.wrong-card.take-back`); the
    # thrower (or, an option, the player whose turn it is), not the owner, draws the penalty card
    # (:rule:`throw-in.wrong-card.penalty`, :rule:`sabai-sabai-move.penalty-to-thrower`,
    # :rule:`throw-in.mistaken-interception`, :rule:`sabai-sabai-move.active-player`).
    w.public |= card_bit(card)
    w.emit(ThrewIn, thrower, owner, slot, card, False)
    if penalty:
        # Each penalty card drawn, or waived, on its own (:rule:`ruling.throw-in-penalty-cards`).
        bearer = on_behalf_bearer(w.rules, thrower, owner, w.turn)
        for _ in range(penalty_cards_for_wrong_card(w.rules)):
            w.penalty(bearer)
    if wrong_throw_in_locks_out(w.rules):
        w.lockout |= seat_bit(thrower)
    return False


decides(_throw, "throw-in.wrong-card.take-back")
decides(_throw, "throw-in.wrong-card.penalty")
decides(_throw, "throw-in.mistaken-interception")
decides(_throw, "sabai-sabai-move.on-behalf")
decides(_throw, "sabai-sabai-move.penalty-to-thrower")
decides(_throw, "ruling.wrong-on-behalf-throw")
decides(_throw, "function.thrown-in")
decides(_throw, "throw-in.functions-in-order")
decides(_throw, "ruling.function-queue-order")


# -- functions and compensation -----------------------------------------------------------------


def _pop_function(w: Work) -> Function:
    head = w.queue[0]
    assert isinstance(head, Function)
    w.queue = w.queue[1:]
    return head


def _give(w: Work, actor: int, slot: int, target: int) -> None:
    """13 give: the card leaves the giver's row for the target's (:rule:`function.give`)."""
    _pop_function(w)
    row = w.rows[actor]
    card = row[slot]
    w.set_row(actor, row[:slot] + row[slot + 1 :])
    w.left_row(actor, by_discard=False)
    # A given card goes to the end of the target's row (:rule:`ruling.row-positions`).
    w.set_row(target, appended(w.rows[target], card))
    w.entered_row(target)
    w.emit(Gave, actor, slot, target, card)


def _switch(w: Work, actor: int, slot: int, target: int, target_slot: int) -> None:
    """14 switch: the two cards change places, unseen (:rule:`function.switch`)."""
    _pop_function(w)
    mine, theirs = w.rows[actor], w.rows[target]
    card, other = mine[slot], theirs[target_slot]
    w.set_row(actor, with_card(mine, slot, other))
    w.set_row(target, with_card(theirs, target_slot, card))
    w.emit(Switched, actor, slot, target, target_slot, card, other)


def _compensate(w: Work, actor: int, slot: int) -> None:
    """The thrower's card, face down, into the owner's row
    (:rule:`sabai-sabai-move.compensation`)."""
    head = w.queue[0]
    assert isinstance(head, Compensation)
    row = w.rows[actor]
    card = row[slot]
    if not may_compensate_with(w.deck.ass_joker, card, card_bit(card)):
        # An Ass Joker picked blindly: shown to all, and then no compensation card; it stays,
        # pick again (:rule:`ruling.ass-joker-turned-over`).
        w.public |= card_bit(card)
        w.emit(AssJokerShown, actor, slot, card)
        return
    w.queue = w.queue[1:]
    w.set_row(actor, row[:slot] + row[slot + 1 :])
    w.left_row(actor, by_discard=False)
    owner_row = w.rows[head.owner]
    gap = gap_for(head.card)
    # Into the gap the thrown card left, else at the end (:rule:`ruling.row-positions`).
    if gap in owner_row:
        index = owner_row.index(gap)
        w.set_row(head.owner, with_card(owner_row, index, card))
    else:
        index = len(owner_row)
        w.set_row(head.owner, appended(owner_row, card))
    w.entered_row(head.owner)
    w.emit(Compensated, actor, slot, head.owner, index, card)
