r"""Pictures, as SVG: the table, one card, and the diagrams of a turn and of the end of a round.

:func:`table_svg` draws the table as :func:`~sabai_rules.referee.render.render_table` writes it:
every row card by card by slot, the piles, the dealer, whose turn it is, who is locked out and what
is pending; every face for the referee, or, for one player, exactly what
:func:`~sabai_rules.play.views.view` lets that player know. The picture is drawn from that view
alone, so nothing hidden from the player reaches it: no face, no card id, no title or comment giving
one away.
:func:`card_svg` draws one card; :func:`turn_diagram` and :func:`round_end_diagram` draw the flow of
a turn and of the end of a round, each box citing the rules it shows.

Every picture is a standalone ``<svg>`` element written with the standard library alone: the
cards drawn once, as one ``<symbol>`` per kind of card in its ``<defs>`` (those it uses), each
card a ``<use>`` of its kind; a ``<title>`` and ``role="img"`` with an ``aria-label`` that sums it
up in the reader's language; a ``viewBox`` and ``width="100%"``, no pixel size, 360 units wide so
that a phone shows it at about its natural size (rows of more than eight cards wrap); the system's
sans-serif font. The same arguments give the same bytes. The ids inside a picture start with its
``ident`` (a name, ``"sabai"`` by default): pictures in one page need different ones. A table's
parts are groups: ``<ident>-draw``, ``-discard``, ``-held`` (the drawn card), ``-pending``, and
``-row-<seat>`` for each player's row.

>>> from sabai_rules.play.layout import layout
>>> state = layout(rows=[["7", "13"], ["J", "AJ", "2"]], discard=["5"], turn=0, lockout=[1])
>>> svg = table_svg(state, ["Anna", "Ben"], as_player=1, lang="fr")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="fr"')
True
>>> "Ben\u00a0: 3 cartes (vous, distribue, blocage)" in svg  # a screen reader's words for Ben's row
True
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from sabai_rules.model.arguments import instance, is_state, seat
from sabai_rules.model.cards import ASS_JOKER, FUNCTION_NAMES, JOKER, UNKNOWN, face_name
from sabai_rules.model.catalogue import EDITION_OF, EDITIONS, Edition, check_language
from sabai_rules.play.views import GAP, PlayerView, SlotView, view
from sabai_rules.referee.i18n import colon, label, semicolon
from sabai_rules.state import State

__all__ = ["card_svg", "round_end_diagram", "table_svg", "turn_diagram"]

#: The width of every picture, in its own units: about a phone's width in CSS pixels.
WIDTH: Final = 360
_MARGIN: Final = 10
CARD_WIDTH: Final = 34
CARD_HEIGHT: Final = 48
#: From one card of a row to the next.
_PITCH: Final = 40
#: Cards in one line of a row; a longer row wraps.
CARDS_PER_LINE: Final = 8
_PAD: Final = 8

_FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_INK: Final = "#1f2937"
_MUTED: Final = "#4b5563"
_FELT: Final = "#f3f4ef"
_PANEL: Final = "#ffffff"
_EDGE: Final = "#d1d5db"
_TURN_FILL: Final = "#fef3c7"
_TURN_EDGE: Final = "#b45309"
_STATUS_FILL: Final = "#fff7ed"
#: Chips, white text on these (contrast 5:1 and more).
_CHIPS: Final = {
    "dealer": "#374151",
    "turn": "#92400e",
    "locked": "#b91c1c",
    "you": "#1d4ed8",
    "caller": "#047857",
}

#: The kinds of card, each one ``<symbol>``, in the order the ``<defs>`` lists them.
_KINDS: Final = ("number", "peek", "spy", "give", "switch", "joker", "ass-joker", "back")

_IDENT: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)
#: What XML 1.0 cannot hold, even as a character reference.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# -- text -----------------------------------------------------------------------------------------


def _escape(text: str) -> str:
    """``text`` as XML character data or an attribute value: markup escaped, and what XML cannot
    hold (control characters, lone surrogates) written as ``repr`` writes it."""
    text = _NOT_XML.sub(lambda m: repr(m.group())[1:-1], text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _em(char: str) -> float:
    """About how wide ``char`` is in a sans-serif font, in ems: on the wide side (DejaVu Sans, a
    common fallback), so that text laid out for it fits narrower fonts too."""
    if char in ".,:;'!|il\u00a0":
        return 0.3
    if char == " ":
        return 0.32
    if char in "fjtrI()[]-/":
        return 0.4
    if char in "mwMW":
        return 0.92
    if char.isdigit():
        return 0.64
    if char.isupper():
        return 0.72
    if unicodedata.east_asian_width(char) in "WF":
        return 1.0
    return 0.6


@functools.lru_cache(maxsize=4096)
def _width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is at font size ``size`` (a measure for laying out, not exact)."""
    return sum(map(_em, text)) * size * (1.1 if bold else 1.0)


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width``, broken at spaces only (a no-break space holds,
    so a French colon stays with its word); a word wider than a line has a line of its own."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and _width(candidate, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return lines


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width``."""
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def _n(value: float) -> str:
    """A coordinate, as short as it can be written (to a tenth)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: str = _INK,
    bold: bool = False,
    anchor: str = "",
    italic: bool = False,
) -> str:
    attributes = f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
    if bold:
        attributes += ' font-weight="700"'
    if italic:
        attributes += ' font-style="italic"'
    if anchor:
        attributes += f' text-anchor="{anchor}"'
    return f"<text {attributes}>{_escape(text)}</text>"


