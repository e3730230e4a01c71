"""The package's layers by folder, as the layers test holds them and the rulebook's API
reference links them."""

from __future__ import annotations

from typing import Final

__all__ = ["PUBLIC_PATHS"]

#: The README's and the rulebook's import paths of modules that moved into a layer's folder, each
#: with the module that defines its names: each re-exports them and holds no code.
PUBLIC_PATHS: Final = {
    "sabai_rules.catalogue": "sabai_rules.model.catalogue",
    "sabai_rules.chance": "sabai_rules.model.chance",
    "sabai_rules.views": "sabai_rules.play.views",
    "sabai_rules.scoring": "sabai_rules.play.scoring",
    "sabai_rules.space": "sabai_rules.play.space",
    "sabai_rules.sequential": "sabai_rules.play.sequential",
    "sabai_rules.episode": "sabai_rules.play.episode",
    "sabai_rules.bots": "sabai_rules.agents.bots",
    "sabai_rules.search": "sabai_rules.agents.search",
    "sabai_rules.openspiel": "sabai_rules.frameworks.openspiel",
    "sabai_rules.pettingzoo": "sabai_rules.frameworks.pettingzoo",
}
