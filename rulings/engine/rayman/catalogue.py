"""The RaymanTCG rules catalogue: stable ``RAY-…`` ids, our own words, and the passage of
``raymantcg-regles.txt`` each rule comes from.

Where the text is ambiguous the reading we chose is written in the rule's ``interpretation`` and the
number or switch it needs is a flag of the rule set, so changing a reading means changing one place.
"""

from __future__ import annotations

from ..base import Rule, RuleSet
from ..common.catalogue import rule_maker

SOURCE = "raymantcg-regles.txt"

PREMIUM_TERRAINS = {
    "Forêt des Songes": "Terre",
    "Ciel Chromatique": "Air",
    "Montagnes Bleues": "Eau",
    "Cité des Images": "Bon",
    "Caves de Skops": "Feu",
    "Château des Délices": "Mauvais",
}

RULESETS: dict[str, RuleSet] = {
    "standard": RuleSet(
        key="standard",
        title="RaymanTCG rules (raymind.raymanpc.com)",
        description=(
            "The rules page of the RaymanTCG Team: 0 tings at the start, 5000 to win, seven-card opening "
            "hand, one creature, one magic card and one attack per turn, no attack on each player's "
            "first turn."
        ),
        flags={
            "starting_tings": 0,
            "tings_to_win": 5000,
            "opening_hand": 7,
            "draws_per_turn": 1,
            "advantage_damage": 100,
            "creatures_per_turn": 1,
            "magic_cards_per_turn": 1,
            "attacks_per_turn": 1,
            "attack_on_first_turn": False,
            "empty_deck_draw_loses": True,
            # What a deck check needs (the check itself lives with the deck-construction code).
            "deck_size": 60,
            "max_copies": 4,
            "single_copy_types": ("Boss", "Unique", "Invocation"),
            "unlimited_copies": tuple(PREMIUM_TERRAINS),
            "premium_terrains": dict(PREMIUM_TERRAINS),
        },
    )
}
DEFAULT_RULESET = "standard"


_rule = rule_maker(SOURCE)


