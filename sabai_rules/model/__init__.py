"""The model (layer 0): cards, rulesets, events, messages, chance, the rule catalogue, the
checks of arguments and the library's caches (:mod:`~sabai_rules.model.memo`); the state itself
is :mod:`sabai_rules.state`.
"""
