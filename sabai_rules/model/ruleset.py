"""The ruleset: every ruling that reasonable readers could decide differently, as an option.

A :class:`Ruleset` is one frozen value; the presets are the current edition (the default), the
older edition and the simplified way of playing. Each option names the ruling that justifies it
(``Ruleset.ruling_of("throw_in_window")``) and the presets' values are those of the catalogue
(a test checks that they agree).

>>> Ruleset.preset("older").throw_in_window
'until_next_draw'
>>> Ruleset().with_options(allow_on_behalf=False) == Ruleset.preset("simplified")
True

A bad value is refused naming the option, the value and what it may be; a game lasts at most
:data:`MAX_NUM_ROUNDS` rounds:

>>> Ruleset(compensation_slot="x")
Traceback (most recent call last):
...
ValueError: compensation_slot must be one of 'vacated', 'append', not 'x'
>>> Ruleset(num_rounds=10**100)
Traceback (most recent call last):
...
ValueError: num_rounds must be 1 to 100 (or None: one round per player), not 1000...0000
"""

from __future__ import annotations

import reprlib
from typing import Any, ClassVar, Final, Literal

import attrs

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.deciders import decides

__all__ = ["MAX_NUM_ROUNDS", "PRESETS", "Ruleset", "Values"]

PRESETS: Final = ("current", "older", "simplified")
#: The most rounds a ruleset may set (``num_rounds``), far beyond any game (a table of 12 plays 12
#: rounds by default); a bound, so that a game given to the referee or the bots always ends.
MAX_NUM_ROUNDS: Final = 100

# Values are echoed in messages as a bounded excerpt (reprlib: 30 characters of a text, 40 digits),
# escaped as repr escapes them: a message stays one short line whatever it was given.
_shown = reprlib.repr


@attrs.frozen
class Values:
    """What values an option takes, declared once beside it: the option's validator checks them
    (:meth:`check`) and the record format's schema says them (:meth:`schema`). A choice of texts
    (``choices``), true or false, or a whole number from ``least`` to ``most`` (either may be
    open), or ``None`` too where ``none`` says what it means."""

    kind: Literal["choice", "bool", "int"]
    choices: tuple[str, ...] = ()
    least: int | None = None
    most: int | None = None
    #: ``None`` allowed, and what it means ("" for nothing to say); ``None``: not allowed.
    none: str | None = None

    def check(self, name: str, value: Any) -> None:
        """:class:`TypeError` for a value of the wrong kind, :class:`ValueError` for one out of
        range; each message names the option, the value (a bounded excerpt) and what it may be."""
        if self.kind == "bool":
            if type(value) is not bool:
                raise TypeError(f"{name} must be true or false, not {_shown(value)}")
        elif self.kind == "choice":
            if type(value) is not str or value not in self.choices:
                allowed = ", ".join(map(repr, self.choices))
                raise ValueError(f"{name} must be one of {allowed}, not {_shown(value)}")
        elif value is None and self.none is not None:
            return
        elif type(value) is not int:
            what = "a whole number" if self.none is None else "a whole number or none"
            raise TypeError(f"{name} must be {what}, not {_shown(value)}")
        elif (self.least is not None and value < self.least) or (
            self.most is not None and value > self.most
        ):
            if self.most is None:
                span = f"at least {self.least}"
            elif self.least is None:
                span = f"at most {self.most}"
            else:
                span = f"{self.least} to {self.most}"
            if self.none is not None:
                span += f" (or None: {self.none})" if self.none else " (or None)"
            raise ValueError(f"{name} must be {span}, not {_shown(value)}")

    def schema(self, ruling: str) -> dict[str, Any]:
        """The option's entry in the record format's JSON Schema (its description names
        ``ruling``)."""
        out: dict[str, Any] = {"description": f"See {ruling}."}
        if self.kind == "choice":
            out["enum"] = list(self.choices)
        elif self.kind == "bool":
            out["type"] = "boolean"
        else:
            out["type"] = "integer" if self.none is None else ["integer", "null"]
            if self.least is not None:
                out["minimum"] = self.least
            if self.most is not None:
                out["maximum"] = self.most
        return out


