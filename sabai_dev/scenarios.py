"""Scenarios: the rules' examples as data, played by the engine and checked step by step.

A scenario file (YAML, in ``tests/scenarios/``) names the rule and ruling ids it exercises,
describes the situation for players in several languages, sets out a table with
:func:`~sabai_rules.play.layout.layout`, and lists actions with what must follow each one. The test
suite runs every scenario; the rulebook renders them as worked examples. Reading YAML needs
PyYAML (installed with the ``test`` and ``docs`` extras).

The format, by example::

    id: wrong-throw-in-locks-out
    title:                           # or one English string
      en: A wrong throw-in costs a penalty card and locks the thrower out
      fr: ...
      nl: ...
    rules: [throw-in.wrong-card.penalty, throw-in.retry-lockout]
    rulings: [ruling.retry-lockout-scope]
    description:
      en: P0 throws in a 9 onto a 5 ...
      fr: ...
      nl: ...
    ruleset: current                 # or {preset: older, options: {nose_race: random}}
    table:                           # the arguments of layout(): rows, draw, discard, turn, ...
      rows: [[9, 8, 5], [3, 4]]
      discard: [5]
      draw: [2]
      turn: 1                        # (dealt: true instead has the engine deal the rows
                                     # and the draw pile, from the deck in the matching order)
    steps:
      - do: ThrowIn(0, 0, 0)         # an action, written as its repr
        expect:                      # what must hold afterwards (see CHECKS)
          rows: {0: [9, 8, 5, 2]}
          locked_out: [0]
      - do: ThrowIn(0, 0, 2)
        refused: throw-in.retry-lockout   # refused, and not listed as legal; no expect here
    result:                          # after the last step the round must be over
      end: emptied
      victory_points: [1, 0]
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence, Set
from pathlib import Path
from typing import Any, Final

import attrs

from sabai_rules import moves
from sabai_rules.model.cards import face_name, parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action, IllegalActionError, apply, legal_actions
from sabai_rules.play.game import finish_round, new_game
from sabai_rules.play.layout import layout
from sabai_rules.play.scoring import score_round
from sabai_rules.state import Function, Game, Offer, State, cards_in

__all__ = [
    "CHECKS",
    "Observer",
    "RoundScript",
    "Scenario",
    "ScenarioError",
    "ScenarioFailureError",
    "Step",
    "load_scenarios",
    "parse_action",
    "run_scenario",
]


class ScenarioError(ValueError):
    """A scenario file that cannot be read (a syntax error, an unknown key, a bad action)."""


class ScenarioFailureError(AssertionError):
    """The engine did not do what a scenario says: names the scenario, the step and its rule."""

    def __init__(
        self, scenario: str, step: int, action: str, rules: Sequence[str], message: str
    ) -> None:
        self.scenario = scenario
        self.step = step
        cited = ", ".join(rules)
        super().__init__(f"scenario {scenario}, step {step} ({action}) [{cited}]: {message}")


@attrs.frozen
class Step:
    action: str
    refused: str | None
    expect: tuple[tuple[str, Any], ...]
    note: Mapping[str, str] | None = attrs.field(default=None, eq=False)


@attrs.frozen
class RoundScript:
    """One round of a scenario: its table, its steps, the result it must end with."""

    table: Mapping[str, Any] = attrs.field(eq=False)
    steps: tuple[Step, ...]
    result: Mapping[str, Any] | None = attrs.field(eq=False)
    #: In a game scenario, the dealer the game must give this round.
    dealer: int | None = None


@attrs.frozen
class Scenario:
    """A scenario: one round (``table``, ``steps``, ``result``) or, with ``game``, several
    rounds of one game (``rounds``, then ``game_result``)."""

    id: str
    title: str  # in English; ``titles`` has every language the file gives
    rules: tuple[str, ...]
    rulings: tuple[str, ...]
    description: Mapping[str, str] = attrs.field(eq=False)
    ruleset: Ruleset
    rounds: tuple[RoundScript, ...]
    game: Mapping[str, Any] | None = attrs.field(eq=False)
    game_result: Mapping[str, Any] | None = attrs.field(eq=False)
    path: Path | None = attrs.field(eq=False)
    titles: Mapping[str, str] = attrs.field(eq=False, factory=dict)

    def title_in(self, language: str) -> str:
        """The title in ``language``, or in English where the file has none."""
        return self.titles.get(language) or self.title

    @property
    def edition(self) -> str:
        return self.ruleset.edition

    @property
    def table(self) -> Mapping[str, Any]:
        return self.rounds[0].table

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for script in self.rounds for step in script.steps)

    def start(self) -> State:
        """The scenario's (first) table; a ``dealt`` table that the engine's deal does not give
        raises :class:`ScenarioFailureError`."""
        state, problem = _set_out(self.ruleset, _layout_arguments(self.table))
        if problem is not None:
            raise ScenarioFailureError(self.id, 0, "deal", (*self.rules, *self.rulings), problem)
        return state


#: The keys of one round of a game scenario.
_ROUND_KEYS: Final = {"table", "steps", "result", "dealer"}
_TOP_KEYS: Final = {
    "id",
    "title",
    "rules",
    "rulings",
    "description",
    "ruleset",
    "table",
    "steps",
    "result",
    "game",
    "rounds",
    "game_result",
}
_STEP_KEYS: Final = {"do", "refused", "expect", "note"}
_LAYOUT_KEYS: Final = {
    "rows",
    "draw",
    "discard",
    "dealer",
    "turn",
    "held",
    "seen",
    "seen_by_all",
    "turns",
    "done",
    "lockout",
    "caller",
    "final_lap",
    "round_index",
    "final_round",
    "seed",
    "dealt",
}
#: The table keys a ``dealt`` table may have: a deal places nothing else.
_DEALT_KEYS: Final = {"rows", "draw", "dealer", "round_index", "final_round", "seed", "dealt"}


def parse_action(text: str) -> Action:
    """An action from its repr: ``ThrowIn(0, 1, 2)``, ``LookAtCards(0, (1, 3))``; keyword
    arguments too (``Give(actor=0, slot=1, target=2)``)."""
    try:
        call = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise ScenarioError(f"not an action: {text!r}") from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise ScenarioError(f"not an action: {text!r}")
    cls = moves.ACTIONS_BY_NAME.get(call.func.id)
    if cls is None:
        raise ScenarioError(f"unknown action {call.func.id!r} in {text!r}")
    try:
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        action: Action = cls(*args, **kwargs)
    except (ValueError, TypeError) as error:
        raise ScenarioError(f"bad arguments in {text!r}: {error}") from None
    return action


def _faces(values: Sequence[Any]) -> list[str | int]:
    return [v if isinstance(v, int) else str(v) for v in values]


def _layout_arguments(table: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(table) - _LAYOUT_KEYS
    if unknown:
        raise ScenarioError(f"unknown table key(s): {', '.join(sorted(unknown))}")
    arguments = dict(table)
    arguments["rows"] = [_faces(row) for row in table["rows"]]
    for key in ("draw", "discard"):
        if key in arguments:
            arguments[key] = _faces(arguments[key])
    if arguments.get("held") is not None:
        arguments["held"] = str(arguments["held"])
    if "seen" in arguments:
        arguments["seen"] = {
            int(p): [tuple(pos) for pos in positions] for p, positions in table["seen"].items()
        }
    if "seen_by_all" in arguments:
        arguments["seen_by_all"] = [tuple(pos) for pos in table["seen_by_all"]]
    return arguments


def _set_out(ruleset: Ruleset, arguments: Mapping[str, Any]) -> tuple[State, str | None]:
    """The table of ``arguments``: built by :func:`~sabai_rules.play.layout.layout`, or, with
    ``dealt: true``, dealt by :func:`~sabai_rules.moves.deal` from a deck in the order that,
    dealt by the rules, gives these rows and this draw pile. Also why the deal does not give
    them, or ``None``."""
    arguments = dict(arguments)
    if not arguments.pop("dealt", False):
        return layout(ruleset=ruleset, **arguments), None
    extra = set(arguments) - _DEALT_KEYS
    if extra:
        raise ScenarioError(
            f"a dealt table has no {', '.join(sorted(extra))}: a deal sets out rows and a draw pile"
        )
    # The same table set out, for its card ids (the deck's other cards under the draw pile).
    wanted = layout(ruleset=ruleset, **arguments)
    rows, players = wanted.table.rows, wanted.players
    # One card at a time round the table from the player after the dealer, then the draw pile
    # from its top: the order the rules deal in (turn.starter, setup.four-cards).
    seats = [(wanted.setup.dealer + 1 + k) % players for k in range(players)]
    order = [
        row[i]
        for i in range(max(map(len, rows)))
        for row in (rows[p] for p in seats)
        if i < len(row)
    ]
    order.extend(reversed(wanted.table.draw))
    state = moves.deal(
        ruleset,
        players,
        dealer=wanted.setup.dealer,
        order=order,
        seed=arguments.get("seed", 0),
        round_index=wanted.setup.round_index,
        final_round=wanted.setup.final_round,
    )
    for player in range(players):
        got, want = _row_faces(state, player), _row_faces(wanted, player)
        if got != want:
            return state, f"the deal gives P{player} {got}, expected {want}"
    if state.table.draw != wanted.table.draw:
        return state, "the deal leaves another draw pile than the table's"
    return state, None


def _ruleset(value: Any) -> Ruleset:
    if value is None or isinstance(value, str):
        return Ruleset.preset(value or "current")
    if isinstance(value, Mapping):
        unknown = set(value) - {"preset", "options"}
        if unknown:
            raise ScenarioError(f"unknown ruleset key(s): {', '.join(sorted(unknown))}")
        return Ruleset.preset(str(value.get("preset", "current"))).with_options(
            **dict(value.get("options") or {})
        )
    raise ScenarioError(f"bad ruleset: {value!r}")


def _read(path: Path) -> Scenario:
    try:
        import yaml  # noqa: PLC0415 - an optional dependency: only scenario files need it
    except ImportError:  # pragma: no cover - the test and docs extras install it
        raise ScenarioError(
            "reading scenarios needs PyYAML: pip install 'sabai-rules[test]'"
        ) from None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ScenarioError(f"{path.name}: {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path.name}: a scenario is a mapping")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise ScenarioError(f"{path.name}: unknown key(s) {', '.join(sorted(unknown))}")
    try:
        if "game" in data:
            if any(key in data for key in ("table", "steps", "result")):
                raise ScenarioError(f"{path.name}: a game scenario has rounds, not a table")
            rounds = tuple(_round_script(path, raw, _ROUND_KEYS) for raw in data["rounds"])
        else:
            rounds = (_round_script(path, data, _TOP_KEYS),)
        titles = _titles(path, data["title"])
        scenario = Scenario(
            id=str(data["id"]),
            title=titles["en"],
            titles=titles,
            rules=tuple(data.get("rules") or ()),
            rulings=tuple(data.get("rulings") or ()),
            description=dict(data["description"]),
            ruleset=_ruleset(data.get("ruleset")),
            rounds=rounds,
            game=data.get("game"),
            game_result=data.get("game_result"),
            path=path,
        )
    except KeyError as missing:
        raise ScenarioError(f"{path.name}: missing key {missing}") from None
    except (TypeError, ValueError) as error:
        if isinstance(error, ScenarioError):
            raise
        raise ScenarioError(f"{path.name}: {error}") from None
    if path.stem != scenario.id:
        raise ScenarioError(f"{path.name}: the file name must be the scenario id {scenario.id!r}")
    return scenario


def _titles(path: Path, raw: object) -> dict[str, str]:
    if isinstance(raw, str):
        return {"en": raw}
    if not isinstance(raw, dict) or not isinstance(raw.get("en"), str):
        raise ScenarioError(f"{path.name}: title is a string or a mapping with an 'en' title")
    unknown = set(raw) - {"en", "fr", "nl", "fi"}
    if unknown:
        raise ScenarioError(
            f"{path.name}: title in unknown language(s) {', '.join(sorted(unknown))}"
        )
    return {str(lang): str(text) for lang, text in raw.items()}


def _round_script(path: Path, data: Mapping[str, Any], keys: Set[str]) -> RoundScript:
    """One round: the whole scenario file, or an item of its ``rounds``; ``keys`` are the keys
    it may have."""
    steps = []
    for raw in data.get("steps") or []:
        extra = set(raw) - _STEP_KEYS
        if extra:
            raise ScenarioError(f"{path.name}: unknown step key(s) {', '.join(sorted(extra))}")
        parse_action(str(raw["do"]))
        expect = raw.get("expect") or {}
        if expect and raw.get("refused") is not None:
            # A refused action leaves the state as it was: checks there would be about the
            # step before, so they belong to it.
            raise ScenarioError(
                f"{path.name}: step {raw['do']} is refused and has expectations: a refused "
                "action changes nothing, so check the state at the step before"
            )
        bad = set(expect) - set(CHECKS)
        if bad:
            raise ScenarioError(f"{path.name}: unknown expectation(s) {', '.join(sorted(bad))}")
        steps.append(
            Step(str(raw["do"]), raw.get("refused"), tuple(expect.items()), raw.get("note"))
        )
    extra = set(data) - keys
    if extra:
        raise ScenarioError(f"{path.name}: unknown round key(s) {', '.join(sorted(extra))}")
    return RoundScript(dict(data["table"]), tuple(steps), data.get("result"), data.get("dealer"))


def load_scenarios(directory: Path) -> tuple[Scenario, ...]:
    """Every ``*.yaml`` scenario of ``directory``, by id."""
    return tuple(sorted((_read(p) for p in directory.glob("*.yaml")), key=lambda s: s.id))


# -- expectations -------------------------------------------------------------------------------


def _row_faces(state: State, player: int) -> list[str]:
    return ["[gap]" if c < 0 else face_name(state.deck.faces[c]) for c in state.table.rows[player]]


def _same_faces(got: Sequence[str], want: Sequence[Any]) -> bool:
    def norm(face: Any) -> Any:
        text = str(face)
        return text if text == "[gap]" else parse_face(text)

    return [norm(f) for f in got] == [norm(f) for f in want]


def _check_rows(state: State, want: Mapping[Any, Sequence[Any]]) -> str | None:
    for player, faces in want.items():
        got = _row_faces(state, int(player))
        if not _same_faces(got, faces):
            return f"P{player}'s row is {got}, expected {list(faces)}"
    return None


def _card_problem(state: State, card: int, want: Any, what: str) -> str | None:
    """Why ``card`` (an id, or -1 for none) is not the face ``want`` (``None``: no card)."""
    got = None if card < 0 else face_name(state.deck.faces[card])
    matches = got is None if want is None else got is not None and _same_faces([got], [want])
    if matches:
        return None
    return f"{what} is {got or 'none'}, expected {'none' if want is None else want}"


def _check_top(state: State, want: Any) -> str | None:
    return _card_problem(state, state.table.top, want, "the top card")


def _check_discard(state: State, want: Sequence[Any]) -> str | None:
    got = [face_name(state.deck.faces[c]) for c in state.table.discard]
    return None if _same_faces(got, want) else f"the discard pile is {got}, expected {list(want)}"


def _check_draw_count(state: State, want: int) -> str | None:
    got = len(state.table.draw)
    return None if got == want else f"the draw pile has {got} cards, expected {want}"


def _check_held(state: State, want: Any) -> str | None:
    return _card_problem(state, state.table.held, want, "the drawn card held")


def _check_turn(state: State, want: int) -> str | None:
    return None if state.turn == want else f"it is P{state.turn}'s turn, expected P{want}'s"


def _check_stage(state: State, want: str) -> str | None:
    got = state.flow.stage.name.lower()
    return None if got == want else f"the turn is at {got}, expected {want}"


def _check_knows(
    state: State, want: Mapping[Any, Sequence[Sequence[int]]], expected: bool
) -> str | None:
    for player, positions in want.items():
        for owner, slot in positions:
            card = state.table.rows[owner][slot]
            if state.table.knows(int(player), card) != expected:
                verb = "does not know" if expected else "knows"
                return f"P{player} {verb} P{owner}'s card in slot {slot}"
    return None


def _check_locked(state: State, want: Sequence[int]) -> str | None:
    got = [p for p in range(state.players) if (state.flow.lockout >> p) & 1]
    return None if got == list(want) else f"locked out: {got}, expected {list(want)}"


def _check_pending(state: State, want: Any) -> str | None:
    pending = state.flow.pending
    got = None if pending is None else ("offer" if isinstance(pending, Offer) else "nose race")
    return None if got == want else f"pending: {got}, expected {want}"


def _check_queue(state: State, want: Sequence[str]) -> str | None:
    got = []
    for effect in state.flow.queue:
        if isinstance(effect, Function):
            got.append(f"P{effect.executor} {face_name(state.deck.faces[effect.card])}")
        else:
            got.append(f"P{effect.thrower} compensates P{effect.owner}")
    return None if got == list(want) else f"the queue is {got}, expected {list(want)}"


def _check_over(state: State, want: bool) -> str | None:
    return None if state.is_over == want else f"the round is {'over' if state.is_over else 'on'}"


def _check_end(state: State, want: Any) -> str | None:
    got = state.flow.status.end
    got_text = None if got is None else got.value
    return None if got_text == want else f"the round's end is {got_text}, expected {want}"


def _check_caller(state: State, want: Any) -> str | None:
    caller = state.flow.status.caller
    got = None if caller < 0 else caller
    return None if got == want else f"the caller is {got}, expected {want}"


def _check_final_lap(state: State, want: Any) -> str | None:
    lap = state.flow.status.final_lap
    got = None if lap < 0 else lap
    return None if got == want else f"final-lap turns left: {got}, expected {want}"


def _check_legal(state: State, want: Sequence[str]) -> str | None:
    legal = legal_actions(state)
    listed = tuple(legal)
    for text in want:
        action = parse_action(text)
        if action not in legal:
            return f"{text} is not legal"
        if action not in listed:
            return f"{text} is legal but not listed by legal_actions"
    return None


def _refusal_problem(state: State, action: Action, rule: str) -> str | None:
    """Why ``action`` is not refused citing ``rule`` at ``state``, or ``None``: ``apply`` must
    refuse it, citing ``rule``, and :func:`legal_actions` must not list it."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        if error.rule != rule:
            return f"refused citing {error.rule}, expected {rule}"
    else:
        return f"legal, expected a refusal citing {rule}"
    if action in tuple(legal_actions(state)):  # the list itself, not a legality check
        return f"refused citing {rule} but listed as legal"
    return None


