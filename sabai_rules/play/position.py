"""Positions: a table of a round as one line of text, for players to type and read aloud.

The notation is to sabai-sabai what FEN is to chess: :func:`position` prints any state of the
engine (but a chance node) as one line, :func:`read_position` reads a line back into a state.
A card written ``?`` is one whose face the position does not state; reading gives it a face the
deck has left over, and says which cards those are (:attr:`Position.unknown`). The rulebook's
page *Positions* (``docs/position.md``) gives the grammar field by field.

A referee's position states every face; Anna has drawn a 3:

>>> from sabai_rules.moves import Draw, apply, deal
>>> state = apply(deal(players=3, dealer=2, seed=4), Draw(0))
>>> text = position(state, ["Anna", "Ben", "Chloé"])
>>> text
'Anna: 2 9 9 10 / Ben: 3 4 13 1 / Chloé: 8 14 5 8 / draw 11 2 13 6 J ... 4 J 2 / Anna holds 3'
>>> position(from_position(text), ["Anna", "Ben", "Chloé"]) == text
True

As Anna knows it: every card she has not seen is ``?``, the draw pile a count.

>>> unseen = ~state.table.mask(0) & ((1 << len(state.deck)) - 1)
>>> position(state, ["Anna", "Ben", "Chloé"], unknown=unseen, draw="count")
'Anna: ? ? ? ? / Ben: ? ? ? ? / Chloé: ? ? ? ? / draw 47 / Anna holds 3'

A position players write in a dispute: Ben has seen his 5, nine cards lie under the 7 on the
discard pile, and the draw pile is the rest of the deck.

>>> found = read_position(
...     "current / Anna: ? ? ? / Ben: ? 5! / Chloé: ? ? ? ? / pile ?x9 top 7 / Anna to draw"
... )
>>> found.names, len(found.state.table.draw), bin(found.unknown).count("1")
(('Anna', 'Ben', 'Chloé'), 41, 58)

A text that is no position is refused in one line, naming the column:

>>> read_position("Anna: 7 X / Ben: 5")
Traceback (most recent call last):
...
sabai_rules.play.position.PositionError: column 9: expected a card (a face such as 7, J, AJ ...
"""

from __future__ import annotations

import difflib
import re
import reprlib
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, Literal, NoReturn

import attrs

from sabai_rules.model import chance
from sabai_rules.model.arguments import MAX_ROUND_INDEX, instance, is_state
from sabai_rules.model.cards import (
    ASS_JOKER,
    FUNCTION_NAMES,
    JOKER,
    UNKNOWN,
    Deck,
    DeckSpec,
    face_text,
)
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, deck_for
from sabai_rules.state import (
    NO_CARD,
    NO_FINAL_LAP,
    NO_PLAYER,
    NOT_CLOSING,
    Chance,
    Compensation,
    EndCause,
    Flow,
    Function,
    NoseRace,
    Offer,
    Setup,
    Stage,
    State,
    Status,
    Table,
    card_bit,
    gap_for,
    is_gap,
    seat_bit,
)

__all__ = [
    "MAX_NAME",
    "MAX_POSITION",
    "Position",
    "PositionError",
    "display_state",
    "from_position",
    "position",
    "read_position",
]

#: The longest position, in characters (a referee's full position of 12 players is about 400).
MAX_POSITION: Final = 10_000
#: The longest player's name a position writes (as a record's): a longer one is written by seat.
MAX_NAME: Final = 100

#: The words of the notation: no player is called by one of them (case-insensitively).
_KEYWORDS: Final = frozenset(
    (
        *PRESETS,
        *(cause.value for cause in EndCause),
        *("round", "final", "not-final", "pile", "top", "draw", "dealer", "to", "holds"),
        *("played", "looking", "queue", "then", "peek", "spy", "give", "switch", "owes", "in"),
        *("offer", "for", "nopenalty", "nose", "race", "locked", "motion", "called", "lap"),
        *("closing", "passed", "ended", "ever", "turns", "reactions", "stale"),
    )
)
#: The fields after the rows, each named by its first word; the turn is named by its second
#: (``_TURN_WORDS``).
_FIELDS: Final = (
    "pile",
    "draw",
    "dealer",
    "looking",
    "queue",
    "offer",
    "nose",
    "locked",
    "motion",
    "called",
    "lap",
    "closing",
    "ended",
    "emptied",
    "turns",
    "reactions",
    "stale",
)
_TURN_WORDS: Final = {"to": Stage.DRAW, "holds": Stage.DECIDE, "played": Stage.DONE}
_FUNCTION_WORDS: Final = FUNCTION_NAMES
_FUNCTIONS: Final = {word: rank for rank, word in FUNCTION_NAMES.items()}

_SEAT: Final = re.compile(r"p(0|[1-9][0-9]?)", re.ASCII | re.IGNORECASE)
_SEAT_LIKE: Final = re.compile(r"p[0-9]+", re.ASCII | re.IGNORECASE)
_FACE: Final = re.compile(r"\?|[0-9]{1,3}|aj|j", re.ASCII | re.IGNORECASE)
_CARD: Final = re.compile(
    r"(?:\?x(?P<many>[0-9]{1,5})|(?P<face>\?|[0-9]{1,3}|aj|j)|_(?P<gap>[0-9]{0,5}))(?P<marks>.*)",
    re.ASCII | re.IGNORECASE | re.DOTALL,
)
_NUMBER: Final = re.compile(r"[0-9]{1,10}", re.ASCII)
_LOCATED: Final = re.compile(r"(?P<what>[^@]*)@(?P<depth>[0-9]{1,5})", re.ASCII | re.DOTALL)
_NAME_PUNCTUATION: Final = frozenset("_-'.")
_MARKS: Final = "@*!"

# What a message echoes of the text: repr's quoting and escaping, an excerpt of a long token.
_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40

_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_COUNTS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _shown(text: str) -> str:
    return _REPR.repr(text)


class PositionError(ValueError):
    """A text that is no position: its ``message`` says what was expected and what was found, at
    its ``column`` (1-based) of the text. Its ``str`` is one line, ``column N: message``; what it
    echoes of the text is an excerpt, escaped as Python's ``repr`` escapes it."""

    def __init__(self, column: int, message: str) -> None:
        self.column = column
        self.message = message
        super().__init__(f"column {column}: {message}")


def _fail(column: int, message: str) -> NoReturn:
    raise PositionError(column, message)


@attrs.frozen
class Position:
    """A position read (:func:`read_position`): one table it allows, which of its cards are ``?``,
    and the players' names (:meth:`seat_of` finds a player as the position names them)."""

    #: One table the position allows: every card has a face. The cards the position leaves
    #: ``?`` hold the faces the deck has left over, in order: the card ids left, ascending, in
    #: reading order (the rows seat by seat and slot by slot, the held card, the discard pile
    #: from its bottom, the draw pile from its top).
    state: State
    #: The card ids whose faces the position does not state, as a bit mask.
    unknown: int
    #: The players' names, in seat order (``P0``... for the rows named by seat).
    names: tuple[str, ...]

    def seat_of(self, name: str) -> int:
        """The seat of a player named as the position names them: their name, any case, or
        ``P<seat>``. :class:`ValueError` naming the players if there is none."""
        if type(name) is not str:
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        seat = _lookup(self.names, name)
        if seat is None:
            raise ValueError(f"unknown player {_shown(name)} (the players are {_list(self.names)})")
        return seat


# -- names --------------------------------------------------------------------------------------


def _key(name: str) -> str:
    """A name as names are compared: composed (é typed as e and an accent is é), case-folded."""
    return unicodedata.normalize("NFC", name).casefold()


