"""Every cache the library keeps from one call to the next, declared in one place, with its bound.

The rules never depend on a cache: each one keeps values that are built the same way every time
(tuples of actions, the slots of a view, a deck's face codes...), so that a process asks for them
once. The module that fills a cache binds it to a final global of its own (compiled, a final
global is a C static, any other a lookup at every use); :data:`MEMOS` names each one, its bound
and what it holds, and ``tests/test_memo.py`` plays games of every table size and checks that no
cache grows past its bound and that every module-level cache of the package is declared here.

**Bounds.** A cache whose keys come from a small set (a table size, a seat pattern) is bounded by
that set; any other is emptied when it reaches its bound, before its next entry
(:func:`remember`, or the same two lines where a cache is filled on the hot path).

**Threads.** A cache is filled by assigning one entry, or by replacing a one-entry slot whole;
the few entries that are tables filled as they are met (the views' slot tables and paddings, an
action space's move indices) are filled element by element, each element the one value any
thread would compute. Two threads may build the same entry twice and one of them wins, and an
emptying may drop what another thread stored a moment before: either way each finds an entry
equal to what it would have built (``tests/engine/test_threads.py``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

import attrs

__all__ = ["MEMOS", "Memo", "remember"]


@attrs.frozen
class Memo:
    """One cache: its ``name`` (the module and what it keeps), the most entries it holds
    (``bound``), and what it keeps by what key (``holds``). ``kind`` is ``"dict"`` (a
    dictionary here), ``"slot"`` (a list of one-entry slots, each replaced whole) or
    ``"functools"`` (a ``functools.lru_cache`` of ``maxsize`` ``bound`` on the named
    function)."""

    name: str
    bound: int
    holds: str
    kind: str = "dict"


def remember(cache: dict[Any, Any], bound: int, key: Hashable, value: Any) -> Any:
    """Keep ``value`` under ``key`` in ``cache``, emptying it first if it holds ``bound``
    entries."""
    if len(cache) >= bound:
        cache.clear()
    cache[key] = value
    return value


# -- the engine ---------------------------------------------------------------------------------

#: sabai_rules.engine.enumeration: the lists of legal actions by the key of what legality read for
#: them, and the rows of actions of one kind by their fields (so a new table shape costs no new
#: actions).
ACTION_LISTS: Final[dict[Any, Any]] = {}
#: sabai_rules.engine.enumeration: what the throw-ins' listing asks of the last ruleset listed.
RULESET_ANSWERS: Final[list[Any]] = []
#: sabai_rules.engine.enumeration: whose rows each thrower may throw in from, by table size.
THROWERS_OWNERS: Final[dict[Any, Any]] = {}

# -- the views and observations -----------------------------------------------------------------

#: sabai_rules.play.views: a view's slots (a face or none, who has seen the card).
VIEW_SLOTS: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: the seats of a bit pattern of seats.
VIEW_SEATS: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: rows as seen, by deck, row, viewer and what each player has seen.
VIEW_ROWS: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: each deck's face codes, by the identity of its faces (checked).
FACE_CODES: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: the face codes last asked for.
LAST_FACE_CODES: Final[list[Any]] = [None]
#: sabai_rules.play.views: the table's knowledge at the last observation.
LAST_MASKS: Final[list[Any]] = [None]
#: sabai_rules.play.views: the packers of C ints or floats, by count and form.
PACKERS: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: the discard pile's counts of the last observation, as ints and floats.
LAST_DISCARDS: Final[list[Any]] = [None, None]
#: sabai_rules.play.views: the values of each slot as a viewer sees it, by table size, number of
#: face codes and form.
SLOT_TABLES: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: a row's padding, by table size and form.
ZEROS: Final[dict[Any, Any]] = {}
#: sabai_rules.play.views: the rows of the last observation.
LAST_ROWS: Final[list[Any]] = [None]

# -- the frameworks' episodes -------------------------------------------------------------------

#: sabai_rules.play.episode: per action space (by identity, held), its memo of move indices.
MOVE_INDICES: Final[dict[Any, Any]] = {}
#: sabai_rules.play.episode: the (outcome, probability) pairs of a uniform chance node, by count.
UNIFORM_OUTCOMES: Final[dict[Any, Any]] = {}
#: sabai_rules.play.episode: runs of consecutive move indices, by first index and length.
CONSECUTIVE: Final[dict[Any, Any]] = {}
#: sabai_rules.play.episode: who declined, as C ints and floats, by pattern and table size.
DECLINED: Final[dict[Any, Any]] = {}

#: The most seats of a table (:rule:`setup.players`), and so the most table sizes (two to twelve).
_SEATS: Final = 12
_TABLE_SIZES: Final = 11

#: Every cache, by the name of the global above (or, for ``functools``, the cached function).
MEMOS: Final[dict[str, Memo]] = {
    "ACTION_LISTS": Memo(
        "engine.enumeration: lists and rows of actions", 20_000, "tuples of actions by key"
    ),
    "RULESET_ANSWERS": Memo(
        "engine.enumeration: the last ruleset's answers", 1, "one entry", kind="slot"
    ),
    "THROWERS_OWNERS": Memo(
        "engine.enumeration: whose rows a thrower reaches", _TABLE_SIZES, "by table size"
    ),
    "VIEW_SLOTS": Memo("play.views: slots as seen", 8192, "SlotView by face and seat pattern"),
    "VIEW_SEATS": Memo("play.views: seats of a pattern", 1 << _SEATS, "by bit pattern of seats"),
    "VIEW_ROWS": Memo("play.views: rows as seen", 8192, "by deck, row, viewer and knowledge"),
    "FACE_CODES": Memo("play.views: face codes", 8192, "by deck"),
    "LAST_FACE_CODES": Memo("play.views: face codes last asked for", 1, "one", kind="slot"),
    "LAST_MASKS": Memo("play.views: last knowledge", 1, "one", kind="slot"),
    "PACKERS": Memo("play.views: struct packers", 256, "by count and form"),
    "LAST_DISCARDS": Memo("play.views: last discard pile", 2, "ints and floats", kind="slot"),
    "SLOT_TABLES": Memo("play.views: slot values", 256, "by table size, face codes and form"),
    "ZEROS": Memo("play.views: row padding", 2 * _TABLE_SIZES, "by table size and form"),
    "LAST_ROWS": Memo("play.views: last rows", 1, "one", kind="slot"),
    "MOVE_INDICES": Memo("play.episode: move indices", 64, "by action space"),
    "UNIFORM_OUTCOMES": Memo("play.episode: uniform chance", 256, "by number of outcomes"),
    "CONSECUTIVE": Memo("play.episode: runs of indices", 1 << 16, "by first index and length"),
    "DECLINED": Memo("play.episode: declines", 1 << (_SEATS + 4), "by pattern and table size"),
    "sabai_rules.engine.dealing._deck": Memo(
        "engine.dealing: decks", 32, "Deck by deck spec", kind="functools"
    ),
    "sabai_rules.play.space._action_space": Memo(
        "play.space: action spaces", 64, "by ruleset and table size", kind="functools"
    ),
    "sabai_rules.referee.picture._width": Memo(
        "referee.picture: text widths", 4096, "by text, size and weight", kind="functools"
    ),
    "sabai_rules.model.catalogue.default": Memo(
        "model.catalogue: the shipped catalogue", 1, "one", kind="functools"
    ),
}