def _check_illegal(state: State, want: Mapping[str, str]) -> str | None:
    for text, rule in want.items():
        problem = _refusal_problem(state, parse_action(text), rule)
        if problem is not None:
            return f"{text} is {problem}"
    return None


def _check_rows_count(state: State, want: Mapping[Any, int]) -> str | None:
    for player, count in want.items():
        got = cards_in(state.table.rows[int(player)])
        if got != count:
            return f"P{player} has {got} cards, expected {count}"
    return None


#: What a step's ``expect`` may check, by key.
CHECKS: Final[Mapping[str, Callable[[State, Any], str | None]]] = {
    "rows": _check_rows,
    "cards": _check_rows_count,
    "top": _check_top,
    "discard": _check_discard,
    "draw_count": _check_draw_count,
    "held": _check_held,
    "turn": _check_turn,
    "stage": _check_stage,
    "knows": lambda s, w: _check_knows(s, w, True),
    "unknown": lambda s, w: _check_knows(s, w, False),
    "locked_out": _check_locked,
    "pending": _check_pending,
    "queue": _check_queue,
    "over": _check_over,
    "end": _check_end,
    "caller": _check_caller,
    "final_lap": _check_final_lap,
    "legal": _check_legal,
    "illegal": _check_illegal,
}

_RESULT_KEYS: Final = {
    "end",
    "card_points",
    "victory_points",
    "winners",
    "ass_joker_holder",
    "hall_of_fame",
}


