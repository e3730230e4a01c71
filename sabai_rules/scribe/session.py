"""The record of a game written as the game goes: every operation of ``sabai scribe``.

A :class:`Session` holds a record of what a table knows (version 2,
:data:`~sabai_rules.referee.record.TABLE_VERSION`) and changes it one step at a time: the game
set up (the players in seat order, the ruleset, who deals first) or started from a position;
an event added; the face of the card an event shows, or none (the default: the table did not
see it, or nobody noted it); a comment; throw-ins marked as made at the same moment; the rows
turned up at the end of a round; the next round; undo.

Every step is checked as the referee will read the record: the record is written
(:func:`~sabai_rules.referee.record.write_record`), read back
(:func:`~sabai_rules.referee.record.read_record`) and played in every world its unknown cards
allow (:func:`~sabai_rules.referee.tables.table_play`). A step the referee could not read or play
(a card that is not in the slot named, a face no deal can give, an event after the end of its
round) is refused with :class:`ScribeError`, and nothing changes; a step it can play is saved at
once, atomically (a new file beside the record, then renamed over it), so that what is on disk is
always a whole record the referee reads.

What the rules allow at this moment (:meth:`Session.moment`) is what
:func:`~sabai_rules.moves.legal_actions` lists in at least one of those worlds: where the record
leaves a face unknown on which the list depends (the drawn card, the function card waiting, the
cards a compensation card may be), each face it may have is tried. The scribe offers those
actions, but a person may enter any action of the right shape: a table that made an illegal move
is recorded as it happened, and the referee (:meth:`Session.verdict`) says which rule it broke.

>>> from sabai_rules.model.cards import parse_face
>>> from sabai_rules.moves import Draw
>>> session = Session()
>>> session.set_up(["Anna", "Ben", "Chloé"], Ruleset(), first_dealer=0)
>>> [a for a in session.moment().offered if a.actor == 1]
[Draw(actor=1), CallSabaiSabai(actor=1)]
>>> session.add(Draw(1))
1
>>> session.set_shows(1, [parse_face("7")])
>>> session.record.rounds[0].events[0].shows
(7,)
>>> session.add(Draw(2))  # not Chloé's turn: recorded, and the referee will say so
2
>>> session.verdict().illegal[0].rule
'turn.draw'
>>> session.undo()
True
>>> len(session.record.rounds[0].events)
1
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

import attrs

from sabai_rules.model.cards import ASS_JOKER, GIVE, PEEK, SPY, SWITCH, UNKNOWN
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action, LookAtCards, ThrowIn, legal_actions, to_move
from sabai_rules.play.position import PositionError, display_state, read_position
from sabai_rules.referee.record import (
    SHOWN_BY,
    TABLE_VERSION,
    Deal,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    load_record,
    read_record,
    save_whole,
    write_record,
)
from sabai_rules.referee.replay import Verdict, replay
from sabai_rules.referee.tables import Judged, Way, table_play
from sabai_rules.referee.unknown import World
from sabai_rules.state import NO_PLAYER, Compensation, Function, State, card_bit

__all__ = ["MAX_UNDO", "Moment", "ScribeError", "Session"]

#: How many steps back :meth:`Session.undo` goes within one session (each step keeps the whole
#: record before it, which shares its events with the next).
MAX_UNDO: Final = 1_000

#: The faces :func:`~sabai_rules.moves.legal_actions` tells apart among the cards it reads: a
#: drawn Ass Joker cannot be played (:rule:`ass-joker.drawn-must-be-kept`), an Ass Joker the
#: thrower knows is no compensation card (:rule:`ass-joker.only-give-switch-burn`), and a
#: function card's rank says which function is carried out (:rule:`function.execute`). Any other
#: face lists what a 7 lists.
_DECISIVE: Final = frozenset({ASS_JOKER, PEEK, SPY, GIVE, SWITCH})

#: Where in a record a problem is: an event, the rows turned up, the start of a round.
_PATH: Final = re.compile(
    r"\$\.rounds\[([0-9]+)\](?:\.events\[([0-9]+)\]|\.(reveal)|\.(start))?(?:[.\[].*)?"
)


_NOT_IN_A_GROUP: Final = (
    "event {number} is made at no other's moment: only a throw-in of a group got a card another"
    " reached for (ruling.same-card-reach)"
)


class ScribeError(ValueError):
    """A step the scribe cannot take, and why, in one line; the record is as it was."""


@attrs.frozen
class Moment:
    """The table as the record leaves it now, and what may be recorded next."""

    #: The round being written (0 is the first).
    round: int
    #: The table after the round's last event, the cards whose faces the record leaves open shown
    #: as :data:`~sabai_rules.model.cards.UNKNOWN`
    # (:func:`~sabai_rules.play.position.display_state`): for
    #: pictures and text only.
    table: State
    #: What the rules allow now in at least one way the unknown cards may be: the decisions, then
    #: the throw-ins, the calls and the passes, as :func:`~sabai_rules.moves.legal_actions`
    #: orders them.
    offered: tuple[Action, ...]
    #: The player the game waits for, or ``None`` (the round is over, the table decides, or who
    #: it is turns on a card the record leaves unknown).
    waiting: int | None
    #: The round is over, or would be if everybody who has not passed the last chance to throw
    #: in passed (the record need not write those passes).
    over: bool
    #: The cards in each player's row at the end of the round, for the rows turned up.
    rows: tuple[int, ...]
    #: The rows turned up, as the record states them (``None`` until they are).
    reveal: tuple[tuple[int, ...], ...] | None
    #: A next round may start: this one is over and the game is not.
    next_round: bool
    game_over: bool


class Session:
    """A record being written: ``path`` is the file it is saved to after every step (``None``:
    kept in memory only). ``record`` resumes a record (its version becomes 2: a record of version
    1 says nothing version 2 does not read alike); :class:`ScribeError` if the referee cannot play
    it."""

    def __init__(self, path: Path | None = None, record: Record | None = None) -> None:
        self.path = path
        self._record: Record | None = None
        self._judged: Judged | None = None
        self._undo: list[Record] = []
        #: The moment of the judged record it was worked out from (asked for again and again).
        self._moment: tuple[Judged, Moment] | None = None
        if record is not None:
            resumed = attrs.evolve(record, version=TABLE_VERSION)
            self._record, self._judged, _ = _checked(resumed)

    @classmethod
    def open(cls, path: Path) -> Session:
        """The session of the record file ``path``: resumed if it exists, else a new game (the
        file is written once the game is set up).
        :class:`~sabai_rules.referee.record.RecordError` for a file the referee cannot read,
        :class:`ScribeError` for one it cannot play."""
        if path.exists() or path.is_symlink():
            return cls(path, load_record(path))
        return cls(path)

    # -- what is written ------------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The record so far; :class:`ScribeError` before the game is set up."""
        if self._record is None:
            raise ScribeError("the game is not set up yet")
        return self._record

    @property
    def is_set_up(self) -> bool:
        return self._record is not None

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) or (self._record is not None and _unwound(self._record) is not None)

    def events(self) -> Iterator[tuple[int, int, int, RecordEvent]]:
        """Every event with its number (from 1, as the referee numbers them), its round and its
        index in the round."""
        for number, (r, i, event) in enumerate(self.record.events(), start=1):
            yield number, r, i, event

    # -- setting up -----------------------------------------------------------------------------

    def set_up(self, players: Sequence[str], ruleset: Ruleset, first_dealer: int) -> None:
        """A new game: ``players`` in seat order (the order of play), ``ruleset``, and the seat of
        the player who deals the first round; its deal unknown."""
        if self._record is not None:
            raise ScribeError("the game is set up already")
        names = tuple(players)
        if not 0 <= first_dealer < len(names):
            raise ScribeError(f"no player in seat {first_dealer} to deal first")
        first = RoundRecord(Deal(order=()), ())
        self._commit(Record(ruleset, names, first_dealer, (first,), version=TABLE_VERSION))

    def start_from(self, position: str, ruleset: Ruleset | None = None) -> None:
        """A new game whose first round starts from ``position`` (:mod:`sabai_rules.play.position`):
        its players, its ruleset (``ruleset`` where it names none) and its dealer, who dealt
        first."""
        if self._record is not None:
            raise ScribeError("the game is set up already")
        try:
            found = read_position(position, ruleset)
        except (PositionError, ValueError) as error:
            raise ScribeError(f"position: {error}") from None
        state = found.state
        first = RoundRecord(Deal(), (), start=position)
        record = Record(
            state.ruleset, found.names, state.setup.dealer, (first,), version=TABLE_VERSION
        )
        self._commit(record)

    # -- events ---------------------------------------------------------------------------------

    def add(self, action: Action, *, same_moment: bool = False, first: bool = False) -> int:
        """Record ``action`` as the round's next event, legal or not; with ``same_moment``, a
        throw-in made at the same moment as the throw-in before it (:meth:`set_same_moment`),
        and with ``first`` one whose thrower got the card another of the moment reached for too
        (:meth:`set_first`: a second reach for one card is recorded only so). Its number (from
        1)."""
        record = self.record
        rnd = record.rounds[-1]
        if rnd.reveal is not None:
            raise ScribeError("the rows of this round are turned up: the round is over")
        number = len(record.events()) + 1
        events = (*rnd.events, RecordEvent(action))
        if same_moment:
            _check_joinable(events, len(events) - 1, number)
            events = _together(events, len(events) - 1, True)
        if first:
            if not same_moment:
                raise ScribeError(_NOT_IN_A_GROUP.format(number=number))
            events = (*events[:-1], attrs.evolve(events[-1], first=True))
        self._commit(_with_round(record, len(record.rounds) - 1, attrs.evolve(rnd, events=events)))
        return sum(len(r.events) for r in self.record.rounds)

    def set_shows(self, number: int, faces: Sequence[int] | None) -> None:
        """The face of the card event ``number`` shows, as the table saw it (one face per slot
        looked at for :class:`~sabai_rules.moves.LookAtCards`); ``None``: not known."""
        r, i, event = self._event(number)
        if faces is not None:
            faces = tuple(faces)
            if not isinstance(event.action, SHOWN_BY):
                raise ScribeError(f"event {number} ({type(event.action).__name__}) shows no card")
            wanted = len(event.action.slots) if isinstance(event.action, LookAtCards) else 1
            if len(faces) != wanted or UNKNOWN in faces:
                what = (
                    "one card: give its face"
                    if wanted == 1
                    else f"{wanted} cards, one per slot looked at: give a face for each"
                )
                raise ScribeError(f"event {number} shows {what}, or leave it unknown")
        self._change(r, i, attrs.evolve(event, shows=faces))

    def set_comment(self, number: int, comment: str | None) -> None:
        """The comment of event ``number`` (``None`` or blank: none)."""
        r, i, event = self._event(number)
        text = comment if comment is not None and comment.strip() else None
        self._change(r, i, attrs.evolve(event, comment=text))

    def set_same_moment(self, number: int, together: bool) -> None:
        """Whether throw-in ``number`` was made at the same moment as the throw-in before it: they
        share a ``simultaneous`` mark, and the referee plays the group in the order of
        :rule:`ruling.sequential-actions`, each card as the table was before the group."""
        r, i, _ = self._event(number)
        events = self.record.rounds[r].events
        if together:
            _check_joinable(events, i, number)
        self._events(r, _together(events, i, together))

    def set_first(self, number: int, first: bool) -> None:
        """Whether the thrower of throw-in ``number``, of a group made at the same moment, got the
        card another of the group reached for too (:rule:`ruling.same-card-reach`)."""
        r, i, event = self._event(number)
        if first and event.simultaneous is None:
            raise ScribeError(_NOT_IN_A_GROUP.format(number=number))
        self._change(r, i, attrs.evolve(event, first=first))

    # -- rounds ---------------------------------------------------------------------------------

    def reveal(self, rows: Sequence[Sequence[int]] | None) -> None:
        """The rows of the last round as they were turned up at its end, player by player and
        slot by slot (:data:`~sabai_rules.model.cards.UNKNOWN` for a card nobody noted); ``None``:
        not turned up."""
        record = self.record
        r = len(record.rounds) - 1
        shown = None if rows is None else tuple(tuple(row) for row in rows)
        if shown is not None and not self.moment().over:
            raise ScribeError("the round is not over: no row is turned up yet")
        self._commit(_with_round(record, r, attrs.evolve(record.rounds[r], reveal=shown)))

    def next_round(self, start: str | None = None) -> None:
        """The next round, its deal unknown; or, ``start``, from a position."""
        record = self.record
        moment = self.moment()
        if moment.game_over:
            raise ScribeError("the game is over: no round follows")
        if not moment.over:
            raise ScribeError(f"round {moment.round + 1} is not over")
        rnd = RoundRecord(Deal(), (), start=start) if start else RoundRecord(Deal(order=()), ())
        self._commit(attrs.evolve(record, rounds=(*record.rounds, rnd)))

    # -- undo -----------------------------------------------------------------------------------

    def undo(self) -> bool:
        """Back to the record as it was before the last step, exactly; after a resume, the last
        thing the record holds is taken back (the rows turned up, else the last event, else an
        empty last round). Whether anything was undone (the game's setup is not)."""
        if self._undo:
            before = self._undo[-1]
            record, judged, text = _checked(before)
            self._save(text)
            self._undo.pop()
            self._record, self._judged = record, judged
            return True
        if self._record is None:
            return False
        unwound = _unwound(self._record)
        if unwound is None:
            return False
        record, judged, text = _checked(unwound)
        self._save(text)
        self._record, self._judged = record, judged
        return True

    # -- what the referee says ------------------------------------------------------------------

    def verdict(self) -> Verdict:
        """The referee's verdict on the record so far: strict, as ``sabai replay`` gives it."""
        try:
            return replay(self.record)
        except RecordError as error:
            raise ScribeError(_where(error, self.record)) from None

    def moment(self) -> Moment:
        """The table now and what may be recorded next (see the module's introduction)."""
        record = self.record
        judged = self._judged
        assert judged is not None
        if self._moment is not None and self._moment[0] is judged:
            return self._moment[1]
        rj = judged.rounds[-1]
        rnd = record.rounds[-1]
        worlds = [_last_world(way) for way in rj.ways]
        # Once the rows are turned up the round is over: nothing more happens in it.
        playing = [] if rnd.reveal is not None else [w for w in worlds if not w.state.is_over]
        offered = _offered(playing)
        closed = rj.closed
        over = closed is not None and closed.is_over
        rows = (
            tuple(sum(1 for c in row if c >= 0) for row in closed.table.rows)
            if closed is not None
            else ()
        )
        shown = rj.shown.world if rnd.reveal is not None else _last_world(rj.shown)
        table = _table(shown, worlds if rnd.reveal is None else [w.world for w in rj.ways])
        # The player the game waits for, where every way the unknown cards may be agrees.
        waiting = {to_move(w.state).player for w in playing}
        player = waiting.pop() if len(waiting) == 1 else NO_PLAYER
        moment = Moment(
            round=len(record.rounds) - 1,
            table=table,
            offered=offered,
            waiting=None if player == NO_PLAYER else player,
            over=over,
            rows=rows,
            reveal=rnd.reveal,
            next_round=over and not judged.game.is_over,
            game_over=judged.game.is_over,
        )
        self._moment = (judged, moment)
        return moment

    # -- the steps ------------------------------------------------------------------------------

    def _event(self, number: int) -> tuple[int, int, RecordEvent]:
        for found, r, i, event in self.events():
            if found == number:
                return r, i, event
        total = sum(len(r.events) for r in self.record.rounds)
        raise ScribeError(f"no event {number}: the record has {total}")

    def _change(self, r: int, i: int, event: RecordEvent) -> None:
        events = list(self.record.rounds[r].events)
        events[i] = event
        self._events(r, tuple(events))

    def _events(self, r: int, events: tuple[RecordEvent, ...]) -> None:
        record = self.record
        self._commit(_with_round(record, r, attrs.evolve(record.rounds[r], events=events)))

    def _commit(self, candidate: Record) -> None:
        """``candidate`` checked as the referee reads and plays it, saved, and made the record."""
        record, judged, text = _checked(candidate)
        self._save(text)
        if self._record is not None:
            self._undo.append(self._record)
            del self._undo[:-MAX_UNDO]
        self._record, self._judged = record, judged

    def _save(self, text: str) -> None:
        """``text`` written to :attr:`path` whole or not at all: into a new file in the same
        folder, then renamed over it (``os.replace``), so that a browser or a server that
        stops never leaves half a record. Nothing else is ever written."""
        path = self.path
        if path is None:
            return
        try:
            save_whole(path, text)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            raise ScribeError(f"cannot save {path.name}: {reason}") from None


