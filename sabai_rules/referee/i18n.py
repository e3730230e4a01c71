"""Labels of the command line and the referee's reports in the four languages of the rulebook.

Rule texts come from the catalogue; this module holds only the few words around them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from sabai_rules.model.catalogue import check_language
from sabai_rules.moves import PARAMETERS, Action, AlsoThrowIn, LookAtCards, ThrowIn

__all__ = [
    "DECLINED_LOOK",
    "LABELS",
    "PHRASES",
    "colon",
    "describe",
    "label",
    "preset_name",
    "preset_values",
    "semicolon",
    "written_in",
]

LABELS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "rule": "Rule",
        "ruling": "Ruling",
        "chapter": "Chapter",
        "editions": "Editions",
        "edition.current": "current edition",
        "edition.older": "older edition",
        "kind.normative": "normative",
        "kind.informational": "informational",
        "source": "Published text",
        "source.fallback": "not in this language; shown in",
        "source.absent": "Absent from this language's text",
        "source.derived": "Stated by no text; derived from",
        "statement": "Statement",
        "english": "in English",
        "translation": "the project's translation",
        "rulings": "Rulings",
        "question": "Question",
        "decision": "Decision",
        "rationale": "Rationale",
        "option": "Option",
        "presets": "Presets",
        "preset-value": "{preset}: {value}",
        "alternatives": "Alternatives",
        "assumption": "This decision is an assumption, not a published rule.",
        "rules": "Rules",
        "evidence": "Evidence",
        "rulebook": "Rulebook",
        "language.en": "English",
        "language.fr": "French",
        "language.nl": "Dutch",
        "language.fi": "Finnish",
        "table.round": "Round",
        "table.dealer": "dealer",
        "table.dealt-by": "dealer {name}",
        "table.slot": "slot {slot}",
        "table.final-round": "final round",
        "table.turn": "to play",
        "table.locked": "locked out",
        "table.draw-pile": "draw pile",
        "table.discard-pile": "discard pile",
        "table.top": "top",
        "table.holds": "holds",
        "table.pending": "to carry out",
        "table.compensation": "compensation card owed",
        "table.offer": "first refusal offered to",
        "table.nose-race": "all four together: who touched their nose last?",
        "table.called-by": "sabai sabai called by",
        "table.final-lap": "final-lap turns left",
        "table.reaction": "last chance to throw in; passed",
        "table.over": "round over",
        "end.emptied": "a row emptied",
        "end.final-lap": "after the final lap",
        "end.forced": "forced end",
        "end.exhausted": "no card left to draw",
        "verdict.round-won-by": "won by",
        "verdict.card-points": "card points",
        "verdict.victory-points": "victory points",
        "verdict.ass-joker": "Ass Joker",
        "verdict.hall-of-fame": "Hall of Fame",
        "verdict.illegal": "Illegal event",
        "verdict.noted": "Noted, no sanction: event",
        "verdict.allowed": "The rules allowed instead",
        "verdict.allowed-motion": (
            "{player} may still put down other cards in the same motion as the wrong one: the"
            " lock-out stops a new attempt, not the cards of this one"
        ),
        "verdict.table-before": "The table just before",
        "verdict.not-legal": "Verdict: the record breaks the rules (see above).",
        "verdict.final-scores": "Final victory points",
        "verdict.final": "Final card points",
        "verdict.game-won-by": "the game is won by",
        "verdict.in-progress": "Verdict: every event is legal; the game is not finished.",
        "verdict.claim": "Claim",
        "verdict.claim-holds": "holds",
        "verdict.claim-fails": "does not hold",
        "verdict.claim-open": "cannot be settled by this record",
        "verdict.unreadable": "Unreadable event, skipped",
        "verdict.undecided": "Undecided event",
        "verdict.legal-if": "legal if {card} was {faces}",
        "verdict.illegal-if": "illegal if it was {faces}",
        "verdict.unstated-card": "the record does not say which card it was",
        "verdict.turns-on": (
            "legal or not depending on the cards the record does not state: {cards}"
        ),
        "verdict.or": "or",
        "verdict.illegal-where": "where it is illegal: {why}",
        "verdict.not-decided-result": (
            "Verdict: no event breaks the rules whatever the cards the record does not state, but "
            "the record cannot decide the result of every round (see above)."
        ),
        "verdict.any-card": "any card",
        "verdict.not-decided": (
            "Verdict: no event breaks the rules whatever the cards the record does not state, but "
            "the record cannot decide every event (see above)."
        ),
        "verdict.round-undecided": (
            "The record cannot decide the result of round {round}: it does not state every card "
            "of the rows turned up at its end (reveal)."
        ),
        "verdict.more-undecided": (
            "… and {count} more undecided events, not shown (the referee reports the first "
            "{shown} in full)"
        ),
        "verdict.more-illegal": (
            "… and {count} more illegal events, not shown (the referee reports the first {shown} "
            "in full)"
        ),
        "verdict.more-noted": (
            "… and {count} more noted events, not shown (the referee reports the first {shown} in "
            "full)"
        ),
        "verdict.more-unreadable": (
            "… and {count} more problems, skipped and not shown (the referee reports the first "
            "{shown} in full)"
        ),
        "table.seed-guessable": (
            "seed guessable: whoever knows some cards of this record can find its seed, and with it"
            " every other card (sabai simulate without --seed draws one nobody can guess)"
        ),
        "card.joker": "Joker",
        "card.ass-joker": "Ass Joker",
        "card.back": "a face-down card",
        "card.unknown": "a card whose face is not known",
        "picture.one-card": "1 card",
        "picture.cards": "{count} cards",
        "picture.no-cards": "no cards",
        "picture.you": "you",
        "picture.seen-as": "the table as {name} sees it",
        "picture.all-seen": "every card shown, as the referee sees the table",
        "verdict.html-title": "The referee's verdict",
        "viewer.sentence-illegal": "Event {number} was illegal: {why} ({rule})",
        "viewer.illegal-total": "Illegal events in all: {count}",
        "viewer.sentence-undecided": (
            "Event {number} cannot be decided from the record: {why} ({rules})"
        ),
        "viewer.legal-only-if": "it is legal only if {card} was {faces}",
        "viewer.depends": "whether it is legal depends on cards the record does not state",
        "viewer.undecided-total": "Undecided events in all: {count}",
        "viewer.sentence-problems": (
            "Part of the record could not be read or played and was skipped (problems: {count})"
        ),
        "viewer.sentence-round-undecided": (
            "No event broke the rules, but the record cannot decide the result of round {round}"
        ),
        "viewer.sentence-won": "Every event was legal: {winners} won the game with {points}",
        "viewer.sentence-legal": "Every event was legal; the game is not finished",
        "viewer.and": "and",
        "viewer.victory-point": "{count} victory point",
        "viewer.victory-points": "{count} victory points",
        "viewer.card-point": "{count} card point",
        "viewer.card-points": "{count} card points",
        "viewer.rule-ref": "rule {number}",
        "viewer.ruling-ref": "ruling {number}",
        "viewer.in-record": "In the record",
        "viewer.steps": "The game, step by step",
        "viewer.view": "Table shown",
        "viewer.first": "First",
        "viewer.previous": "Previous",
        "viewer.next": "Next",
        "viewer.last": "Last",
        "viewer.slider": "Event",
        "viewer.at-deal": "The deal of round {round}",
        "viewer.at-event": "Event {number} of {total}",
        "viewer.changed": "What changed",
        "viewer.nothing-changed": "Nothing changed on the table",
        "viewer.timeline": "Timeline: the events the referee marks",
        "viewer.mark-illegal": "illegal",
        "viewer.mark-undecided": "undecided",
        "viewer.mark-noted": "noted, no sanction",
        "viewer.show-step": "Show the table at event {number}",
        "viewer.keys": (
            "Keys: \u2190 and \u2192 step through the events, Home and End go to the first and the "
            "last."
        ),
        "viewer.status-legal": "Legal",
        "viewer.status-illegal": "Illegal ({rule}): {why}",
        "viewer.status-refused-unseen": (
            "Illegal: refused for a reason that turns on a card {name} has not seen"
        ),
        "viewer.status-not-judged": (
            "Not judged: the referee stops at the first illegal event; at the table as it stands, "
            "the rules refuse it ({rule})"
        ),
        "viewer.status-undecided": "Undecided: {why}",
        "viewer.undecided-unseen": "the record does not state the card it turns on ({rules})",
        "viewer.status-noted": "Noted, no sanction: {why}",
        "viewer.status-skipped": "Skipped: {why}",
        "viewer.dealt": "Round {round} is dealt by {dealer}",
        "viewer.change.TurnBegan": "{player}'s turn begins",
        "viewer.change.Drew": "{player} holds the drawn card{card}",
        "viewer.change.Played": "The drawn card{card} goes face up onto the discard pile",
        "viewer.change.Kept": (
            "The drawn card goes into {player}'s slot {slot}; the card it replaces{card} goes face "
            "up onto the discard pile"
        ),
        "viewer.change.KeptInEmptyRow": "The drawn Ass Joker goes into {player}'s empty row",
        "viewer.change.AssJokerTurnedOver": (
            "The card in {player}'s slot {slot} is the Ass Joker: shown, it stays, and the drawn "
            "card is played instead"
        ),
        "viewer.change.ThrewIn": (
            "The card thrown in{card} is identical to the top card: it stays on the discard pile"
        ),
        "viewer.change.ThrewIn.wrong": (
            "The card thrown in{card} is not identical to the top card: it goes back to slot "
            "{slot} of {owner}'s row"
        ),
        "viewer.change.PenaltyCard": (
            "{player} takes a penalty card{card}, face down, at the end of their row"
        ),
        "viewer.change.PenaltyWaived": "{player} owes a penalty card, but no card is left to draw",
        "viewer.change.Reshuffled": (
            "The discard pile but its top card ({cards}) is shuffled into a new draw pile"
        ),
        "viewer.change.Peeked": "{player} looks at their card in slot {slot}{card}",
        "viewer.change.Spied": "{player} looks at {target}'s card in slot {slot}{card}",
        "viewer.change.Gave": "{player}'s card in slot {slot}{card} goes face down to {target}",
        "viewer.change.Switched": (
            "{player}'s card in slot {slot}{card} and {target}'s card in slot "
            "{target_slot}{target_card} change places, face down"
        ),
        "viewer.change.FunctionFizzled": (
            "The function of the card{card} cannot be carried out: it lapses"
        ),
        "viewer.change.FunctionSkipped": (
            "{player} does not carry out the function of the card{card}"
        ),
        "viewer.change.AssJokerShown": (
            "The card in {player}'s slot {slot} is the Ass Joker: shown, it stays"
        ),
        "viewer.change.Compensated": (
            "{player}'s card in slot {slot}{card} goes face down to {owner}, into slot "
            "{owner_slot}, as the compensation card"
        ),
        "viewer.change.CompensationLapsed": (
            "{player} owes {owner} a compensation card but has no card left to give"
        ),
        "viewer.change.FirstRefusalOffered": (
            "{owner} is offered the right of first refusal for their card in slot {slot}"
        ),
        "viewer.change.FirstRefusalTaken": "{player} takes the right of first refusal",
        "viewer.change.FirstRefusalWaived": "{player} waives the right of first refusal",
        "viewer.change.NoseRaceLost": "{player} was the last to touch their nose",
        "viewer.change.Called": "{player} calls sabai sabai: the final lap begins",
        "viewer.change.Passed": "{player} passes",
        "viewer.change.LookedAt": "{player} looks at their cards in slots {slots}{cards}",
        "viewer.change.LookedAt.none": "{player} declines to look at their cards",
        "viewer.change.ReactionRound": (
            "The round is ending ({cause}): last chance for everybody to throw in or pass"
        ),
        "viewer.change.RoundEnded": "The round is over ({cause}): every card is revealed",
        "viewer.locked": "{player} is locked out",
        "viewer.unlocked": "{player} is no longer locked out",
        "viewer.function-waits": "{player} has the function of the card{card} to carry out",
        "viewer.compensation-owed": "{player} owes {owner} a compensation card",
        "viewer.refused": "Nothing changes: the rules refuse the event",
        "viewer.outranked": "Nothing changes: {player} got the card first",
        "viewer.skipped": "Nothing changes: the event could not be played",
        "diagram.or": "or",
        "diagram.turn.title": "A turn",
        "diagram.turn.draw": "Draw the top card of the draw pile and look at it",
        "diagram.turn.play": "Play it: face up on the discard pile",
        "diagram.turn.keep": (
            "Keep it in place of a card of the row, which goes face up on the pile"
        ),
        "diagram.turn.function": (
            "A function card (11 to 14) on the pile? Whoever put it there carries out its function"
        ),
        "diagram.turn.throw-in": (
            "Throw-ins: anybody may throw in a card identical to the top card; a wrong card "
            "costs a penalty card"
        ),
        "diagram.turn.next": "Next turn: the next player counter-clockwise",
        "diagram.turn.call": (
            "At any moment, anybody may call sabai sabai: the end of the round begins"
        ),
        "diagram.round-end.title": "The end of a round",
        "diagram.round-end.call": "Somebody calls sabai sabai and knocks twice",
        "diagram.round-end.empty-row": "A row is empty and nothing is pending",
        "diagram.round-end.final-lap": (
            "Final lap: one more turn each, up to the player who played last"
        ),
        "diagram.round-end.last-chance": (
            "Last chance: each player may throw in onto the top card or pass, once"
        ),
        "diagram.round-end.reveal": (
            "Reveal: every card face up, card points added up (a joker counts \u22124)"
        ),
        "diagram.round-end.victory-points": (
            "Victory points: +1 for the fewest card points, \u22121 for the Ass Joker's holder; "
            "four jokers: Hall of Fame"
        ),
        "diagram.round-end.lowest-score": (
            "The fewest points win; the Cursed Joker's holder loses; four jokers win"
        ),
        "diagram.round-end.next-round": "Next round: the player who went first deals",
        "diagram.round-end.game-over": (
            "After the final round the game is over: the most victory points win"
        ),
        "diagram.round-end.game-over-older": "The deal is the whole game: it is over",
        "scribe.title": "Scribe: the game's record",
        "scribe.intro": (
            "Write down what happens at the table as it happens: one tap per event. The record is "
            "saved after every step."
        ),
        "scribe.language": "Language",
        "scribe.saved-to": "The record is saved to {file}.",
        "scribe.error": "Not recorded",
        "scribe.recorded": "Recorded: {event}",
        "scribe.setup.title": "A new game",
        "scribe.setup.players": "Players, in seat order (the order of play)",
        "scribe.setup.player": "Player {number}",
        "scribe.setup.add-player": "Add a player",
        "scribe.setup.remove-player": "Remove player {number}",
        "scribe.setup.move-up": "Move player {number} up",
        "scribe.setup.preset": "Rules",
        "scribe.preset.current": "current edition",
        "scribe.preset.older": "older edition",
        "scribe.preset.simplified": "simplified way of playing",
        "scribe.setup.options": "Options: rulings decided otherwise",
        "scribe.setup.as-preset": "as the preset",
        "scribe.setup.dealer": "Who deals first",
        "scribe.setup.start": "Start the game",
        "scribe.setup.position": "Or start from a position",
        "scribe.setup.position-help": (
            "The table as one line, as on the rulebook's page Positions: ? for a card nobody can "
            "name."
        ),
        "scribe.setup.position-start": "Start from this position",
        "scribe.setup.name-missing": "Give every player a name.",
        "scribe.setup.name-twice": "Two players have the same name.",
        "scribe.none": "none",
        "scribe.yes": "yes",
        "scribe.no": "no",
        "scribe.table": "The table",
        "scribe.table-help": "Cards nobody noted are shown as ?.",
        "scribe.actions": "What happens now",
        "scribe.actions-help": (
            "What the rules allow at this moment, player by player: one tap records it."
        ),
        "scribe.waiting": "the game waits for them",
        "scribe.throw-own": "throws in their own card, slot",
        "scribe.throw-other": "throws in {owner}'s card (sabai-sabai Move), slot",
        "scribe.also-own": "also throws in their own card, in the same motion, slot",
        "scribe.also-other": "also throws in {owner}'s card, in the same motion, slot",
        "scribe.nothing-offered": "The rules allow nothing more in this round.",
        "scribe.other": "Something else happened",
        "scribe.other-help": (
            "Any action, even one the rules do not allow here: the referee will say whether it was "
            "legal."
        ),
        "scribe.other.actor": "Who",
        "scribe.other.action": "Did what",
        "scribe.param.owner": "Whose card",
        "scribe.param.slot": "Slot",
        "scribe.param.target": "Which other player",
        "scribe.param.target_slot": "Their slot",
        "scribe.param.slots": "Slots (0 1 ...)",
        "scribe.other.record": "Record it",
        "scribe.kind.Draw": "draws a card",
        "scribe.kind.Play": "plays the drawn card directly",
        "scribe.kind.Keep": "keeps the drawn card",
        "scribe.kind.ThrowIn": "throws in a card",
        "scribe.kind.AlsoThrowIn": "also throws in a card, in the same motion",
        "scribe.kind.Peek": "peeks (11)",
        "scribe.kind.Spy": "spies (12)",
        "scribe.kind.Give": "gives (13)",
        "scribe.kind.Switch": "switches (14)",
        "scribe.kind.SkipFunction": "skips the function",
        "scribe.kind.Compensate": "gives the compensation card",
        "scribe.kind.TakeFirstRefusal": "takes the right of first refusal",
        "scribe.kind.WaiveFirstRefusal": "waives the right of first refusal",
        "scribe.kind.TouchNoseLast": "touches their nose last",
        "scribe.kind.CallSabaiSabai": "calls sabai sabai",
        "scribe.kind.Pass": "passes",
        "scribe.kind.LookAtCards": "looks at their cards",
        "scribe.face-help": "Its face, if the table saw it (not needed)",
        "scribe.face.unknown": "not known",
        "scribe.shows.Draw": "The card drawn",
        "scribe.shows.Play": "The card played",
        "scribe.shows.Keep": "The card taken out of the row",
        "scribe.shows.ThrowIn": "The card thrown in",
        "scribe.shows.AlsoThrowIn": "The card thrown in",
        "scribe.shows.TakeFirstRefusal": "The card offered",
        "scribe.shows.WaiveFirstRefusal": "The card offered",
        "scribe.shows.Give": "The card given",
        "scribe.shows.Compensate": "The compensation card",
        "scribe.shows.Peek": "The card looked at",
        "scribe.shows.Spy": "The card looked at",
        "scribe.shows.LookAtCards": "The card in slot {slot}",
        "scribe.events": "The record",
        "scribe.no-events": "No event yet.",
        "scribe.event": "Event {number}",
        "scribe.shows": "shows",
        "scribe.comment": "Comment",
        "scribe.comment-save": "Save the comment",
        "scribe.face": "Face shown",
        "scribe.same-moment": "At the same moment as the throw-in before",
        "scribe.first": "Got the card first",
        "scribe.round-over": "The round is over.",
        "scribe.round-may-end": "If everybody who has not passed passes now, the round is over.",
        "scribe.reveal": "The rows turned up",
        "scribe.reveal-help": (
            "Each card as it was turned up at the end of the round, slot by slot; ? for a card "
            "nobody noted."
        ),
        "scribe.reveal-save": "Record the rows",
        "scribe.add-card": "A card more for {name}",
        "scribe.remove-card": "A card less for {name}",
        "scribe.next-round": "Start the next round",
        "scribe.next-round-position": "or from a position",
        "scribe.game-over": "The game is over.",
        "scribe.undo": "Undo",
        "scribe.nothing-to-undo": "Nothing to undo.",
        "scribe.legal": "Was that legal?",
        "scribe.verdict.legal": "Every event is legal.",
        "scribe.verdict.legal-so-far": "Every event so far is legal.",
        "scribe.verdict.details": "The referee's verdict in full",
        "scribe.request-failed": "The scribe does not answer: is it still running?",
    },
    "fr": {
        "rule": "Règle",
        "ruling": "Décision",
        "chapter": "Chapitre",
        "editions": "Éditions",
        "edition.current": "édition actuelle",
        "edition.older": "ancienne édition",
        "kind.normative": "normative",
        "kind.informational": "informative",
        "source": "Texte publié",
        "source.fallback": "absent dans cette langue\u00a0; affiché en",
        "source.absent": "Absent du texte dans cette langue",
        "source.derived": "Énoncée par aucun texte\u00a0; découle de",
        "statement": "Énoncé",
        "english": "en anglais",
        "translation": "traduction du projet",
        "rulings": "Décisions",
        "question": "Question",
        "decision": "Décision",
        "rationale": "Justification",
        "option": "Option",
        "presets": "Préréglages",
        "preset-value": "{preset}\u00a0: {value}",
        "alternatives": "Alternatives",
        "assumption": "Cette décision est une hypothèse, pas une règle publiée.",
        "rules": "Règles",
        "evidence": "Extraits",
        "rulebook": "Livre de règles",
        "language.en": "anglais",
        "language.fr": "français",
        "language.nl": "néerlandais",
        "language.fi": "finnois",
        "table.round": "Manche",
        "table.dealer": "distribue",
        "table.dealt-by": "{name} distribue",
        "table.slot": "emplacement {slot}",
        "table.final-round": "manche finale",
        "table.turn": "à jouer",
        "table.locked": "blocage",
        "table.draw-pile": "pioche",
        "table.discard-pile": "défausse",
        "table.top": "dessus",
        "table.holds": "tient",
        "table.pending": "à exécuter",
        "table.compensation": "carte de compensation due",
        "table.offer": "priorité offerte à",
        "table.nose-race": "les quatre ensemble\u00a0: qui a touché son nez en dernier\u00a0?",
        "table.called-by": "sabai sabai annoncé par",
        "table.final-lap": "tours restants du dernier tour",
        "table.reaction": "dernière occasion de jeter\u00a0; ont passé",
        "table.over": "manche terminée",
        "end.emptied": "une ligne vidée",
        "end.final-lap": "après le dernier tour",
        "end.forced": "fin forcée",
        "end.exhausted": "plus de carte à piocher",
        "verdict.round-won-by": "gagnée par",
        "verdict.card-points": "points de cartes",
        "verdict.victory-points": "points de victoire",
        "verdict.ass-joker": "Ass Joker",
        "verdict.hall-of-fame": "Hall of Fame",
        "verdict.illegal": "Événement illégal",
        "verdict.noted": "Relevé, sans sanction\u00a0: événement",
        "verdict.allowed": "Les règles permettaient plutôt",
        "verdict.allowed-motion": (
            "{player} peut encore poser d’autres cartes dans le même geste que la carte"
            " erronée\u00a0: le blocage empêche une nouvelle tentative, pas les cartes de"
            " celle-ci"
        ),
        "verdict.table-before": "La table juste avant",
        "verdict.not-legal": (
            "Verdict\u00a0: l’enregistrement enfreint les règles (voir ci-dessus)."
        ),
        "verdict.final-scores": "Points de victoire finaux",
        "verdict.final": "Points de cartes finaux",
        "verdict.game-won-by": "le jeu est gagné par",
        "verdict.in-progress": (
            "Verdict\u00a0: tout est conforme aux règles\u00a0; le jeu n’est pas terminé."
        ),
        "verdict.claim": "Affirmation",
        "verdict.claim-holds": "exacte",
        "verdict.claim-fails": "inexacte",
        "verdict.claim-open": "impossible à trancher avec cet enregistrement",
        "verdict.unreadable": "Événement illisible, ignoré",
        "verdict.undecided": "Événement indécidable",
        "verdict.legal-if": "conforme aux règles si {card} était {faces}",
        "verdict.illegal-if": "contraire aux règles si c’était {faces}",
        "verdict.unstated-card": "l’enregistrement ne dit pas quelle carte c’était",
        "verdict.turns-on": (
            "conforme aux règles ou non selon les cartes que l’enregistrement n’indique pas\u00a0: "
            "{cards}"
        ),
        "verdict.or": "ou",
        "verdict.illegal-where": "dans les cas où il est contraire aux règles\u00a0: {why}",
        "verdict.not-decided-result": (
            "Verdict\u00a0: aucun événement n’enfreint les règles, quelles que soient les "
            "cartes que l’enregistrement n’indique pas, mais l’enregistrement ne permet pas de "
            "trancher le résultat de chaque manche (voir ci-dessus)."
        ),
        "verdict.any-card": "n’importe quelle carte",
        "verdict.not-decided": (
            "Verdict\u00a0: aucun événement n’enfreint les règles, quelles que soient les "
            "cartes que l’enregistrement n’indique pas, mais l’enregistrement ne permet pas de "
            "trancher chaque événement (voir ci-dessus)."
        ),
        "verdict.round-undecided": (
            "L’enregistrement ne permet pas de trancher le résultat de la manche {round}\u00a0: il "
            "n’indique pas chaque carte des lignes retournées à sa fin (reveal)."
        ),
        "verdict.more-undecided": (
            "… et {count} autres événements indécidables, non affichés (l’arbitre détaille les "
            "{shown} premiers)"
        ),
        "verdict.more-illegal": (
            "… et {count} autres événements illégaux, non détaillés (l’arbitre ne détaille que "
            "les {shown} premiers)"
        ),
        "verdict.more-noted": (
            "… et {count} autres événements relevés, non détaillés (l’arbitre ne détaille que "
            "les {shown} premiers)"
        ),
        "verdict.more-unreadable": (
            "… et {count} autres problèmes, ignorés et non détaillés (l’arbitre ne détaille que "
            "les {shown} premiers)"
        ),
        "table.seed-guessable": (
            "graine devinable\u00a0: qui connaît quelques cartes de cet enregistrement peut"
            " retrouver sa graine, et avec elle toutes les autres cartes (sabai simulate sans"
            " --seed en tire une que personne ne peut deviner)"
        ),
        "card.joker": "Joker",
        "card.ass-joker": "Ass Joker",
        "card.back": "une carte face cachée",
        "card.unknown": "une carte dont on ne connaît pas la valeur",
        "picture.one-card": "1 carte",
        "picture.cards": "{count} cartes",
        "picture.no-cards": "aucune carte",
        "picture.you": "vous",
        "picture.seen-as": "la table telle que {name} la voit",
        "picture.all-seen": "toutes les cartes montrées, la table telle que l’arbitre la voit",
        "verdict.html-title": "Le verdict de l’arbitre",
        "viewer.sentence-illegal": "L’événement {number} était illégal\u00a0: {why} ({rule})",
        "viewer.illegal-total": "Événements illégaux en tout\u00a0: {count}",
        "viewer.sentence-undecided": (
            "L’événement {number} ne peut pas être tranché avec l’enregistrement\u00a0: {why} "
            "({rules})"
        ),
        "viewer.legal-only-if": "il n’est conforme aux règles que si {card} était {faces}",
        "viewer.depends": (
            "sa conformité aux règles dépend de cartes que l’enregistrement n’indique pas"
        ),
        "viewer.undecided-total": "Événements indécidables en tout\u00a0: {count}",
        "viewer.sentence-problems": (
            "Une part de l’enregistrement n’a pu être ni lue ni jouée et a été ignorée "
            "(problèmes\u00a0: {count})"
        ),
        "viewer.sentence-round-undecided": (
            "Aucun événement n’a enfreint les règles, mais l’enregistrement ne permet pas de "
            "trancher le résultat de la manche {round}"
        ),
        "viewer.sentence-won": (
            "Tous les événements étaient conformes aux règles\u00a0: le jeu est gagné par "
            "{winners}, avec {points}"
        ),
        "viewer.sentence-legal": (
            "Tous les événements étaient conformes aux règles\u00a0; le jeu n’est pas terminé"
        ),
        "viewer.and": "et",
        "viewer.victory-point": "{count} point de victoire",
        "viewer.victory-points": "{count} points de victoire",
        "viewer.card-point": "{count} point de cartes",
        "viewer.card-points": "{count} points de cartes",
        "viewer.rule-ref": "règle {number}",
        "viewer.ruling-ref": "décision {number}",
        "viewer.in-record": "Dans l’enregistrement",
        "viewer.steps": "Le jeu, pas à pas",
        "viewer.view": "Table affichée",
        "viewer.first": "Début",
        "viewer.previous": "Précédent",
        "viewer.next": "Suivant",
        "viewer.last": "Fin",
        "viewer.slider": "Événement",
        "viewer.at-deal": "La distribution de la manche {round}",
        "viewer.at-event": "Événement {number} sur {total}",
        "viewer.changed": "Ce qui a changé",
        "viewer.nothing-changed": "Rien n’a changé sur la table",
        "viewer.timeline": "Frise\u00a0: les événements que l’arbitre relève",
        "viewer.mark-illegal": "illégal",
        "viewer.mark-undecided": "indécidable",
        "viewer.mark-noted": "relevé, sans sanction",
        "viewer.show-step": "Voir la table à l’événement {number}",
        "viewer.keys": (
            "Touches\u00a0: \u2190 et \u2192 passent d’un événement à l’autre, Début (Home) et Fin "
            "(End) vont au premier et au dernier."
        ),
        "viewer.status-legal": "Conforme aux règles",
        "viewer.status-illegal": "Illégal ({rule})\u00a0: {why}",
        "viewer.status-refused-unseen": (
            "Illégal\u00a0: refusé pour une raison qui tient à une carte que {name} n’a pas vue"
        ),
        "viewer.status-not-judged": (
            "Non jugé\u00a0: l’arbitre s’arrête au premier événement illégal\u00a0; à la table "
            "telle qu’elle est, les règles le refusent ({rule})"
        ),
        "viewer.status-undecided": "Indécidable\u00a0: {why}",
        "viewer.undecided-unseen": (
            "l’enregistrement n’indique pas la carte dont il dépend ({rules})"
        ),
        "viewer.status-noted": "Relevé, sans sanction\u00a0: {why}",
        "viewer.status-skipped": "Ignoré\u00a0: {why}",
        "viewer.dealt": "La manche {round} est distribuée par {dealer}",
        "viewer.change.TurnBegan": "C’est au tour de {player}",
        "viewer.change.Drew": "{player} tient la carte piochée{card}",
        "viewer.change.Played": "La carte piochée{card} est posée face visible sur la défausse",
        "viewer.change.Kept": (
            "La carte piochée va à l’emplacement {slot} de {player}\u00a0; la carte qu’elle "
            "remplace{card} est posée face visible sur la défausse"
        ),
        "viewer.change.KeptInEmptyRow": "L’Ass Joker pioché va dans la ligne vide de {player}",
        "viewer.change.AssJokerTurnedOver": (
            "La carte de l’emplacement {slot} de {player} est l’Ass Joker\u00a0: montré, il reste "
            "en place, et la carte piochée est jouée à sa place"
        ),
        "viewer.change.ThrewIn": (
            "La carte jetée{card} est identique à la carte du dessus\u00a0: elle reste sur la "
            "défausse"
        ),
        "viewer.change.ThrewIn.wrong": (
            "La carte jetée{card} n’est pas identique à la carte du dessus\u00a0: elle retourne à "
            "l’emplacement {slot} de la ligne de {owner}"
        ),
        "viewer.change.PenaltyCard": (
            "{player} prend une carte de pénalité{card}, face cachée, au bout de sa ligne"
        ),
        "viewer.change.PenaltyWaived": (
            "{player} doit prendre une carte de pénalité, mais il ne reste aucune carte à piocher"
        ),
        "viewer.change.Reshuffled": (
            "La défausse, sauf sa carte du dessus ({cards}), est mélangée en une nouvelle pioche"
        ),
        "viewer.change.Peeked": "{player} regarde sa carte de l’emplacement {slot}{card}",
        "viewer.change.Spied": "{player} regarde la carte de {target} à l’emplacement {slot}{card}",
        "viewer.change.Gave": (
            "La carte de l’emplacement {slot} de {player}{card} va face cachée à {target}"
        ),
        "viewer.change.Switched": (
            "La carte de l’emplacement {slot} de {player}{card} et celle de {target} à "
            "l’emplacement {target_slot}{target_card} échangent leur place, face cachée"
        ),
        "viewer.change.FunctionFizzled": (
            "La fonction de la carte{card} ne peut pas être exécutée\u00a0: elle est perdue"
        ),
        "viewer.change.FunctionSkipped": "{player} n’exécute pas la fonction de la carte{card}",
        "viewer.change.AssJokerShown": (
            "La carte de l’emplacement {slot} de {player} est l’Ass Joker\u00a0: montré, il reste "
            "en place"
        ),
        "viewer.change.Compensated": (
            "La carte de l’emplacement {slot} de {player}{card} va face cachée à {owner}, à "
            "l’emplacement {owner_slot}, comme carte de compensation"
        ),
        "viewer.change.CompensationLapsed": (
            "{player} doit une carte de compensation à {owner} mais n’a plus de carte à donner"
        ),
        "viewer.change.FirstRefusalOffered": (
            "La priorité est offerte à {owner} pour sa carte de l’emplacement {slot}"
        ),
        "viewer.change.FirstRefusalTaken": "{player} use de sa priorité",
        "viewer.change.FirstRefusalWaived": "{player} renonce à sa priorité",
        "viewer.change.NoseRaceLost": "{player} a touché son nez en dernier",
        "viewer.change.Called": "{player} dit sabai sabai\u00a0: le dernier tour commence",
        "viewer.change.Passed": "{player} passe",
        "viewer.change.LookedAt": "{player} regarde ses cartes des emplacements {slots}{cards}",
        "viewer.change.LookedAt.none": "{player} renonce à regarder ses cartes",
        "viewer.change.ReactionRound": (
            "La manche se termine ({cause})\u00a0: dernière occasion pour tout le monde de jeter ou"
            " de passer"
        ),
        "viewer.change.RoundEnded": (
            "La manche est terminée ({cause})\u00a0: toutes les cartes sont révélées"
        ),
        "viewer.locked": "Blocage pour {player}",
        "viewer.unlocked": "Fin du blocage pour {player}",
        "viewer.function-waits": "{player} doit exécuter la fonction de la carte{card}",
        "viewer.compensation-owed": "{player} doit une carte de compensation à {owner}",
        "viewer.refused": "Rien ne change\u00a0: les règles refusent cet événement",
        "viewer.outranked": "Rien ne change\u00a0: {player} a eu la carte en premier",
        "viewer.skipped": "Rien ne change\u00a0: l’événement n’a pas pu être joué",
        "diagram.or": "ou",
        "diagram.turn.title": "Un tour",
        "diagram.turn.draw": "Piocher la carte du dessus de la pioche et la regarder",
        "diagram.turn.play": "La jouer\u00a0: face visible sur la défausse",
        "diagram.turn.keep": (
            "La garder à la place d’une carte de sa ligne, qui est posée face visible sur la "
            "défausse"
        ),
        "diagram.turn.function": (
            "Une carte à fonction (11 à 14) sur la défausse\u00a0? Qui l’y a posée exécute sa "
            "fonction"
        ),
        "diagram.turn.throw-in": (
            "Jeter\u00a0: tout le monde peut jeter une carte identique à la carte du dessus\u00a0; "
            "une carte non identique coûte une carte de pénalité"
        ),
        "diagram.turn.next": (
            "Tour suivant\u00a0: à la personne suivante, dans le sens inverse des aiguilles d’une"
            " montre"
        ),
        "diagram.turn.call": (
            "À tout moment, tout le monde peut dire sabai sabai\u00a0: la fin de la manche commence"
        ),
        "diagram.round-end.title": "La fin d’une manche",
        "diagram.round-end.call": "Quelqu’un dit sabai sabai et frappe deux fois sur la table",
        "diagram.round-end.empty-row": "Une ligne est vide et plus rien n’est en attente",
        "diagram.round-end.final-lap": (
            "Dernier tour\u00a0: encore un tour par personne, jusqu’à celle qui a joué en dernier"
        ),
        "diagram.round-end.last-chance": (
            "Dernière occasion\u00a0: tout le monde peut jeter sur la carte du dessus ou passer,"
            " une fois"
        ),
        "diagram.round-end.reveal": (
            "Révéler\u00a0: toutes les cartes face visible, points de cartes comptés (un joker "
            "vaut \u22124)"
        ),
        "diagram.round-end.victory-points": (
            "Points de victoire\u00a0: +1 au moins de points de cartes, \u22121 à qui tient l’Ass "
            "Joker\u00a0; quatre jokers\u00a0: Hall of Fame"
        ),
        "diagram.round-end.lowest-score": (
            "Le moins de points gagne\u00a0; qui tient le Joker maudit perd\u00a0; quatre "
            "jokers gagnent"
        ),
        "diagram.round-end.next-round": (
            "Manche suivante\u00a0: la personne qui a commencé distribue"
        ),
        "diagram.round-end.game-over": (
            "Après la manche finale, le jeu est terminé\u00a0: le plus de points de victoire gagne"
        ),
        "diagram.round-end.game-over-older": "La donne est tout le jeu\u00a0: il est terminé",
        "scribe.title": "Scribe\u00a0: l’enregistrement du jeu",
        "scribe.intro": (
            "Notez ce qui se passe à la table au fur et à mesure\u00a0: un geste par événement. "
            "L’enregistrement est sauvegardé après chaque étape."
        ),
        "scribe.language": "Langue",
        "scribe.saved-to": "L’enregistrement est sauvegardé dans {file}.",
        "scribe.error": "Non noté",
        "scribe.recorded": "Noté\u00a0: {event}",
        "scribe.setup.title": "Un nouveau jeu",
        "scribe.setup.players": (
            "Les personnes qui jouent, dans l’ordre des places (l’ordre du jeu)"
        ),
        "scribe.setup.player": "Personne {number}",
        "scribe.setup.add-player": "Ajouter une personne",
        "scribe.setup.remove-player": "Retirer la personne {number}",
        "scribe.setup.move-up": "Avancer la personne {number} d’une place",
        "scribe.setup.preset": "Règles",
        "scribe.preset.current": "édition actuelle",
        "scribe.preset.older": "ancienne édition",
        "scribe.preset.simplified": "version simplifiée du jeu",
        "scribe.setup.options": "Options\u00a0: décisions tranchées autrement",
        "scribe.setup.as-preset": "comme le préréglage",
        "scribe.setup.dealer": "Qui distribue en premier",
        "scribe.setup.start": "Commencer le jeu",
        "scribe.setup.position": "Ou commencer à partir d’une position",
        "scribe.setup.position-help": (
            "La table en une ligne, comme sur la page Les positions du livre de règles\u00a0: "
            "«\u00a0?\u00a0» pour une carte que personne ne peut nommer."
        ),
        "scribe.setup.position-start": "Commencer à partir de cette position",
        "scribe.setup.name-missing": "Donnez un nom à chaque personne.",
        "scribe.setup.name-twice": "Deux personnes ont le même nom.",
        "scribe.none": "aucun",
        "scribe.yes": "oui",
        "scribe.no": "non",
        "scribe.table": "La table",
        "scribe.table-help": (
            "Les cartes que personne n’a notées sont montrées comme «\u00a0?\u00a0»."
        ),
        "scribe.actions": "Ce qui se passe maintenant",
        "scribe.actions-help": (
            "Ce que les règles permettent à ce moment, personne par personne\u00a0: un geste le "
            "note."
        ),
        "scribe.waiting": "le jeu attend cette personne",
        "scribe.throw-own": "jette sa propre carte, emplacement",
        "scribe.throw-other": "jette la carte de {owner} (sabai-sabai Move), emplacement",
        "scribe.also-own": "jette aussi sa propre carte, dans le même geste, emplacement",
        "scribe.also-other": "jette aussi la carte de {owner}, dans le même geste, emplacement",
        "scribe.nothing-offered": "Les règles ne permettent plus rien dans cette manche.",
        "scribe.other": "Il s’est passé autre chose",
        "scribe.other-help": (
            "N’importe quelle action, même une que les règles ne permettent pas ici\u00a0: "
            "l’arbitre dira si elle était conforme aux règles."
        ),
        "scribe.other.actor": "Qui",
        "scribe.other.action": "A fait quoi",
        "scribe.param.owner": "La carte de qui",
        "scribe.param.slot": "Emplacement",
        "scribe.param.target": "Quelle autre personne",
        "scribe.param.target_slot": "Son emplacement",
        "scribe.param.slots": "Emplacements (0 1 ...)",
        "scribe.other.record": "Le noter",
        "scribe.kind.Draw": "pioche une carte",
        "scribe.kind.Play": "joue directement la carte piochée",
        "scribe.kind.Keep": "garde la carte piochée",
        "scribe.kind.ThrowIn": "jette une carte",
        "scribe.kind.AlsoThrowIn": "jette aussi une carte, dans le même geste",
        "scribe.kind.Peek": "peek (11)",
        "scribe.kind.Spy": "spy (12)",
        "scribe.kind.Give": "give (13)",
        "scribe.kind.Switch": "switch (14)",
        "scribe.kind.SkipFunction": "n’exécute pas la fonction",
        "scribe.kind.Compensate": "donne la carte de compensation",
        "scribe.kind.TakeFirstRefusal": "use de sa priorité",
        "scribe.kind.WaiveFirstRefusal": "renonce à sa priorité",
        "scribe.kind.TouchNoseLast": "touche son nez en dernier",
        "scribe.kind.CallSabaiSabai": "dit sabai sabai",
        "scribe.kind.Pass": "passe",
        "scribe.kind.LookAtCards": "regarde ses cartes",
        "scribe.face-help": "Sa valeur, si la table l’a vue (facultatif)",
        "scribe.face.unknown": "inconnue",
        "scribe.shows.Draw": "La carte piochée",
        "scribe.shows.Play": "La carte jouée",
        "scribe.shows.Keep": "La carte sortie de la ligne",
        "scribe.shows.ThrowIn": "La carte jetée",
        "scribe.shows.AlsoThrowIn": "La carte jetée",
        "scribe.shows.TakeFirstRefusal": "La carte offerte",
        "scribe.shows.WaiveFirstRefusal": "La carte offerte",
        "scribe.shows.Give": "La carte donnée",
        "scribe.shows.Compensate": "La carte de compensation",
        "scribe.shows.Peek": "La carte regardée",
        "scribe.shows.Spy": "La carte regardée",
        "scribe.shows.LookAtCards": "La carte de l’emplacement {slot}",
        "scribe.events": "L’enregistrement",
        "scribe.no-events": "Aucun événement pour l’instant.",
        "scribe.event": "Événement {number}",
        "scribe.shows": "montre",
        "scribe.comment": "Commentaire",
        "scribe.comment-save": "Enregistrer le commentaire",
        "scribe.face": "Valeur montrée",
        "scribe.same-moment": "Au même moment que la carte jetée juste avant",
        "scribe.first": "A eu la carte en premier",
        "scribe.round-over": "La manche est terminée.",
        "scribe.round-may-end": (
            "Si toutes les personnes qui n’ont pas passé passent maintenant, la manche est "
            "terminée."
        ),
        "scribe.reveal": "Les lignes révélées",
        "scribe.reveal-help": (
            "Chaque carte telle qu’elle a été révélée à la fin de la manche, emplacement par "
            "emplacement\u00a0; «\u00a0?\u00a0» pour une carte que personne n’a notée."
        ),
        "scribe.reveal-save": "Noter les lignes",
        "scribe.add-card": "Une carte de plus pour {name}",
        "scribe.remove-card": "Une carte de moins pour {name}",
        "scribe.next-round": "Commencer la manche suivante",
        "scribe.next-round-position": "ou à partir d’une position",
        "scribe.game-over": "Le jeu est terminé.",
        "scribe.undo": "Annuler",
        "scribe.nothing-to-undo": "Rien à annuler.",
        "scribe.legal": "Était-ce conforme aux règles\u00a0?",
        "scribe.verdict.legal": "Tous les événements sont conformes aux règles.",
        "scribe.verdict.legal-so-far": "Tous les événements jusqu’ici sont conformes aux règles.",
        "scribe.verdict.details": "Le verdict complet de l’arbitre",
        "scribe.request-failed": "Le scribe ne répond pas\u00a0: est-il toujours lancé\u00a0?",
    },
    "nl": {
        "rule": "Regel",
        "ruling": "Uitspraak",
        "chapter": "Hoofdstuk",
        "editions": "Edities",
        "edition.current": "huidige editie",
        "edition.older": "oudere editie",
        "kind.normative": "normatief",
        "kind.informational": "informatief",
        "source": "Gepubliceerde tekst",
        "source.fallback": "niet in deze taal; getoond in het",
        "source.absent": "Ontbreekt in de tekst in deze taal",
        "source.derived": "Door geen tekst vermeld; volgt uit",
        "statement": "Formulering",
        "english": "in het Engels",
        "translation": "vertaling van het project",
        "rulings": "Uitspraken",
        "question": "Vraag",
        "decision": "Beslissing",
        "rationale": "Motivering",
        "option": "Optie",
        "presets": "Voorinstellingen",
        "preset-value": "{preset}: {value}",
        "alternatives": "Alternatieven",
        "assumption": "Deze beslissing is een aanname, geen gepubliceerde regel.",
        "rules": "Regels",
        "evidence": "Citaten",
        "rulebook": "Regelboek",
        "language.en": "Engels",
        "language.fr": "Frans",
        "language.nl": "Nederlands",
        "language.fi": "Fins",
        "table.round": "Partij",
        "table.dealer": "deler",
        "table.dealt-by": "deler {name}",
        "table.slot": "plaats {slot}",
        "table.final-round": "laatste partij",
        "table.turn": "aan de beurt",
        "table.locked": "geblokkeerd",
        "table.draw-pile": "trekstapel",
        "table.discard-pile": "aflegstapel",
        "table.top": "bovenop",
        "table.holds": "houdt",
        "table.pending": "uit te voeren",
        "table.compensation": "compensatiekaart verschuldigd",
        "table.offer": "voorrecht aangeboden aan",
        "table.nose-race": "alle vier samen: wie raakte als laatste zijn neus aan?",
        "table.called-by": "sabai-sabai gezegd door",
        "table.final-lap": "resterende beurten van de laatste beurtronde",
        "table.reaction": "laatste kans om te gooien; gepast",
        "table.over": "partij voorbij",
        "end.emptied": "een rij leeg",
        "end.final-lap": "na de laatste beurtronde",
        "end.forced": "gedwongen einde",
        "end.exhausted": "geen kaart meer te trekken",
        "verdict.round-won-by": "gewonnen door",
        "verdict.card-points": "kaartpunten",
        "verdict.victory-points": "overwinningspunten",
        "verdict.ass-joker": "Ass Joker",
        "verdict.hall-of-fame": "Hall of Fame",
        "verdict.illegal": "Onreglementaire gebeurtenis",
        "verdict.noted": "Opgemerkt, zonder sanctie: gebeurtenis",
        "verdict.allowed": "De regels stonden in plaats daarvan toe",
        "verdict.allowed-motion": (
            "{player} mag nog andere kaarten neerleggen in dezelfde beweging als de foute: de"
            " blokkade houdt een nieuwe poging tegen, niet de kaarten van deze"
        ),
        "verdict.table-before": "De tafel net daarvoor",
        "verdict.not-legal": "Uitspraak: het verslag overtreedt de regels (zie hierboven).",
        "verdict.final-scores": "Eindstand overwinningspunten",
        "verdict.final": "Eindstand kaartpunten",
        "verdict.game-won-by": "het spel wordt gewonnen door",
        "verdict.in-progress": "Uitspraak: elke gebeurtenis is reglementair; het spel is niet af.",
        "verdict.claim": "Bewering",
        "verdict.claim-holds": "klopt",
        "verdict.claim-fails": "klopt niet",
        "verdict.claim-open": "niet te beslechten met dit verslag",
        "verdict.unreadable": "Onleesbare gebeurtenis, overgeslagen",
        "verdict.undecided": "Onbesliste gebeurtenis",
        "verdict.legal-if": "reglementair als {card} {faces} was",
        "verdict.illegal-if": "niet reglementair als het {faces} was",
        "verdict.unstated-card": "het verslag zegt niet welke kaart het was",
        "verdict.turns-on": (
            "al dan niet reglementair, afhankelijk van de kaarten die het verslag niet noemt: "
            "{cards}"
        ),
        "verdict.or": "of",
        "verdict.illegal-where": "in de gevallen waarin het niet reglementair is: {why}",
        "verdict.not-decided-result": (
            "Uitspraak: geen gebeurtenis overtreedt de regels, welke kaarten het verslag ook niet "
            "noemt, maar het verslag kan niet de uitslag van elke partij bepalen (zie hierboven)."
        ),
        "verdict.any-card": "elke kaart",
        "verdict.not-decided": (
            "Uitspraak: geen gebeurtenis overtreedt de regels, welke kaarten het verslag ook niet "
            "noemt, maar het verslag kan niet over elke gebeurtenis beslissen (zie hierboven)."
        ),
        "verdict.round-undecided": (
            "Het verslag kan de uitslag van partij {round} niet bepalen: het noemt niet elke "
            "kaart van de rijen die aan het einde werden omgedraaid (reveal)."
        ),
        "verdict.more-undecided": (
            "… en nog {count} onbesliste gebeurtenissen, niet getoond (de scheidsrechter toont de "
            "eerste {shown} volledig)"
        ),
        "verdict.more-illegal": (
            "… en nog {count} illegale gebeurtenissen, niet getoond (de scheidsrechter toont "
            "alleen de eerste {shown} volledig)"
        ),
        "verdict.more-noted": (
            "… en nog {count} gebeurtenissen met een opmerking, niet getoond (de scheidsrechter "
            "toont alleen de eerste {shown} volledig)"
        ),
        "verdict.more-unreadable": (
            "… en nog {count} problemen, overgeslagen en niet getoond (de scheidsrechter toont "
            "alleen de eerste {shown} volledig)"
        ),
        "table.seed-guessable": (
            "seed te raden: wie enkele kaarten van dit verslag kent, kan de seed vinden en daarmee"
            " elke andere kaart (sabai simulate zonder --seed kiest er een die niemand kan raden)"
        ),
        "card.joker": "Joker",
        "card.ass-joker": "Ass Joker",
        "card.back": "een gedekte kaart",
        "card.unknown": "een kaart waarvan de waarde onbekend is",
        "picture.one-card": "1 kaart",
        "picture.cards": "{count} kaarten",
        "picture.no-cards": "geen kaarten",
        "picture.you": "jij",
        "picture.seen-as": "de tafel zoals {name} die ziet",
        "picture.all-seen": "alle kaarten getoond, de tafel zoals de scheidsrechter die ziet",
        "verdict.html-title": "De uitspraak van de scheidsrechter",
        "viewer.sentence-illegal": "Gebeurtenis {number} was niet reglementair: {why} ({rule})",
        "viewer.illegal-total": "Onreglementaire gebeurtenissen in totaal: {count}",
        "viewer.sentence-undecided": (
            "Over gebeurtenis {number} kan het verslag niet beslissen: {why} ({rules})"
        ),
        "viewer.legal-only-if": "ze is alleen reglementair als {card} {faces} was",
        "viewer.depends": "of ze reglementair is, hangt af van kaarten die het verslag niet noemt",
        "viewer.undecided-total": "Onbesliste gebeurtenissen in totaal: {count}",
        "viewer.sentence-problems": (
            "Een deel van het verslag kon niet worden gelezen of gespeeld en is overgeslagen "
            "(problemen: {count})"
        ),
        "viewer.sentence-round-undecided": (
            "Geen gebeurtenis overtrad de regels, maar het verslag kan de uitslag van partij "
            "{round} niet bepalen"
        ),
        "viewer.sentence-won": (
            "Elke gebeurtenis was reglementair: het spel is gewonnen door {winners}, met {points}"
        ),
        "viewer.sentence-legal": "Elke gebeurtenis was reglementair; het spel is niet af",
        "viewer.and": "en",
        "viewer.victory-point": "{count} overwinningspunt",
        "viewer.victory-points": "{count} overwinningspunten",
        "viewer.card-point": "{count} kaartpunt",
        "viewer.card-points": "{count} kaartpunten",
        "viewer.rule-ref": "regel {number}",
        "viewer.ruling-ref": "uitspraak {number}",
        "viewer.in-record": "In het verslag",
        "viewer.steps": "Het spel, stap voor stap",
        "viewer.view": "Getoonde tafel",
        "viewer.first": "Begin",
        "viewer.previous": "Vorige",
        "viewer.next": "Volgende",
        "viewer.last": "Einde",
        "viewer.slider": "Gebeurtenis",
        "viewer.at-deal": "Het delen van partij {round}",
        "viewer.at-event": "Gebeurtenis {number} van {total}",
        "viewer.changed": "Wat er veranderde",
        "viewer.nothing-changed": "Niets veranderde op tafel",
        "viewer.timeline": "Tijdlijn: de gebeurtenissen die de scheidsrechter aanmerkt",
        "viewer.mark-illegal": "niet reglementair",
        "viewer.mark-undecided": "onbeslist",
        "viewer.mark-noted": "opgemerkt, zonder sanctie",
        "viewer.show-step": "Toon de tafel bij gebeurtenis {number}",
        "viewer.keys": (
            "Toetsen: \u2190 en \u2192 gaan door de gebeurtenissen, Home en End naar de eerste en "
            "de laatste."
        ),
        "viewer.status-legal": "Reglementair",
        "viewer.status-illegal": "Niet reglementair ({rule}): {why}",
        "viewer.status-refused-unseen": (
            "Niet reglementair: geweigerd om een reden die afhangt van een kaart die {name} niet "
            "heeft gezien"
        ),
        "viewer.status-not-judged": (
            "Niet beoordeeld: de scheidsrechter stopt bij de eerste onreglementaire gebeurtenis; "
            "aan de tafel zoals die nu is, weigeren de regels haar ({rule})"
        ),
        "viewer.status-undecided": "Onbeslist: {why}",
        "viewer.undecided-unseen": "het verslag noemt niet de kaart waarvan ze afhangt ({rules})",
        "viewer.status-noted": "Opgemerkt, zonder sanctie: {why}",
        "viewer.status-skipped": "Overgeslagen: {why}",
        "viewer.dealt": "Partij {round} wordt gedeeld door {dealer}",
        "viewer.change.TurnBegan": "{player} is aan de beurt",
        "viewer.change.Drew": "{player} heeft de getrokken kaart in de hand{card}",
        "viewer.change.Played": "De getrokken kaart{card} gaat open op de aflegstapel",
        "viewer.change.Kept": (
            "De getrokken kaart gaat naar plaats {slot} van {player}; de kaart die ze "
            "vervangt{card} gaat open op de aflegstapel"
        ),
        "viewer.change.KeptInEmptyRow": "De getrokken Ass Joker gaat in de lege rij van {player}",
        "viewer.change.AssJokerTurnedOver": (
            "De kaart op plaats {slot} van {player} is de Ass Joker: getoond blijft hij liggen, en "
            "de getrokken kaart wordt in plaats daarvan gespeeld"
        ),
        "viewer.change.ThrewIn": (
            "De gegooide kaart{card} is identiek aan de bovenste kaart: ze blijft op de aflegstapel"
        ),
        "viewer.change.ThrewIn.wrong": (
            "De gegooide kaart{card} is niet identiek aan de bovenste kaart: ze gaat terug naar "
            "plaats {slot} in de rij van {owner}"
        ),
        "viewer.change.PenaltyCard": (
            "{player} krijgt een strafkaart{card}, gedekt, aan het einde van de eigen rij"
        ),
        "viewer.change.PenaltyWaived": (
            "{player} moet een strafkaart nemen, maar er is geen kaart meer te trekken"
        ),
        "viewer.change.Reshuffled": (
            "De aflegstapel behalve de bovenste kaart ({cards}) wordt geschud tot een nieuwe "
            "trekstapel"
        ),
        "viewer.change.Peeked": "{player} bekijkt de eigen kaart op plaats {slot}{card}",
        "viewer.change.Spied": "{player} bekijkt de kaart van {target} op plaats {slot}{card}",
        "viewer.change.Gave": (
            "De kaart op plaats {slot} van {player}{card} gaat gedekt naar {target}"
        ),
        "viewer.change.Switched": (
            "De kaart op plaats {slot} van {player}{card} en de kaart van {target} op plaats "
            "{target_slot}{target_card} ruilen van plaats, gedekt"
        ),
        "viewer.change.FunctionFizzled": (
            "De functie van de kaart{card} kan niet worden uitgevoerd: ze vervalt"
        ),
        "viewer.change.FunctionSkipped": "{player} voert de functie van de kaart{card} niet uit",
        "viewer.change.AssJokerShown": (
            "De kaart op plaats {slot} van {player} is de Ass Joker: getoond blijft hij liggen"
        ),
        "viewer.change.Compensated": (
            "De kaart op plaats {slot} van {player}{card} gaat gedekt naar {owner}, op plaats "
            "{owner_slot}, als compensatiekaart"
        ),
        "viewer.change.CompensationLapsed": (
            "{player} is {owner} een compensatiekaart verschuldigd, maar heeft geen kaart meer om "
            "te geven"
        ),
        "viewer.change.FirstRefusalOffered": (
            "{owner} krijgt het voorrecht voor de eigen kaart op plaats {slot}"
        ),
        "viewer.change.FirstRefusalTaken": "{player} gebruikt het voorrecht",
        "viewer.change.FirstRefusalWaived": "{player} ziet af van het voorrecht",
        "viewer.change.NoseRaceLost": "{player} raakte als laatste de neus aan",
        "viewer.change.Called": "{player} zegt sabai sabai: de laatste beurtronde begint",
        "viewer.change.Passed": "{player} past",
        "viewer.change.LookedAt": "{player} bekijkt de eigen kaarten op plaats {slots}{cards}",
        "viewer.change.LookedAt.none": "{player} ziet af van het bekijken van de eigen kaarten",
        "viewer.change.ReactionRound": (
            "De partij loopt ten einde ({cause}): laatste kans voor iedereen om te gooien of te "
            "passen"
        ),
        "viewer.change.RoundEnded": (
            "De partij is voorbij ({cause}): alle kaarten worden opengedraaid"
        ),
        "viewer.locked": "Blokkade voor {player}",
        "viewer.unlocked": "De blokkade voor {player} is opgeheven",
        "viewer.function-waits": "{player} moet de functie van de kaart{card} uitvoeren",
        "viewer.compensation-owed": "{player} is {owner} een compensatiekaart verschuldigd",
        "viewer.refused": "Er verandert niets: de regels weigeren deze gebeurtenis",
        "viewer.outranked": "Er verandert niets: {player} had de kaart eerst",
        "viewer.skipped": "Er verandert niets: de gebeurtenis kon niet worden gespeeld",
        "diagram.or": "of",
        "diagram.turn.title": "Een beurt",
        "diagram.turn.draw": "De bovenste kaart van de trekstapel trekken en bekijken",
        "diagram.turn.play": "Spelen: open op de aflegstapel",
        "diagram.turn.keep": (
            "Houden in plaats van een kaart van de rij, die open op de aflegstapel gaat"
        ),
        "diagram.turn.function": (
            "Een functiekaart (11 tot 14) op de stapel? Wie ze daar legde, voert de functie uit"
        ),
        "diagram.turn.throw-in": (
            "Gooien: iedereen mag een kaart gooien die identiek is aan de bovenste; een "
            "verkeerde kaart kost een strafkaart"
        ),
        "diagram.turn.next": "Volgende beurt: de volgende speler, tegen de klok in",
        "diagram.turn.call": (
            "Op elk moment mag iedereen sabai sabai zeggen: het einde van de partij begint"
        ),
        "diagram.round-end.title": "Het einde van een partij",
        "diagram.round-end.call": "Iemand zegt sabai sabai en klopt twee keer op tafel",
        "diagram.round-end.empty-row": "Een rij is leeg en er is niets meer uit te voeren",
        "diagram.round-end.final-lap": (
            "Laatste beurtronde: nog één beurt voor iedereen, tot en met wie als laatste speelde"
        ),
        "diagram.round-end.last-chance": (
            "Laatste kans: iedereen mag één keer op de bovenste kaart gooien of passen"
        ),
        "diagram.round-end.reveal": (
            "Opendraaien: alle kaarten open, kaartpunten opgeteld (een joker telt \u22124)"
        ),
        "diagram.round-end.victory-points": (
            "Overwinningspunten: +1 voor de minste kaartpunten, \u22121 voor wie de Ass Joker "
            "heeft; vier jokers: Hall of Fame"
        ),
        "diagram.round-end.lowest-score": (
            "De minste punten winnen; wie de vervloekte joker heeft, verliest; vier jokers winnen"
        ),
        "diagram.round-end.next-round": "Volgende partij: wie begon, deelt",
        "diagram.round-end.game-over": (
            "Na de laatste partij is het spel voorbij: de meeste overwinningspunten winnen"
        ),
        "diagram.round-end.game-over-older": "Eén deling is het hele spel: het is voorbij",
        "scribe.title": "Schrijver: het verslag van het spel",
        "scribe.intro": (
            "Schrijf op wat er aan tafel gebeurt terwijl het gebeurt: één tik per gebeurtenis. Het "
            "verslag wordt na elke stap bewaard."
        ),
        "scribe.language": "Taal",
        "scribe.saved-to": "Het verslag wordt bewaard in {file}.",
        "scribe.error": "Niet opgeschreven",
        "scribe.recorded": "Opgeschreven: {event}",
        "scribe.setup.title": "Een nieuw spel",
        "scribe.setup.players": "Spelers, in de volgorde van de plaatsen (de speelvolgorde)",
        "scribe.setup.player": "Speler {number}",
        "scribe.setup.add-player": "Een speler toevoegen",
        "scribe.setup.remove-player": "Speler {number} weghalen",
        "scribe.setup.move-up": "Speler {number} een plaats naar voren",
        "scribe.setup.preset": "Regels",
        "scribe.preset.current": "huidige editie",
        "scribe.preset.older": "oudere editie",
        "scribe.preset.simplified": "vereenvoudigde speelwijze",
        "scribe.setup.options": "Opties: uitspraken anders beslist",
        "scribe.setup.as-preset": "zoals de voorinstelling",
        "scribe.setup.dealer": "Wie deelt als eerste",
        "scribe.setup.start": "Het spel beginnen",
        "scribe.setup.position": "Of beginnen vanaf een stelling",
        "scribe.setup.position-help": (
            "De tafel op één regel, zoals op de pagina Stellingen van het regelboek: ? voor een "
            "kaart die niemand kan noemen."
        ),
        "scribe.setup.position-start": "Vanaf deze stelling beginnen",
        "scribe.setup.name-missing": "Geef elke speler een naam.",
        "scribe.setup.name-twice": "Twee spelers hebben dezelfde naam.",
        "scribe.none": "geen",
        "scribe.yes": "ja",
        "scribe.no": "nee",
        "scribe.table": "De tafel",
        "scribe.table-help": "Kaarten die niemand noteerde, staan er als ?.",
        "scribe.actions": "Wat er nu gebeurt",
        "scribe.actions-help": (
            "Wat de regels op dit moment toestaan, speler per speler: één tik schrijft het op."
        ),
        "scribe.waiting": "het spel wacht op deze speler",
        "scribe.throw-own": "gooit de eigen kaart, plaats",
        "scribe.throw-other": "gooit de kaart van {owner} (sabai-sabai Move), plaats",
        "scribe.also-own": "gooit in dezelfde beweging ook de eigen kaart, plaats",
        "scribe.also-other": "gooit in dezelfde beweging ook de kaart van {owner}, plaats",
        "scribe.nothing-offered": "De regels staan in deze partij niets meer toe.",
        "scribe.other": "Er gebeurde iets anders",
        "scribe.other-help": (
            "Elke actie, ook een die de regels hier niet toestaan: de scheidsrechter zegt of ze "
            "reglementair was."
        ),
        "scribe.other.actor": "Wie",
        "scribe.other.action": "Deed wat",
        "scribe.param.owner": "Wiens kaart",
        "scribe.param.slot": "Plaats",
        "scribe.param.target": "Welke andere speler",
        "scribe.param.target_slot": "Diens plaats",
        "scribe.param.slots": "Plaatsen (0 1 ...)",
        "scribe.other.record": "Opschrijven",
        "scribe.kind.Draw": "trekt een kaart",
        "scribe.kind.Play": "speelt de getrokken kaart direct",
        "scribe.kind.Keep": "houdt de getrokken kaart",
        "scribe.kind.ThrowIn": "gooit een kaart",
        "scribe.kind.AlsoThrowIn": "gooit in dezelfde beweging ook een kaart",
        "scribe.kind.Peek": "peek (11)",
        "scribe.kind.Spy": "spy (12)",
        "scribe.kind.Give": "give (13)",
        "scribe.kind.Switch": "switch (14)",
        "scribe.kind.SkipFunction": "voert de functie niet uit",
        "scribe.kind.Compensate": "geeft de compensatiekaart",
        "scribe.kind.TakeFirstRefusal": "gebruikt het voorrecht",
        "scribe.kind.WaiveFirstRefusal": "ziet af van het voorrecht",
        "scribe.kind.TouchNoseLast": "raakt als laatste de neus aan",
        "scribe.kind.CallSabaiSabai": "zegt sabai sabai",
        "scribe.kind.Pass": "past",
        "scribe.kind.LookAtCards": "bekijkt de eigen kaarten",
        "scribe.face-help": "De waarde, als de tafel haar zag (niet nodig)",
        "scribe.face.unknown": "onbekend",
        "scribe.shows.Draw": "De getrokken kaart",
        "scribe.shows.Play": "De gespeelde kaart",
        "scribe.shows.Keep": "De kaart die uit de rij gaat",
        "scribe.shows.ThrowIn": "De gegooide kaart",
        "scribe.shows.AlsoThrowIn": "De gegooide kaart",
        "scribe.shows.TakeFirstRefusal": "De aangeboden kaart",
        "scribe.shows.WaiveFirstRefusal": "De aangeboden kaart",
        "scribe.shows.Give": "De gegeven kaart",
        "scribe.shows.Compensate": "De compensatiekaart",
        "scribe.shows.Peek": "De bekeken kaart",
        "scribe.shows.Spy": "De bekeken kaart",
        "scribe.shows.LookAtCards": "De kaart op plaats {slot}",
        "scribe.events": "Het verslag",
        "scribe.no-events": "Nog geen gebeurtenis.",
        "scribe.event": "Gebeurtenis {number}",
        "scribe.shows": "toont",
        "scribe.comment": "Opmerking",
        "scribe.comment-save": "De opmerking bewaren",
        "scribe.face": "Getoonde waarde",
        "scribe.same-moment": "Op hetzelfde moment als de kaart die ervoor werd gegooid",
        "scribe.first": "Had de kaart als eerste",
        "scribe.round-over": "De partij is voorbij.",
        "scribe.round-may-end": "Als iedereen die nog niet paste nu past, is de partij voorbij.",
        "scribe.reveal": "De opengedraaide rijen",
        "scribe.reveal-help": (
            "Elke kaart zoals ze aan het einde van de partij werd opengedraaid, plaats per plaats; "
            "? voor een kaart die niemand noteerde."
        ),
        "scribe.reveal-save": "De rijen opschrijven",
        "scribe.add-card": "Een kaart meer voor {name}",
        "scribe.remove-card": "Een kaart minder voor {name}",
        "scribe.next-round": "De volgende partij beginnen",
        "scribe.next-round-position": "of vanaf een stelling",
        "scribe.game-over": "Het spel is voorbij.",
        "scribe.undo": "Ongedaan maken",
        "scribe.nothing-to-undo": "Niets om ongedaan te maken.",
        "scribe.legal": "Was dat reglementair?",
        "scribe.verdict.legal": "Elke gebeurtenis is reglementair.",
        "scribe.verdict.legal-so-far": "Elke gebeurtenis tot nu toe is reglementair.",
        "scribe.verdict.details": "De volledige uitspraak van de scheidsrechter",
        "scribe.request-failed": "De schrijver antwoordt niet: draait hij nog?",
    },
    "fi": {
        "rule": "Sääntö",
        "ruling": "Ratkaisu",
        "chapter": "Luku",
        "editions": "Sääntöversiot",
        "edition.current": "nykyinen sääntöversio",
        "edition.older": "vanhempi sääntöversio",
        "kind.normative": "velvoittava",
        "kind.informational": "tiedottava",
        "source": "Julkaistu teksti",
        "source.fallback": "ei tällä kielellä; näytetään kielellä",
        "source.absent": "Puuttuu tämänkielisestä tekstistä",
        "source.derived": "Mikään teksti ei sano tätä; johdettu säännöistä",
        "statement": "Muotoilu",
        "english": "englanniksi",
        "translation": "projektin käännös",
        "rulings": "Ratkaisut",
        "question": "Kysymys",
        "decision": "Päätös",
        "rationale": "Perustelu",
        "option": "Asetus",
        "presets": "Esiasetukset",
        "preset-value": "{preset}: {value}",
        "alternatives": "Vaihtoehdot",
        "assumption": "Tämä päätös on oletus, ei julkaistu sääntö.",
        "rules": "Säännöt",
        "evidence": "Lainaukset",
        "rulebook": "Sääntökirja",
        "language.en": "englanti",
        "language.fr": "ranska",
        "language.nl": "hollanti",
        "language.fi": "suomi",
        "table.round": "Kierros",
        "table.dealer": "jakaja",
        "table.dealt-by": "jakaja {name}",
        "table.slot": "paikka {slot}",
        "table.final-round": "viimeinen jako",
        "table.turn": "vuorossa",
        "table.locked": "estetty",
        "table.draw-pile": "pakka",
        "table.discard-pile": "poistopino",
        "table.top": "päällimmäisenä",
        "table.holds": "pitää kädessään",
        "table.pending": "suoritettavana",
        "table.compensation": "korvauskortti antamatta",
        "table.offer": "etuoikeutta tarjottu pelaajalle",
        "table.nose-race": "neljä samaa: kuka ehti viimeisenä?",
        "table.called-by": "sabai-sabai, sanoja",
        "table.final-lap": "viimeisen kierroksen vuoroja jäljellä",
        "table.reaction": "viimeinen tilaisuus väliintuloon; passanneet",
        "table.over": "kierros päättynyt",
        "end.emptied": "rivi tyhjeni",
        "end.final-lap": "viimeisen kierroksen jälkeen",
        "end.forced": "pakotettu loppu",
        "end.exhausted": "nostettavia kortteja ei ole",
        "verdict.round-won-by": "voittaja",
        "verdict.card-points": "pisteet",
        "verdict.victory-points": "voittopisteet",
        "verdict.ass-joker": "Ass Joker (Kirottu Jokeri)",
        "verdict.hall-of-fame": "Hall of Fame",
        "verdict.illegal": "Sääntöjen vastainen tapahtuma",
        "verdict.noted": "Huomautus, ei seuraamusta: tapahtuma",
        "verdict.allowed": "Säännöt olisivat sallineet",
        "verdict.allowed-motion": (
            "{player} saa vielä laskea muita kortteja samalla liikkeellä kuin väärän kortin:"
            " väliintulokielto estää uuden yrityksen, ei tämän yrityksen kortteja"
        ),
        "verdict.table-before": "Pöytä juuri ennen",
        "verdict.not-legal": "Ratkaisu: pöytäkirja rikkoo sääntöjä (ks. yllä).",
        "verdict.final-scores": "Lopulliset voittopisteet",
        "verdict.final": "Lopulliset pisteet",
        "verdict.game-won-by": "pelin voittaa",
        "verdict.in-progress": "Ratkaisu: kaikki tapahtumat noudattavat sääntöjä; peli on kesken.",
        "verdict.claim": "Väite",
        "verdict.claim-holds": "pitää paikkansa",
        "verdict.claim-fails": "ei pidä paikkaansa",
        "verdict.claim-open": "ei ratkea tällä pöytäkirjalla",
        "verdict.unreadable": "Lukukelvoton tapahtuma ohitettu",
        "verdict.undecided": "Ratkaisematon tapahtuma",
        "verdict.legal-if": "sääntöjen mukainen, jos {card} oli {faces}",
        "verdict.illegal-if": "sääntöjen vastainen, jos se oli {faces}",
        "verdict.unstated-card": "kirjaus ei kerro, mikä kortti se oli",
        "verdict.turns-on": (
            "sääntöjen mukainen tai ei sen mukaan, mitä olivat kortit, joita kirjaus ei kerro: "
            "{cards}"
        ),
        "verdict.or": "tai",
        "verdict.illegal-where": "niissä tapauksissa, joissa se on sääntöjen vastainen: {why}",
        "verdict.not-decided-result": (
            "Ratkaisu: mikään tapahtuma ei riko sääntöjä, olivatpa kirjaamattomat kortit mitä "
            "tahansa, mutta kirjauksesta ei voi ratkaista jokaisen kierroksen tulosta (ks. yllä)."
        ),
        "verdict.any-card": "mikä tahansa kortti",
        "verdict.not-decided": (
            "Ratkaisu: mikään tapahtuma ei riko sääntöjä, olivatpa kirjaamattomat kortit mitä "
            "tahansa, mutta kirjauksesta ei voi ratkaista jokaista tapahtumaa (ks. yllä)."
        ),
        "verdict.round-undecided": (
            "Kirjauksesta ei voi ratkaista kierroksen {round} tulosta: se ei kerro jokaista "
            "rivien korttia, jotka käännettiin lopussa (reveal)."
        ),
        "verdict.more-undecided": (
            "… ja {count} muuta ratkaisematonta tapahtumaa, joita ei näytetä (tuomari näyttää "
            "ensimmäiset {shown} kokonaan)"
        ),
        "verdict.more-illegal": (
            "… ja vielä {count} sääntöjen vastaista tapahtumaa, joita ei näytetä (tuomari näyttää "
            "kokonaan vain {shown} ensimmäistä)"
        ),
        "verdict.more-noted": (
            "… ja vielä {count} huomautusta, joita ei näytetä (tuomari näyttää kokonaan vain "
            "{shown} ensimmäistä)"
        ),
        "verdict.more-unreadable": (
            "… ja vielä {count} ongelmaa, jotka ohitettiin eikä niitä näytetä (tuomari näyttää "
            "kokonaan vain {shown} ensimmäistä)"
        ),
        "table.seed-guessable": (
            "siemen arvattavissa: joka tuntee tämän pöytäkirjan kortteja, voi löytää sen siemenen"
            " ja sen avulla kaikki muut kortit (sabai simulate ilman --seed-valitsinta arpoo"
            " siemenen, jota kukaan ei voi arvata)"
        ),
        "card.joker": "Jokeri",
        "card.ass-joker": "Ass Joker",
        "card.back": "kortti kuvapuoli alaspäin",
        "card.unknown": "kortti, jonka arvoa ei tiedetä",
        "picture.one-card": "1 kortti",
        "picture.cards": "{count} korttia",
        "picture.no-cards": "ei kortteja",
        "picture.you": "sinä",
        "picture.seen-as": "pöytä niin kuin {name} sen näkee",
        "picture.all-seen": "kaikki kortit näkyvissä, pöytä niin kuin tuomari sen näkee",
        "verdict.html-title": "Tuomarin ratkaisu",
        "viewer.sentence-illegal": "Tapahtuma {number} oli sääntöjen vastainen: {why} ({rule})",
        "viewer.illegal-total": "Sääntöjen vastaisia tapahtumia yhteensä: {count}",
        "viewer.sentence-undecided": (
            "Tapahtumaa {number} ei voi ratkaista kirjauksesta: {why} ({rules})"
        ),
        "viewer.legal-only-if": "se on sääntöjen mukainen vain, jos {card} oli {faces}",
        "viewer.depends": "sen sääntöjenmukaisuus riippuu korteista, joita kirjaus ei kerro",
        "viewer.undecided-total": "Ratkaisemattomia tapahtumia yhteensä: {count}",
        "viewer.sentence-problems": (
            "Osaa kirjauksesta ei voitu lukea tai pelata, ja se ohitettiin (ongelmia: {count})"
        ),
        "viewer.sentence-round-undecided": (
            "Mikään tapahtuma ei rikkonut sääntöjä, mutta kirjauksesta ei voi ratkaista kierroksen "
            "{round} tulosta"
        ),
        "viewer.sentence-won": (
            "Kaikki tapahtumat olivat sääntöjen mukaisia: pelin voitti {winners} ({points})"
        ),
        "viewer.sentence-legal": "Kaikki tapahtumat olivat sääntöjen mukaisia; peli on kesken",
        "viewer.and": "ja",
        "viewer.victory-point": "{count} voittopiste",
        "viewer.victory-points": "{count} voittopistettä",
        "viewer.card-point": "{count} piste",
        "viewer.card-points": "{count} pistettä",
        "viewer.rule-ref": "sääntö {number}",
        "viewer.ruling-ref": "tulkintaratkaisu {number}",
        "viewer.in-record": "Kirjauksessa",
        "viewer.steps": "Peli vaihe vaiheelta",
        "viewer.view": "Näytettävä pöytä",
        "viewer.first": "Alkuun",
        "viewer.previous": "Edellinen",
        "viewer.next": "Seuraava",
        "viewer.last": "Loppuun",
        "viewer.slider": "Tapahtuma",
        "viewer.at-deal": "Kierroksen {round} jako",
        "viewer.at-event": "Tapahtuma {number}/{total}",
        "viewer.changed": "Mitä muuttui",
        "viewer.nothing-changed": "Pöydällä ei muuttunut mitään",
        "viewer.timeline": "Aikajana: tuomarin merkitsemät tapahtumat",
        "viewer.mark-illegal": "sääntöjen vastainen",
        "viewer.mark-undecided": "ratkaisematon",
        "viewer.mark-noted": "huomautus, ei seuraamusta",
        "viewer.show-step": "Näytä pöytä tapahtuman {number} kohdalla",
        "viewer.keys": (
            "Näppäimet: \u2190 ja \u2192 siirtyvät tapahtumasta toiseen, Home ja End ensimmäiseen "
            "ja viimeiseen."
        ),
        "viewer.status-legal": "Sääntöjen mukainen",
        "viewer.status-illegal": "Sääntöjen vastainen ({rule}): {why}",
        "viewer.status-refused-unseen": (
            "Sääntöjen vastainen: hylätty syystä, joka riippuu kortista, jota {name} ei ole nähnyt"
        ),
        "viewer.status-not-judged": (
            "Ei arvioitu: tuomari pysähtyy ensimmäiseen sääntöjen vastaiseen tapahtumaan; pöydän "
            "nykyisessä tilassa säännöt hylkäävät sen ({rule})"
        ),
        "viewer.status-undecided": "Ratkaisematon: {why}",
        "viewer.undecided-unseen": "kirjaus ei kerro korttia, josta se riippuu ({rules})",
        "viewer.status-noted": "Huomautus, ei seuraamusta: {why}",
        "viewer.status-skipped": "Ohitettu: {why}",
        "viewer.dealt": "Kierros {round} jaetaan, jakajana {dealer}",
        "viewer.change.TurnBegan": "Vuorossa: {player}",
        "viewer.change.Drew": "Pelaaja {player} pitää nostettua korttia kädessään{card}",
        "viewer.change.Played": "Nostettu kortti{card} menee kuvapuoli ylöspäin poistopinoon",
        "viewer.change.Kept": (
            "Nostettu kortti menee pelaajan {player} paikalle {slot}; sen korvaama kortti{card} "
            "menee kuvapuoli ylöspäin poistopinoon"
        ),
        "viewer.change.KeptInEmptyRow": (
            "Nostettu Kirottu Jokeri menee pelaajan {player} tyhjään riviin"
        ),
        "viewer.change.AssJokerTurnedOver": (
            "Pelaajan {player} paikalla {slot} oleva kortti on Kirottu Jokeri: se näytetään ja jää "
            "paikalleen, ja nostettu kortti pelataan sen sijaan"
        ),
        "viewer.change.ThrewIn": (
            "Väliintulon kortti{card} on samanlainen kuin päällimmäinen kortti: se jää poistopinoon"
        ),
        "viewer.change.ThrewIn.wrong": (
            "Väliintulon kortti{card} ei ole samanlainen kuin päällimmäinen kortti: se palaa "
            "pelaajan {owner} rivin paikalle {slot}"
        ),
        "viewer.change.PenaltyCard": (
            "Pelaaja {player} saa lisäkortin{card} kuvapuoli alaspäin rivinsä loppuun"
        ),
        "viewer.change.PenaltyWaived": (
            "Pelaajan {player} pitäisi saada lisäkortti, mutta nostettavia kortteja ei ole"
        ),
        "viewer.change.Reshuffled": (
            "Poistopino päällimmäistä korttia lukuun ottamatta ({cards}) sekoitetaan uudeksi "
            "pakaksi"
        ),
        "viewer.change.Peeked": "Pelaaja {player} katsoo omaa korttiaan paikalla {slot}{card}",
        "viewer.change.Spied": (
            "Pelaaja {player} katsoo pelaajan {target} korttia paikalla {slot}{card}"
        ),
        "viewer.change.Gave": (
            "Pelaajan {player} kortti paikalta {slot}{card} menee kuvapuoli alaspäin pelaajalle "
            "{target}"
        ),
        "viewer.change.Switched": (
            "Pelaajan {player} kortti paikalla {slot}{card} ja pelaajan {target} kortti paikalla "
            "{target_slot}{target_card} vaihtavat paikkaa kuvapuoli alaspäin"
        ),
        "viewer.change.FunctionFizzled": "Kortin{card} toimintoa ei voi suorittaa: se raukeaa",
        "viewer.change.FunctionSkipped": (
            "Pelaaja {player} jättää kortin{card} toiminnon suorittamatta"
        ),
        "viewer.change.AssJokerShown": (
            "Pelaajan {player} paikalla {slot} oleva kortti on Kirottu Jokeri: se näytetään ja jää "
            "paikalleen"
        ),
        "viewer.change.Compensated": (
            "Pelaajan {player} kortti paikalta {slot}{card} menee kuvapuoli alaspäin pelaajalle "
            "{owner} paikalle {owner_slot} korvauskorttina"
        ),
        "viewer.change.CompensationLapsed": (
            "Pelaaja {player} on velkaa pelaajalle {owner} korvauskortin, mutta hänellä ei ole "
            "kortteja annettavaksi"
        ),
        "viewer.change.FirstRefusalOffered": (
            "Pelaajalle {owner} tarjotaan etuoikeutta hänen korttiinsa paikalla {slot}"
        ),
        "viewer.change.FirstRefusalTaken": "Pelaaja {player} käyttää etuoikeuttaan",
        "viewer.change.FirstRefusalWaived": "Pelaaja {player} luopuu etuoikeudestaan",
        "viewer.change.NoseRaceLost": "Pelaaja {player} kosketti nenäänsä viimeisenä",
        "viewer.change.Called": "Pelaaja {player} sanoo sabai-sabai: viimeinen kierros alkaa",
        "viewer.change.Passed": "Pelaaja {player} passaa",
        "viewer.change.LookedAt": "Pelaaja {player} katsoo korttejaan paikoilla {slots}{cards}",
        "viewer.change.LookedAt.none": "Pelaaja {player} jättää korttinsa katsomatta",
        "viewer.change.ReactionRound": (
            "Kierros on päättymässä ({cause}): viimeinen tilaisuus kaikille tehdä väliintulo tai "
            "passata"
        ),
        "viewer.change.RoundEnded": "Kierros on päättynyt ({cause}): kaikki kortit paljastetaan",
        "viewer.locked": "Pelaajalla {player} on väliintulokielto",
        "viewer.unlocked": "Pelaajan {player} väliintulokielto päättyi",
        "viewer.function-waits": "Pelaajan {player} on suoritettava kortin{card} toiminto",
        "viewer.compensation-owed": "Pelaaja {player} on velkaa pelaajalle {owner} korvauskortin",
        "viewer.refused": "Mikään ei muutu: säännöt hylkäävät tämän tapahtuman",
        "viewer.outranked": "Mikään ei muutu: pelaaja {player} ehti kortille ensin",
        "viewer.skipped": "Mikään ei muutu: tapahtumaa ei voitu pelata",
        "diagram.or": "tai",
        "diagram.turn.title": "Vuoro",
        "diagram.turn.draw": "Nosta pakan päällimmäinen kortti ja katso sitä",
        "diagram.turn.play": "Pelaa se: kuvapuoli ylöspäin poistopinoon",
        "diagram.turn.keep": (
            "Säilytä se jonkin rivisi kortin paikalla; se kortti menee kuvapuoli ylöspäin "
            "poistopinoon"
        ),
        "diagram.turn.function": (
            "Erikoiskortti (11\u201314) poistopinossa? Sen pinoon pannut suorittaa sen toiminnon"
        ),
        "diagram.turn.throw-in": (
            "Väliintulo: kuka tahansa voi pelata päällimmäisen kanssa samanlaisen kortin; "
            "väärästä kortista saa lisäkortin"
        ),
        "diagram.turn.next": "Seuraava vuoro: seuraava pelaaja vastapäivään",
        "diagram.turn.call": (
            "Milloin tahansa kuka tahansa voi sanoa sabai-sabai: kierroksen loppu alkaa"
        ),
        "diagram.round-end.title": "Kierroksen loppu",
        "diagram.round-end.call": "Joku sanoo sabai-sabai ja koputtaa kahdesti pöytään",
        "diagram.round-end.empty-row": "Jonkun rivi on tyhjä eikä mitään ole kesken",
        "diagram.round-end.final-lap": (
            "Viimeinen kierros: vielä yksi vuoro kullekin, viimeksi pelanneeseen asti"
        ),
        "diagram.round-end.last-chance": (
            "Viimeinen tilaisuus: kukin voi kerran tehdä väliintulon tai passata"
        ),
        "diagram.round-end.reveal": (
            "Paljastus: kaikki kortit kuvapuoli ylöspäin, pisteet lasketaan (jokeri on \u22124)"
        ),
        "diagram.round-end.victory-points": (
            "Voittopisteet: +1 vähimmille pisteille, \u22121 Ass Jokerin haltijalle; neljä "
            "jokeria: Hall of Fame"
        ),
        "diagram.round-end.lowest-score": (
            "Vähiten pisteitä voittaa; Kirotun Jokerin haltija häviää; neljä jokeria voittaa"
        ),
        "diagram.round-end.next-round": "Seuraava kierros: ensimmäisenä pelannut jakaa",
        "diagram.round-end.game-over": (
            "Viimeisen jaon jälkeen peli on ohi: eniten voittopisteitä saanut voittaa"
        ),
        "diagram.round-end.game-over-older": "Yksi jako on koko peli: se on ohi",
        "scribe.title": "Kirjuri: pelin pöytäkirja",
        "scribe.intro": (
            "Kirjaa pöydän tapahtumat sitä mukaa kuin ne tapahtuvat: yksi napautus tapahtumaa "
            "kohden. Pöytäkirja tallennetaan jokaisen vaiheen jälkeen."
        ),
        "scribe.language": "Kieli",
        "scribe.saved-to": "Pöytäkirja tallennetaan tiedostoon {file}.",
        "scribe.error": "Ei kirjattu",
        "scribe.recorded": "Kirjattu: {event}",
        "scribe.setup.title": "Uusi peli",
        "scribe.setup.players": "Pelaajat istumajärjestyksessä (pelijärjestyksessä)",
        "scribe.setup.player": "Pelaaja {number}",
        "scribe.setup.add-player": "Lisää pelaaja",
        "scribe.setup.remove-player": "Poista pelaaja {number}",
        "scribe.setup.move-up": "Siirrä pelaaja {number} paikkaa aiemmaksi",
        "scribe.setup.preset": "Säännöt",
        "scribe.preset.current": "nykyinen sääntöversio",
        "scribe.preset.older": "vanhempi sääntöversio",
        "scribe.preset.simplified": "yksinkertaistettu pelimuoto",
        "scribe.setup.options": "Asetukset: toisin päätetyt tulkintaratkaisut",
        "scribe.setup.as-preset": "kuten esiasetuksessa",
        "scribe.setup.dealer": "Kuka jakaa ensin",
        "scribe.setup.start": "Aloita peli",
        "scribe.setup.position": "Tai aloita asemasta",
        "scribe.setup.position-help": (
            "Pöytä yhdellä rivillä, kuten sääntökirjan sivulla Asemat: ? kortille, jota kukaan ei "
            "osaa nimetä."
        ),
        "scribe.setup.position-start": "Aloita tästä asemasta",
        "scribe.setup.name-missing": "Anna jokaiselle pelaajalle nimi.",
        "scribe.setup.name-twice": "Kahdella pelaajalla on sama nimi.",
        "scribe.none": "ei mitään",
        "scribe.yes": "kyllä",
        "scribe.no": "ei",
        "scribe.table": "Pöytä",
        "scribe.table-help": "Kortit, joita kukaan ei merkinnyt muistiin, näkyvät merkillä ?.",
        "scribe.actions": "Mitä nyt tapahtuu",
        "scribe.actions-help": (
            "Mitä säännöt sallivat tällä hetkellä, pelaaja kerrallaan: yksi napautus kirjaa sen."
        ),
        "scribe.waiting": "peli odottaa tätä pelaajaa",
        "scribe.throw-own": "tekee väliintulon omalla kortillaan, paikka",
        "scribe.throw-other": (
            "tekee väliintulon pelaajan {owner} kortilla (sabai-sabai Move), paikka"
        ),
        "scribe.also-own": "tekee samalla liikkeellä väliintulon myös omalla kortillaan, paikka",
        "scribe.also-other": (
            "tekee samalla liikkeellä väliintulon myös pelaajan {owner} kortilla, paikka"
        ),
        "scribe.nothing-offered": "Säännöt eivät salli tällä kierroksella enää mitään.",
        "scribe.other": "Tapahtui jotain muuta",
        "scribe.other-help": (
            "Mikä tahansa siirto, myös sellainen, jota säännöt eivät tässä salli: tuomari kertoo, "
            "oliko se sääntöjen mukainen."
        ),
        "scribe.other.actor": "Kuka",
        "scribe.other.action": "Teki mitä",
        "scribe.param.owner": "Kenen kortti",
        "scribe.param.slot": "Paikka",
        "scribe.param.target": "Mikä toinen pelaaja",
        "scribe.param.target_slot": "Hänen paikkansa",
        "scribe.param.slots": "Paikat (0 1 ...)",
        "scribe.other.record": "Kirjaa",
        "scribe.kind.Draw": "nostaa kortin",
        "scribe.kind.Play": "pelaa nostetun kortin suoraan",
        "scribe.kind.Keep": "säilyttää nostetun kortin",
        "scribe.kind.ThrowIn": "tekee väliintulon kortilla",
        "scribe.kind.AlsoThrowIn": "tekee samalla liikkeellä väliintulon myös toisella kortilla",
        "scribe.kind.Peek": "peek (11)",
        "scribe.kind.Spy": "spy (12)",
        "scribe.kind.Give": "give (13)",
        "scribe.kind.Switch": "switch (14)",
        "scribe.kind.SkipFunction": "jättää toiminnon suorittamatta",
        "scribe.kind.Compensate": "antaa korvauskortin",
        "scribe.kind.TakeFirstRefusal": "käyttää etuoikeuttaan",
        "scribe.kind.WaiveFirstRefusal": "luopuu etuoikeudestaan",
        "scribe.kind.TouchNoseLast": "koskettaa nenäänsä viimeisenä",
        "scribe.kind.CallSabaiSabai": "sanoo sabai-sabai",
        "scribe.kind.Pass": "passaa",
        "scribe.kind.LookAtCards": "katsoo korttejaan",
        "scribe.face-help": "Sen arvo, jos pöytä näki sen (ei pakollinen)",
        "scribe.face.unknown": "ei tiedossa",
        "scribe.shows.Draw": "Nostettu kortti",
        "scribe.shows.Play": "Pelattu kortti",
        "scribe.shows.Keep": "Riviltä poistettu kortti",
        "scribe.shows.ThrowIn": "Väliintulon kortti",
        "scribe.shows.AlsoThrowIn": "Väliintulon kortti",
        "scribe.shows.TakeFirstRefusal": "Tarjottu kortti",
        "scribe.shows.WaiveFirstRefusal": "Tarjottu kortti",
        "scribe.shows.Give": "Annettu kortti",
        "scribe.shows.Compensate": "Korvauskortti",
        "scribe.shows.Peek": "Katsottu kortti",
        "scribe.shows.Spy": "Katsottu kortti",
        "scribe.shows.LookAtCards": "Kortti paikalla {slot}",
        "scribe.events": "Pöytäkirja",
        "scribe.no-events": "Ei vielä tapahtumia.",
        "scribe.event": "Tapahtuma {number}",
        "scribe.shows": "näyttää",
        "scribe.comment": "Kommentti",
        "scribe.comment-save": "Tallenna kommentti",
        "scribe.face": "Näytetty arvo",
        "scribe.same-moment": "Samalla hetkellä kuin edellinen väliintulo",
        "scribe.first": "Ehti korttiin ensin",
        "scribe.round-over": "Kierros on ohi.",
        "scribe.round-may-end": (
            "Jos kaikki, jotka eivät ole passanneet, passaavat nyt, kierros on ohi."
        ),
        "scribe.reveal": "Esiin käännetyt rivit",
        "scribe.reveal-help": (
            "Jokainen kortti sellaisena kuin se käännettiin esiin kierroksen lopussa, paikka "
            "kerrallaan; ? kortille, jota kukaan ei merkinnyt muistiin."
        ),
        "scribe.reveal-save": "Kirjaa rivit",
        "scribe.add-card": "Yksi kortti lisää pelaajalle {name}",
        "scribe.remove-card": "Yksi kortti vähemmän pelaajalle {name}",
        "scribe.next-round": "Aloita seuraava kierros",
        "scribe.next-round-position": "tai asemasta",
        "scribe.game-over": "Peli on ohi.",
        "scribe.undo": "Kumoa",
        "scribe.nothing-to-undo": "Ei mitään kumottavaa.",
        "scribe.legal": "Oliko se sääntöjen mukainen?",
        "scribe.verdict.legal": "Jokainen tapahtuma on sääntöjen mukainen.",
        "scribe.verdict.legal-so-far": "Jokainen tapahtuma tähän asti on sääntöjen mukainen.",
        "scribe.verdict.details": "Tuomarin koko ratkaisu",
        "scribe.request-failed": "Kirjuri ei vastaa: onko se yhä käynnissä?",
    },
}


#: What a player does, in each language: the actor's name and the action's parameters fill the
#: blanks. ``ThrowIn.other`` (``AlsoThrowIn.other``) is a throw-in of another player's card (a
#: sabai-sabai Move).
PHRASES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "Draw": "{actor} draws a card",
        "Play": "{actor} plays the drawn card directly",
        "Keep": "{actor} keeps the drawn card in slot {slot}",
        "ThrowIn": "{actor} throws in their card in slot {slot}",
        "ThrowIn.other": "{actor} throws in {owner}'s card in slot {slot} (sabai-sabai Move)",
        "AlsoThrowIn": "{actor} also throws in their card in slot {slot}, in the same motion",
        "AlsoThrowIn.other": (
            "{actor} also throws in {owner}'s card in slot {slot}, in the same motion "
            "(sabai-sabai Move)"
        ),
        "Peek": "{actor} peeks at their card in slot {slot}",
        "Spy": "{actor} spies on {target}'s card in slot {slot}",
        "Give": "{actor} gives their card in slot {slot} to {target}",
        "Switch": (
            "{actor} switches their card in slot {slot} with {target}'s card in slot {target_slot}"
        ),
        "SkipFunction": "{actor} skips the function",
        "Compensate": "{actor} gives their card in slot {slot} as the compensation card",
        "TakeFirstRefusal": (
            "{actor} takes the right of first refusal and throws in the card themselves"
        ),
        "WaiveFirstRefusal": "{actor} waives the right of first refusal",
        "TouchNoseLast": "{actor} touches their nose last",
        "CallSabaiSabai": "{actor} calls sabai sabai",
        "Pass": "{actor} passes",
        "LookAtCards": "{actor} looks at their cards in slots {slots}",
    },
    "fr": {
        "Draw": "{actor} pioche une carte",
        "Play": "{actor} joue directement la carte piochée",
        "Keep": "{actor} garde la carte piochée à l’emplacement {slot}",
        "ThrowIn": "{actor} jette sa carte de l’emplacement {slot}",
        "ThrowIn.other": (
            "{actor} jette la carte de {owner} de l’emplacement {slot} (sabai-sabai Move)"
        ),
        "AlsoThrowIn": ("{actor} jette aussi sa carte de l’emplacement {slot}, dans le même geste"),
        "AlsoThrowIn.other": (
            "{actor} jette aussi la carte de {owner} de l’emplacement {slot}, dans le même "
            "geste (sabai-sabai Move)"
        ),
        "Peek": "{actor} regarde sa carte de l’emplacement {slot} (peek)",
        "Spy": "{actor} regarde la carte de {target} à l’emplacement {slot} (spy)",
        "Give": "{actor} donne sa carte de l’emplacement {slot} à {target} (give)",
        "Switch": (
            "{actor} échange sa carte de l’emplacement {slot} contre celle de {target} à "
            "l’emplacement {target_slot} (switch)"
        ),
        "SkipFunction": "{actor} n’exécute pas la fonction",
        "Compensate": "{actor} donne sa carte de l’emplacement {slot} comme carte de compensation",
        "TakeFirstRefusal": "{actor} use de sa priorité et jette la carte en personne",
        "WaiveFirstRefusal": "{actor} renonce à sa priorité",
        "TouchNoseLast": "{actor} touche son nez en dernier",
        "CallSabaiSabai": "{actor} dit sabai sabai",
        "Pass": "{actor} passe",
        "LookAtCards": "{actor} regarde ses cartes des emplacements {slots}",
    },
    "nl": {
        "Draw": "{actor} trekt een kaart",
        "Play": "{actor} speelt de getrokken kaart direct",
        "Keep": "{actor} houdt de getrokken kaart op plaats {slot}",
        "ThrowIn": "{actor} gooit de eigen kaart op plaats {slot}",
        "ThrowIn.other": "{actor} gooit de kaart van {owner} op plaats {slot} (sabai-sabai Move)",
        "AlsoThrowIn": "{actor} gooit in dezelfde beweging ook de eigen kaart op plaats {slot}",
        "AlsoThrowIn.other": (
            "{actor} gooit in dezelfde beweging ook de kaart van {owner} op plaats {slot} "
            "(sabai-sabai Move)"
        ),
        "Peek": "{actor} bekijkt de eigen kaart op plaats {slot} (peek)",
        "Spy": "{actor} bekijkt de kaart van {target} op plaats {slot} (spy)",
        "Give": "{actor} geeft de eigen kaart op plaats {slot} aan {target} (give)",
        "Switch": (
            "{actor} ruilt de eigen kaart op plaats {slot} met de kaart van {target} op "
            "plaats {target_slot} (switch)"
        ),
        "SkipFunction": "{actor} voert de functie niet uit",
        "Compensate": "{actor} geeft de eigen kaart op plaats {slot} als compensatiekaart",
        "TakeFirstRefusal": "{actor} gebruikt het voorrecht en gooit de kaart zelf",
        "WaiveFirstRefusal": "{actor} ziet af van het voorrecht",
        "TouchNoseLast": "{actor} raakt als laatste de neus aan",
        "CallSabaiSabai": "{actor} zegt sabai sabai",
        "Pass": "{actor} past",
        "LookAtCards": "{actor} bekijkt de eigen kaarten op plaats {slots}",
    },
    "fi": {
        "Draw": "{actor} nostaa kortin",
        "Play": "{actor} pelaa nostetun kortin suoraan",
        "Keep": "{actor} säilyttää nostetun kortin paikalla {slot}",
        "ThrowIn": "{actor} tekee väliintulon omalla kortillaan paikalta {slot}",
        "ThrowIn.other": (
            "{actor} tekee väliintulon pelaajan {owner} kortilla paikalta {slot} (sabai-sabai Move)"
        ),
        "AlsoThrowIn": (
            "{actor} tekee samalla liikkeellä väliintulon myös omalla kortillaan paikalta {slot}"
        ),
        "AlsoThrowIn.other": (
            "{actor} tekee samalla liikkeellä väliintulon myös pelaajan {owner} kortilla "
            "paikalta {slot} (sabai-sabai Move)"
        ),
        "Peek": "{actor} katsoo omaa korttiaan paikalla {slot} (peek)",
        "Spy": "{actor} katsoo pelaajan {target} korttia paikalla {slot} (spy)",
        "Give": "{actor} antaa korttinsa paikalta {slot} pelaajalle {target} (give)",
        "Switch": (
            "{actor} vaihtaa korttinsa paikalta {slot} pelaajan {target} korttiin paikalla "
            "{target_slot} (switch)"
        ),
        "SkipFunction": "{actor} jättää toiminnon suorittamatta",
        "Compensate": "{actor} antaa korttinsa paikalta {slot} korvauskortiksi",
        "TakeFirstRefusal": "{actor} käyttää etuoikeuttaan ja tekee väliintulon itse",
        "WaiveFirstRefusal": "{actor} luopuu etuoikeudestaan",
        "TouchNoseLast": "{actor} koskettaa nenäänsä viimeisenä",
        "CallSabaiSabai": "{actor} sanoo sabai-sabai",
        "Pass": "{actor} passaa",
        "LookAtCards": "{actor} katsoo korttejaan paikoilla {slots}",
    },
}


def written_in(written: str, language: str) -> str:
    """What a heading says of the language our prose is ``written`` in, for a reader of
    ``language``: nothing for English read in English, " (the project's translation)" for a
    translation, " (in English)" where the translation is missing."""
    if written == language:
        return "" if language == "en" else f" ({label(language, 'translation')})"
    return f" ({label(language, 'english')})"


def colon(language: str) -> str:
    """What stands between a label and what it labels: ": ", and in French "\u00a0: " (a
    no-break space before the colon)."""
    return "\u00a0: " if check_language(language) == "fr" else ": "


def semicolon(language: str) -> str:
    """What stands between the clauses of a list: "; ", and in French "\u00a0; "."""
    return "\u00a0; " if check_language(language) == "fr" else "; "


def label(language: str, key: str) -> str:
    """The label ``key`` in ``language`` (English where a translation is missing)."""
    return LABELS[check_language(language)].get(key, LABELS["en"][key])


def preset_name(language: str, preset: str) -> str:
    """A preset's name in running text in ``language`` ("ancienne édition" for ``older``), as the
    scribe offers it to players; its id (``older``) is what records and ``--preset`` write."""
    return label(language, f"scribe.preset.{preset}")


def preset_values(language: str, values: Sequence[tuple[str, str]]) -> str:
    """Each preset's value of an option, named for a reader of ``language``:
    "édition actuelle\u00a0: `true`, ..." from ``(("current", "`true`"), ...)``."""
    shown = label(language, "preset-value")
    return ", ".join(shown.format(preset=preset_name(language, p), value=v) for p, v in values)


#: A look at no card (:rule:`ruling.older-look-optional`): the look declined, said apart from the
#: phrase of :class:`~sabai_rules.moves.LookAtCards`, which names the slots looked at.
DECLINED_LOOK: Final[Mapping[str, str]] = {
    "en": "{actor} declines to look at their cards",
    "fr": "{actor} renonce à regarder ses cartes",
    "nl": "{actor} ziet af van het bekijken van de eigen kaarten",
    "fi": "{actor} jättää korttinsa katsomatta",
}


def describe(action: Action, players: Sequence[str], language: str = "en") -> str:
    """What ``action`` does, as a sentence in ``language``, naming the players by ``players``:
    ``describe(ThrowIn(0, 2, 3), names, "fr")`` is "Anna jette la carte de Chloé de
    l’emplacement 3 (sabai-sabai Move)". Slots count from 0, as in records; a look at no slot is
    the look declined ("Ben declines to look at their cards")."""
    language = check_language(language)
    if isinstance(action, LookAtCards) and not action.slots:
        return DECLINED_LOOK[language].format(actor=players[action.actor])
    phrases = PHRASES[language]
    kind = type(action).__name__
    if isinstance(action, ThrowIn | AlsoThrowIn) and action.owner != action.actor:
        kind += ".other"
    values: dict[str, object] = {"actor": players[action.actor]}
    for parameter in PARAMETERS[type(action)]:
        name, what = parameter.name, parameter.kind
        value = getattr(action, name)
        if what == "player":
            value = players[value]
        elif what == "slots":
            value = ", ".join(str(slot) for slot in value)
        values[name] = value
    return phrases[kind].format(**values)