class _Words:
    """The labels of one language (French punctuation is set in them, with its no-break
    spaces), and the punctuation between them."""

    def __init__(self, lang: str) -> None:
        self.lang = check_language(lang)
        self.french = self.lang == "fr"
        #: Between a label and what it labels.
        self.colon = colon(self.lang)
        self.semicolon = semicolon(self.lang)

    def __call__(self, key: str) -> str:
        return label(self.lang, key)

    def cards(self, count: int) -> str:
        one = count == 1 or (self.french and count == 0)
        return self("picture.one-card") if one else self("picture.cards").format(count=count)

    def face(self, face: int | None) -> str:
        """A card as the summary names it."""
        if face is None:
            return self("card.back")
        if face == JOKER:
            return self("card.joker")
        if face == ASS_JOKER:
            return self("card.ass-joker")
        if face == UNKNOWN:
            return self("card.unknown")
        return face_name(face)


def _root(ident: str, width: float, height: float, summary: str, lang: str, body: str) -> str:
    """The ``<svg>`` element: responsive, accessible, in the system's sans-serif font."""
    title = _escape(summary)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{lang}" '
        f'aria-label="{title}" viewBox="0 0 {_n(width)} {_n(height)}" width="100%" '
        f'preserveAspectRatio="xMidYMin meet" font-family="{_FONT}" id="{ident}">'
        f"<title>{title}</title>{body}</svg>"
    )


def _check_ident(ident: str) -> str:
    instance(ident, str, "ident")
    if not _IDENT.fullmatch(ident):
        raise ValueError(
            f"ident must be a letter then up to 39 letters, digits, '-' or '_', not {ident!r}"
        )
    return ident


# -- cards ----------------------------------------------------------------------------------------


def _kind(face: int | None) -> str:
    if face is None:
        return "back"
    if face == JOKER:
        return "joker"
    if face == ASS_JOKER:
        return "ass-joker"
    return FUNCTION_NAMES.get(face, "number")


def _frame(fill: str, stroke: str) -> str:
    return (
        f'<rect x="0.75" y="0.75" width="32.5" height="46.5" rx="4" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="1.5"/>'
    )


def _corner(text: str, fill: str) -> str:
    return _text(3.5, 10, text, 8, fill=fill, bold=True)


def _name(text: str, fill: str) -> str:
    return _text(17, 43, text, 7, fill=fill, bold=True, anchor="middle")


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi / 5 * k - math.pi / 2
        points.append(f"{_n(cx + radius * math.cos(angle))},{_n(cy + radius * math.sin(angle))}")
    return " ".join(points)


def _function_card(rank: int, fill: str, stroke: str, ink: str, icon: str) -> str:
    return (
        _frame(fill, stroke)
        + _corner(str(rank), ink)
        + icon.replace("INK", ink)
        + _name(FUNCTION_NAMES[rank], ink)
    )


