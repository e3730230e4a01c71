"""The engine's inner modules, each with one responsibility; :mod:`sabai_rules.moves` is their
public front.

In the order they build on each other:

* :mod:`~sabai_rules.engine.actions` — the actions, the shape of their parameters, and
  :class:`~sabai_rules.moves.IllegalActionError`;
* :mod:`~sabai_rules.engine.rules` — the predicates: each rule the engine enforces, decided once;
* :mod:`~sabai_rules.engine.dealing` — dealing a round;
* :mod:`~sabai_rules.engine.legality` — why an action is illegal, citing the predicate's rule;
* :mod:`~sabai_rules.engine.work` — the working copy of one transition, and the card operations
  effects share;
* :mod:`~sabai_rules.engine.flow` — turns, the queue, the call, the reaction round, the end of the
  round;
* :mod:`~sabai_rules.engine.effects` — what each legal action does to the cards;
* :mod:`~sabai_rules.engine.shortcuts` — the commonest transitions (a draw, a turn card with
  nothing unusual following) written out, asking the same predicates;
* :mod:`~sabai_rules.engine.outcomes` — chance nodes, their outcomes and the seeded sampler
  (:func:`~sabai_rules.moves.apply_chance`);
* :mod:`~sabai_rules.engine.enumeration` — every legal action at one moment: legality's verdict
  on candidates, cached;
* :mod:`~sabai_rules.engine.transition` — :func:`~sabai_rules.moves.apply`: legality (spared for
  an action of the list it is given, ``listed=``), then a shortcut or effect and flow.

The public names of the actions, dealing, enumeration and transition modules are documented, and
imported, from :mod:`sabai_rules.moves`.

These modules import the model (:mod:`sabai_rules.state` and :mod:`sabai_rules.model`: the cards,
the ruleset, the events, chance, the checks of arguments) and each other, never the layers above
them (:mod:`sabai_rules.play`, the referee, the frameworks, the agents). Those layers come in by
:mod:`sabai_rules.moves`, :data:`COMPILED` and the predicates of :mod:`~sabai_rules.engine.rules`,
which the referee asks; the frameworks' episode alone applies a listed action unchecked
(``transition.apply_listed``).
"""

from typing import Final

__all__ = ["COMPILED"]

#: Whether the engine runs compiled by mypyc (the compiled build) rather than from its Python
#: source (the reference).
COMPILED: Final = not __file__.endswith(".py")
