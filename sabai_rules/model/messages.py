"""What the engine and the referee say when they refuse an action or note an event, in the four
languages of the rulebook.

A refusal's wording is a template in English with the players it names as ``{0}``, ``{1}``...
(filled with their names, as a record gives them) and its other values by name (``{slot}``,
``{face}``): :class:`Wording`. :data:`MESSAGES` translates each template; its placeholders are
the English one's. A template without a translation is said in English (a test sees that none
is missing).

>>> Wording("{0} has no card in slot {slot}", (1,), (("slot", 3),)).text(["Anna", "Ben"], "fr")
'Ben n’a pas de carte à l’emplacement 3'
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import attrs

__all__ = ["MESSAGES", "Wording", "placeholders", "translated"]


@attrs.frozen
class Wording:
    """What a refusal or a note says: an English template, the seats it names (``{0}``,
    ``{1}``...) and its other values by name."""

    template: str
    seats: tuple[int, ...] = ()
    params: tuple[tuple[str, object], ...] = ()

    def text(self, names: Sequence[str], language: str = "en") -> str:
        """The wording in ``language``, naming each seat by ``names[seat]``."""
        return translated(self.template, language).format(
            *(names[seat] for seat in self.seats), **dict(self.params)
        )


def translated(template: str, language: str) -> str:
    """``template`` in ``language`` (itself in English, or where no translation exists)."""
    if language == "en":
        return template
    return MESSAGES.get(language, {}).get(template, template)


def placeholders(template: str) -> Iterator[str]:
    """The placeholders of ``template``, in order (``"0"``, ``"slot"``...)."""
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            yield field


#: Each template in French, Dutch and Finnish, keyed by the English template.
MESSAGES: Final[Mapping[str, Mapping[str, str]]] = {
    "fr": {
        "chance decides first: the cards are being dealt": "le hasard décide d’abord\u00a0: les cartes sont en cours de distribution",
        "chance decides first: the discard pile is being shuffled into a new draw pile": "le hasard décide d’abord\u00a0: la défausse est mélangée pour former une nouvelle pioche",
        "chance decides first: the card drawn from the draw pile is not known yet": "le hasard décide d’abord\u00a0: la carte piochée n’est pas encore connue",
        "chance decides first: the nose race is being settled (who was last?)": "le hasard décide d’abord\u00a0: le règlement de la course au nez est en cours (qui a touché son nez en dernier\u00a0?)",
        "{0} must first answer the offer of first refusal": "{0} doit d’abord répondre à l’offre de priorité",
        "pending effects must be carried out first": "les effets en suspens doivent d’abord être exécutés",
        "there is no owner P{player}": "il n’y a pas de personne propriétaire P{player}",
        "there is no target P{player}": "il n’y a pas de cible P{player}",
        "{0} already drew": "{0} a déjà pioché",
        "{0} already played this turn": "{0} a déjà joué à ce tour",
        "{0} has no card in slot {slot}": "{0} n’a pas de carte à l’emplacement {slot}",
        "not an action of this game": "ce n’est pas une action de ce jeu",
        "there is no player {actor} at this table": "il n’y a pas de personne {actor} à cette table",
        "the round is over": "la manche est terminée",
        "the nose race must be settled first (who was last?)": "la course au nez doit d’abord être tranchée (qui a touché son nez en dernier\u00a0?)",
        "{0} must first give {1} a compensation card": "{0} doit d’abord donner une carte de compensation à {1}",
        "the round is ending: throw in or pass": "la manche se termine\u00a0: jeter une carte ou passer",
        "players are still looking at their cards": "des personnes regardent encore leurs cartes",
        "it is not {0}'s turn to draw": "ce n’est pas à {0} de piocher",
        "{0} holds no drawn card": "{0} ne tient pas de carte piochée",
        "{0} has no card in their row to exchange": "{0} n’a pas de carte dans sa ligne à échanger",
        "the dealt cards must not be looked at": "il est interdit de regarder les cartes distribuées",
        "{0} has no cards to look at now": "{0} n’a pas de cartes à regarder maintenant",
        "look at exactly {count} different slots of your row, in increasing order": "regarder exactement {count} emplacements différents de sa ligne, par ordre croissant",
        "look at up to {count} different slots of your row, in increasing order": "regarder au plus {count} emplacements différents de sa ligne, par ordre croissant",
        "{0} has not just thrown in a wrong card: a card put down on its own is a ThrowIn": "{0} ne vient pas de jeter une carte non identique\u00a0: une carte posée seule est un ThrowIn",
        "no card has been played yet this round": "aucune carte n’a encore été jouée dans cette manche",
        "the last card was not just played: a card has been drawn since": "la dernière carte n’a pas été jouée à l’instant\u00a0: une carte a été piochée depuis",
        "{count} cards have been thrown in since the last turn card: the cap of this simulation": "{count} cartes ont été jetées depuis la carte du tour la plus récente\u00a0: c’est la limite de cette simulation",
        "{0} threw in a wrong card: another player must throw in correctly first": "{0} a jeté une carte non identique\u00a0: une autre personne doit d’abord jeter correctement",
        "only one's own cards may be thrown in": "on ne peut jeter que ses propres cartes",
        "{0} has no card to give in return": "{0} n’a pas de carte à donner en retour",
        "only a card the thrower has seen and its owner has not may be played for them": "on ne peut jouer à la place de la personne propriétaire qu’une carte que la personne qui jette a vue et que la personne propriétaire n’a pas vue",
        "{0} has seen this card: only a card its owner does not know may be played for them": "{0} a vu cette carte\u00a0: on ne peut jouer à la place de la personne propriétaire qu’une carte qu’elle ne connaît pas",
        "no function is waiting to be carried out": "aucune fonction n’attend d’être exécutée",
        "the {function} function is {0}'s to carry out": "c’est à {0} d’exécuter la fonction {function}",
        "the function to carry out is {function}": "la fonction à exécuter est {function}",
        "the target must be another player": "la cible doit être une autre personne",
        "no compensation card is owed now": "aucune carte de compensation n’est due maintenant",
        "the compensation card is {0}'s to give": "c’est à {0} de donner la carte de compensation",
        "{0} has seen the Ass Joker in slot {slot}: it cannot be exchanged": "{0} a vu l’Ass Joker de l’emplacement {slot}\u00a0: il ne peut pas être échangé",
        "the Ass Joker can never be a compensation card": "l’Ass Joker ne peut jamais être une carte de compensation",
        "no offer of first refusal is open": "aucune offre de priorité n’est en cours",
        "the offer is {0}'s to answer": "c’est à {0} de répondre à l’offre",
        "no nose race is on": "aucune course au nez n’est en cours",
        "sabai sabai cannot be called in the final round": "on ne peut pas dire sabai sabai dans la manche finale",
        "the round is already ending": "la manche se termine déjà",
        "{0} already called sabai sabai this round": "{0} a déjà dit sabai sabai dans cette manche",
        "only the player whose turn it is may call": "seule la personne dont c’est le tour peut dire sabai sabai",
        "passing is only for the end of a round": "on ne passe qu’à la fin d’une manche",
        "{0} already passed": "{0} a déjà passé",
        "{field} {value} is not a number": "{field} {value} n’est pas un nombre",
        "a drawn Ass Joker cannot be played: keep it": "un Ass Joker pioché ne peut pas être joué directement\u00a0: il faut le garder",
        "functions are mandatory when possible": "une fonction doit être exécutée lorsque c’est possible",
        "{0} has no cards and may not be given one": "{0} n’a pas de cartes et ne peut pas en recevoir",
        "{0} kept the drawn card in slot {slot}, which holds the Ass Joker they had already seen: it is shown and stays, the drawn card is played; no sanction": "{0} a gardé la carte piochée à l’emplacement {slot}, qui contient l’Ass Joker, que {0} avait déjà vu\u00a0: il est montré et reste en place, la carte piochée est jouée directement\u00a0; aucune sanction",
        "the record states {stated} cards of the new draw pile, but the discard pile under its top card holds {held}": "l’enregistrement indique {stated} cartes pour la nouvelle pioche, mais la défausse, sous sa carte du dessus, en contient {held}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {1}, who knew it and had priority: {1} threw it in, and {0}'s reach did nothing": "{0} a voulu prendre la carte de {1} à l’emplacement {slot} au même moment que {1}, qui la connaissait et avait la préséance\u00a0: {1} l’a jetée, et le geste fait par {0} n’a eu aucun effet",
        "the record states card {place} from the top of the new draw pile as {face}, its {ordinal} {face}, but the discard pile under its top card holds only {held}": "l’enregistrement indique que la carte {place} depuis le dessus de la nouvelle pioche est un {face}, le {nth}e {face}, mais la défausse, sous sa carte du dessus, en contient seulement {held}",
        "the record states card {place} from the top of the new draw pile as {face}, but the discard pile under its top card holds no {face}": "l’enregistrement indique que la carte {place} depuis le dessus de la nouvelle pioche est un {face}, mais la défausse, sous sa carte du dessus, ne contient aucun {face}",
        "the card {0} played (event {event})": "la carte jouée par {0} (événement {event})",
        "the card {0} drew (event {event})": "la carte piochée par {0} (événement {event})",
        "the card {0} took out of their slot {slot} (event {event})": "la carte retirée par {0} de son emplacement {slot} (événement {event})",
        "the card {0} gave as compensation from their slot {slot} (event {event})": "la carte donnée en compensation par {0} depuis son emplacement {slot} (événement {event})",
        "the card {0} gave from their slot {slot} (event {event})": "la carte donnée par {0} depuis son emplacement {slot} (événement {event})",
        "the card in {1}'s slot {slot} that {0} looked at (event {event})": "la carte de l’emplacement {slot} de {1} regardée par {0} (événement {event})",
        "the card in {0}'s slot {slot} at event {event}": "la carte de l’emplacement {slot} de {0} à l’événement {event}",
        "the card {0} threw in from their slot {slot} (event {event})": "la carte jetée par {0} depuis son emplacement {slot} (événement {event})",
        "the card {0} threw in from {1}'s slot {slot} (event {event})": "la carte jetée par {0} depuis l’emplacement {slot} de {1} (événement {event})",
        "the top card of the discard pile at event {event}": "la carte du dessus de la défausse à l’événement {event}",
        "card {depth} below the top of the discard pile at event {event}": "la carte {depth} sous le dessus de la défausse à l’événement {event}",
        "a card of the draw pile at event {event}": "une carte de la pioche à l’événement {event}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {2}, who got it: {0}'s reach did nothing": "{0} a voulu prendre la carte de {1} à l’emplacement {slot} au même moment que {2}, qui l’a eue\u00a0: le geste fait par {0} n’a eu aucun effet",
    },
    "nl": {
        "chance decides first: the cards are being dealt": "het toeval beslist eerst: de kaarten worden gedeeld",
        "chance decides first: the discard pile is being shuffled into a new draw pile": "het toeval beslist eerst: de aflegstapel wordt geschud tot een nieuwe trekstapel",
        "chance decides first: the card drawn from the draw pile is not known yet": "het toeval beslist eerst: de getrokken kaart van de trekstapel is nog niet bekend",
        "chance decides first: the nose race is being settled (who was last?)": "het toeval beslist eerst: de neuswedloop wordt beslecht (wie was de laatste?)",
        "{0} must first answer the offer of first refusal": "{0} moet eerst antwoorden op het aangeboden voorrecht",
        "pending effects must be carried out first": "openstaande effecten moeten eerst worden uitgevoerd",
        "there is no owner P{player}": "er is geen eigenaar P{player}",
        "there is no target P{player}": "er is geen doelwit P{player}",
        "{0} already drew": "{0} heeft al getrokken",
        "{0} already played this turn": "{0} heeft deze beurt al gespeeld",
        "{0} has no card in slot {slot}": "{0} heeft geen kaart op plaats {slot}",
        "not an action of this game": "dat is geen actie van dit spel",
        "there is no player {actor} at this table": "er is geen speler {actor} aan deze tafel",
        "the round is over": "de partij is voorbij",
        "the nose race must be settled first (who was last?)": "de neuswedloop moet eerst worden beslecht (wie was de laatste?)",
        "{0} must first give {1} a compensation card": "{0} moet {1} eerst een compensatiekaart geven",
        "the round is ending: throw in or pass": "de partij loopt af: gooien of passen",
        "players are still looking at their cards": "de spelers bekijken nog hun kaarten",
        "it is not {0}'s turn to draw": "{0} is niet aan de beurt om te trekken",
        "{0} holds no drawn card": "{0} heeft geen getrokken kaart in handen",
        "{0} has no card in their row to exchange": "{0} heeft geen kaart in de eigen rij om te ruilen",
        "the dealt cards must not be looked at": "de gedeelde kaarten mogen niet worden bekeken",
        "{0} has no cards to look at now": "{0} heeft nu geen kaarten om te bekijken",
        "look at exactly {count} different slots of your row, in increasing order": "bekijk precies {count} verschillende plaatsen van de eigen rij, in oplopende volgorde",
        "look at up to {count} different slots of your row, in increasing order": "bekijk hoogstens {count} verschillende plaatsen van de eigen rij, in oplopende volgorde",
        "{0} has not just thrown in a wrong card: a card put down on its own is a ThrowIn": "{0} heeft niet net een verkeerde kaart gegooid: een kaart die los wordt neergelegd, is een ThrowIn",
        "no card has been played yet this round": "er is deze partij nog geen kaart gespeeld",
        "the last card was not just played: a card has been drawn since": "de laatste kaart is niet net gespeeld: er is sindsdien een kaart getrokken",
        "{count} cards have been thrown in since the last turn card: the cap of this simulation": "er zijn {count} kaarten gegooid sinds de laatste beurtkaart: het maximum van deze simulatie",
        "{0} threw in a wrong card: another player must throw in correctly first": "{0} gooide een verkeerde kaart: een andere speler moet eerst correct gooien",
        "only one's own cards may be thrown in": "alleen eigen kaarten mogen worden gegooid",
        "{0} has no card to give in return": "{0} heeft geen kaart om in ruil te geven",
        "only a card the thrower has seen and its owner has not may be played for them": "alleen een kaart die de gooier heeft gezien en de eigenaar niet, mag namens de eigenaar worden gespeeld",
        "{0} has seen this card: only a card its owner does not know may be played for them": "{0} heeft deze kaart gezien: alleen een kaart die de eigenaar niet kent, mag namens de eigenaar worden gespeeld",
        "no function is waiting to be carried out": "er wacht geen functie op uitvoering",
        "the {function} function is {0}'s to carry out": "de functie {function} moet door {0} worden uitgevoerd",
        "the function to carry out is {function}": "de uit te voeren functie is {function}",
        "the target must be another player": "het doelwit moet een andere speler zijn",
        "no compensation card is owed now": "er is nu geen compensatiekaart verschuldigd",
        "the compensation card is {0}'s to give": "de compensatiekaart moet door {0} worden gegeven",
        "{0} has seen the Ass Joker in slot {slot}: it cannot be exchanged": "{0} heeft de Ass Joker op plaats {slot} gezien: die kan niet worden omgeruild",
        "the Ass Joker can never be a compensation card": "de Ass Joker kan nooit een compensatiekaart zijn",
        "no offer of first refusal is open": "er is geen voorrecht aangeboden",
        "the offer is {0}'s to answer": "het aanbod moet door {0} worden beantwoord",
        "no nose race is on": "er is geen neuswedloop bezig",
        "sabai sabai cannot be called in the final round": "in de laatste partij kan niemand sabai-sabai zeggen",
        "the round is already ending": "de partij loopt al af",
        "{0} already called sabai sabai this round": "{0} heeft deze partij al sabai-sabai gezegd",
        "only the player whose turn it is may call": "alleen de speler die aan de beurt is, mag sabai-sabai zeggen",
        "passing is only for the end of a round": "passen kan alleen aan het einde van een partij",
        "{0} already passed": "{0} heeft al gepast",
        "{field} {value} is not a number": "{field} {value} is geen getal",
        "a drawn Ass Joker cannot be played: keep it": "een getrokken Ass Joker kan niet direct worden gespeeld: hij moet worden gehouden",
        "functions are mandatory when possible": "functies zijn verplicht wanneer dat mogelijk is",
        "{0} has no cards and may not be given one": "{0} heeft geen kaarten en mag er geen krijgen",
        "{0} kept the drawn card in slot {slot}, which holds the Ass Joker they had already seen: it is shown and stays, the drawn card is played; no sanction": "{0} hield de getrokken kaart op plaats {slot}, waar de Ass Joker ligt die {0} al had gezien: die wordt getoond en blijft liggen, de getrokken kaart wordt direct gespeeld; geen sanctie",
        "the record states {stated} cards of the new draw pile, but the discard pile under its top card holds {held}": "het verslag noemt {stated} kaarten voor de nieuwe trekstapel, maar de aflegstapel bevat er onder de bovenste kaart {held}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {1}, who knew it and had priority: {1} threw it in, and {0}'s reach did nothing": "{0} greep naar de kaart van {1} op plaats {slot} op hetzelfde moment als {1}, die de kaart kende en voorrang had: {1} gooide de kaart, en de greep van {0} had geen effect",
        "the record states card {place} from the top of the new draw pile as {face}, its {ordinal} {face}, but the discard pile under its top card holds only {held}": "het verslag noemt als kaart {place} vanaf de bovenkant van de nieuwe trekstapel een {face}, de {nth}e {face}, maar de aflegstapel bevat er onder de bovenste kaart maar {held}",
        "the record states card {place} from the top of the new draw pile as {face}, but the discard pile under its top card holds no {face}": "het verslag noemt als kaart {place} vanaf de bovenkant van de nieuwe trekstapel een {face}, maar de aflegstapel bevat onder de bovenste kaart geen {face}",
        "the card {0} played (event {event})": "de kaart die {0} speelde (gebeurtenis {event})",
        "the card {0} drew (event {event})": "de kaart die {0} trok (gebeurtenis {event})",
        "the card {0} took out of their slot {slot} (event {event})": "de kaart die {0} van de eigen plaats {slot} nam (gebeurtenis {event})",
        "the card {0} gave as compensation from their slot {slot} (event {event})": "de kaart die {0} als compensatie gaf van de eigen plaats {slot} (gebeurtenis {event})",
        "the card {0} gave from their slot {slot} (event {event})": "de kaart die {0} gaf van de eigen plaats {slot} (gebeurtenis {event})",
        "the card in {1}'s slot {slot} that {0} looked at (event {event})": "de kaart van {1} op plaats {slot} die {0} bekeek (gebeurtenis {event})",
        "the card in {0}'s slot {slot} at event {event}": "de kaart van {0} op plaats {slot} bij gebeurtenis {event}",
        "the card {0} threw in from their slot {slot} (event {event})": "de kaart die {0} gooide van de eigen plaats {slot} (gebeurtenis {event})",
        "the card {0} threw in from {1}'s slot {slot} (event {event})": "de kaart die {0} gooide van plaats {slot} van {1} (gebeurtenis {event})",
        "the top card of the discard pile at event {event}": "de bovenste kaart van de aflegstapel bij gebeurtenis {event}",
        "card {depth} below the top of the discard pile at event {event}": "kaart {depth} onder de bovenste kaart van de aflegstapel bij gebeurtenis {event}",
        "a card of the draw pile at event {event}": "een kaart van de trekstapel bij gebeurtenis {event}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {2}, who got it: {0}'s reach did nothing": "{0} greep naar de kaart van {1} op plaats {slot} op hetzelfde moment als {2}, die de kaart kreeg: de greep van {0} had geen effect",
    },
    "fi": {
        "chance decides first: the cards are being dealt": "sattuma päättää ensin: kortteja jaetaan",
        "chance decides first: the discard pile is being shuffled into a new draw pile": "sattuma päättää ensin: poistopinoa sekoitetaan uudeksi pakaksi",
        "chance decides first: the card drawn from the draw pile is not known yet": "sattuma päättää ensin: pakasta nostettua korttia ei vielä tiedetä",
        "chance decides first: the nose race is being settled (who was last?)": "sattuma päättää ensin: Neljä samaa -kilpailua ratkaistaan (kuka oli viimeinen?)",
        "{0} must first answer the offer of first refusal": "pelaajan {0} on ensin vastattava etuoikeuden tarjoukseen",
        "pending effects must be carried out first": "odottavat vaikutukset on suoritettava ensin",
        "there is no owner P{player}": "omistajaa P{player} ei ole",
        "there is no target P{player}": "kohdetta P{player} ei ole",
        "{0} already drew": "{0} on jo nostanut",
        "{0} already played this turn": "{0} on jo pelannut tällä vuorolla",
        "{0} has no card in slot {slot}": "pelaajalla {0} ei ole korttia paikassa {slot}",
        "not an action of this game": "tämä ei ole tämän pelin siirto",
        "there is no player {actor} at this table": "tässä pöydässä ei ole pelaajaa {actor}",
        "the round is over": "kierros on päättynyt",
        "the nose race must be settled first (who was last?)": "Neljä samaa -kilpailu on ratkaistava ensin (kuka oli viimeinen?)",
        "{0} must first give {1} a compensation card": "pelaajan {0} on ensin annettava pelaajalle {1} korvauskortti",
        "the round is ending: throw in or pass": "kierros on päättymässä: tee väliintulo tai passaa",
        "players are still looking at their cards": "pelaajat katsovat vielä korttejaan",
        "it is not {0}'s turn to draw": "nyt ei ole pelaajan {0} vuoro nostaa",
        "{0} holds no drawn card": "pelaajalla {0} ei ole nostettua korttia",
        "{0} has no card in their row to exchange": "pelaajalla {0} ei ole rivissään vaihdettavaa korttia",
        "the dealt cards must not be looked at": "jaettuja kortteja ei saa katsoa",
        "{0} has no cards to look at now": "pelaajalla {0} ei ole nyt katsottavia kortteja",
        "look at exactly {count} different slots of your row, in increasing order": "katso rivistäsi täsmälleen {count} eri paikkaa nousevassa järjestyksessä",
        "look at up to {count} different slots of your row, in increasing order": "katso rivistäsi enintään {count} eri paikkaa nousevassa järjestyksessä",
        "{0} has not just thrown in a wrong card: a card put down on its own is a ThrowIn": "{0} ei ole juuri tehnyt väliintuloa väärällä kortilla: yksinään asetettu kortti on ThrowIn",
        "no card has been played yet this round": "tällä kierroksella ei ole vielä pelattu yhtään korttia",
        "the last card was not just played: a card has been drawn since": "viimeisintä korttia ei pelattu juuri äsken: sen jälkeen on nostettu kortti",
        "{count} cards have been thrown in since the last turn card: the cap of this simulation": "viimeisimmän vuorokortin jälkeen on asetettu väliintuloina {count} korttia: se on tämän simulaation yläraja",
        "{0} threw in a wrong card: another player must throw in correctly first": "{0} teki väliintulon väärällä kortilla: toisen pelaajan on ensin tehtävä oikea väliintulo",
        "only one's own cards may be thrown in": "väliintulon saa tehdä vain omilla korteilla",
        "{0} has no card to give in return": "pelaajalla {0} ei ole korttia annettavaksi vastineeksi",
        "only a card the thrower has seen and its owner has not may be played for them": "omistajan puolesta saa pelata vain kortin, jonka väliintulija on nähnyt mutta omistaja ei",
        "{0} has seen this card: only a card its owner does not know may be played for them": "{0} on nähnyt tämän kortin: omistajan puolesta saa pelata vain kortin, jota omistaja ei tunne",
        "no function is waiting to be carried out": "mikään toiminto ei odota suorittamista",
        "the {function} function is {0}'s to carry out": "toiminnon {function} suorittaa {0}",
        "the function to carry out is {function}": "suoritettava toiminto on {function}",
        "the target must be another player": "kohteen on oltava toinen pelaaja",
        "no compensation card is owed now": "tällä hetkellä ei ole annettavaa korvauskorttia",
        "the compensation card is {0}'s to give": "korvauskortin antaa {0}",
        "{0} has seen the Ass Joker in slot {slot}: it cannot be exchanged": "{0} on nähnyt paikan {slot} Kirotun Jokerin: sitä ei voi vaihtaa",
        "the Ass Joker can never be a compensation card": "Kirottu Jokeri ei voi koskaan olla korvauskortti",
        "no offer of first refusal is open": "etuoikeuden tarjousta ei ole avoinna",
        "the offer is {0}'s to answer": "tarjoukseen vastaa {0}",
        "no nose race is on": "Neljä samaa -kilpailua ei ole käynnissä",
        "sabai sabai cannot be called in the final round": "viimeisessä jaossa ei voi sanoa sabai-sabai",
        "the round is already ending": "kierros on jo päättymässä",
        "{0} already called sabai sabai this round": "{0} on jo sanonut sabai-sabai tällä kierroksella",
        "only the player whose turn it is may call": "vain vuorossa oleva pelaaja saa sanoa sabai-sabai",
        "passing is only for the end of a round": "passata voi vain kierroksen lopussa",
        "{0} already passed": "{0} on jo passannut",
        "{field} {value} is not a number": "{field} {value} ei ole luku",
        "a drawn Ass Joker cannot be played: keep it": "nostettua Kirottua Jokeria ei voi pelata suoraan: se on säilytettävä",
        "functions are mandatory when possible": "toiminnot ovat pakollisia aina kun mahdollista",
        "{0} has no cards and may not be given one": "pelaajalla {0} ei ole kortteja, eikä hänelle saa antaa korttia",
        "{0} kept the drawn card in slot {slot}, which holds the Ass Joker they had already seen: it is shown and stays, the drawn card is played; no sanction": "{0} säilytti nostetun kortin paikassa {slot}, jossa on Kirottu Jokeri, jonka hän oli jo nähnyt: se näytetään ja jää paikalleen, ja nostettu kortti pelataan suoraan; ei seuraamusta",
        "the record states {stated} cards of the new draw pile, but the discard pile under its top card holds {held}": "pelitallenteen mukaan uuden pakan kortteja on {stated}, mutta poistopinon päällimmäisen kortin alla olevia kortteja on {held}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {1}, who knew it and had priority: {1} threw it in, and {0}'s reach did nothing": "{0} tavoitteli pelaajan {1} korttia paikassa {slot} samaan aikaan kuin {1}, joka tunsi kortin ja jolla oli etusija: {1} teki väliintulon sillä, eikä pelaajan {0} tavoittelu vaikuttanut mihinkään",
        "the record states card {place} from the top of the new draw pile as {face}, its {ordinal} {face}, but the discard pile under its top card holds only {held}": "pelitallenteen mukaan uuden pakan {place}. kortti päältä lukien on {face}, pakan {nth}. {face}, mutta poistopinon päällimmäisen kortin alla niitä on vain {held}",
        "the record states card {place} from the top of the new draw pile as {face}, but the discard pile under its top card holds no {face}": "pelitallenteen mukaan uuden pakan {place}. kortti päältä lukien on {face}, mutta poistopinon päällimmäisen kortin alla ei ole yhtään korttia {face}",
        "the card {0} played (event {event})": "kortti, jonka {0} pelasi (tapahtuma {event})",
        "the card {0} drew (event {event})": "kortti, jonka {0} nosti (tapahtuma {event})",
        "the card {0} took out of their slot {slot} (event {event})": "kortti, jonka {0} otti paikastaan {slot} (tapahtuma {event})",
        "the card {0} gave as compensation from their slot {slot} (event {event})": "kortti, jonka {0} antoi korvauksena paikastaan {slot} (tapahtuma {event})",
        "the card {0} gave from their slot {slot} (event {event})": "kortti, jonka {0} antoi paikastaan {slot} (tapahtuma {event})",
        "the card in {1}'s slot {slot} that {0} looked at (event {event})": "pelaajan {1} paikan {slot} kortti, jonka {0} katsoi (tapahtuma {event})",
        "the card in {0}'s slot {slot} at event {event}": "pelaajan {0} paikan {slot} kortti tapahtumassa {event}",
        "the card {0} threw in from their slot {slot} (event {event})": "kortti, jolla {0} teki väliintulon paikastaan {slot} (tapahtuma {event})",
        "the card {0} threw in from {1}'s slot {slot} (event {event})": "kortti, jolla {0} teki väliintulon pelaajan {1} paikasta {slot} (tapahtuma {event})",
        "the top card of the discard pile at event {event}": "poistopinon päällimmäinen kortti tapahtumassa {event}",
        "card {depth} below the top of the discard pile at event {event}": "poistopinon kortti {depth} päällimmäisen alla tapahtumassa {event}",
        "a card of the draw pile at event {event}": "pakan kortti tapahtumassa {event}",
        "{0} reached for {1}'s card in slot {slot} at the same moment as {2}, who got it: {0}'s reach did nothing": "{0} tavoitteli pelaajan {1} korttia paikassa {slot} samaan aikaan kuin {2}, joka sai sen: pelaajan {0} tavoittelu ei vaikuttanut mihinkään",
    },
}
