"""What the engine and the referee say when they refuse an action or note an event, in the four
languages of the rulebook.

A refusal's wording is a template in English with the players it names as ``{0}``, ``{1}``...
(filled with their names, as a record gives them) and its other values by name (``{slot}``,
``{face}``): :class:`Wording`. :data:`MESSAGES` translates each template; its placeholders are
the English one's. A template without a translation is said in English (a test sees that none
is missing).

>>> Wording("{0} has no card in slot {slot}", (1,), (("slot", 3),)).text(["Anna", "Ben"], "fr")
"Ben n'a pas de carte à l'emplacement 3"
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import attrs

__all__ = ["MESSAGES", "Wording", "placeholders", "translated"]


@attrs.frozen
class Wording:
    """What a refusal or a note says: an English template, the seats it names (``{0}``,
    ``{1}``...) and its other values by name."""

    template: str
    seats: tuple[int, ...] = ()
    params: tuple[tuple[str, object], ...] = ()

    def text(self, names: Sequence[str], language: str = "en") -> str:
        """The wording in ``language``, naming each seat by ``names[seat]``."""
        return translated(self.template, language).format(
            *(names[seat] for seat in self.seats), **dict(self.params)
        )


def translated(template: str, language: str) -> str:
    """``template`` in ``language`` (itself in English, or where no translation exists)."""
    if language == "en":
        return template
    return MESSAGES.get(language, {}).get(template, template)


def placeholders(template: str) -> Iterator[str]:
    """The placeholders of ``template``, in order (``"0"``, ``"slot"``...)."""
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            yield field


#: Each template in French, Dutch and Finnish, keyed by the English template.
MESSAGES: Final[Mapping[str, Mapping[str, str]]] = {
    "fr": {},
    "nl": {},
    "fi": {},
}