#: Told each table a scenario passes through: the round (from 0), the step within it (0: the table
#: set out, then 1, 2, ... after each step, a refused one included) and the state.
Observer = Callable[[int, int, State], None]


def run_scenario(scenario: Scenario, observe: Observer | None = None) -> State:
    """Play ``scenario``; raise :class:`ScenarioFailureError` at the first step that does not do
    what it says. Returns the final state (of the last round). ``observe``, if given, is told
    every table on the way (the rulebook draws them)."""
    cited = (*scenario.rules, *scenario.rulings)
    if scenario.game is None:
        state = scenario.start()
        return _play_round(scenario, scenario.rounds[0], state, 0, cited, observe, 0)
    unknown = set(scenario.game) - {"first_dealer", "seed"}
    if unknown:
        raise ScenarioError(f"{scenario.id}: unknown game key(s) {', '.join(sorted(unknown))}")
    players = len(scenario.rounds[0].table["rows"])
    game = new_game(
        players,
        scenario.ruleset,
        seed=scenario.game.get("seed", 0),
        first_dealer=scenario.game.get("first_dealer"),
    )
    offset = 0
    for number, script in enumerate(scenario.rounds):
        arguments = _layout_arguments(script.table)
        for key in ("dealer", "round_index", "final_round"):
            if key in arguments:
                raise ScenarioError(f"{scenario.id}: in a game the {key} comes from the game")
        if script.dealer is not None and script.dealer != game.next_dealer:
            raise ScenarioFailureError(
                scenario.id,
                offset + 1,
                "deal",
                cited,
                f"P{game.next_dealer} deals this round, expected P{script.dealer}",
            )
        arguments.update(
            dealer=game.next_dealer,
            round_index=len(game.rounds),
            final_round=game.next_round_is_final,
        )
        state, problem = _set_out(scenario.ruleset, arguments)
        if problem is not None:
            raise ScenarioFailureError(scenario.id, offset + 1, "deal", cited, problem)
        state = _play_round(scenario, script, state, offset, cited, observe, number)
        offset += len(script.steps)
        if not state.is_over:
            raise ScenarioFailureError(scenario.id, offset, "round", cited, "the round is not over")
        game = finish_round(game, state)
    if scenario.game_result is not None:
        _check_game(scenario, game, offset, cited)
    return state


