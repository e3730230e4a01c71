"""sabai-rules: the rules of the card game sabai-sabai as data, and a reference implementation.

The rule catalogue (:mod:`sabai_rules.catalogue`) holds every rule of both editions with a stable
id, the rulings on what the texts leave open, the translation concordance and the glossary.
"""

from __future__ import annotations

from sabai_rules import catalogue
from sabai_rules.catalogue import (
    CatalogueError,
    Rule,
    Ruling,
    UnknownIdError,
    UnknownLanguageError,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "CatalogueError",
    "Rule",
    "Ruling",
    "UnknownIdError",
    "UnknownLanguageError",
    "__version__",
    "catalogue",
]