#: The drawing of each kind of card, in a 34 x 48 box (the symbols' viewBox). A number card's
#: rank is written over its symbol where it is used.
_DRAWINGS: Final = {
    "number": _frame("#ffffff", "#374151")
    + '<rect x="3" y="3" width="28" height="42" rx="2.5" fill="none" stroke="#e5e7eb"/>',
    "peek": _function_card(
        11,
        "#dbeafe",
        "#1e40af",
        "#1e3a8a",
        '<path d="M6 25Q17 14 28 25Q17 36 6 25Z" fill="#fff" stroke="INK" stroke-width="1.5"/>'
        '<circle cx="17" cy="25" r="3.4" fill="INK"/>',
    ),
    "spy": _function_card(
        12,
        "#ede9fe",
        "#5b21b6",
        "#4c1d95",
        '<circle cx="15" cy="23" r="6" fill="#fff" stroke="INK" stroke-width="2"/>'
        '<path d="M19.5 27.5L25 33" stroke="INK" stroke-width="2.8" stroke-linecap="round"/>',
    ),
    "give": _function_card(
        13,
        "#dcfce7",
        "#15803d",
        "#14532d",
        '<path d="M7 25H25M19.5 19.5L25.5 25L19.5 30.5" fill="none" stroke="INK" '
        'stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    ),
    "switch": _function_card(
        14,
        "#ffedd5",
        "#c2410c",
        "#7c2d12",
        '<path d="M8 20H25M21 16L25 20L21 24M26 30H9M13 26L9 30L13 34" fill="none" '
        'stroke="INK" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
    ),
    "joker": _frame("#fef9c3", "#a16207")
    + _corner("J", "#713f12")
    + f'<polygon points="{_star(17, 25, 10, 4.2)}" fill="#f59e0b" stroke="#713f12"/>'
    + _name("JOKER", "#713f12"),
    # The Ass Joker: a donkey's head.
    "ass-joker": _frame("#e7e5e4", "#44403c")
    + _corner("AJ", "#292524")
    + '<g stroke="#292524" stroke-width="0.9">'
    '<ellipse cx="12" cy="18" rx="2.8" ry="7.5" transform="rotate(-16 12 18)" fill="#78716c"/>'
    '<ellipse cx="22" cy="18" rx="2.8" ry="7.5" transform="rotate(16 22 18)" fill="#78716c"/>'
    '<ellipse cx="17" cy="29" rx="7.5" ry="8.5" fill="#a8a29e"/>'
    '<ellipse cx="17" cy="34.5" rx="5.2" ry="3.8" fill="#f5f5f4"/></g>'
    '<circle cx="14" cy="27" r="1.2" fill="#292524"/>'
    '<circle cx="20" cy="27" r="1.2" fill="#292524"/>'
    '<circle cx="15.3" cy="34.5" r="0.8" fill="#292524"/>'
    '<circle cx="18.7" cy="34.5" r="0.8" fill="#292524"/>',
    "back": _frame("#1e3a8a", "#0f172a")
    + '<rect x="3.5" y="3.5" width="27" height="41" rx="2.5" fill="none" stroke="#93c5fd"/>'
    + '<path d="M17 10L27 24L17 38L7 24Z" fill="#3b82f6" stroke="#bfdbfe"/>'
    + '<circle cx="17" cy="24" r="3" fill="#bfdbfe"/>',
}


def _defs(ident: str, kinds: Iterable[str], extra: str = "") -> str:
    used = set(kinds)
    symbols = "".join(
        f'<symbol id="{ident}-{kind}" viewBox="0 0 34 48">{_DRAWINGS[kind]}</symbol>'
        for kind in _KINDS
        if kind in used
    )
    return f"<defs>{symbols}{extra}</defs>" if symbols or extra else ""


def _rank(face: int) -> str:
    """A number card's rank as written on it; ``?`` on a card whose face is not known."""
    return "?" if face == UNKNOWN else str(face).replace("-", "\u2212")


def _ranks(x: float, y: float, rank: str) -> str:
    """A number card's rank, in its middle and in its corner (seen when cards are fanned); the
    colour and weight are the enclosing group's."""
    size = 19 if len(rank) <= 2 else 13
    return (
        f'<text x="{_n(x + 17)}" y="{_n(y + 24 + size * 0.36)}" font-size="{size}" '
        f'text-anchor="middle">{rank}</text>'
        f'<text x="{_n(x + 3.5)}" y="{_n(y + 10)}" font-size="8">{rank}</text>'
    )


class _Canvas:
    """The elements of a picture, and the kinds of card it uses."""

    def __init__(self, ident: str) -> None:
        self.ident = ident
        self.parts: list[str] = []
        self.kinds: set[str] = set()

    def add(self, *parts: str) -> None:
        self.parts.extend(parts)

    def card(self, x: float, y: float, face: int | None, ranks: list[str] | None = None) -> None:
        """A card with its top left corner at (x, y): its face, or its back for ``None``. A
        number card's rank is written over it at once, or, given ``ranks``, kept there to be
        written with the others of a row (:meth:`ranks`), where no card covers another."""
        kind = _kind(face)
        self.kinds.add(kind)
        self.add(
            f'<use href="#{self.ident}-{kind}" x="{_n(x)}" y="{_n(y)}" '
            f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}"/>'
        )
        if kind == "number" and face is not None:
            written = _ranks(x, y, _rank(face))
            if ranks is None:
                self.add(f'<g fill="#111827" font-weight="700">{written}</g>')
            else:
                ranks.append(written)

    def ranks(self, ranks: list[str]) -> None:
        if ranks:
            self.add(f'<g fill="#111827" font-weight="700">{"".join(ranks)}</g>')

    def outline(self, x: float, y: float) -> None:
        """An empty place for a card: a gap in a row, an empty pile."""
        self.add(
            f'<rect x="{_n(x + 0.75)}" y="{_n(y + 0.75)}" width="32.5" height="46.5" rx="4" '
            f'fill="none" stroke="#9ca3af" stroke-width="1.5" stroke-dasharray="4 3"/>'
        )