RULES: tuple[Rule, ...] = (
    _rule(
        "RAY-TINGS-START",
        "Tings start at 0",
        "Both players begin with 0 tings; tings are the score of the game and never go below 0.",
        "Vous commencez la partie avec 0 tings.",
        passage_en="You start the game with 0 tings.",
        interpretation="The text never shows a negative score; a card that makes a player lose tings stops "
        "at 0.",
    ),
    _rule(
        "RAY-WIN-TINGS",
        "5000 tings win",
        "The first player to have 5000 tings or more wins at once.",
        "Le gagnant est le premier à avoir récolté 5000 tings.",
        passage_en="The winner is the first to have collected 5000 tings.",
    ),
    _rule(
        "RAY-WIN-NO-CREATURES",
        "No creature left anywhere",
        "A player who has no creature left in deck, hand or creature zone, while nobody has 5000 tings, "
        "loses: the opponent wins.",
        "Si un joueur détruit toutes les créatures adverses (de façon à ce que l'adversaire n'ait plus de "
        "créatures ni dans son deck, ni dans sa main, ni sur le terrain) et qu'aucun joueur n'a atteint 5000 "
        "tings alors ce joueur gagne la partie.",
        passage_en="If a player destroys all the opposing creatures (so that the opponent has no creatures "
        "left, neither in their deck, nor in their hand, nor on the field) and no player has reached 5000 "
        "tings, then that player wins the game.",
        interpretation="Checked as soon as it arises, whatever removed the last creature. A deck given as a "
        "count above 0 has unknown contents and is taken to still hold creatures; so is a card drawn from "
        "it. If both players run out at once the game is a draw.",
    ),
    _rule(
        "RAY-COMBAT-DAMAGE",
        "Attack beats defence",
        "When the attacking creature's ATK is higher than the attacked creature's DEF, the attacked "
        "creature loses ATK − DEF hit points.",
        "Si la créature attaquante A a plus de points d'attaque que la créature attaquée B n'a de points de "
        "défense, les dégâts infligés par A à B en attaquant sont égaux à : (Att. A) - (Def. B).",
        passage_en="If the attacking creature A has more attack points than the attacked creature B has "
        "defence points, the damage A deals to B by attacking is equal to: (Att. A) - (Def. B).",
    ),
    _rule(
        "RAY-COMBAT-COUNTER",
        "Defence beats attack",
        "When the attacked creature's DEF is higher than the attacker's ATK, the attacker loses DEF − ATK "
        "hit points. Equal values deal no damage either way.",
        "Si la créature attaquée B a plus de points de défense que la créature A qui l'attaque n'a de points "
        "d'attaque, alors la créature A subit des dégâts égaux à : (Def. B) - (Att. A)",
        passage_en="If the attacked creature B has more defence points than the creature A attacking it has "
        "attack points, then creature A takes damage equal to: (Def. B) - (Att. A)",
        interpretation="A creature destroyed by this damage counts as destroyed by the attacked creature: "
        "its controller collects the tings (RAY-TINGS-OVERKILL).",
    ),
    _rule(
        "RAY-HP-DESTROYED",
        "Hit points and destruction",
        "Damage lowers a creature's hit points and the loss stays from one attack to the next; a creature at "
        "0 hit points or fewer is destroyed and goes to its owner's graveyard.",
        "Ces dégâts sont alors soustraits aux PV de la créature adverse. Si, en un ou plusieurs coups, "
        "les PV d'une créature sont ramenés à 0 ou en dessous, alors cette créature est détruite. Elle va au "
        "cimetière.",
        passage_en="This damage is then subtracted from the opposing creature's HP. If, in one or several "
        "blows, a creature's HP are brought down to 0 or below, that creature is destroyed. It goes to the "
        "graveyard.",
        interpretation="A card in the graveyard is listed with its hit points back at their maximum.",
    ),
    _rule(
        "RAY-TINGS-OVERKILL",
        "Tings for a destroyed creature",
        "Destroying an opposing creature in combat earns as many tings as the hit points it ends up below 0 "
        "after the fatal hit (0 tings when it ends at exactly 0).",
        "Le nombre de tings gagnés en détruisant une créature adverse est égal au nombre de points de vie "
        "perdus par la créature adverse en dessous de 0 suite au coup fatal.",
        passage_en="The number of tings won by destroying an opposing creature is equal to the number of "
        "hit points the opposing creature lost below 0 through the fatal blow.",
    ),
    _rule(
        "RAY-DIRECT-ATTACK",
        "Attacking the player",
        "A creature may attack the opposing player only when that player has no creature in their creature "
        "zone; its controller then earns tings equal to the attacker's ATK.",
        "Si le joueur A a une (des) créature(s) dans la zone « créatures » alors que le joueur B n'en a pas, "
        "alors le joueur A peut ordonner à sa (une des ses) créature(s) d'attaquer le joueur adverse "
        "comme une créature ennemie. Le joueur A gagne alors un nombre de tings égal à l'attaque de la "
        "créature qui a attaqué le joueur adverse.",
        passage_en="If player A has one or more creatures in the “creatures” zone while player B has none, "
        "then player A can order their creature (one of their creatures) to attack the opposing player as "
        "it would an enemy creature. Player A then wins a number of tings equal to the attack of the "
        "creature that attacked the opposing player.",
        interpretation="The damage query reports a direct attack's damage to the target as the attacker's "
        "ATK.",
    ),
    _rule(
        "RAY-ABILITY-DAMAGE",
        "Ability damage ignores defence",
        "Damage dealt by a creature's ability to another creature is taken from its hit points in full, "
        "whatever its DEF.",
        "NB : les capacités de créatures provoquant des dégâts à d'autres créatures ne tiennent pas compte "
        "de la défense.",
        passage_en="NB: creature abilities that deal damage to other creatures do not take defence into "
        "account.",
    ),
    _rule(
        "RAY-NO-TINGS-FROM-EFFECTS",
        "No tings from abilities or magic",
        "A creature destroyed by an ability or a magic card earns nobody any tings.",
        "NB : Les capacités ou cartes magiques tuant des créatures ne font gagner aucun ting.",
        passage_en="NB: Abilities or magic cards that kill creatures earn no tings.",
    ),
    _rule(
        "RAY-TINGS-CARDS",
        "Cards that give or take tings",
        "Some cards make a player gain or lose tings; a player never has fewer than 0 tings.",
        "NB : Certaines cartes peuvent faire gagner des tings ou en faire perdre.",
        passage_en="NB: Some cards can make you win or lose tings.",
        interpretation="Modelled by the generic steps gain_tings and lose_tings; the loss stops at 0 "
        "(RAY-TINGS-START).",
    ),
    _rule(
        "RAY-COST-TERRAINS",
        "Terrains pay the cost",
        "A creature or magic card costs a number of terrains: the player must have that many free terrains "
        "and they stay in play. The play action names exactly the terrains that pay.",
        "Une créature coûte (il faut avoir le nombre de terrains requis, mais il ne faut pas les défausser) "
        "un certain nombre de terrains à jouer.",
        passage_en="A creature costs (you must have the required number of terrains, but you do not discard "
        "them) a certain number of terrains to play.",
        interpretation="Naming more terrains than the cost is refused rather than occupying them for "
        "nothing, and the engine never picks the terrains for the player.",
    ),
    _rule(
        "RAY-TERRAIN-OCCUPIED",
        "One card per terrain per turn",
        "A terrain pays for one card per turn and is then occupied; every terrain is free again when a new "
        "turn begins.",
        "Un terrain ne peut servir à jouer qu'une carte par tour. Il est donc mis en position « Occupé ».",
        passage_en="A terrain can be used to play only one card per turn. It is therefore put in the "
        "“Occupied” position.",
    ),
    _rule(
        "RAY-COST-COLOURED",
        "Coloured and colourless costs",
        "A cost may ask for terrains of a given type (Terre, Air, Eau, Bon, Feu, Mauvais), paid only by "
        "terrains of that type, and colourless terrains ('any'), paid by terrains of any type.",
        "Les différents types de terrains premiums sont : Forêt des Songes (Terre), Ciel Chromatique (Air), "
        "Montagnes Bleues (Eau), Cité des Images (Bon), Caves de Skops (Feu) et Château des Délices "
        "(Mauvais). NB : Certaines cartes coûtent un certain nombre de terrains incolores : cela "
        "signifie que n'importe quel terrain peut être joué.",
        passage_en="The different types of premium terrains are: Dream Forest (Earth), Band Land (Air), "
        "Blue Mountains (Water), Picture City (Good), Caves of Skops (Fire) and Candy Château (Evil). NB: "
        "Some cards cost a certain number of colourless terrains: this means that any terrain can be used.",
    ),
    _rule(
        "RAY-PLAY-TERRAIN",
        "Terrains from the hand",
        "During their main phase the turn player may put as many terrains as they like from hand into "
        "the terrain zone; a new terrain is free.",
        "-peut engager (les sort de sa main pour les mettre dans la zone « terrains ») autant de terrains "
        "qu'il veut",
        passage_en="-may engage (take them out of their hand to put them into the “terrains” zone) as many "
        "terrains as they wish",
    ),
    _rule(
        "RAY-ONE-CREATURE",
        "One creature per turn",
        "The turn player may play a single creature per turn, if they have the terrains it needs.",
        "-peut jouer (la mettre dans la zone « créatures ») une seule créature s'il a les terrains "
        "nécessaires",
        passage_en="-may play (put it into the “creatures” zone) a single creature if they have the "
        "necessary terrains",
        interpretation="A creature may attack on the turn it is played: the text sets no such restriction.",
    ),
    _rule(
        "RAY-ONE-MAGIC",
        "One magic card per turn",
        "The turn player may play a single magic card per turn, if they have the terrains it needs.",
        "-peut jouer une seule carte magique s'il a les terrains nécessaires",
        passage_en="-may play a single magic card if they have the necessary terrains",
    ),
    _rule(
        "RAY-ONE-ATTACK",
        "One attack per turn",
        "Each turn the player may order one creature to make one attack, against one creature or the player.",
        "NB : Il peut y avoir plusieurs créatures par joueur sur le terrain. Mais un joueur ne peut ordonner "
        "qu'à une seule créature d'attaquer une seule autre créature qu'une fois par tour.",
        passage_en="NB: There can be several creatures per player on the field. But a player can order only "
        "one creature to attack only one other creature, only once per turn.",
    ),
    _rule(
        "RAY-FIRST-TURN",
        "No attack on a player's first turn",
        "Neither player may attack, nor order a creature to use an ability before attacking, during their "
        "own first turn.",
        "-peut ordonner à une créature engagée qu'il contrôle d'abord d'utiliser une capacité s'il veut et "
        "ensuite d'attaquer, sauf au premier tour de chaque joueur.",
        passage_en="-may order an engaged creature they control first to use an ability if they wish and "
        "then to attack, except on each player's first turn.",
        interpretation="`turn` counts the turns of both players from 1, so turns 1 and 2 are the first "
        "turns of the first and second player. The exception covers the whole order (ability, then attack); "
        "creatures, magic cards and terrains may be played on a first turn. Ability damage given without a "
        "`source` creature is a card effect and is not restricted.",
    ),
    _rule(
        "RAY-ABILITY-BEFORE-ATTACK",
        "Abilities before the attack",
        "The turn player orders abilities first and the attack after: once they have attacked this turn, "
        "their creatures use no more abilities.",
        "-peut ordonner à une créature engagée qu'il contrôle d'abord d'utiliser une capacité s'il veut et "
        "ensuite d'attaquer, sauf au premier tour de chaque joueur.",
        passage_en="-may order an engaged creature they control first to use an ability if they wish and "
        "then to attack, except on each player's first turn.",
        interpretation="Read as the order of the whole turn ('d'abord ... ensuite'), not only of the "
        "attacking creature. It binds abilities given with a `source` creature; ability damage without a "
        "source is a card effect and is not restricted.",
    ),
    _rule(
        "RAY-POWERS",
        "Powers are mandatory",
        "A power (=>) always applies; its controller cannot refuse it. The engine applies the powers it "
        "models (the advantage) by itself.",
        "Les pouvoirs sont représentés par : => [...] Ce sont des capacités que vous ne pouvez pas refuser.",
        passage_en="Powers are shown by: => [...] They are abilities you cannot refuse.",
    ),
    _rule(
        "RAY-ADVANTAGE",
        "Advantage between equals",
        "A creature with the advantage power that meets a creature of the same power in combat wins the "
        "tie: it deals 100 damage when attacking it, and the attacker deals itself 100 damage when it "
        "attacks the creature with the advantage.",
        "NB : Certains pouvoirs stipulent « X a l'avantage contre une créature de la même puissance que "
        "lui ». Cela signifie que si une créature A (ayant l'avantage) a 1000 att. / 1000 def. / et une "
        "créature B (n'ayant pas l'avantage) a 1000 att. / 1000 def. / alors en attaquant B, A lui inflige "
        "100 dégâts et en attaquant A, B s'inflige 100 dégâts.",
        passage_en="NB: Some powers state “X has the advantage against a creature of the same strength as "
        "itself”. This means that if a creature A (having the advantage) has 1000 att. / 1000 def. / and a "
        "creature B (not having the advantage) has 1000 att. / 1000 def. /, then when attacking B, A deals "
        "it 100 damage, and when attacking A, B deals itself 100 damage.",
        interpretation="'Same power' is read as the combat being a tie: the attacker's ATK equals the "
        "attacked creature's DEF. The advantage damage is a fixed 100 (the example's figure; flag "
        "advantage_damage), not a share of the values. When both creatures have the advantage they cancel "
        "out.",
    ),
    _rule(
        "RAY-ABILITY-ONCE",
        "Abilities are optional, once per turn",
        "An ability (Capacité >) is used only if its controller wants, at most once per turn per creature; "
        "an ability marked (U) can be used only once in the game.",
        "Vous pouvez choisir de les joueur ou pas (au maximum une fois par tour ; la mention (U) stipule que "
        "cette capacité n'est utilisable qu'une fois).",
        passage_en="You can choose to play them or not (at most once per turn; the mention (U) states that "
        "this ability can be used only once).",
        interpretation="Tracked on the creature using it (the `source` of ability_damage): "
        "ability_used_this_turn, and unique_ability_used when its ability is marked (U) (unique_ability). A "
        "creature that leaves the field loses both marks.",
    ),
    _rule(
        "RAY-STATS-FLOOR",
        "ATK and DEF never below 0",
        "No effect can bring a creature's ATK or DEF below 0: a lowering that would do so leaves it at 0.",
        "/!\\ À la suite de capacités ou de n'importe quelle manipulation, l'attaque et la défense d'une "
        "créature A ne peuvent pas descendre en dessous de 0. Toute manipulation faisant baisser l'attaque "
        "et/ou la défense d'une créature en dessous de 0 ramène l'attaque et/ou la défense à 0.",
        passage_en="/!\\ As a result of abilities or of any manipulation, a creature A's attack and defence "
        "cannot go below 0. Any manipulation lowering a creature's attack and/or defence below 0 brings the "
        "attack and/or defence back to 0.",
    ),
    _rule(
        "RAY-MAGIC",
        "Magic cards",
        "Magic cards cost terrains like creatures but never fight. An ephemeral magic card resolves at "
        "once and goes to the graveyard; a permanent one stays in the magic zone as long as its controller "
        "wants, and its effect ends once it leaves that zone.",
        "Les cartes magiques coûtent elles aussi des terrains, mais elles ne peuvent pas combattre. [...] "
        "Certaines cartes magiques se jouent en un tour et vont au cimetière (éphémères). [...] D'autres "
        "peuvent être laissées aussi longtemps que le veut le joueur les contrôlant (permanentes). Si une "
        "carte permanente n'est plus dans la zone « cartes magiques » [...] son effet cesse.",
        passage_en="Magic cards cost terrains too, but they cannot fight. [...] Some magic cards are played "
        "in one turn and go to the graveyard (ephemeral). [...] Others can be left for as long as the "
        "player controlling them wishes (permanent). If a permanent card is no longer in the “magic cards” "
        "zone [...] its effect ends.",
        interpretation="A magic card carries magic_type ephemeral or permanent; the effect itself is "
        "modelled by the generic steps that follow it (ability_damage, destroy, modify_stats, gain_tings, "
        "lose_tings).",
    ),
    _rule(
        "RAY-TURN",
        "The turn",
        "Only the turn player acts. A turn runs draw, main (terrains, one creature, one magic card), "
        "attack (abilities, then one attack) and end; ending the turn hands it to the opponent.",
        "Lors de son tour le joueur : -pioche 1 carte dans son deck (celle du dessus, les cartes étant face "
        "cachée)",
        passage_en="During their turn the player: -draws 1 card from their deck (the top one, the cards "
        "being face-down)",
        interpretation="Terrains, creatures and magic cards are played in the main phase, attacks in the "
        "attack phase, abilities in either. Entering the draw phase draws at once (draw_done) and the turn "
        "waits there until next_phase, as in the other games of the site.",
    ),
    _rule(
        "RAY-DRAW",
        "Draw one card",
        "At the start of each of their turns, including the first, the player draws the top card of their "
        "deck.",
        "-pioche 1 carte dans son deck (celle du dessus, les cartes étant face cachée) -la met dans sa main "
        "(avec les 7 premières cartes ; ne pas les montrer à l'adversaire)",
        passage_en="-draws 1 card from their deck (the top one, the cards being face-down) -puts it into "
        "their hand (with the first 7 cards; do not show them to the opponent)",
    ),
    _rule(
        "RAY-DECK-OUT",
        "Drawing from an empty deck",
        "A player who must draw from an empty deck loses the game.",
        "-pioche 1 carte dans son deck (celle du dessus, les cartes étant face cachée)",
        passage_en="-draws 1 card from their deck (the top one, the cards being face-down)",
        interpretation="The text does not say what happens when the deck is empty. We follow the common "
        "reading of card games (and of the situation contract): the draw is mandatory, and a player who "
        "cannot make it loses. Flag empty_deck_draw_loses.",
    ),
    _rule(
        "RAY-OPENING-HAND",
        "Seven-card opening hand",
        "Each player starts the game by drawing seven cards; a coin toss decides who starts.",
        "Au début de la partie, chaque joueur tire 7 cartes (et les met dans sa main). Le joueur qui "
        "commence est désigné à pile ou face.",
        passage_en="At the start of the game, each player draws 7 cards (and puts them into their hand). "
        "The player who starts is decided by a coin toss.",
    ),
    _rule(
        "RAY-DECK-SIZE",
        "60-card deck",
        "A deck has 60 cards.",
        "Un deck doit être composé de 60 cartes.",
        passage_en="A deck must be made up of 60 cards.",
        interpretation="Read as exactly 60 (flag deck_size).",
    ),
    _rule(
        "RAY-DECK-COPIES",
        "Four copies, one for Boss, Unique and Invocation",
        "A deck holds at most four copies of the same card, and a single copy of a Boss, Unique or "
        "Invocation card.",
        "/!\\ Vous pouvez mettre jusqu'à 4 cartes identiques dans votre deck. Mais il y a des exceptions. "
        "Vous ne pouvez mettre une carte de type Boss, Unique et Invocation qu'en un seul exemplaire dans "
        "votre deck.",
        passage_en="/!\\ You can put up to 4 identical cards in your deck. But there are exceptions. You "
        "can put a Boss, Unique or Summon card in your deck only as a single copy.",
        interpretation="Cards are identical when they share a name (flags max_copies, single_copy_types).",
    ),
    _rule(
        "RAY-DECK-PREMIUM-TERRAINS",
        "Premium terrains without limit",
        "The six premium terrains may be included in any number, within the 60 cards; other terrains "
        "follow the four-copy limit.",
        "/!\\ Vous pouvez mettre autant de terrains que vous voulez (sans dépasser la limite des 60 cartes), "
        "tant qu'il s'agit des 6 terrains premium.",
        passage_en="/!\\ You can put as many terrains as you like (without going over the 60-card limit), "
        "as long as they are the 6 premium terrains.",
        interpretation="Flag unlimited_copies lists the six premium terrain names.",
    ),
    _rule(
        "RAY-GAME-OVER",
        "The game is over",
        "Once a player has won (or the game is drawn), no further action is possible.",
        "Le gagnant est le premier à avoir récolté 5000 tings.",
        passage_en="The winner is the first to have collected 5000 tings.",
    ),
)

CATALOGUE: dict[str, Rule] = {rule.id: rule for rule in RULES}