def _checked(record: Record) -> tuple[Record, Judged, str]:
    """``record`` as the referee reads it back from its text, played in every world; and the text.
    :class:`ScribeError` saying where, if it cannot be read or played."""
    text = write_record(record)
    try:
        again = read_record(text)
        judged = table_play(again, tolerant=False, caused=False)
    except RecordError as error:
        raise ScribeError(_where(error, record)) from None
    return again, judged, text


def _where(error: RecordError, record: Record) -> str:
    """A problem of the record, named as the page names things: an event by its number, the rows
    turned up or the start of a round by the round's number."""
    found = _PATH.fullmatch(error.path)
    if found is None:
        return error.message if error.path in ("", "$") else str(error)
    r = int(found.group(1))
    if found.group(2) is not None:
        number = sum(len(rnd.events) for rnd in record.rounds[:r]) + int(found.group(2)) + 1
        return f"event {number}: {error.message}"
    if found.group(3) is not None:
        return f"round {r + 1}, the rows turned up: {error.message}"
    if found.group(4) is not None:
        return f"round {r + 1}, position: {error.message}"
    return f"round {r + 1}: {error.message}"


def _with_round(record: Record, r: int, rnd: RoundRecord) -> Record:
    return attrs.evolve(record, rounds=(*record.rounds[:r], rnd, *record.rounds[r + 1 :]))