def _is_name(text: str) -> bool:
    """A name token: letters of any script (with their accents), ASCII digits and ``_ - ' .``,
    at least one letter; not a word of the notation, a face or a seat (``P3``)."""
    if not text or len(text) > MAX_NAME or not any(c.isalpha() for c in text):
        return False
    for i, c in enumerate(text):
        ok = c.isalpha() or "0" <= c <= "9" or c in _NAME_PUNCTUATION
        if not ok and not (i > 0 and unicodedata.category(c).startswith("M")):
            return False
    key = _key(text)
    return key not in _KEYWORDS and not _FACE.fullmatch(key) and not _SEAT_LIKE.fullmatch(key)


def _player_names(names: object, players: int, arg: str = "names") -> tuple[str, ...]:
    """``names`` as a position writes them: each a name token, else (or when two are the same
    name in any case) the seat's ``P<seat>``; ``P0``... without names."""
    if names is None:
        return tuple(f"P{p}" for p in range(players))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"{arg} must be a sequence of texts, not {type(names).__name__}")
    if len(names) != players:
        raise ValueError(f"{arg} must name each of the {players} players, not {len(names)}")
    for name in names:
        if type(name) is not str:
            raise TypeError(f"{arg} must hold texts, not {type(name).__name__}")
    keys = [_key(name) if _is_name(name) else None for name in names]
    counts = Counter(key for key in keys if key is not None)
    return tuple(
        name if key is not None and counts[key] == 1 else f"P{p}"
        for p, (name, key) in enumerate(zip(names, keys, strict=True))
    )


def _lookup(names: Sequence[str], text: str) -> int | None:
    """The seat a reference names: ``P<seat>`` or a player's name, any case."""
    seat = _SEAT.fullmatch(text)
    if seat is not None:
        number = int(seat.group(1))
        return number if number < len(names) else None
    key = _key(text)
    return next((p for p, name in enumerate(names) if _key(name) == key), None)


def _list(names: Sequence[str]) -> str:
    """The players, for a message: each name cut to an excerpt."""
    return ", ".join(name if len(name) <= 20 else name[:17] + "..." for name in names)


# -- faces --------------------------------------------------------------------------------------


def _face_words(face: int, copies: int) -> str:
    """``7s``, ``jokers``...: a face for a count of it."""
    if face == JOKER:
        return "joker" if copies == 1 else "jokers"
    if face == ASS_JOKER:
        return "Ass Joker" if copies == 1 else "Ass Jokers"
    return f"{face}" if copies == 1 else f"{face}s"


def _count_words(count: int) -> str:
    return _COUNTS[count] if count < len(_COUNTS) else str(count)


def _ordinal(count: int) -> str:
    return _ORDINALS[count - 1] if count <= len(_ORDINALS) else f"{count}th"


# -- the text, as fields of tokens ----------------------------------------------------------------


@attrs.frozen
class _Token:
    text: str
    #: Where it starts, 1-based.
    column: int

    @property
    def word(self) -> str:
        return self.text.casefold()


@attrs.frozen
class _Field:
    tokens: tuple[_Token, ...]
    #: Where the field starts (1-based) and the column just past its end.
    column: int
    end: int
    #: A row: its name's tokens, before the colon (``None``: not a row).
    name: tuple[_Token, ...] | None = None
    colon: int = 0


def _tokens(text: str, start: int, stop: int) -> tuple[_Token, ...]:
    """The tokens of ``text[start:stop]``: runs of characters between spaces and commas."""
    found = []
    i = start
    while i < stop:
        if text[i].isspace() or text[i] == ",":
            i += 1
            continue
        j = i
        while j < stop and not text[j].isspace() and text[j] != ",":
            j += 1
        found.append(_Token(text[i:j], i + 1))
        i = j
    return tuple(found)


def _fields(text: str) -> list[_Field]:
    """The fields between the slashes; a field with a colon is a row (name, then cards)."""
    fields = []
    start = 0
    while True:
        stop = text.find("/", start)
        if stop < 0:
            stop = len(text)
        colon = text.find(":", start, stop)
        if colon < 0:
            tokens = _tokens(text, start, stop)
            if not tokens:
                if not text.strip():
                    _fail(1, "an empty position: expected the players' rows (NAME: CARD ...)")
                what = "before" if stop < len(text) else "after"
                _fail(stop + 1, f"an empty field: expected a field {what} this '/'")
            fields.append(_Field(tokens, start + 1, stop + 1))
        else:
            second = text.find(":", colon + 1, stop)
            if second >= 0:
                _fail(second + 1, "a second ':' in a row: one ':' follows the player's name")
            name = _tokens(text, start, colon)
            cards = _tokens(text, colon + 1, stop)
            fields.append(_Field(cards, start + 1, stop + 1, name, colon + 1))
        if stop == len(text):
            return fields
        start = stop + 1


class _Cursor:
    """The tokens of a field, read one after another."""

    def __init__(self, field: _Field, what: str, skip: int = 1) -> None:
        self.tokens = field.tokens
        self.at = skip
        self.end = field.end
        self.what = what

    def more(self) -> bool:
        return self.at < len(self.tokens)

    def peek(self) -> _Token | None:
        return self.tokens[self.at] if self.more() else None

    def take(self, expected: str) -> _Token:
        if not self.more():
            _fail(self.end, f"expected {expected}, found nothing")
        token = self.tokens[self.at]
        self.at += 1
        return token

    def word(self, word: str) -> _Token:
        token = self.take(repr(word))
        if token.word != word:
            _fail(token.column, f"expected {word!r}, found {_shown(token.text)}")
        return token

    def done(self) -> None:
        if self.more():
            token = self.tokens[self.at]
            _fail(token.column, f"nothing more in {self.what}, found {_shown(token.text)}")


def _number(token: _Token, what: str, low: int = 0, high: int | None = None) -> int:
    if token.text.isascii() and token.text.isdigit() and len(token.text) > 10:
        _fail(token.column, f"{what} must be at most 9,999,999,999, not {_shown(token.text)}")
    if not _NUMBER.fullmatch(token.text):
        _fail(token.column, f"expected {what} (a whole number), found {_shown(token.text)}")
    value = int(token.text)
    if value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"{low} to {high:,}"
        _fail(token.column, f"{what} must be {bound}, not {_shown(token.text)}")
    return value


# -- reading --------------------------------------------------------------------------------------


@attrs.define
class _Card:
    """A card of the position: its face (:data:`~sabai_rules.model.cards.UNKNOWN` for ``?``) and who
    has seen it."""

    face: int
    token: _Token
    public: bool = False
    seen: int = 0


@attrs.define
class _Gap:
    """A gap in a row: the queue entry (from 1) whose compensation card it waits for, or 0 for
    the rule of the rows (the owner's gaps take the owner's compensation cards in queue order)."""

    entry: int
    token: _Token


@attrs.define
class _Entry:
    """An entry of the queue as written: a function (``face`` its rank) or a compensation card
    (``owner`` set, ``face`` the thrown card's, perhaps ``?``), and where its card is if said."""

    number: int
    actor: int
    face: int
    token: _Token
    owner: int = NO_PLAYER
    where: tuple[str, int, int] | None = None
    where_token: _Token | None = None

    @property
    def is_function(self) -> bool:
        return self.owner == NO_PLAYER


@attrs.define
class _Places:
    """The cards of a position in reading order, with what is written of each: the rows seat by
    seat and slot by slot, the held card, the discard pile from its bottom, the draw pile from its
    top. Shared by the reader and the writer, so that both find a queued card by the same rule."""

    faces: list[int] = attrs.Factory(list)
    rows: list[int] = attrs.Factory(list)
    pile: list[int] = attrs.Factory(list)
    draw: list[int] = attrs.Factory(list)
    #: Per seat, per slot: the place of the row's card there, or -1 for a gap.
    slots: list[list[int]] = attrs.Factory(list)

    def add(self, face: int, group: list[int]) -> int:
        self.faces.append(face)
        group.append(len(self.faces) - 1)
        return len(self.faces) - 1

    def default(self, function: bool, face: int, taken: set[int]) -> int | None:
        """The card a queue entry's card is unless the entry says where: a function's, the
        topmost card of its rank on the discard pile not taken by a later function; a
        compensation card's, the first card written with its face (``?`` included) not taken by
        a later compensation, looking down the discard pile from its top, then down the draw
        pile from its top, then along the rows."""
        if function:
            candidates: Iterator[int] = reversed(self.pile)
        else:
            candidates = iter([*reversed(self.pile), *self.draw, *self.rows])
        return next((k for k in candidates if k not in taken and self.faces[k] == face), None)


