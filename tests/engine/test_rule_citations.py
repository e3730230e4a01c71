"""Each rule the engine enforces is decided by one predicate, which cites it; every refusal cites
the rule of a predicate; each option of the ruleset is read in one function; every rule id the
code cites exists in the catalogue; the older edition's own rules replace the current ones in
refusals under the older preset."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import pytest

from sabai_rules.engine import rules
from sabai_rules.model import deciders
from sabai_rules.model.catalogue import Catalogue
from sabai_rules.model.ruleset import Ruleset

PACKAGE = Path(__file__).resolve().parents[2] / "sabai_rules"
ENGINE = PACKAGE / "engine"
ROLE = re.compile(r":rule:" "`" r"([^`]+)`")  # written apart so that it is not itself a role
RULE_ID = re.compile(r"^[a-z]+(-[a-z]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")

#: The rules the engine enforces, each with the one predicate that decides it. A change here is a
#: change of what the engine decides: review it against the catalogue.
DECIDED = {
    "setup.players": "is_table_size",
    "setup.four-cards": "cards_dealt",
    "ruling.irregularities": "irregular_field",
    "round-end.reveal": "round_over",
    "ruling.end-of-round-reaction": "in_reaction_round",
    "setup.look-at-two": "cards_to_look_at",
    "ruling.older-look-optional": "may_decline_look",
    "setup.no-looking": "looks_before_play",
    "turn.counter-clockwise": "next_in_play",
    "turn.draw": "drawer",
    "turn.two-options": "holds_drawn_card",
    "ass-joker.drawn-must-be-kept": "must_keep_drawn",
    "ruling.ass-joker-drawn": "may_burn_drawn",
    "ass-joker.drawn-into-empty-row": "keeps_into_empty_row",
    "turn.keep": "keep_slots",
    "ass-joker.turned-over-unknowingly": "may_exchange",
    "ruling.ass-joker-turned-over": "refuses_seen_ass_joker",
    "ass-joker.no-keep-exchange": "may_keep_over",
    "ruling.keep-discard-triggers-function": "kept_out_card_triggers",
    "setup.empty-discard-pile": "pile_started",
    "throw-in.interception": "throw_in_window_open",
    "throw-in.several-at-once": "continues_motion",
    "ruling.wrong-cards-in-a-batch": "penalty_per_wrong_card",
    "throw-in.retry-lockout": "is_locked_out",
    "ruling.retry-lockout-scope": "wrong_throw_in_locks_out",
    "ruling.sequential-actions": "reaction_order",
    "ruling.same-card-reach": "reach_by_play_order",
    "throw-in.identical": "is_identical",
    "ruling.ass-joker-throw-ins": "only_holder_burns",
    "ass-joker.burn": "is_correct_throw_in",
    "simplified-play.own-cards-only": "may_throw_in_for_others",
    "sabai-sabai-move.compensation": "can_give_in_return",
    "ruling.functions-by-thrower": "turn_player_bears_on_behalf",
    "sabai-sabai-move.functions-by-thrower": "on_behalf_bearer",
    "ruling.older-on-behalf-knowledge": "knowledge_limits_on_behalf",
    "sabai-sabai-move.advanced-rule": "may_play_for_owner",
    "ruling.owner-knowledge-not-enforced": "owner_knowledge_limits_on_behalf",
    "sabai-sabai-move.unknown-cards": "owner_does_not_know",
    "ruling.unseen-card": "trusts_unseen_claims",
    "sabai-sabai-move.first-refusal": "owner_precedence",
    "ruling.row-positions": "leaves_gap",
    "four-together.touch-nose": "nose_race_after",
    "ruling.nose-race-order": "race_loser",
    "ruling.empty-player-targets": "may_receive",
    "function.execute": "can_carry_out",
    "ruling.functions-mandatory": "may_skip_function",
    "function.peek": "may_peek",
    "function.spy": "may_spy",
    "function.give": "may_give",
    "function.switch": "may_switch",
    "ass-joker.only-give-switch-burn": "may_compensate_with",
    "game-end.final-round-no-call": "calls_allowed",
    "round-end.call": "has_called",
    "ruling.who-may-call": "who_may_call",
    "round-end.final-lap": "final_lap_played",
    "ruling.empty-by-any-means": "empties_round",
    "round-end.empty-row": "row_emptied",
    "ruling.final-round-termination": "turn_cap_reached",
    "ruling.round-turn-cap": "round_turns_capped",
    "ruling.reaction-cap": "may_react",
    "ruling.draw-pile-exhausted": "reshuffles",
    "ruling.ass-joker-holder-at-reveal": "burned_ass_joker_stays_out",
    "ruling.reshuffle-with-queued-functions": "cards_reshuffled",
}


def _trees(folder: Path) -> list[tuple[Path, ast.Module]]:
    return [
        (path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(folder.rglob("*.py"))
    ]


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]


def _marks(tree: ast.Module) -> list[ast.Call]:
    """The ``decides(function, "rule", older=...)`` statements of a module."""
    return [
        node.value
        for node in tree.body
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "decides"
    ]


def _marked_rules(tree: ast.Module) -> list[tuple[str, str]]:
    """(rule, function) of each ``decides`` statement."""
    out = []
    for mark in _marks(tree):
        function, rule = mark.args
        assert isinstance(function, ast.Name), ast.dump(mark)
        assert isinstance(rule, ast.Constant), ast.dump(mark)
        out.append((str(rule.value), function.id))
    return out


def test_each_enforced_rule_is_decided_by_the_predicate_listed_here(cat: Catalogue) -> None:
    assert {rule: f.__name__ for rule, f in deciders.DECIDED.items()} == DECIDED
    for rule in DECIDED:
        assert cat.kind_of(rule) in ("rule", "ruling"), f"{rule!r} is not in the catalogue"


def test_no_rule_is_decided_in_two_functions() -> None:
    """Read from the source, so that a second ``decides`` of a rule anywhere in the package is
    found even where no test imports it."""
    deciders: dict[str, list[str]] = {}
    for path, tree in _trees(PACKAGE):
        for rule, function in _marked_rules(tree):
            deciders.setdefault(rule, []).append(f"{path.name}:{function}")
    assert set(deciders) == set(DECIDED)
    for rule, where in deciders.items():
        assert len(where) == 1, f"{rule} is decided in {where}"


def test_each_mark_follows_the_function_it_marks() -> None:
    """A reader finds the rule a predicate decides right below it."""
    tree = ast.parse((ENGINE / "rules.py").read_text(encoding="utf-8"))
    marks = {id(mark) for mark in _marks(tree)}
    followed = []
    for before, node in zip(tree.body, tree.body[1:], strict=False):
        if isinstance(node, ast.Expr) and id(node.value) in marks:
            assert isinstance(before, ast.FunctionDef), f"rules.py:{node.lineno}"
            assert isinstance(node.value, ast.Call)
            followed.append(ast.unparse(node.value.args[0]) == before.name)
    assert followed == [True] * len(DECIDED)


def test_the_engine_names_rule_ids_only_where_predicates_decide_them(cat: Catalogue) -> None:
    """Outside ``decides`` marks, no engine module writes a rule id as a string: a refusal cites the
    rule of its predicate. (Docstrings and comments cite rules with roles; they decide nothing.)"""
    ids = {r.id for r in cat.rules()} | {r.id for r in cat.rulings()}
    for path, tree in _trees(ENGINE):
        allowed: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Module) and ast.get_docstring(
                node
            ):
                first = node.body[0]
                assert isinstance(first, ast.Expr)
                allowed.add(id(first.value))
        for mark in _marks(tree):
            allowed.update(id(n) for n in ast.walk(mark))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in ids
                and id(node) not in allowed
            ):
                pytest.fail(f"{path.name}:{node.lineno} names {node.value!r} outside a predicate")


def test_every_refusal_cites_a_predicate() -> None:
    """Each ``_refuse(predicate, ...)`` in legality passes a deciding function, never a string;
    nothing else in the engine makes an :class:`IllegalActionError`."""
    seen = 0
    for path, tree in _trees(ENGINE):
        for function in _functions(tree):
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                where = f"{path.name}:{node.lineno}"
                if node.func.id == "IllegalActionError":
                    assert where.startswith("actions.py") or function.name == "_refuse", where
                elif node.func.id == "_refuse":
                    seen += 1
                    first = node.args[0]
                    if isinstance(first, ast.Name) and first.id != "rule":
                        assert first.id in DECIDED.values(), where
                    else:  # the function card's predicate, looked up by kind
                        assert ast.unparse(first) == "rule", where
    assert seen > 40


def _option_readers() -> dict[str, set[str]]:
    options = {f.name for f in attrs.fields(Ruleset)}
    readers: dict[str, set[str]] = {}
    for path, tree in _trees(ENGINE):
        for function in _functions(tree):
            for node in ast.walk(function):
                if isinstance(node, ast.Attribute) and node.attr in options:
                    readers.setdefault(node.attr, set()).add(f"{path.name}:{function.name}")
    return readers


def test_each_option_is_read_in_one_function() -> None:
    readers = _option_readers()
    # ``deck`` is also the name of the Setup's Deck, which every module uses; the option itself
    # is read by dealing.deck_for alone.
    readers.pop("deck", None)
    assert len(readers) >= 20
    for option, where in readers.items():
        assert len(where) == 1, f"{option} is read in {sorted(where)}"
        (only,) = where
        assert only.startswith("rules.py:"), f"{option} is read outside the predicates: {only}"


def test_function_rules_are_the_rules_of_the_function_cards(cat: Catalogue) -> None:
    for predicate in rules.FUNCTION_RULES.values():
        assert rules.rule_of(predicate).startswith("function.")
        assert cat.kind_of(rules.rule_of(predicate)) == "rule"


def test_older_rule_table_maps_current_rules_to_older_ones(cat: Catalogue) -> None:
    """Under the older preset a refusal citing a key of ``OLDER_RULES`` cites its value
    instead: a current-edition rule and the older edition's own."""
    assert deciders.OLDER_RULES
    for current, older in deciders.OLDER_RULES.items():
        assert cat.kind_of(current) == "rule", f"{current!r} is not a rule"
        assert cat.kind_of(older) == "rule", f"{older!r} is not a rule"
        assert cat.rule(current).in_edition("current"), f"{current} is not in the current edition"
        assert cat.rule(older).in_edition("older"), f"{older} is not in the older edition"


def test_every_rule_role_in_the_code_resolves(cat: Catalogue) -> None:
    cited = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        for ident in ROLE.findall(path.read_text(encoding="utf-8")):
            cited += 1
            assert cat.kind_of(ident) in ("rule", "ruling"), f"{path.name} cites {ident!r}"
    assert cited > 100


@pytest.mark.parametrize(
    "module",
    ["engine/rules.py", "engine/effects.py", "engine/flow.py", "state.py", "play/scoring.py"],
)
def test_core_modules_cite_rules(module: str) -> None:
    text = (PACKAGE / module).read_text(encoding="utf-8")
    assert ROLE.search(text), f"{module} cites no rule"