def _one_of(*choices: str) -> Values:
    return Values("choice", choices)


def _whole(least: int | None, most: int | None, *, none: str | None = None) -> Values:
    return Values("int", least=least, most=most, none=none)


def _option(default: Any, ruling: str, values: Values | None = None) -> Any:
    """An option, the ruling it reads, and the values it takes (``values``: true or false when the
    default is, otherwise given); its validator checks them, never their legality."""
    if values is None:
        if not isinstance(default, bool):
            raise TypeError("an option that is not true or false declares its values")
        values = Values("bool")
    declared = values

    def check(instance: Any, attribute: Any, value: Any) -> None:
        declared.check(attribute.name, value)

    return attrs.field(
        default=default,
        validator=check,
        metadata={"ruling": ruling, "values": values},
        kw_only=True,
    )


@attrs.frozen(cache_hash=True)
class Ruleset:
    """How to play: the current edition's reading unless told otherwise.

    Validators check each value against what its option declares it takes (:class:`Values`: its
    kind and range); there is no legality here.
    """

    deck: DeckSpec = attrs.field(
        default=DeckSpec(),
        validator=attrs.validators.instance_of(DeckSpec),
        metadata={"ruling": "ruling.deck-composition"},
        kw_only=True,
    )
    joker_onto_ass_joker: bool = _option(True, "ruling.joker-onto-ass-joker")
    compensation_slot: Literal["vacated", "append"] = _option(
        "vacated", "ruling.row-positions", _one_of("vacated", "append")
    )
    keep_discard_triggers_function: bool = _option(True, "ruling.keep-discard-triggers-function")
    functions_optional: bool = _option(False, "ruling.functions-mandatory")
    ass_joker_value: int = _option(0, "ruling.ass-joker-value", _whole(-100, 100))
    ass_joker_holder_can_win_round: bool = _option(False, "ruling.ass-joker-loses-round")
    ass_joker_vp_fallback: Literal["next_lowest", "none"] = _option(
        "next_lowest", "ruling.ass-joker-victory-point-fallback", _one_of("next_lowest", "none")
    )
    four_jokers_requires_only: bool = _option(True, "ruling.hall-of-fame-four-jokers-only")
    hall_of_fame_wins_game: bool = _option(False, "ruling.hall-of-fame-wins-round")
    allow_burn_from_draw: bool = _option(False, "ruling.ass-joker-drawn")
    burned_ass_joker: Literal["out_of_play", "reshuffled"] = _option(
        "out_of_play", "ruling.ass-joker-holder-at-reveal", _one_of("out_of_play", "reshuffled")
    )
    ass_joker_pick: Literal["turned_over", "refused_if_seen"] = _option(
        "turned_over", "ruling.ass-joker-turned-over", _one_of("turned_over", "refused_if_seen")
    )
    ass_joker_burned_by: Literal["anyone", "holder"] = _option(
        "anyone", "ruling.ass-joker-throw-ins", _one_of("anyone", "holder")
    )
    throw_in_window: Literal["until_covered", "until_next_draw"] = _option(
        "until_covered", "ruling.throw-in-window", _one_of("until_covered", "until_next_draw")
    )
    throw_in_retry_lockout: bool = _option(True, "ruling.retry-lockout-scope")
    wrong_cards_penalty: Literal["per_card", "per_motion"] = _option(
        "per_card", "ruling.wrong-cards-in-a-batch", _one_of("per_card", "per_motion")
    )
    # At least one: a wrong card that costs nothing makes guessing free (for ever in the older
    # edition, which has no lock-out); at most four, the cards a player is dealt.
    throw_in_penalty_cards: int = _option(1, "ruling.throw-in-penalty-cards", _whole(1, 4))
    same_card_reach: Literal["first_touch", "play_order"] = _option(
        "first_touch", "ruling.same-card-reach", _one_of("first_touch", "play_order")
    )
    on_empty_draw_pile: Literal["reshuffle", "end_round"] = _option(
        "reshuffle", "ruling.draw-pile-exhausted", _one_of("reshuffle", "end_round")
    )
    first_refusal: Literal["if_known", "always", "priority", "never"] = _option(
        "if_known", "ruling.first-refusal", _one_of("if_known", "always", "priority", "never")
    )
    on_behalf_requires_card: bool = _option(True, "ruling.compensation-card")
    allow_on_behalf: bool = _option(True, "ruling.on-behalf-contexts")
    on_behalf_requires_thrower_knowledge: bool = _option(False, "ruling.older-on-behalf-knowledge")
    on_behalf_owner_must_not_know: bool = _option(False, "ruling.owner-knowledge-not-enforced")
    on_behalf_active_player: Literal["thrower", "turn_player"] = _option(
        "thrower", "ruling.functions-by-thrower", _one_of("thrower", "turn_player")
    )
    knowledge_claims: Literal["trusted", "ignored"] = _option(
        "trusted", "ruling.unseen-card", _one_of("trusted", "ignored")
    )
    nose_race: Literal["recorded", "random", "off"] = _option(
        "recorded", "ruling.nose-race", _one_of("recorded", "random", "off")
    )
    empty_check: Literal["quiescence", "lock_in"] = _option(
        "quiescence", "ruling.empty-row-at-quiescence", _one_of("quiescence", "lock_in")
    )
    empty_by_any_means: bool = _option(True, "ruling.empty-by-any-means")
    end_of_round_reaction: bool = _option(True, "ruling.end-of-round-reaction")
    protect_empty_players: bool = _option(False, "ruling.empty-player-targets")
    call_timing: Literal["any_time", "own_turn"] = _option(
        "any_time", "ruling.who-may-call", _one_of("any_time", "own_turn")
    )
    round_tie_policy: Literal["all", "none", "fewest_cards_then_all"] = _option(
        "all", "ruling.round-ties", _one_of("all", "none", "fewest_cards_then_all")
    )
    num_rounds: int | None = _option(
        None, "ruling.number-of-rounds", _whole(1, MAX_NUM_ROUNDS, none="one round per player")
    )
    game_tie_policy: Literal["co_winners", "extra_final_round"] = _option(
        "co_winners", "ruling.game-ties", _one_of("co_winners", "extra_final_round")
    )
    final_round_max_turns: int | None = _option(
        1000, "ruling.final-round-termination", _whole(1, None, none="")
    )
    max_round_turns: int | None = _option(None, "ruling.round-turn-cap", _whole(1, None, none=""))
    max_turn_reactions: int | None = _option(None, "ruling.reaction-cap", _whole(1, None, none=""))
    initial_peek: int = _option(0, "ruling.older-initial-peek", _whole(0, 4))
    initial_peek_optional: bool = _option(False, "ruling.older-look-optional")
    scoring: Literal["victory_points", "lowest_score"] = _option(
        "victory_points", "ruling.older-scoring", _one_of("victory_points", "lowest_score")
    )
    lowest_score_deals: Literal["sum", "last"] = _option(
        "sum", "ruling.older-several-deals", _one_of("sum", "last")
    )
    final_round_no_call: bool = _option(True, "ruling.older-no-final-round")

    _PRESET_CHANGES: ClassVar[dict[str, dict[str, Any]]] = {
        "current": {},
        "older": {
            "ass_joker_value": -4,
            "four_jokers_requires_only": False,
            "hall_of_fame_wins_game": True,
            "ass_joker_pick": "refused_if_seen",
            "throw_in_window": "until_next_draw",
            "throw_in_retry_lockout": False,
            "first_refusal": "never",
            "on_behalf_requires_thrower_knowledge": True,
            "num_rounds": 1,
            "initial_peek": 2,
            "initial_peek_optional": True,
            "scoring": "lowest_score",
            "final_round_no_call": False,
        },
        "simplified": {"allow_on_behalf": False},
    }

    def __attrs_post_init__(self) -> None:
        if (
            self.scoring == "lowest_score"
            and self.lowest_score_deals == "last"
            and self.num_rounds != 1
        ):
            raise ValueError(
                "scoring='lowest_score' with lowest_score_deals='last' is for one deal (and a"
                " tie's extra deal): num_rounds=1, or lowest_score_deals='sum'"
            )

    @classmethod
    def preset(cls, name: str) -> Ruleset:
        """The ruleset of a preset: ``"current"``, ``"older"`` or ``"simplified"``;
        :class:`TypeError` for a name that is not a text, :class:`ValueError` for another text."""
        if type(name) is not str:
            raise TypeError(f"name must be a preset's name (a str), not {type(name).__name__}")
        try:
            changes = cls._PRESET_CHANGES[name]
        except KeyError:
            raise ValueError(
                f"unknown preset {name!r} (expected one of {', '.join(PRESETS)})"
            ) from None
        return cls(**changes)

    def with_options(self, **changes: Any) -> Ruleset:
        """This ruleset with some options changed; unknown option names raise :class:`TypeError`."""
        unknown = sorted(set(changes) - set(self.option_names()))
        if unknown:
            raise TypeError(f"unknown ruleset option(s): {', '.join(unknown)}")
        return attrs.evolve(self, **changes)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in attrs.fields(cls))

    @classmethod
    def values_of(cls, option: str) -> Values:
        """What values ``option`` takes; every option but the deck (a
        :class:`~sabai_rules.model.cards.DeckSpec`) declares them. :class:`TypeError` for another
        name."""
        for field in attrs.fields(cls):
            if field.name == option and "values" in field.metadata:
                return field.metadata["values"]  # type: ignore[no-any-return]
        raise TypeError(f"unknown ruleset option {option!r} (or the deck, which has no values)")

    @classmethod
    def option_schema(cls, option: str) -> dict[str, Any]:
        """``option``'s entry in the record format's JSON Schema, written from its declared values
        (the schema files hold what this gives: a test compares)."""
        return cls.values_of(option).schema(cls.ruling_of(option))

    @classmethod
    def ruling_of(cls, option: str) -> str:
        """The id of the ruling that an option switches."""
        for field in attrs.fields(cls):
            if field.name == option:
                return str(field.metadata["ruling"])
        raise TypeError(f"unknown ruleset option {option!r}")

    def options(self) -> dict[str, Any]:
        """Every option and its value."""
        return {name: getattr(self, name) for name in self.option_names()}

    def differences(self, base: Ruleset | None = None) -> dict[str, Any]:
        """The options whose value differs from ``base`` (default: the current edition)."""
        reference = Ruleset() if base is None else base
        return {k: v for k, v in self.options().items() if getattr(reference, k) != v}

    @property
    def edition(self) -> Literal["current", "older"]:
        """The edition whose texts this ruleset plays: the older edition's single deal scored by the
        lowest score marks it (:rule:`ruling.older-scoring`). Refusals cite that edition's rules."""
        return "older" if self.scoring == "lowest_score" else "current"

    def rounds_for(self, players: int) -> int:
        """The rounds of a game: ``num_rounds``, else one per player
        (:rule:`ruling.number-of-rounds`). :class:`TypeError` if ``players`` is no ``int``
        (a ``bool`` is none)."""
        if type(players) is not int:
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        return players if self.num_rounds is None else self.num_rounds

    def preset_name(self) -> str | None:
        """The name of the preset this ruleset equals, if any."""
        return next((name for name in PRESETS if Ruleset.preset(name) == self), None)

    def nearest_preset(self) -> str:
        """The preset this ruleset equals, else the one it differs from in the fewest options (on
        a tie, the first of current, older and simplified): what records and positions name, with
        the options that differ from it.

        >>> Ruleset.preset("older").with_options(nose_race="random").nearest_preset()
        'older'
        """
        return min(PRESETS, key=lambda name: len(self.differences(Ruleset.preset(name))))


decides(Ruleset.rounds_for, "ruling.number-of-rounds")
