"""The model (layer 0): cards, rulesets, events, messages, chance, the rule catalogue and the
checks of arguments; the state itself is :mod:`sabai_rules.state`.
"""