def card_svg(face: int | None, lang: str = "en", *, ident: str = "sabai-card") -> str:
    """One card alone: ``face`` as :mod:`sabai_rules.model.cards` numbers faces (a rank, ``JOKER``,
    ``ASS_JOKER``), or ``None`` for the card's back; named in ``lang`` for screen readers.

    >>> from sabai_rules.model.cards import GIVE
    >>> svg = card_svg(GIVE)
    >>> '<symbol id="sabai-card-give"' in svg and 'aria-label="13 give"' in svg
    True
    """
    if face is not None and type(face) is not int:
        raise TypeError(f"face must be an int or None, not {type(face).__name__}")
    words = _Words(lang)
    canvas = _Canvas(_check_ident(ident))
    canvas.card(1, 1, face)
    body = _defs(canvas.ident, canvas.kinds) + "".join(canvas.parts)
    return _root(canvas.ident, CARD_WIDTH + 2, CARD_HEIGHT + 2, words.face(face), words.lang, body)


# -- the table ------------------------------------------------------------------------------------


def _all_seen(state: State, seen: PlayerView) -> PlayerView:
    """``seen`` with every face of the table shown, for the referee."""
    faces = state.deck.faces
    rows = tuple(
        tuple(
            slot if card < 0 else SlotView(faces[card], slot.seen_by)
            for card, slot in zip(row, shown, strict=True)
        )
        for row, shown in zip(state.table.rows, seen.rows, strict=True)
    )
    held = state.table.held
    return attrs.evolve(seen, rows=rows, held=faces[held] if held >= 0 else None)


def _chip(x: float, y: float, text: str, color: str) -> tuple[str, float]:
    """A small label with a coloured background at (x, y), and its width."""
    width = _width(text, 10, True) + 12
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="16" rx="8" fill="{color}"/>'
        + _text(x + width / 2, y + 11.5, text, 10, fill="#ffffff", bold=True, anchor="middle"),
        width,
    )


def table_svg(
    state: State,
    names: Sequence[str],
    *,
    as_player: int | None = None,
    lang: str = "en",
    ident: str = "sabai",
) -> str:
    """The table of ``state`` as an SVG picture, naming the players by ``names`` (seat order):
    every face, as the referee sees it; or, ``as_player``, exactly what that player may know
    (:func:`~sabai_rules.play.views.view`, :rule:`ruling.public-information`): the cards they have
    not seen as card backs. Its words are in ``lang``; ``ident`` starts every id it defines.
    :class:`TypeError` or :class:`ValueError` naming the argument for arguments that are not a
    state, names for every seat, a seat, a language and an id."""
    checked = is_state(state)
    players = checked.players
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of texts, not {type(names).__name__}")
    if len(names) < players or not all(isinstance(name, str) for name in names[:players]):
        raise ValueError(f"names must give a text for each of the {players} players")
    words = _Words(lang)
    canvas = _Canvas(_check_ident(ident))
    if as_player is None:
        seen = _all_seen(checked, view(checked, checked.flow.turn))
    else:
        seen = view(checked, seat(as_player, "as_player", players))
    return _TableDrawing(seen, tuple(names[:players]), as_player, words, canvas).svg()


def _status_lines(seen: PlayerView, names: tuple[str, ...], t: _Words) -> list[str]:
    """What is pending, as :func:`~sabai_rules.referee.render.render_table` says it."""
    lines = []
    for item in seen.queue:
        if item.kind == "function" and item.face is not None:
            what = f"{names[item.player]} — {face_name(item.face)}"
        else:
            to = names[item.owner] if item.owner is not None else "?"
            what = f"{names[item.player]} → {to} ({t('table.compensation')})"
        lines.append(f"{t('table.pending')}{t.colon}{what}")
    if seen.offer is not None:
        thrower, owner, slot = seen.offer
        where = t("table.slot").format(slot=slot)
        lines.append(f"{t('table.offer')}{t.colon}{names[owner]} ({names[thrower]}, {where})")
    if seen.nose_race:
        lines.append(t("table.nose-race"))
    if seen.caller is not None:
        lap = f"{t('table.final-lap')}{t.colon}{seen.final_lap}"
        lines.append(f"{t('table.called-by')} {names[seen.caller]}{t.semicolon}{lap}")
    if seen.passed is not None:
        passed = ", ".join(names[p] for p in seen.passed) or "—"
        lines.append(f"{t('table.reaction')}{t.colon}{passed}")
    if seen.end is not None and seen.passed is None:
        lines.append(f"{t('table.over')} ({t(f'end.{seen.end.value}')})")
    return lines