class _Reader:
    def __init__(
        self, text: str, ruleset: Ruleset | None, names: Sequence[str] | None, seed: int | str
    ) -> None:
        self.text = text
        self.given_rules = ruleset
        self.given_names = names
        self.seed = seed
        self.names: tuple[str, ...] = ()
        self.deck = deck_for(Ruleset())
        self.fields: dict[str, _Field] = {}
        #: The cards, in reading order, and what is written of each.
        self.cards: list[_Card] = []
        self.places = _Places()

    # -- the fields ------------------------------------------------------------------------------

    def read(self) -> Position:
        if len(self.text) > MAX_POSITION:
            _fail(
                MAX_POSITION + 1,
                f"a position is at most {MAX_POSITION:,} characters, not {len(self.text):,}",
            )
        rows: list[_Field] = []
        header: _Field | None = None
        fields: dict[str, _Field] = {}
        for index, field in enumerate(_fields(self.text)):
            if field.name is not None:
                rows.append(field)
                continue
            first = field.tokens[0]
            word = first.word
            if word in PRESETS or word in ("round", "final", "not-final") or "=" in word:
                if index:
                    _fail(
                        first.column, f"{_shown(first.text)} belongs in the header, the first field"
                    )
                header = field
                continue
            if word in _FIELDS:
                kind = word
            elif len(field.tokens) > 1 and field.tokens[1].word in _TURN_WORDS:
                kind = "turn"
            else:
                _fail(
                    first.column,
                    "expected a field (a row NAME: CARD ..., pile, draw, dealer, NAME to draw, "
                    "NAME holds CARD, NAME played, looking, queue, offer, nose race, locked, "
                    f"motion, called, lap, closing, ended, emptied, turns, reactions, stale), "
                    f"found "
                    f"{_shown(first.text)}",
                )
            if kind in fields:
                name = "turn (NAME to draw, holds or played)" if kind == "turn" else repr(kind)
                _fail(first.column, f"a second {name} field: each field is given once")
            fields[kind] = field
        rules, round_index, final = self._header(header)
        deck = deck_for(rules)
        self.deck = deck
        players = self._rows(rows)
        return self._build(rules, deck, players, round_index, final, rows, fields)

    def _header(self, field: _Field | None) -> tuple[Ruleset, int, bool | None]:
        given = self.given_rules
        if field is None:
            return (Ruleset() if given is None else given), 0, None
        preset: str | None = None
        round_index: int | None = None
        final: bool | None = None
        options: dict[str, tuple[object, _Token]] = {}
        cursor = _Cursor(field, "the header", skip=0)
        while cursor.more():
            token = cursor.take("the header")
            word = token.word
            if word in PRESETS:
                if preset is not None:
                    _fail(token.column, f"a second preset, {_shown(token.text)}: one is enough")
                preset = word
            elif word == "round":
                if round_index is not None:
                    _fail(token.column, "a second 'round'")
                number = cursor.take("the round's number, from 1")
                round_index = _number(number, "the round's number", 1, MAX_ROUND_INDEX + 1) - 1
            elif word in ("final", "not-final"):
                if final is not None:
                    _fail(token.column, "final or not-final is said once")
                final = word == "final"
            elif "=" in word:
                name, value = self._option(token)
                if name in options:
                    _fail(token.column, f"the option {name} is given twice")
                options[name] = (value, token)
            else:
                _fail(
                    token.column,
                    "expected a preset (current, older, simplified), round N, final or an "
                    f"option name=value in the header, found {_shown(token.text)}",
                )
        rules = Ruleset.preset(preset or "current")
        if options:
            changes = {name: value for name, (value, _) in options.items()}
            try:
                rules = rules.with_options(**changes)
            except (TypeError, ValueError) as error:
                # The ruleset's message names the option and what it may be; the option that
                # fails alone is to blame, else the first (two options that do not go together).
                for name, (value, token) in options.items():
                    try:
                        rules.with_options(**{name: value})
                    except (TypeError, ValueError) as alone:
                        _fail(token.column, str(alone))
                _fail(next(iter(options.values()))[1].column, str(error))
        if preset is None and not options:
            rules = Ruleset() if given is None else given
        elif given is not None and given != rules:
            _fail(
                field.column,
                f"the header's ruleset ({_ruleset_text(rules)}) is not the ruleset given "
                f"({_ruleset_text(given)})",
            )
        return rules, round_index or 0, final

    def _option(self, token: _Token) -> tuple[str, object]:
        name, _, text = token.text.partition("=")
        name = name.casefold()
        if name == "deck":
            _fail(token.column, "the deck is not an option of a position: it is the default deck")
        if name not in Ruleset.option_names():
            close = difflib.get_close_matches(name, Ruleset.option_names(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else " (the options are Ruleset's)"
            _fail(token.column, f"unknown option {_shown(name)}{hint}")
        word = text.casefold()
        if not word:
            _fail(token.column + len(name) + 1, f"expected a value after '{name}=', found nothing")
        value: object
        if word in ("true", "false"):
            value = word == "true"
        elif word == "none":
            value = None
        elif re.fullmatch(r"-?[0-9]{1,10}", word, re.ASCII):
            value = int(word)
        else:
            value = word
        return name, value

    def _rows(self, rows: list[_Field]) -> int:
        players = len(rows)
        if players > MAX_PLAYERS:
            _fail(
                rows[MAX_PLAYERS].column,
                f"a {_ordinal(MAX_PLAYERS + 1)} row: sabai-sabai is for {MIN_PLAYERS} to "
                f"{MAX_PLAYERS} players [setup.players]",
            )
        if players < MIN_PLAYERS:
            where = rows[0].column if rows else 1
            _fail(
                where,
                f"{_count_words(players)} row{'s' if players != 1 else ''}: a position has a row "
                f"per player (NAME: CARD ...), {MIN_PLAYERS} to {MAX_PLAYERS} [setup.players]",
            )
        given = None
        if self.given_names is not None:
            try:
                given = _player_names(self.given_names, players)
            except ValueError as error:
                _fail(rows[0].column, f"{players} rows, but {error}")
        names: list[str] = []
        for seat, row in enumerate(rows):
            assert row.name is not None
            if not row.name:
                _fail(row.colon, "expected a player's name before ':', found nothing")
            if len(row.name) > 1:
                extra = row.name[1]
                _fail(extra.column, f"a name is one word, found {_shown(extra.text)} after it")
            token = row.name[0]
            if _SEAT_LIKE.fullmatch(token.text):
                if token.word != f"p{seat}":
                    _fail(
                        token.column,
                        f"row {seat + 1} is seat {seat}'s: call it P{seat} or by a name, "
                        f"not {_shown(token.text)}",
                    )
                names.append(given[seat] if given is not None else f"P{seat}")
                continue
            if not _is_name(token.text):
                _fail(token.column, _not_a_name(token.text))
            if given is not None and _key(given[seat]) != _key(token.text):
                _fail(
                    token.column,
                    f"row {seat + 1} is {given[seat]}'s (the names given), not "
                    f"{_shown(token.text)}'s",
                )
            for other in names:
                if _key(other) == _key(token.text):
                    _fail(
                        token.column,
                        f"a second player called {_shown(token.text)} (names are compared in "
                        "any case)",
                    )
            names.append(given[seat] if given is not None else token.text)
        self.names = tuple(names)
        return players

    def _seat(self, token: _Token) -> int:
        seat = _lookup(self.names, token.text)
        if seat is None:
            _fail(
                token.column,
                f"unknown player {_shown(token.text)} (the players are {_list(self.names)})",
            )
        return seat

    # -- cards ----------------------------------------------------------------------------------

    def _cards(
        self, token: _Token, where: Literal["row", "held", "pile", "draw"], owner: int
    ) -> list[_Card] | _Gap:
        """The card(s) a token writes: one card, ``?xN`` (N cards nobody has seen), or a gap."""
        match = _CARD.fullmatch(token.text)
        marks = "" if match is None else match.group("marks")
        if match is None or (marks and marks[0] not in _MARKS):
            _fail(
                token.column,
                f"expected a card (a face such as 7, J, AJ or ?), found {_shown(token.text)}",
            )
        mark_column = token.column + len(token.text) - len(marks)
        many, face_word, gap = match.group("many", "face", "gap")
        if gap is not None:
            if where != "row":
                _fail(token.column, "a gap (_) stands in a row, where a compensation card is owed")
            if marks:
                _fail(mark_column, "a gap takes no marks: it is no card")
            entry = int(gap) if gap else 0
            if gap and entry < 1:
                _fail(token.column, "a gap's queue entry counts from 1 (_1 is the first)")
            return _Gap(entry, token)
        if many is not None:
            if where not in ("pile", "draw"):
                _fail(
                    token.column,
                    "?xN stands in the discard pile or the draw pile, not here: write one card",
                )
            if marks:
                _fail(mark_column, "?xN takes no marks: nobody has seen its cards")
            count = int(many)
            if count < 1:
                _fail(token.column, "?xN is at least one card: ?x1")
            if count > len(self.deck):
                _fail(token.column, f"{_shown(token.text)}: the deck has {len(self.deck)} cards")
            return [_Card(UNKNOWN, token) for _ in range(count)]
        card = _Card(_face(face_word, token, self.deck), token)
        if marks and where == "pile":
            _fail(mark_column, "no marks in the discard pile: its cards are face up, seen by all")
        i = 0
        while i < len(marks):
            mark = marks[i]
            if mark == "*":
                card.public = True
                i += 1
            elif mark == "!":
                if where == "draw":
                    _fail(
                        mark_column + i, "! marks a card its owner has seen: the draw pile has none"
                    )
                card.seen |= seat_bit(owner)
                i += 1
            else:
                j = i + 1
                while j < len(marks) and marks[j] not in _MARKS:
                    j += 1
                if j == i + 1:
                    _fail(mark_column + i + 1, "expected a player's name after '@', found nothing")
                card.seen |= seat_bit(self._seat(_Token(marks[i + 1 : j], mark_column + i + 1)))
                i = j
        return [card]

    def _card_list(self, cursor: _Cursor, where: Literal["pile", "draw"]) -> list[_Card]:
        cards: list[_Card] = []
        while cursor.more():
            token = cursor.take("a card")
            found = self._cards(token, where, NO_PLAYER)
            assert isinstance(found, list)
            cards.extend(found)
        return cards

    def _pile(self, field: _Field) -> list[_Card]:
        tokens = field.tokens[1:]
        if len(tokens) == 1 and tokens[0].text == "-":
            return []
        tops = [i for i, token in enumerate(tokens) if token.word == "top"]
        if not tops:
            last = tokens[-1] if tokens else None
            _fail(
                field.end if last is None else last.column,
                "expected 'top' before the pile's top card (its last), found "
                + ("nothing" if last is None else _shown(last.text)),
            )
        top = tops[0]
        if top == len(tokens) - 1:
            _fail(field.end, "expected the top card after 'top', found nothing")
        if top < len(tokens) - 2:
            extra = tokens[top + 2]
            _fail(extra.column, f"the top card ends the pile, found {_shown(extra.text)} after it")
        under = _Field(tokens[:top], field.column, tokens[top].column)
        cards = self._card_list(_Cursor(under, "the pile", skip=0), "pile")
        card = tokens[top + 1]
        if card.word.startswith("?x"):
            _fail(card.column, "the top card is one card: write it as ?")
        found = self._cards(card, "pile", NO_PLAYER)
        assert isinstance(found, list)
        return cards + found

    def _draw(self, field: _Field) -> list[_Card] | int:
        """The draw pile's cards, top first, or its count."""
        tokens = field.tokens[1:]
        if not tokens:
            _fail(field.end, "expected a count or the draw pile's cards (top first), found nothing")
        if len(tokens) == 1 and tokens[0].text == "-":
            return 0
        if len(tokens) == 1 and _NUMBER.fullmatch(tokens[0].text):
            return _number(tokens[0], "the draw pile's count", 0, len(self.deck))
        cursor = _Cursor(field, "the draw pile")
        if tokens[0].word == "top":
            cursor.take("'top'")
            if not cursor.more():
                _fail(field.end, "expected the draw pile's cards after 'top', found nothing")
        return self._card_list(cursor, "draw")

    # -- the state ------------------------------------------------------------------------------

    def _build(
        self,
        rules: Ruleset,
        deck: Deck,
        players: int,
        round_index: int,
        final: bool | None,
        rows: list[_Field],
        fields: dict[str, _Field],
    ) -> Position:
        self.deck = deck
        self.fields = fields
        gaps = self._row_cards(rows)
        turn, stage, held = self._turn()
        for card in self._pile(fields["pile"]) if "pile" in fields else []:
            card.public = True
            self._place_card(card, self.places.pile)
        for card in self._draw_cards():
            self._place_card(card, self.places.draw)
        entries = self._queue(fields.get("queue"))
        located = self._locate(entries)
        ids, unknown = _card_ids(self.cards, deck)
        cards = {number: ids[place] for number, place in located.items()}

        rows_ids = [[ids[k] if k >= 0 else NO_CARD for k in slots] for slots in self.places.slots]
        for seat, row_gaps in enumerate(gaps):
            for slot, number in self._gaps(seat, row_gaps, entries).items():
                rows_ids[seat][slot] = gap_for(cards[number])
        dealer, turn = self._dealer(fields.get("dealer"), turn, players)
        public, private = self._knowledge(ids, players)
        if held >= 0:
            private[turn] |= card_bit(ids[held])
        table = Table(
            tuple(tuple(row) for row in rows_ids),
            tuple(ids[k] for k in reversed(self.places.draw)),
            tuple(ids[k] for k in self.places.pile),
            ids[held] if held >= 0 else NO_CARD,
            public,
            tuple(mask & ~public for mask in private),
        )
        queue = tuple(
            Function(e.actor, cards[e.number])
            if e.is_function
            else Compensation(e.actor, e.owner, cards[e.number])
            for e in entries
        )
        flow = self._flow(turn, stage, queue, table, players, round_index)
        if final is None:
            final = round_index + 1 >= rules.rounds_for(players)
        setup = Setup(rules, deck, players, dealer, round_index, final, self.seed)
        return Position(State(setup, table, flow), unknown, self.names)

    def _place_card(self, card: _Card, group: list[int]) -> int:
        self.cards.append(card)
        return self.places.add(card.face, group)

    def _row_cards(self, rows: list[_Field]) -> list[list[tuple[int, _Gap]]]:
        """The rows' cards, placed; each row's gaps with their slots."""
        gaps: list[list[tuple[int, _Gap]]] = []
        for seat, row in enumerate(rows):
            slots: list[int] = []
            row_gaps: list[tuple[int, _Gap]] = []
            tokens = row.tokens
            if not tokens:
                _fail(row.end, "expected the row's cards, or - for an empty row, found nothing")
            if not (len(tokens) == 1 and tokens[0].text == "-"):
                for slot, token in enumerate(tokens):
                    found = self._cards(token, "row", seat)
                    if isinstance(found, _Gap):
                        row_gaps.append((slot, found))
                        slots.append(-1)
                    else:
                        slots.append(self._place_card(found[0], self.places.rows))
            self.places.slots.append(slots)
            gaps.append(row_gaps)
        return gaps

    def _turn(self) -> tuple[int | None, Stage, int]:
        """Whose turn it is (``None``: the default), its stage and the held card's place."""
        field = self.fields.get("turn")
        if field is None:
            return None, Stage.DRAW, -1
        held = -1
        cursor = _Cursor(field, "the turn", skip=0)
        turn = self._seat(cursor.take("a player"))
        stage = _TURN_WORDS[cursor.take("to, holds or played").word]
        if stage is Stage.DRAW:
            cursor.word("draw")
        elif stage is Stage.DECIDE:
            token = cursor.take("the held card")
            found = self._cards(token, "held", turn)
            assert isinstance(found, list)
            if len(found) != 1:
                _fail(token.column, "the held card is one card: write it as ?")
            held = self._place_card(found[0], [])
        cursor.done()
        return turn, stage, held

    def _draw_cards(self) -> list[_Card]:
        """The draw pile, top first: as written, or a count of ``?``, or the rest of the deck."""
        deck, field = self.deck, self.fields.get("draw")
        written = None if field is None else self._draw(field)
        others = len(self.cards)
        if others > len(deck):
            _fail(self.cards[len(deck)].token.column, _too_many(others, deck))
        rest = len(deck) - others
        if field is None or written is None:
            return [_Card(UNKNOWN, _Token("", 1)) for _ in range(rest)]
        if isinstance(written, int):
            if written != rest:
                _fail(
                    field.tokens[1].column,
                    f"the draw pile holds {rest} cards, not {written}: the deck has {len(deck)} "
                    f"cards and the rest of the table {others}",
                )
            return [_Card(UNKNOWN, field.tokens[1]) for _ in range(written)]
        if len(written) > rest:
            _fail(written[rest].token.column, _too_many(others + len(written), deck))
        if len(written) < rest:
            _fail(
                field.tokens[0].column,
                f"the draw pile holds {rest} cards, not {len(written)}: the deck has "
                f"{len(deck)} cards and the rest of the table {others}",
            )
        return written

    def _knowledge(self, ids: list[int], players: int) -> tuple[int, list[int]]:
        """The cards everybody has seen, and those each player has, as bit masks."""
        public = 0
        private = [0] * players
        for k, card in enumerate(self.cards):
            bit = card_bit(ids[k])
            if card.public:
                public |= bit
            for p in range(players):
                if (card.seen >> p) & 1:
                    private[p] |= bit
        return public, private

    def _flow(
        self,
        turn: int,
        stage: Stage,
        queue: tuple[Function | Compensation, ...],
        table: Table,
        players: int,
        round_index: int,
    ) -> Flow:
        fields = self.fields
        looking = self._players(fields.get("looking"), none=True)
        if "looking" in fields:
            if stage is not Stage.DRAW:
                _fail(
                    fields["turn"].tokens[1].column,
                    "players look at their cards before the first turn: with 'looking', the "
                    "turn is NAME to draw",
                )
            stage = Stage.LOOK
        status = Status(
            caller=NO_PLAYER,
            final_lap=NO_FINAL_LAP,
            closing=NOT_CLOSING,
            looking=looking,
            emptied=self._emptied(fields.get("emptied"), players),
            rng=chance.seed_state(self.seed, round_index, "layout"),
            end=self._end(fields.get("ended")),
        )
        status = self._call(status, players)
        if "closing" in fields:
            status = status.ending(status.end, self._closing(fields["closing"], players))
        motion = NO_PLAYER
        if "motion" in fields:
            cursor = _Cursor(fields["motion"], "'motion'")
            motion = self._seat(cursor.take("a player"))
            cursor.done()
        stale = "stale" in fields
        if stale:
            _Cursor(fields["stale"], "'stale'").done()
        return Flow(
            turn,
            stage,
            self._count(fields.get("turns")),
            queue,
            self._pending(table),
            self._players(fields.get("locked")),
            status,
            motion,
            self._count(fields.get("reactions")),
            stale,
        )

    def _dealer(self, field: _Field | None, turn: int | None, players: int) -> tuple[int, int]:
        """The dealer (default: the player before the turn's) and whose turn it is (default: the
        player after the dealer's)."""
        dealer = None
        if field is not None:
            cursor = _Cursor(field, "'dealer'")
            dealer = self._seat(cursor.take("a player"))
            cursor.done()
        if dealer is None:
            dealer = players - 1 if turn is None else (turn - 1) % players
        if turn is None:
            turn = (dealer + 1) % players
        return dealer, turn

    def _players(self, field: _Field | None, none: bool = False) -> int:
        """The players a field lists after its word, as a bit mask: at least one, or ``-`` for
        none where ``none`` allows it."""
        if field is None:
            return 0
        return self._seats(_Cursor(field, repr(field.tokens[0].word)), none)

    def _seats(self, cursor: _Cursor, none: bool = False) -> int:
        """The players named by the rest of ``cursor``'s tokens, as a bit mask (at least one;
        ``-`` for none, where ``none`` allows it)."""
        first = cursor.take("a player")
        if none and first.text == "-" and not cursor.more():
            return 0
        mask = seat_bit(self._seat(first))
        while cursor.more():
            mask |= seat_bit(self._seat(cursor.take("a player")))
        return mask

    def _count(self, field: _Field | None) -> int:
        if field is None:
            return 0
        cursor = _Cursor(field, repr(field.tokens[0].word))
        value = _number(cursor.take("a number"), "a count", 0)
        cursor.done()
        return value

    def _emptied(self, field: _Field | None, players: int) -> int:
        if field is None:
            return 0
        cursor = _Cursor(field, "'emptied'")
        mask = 0
        while not mask or cursor.more():
            token = cursor.take("a player, or ever")
            mask |= seat_bit(players if token.word == "ever" else self._seat(token))
        return mask

    def _end(self, field: _Field | None) -> EndCause | None:
        if field is None:
            return None
        cursor = _Cursor(field, "'ended'")
        token = cursor.take("how the round ended")
        causes = [cause.value for cause in EndCause]
        if token.word not in causes:
            _fail(
                token.column,
                f"expected how the round ended ({', '.join(causes[:-1])} or {causes[-1]}), found "
                f"{_shown(token.text)}",
            )
        cursor.done()
        return EndCause(token.word)

    def _call(self, status: Status, players: int) -> Status:
        fields = self.fields
        caller, lap = NO_PLAYER, NO_FINAL_LAP
        if "called" in fields:
            cursor = _Cursor(fields["called"], "'called'")
            caller = self._seat(cursor.take("the player who called"))
            lap = players
            if cursor.more():
                token = cursor.word("lap")
                if "lap" in fields:
                    _fail(token.column, "the lap is given twice")
                lap = _number(cursor.take("the turns left"), "the final lap's turns", 0, players)
            cursor.done()
        if "lap" in fields:
            cursor = _Cursor(fields["lap"], "'lap'")
            lap = _number(cursor.take("the turns left"), "the final lap's turns", 0, players)
            cursor.done()
        return status.with_call(caller, lap)

    def _closing(self, field: _Field, players: int) -> int:
        cursor = _Cursor(field, "'closing'")
        if not cursor.more():
            return 0
        cursor.word("passed")
        mask = self._seats(cursor)
        if mask == (1 << players) - 1:
            _fail(field.tokens[1].column, "everybody passed: the round is over, not closing")
        return mask

    def _pending(self, table: Table) -> Offer | NoseRace | None:
        fields, deck = self.fields, self.deck
        offer, race = fields.get("offer"), fields.get("nose")
        if offer is not None and race is not None:
            later = max(offer, race, key=lambda f: f.column)
            _fail(later.column, "an offer and a nose race: at most one awaits an answer")
        if race is not None:
            cursor = _Cursor(race, "'nose race'")
            cursor.word("race")
            cursor.done()
            if not table.discard:
                _fail(race.column, "a nose race needs the cards together on the discard pile")
            return NoseRace(deck.match_keys[table.discard[-1]])
        if offer is not None:
            cursor = _Cursor(offer, "the offer")
            thrower = self._seat(cursor.take("the thrower"))
            cursor.word("for")
            owner = self._seat(cursor.take("the owner"))
            token = cursor.take("the slot")
            row = table.rows[owner]
            slot = _number(token, "the slot", 0)
            if slot >= len(row) or is_gap(row[slot]):
                what = "no card" if slot >= len(row) else "a gap"
                _fail(token.column, f"{self.names[owner]}'s slot {slot} holds {what}")
            penalty = True
            if cursor.more():
                cursor.word("nopenalty")
                penalty = False
            cursor.done()
            return Offer(thrower, owner, slot, penalty)
        return None

    # -- the queue ------------------------------------------------------------------------------

    def _queue(self, field: _Field | None) -> list[_Entry]:
        if field is None:
            return []
        entries: list[_Entry] = []
        cursor = _Cursor(field, "the queue")
        while True:
            actor = self._seat(cursor.take("a queue entry (NAME give, NAME owes NAME 7...)"))
            token = cursor.take("peek, spy, give, switch or owes")
            located = _LOCATED.fullmatch(token.text)
            word = (token.text if located is None else located.group("what")).casefold()
            depth = None if located is None else int(located.group("depth"))
            if word in _FUNCTIONS:
                entry = _Entry(len(entries) + 1, actor, _FUNCTIONS[word], token)
                if depth is not None:
                    entry.where = ("pile", depth, 0)
                    entry.where_token = token
            elif token.word == "owes":
                owner = self._seat(cursor.take("the player owed the card"))
                card = cursor.take("the thrown card's face")
                located = _LOCATED.fullmatch(card.text)
                face_word = card.text if located is None else located.group("what")
                if not _FACE.fullmatch(face_word):
                    _fail(
                        card.column,
                        "expected the thrown card's face (7, J, AJ or ?), found "
                        f"{_shown(card.text)}",
                    )
                entry = _Entry(
                    len(entries) + 1, actor, _face(face_word, card, self.deck), card, owner
                )
                if located is not None:
                    entry.where = ("pile", int(located.group("depth")), 0)
                    entry.where_token = card
                following = cursor.peek()
                if following is not None and following.word == "in":
                    if located is not None:
                        _fail(following.column, "the card is said to be in two places")
                    cursor.take("'in'")
                    place = cursor.take("draw or a player")
                    number = cursor.take("a number")
                    if place.word == "draw":
                        entry.where = ("draw", _number(number, "a place in the draw pile"), 0)
                    else:
                        slot = _number(number, "a slot")
                        entry.where = ("row", self._seat(place), slot)
                    entry.where_token = number
            else:
                _fail(
                    token.column,
                    f"expected peek, spy, give, switch or owes, found {_shown(token.text)}",
                )
            entries.append(entry)
            if not cursor.more():
                return entries
            cursor.word("then")

    def _locate(self, entries: list[_Entry]) -> dict[int, int]:
        """The place of each entry's card, by entry number: where the entry says, else by the
        rule of :meth:`_Places.default`, the entries taken from the last to the first."""
        found: dict[int, int] = {}
        taken: dict[bool, set[int]] = {True: set(), False: set()}
        for entry in reversed(entries):
            function = entry.is_function
            if entry.where is None:
                place = self.places.default(function, entry.face, taken[function])
                if place is None:
                    _fail(entry.token.column, self._not_found(entry))
            else:
                place = self._place(entry)
                written = self.places.faces[place]
                if entry.face not in (written, UNKNOWN):
                    assert entry.where_token is not None
                    _fail(
                        entry.where_token.column,
                        f"that card is written {face_text(written)}, not {face_text(entry.face)}",
                    )
            taken[function].add(place)
            found[entry.number] = place
        return found

    def _not_found(self, entry: _Entry) -> str:
        face = face_text(entry.face)
        who = self.names[entry.actor]
        if entry.is_function:
            word = _FUNCTION_WORDS[entry.face]
            return (
                f"no {face} left on the discard pile for {who}'s {word} (a waiting function's card "
                "lies there, each its own)"
            )
        return (
            f"no {face} left for the card {who} threw in for {self.names[entry.owner]}: say where "
            f"it is ({face}@N on the discard pile, in draw N, in NAME N)"
        )

    def _place(self, entry: _Entry) -> int:
        places = self.places
        assert entry.where is not None
        assert entry.where_token is not None
        kind, first, second = entry.where
        token = entry.where_token
        if kind == "pile":
            if first >= len(places.pile):
                _fail(token.column, f"no card @{first}: {_held('the discard pile', places.pile)}")
            return places.pile[-1 - first]
        if kind == "draw":
            if first >= len(places.draw):
                _fail(token.column, f"no card {first}: {_held('the draw pile', places.draw)}")
            return places.draw[first]
        slots = places.slots[first]
        if second >= len(slots) or slots[second] < 0:
            what = "a gap" if second < len(slots) else "no card"
            _fail(token.column, f"{self.names[first]}'s slot {second} holds {what}")
        return slots[second]

    def _gaps(
        self, seat: int, gaps: list[tuple[int, _Gap]], entries: list[_Entry]
    ) -> dict[int, int]:
        """Each gap's slot and the queue entry whose compensation card it waits for: a numbered
        gap that entry's, the others the compensation cards owed to the row's player in queue
        order, those of the numbered gaps left out."""
        owed = [e.number for e in entries if not e.is_function and e.owner == seat]
        found: dict[int, int] = {}
        for slot, gap in gaps:
            if gap.entry:
                if gap.entry not in owed:
                    _fail(
                        gap.token.column,
                        f"queue entry {gap.entry} is no compensation card owed to "
                        f"{self.names[seat]}",
                    )
                if gap.entry in found.values():
                    _fail(gap.token.column, f"a second gap for queue entry {gap.entry}")
                found[slot] = gap.entry
        left = [number for number in owed if number not in found.values()]
        for slot, gap in gaps:
            if not gap.entry:
                if not left:
                    _fail(
                        gap.token.column,
                        f"a gap, but no compensation card owed to {self.names[seat]} is left for "
                        f"it (queue: NAME owes {self.names[seat]} 7)",
                    )
                found[slot] = left.pop(0)
        return found


def _face(text: str, token: _Token, deck: Deck) -> int:
    word = text.casefold()
    if word == "?":
        return UNKNOWN
    if word == "j":
        return JOKER
    if word == "aj":
        return ASS_JOKER
    rank = int(word)
    if rank not in deck.key_counts:
        spec = deck.spec
        _fail(
            token.column,
            f"no {rank} in the deck: its ranks are {spec.first_rank} to {spec.last_rank}, "
            "and J and AJ",
        )
    return rank


def _not_a_name(text: str) -> str:
    key = _key(text)
    if key in _KEYWORDS:
        return f"{_shown(text)} is a word of the notation, not a player's name"
    if _FACE.fullmatch(key):
        return f"{_shown(text)} is a card, not a player's name"
    return (
        "expected a player's name (letters, digits and _ - ' ., with a letter), found "
        f"{_shown(text)}"
    )


def _held(pile: str, cards: list[int]) -> str:
    count = len(cards)
    return f"{pile} has {_count_words(count)} card{'s' if count != 1 else ''}"


def _too_many(total: int, deck: Deck) -> str:
    return f"too many cards: the position has {total}, the deck {len(deck)}"


def _card_ids(cards: list[_Card], deck: Deck) -> tuple[list[int], int]:
    """A card id for each card, in reading order: a stated face takes the lowest id of that face
    left; then each ``?`` the lowest id left of any face. The ids of the ``?`` cards as a bit
    mask."""
    free: dict[int, list[int]] = {}
    for card_id in reversed(range(len(deck))):
        free.setdefault(deck.faces[card_id], []).append(card_id)
    counts = Counter(deck.faces)
    ids = [NO_CARD] * len(cards)
    for k, card in enumerate(cards):
        if card.face == UNKNOWN:
            continue
        stack = free[card.face]
        if not stack:
            have = counts[card.face]
            _fail(
                card.token.column,
                f"a {_ordinal(have + 1)} {_face_words(card.face, 1)}: the deck has "
                f"{_count_words(have)}",
            )
        ids[k] = stack.pop()
    left = iter(sorted(card_id for stack in free.values() for card_id in stack))
    unknown = 0
    for k, card in enumerate(cards):
        if card.face == UNKNOWN:
            ids[k] = next(left)
            unknown |= card_bit(ids[k])
    return ids, unknown


def _ruleset_text(rules: Ruleset) -> str:
    """A ruleset as a header writes it: its nearest preset and the options that differ."""
    preset = rules.nearest_preset()
    options = sorted(rules.differences(Ruleset.preset(preset)).items())
    return " ".join([preset, *(f"{name}={_value_text(value)}" for name, value in options)])


def _value_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- writing --------------------------------------------------------------------------------------


class _Writer:
    def __init__(self, state: State, names: tuple[str, ...], unknown: int, count: bool) -> None:
        self.state = state
        self.names = names
        self.count = count
        t, f = state.table, state.flow
        # A queued function names its card's face (and the card lies face up on the pile).
        for effect in f.queue:
            if type(effect) is Function:
                unknown &= ~card_bit(effect.card)
        if count:
            for card in t.draw:
                unknown |= card_bit(card)
        self.unknown = unknown
        self.places = _Places()
        #: Each card's place.
        self.place: dict[int, int] = {}
        for row in t.rows:
            slots = []
            for card in row:
                if is_gap(card):
                    slots.append(-1)
                else:
                    slots.append(self._add(card, self.places.rows))
            self.places.slots.append(slots)
        if t.held >= 0:
            self._add(t.held, [])
        for card in t.discard:
            self._add(card, self.places.pile)
        for card in reversed(t.draw):
            self._add(card, self.places.draw)

    def _add(self, card: int, group: list[int]) -> int:
        place = self.places.add(self.written(card), group)
        self.place[card] = place
        return place

    def written(self, card: int) -> int:
        return UNKNOWN if (self.unknown >> card) & 1 else self.state.deck.faces[card]

    def card(self, card: int, owner: int, implied: int = NO_PLAYER) -> str:
        """A card with its marks: ``*`` everybody has seen it, else ``!`` for its owner and
        ``@NAME`` for each other player who has seen it (``implied``'s not written)."""
        t = self.state.table
        text = face_text(self.written(card))
        if (t.public >> card) & 1:
            return text + "*"
        for p in range(self.state.players):
            if p != implied and (t.private[p] >> card) & 1:
                text += "!" if p == owner else f"@{self.names[p]}"
        return text

    def text(self) -> str:
        s = self.state
        t, f = s.table, s.flow
        name = self.names
        fields = []
        header = self.header()
        if header:
            fields.append(header)
        for p, row in enumerate(t.rows):
            fields.append(f"{name[p]}: {' '.join(self.row(p, row)) or '-'}")
        if t.discard:
            under = [face_text(self.written(c)) for c in t.discard[:-1]]
            top = face_text(self.written(t.discard[-1]))
            fields.append(" ".join(["pile", *_runs(under), "top", top]))
        draw = self.draw()
        if draw:
            fields.append(draw)
        n = s.players
        default_turn = f.turn == (s.setup.dealer + 1) % n and f.stage in (Stage.DRAW, Stage.LOOK)
        if s.setup.dealer != (n - 1 if default_turn else (f.turn - 1) % n):
            fields.append(f"dealer {name[s.setup.dealer]}")
        if not default_turn:
            fields.append(self.turn())
        return " / ".join(fields + self.flow())

    def flow(self) -> list[str]:
        """The fields of the flow after the turn: who is still looking, the queue, what is
        pending, the lock-outs and the motion, the call, the round's end, the counters."""
        s = self.state
        f = s.flow
        st = f.status
        n = s.players
        name = self.names
        fields = []
        if f.stage is Stage.LOOK:
            fields.append(f"looking {self.players(st.looking) or '-'}")
        if f.queue:
            fields.append("queue " + " then ".join(self.queue()))
        pending = f.pending
        if isinstance(pending, Offer):
            penalty = "" if pending.penalty else " nopenalty"
            fields.append(
                f"offer {name[pending.thrower]} for {name[pending.owner]} {pending.slot}{penalty}"
            )
        elif isinstance(pending, NoseRace):
            fields.append("nose race")
        if f.lockout:
            fields.append(f"locked {self.players(f.lockout)}")
        if f.motion != NO_PLAYER:
            fields.append(f"motion {name[f.motion]}")
        if st.caller != NO_PLAYER:
            fields.append(f"called {name[st.caller]} lap {st.final_lap}")
        elif st.final_lap != NO_FINAL_LAP:
            fields.append(f"lap {st.final_lap}")
        if st.closing != NOT_CLOSING:
            passed = self.players(st.closing)
            fields.append(f"closing passed {passed}" if passed else "closing")
        if st.end is not None:
            fields.append(f"ended {st.end.value}")
        if st.emptied:
            emptied = [self.players(st.emptied & ((1 << n) - 1)), ""]
            if (st.emptied >> n) & 1:
                emptied[1] = "ever"
            fields.append(" ".join(["emptied", *filter(None, emptied)]))
        if f.turns:
            fields.append(f"turns {f.turns}")
        if f.reactions:
            fields.append(f"reactions {f.reactions}")
        if f.stale:
            fields.append("stale")
        return fields

    def header(self) -> str:
        """The preset (but the current one), the round (but the first), ``final`` or
        ``not-final`` where the round is not what the ruleset's rounds make it, the options that
        differ from the preset."""
        setup = self.state.setup
        rules = setup.ruleset
        preset = rules.nearest_preset()
        words = [] if preset == "current" else [preset]
        if setup.round_index:
            words.append(f"round {setup.round_index + 1}")
        if setup.final_round != (setup.round_index + 1 >= rules.rounds_for(setup.players)):
            words.append("final" if setup.final_round else "not-final")
        options = sorted(rules.differences(Ruleset.preset(preset)).items())
        words += [f"{name}={_value_text(value)}" for name, value in options]
        return " ".join(words)

    def players(self, mask: int) -> str:
        return " ".join(self.names[p] for p in range(self.state.players) if (mask >> p) & 1)

    def row(self, seat: int, row: tuple[int, ...]) -> list[str]:
        gaps = self.gaps(seat, row)
        return [
            gaps[slot] if is_gap(card) else self.card(card, seat) for slot, card in enumerate(row)
        ]

    def gaps(self, seat: int, row: tuple[int, ...]) -> dict[int, str]:
        """Each gap of ``seat``'s row: ``_`` when the gaps take the compensation cards owed to
        ``seat`` in queue order, else each numbered with its queue entry (``_2``)."""
        queue = self.state.flow.queue
        owed = [
            (number, effect.card)
            for number, effect in enumerate(queue, 1)
            if type(effect) is Compensation and effect.owner == seat
        ]
        slots = [slot for slot, card in enumerate(row) if is_gap(card)]
        if len(slots) <= len(owed) and all(
            row[slot] == gap_for(card) for slot, (_, card) in zip(slots, owed, strict=False)
        ):
            return dict.fromkeys(slots, "_")
        found: dict[int, str] = {}
        left = list(owed)
        for slot in slots:
            match = next((item for item in left if gap_for(item[1]) == row[slot]), None)
            if match is None:
                raise ValueError(
                    f"state: a gap in P{seat}'s row whose compensation card is not owed"
                )
            left.remove(match)
            found[slot] = f"_{match[0]}"
        return found

    def draw(self) -> str:
        t = self.state.table
        if self.count:
            return f"draw {len(t.draw)}"
        tokens = [self.card(card, NO_PLAYER) for card in reversed(t.draw)]
        if all(token == "?" for token in tokens):
            return ""  # the rest of the deck, faces unknown: the default
        tokens = _runs(tokens)
        if len(tokens) == 1 and _NUMBER.fullmatch(tokens[0]):
            return f"draw top {tokens[0]}"  # ``draw 7`` is a count
        return " ".join(["draw", *tokens])

    def turn(self) -> str:
        s = self.state
        f, t = s.flow, s.table
        who = self.names[f.turn]
        if f.stage is Stage.DECIDE:
            if t.held < 0:
                raise ValueError("state: the turn is at its decision, but no card is held")
            return f"{who} holds {self.card(t.held, f.turn, implied=f.turn)}"
        if t.held >= 0:
            raise ValueError("state: a card is held outside the turn's decision")
        return f"{who} played" if f.stage is Stage.DONE else f"{who} to draw"

    def queue(self) -> list[str]:
        """The entries, each card found by the rule of :meth:`_Places.default` where it can be,
        else located (``@N``, ``in draw N``, ``in NAME N``)."""
        queue = self.state.flow.queue
        places = self.places
        taken: dict[bool, set[int]] = {True: set(), False: set()}
        located: dict[int, str] = {}
        for number in reversed(range(len(queue))):
            effect = queue[number]
            function = type(effect) is Function
            place = self.place[effect.card]
            face = places.faces[place]
            default = places.default(function, face, taken[function])
            where = ""
            if default != place:
                where = self.where(place, function)
                if (
                    self.count
                    and face == UNKNOWN
                    and not where.startswith("@")
                    and default is not None
                ):
                    # Which unseen card it is, is hidden: any ``?`` card will do.
                    where, place = "", default
            taken[function].add(place)
            located[number] = where
        entries = []
        for number, effect in enumerate(queue):
            where = located[number]
            if isinstance(effect, Function):
                word = _FUNCTION_WORDS[self.state.deck.functions[effect.card]]
                entries.append(f"{self.names[effect.executor]} {word}{where}")
            else:
                written = face_text(places.faces[self.place[effect.card]])
                glue = "" if where.startswith("@") or not where else " "
                thrower, owner = self.names[effect.thrower], self.names[effect.owner]
                entries.append(f"{thrower} owes {owner} {written}{glue}{where}")
        return entries

    def where(self, place: int, function: bool) -> str:
        places = self.places
        if place in places.pile:
            return f"@{len(places.pile) - 1 - places.pile.index(place)}"
        if not function and place in places.draw:
            return f"in draw {places.draw.index(place)}"
        if not function:
            for seat, slots in enumerate(places.slots):
                if place in slots:
                    return f"in {self.names[seat]} {slots.index(place)}"
        raise ValueError("state: a queued card is where a position cannot say")


def _runs(tokens: list[str]) -> list[str]:
    """``tokens`` with each run of two or more unmarked ``?`` written ``?xN``."""
    out: list[str] = []
    run = 0
    for token in [*tokens, ""]:
        if token == "?":
            run += 1
            continue
        if run:
            out.append("?" if run == 1 else f"?x{run}")
            run = 0
        if token:
            out.append(token)
    return out


# -- the public functions -------------------------------------------------------------------------


def _checked_state(state: object) -> State:
    checked = is_state(state)
    if isinstance(checked.flow.pending, Chance):
        raise ValueError(
            f"state: a chance node ({checked.flow.pending.kind.value}) has no position: take "
            "chance's outcome first"
        )
    if checked.ruleset.deck != DeckSpec():
        raise ValueError(
            f"state: a position is written for the default deck, not {checked.ruleset.deck}"
        )
    return checked


def _unknown(value: object, deck: Deck) -> int:
    if type(value) is not int:
        raise TypeError(
            f"unknown must be an int (a bit mask of card ids), not {type(value).__name__}"
        )
    if value < 0 or value >> len(deck):
        raise ValueError(f"unknown must be a bit mask of the deck's {len(deck)} card ids")
    return value


def position(
    state: State,
    names: Sequence[str] | None = None,
    *,
    unknown: int = 0,
    draw: Literal["faces", "count"] = "faces",
) -> str:
    """The position of ``state``, one line: the players named ``names`` (seat order; default
    ``P0``, ``P1``...; a name that is no name token, or the same as another in any case, is
    written by seat), the cards of ``unknown`` (a bit mask of card ids) written ``?``, the draw
    pile card by card (``draw="faces"``) or as a count (``"count"``, which makes every card of
    it ``?``).

    The cards of the functions waiting in the queue are never ``?``: the queue names their faces.
    In ``"count"`` mode a compensation card whose face is ``?`` is not located where the rule
    of the queue does not find it (which unseen card it is stays hidden).

    :class:`TypeError` or :class:`ValueError` naming the argument for arguments of the wrong type
    or value; :class:`ValueError` for a state at a chance node (it has no table yet), or played
    with another deck than the default one (:rule:`ruling.deck-composition`)."""
    checked = _checked_state(state)
    who = _player_names(names, checked.players)
    mask = _unknown(unknown, checked.deck)
    mode: object = draw
    if type(mode) is not str:
        raise TypeError(f"draw must be 'faces' or 'count', not {type(mode).__name__}")
    if mode not in ("faces", "count"):
        raise ValueError(f"draw must be 'faces' or 'count', not {_shown(mode)}")
    return _Writer(checked, who, mask, mode == "count").text()


def read_position(
    text: str,
    ruleset: Ruleset | None = None,
    *,
    names: Sequence[str] | None = None,
    seed: int | str = 0,
) -> Position:
    """The :class:`Position` ``text`` writes; :class:`PositionError` (one line, naming the column)
    if it writes none.

    Without a header the ruleset is ``ruleset``, else the current edition's; with one that names
    a preset or options, it must be ``ruleset`` if that is given. ``names`` (seat order) name the
    rows the text names by seat (``P0: ...``); a row that names its player must agree with them.
    ``seed`` plays the chance that follows (a reshuffle, a random nose race), as for
    :func:`~sabai_rules.play.layout.layout`. :class:`TypeError` or :class:`ValueError` naming the
    argument for arguments of the wrong type or value."""
    if type(text) is not str:
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    rules = None if ruleset is None else instance(ruleset, Ruleset, "ruleset")
    if rules is not None and rules.deck != DeckSpec():
        raise ValueError(f"ruleset: a position is written for the default deck, not {rules.deck}")
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)):
        raise TypeError(f"names must be a sequence of texts, not {type(names).__name__}")
    for name in names or ():
        if type(name) is not str:
            raise TypeError(f"names must hold texts, not {type(name).__name__}")
    return _Reader(text, rules, names, chance.check_seed(seed)).read()