def _together(events: Sequence[RecordEvent], i: int, together: bool) -> tuple[RecordEvent, ...]:
    """``events`` with event ``i`` joined to the moment of the one before it, or parted from it;
    the marks written anew: each group of two or more throw-ins that follow one another one mark
    (``a``, ``b``...), a throw-in alone none (nor ``first``, which only a group's may say)."""
    joined = [
        k > 0
        and event.simultaneous is not None
        and event.simultaneous == events[k - 1].simultaneous
        for k, event in enumerate(events)
    ]
    joined[i] = together
    groups: list[list[int]] = []
    for k in range(len(events)):
        if joined[k] and groups:
            groups[-1].append(k)
        else:
            groups.append([k])
    out = list(events)
    marks = iter(_marks())
    for group in groups:
        if len(group) == 1:
            k = group[0]
            out[k] = attrs.evolve(out[k], simultaneous=None, first=False)
            continue
        mark = next(marks)
        for k in group:
            out[k] = attrs.evolve(out[k], simultaneous=mark)
    return tuple(out)


def _check_joinable(events: Sequence[RecordEvent], i: int, number: int) -> None:
    """Event ``i`` (numbered ``number``) may join the moment of the one before it: both are
    throw-ins, the only actions a record marks as made at the same moment."""
    after = i > 0 and isinstance(events[i - 1].action, ThrowIn)
    if not (after and isinstance(events[i].action, ThrowIn)):
        raise ScribeError(
            f"event {number} is not a throw-in right after another: only throw-ins made at the"
            " same moment are marked (ruling.sequential-actions)"
        )


