"""Cards and decks.

Every physical card has an identity, a small integer (its *card id*), so that the engine can
follow a card wherever it moves and know who has seen it. A card's *face* is what is printed on
it: a rank (1 to 14 in the default deck), a plain joker or the Ass Joker. Ranks 11 to 14 are the
function cards (11 peek, 12 spy, 13 give, 14 switch), see :rule:`function.execute`.

The deck is an option of the ruleset (:class:`DeckSpec`). **The default deck is an assumption**:
no published text lists the cards (:rule:`ruling.deck-composition`).

>>> deck = Deck.from_spec(DeckSpec())
>>> len(deck)
60
>>> deck.name(deck.ass_joker)
'Ass Joker'
>>> [deck.name(c) for c in deck.card_ids(13)]
['13 give', '13 give', '13 give', '13 give']
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import attrs

from sabai_rules.model.deciders import decides

__all__ = [
    "ASS_JOKER",
    "FUNCTION_NAMES",
    "GIVE",
    "JOKER",
    "JOKER_FAMILY",
    "MAX_DECK_SIZE",
    "MAX_FACE_TEXT",
    "PEEK",
    "SPY",
    "SWITCH",
    "UNKNOWN",
    "Deck",
    "DeckSpec",
    "face_name",
    "face_text",
    "parse_face",
]

#: The face of a plain joker.
JOKER: Final = 100
#: The face of the Ass Joker (the older edition's Cursed Joker).
ASS_JOKER: Final = 101
#: The face of a card whose face is not known: a card of a table nobody can name, or one a record
#: does not state. Printed ``?``; never the face of a card of a deck.
UNKNOWN: Final = 102
#: The match key shared by every joker for throwing in (:rule:`ruling.joker-family`).
JOKER_FAMILY: Final = 100

PEEK: Final = 11
SPY: Final = 12
GIVE: Final = 13
SWITCH: Final = 14
#: The most cards a deck may hold: four times the default deck, far more than a table of 12 (who
#: are dealt 48) needs; a bound, so that a mistyped ``copies`` cannot exhaust time or memory.
MAX_DECK_SIZE: Final = 240
#: The longest text a face is written as (``"  14 switch "``): longer is no card, whatever it
#: holds, and is refused before it is parsed.
MAX_FACE_TEXT: Final = 30

#: The function cards and their printed names (:rule:`function.peek` ... :rule:`function.switch`).
FUNCTION_NAMES: Final = {PEEK: "peek", SPY: "spy", GIVE: "give", SWITCH: "switch"}


def face_name(face: int) -> str:
    """``"7"``, ``"13 give"``, ``"Joker"``, ``"Ass Joker"``, or ``"?"`` for :data:`UNKNOWN`."""
    if face == UNKNOWN:
        return "?"
    if face == JOKER:
        return "Joker"
    if face == ASS_JOKER:
        return "Ass Joker"
    if face in FUNCTION_NAMES:
        return f"{face} {FUNCTION_NAMES[face]}"
    return str(face)


def face_text(face: int) -> str:
    """A face as records and positions write it, short enough to type: ``"7"``, ``"13"``,
    ``"J"``, ``"AJ"``, or ``"?"`` for :data:`UNKNOWN` (:func:`parse_face` reads each back).

    >>> [face_text(parse_face(text, unknown=True)) for text in ("13 give", "joker", "aj", "?")]
    ['13', 'J', 'AJ', '?']
    """
    if face == UNKNOWN:
        return "?"
    if face == JOKER:
        return "J"
    if face == ASS_JOKER:
        return "AJ"
    return str(face)


#: ASCII only, on purpose: ``\d`` and case folding would accept other scripts' digits (Arabic-Indic
#: U+0661, fullwidth U+FF11) and look-alike letters (the Kelvin sign U+212A for "k"), which no
#: record means and the JSON Schema refuses.
_FACE = re.compile(
    r"\s*(?:(-?[0-9]+)(?:\s+(peek|spy|give|switch))?|(joker|j)|(ass[ -]?joker|aj))\s*",
    re.IGNORECASE | re.ASCII,
)


def parse_face(text: str, *, unknown: bool = False) -> int:
    """The face named by ``text``: ``"7"``, ``"13"``, ``"13 give"``, ``"joker"``/``"J"``,
    ``"Ass Joker"``/``"AJ"`` (ASCII digits and letters, any case, spaces around); with
    ``unknown``, also ``"?"`` for a card whose face is not known (:data:`UNKNOWN`). Raises
    :class:`ValueError` naming the text (an excerpt of a long one) otherwise.

    >>> parse_face(" 13 Give"), parse_face("aj") == ASS_JOKER
    (13, True)
    >>> parse_face("1O")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1O'
    """
    if unknown and text.strip() == "?":
        return UNKNOWN
    match = _FACE.fullmatch(text) if len(text) <= MAX_FACE_TEXT else None
    if match is None:
        raise ValueError(f"not a card: {reprlib.repr(text)}")
    number, function, joker, ass = match.groups()
    if joker:
        return JOKER
    if ass:
        return ASS_JOKER
    rank = int(number)
    if function is not None and FUNCTION_NAMES.get(rank) != function.lower():
        raise ValueError(f"not a card: {text!r} ({rank} is not {function.lower()})")
    return rank


@attrs.frozen
class DeckSpec:
    """What a deck holds: the ranks ``first_rank..last_rank`` in ``copies`` copies each,
    ``plain_jokers`` jokers and, if ``ass_joker``, the Ass Joker.

    The default (ranks 1-14 four times, three jokers and the Ass Joker: 60 cards) is an
    **assumption** (:rule:`ruling.deck-composition`). A deck holds at most
    :data:`MAX_DECK_SIZE` cards:

    >>> DeckSpec(copies=2_000_000)
    Traceback (most recent call last):
    ...
    ValueError: copies=2000000 makes a deck of 28,000,004 cards; a deck holds at most 240 (...)
    """

    first_rank: int = 1
    last_rank: int = 14
    copies: int = 4
    plain_jokers: int = 3
    ass_joker: bool = True

    def __attrs_post_init__(self) -> None:
        # A bool is an int to isinstance: "ass_joker='no'" or "copies=True" is a mistake.
        for name in ("first_rank", "last_rank", "copies", "plain_jokers"):
            value: object = getattr(self, name)
            if type(value) is not int:
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if type(self.ass_joker) is not bool:
            raise TypeError(f"ass_joker must be a bool, not {type(self.ass_joker).__name__}")
        if self.first_rank > self.last_rank:
            raise ValueError(f"first_rank {self.first_rank} is above last_rank {self.last_rank}")
        if not (self.first_rank <= PEEK and self.last_rank >= SWITCH):
            raise ValueError("the ranks must include the function cards 11 to 14")
        if self.last_rank >= JOKER or self.first_rank < -50:
            raise ValueError("ranks must lie between -50 and 99")
        if self.copies < 1 or self.plain_jokers < 0:
            raise ValueError("copies must be at least 1 and plain_jokers at least 0")
        if self.size > MAX_DECK_SIZE:
            # Name the argument that makes the deck too large: the copies of the ranks, or the
            # jokers (the ranks alone, -50 to 99, are never too many).
            ranks = self.last_rank - self.first_rank + 1
            culprit = (
                f"plain_jokers={reprlib.repr(self.plain_jokers)}"
                if self.plain_jokers > ranks * self.copies
                else f"copies={reprlib.repr(self.copies)}"
            )
            cards = f"{self.size:,}" if self.size < 10**9 else "over a billion"
            raise ValueError(
                f"{culprit} makes a deck of {cards} cards; a deck holds at most "
                f"{MAX_DECK_SIZE} (ruling.deck-composition)"
            )

    def __str__(self) -> str:
        jokers = f"{self.plain_jokers} jokers"
        ass = " + Ass Joker" if self.ass_joker else ""
        return f"ranks {self.first_rank}-{self.last_rank} x{self.copies} + {jokers}{ass}"

    @property
    def size(self) -> int:
        ranks = self.last_rank - self.first_rank + 1
        return ranks * self.copies + self.plain_jokers + int(self.ass_joker)

    def faces(self) -> tuple[int, ...]:
        """The face of every card id, in card-id order: ranks ascending, then the jokers."""
        faces = [r for r in range(self.first_rank, self.last_rank + 1) for _ in range(self.copies)]
        faces += [JOKER] * self.plain_jokers
        if self.ass_joker:
            faces.append(ASS_JOKER)
        return tuple(faces)


def _match_key(face: int) -> int:
    """The match key of a face, which cards identical to it share: its rank, or the jokers' one,
    the Ass Joker's included."""
    return JOKER_FAMILY if face in (JOKER, ASS_JOKER) else face


