"""Each rule or ruling that code decides has one decider, marked right below it and cited by it;
every other id of the catalogue is listed in spec/undecided.toml with the reason, and none is both;
every refusal cites the rule of a predicate; each option of the ruleset is read in one function;
every rule id the code cites exists in the catalogue; the older edition's own rules replace the
current ones in refusals under the older preset."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import attrs
import pytest

from sabai_dev.traceability import load_undecided
from sabai_rules.engine import rules
from sabai_rules.model import deciders
from sabai_rules.model.catalogue import LANGUAGES, Catalogue
from sabai_rules.model.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "sabai_rules"
ENGINE = PACKAGE / "engine"
ROLE = re.compile(r":rule:" "`" r"([^`]+)`")  # written apart so that it is not itself a role
RULE_ID = re.compile(r"^[a-z]+(-[a-z]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")

#: Each rule or ruling that code decides, with its decider: a predicate of engine/rules.py by its
#: name, any other by its module and name (a method or a property by its class). A change here is a
#: change of what the code decides: review it against the catalogue.
DECIDED = {
    # the predicates
    "setup.players": "is_table_size",
    "setup.four-cards": "cards_dealt",
    "ruling.irregularities": "irregular_field",
    "round-end.reveal": "round_over",
    "ruling.end-of-round-reaction": "in_reaction_round",
    "setup.look-at-two": "cards_to_look_at",
    "ruling.older-initial-peek": "cards_to_look_at",
    "ruling.older-look-optional": "may_decline_look",
    "setup.no-looking": "looks_before_play",
    "turn.counter-clockwise": "next_in_play",
    "turn.draw": "drawer",
    "turn.two-options": "holds_drawn_card",
    "ass-joker.drawn-must-be-kept": "must_keep_drawn",
    "ruling.ass-joker-drawn": "may_burn_drawn",
    "ass-joker.no-direct-discard": "may_play_drawn",
    "ass-joker.drawn-into-empty-row": "keeps_into_empty_row",
    "turn.keep": "keep_slots",
    "ass-joker.turned-over-unknowingly": "may_exchange",
    "ruling.ass-joker-turned-over": "refuses_seen_ass_joker",
    "ass-joker.no-keep-exchange": "may_keep_over",
    "ruling.keep-discard-triggers-function": "kept_out_card_triggers",
    "setup.empty-discard-pile": "pile_started",
    "ruling.no-throw-in-before-first-play": "pile_started",
    "throw-in.interception": "throw_in_window_open",
    "ruling.throw-in-window": "throw_in_window_open",
    "throw-in.several-at-once": "continues_motion",
    "ruling.wrong-cards-in-a-batch": "penalty_per_wrong_card",
    "ruling.throw-in-penalty-cards": "penalty_cards_for_wrong_card",
    "throw-in.retry-lockout": "is_locked_out",
    "ruling.retry-lockout-scope": "wrong_throw_in_locks_out",
    "ruling.sequential-actions": "reaction_order",
    "ruling.same-card-reach": "reach_by_play_order",
    "throw-in.identical": "is_identical",
    "ruling.joker-onto-ass-joker": "is_identical",
    "ruling.ass-joker-throw-ins": "only_holder_burns",
    "ass-joker.burn": "is_correct_throw_in",
    "simplified-play.own-cards-only": "may_throw_in_for_others",
    "ruling.on-behalf-contexts": "may_throw_in_for_others",
    "sabai-sabai-move.compensation": "can_give_in_return",
    "ruling.compensation-card": "can_give_in_return",
    "ruling.functions-by-thrower": "turn_player_bears_on_behalf",
    "sabai-sabai-move.functions-by-thrower": "on_behalf_bearer",
    "ruling.older-on-behalf-knowledge": "knowledge_limits_on_behalf",
    "sabai-sabai-move.advanced-rule": "may_play_for_owner",
    "ruling.owner-knowledge-not-enforced": "owner_knowledge_limits_on_behalf",
    "sabai-sabai-move.unknown-cards": "owner_does_not_know",
    "ruling.unseen-card": "trusts_unseen_claims",
    "sabai-sabai-move.first-refusal": "owner_precedence",
    "ruling.first-refusal": "owner_precedence",
    "ruling.row-positions": "leaves_gap",
    "four-together.touch-nose": "nose_race_after",
    "ruling.nose-race": "nose_race_after",
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
    "ruling.older-no-final-round": "calls_allowed",
    "round-end.call": "has_called",
    "ruling.who-may-call": "who_may_call",
    "round-end.final-lap": "final_lap_played",
    "ruling.empty-by-any-means": "empties_round",
    "round-end.empty-row": "row_emptied",
    "ruling.empty-row-at-quiescence": "row_emptied",
    "ruling.final-round-termination": "turn_cap_reached",
    "ruling.round-turn-cap": "round_turns_capped",
    "ruling.reaction-cap": "may_react",
    "ruling.draw-pile-exhausted": "reshuffles",
    "ruling.ass-joker-holder-at-reveal": "burned_ass_joker_stays_out",
    "ruling.reshuffle-with-queued-functions": "cards_reshuffled",
    # the effects, the flow and the deal
    "ruling.deck-composition": "engine.dealing.deck_for",
    "setup.row": "engine.dealing.dealt",
    "setup.draw-pile": "engine.dealing.dealt",
    "turn.play": "engine.effects._play",
    "throw-in.wrong-card.take-back": "engine.effects._throw",
    "throw-in.wrong-card.penalty": "engine.effects._throw",
    "throw-in.mistaken-interception": "engine.effects._throw",
    "sabai-sabai-move.on-behalf": "engine.effects._throw",
    "sabai-sabai-move.penalty-to-thrower": "engine.effects._throw",
    "ruling.wrong-on-behalf-throw": "engine.effects._throw",
    "function.thrown-in": "engine.effects._throw",
    "throw-in.functions-in-order": "engine.effects._throw",
    "ruling.function-queue-order": "engine.effects._throw",
    "game-end.final-round-end": "engine.flow.end_condition",
    "ruling.final-lap-end": "engine.flow.end_condition",
    "turn.rotation": "engine.flow.settle",
    "throw-in.no-one-skipped": "engine.flow.settle",
    "ruling.no-one-skipped": "engine.flow.settle",
    "ruling.final-lap-sequence": "engine.flow.call",
    "throw-in.penalty-card": "engine.work.Work.penalty",
    "four-together.last-draws-penalty": "engine.work.Work.lose_nose_race",
    # the model
    "ruling.joker-family": "model.cards._match_key",
    "ruling.number-of-rounds": "model.ruleset.Ruleset.rounds_for",
    "turn.starter": "state.Setup.starter",
    "ruling.knowledge-model": "state.Table.knows",
    "round-end.next-dealer": "state.Game.next_dealer",
    "ruling.dealer-rotation": "state.Game.next_dealer",
    # what each player sees, the scoring and the game
    "ruling.public-information": "play.views.view",
    "objective.joker-minus-four": "play.scoring.card_value",
    "objective.ass-joker-exception": "play.scoring.card_value",
    "ruling.ass-joker-value": "play.scoring.card_value",
    "ruling.card-points-face-value": "play.scoring.card_value",
    "objective.card-points": "play.scoring.card_points",
    "objective.no-cards-zero": "play.scoring.card_points",
    "ass-joker.hall-of-fame": "play.scoring.hall_of_fame",
    "ass-joker.cursed-joker-four-jokers": "play.scoring.hall_of_fame",
    "ruling.hall-of-fame-four-jokers-only": "play.scoring.hall_of_fame",
    "ruling.round-ties": "play.scoring._fewest",
    "ruling.scoring-procedure": "play.scoring.score_round",
    "round-end.victory-points": "play.scoring.score_round",
    "objective.round-victory-point": "play.scoring.score_round",
    "ass-joker.loses-round": "play.scoring.score_round",
    "ass-joker.victory-point-deducted": "play.scoring.score_round",
    "ruling.ass-joker-loses-round": "play.scoring.score_round",
    "ruling.ass-joker-victory-point-fallback": "play.scoring.score_round",
    "ruling.older-scoring": "play.scoring.score_round",
    "objective.lowest-score-wins": "play.scoring.score_round",
    "ass-joker.cursed-joker-loses-game": "play.scoring.score_round",
    "ruling.first-dealer": "play.game.new_game",
    "game-end.winner": "play.game.finish_round",
    "objective.negative-victory-points": "play.game.finish_round",
    "ruling.game-ties": "play.game.finish_round",
    "ruling.hall-of-fame-wins-round": "play.game.finish_round",
    "ruling.older-several-deals": "play.game.lowest_score_leaders",
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


def _module(path: Path) -> str:
    """The module of ``path`` under the package, as the table names it: ``engine.effects``."""
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def _decider(path: Path, marked: ast.expr) -> str:
    """The decider a mark names, as the table names it."""
    assert isinstance(marked, ast.Name | ast.Attribute), ast.dump(marked)
    name = ast.unparse(marked)
    return name if _module(path) == "engine.rules" else f"{_module(path)}.{name}"


def _marked_rules() -> list[tuple[str, str, str | None]]:
    """(rule, decider, the older edition's own rule or ``None``) of each ``decides`` statement of
    the package, read from the source, so that a mark is found even where no test imports its
    module."""
    out = []
    for path, tree in _trees(PACKAGE):
        for mark in _marks(tree):
            function, rule = mark.args
            assert isinstance(rule, ast.Constant), ast.dump(mark)
            older = next((k.value for k in mark.keywords if k.arg == "older"), None)
            assert older is None or isinstance(older, ast.Constant), ast.dump(mark)
            out.append(
                (
                    str(rule.value),
                    _decider(path, function),
                    None if older is None else str(older.value),
                )
            )
    return out


def _resolve(decider: str) -> object:
    """The object the table names: a predicate of rules.py, or a module's function, or a class's
    method or property (the object the class holds, not a bound method nor a value)."""
    parts = decider.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(["sabai_rules", *parts[:cut]]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    return getattr(rules, decider)


def test_each_decided_rule_is_decided_by_the_function_listed_here(cat: Catalogue) -> None:
    assert {rule: decider for rule, decider, _ in _marked_rules()} == DECIDED
    for rule in DECIDED:
        assert cat.kind_of(rule) in ("rule", "ruling"), f"{rule!r} is not in the catalogue"
    # The registry the marks fill, once their modules are imported, holds the very deciders.
    for rule, name in DECIDED.items():
        decider = _resolve(name)  # imports its module, whose marks fill the registry
        assert deciders.DECIDED.get(rule) is decider, (rule, name)
    assert set(deciders.DECIDED) == set(DECIDED)


def test_no_rule_is_decided_in_two_functions() -> None:
    """Read from the source: a second ``decides`` of a rule anywhere in the package."""
    marked: dict[str, list[str]] = {}
    for rule, decider, _ in _marked_rules():
        marked.setdefault(rule, []).append(decider)
    for rule, where in marked.items():
        assert len(where) == 1, f"{rule} is decided by {where}"


def test_each_mark_follows_the_function_it_marks() -> None:
    """A reader finds the rules a function decides right below it (below its class, for a method
    or a property): each mark follows the function it names, or another mark of it."""
    marked = 0
    for path, tree in _trees(PACKAGE):
        marks = {id(mark) for mark in _marks(tree)}
        where = path.relative_to(PACKAGE).as_posix()
        function: ast.stmt | None = None
        for node in tree.body:
            if not (isinstance(node, ast.Expr) and id(node.value) in marks):
                function = node
                continue
            assert isinstance(node.value, ast.Call)
            named = node.value.args[0]
            if isinstance(named, ast.Attribute):
                assert isinstance(named.value, ast.Name), f"{where}:{node.lineno}"
                assert isinstance(function, ast.ClassDef), f"{where}:{node.lineno}"
                assert function.name == named.value.id, f"{where}:{node.lineno}"
                members = {m.name for m in function.body if isinstance(m, ast.FunctionDef)}
                assert named.attr in members, f"{where}:{node.lineno}"
            else:
                assert isinstance(function, ast.FunctionDef), f"{where}:{node.lineno}"
                assert isinstance(named, ast.Name), f"{where}:{node.lineno}"
                assert function.name == named.id, f"{where}:{node.lineno}"
            marked += 1
    assert marked == len(DECIDED)


def test_every_rule_and_ruling_has_a_decider_or_a_reason_why_not(cat: Catalogue) -> None:
    """Each id of the catalogue is decided by code (its own mark, or, for a rule of the older
    edition, the mark of the current rule it states in its own words), or listed in
    spec/undecided.toml with the reason no code can decide it; never both."""
    undecided = load_undecided(ROOT / "spec" / "undecided.toml")
    decided = {rule for rule, _, _ in _marked_rules()}
    decided |= {older for _, _, older in _marked_rules() if older is not None}
    ids = [r.id for r in cat.rules()] + [r.id for r in cat.rulings()]
    neither = [i for i in ids if i not in decided and i not in undecided]
    both = sorted(decided & set(undecided))
    assert neither == [], f"no decider, and not listed in spec/undecided.toml: {neither}"
    assert both == [], f"decided, yet listed in spec/undecided.toml: {both}"
    assert set(undecided) <= set(ids), set(undecided) - set(ids)
    # Listed as informational: the informational rules, every one of them.
    informational = {r.id for r in cat.rules() if not r.is_normative}
    assert {i for i, u in undecided.items() if u.why == "informational"} == informational
    for entry in undecided.values():
        assert sorted(dict(entry.reasons)) == sorted(LANGUAGES), entry.ident


def test_the_code_names_rule_ids_only_where_deciders_decide_them(cat: Catalogue) -> None:
    """Outside ``decides`` marks, neither an engine module nor any module that decides a rule
    writes a rule id as a string: a refusal cites the rule of its predicate. (Docstrings and
    comments cite rules with roles; they decide nothing. The ruleset's options name their rulings:
    that is what they are, not a decision.)"""
    ids = {r.id for r in cat.rules()} | {r.id for r in cat.rulings()}
    deciding = [
        (path, tree)
        for path, tree in _trees(PACKAGE)
        if (path.parent == ENGINE or _marks(tree)) and _module(path) != "model.ruleset"
    ]
    assert len(deciding) > len(_trees(ENGINE))
    for path, tree in deciding:
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
                pytest.fail(f"{path.name}:{node.lineno} names {node.value!r} outside a mark")


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