def _marks() -> Iterator[str]:
    """``a``, ``b``... ``z``, ``aa``, ``ab``...: the marks of a round's groups."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    for length in range(1, 4):
        stack = [""]
        for _ in range(length):
            stack = [s + c for s in stack for c in letters]
        yield from stack


def _unwound(record: Record) -> Record | None:
    """``record`` without the last thing it holds: its last round's rows turned up, else that
    round's last event, else that round if it is empty and not the first; ``None`` if it holds
    nothing but its setup."""
    r = len(record.rounds) - 1
    rnd = record.rounds[r]
    if rnd.reveal is not None:
        return _with_round(record, r, attrs.evolve(rnd, reveal=None))
    if rnd.events:
        events = _together(rnd.events[:-1], 0, False) if len(rnd.events) > 1 else ()
        # Parting event 0 from nothing keeps every other group as it was.
        return _with_round(record, r, attrs.evolve(rnd, events=events))
    if r > 0:
        return attrs.evolve(record, rounds=record.rounds[:-1])
    return None


def _last_world(way: Way) -> World:
    """The world after the round's last event in ``way``, before the round is closed (the passes
    of the last chance to throw in the record did not write)."""
    _, world, _ = way.steps
    assert isinstance(world, World)
    return world


def _variants(world: World) -> Iterator[World]:
    """``world``, and the worlds in which a card :func:`~sabai_rules.moves.legal_actions` reads
    but the record leaves unknown has each decisive face it may have (:data:`_DECISIVE`)."""
    yield world
    state = world.state
    t = state.table
    cards = [t.held] if t.held >= 0 else []
    head = state.flow.queue[0] if state.flow.queue else None
    if isinstance(head, Function):
        cards.append(head.card)
    elif isinstance(head, Compensation):
        cards += [c for c in t.rows[head.thrower] if c >= 0]
    faces = state.deck.faces
    for card in cards:
        if world.knows(card):
            continue
        for face in sorted(world.possible(card) & _DECISIVE):
            if face != faces[card]:
                fixed = world.fix(card, face)
                if fixed is not None:
                    yield fixed


def _offered(worlds: Sequence[World]) -> tuple[Action, ...]:
    """Every action legal in at least one of ``worlds`` (or their decisive variants), in the order
    of :func:`~sabai_rules.moves.legal_actions`: decisions, throw-ins, calls, passes."""
    parts: tuple[dict[Action, None], ...] = ({}, {}, {}, {})
    for world in worlds:
        for variant in _variants(world):
            legal = legal_actions(variant.state)
            for part, actions in zip(
                parts, (legal.decisions, legal.throw_ins, legal.calls, legal.passes), strict=True
            ):
                for action in actions:
                    part.setdefault(action, None)
    return tuple(action for part in parts for action in part)


def _table(shown: World, worlds: Sequence[World]) -> State:
    """The table of ``shown``, the cards it leaves unknown or whose faces another of ``worlds``
    has otherwise shown as ``?``."""
    mask = shown.unknown
    faces = shown.state.deck.faces
    for world in worlds:
        theirs = world.state.deck.faces
        if theirs is faces:
            continue
        for card, (face, other) in enumerate(zip(faces, theirs, strict=True)):
            if face != other:
                mask |= card_bit(card)
    return display_state(shown.state, mask)
