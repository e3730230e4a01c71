"""The library's caches live in one place (sabai_rules.model.memo), each with a bound it keeps:
every module-level container the package fills at run time is one of them, every functools cache
is declared with its size, and games at every table size, watched and observed as the frameworks
do, leave no cache past its bound."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import pytest

from sabai_rules import Ruleset
from sabai_rules.model import memo
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, apply, deal, legal_actions
from sabai_rules.play.episode import Episode, EpisodeSpec
from sabai_rules.play.views import observation, view

PACKAGE = Path(__file__).resolve().parents[1] / "sabai_rules"

#: Module-level registries filled once, at import, by the marks that build them: what they hold
#: is the program, not a cache of values (the decider of each rule, and what its docstring cites).
REGISTRIES = {
    ("model/deciders.py", "DECIDED"),
    ("model/deciders.py", "RULE_OF"),
    ("model/deciders.py", "OLDER_RULES"),
    ("model/deciders.py", "_CITED"),
    ("model/deciders.py", "_DOCS"),
}

_FILLS = {"clear", "append", "update", "setdefault", "pop", "extend", "insert"}


def _filled_globals(tree: ast.Module) -> set[str]:
    """The module-level names a function of the module fills: ``NAME[key] = ...`` or
    ``NAME.clear()`` and the like."""
    names = {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    filled = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
                base = node.value
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _FILLS
            ):
                base = node.func.value
            else:
                continue
            if isinstance(base, ast.Name) and base.id in names:
                filled.add(base.id)
    return filled


def _bound_to_memo(tree: ast.Module, name: str) -> str | None:
    """The memo a module-level ``name`` is bound to (``memo.X`` or ``X`` imported from it)."""
    imported = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "sabai_rules.model.memo"
        for alias in node.names
    }
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
                continue
            value = node.value
            if (
                isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name)
                and value.value.id == "memo"
            ):
                return value.attr
            if isinstance(value, ast.Name) and value.id in imported:
                return value.id
    return None


def test_every_cache_of_the_package_is_declared_in_memo() -> None:
    undeclared = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in sorted(_filled_globals(tree)):
            if (where, name) in REGISTRIES:
                continue
            bound = _bound_to_memo(tree, name)
            if bound is None or bound not in memo.MEMOS:
                undeclared.append(f"{where}: {name}")
    assert undeclared == []


def test_every_functools_cache_is_declared_with_its_size() -> None:
    declared = {name for name, m in memo.MEMOS.items() if m.kind == "functools"}
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(
                "functools" in ast.unparse(d) and "cached_property" not in ast.unparse(d)
                for d in node.decorator_list
            ):
                found.add(f"{module}.{node.name}")
    assert found == declared
    for name in declared:
        module, function = name.rsplit(".", 1)
        cached = getattr(importlib.import_module(module), function)
        size = cached.cache_info().maxsize
        # A cache of a function of no argument holds one value whatever its size.
        assert size == memo.MEMOS[name].bound or (size is None and memo.MEMOS[name].bound == 1)


def test_a_cache_that_reaches_its_bound_is_emptied_first() -> None:
    cache: dict[object, int] = {}
    for key in range(10):
        memo.remember(cache, 4, key, key)
        assert len(cache) <= 4
    assert cache[9] == 9


@pytest.mark.rules("setup.players")
def test_games_at_every_table_size_keep_every_cache_within_its_bound() -> None:
    rng = random.Random(5)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for preset in ("current", "older"):
            rules = Ruleset.preset(preset).with_options(nose_race="random")
            state = deal(rules, players, seed=players)
            while not state.is_over:
                legal = legal_actions(state)
                seat = rng.randrange(players)
                view(state, seat)
                observation(state, seat)
                state = apply(state, legal[rng.randrange(len(legal))], listed=legal)
        episode = Episode.start(EpisodeSpec.of(players=players), seed=players)
        while not episode.is_over:
            if episode.is_chance:
                episode = episode.child_chance(rng.choice(episode.chance_outcomes()))
            else:
                episode.observation_parts(episode.current_player)
                episode = episode.child(rng.choice(episode.legal_indices()))
    for name, declared in memo.MEMOS.items():
        if declared.kind == "functools":
            module, function = name.rsplit(".", 1)
            size = getattr(importlib.import_module(module), function).cache_info().currsize
        else:
            size = len(getattr(memo, name))
        assert size <= declared.bound, name
    assert memo.ACTION_LISTS, "the games filled no cache: the test would prove nothing"