class _TableDrawing:
    """The table of one view, drawn top to bottom: the heading, the piles, what is pending, the
    rows. Everything it draws comes from the view (and the names): what the view lacks, the
    picture cannot show. The summary collects what it says, for screen readers."""

    def __init__(
        self,
        seen: PlayerView,
        names: tuple[str, ...],
        viewer: int | None,
        words: _Words,
        canvas: _Canvas,
    ) -> None:
        self.seen, self.names, self.viewer, self.t, self.canvas = seen, names, viewer, words, canvas
        self.over = seen.end is not None and seen.passed is None
        self.summary: list[str] = []
        self.y: float = _MARGIN + 4
        self.inner = WIDTH - 2 * _MARGIN - 2 * _PAD

    def svg(self) -> str:
        self.heading()
        self.piles()
        self.status()
        for player, row in enumerate(self.seen.rows):
            self.row(player, row)
        canvas, t = self.canvas, self.t
        height = self.y + _MARGIN - 8
        background = f'<rect width="{WIDTH}" height="{_n(height)}" rx="10" fill="{_FELT}"/>'
        body = _defs(canvas.ident, canvas.kinds) + background + "".join(canvas.parts)
        return _root(canvas.ident, WIDTH, height, t.semicolon.join(self.summary), t.lang, body)

    def heading(self) -> None:
        """The round, its dealer, and whose view this is."""
        seen, names, t = self.seen, self.names, self.t
        final = f" · {t('table.final-round')}" if seen.final_round else ""
        dealer = t("table.dealt-by").format(name=names[seen.dealer])
        heading = f"{t('table.round')} {seen.round_index + 1} · {dealer}{final}"
        if self.viewer is None:
            whose = t("picture.all-seen")
        else:
            whose = t("picture.seen-as").format(name=names[self.viewer])
        self.summary += [heading, whose]
        width = WIDTH - 2 * _MARGIN
        for line in _wrap(_fit(heading, 3 * width, 14, True), width, 14, True):
            self.y += 17
            self.canvas.add(_text(_MARGIN, self.y, line, 14, bold=True))
        for line in _wrap(_fit(whose, 3 * width, 11), width, 11):
            self.y += 14
            self.canvas.add(_text(_MARGIN, self.y, line, 11, fill=_MUTED, italic=True))
        self.y += 12

    def piles(self) -> None:
        """The draw pile, the discard pile (its last cards fanned, the top card whole), and the
        card the active player has drawn; each in a group with its caption."""
        seen, canvas, t = self.seen, self.canvas, self.t
        column = (WIDTH - 2 * _MARGIN) / 3
        top = self.y + 6
        below = top + CARD_HEIGHT + 14
        lines = 1

        def caption(x: float, text: str, width: float) -> None:
            nonlocal lines
            wrapped = _wrap(text, width, 10.5)
            lines = max(lines, len(wrapped))
            for k, line in enumerate(wrapped):
                canvas.add(_text(x, below + 12 * k, line, 10.5))

        x: float = _MARGIN + 4
        canvas.add(f'<g id="{canvas.ident}-draw">')
        if seen.draw_pile:
            for k in reversed(range(min(3, seen.draw_pile))):
                canvas.card(x + 2 * k, top - 2 * k, None)
        else:
            canvas.outline(x, top)
        draw = f"{t('table.draw-pile')}{t.colon}{seen.draw_pile}"
        caption(x, draw, column - 8)
        x = _MARGIN + column
        canvas.add(f'</g><g id="{canvas.ident}-discard">')
        for k, face in enumerate(seen.discard[-5:]):
            canvas.card(x + 12 * k, top, face)
        if not seen.discard:
            canvas.outline(x, top)
        discard = f"{t('table.discard-pile')}{t.colon}{len(seen.discard)}"
        caption(x, discard, column - 4)
        canvas.add("</g>")
        if seen.discard:
            discard += f" ({t('table.top')}{t.colon}{t.face(seen.discard[-1])})"
        self.summary += [draw, discard]
        if seen.holding:
            x = _MARGIN + 2 * column + 4
            canvas.add(f'<g id="{canvas.ident}-held">')
            canvas.card(x, top, seen.held)
            holds = f"{self.names[seen.turn]} {t('table.holds')}"
            caption(x, _fit(holds, 2 * (column - 8), 10.5), column - 8)
            canvas.add("</g>")
            self.summary.append(f"{holds} {t.face(seen.held)}")
        self.y = below + 12 * (lines - 1) + 10

    def status(self) -> None:
        """What is pending, in a box, if anything is."""
        lines = _status_lines(self.seen, self.names, self.t)
        if not lines:
            return
        wrapped = [line for text in lines for line in _wrap(text, self.inner, 11)]
        height = 14 * len(wrapped) + 10
        self.canvas.add(
            f'<g id="{self.canvas.ident}-pending"><rect x="{_MARGIN}" y="{_n(self.y)}" '
            f'width="{WIDTH - 2 * _MARGIN}" height="{_n(height)}" rx="6" fill="{_STATUS_FILL}" '
            f'stroke="{_TURN_EDGE}"/>'
        )
        for k, line in enumerate(wrapped):
            self.canvas.add(_text(_MARGIN + _PAD, self.y + 17 + 14 * k, line, 11))
        self.canvas.add("</g>")
        self.y += height + 8
        self.summary += lines

    def marks(self, player: int) -> list[tuple[str, str]]:
        """What a player's row is marked with: (the words, the kind of mark)."""
        seen, t = self.seen, self.t
        marks: list[tuple[str, str]] = []
        if player == self.viewer:
            marks.append((t("picture.you"), "you"))
        if player == seen.dealer:
            marks.append((t("table.dealer"), "dealer"))
        if player == seen.turn and not self.over:
            marks.append((t("table.turn"), "turn"))
        if player in seen.locked_out:
            marks.append((t("table.locked"), "locked"))
        if player == seen.caller:
            marks.append(("sabai sabai", "caller"))
        return marks

    def row(self, player: int, row: tuple[SlotView, ...]) -> None:
        """One player's row, in a panel: the name and marks, then the cards by slot, eight to a
        line, each slot's number below its card; a gap as an empty outline."""
        canvas, t, y = self.canvas, self.t, self.y
        left = _MARGIN + _PAD
        marks = self.marks(player)
        name = _fit(self.names[player], self.inner, 13, True)
        header = [_text(left, y + 19, name, 13, bold=True)]
        x = left + _width(name, 13, True) + 8
        line_top = y + 6
        for text, kind in marks:
            if x + _width(text, 10, True) + 12 > left + self.inner:
                x, line_top = left, line_top + 20
            chip, width = _chip(x, line_top, text, _CHIPS[kind])
            header.append(chip)
            x += width + 5
        cards_top = line_top + 24
        before = len(canvas.parts)
        ranks: list[str] = []
        numbers: list[str] = []
        for slot, shown in enumerate(row):
            cx = left + (slot % CARDS_PER_LINE) * _PITCH
            cy = cards_top + (slot // CARDS_PER_LINE) * (CARD_HEIGHT + 16)
            if shown.face == GAP:
                canvas.outline(cx, cy)
            else:
                canvas.card(cx, cy, None if shown.face is None else int(shown.face), ranks)
            numbers.append(
                f'<text x="{_n(cx + CARD_WIDTH / 2)}" y="{_n(cy + CARD_HEIGHT + 11)}">{slot}</text>'
            )
        canvas.ranks(ranks)
        if numbers:
            canvas.add(
                f'<g class="slots" font-size="9" fill="{_MUTED}" text-anchor="middle">'
                f"{''.join(numbers)}</g>"
            )
        cards = canvas.parts[before:]
        del canvas.parts[before:]
        if row:
            bottom = cards_top + math.ceil(len(row) / CARDS_PER_LINE) * (CARD_HEIGHT + 16) - 2
        else:
            cards.append(
                _text(left, cards_top + 14, t("picture.no-cards"), 11, fill=_MUTED, italic=True)
            )
            bottom = cards_top + 22
        height = bottom - y + 4
        active = player == self.seen.turn and not self.over
        fill, edge, stroke = (_TURN_FILL, _TURN_EDGE, 2) if active else (_PANEL, _EDGE, 1)
        canvas.add(
            f'<g id="{canvas.ident}-row-{player}"><rect x="{_MARGIN}" y="{_n(y)}" '
            f'width="{WIDTH - 2 * _MARGIN}" height="{_n(height)}" rx="6" fill="{fill}" '
            f'stroke="{edge}" stroke-width="{stroke}"/>',
            *header,
            *cards,
            "</g>",
        )
        count = sum(1 for shown in row if shown.face != GAP)
        said = f"{self.names[player]}{t.colon}{t.cards(count)}"
        if marks:
            said += f" ({', '.join(text for text, _ in marks)})"
        self.summary.append(said)
        self.y = y + height + 8


# -- diagrams -------------------------------------------------------------------------------------


@attrs.frozen
class _Box:
    """A box of a diagram: its words (a label key), the rules it cites, where it stands."""

    key: str
    rules: tuple[str, ...]
    #: "full", "left" or "right".
    column: str = "full"
    tint: str = "#ffffff"
    dashed: bool = False


@attrs.frozen
class _Placed:
    box: _Box
    x: float
    y: float
    width: float
    height: float

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def bottom(self) -> float:
        return self.y + self.height


_COLUMNS: Final = {"full": (20.0, 320.0), "left": (20.0, 154.0), "right": (186.0, 154.0)}
_GAP: Final = 28
_END_TINT: Final = "#e0f2fe"


def _box_lines(box: _Box, t: _Words) -> tuple[list[str], list[str]]:
    width = _COLUMNS[box.column][1] - 16
    return _wrap(t(box.key), width, 12.5), _wrap(", ".join(box.rules), width, 8.5)


def _arrow(ident: str, path: str) -> str:
    return (
        f'<path d="{path}" fill="none" stroke="#334155" stroke-width="1.6" '
        f'marker-end="url(#{ident}-arrow)"/>'
    )


def _diagram(
    ident: str,
    t: _Words,
    title_key: str,
    rows: Sequence[Sequence[_Box]],
    edges: Sequence[tuple[str, str]],
    *,
    alternatives: Sequence[int] = (),
    loop: tuple[str, str] | None = None,
) -> str:
    """A flow of boxes, row under row; ``edges`` join boxes by key, ``alternatives`` are the rows
    whose two boxes are one or the other (marked "or"), ``loop`` goes back up on the right."""
    parts: list[str] = []
    title = t(title_key)
    parts.append(_text(WIDTH / 2, 26, title, 15, bold=True, anchor="middle"))
    placed: dict[str, _Placed] = {}
    order: list[list[_Placed]] = []
    y = 44.0
    height: float
    for row in rows:
        texts = [_box_lines(box, t) for box in row]
        height = max(14 + 15 * len(title) + 4 + 11 * len(rules) for title, rules in texts)
        order.append([])
        for box, (lines, rules) in zip(row, texts, strict=True):
            x, width = _COLUMNS[box.column]
            here = _Placed(box, x, y, width, height)
            placed[box.key] = here
            order[-1].append(here)
            dash = ' stroke-dasharray="5 4"' if box.dashed else ""
            parts.append(
                f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" rx="8" '
                f'fill="{box.tint}" stroke="#334155" stroke-width="1.4"{dash}/>'
            )
            for k, line in enumerate(lines):
                parts.append(_text(x + 8, y + 19 + 15 * k, line, 12.5))
            base = y + 19 + 15 * len(lines) + 1
            for k, line in enumerate(rules):
                parts.append(_text(x + 8, base + 11 * k, line, 8.5, fill=_MUTED))
        y += height + _GAP
    for start, end in edges:
        a, b = placed[start], placed[end]
        if b.x + 10 <= a.cx <= b.x + b.width - 10:
            x = a.cx
        elif a.x + 10 <= b.cx <= a.x + a.width - 10:
            x = b.cx
        else:
            middle = a.bottom + _GAP / 2
            path = f"M{_n(a.cx)} {_n(a.bottom)}V{_n(middle)}H{_n(b.cx)}V{_n(b.y - 1)}"
            parts.append(_arrow(ident, path))
            continue
        parts.append(_arrow(ident, f"M{_n(x)} {_n(a.bottom)}V{_n(b.y - 1)}"))
    for index in alternatives:
        if index > 0:
            middle = order[index - 1][0].bottom + _GAP / 2 + 4
        else:
            middle = order[0][0].y + order[0][0].height / 2 + 4
        word = t("diagram.or")
        width = _width(word, 11) + 10
        parts.append(
            f'<rect x="{_n(WIDTH / 2 - width / 2)}" y="{_n(middle - 12)}" width="{_n(width)}" '
            f'height="16" rx="8" fill="#ffffff" stroke="#94a3b8"/>'
        )
        parts.append(_text(WIDTH / 2, middle, word, 11, fill=_INK, italic=True, anchor="middle"))
    if loop is not None:
        a, b = placed[loop[0]], placed[loop[1]]
        side = a.x + a.width
        path = (
            f"M{_n(side)} {_n(a.y + a.height / 2)}H{_n(side + 12)}V{_n(b.y + b.height / 2)}"
            f"H{_n(side + 1)}"
        )
        parts.append(_arrow(ident, path))
    height = y - _GAP + 14
    marker = (
        f'<marker id="{ident}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10Z" fill="#334155"/></marker>'
    )
    background = f'<rect width="{WIDTH}" height="{_n(height)}" rx="10" fill="{_FELT}"/>'
    summary = f"{title}{t.colon}" + " → ".join(t(box.key) for row in rows for box in row)
    body = _defs(ident, (), marker) + background + "".join(parts)
    return _root(ident, WIDTH, height, summary, t.lang, body)


def _edition(lang: str, edition: str | None) -> Edition:
    if edition is None:
        return EDITION_OF[check_language(lang)]
    for known in EDITIONS:
        if edition == known:
            return known
    raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")


def turn_diagram(lang: str = "en", *, edition: str | None = None, ident: str = "sabai-turn") -> str:
    """A turn, as a diagram in ``lang``: draw, then play or keep, the function of the card placed,
    the throw-ins, the next turn; each box cites its rules in ``edition`` (by default the edition
    of ``lang``'s rulebook: the older one for Finnish).

    >>> "turn.draw" in turn_diagram("nl") and "function.must-execute" in turn_diagram("fi")
    True
    """
    t = _Words(lang)
    older = _edition(lang, edition) == "older"
    rows = [
        [_Box("diagram.turn.draw", ("turn.draw",))],
        [
            _Box("diagram.turn.play", ("turn.play", "turn.two-options"), "left"),
            _Box("diagram.turn.keep", ("turn.keep",), "right"),
        ],
        [
            _Box(
                "diagram.turn.function",
                ("function.must-execute",) if older else ("function.execute",),
            )
        ],
        [
            _Box(
                "diagram.turn.throw-in",
                ("throw-in.interception", "throw-in.mistaken-interception")
                if older
                else ("throw-in.identical", "throw-in.wrong-card.penalty"),
            )
        ],
        [_Box("diagram.turn.next", ("turn.rotation", "turn.counter-clockwise"), tint=_END_TINT)],
        [
            _Box(
                "diagram.turn.call",
                ("round-end.last-round-call",) if older else ("round-end.call",),
                dashed=True,
            )
        ],
    ]
    edges = [
        ("diagram.turn.draw", "diagram.turn.play"),
        ("diagram.turn.draw", "diagram.turn.keep"),
        ("diagram.turn.play", "diagram.turn.function"),
        ("diagram.turn.keep", "diagram.turn.function"),
        ("diagram.turn.function", "diagram.turn.throw-in"),
        ("diagram.turn.throw-in", "diagram.turn.next"),
    ]
    return _diagram(
        _check_ident(ident),
        t,
        "diagram.turn.title",
        rows,
        edges,
        alternatives=(1,),
        loop=("diagram.turn.next", "diagram.turn.draw"),
    )


def round_end_diagram(
    lang: str = "en", *, edition: str | None = None, ident: str = "sabai-round-end"
) -> str:
    """The end of a round, as a diagram in ``lang``: a call and its final lap, or an empty row;
    the last chance to throw in; the reveal and the scores; the next round or the end of the game.
    Each box cites its rules in ``edition`` (by default the edition of ``lang``'s rulebook).

    >>> "round-end.victory-points" in round_end_diagram("fr")
    True
    """
    t = _Words(lang)
    older = _edition(lang, edition) == "older"
    call: tuple[str, ...]
    empty: tuple[str, ...]
    lap: tuple[str, ...]
    reveal: tuple[str, ...]
    scores: tuple[str, tuple[str, ...]]
    over: tuple[str, tuple[str, ...]]
    if older:
        call = ("round-end.last-round-call", "ruling.who-may-call")
        empty = ("round-end.all-cards-gone",)
        lap = ("round-end.last-round-call", "ruling.final-lap-sequence")
        reveal = ("ruling.older-scoring", "objective.card-points", "objective.joker-minus-four")
        scores = (
            "diagram.round-end.lowest-score",
            ("objective.lowest-score-wins", "ass-joker.cursed-joker-loses-game"),
        )
        over = ("diagram.round-end.game-over-older", ("ruling.number-of-rounds",))
    else:
        call = ("round-end.call", "game-end.final-round-no-call")
        empty = ("round-end.empty-row", "objective.no-cards-zero")
        lap = ("round-end.final-lap", "ruling.final-lap-sequence")
        reveal = ("round-end.reveal", "objective.card-points", "objective.joker-minus-four")
        scores = (
            "diagram.round-end.victory-points",
            ("round-end.victory-points", "ass-joker.hall-of-fame"),
        )
        over = ("diagram.round-end.game-over", ("game-end.final-round-end", "game-end.winner"))
    rows = [
        [
            _Box("diagram.round-end.call", call, "left"),
            _Box("diagram.round-end.empty-row", empty, "right"),
        ],
        [_Box("diagram.round-end.final-lap", lap, "left")],
        [_Box("diagram.round-end.last-chance", ("ruling.end-of-round-reaction",))],
        [_Box("diagram.round-end.reveal", reveal)],
        [_Box(scores[0], scores[1])],
        [
            _Box(
                "diagram.round-end.next-round", ("round-end.next-dealer",), "left", tint=_END_TINT
            ),
            _Box(over[0], over[1], "right", tint=_END_TINT),
        ],
    ]
    edges = [
        ("diagram.round-end.call", "diagram.round-end.final-lap"),
        ("diagram.round-end.final-lap", "diagram.round-end.last-chance"),
        ("diagram.round-end.empty-row", "diagram.round-end.last-chance"),
        ("diagram.round-end.last-chance", "diagram.round-end.reveal"),
        ("diagram.round-end.reveal", scores[0]),
        (scores[0], "diagram.round-end.next-round"),
        (scores[0], over[0]),
    ]
    return _diagram(
        _check_ident(ident), t, "diagram.round-end.title", rows, edges, alternatives=(5,)
    )