def from_position(
    text: str,
    ruleset: Ruleset | None = None,
    *,
    names: Sequence[str] | None = None,
    seed: int | str = 0,
) -> State:
    """The state ``text`` writes, when it states every face (a referee's full position);
    :class:`ValueError` if it leaves cards ``?`` (:func:`read_position` gives them faces), and
    :class:`PositionError` if it is no position."""
    found = read_position(text, ruleset, names=names, seed=seed)
    if found.unknown:
        count = bin(found.unknown).count("1")
        raise ValueError(
            f"the position leaves {count} card{'s' if count != 1 else ''} '?' (faces not "
            "stated): read_position gives them the faces the deck has left"
        )
    return found.state


def display_state(state: State, unknown: int) -> State:
    """``state`` with the cards of ``unknown`` (a bit mask of card ids) shown as
    :data:`~sabai_rules.model.cards.UNKNOWN` (``?``): what renderers draw of a position read
    (:meth:`~sabai_rules.model.cards.Deck.with_faces`). For pictures and text only: its deck is not
    the rules' deck."""
    checked = is_state(state)
    mask = _unknown(unknown, checked.deck)
    if not mask:
        return checked
    deck = checked.deck
    faces = [UNKNOWN if (mask >> c) & 1 else face for c, face in enumerate(deck.faces)]
    setup = attrs.evolve(checked.setup, deck=deck.with_faces(faces))
    return State(setup, checked.table, checked.flow)