def _play_round(
    scenario: Scenario,
    script: RoundScript,
    state: State,
    offset: int,
    cited: Sequence[str],
    observe: Observer | None = None,
    round_number: int = 0,
) -> State:
    if observe is not None:
        observe(round_number, 0, state)
    for number, step in enumerate(script.steps, start=offset + 1):
        action = parse_action(step.action)
        if step.refused is not None:
            problem = _refusal_problem(state, action, step.refused)
            if problem is not None:
                raise ScenarioFailureError(scenario.id, number, step.action, cited, problem)
        else:
            try:
                state = apply(state, action)
            except IllegalActionError as error:
                raise ScenarioFailureError(
                    scenario.id, number, step.action, cited, f"refused: {error}"
                ) from None
        for key, want in step.expect:
            problem = CHECKS[key](state, want)
            if problem is not None:
                raise ScenarioFailureError(scenario.id, number, step.action, cited, problem)
        if observe is not None:
            observe(round_number, number - offset, state)
    if script.result is not None:
        _check_result(scenario, script.result, state, offset + len(script.steps), cited)
    return state


def _check_game(scenario: Scenario, game: Game, last: int, cited: Sequence[str]) -> None:
    assert scenario.game_result is not None
    got = {
        "victory_points": list(game.victory_points),
        "winners": None if game.winners is None else list(game.winners),
        "rounds": len(game.rounds),
        "over": game.is_over,
    }
    unknown = set(scenario.game_result) - set(got)
    if unknown:
        raise ScenarioError(
            f"{scenario.id}: unknown game_result key(s) {', '.join(sorted(unknown))}"
        )
    for key, want in scenario.game_result.items():
        if got[key] != want:
            raise ScenarioFailureError(
                scenario.id, last, "game", cited, f"{key} is {got[key]}, expected {want}"
            )


def _check_result(
    scenario: Scenario,
    want_result: Mapping[str, Any],
    state: State,
    last: int,
    cited: Sequence[str],
) -> None:
    unknown = set(want_result) - _RESULT_KEYS
    if unknown:
        raise ScenarioError(f"{scenario.id}: unknown result key(s) {', '.join(sorted(unknown))}")
    if not state.is_over:
        raise ScenarioFailureError(scenario.id, last, "result", cited, "the round is not over")
    result = score_round(state)
    got = {
        "end": result.end.value,
        "card_points": list(result.card_points),
        "victory_points": list(result.victory_points),
        "winners": list(result.winners),
        "ass_joker_holder": result.ass_joker_holder,
        "hall_of_fame": result.hall_of_fame,
    }
    for key, want in want_result.items():
        if got[key] != want:
            raise ScenarioFailureError(
                scenario.id, last, "result", cited, f"{key} is {got[key]}, expected {want}"
            )