decides(_match_key, "ruling.joker-family")


@attrs.frozen(eq=False)
class Deck:
    """A deck with precomputed tables, shared by every state of a game.

    Card ids run from 0 to ``len(deck) - 1``; :attr:`faces` gives each id's face.
    """

    spec: DeckSpec
    faces: tuple[int, ...]
    #: Two cards are identical for throwing in iff their match keys are equal.
    match_keys: tuple[int, ...]
    #: The function rank (11-14) of each card, 0 for a card without a function.
    functions: tuple[int, ...]
    #: How many cards share each match key (four per rank: :rule:`four-together.touch-nose`).
    key_counts: dict[int, int] = attrs.field(repr=False)
    #: The card id of the Ass Joker, or -1.
    ass_joker: int

    @classmethod
    def from_spec(cls, spec: DeckSpec) -> Deck:
        faces = spec.faces()
        keys = tuple(_match_key(f) for f in faces)
        counts: dict[int, int] = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        return cls(
            spec=spec,
            faces=faces,
            match_keys=keys,
            functions=tuple(f if f in FUNCTION_NAMES else 0 for f in faces),
            key_counts=counts,
            ass_joker=faces.index(ASS_JOKER) if ASS_JOKER in faces else -1,
        )

    def __len__(self) -> int:
        return len(self.faces)

    def with_faces(self, faces: Sequence[int]) -> Deck:
        """This deck with ``faces`` for its cards, card id by card id: the same cards dealt in
        another way (a permutation of :attr:`faces`), some of them perhaps :data:`UNKNOWN`. The
        referee plays a record whose faces are not all stated on such decks, one for each way
        the unstated faces may be (:mod:`sabai_rules.referee.unknown`). An unknown card matches
        no card, has no function and is no Ass Joker; the cards of each rank are counted as the
        spec deals them (:attr:`key_counts`)."""
        faces = tuple(faces)
        if len(faces) != len(self.faces):
            raise ValueError(f"a deck of {len(self.faces)} cards, not {len(faces)}")
        return self.with_changes(
            {c: f for c, (f, g) in enumerate(zip(faces, self.faces, strict=True)) if f != g}
        )

    def with_changes(self, changes: Mapping[int, int]) -> Deck:
        """This deck with the cards of ``changes`` (card id -> face) given those faces (see
        :meth:`with_faces`); itself if nothing changes."""
        if not changes:
            return self
        faces, keys, functions = list(self.faces), list(self.match_keys), list(self.functions)
        for card, face in changes.items():
            faces[card] = face
            # An unknown card's match key is its own (below every face): it matches none.
            keys[card] = _match_key(face) if face != UNKNOWN else -1000 - card
            functions[card] = face if face in FUNCTION_NAMES else 0
        ass = self.ass_joker
        if ass in changes or ASS_JOKER in changes.values():
            ass = faces.index(ASS_JOKER) if ASS_JOKER in faces else -1
        return Deck(
            spec=self.spec,
            faces=tuple(faces),
            match_keys=tuple(keys),
            functions=tuple(functions),
            key_counts=self.key_counts,
            ass_joker=ass,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return False
        # Compared as objects: mypyc compiles ``==`` between two DeckSpec-typed values (whose
        # __eq__ attrs writes at run time) as identity. Two decks of one spec whose cards have
        # other faces (:meth:`with_faces`) are other decks.
        spec: object = other.spec
        faces: object = other.faces
        return spec == self.spec and (faces is self.faces or faces == self.faces)

    def __hash__(self) -> int:
        return hash(self.spec)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.faces)))

    def name(self, card: int) -> str:
        """The face of card id ``card``, as printed (``"13 give"``)."""
        return face_name(self.faces[card])

    def card_ids(self, face: int) -> tuple[int, ...]:
        """Every card id with that face."""
        return tuple(c for c, f in enumerate(self.faces) if f == face)

    def is_joker(self, card: int) -> bool:
        """True for a plain joker and for the Ass Joker (:rule:`ruling.joker-family`)."""
        return self.match_keys[card] == JOKER_FAMILY

    def ids_for_faces(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Card ids for a sequence of faces that uses every card of the deck exactly once:
        the n-th occurrence of a face gets that face's n-th card id. Raises :class:`ValueError`
        naming the first face that is missing, extra or not in the deck."""
        free: dict[int, list[int]] = {}
        for card in reversed(range(len(self.faces))):
            free.setdefault(self.faces[card], []).append(card)
        ids = []
        for index, face in enumerate(faces):
            stack = free.get(face)
            if not stack:
                what = "not in this deck" if face not in free else "one too many"
                raise ValueError(f"card {index}: {face_name(face)} is {what} ({self.spec})")
            ids.append(stack.pop())
        missing = [face_name(f) for f, stack in free.items() for _ in stack]
        if missing:
            raise ValueError(
                f"the order lacks {len(missing)} card(s) of the deck: {', '.join(missing[:5])}"
            )
        return tuple(ids)
