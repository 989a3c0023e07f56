"""The Yu-Gi-Oh! rules catalogue: stable ids, our own words, and the passage each rule comes from.

Sources are the French rule texts in ``/work/shared/rules`` (``yugioh-reglement.txt``, an older full
rulebook; ``yugioh-phase-de-bataille.txt``, the current Battle Phase) and ``official-rules-notes.md``
(today's official rules, where the old text differs). The two rule sets are flags over one engine.
"""

from __future__ import annotations

from ..base import Rule, RuleSet

REGLEMENT = "yugioh-reglement.txt"
BATAILLE = "yugioh-phase-de-bataille.txt"
NOTES = "official-rules-notes.md"

RULESETS: dict[str, RuleSet] = {
    "current": RuleSet(
        key="current",
        title="Current TCG rules",
        description=(
            "Today's official TCG rules (Master Rule 3 onwards): the first player skips the draw of turn 1, "
            "each player has their own Field Zone, only the turn player discards down to 6 at their End "
            "Phase, and two 0-ATK monsters battling each other are not destroyed."
        ),
        flags={
            "first_player_draws": False,
            "shared_field_spell": False,
            "hand_limit_any_player": False,
            "zero_atk_tie_destroys": False,
            "hand_limit": 6,
            "segoc": True,
            "monster_effects_speed_1": False,
        },
    ),
    "classic": RuleSet(
        key="classic",
        title="Classic rulebook",
        description=(
            "The older rulebook of yugioh-reglement.txt: the first player draws on turn 1, one Field Spell "
            "for the whole field, the hand limit applies to any player with more than 6 cards at the end "
            "of a turn, and two 0-ATK Attack Position monsters destroy each other like any ATK tie."
        ),
        flags={
            "first_player_draws": True,
            "shared_field_spell": True,
            "hand_limit_any_player": True,
            "zero_atk_tie_destroys": True,
            "hand_limit": 6,
            "segoc": False,
            "monster_effects_speed_1": True,
        },
    ),
}
DEFAULT_RULESET = "current"


def _rule(
    id: str,
    title: str,
    summary: str,
    source: str,
    passage: str,
    passage_en: str = "",
    *,
    rulesets: tuple[str, ...] = (),
    interpretation: str = "",
) -> Rule:
    if source == NOTES:  # the notes are English: their quote is its own translation
        passage_en = passage_en or passage
    return Rule(id, title, summary, source, passage, rulesets, interpretation, passage_en)


_RULES = [
    _rule(
        "YGO-TURN-PHASES",
        "Phases of a turn",
        "A turn goes through the Draw, Standby, Main 1, Battle, Main 2 and End Phases, in that order; "
        "the turn player moves from one to the next, and after the End Phase the opponent's turn begins.",
        REGLEMENT,
        "dans son tour le joueur éxécute 7 phases distinctes de jeu. […] Le tour de l'adversaire peut ainsi "
        "commencer avec sa draw phase et ainsi de suite",
        "in their turn the player goes through 7 distinct phases of play. […] The opponent's turn can then "
        "begin with their Draw Phase, and so on",
        interpretation="The text counts damage calculation as a phase; we treat it as part of the Battle "
        "Phase, as the current Battle Phase text does.",
    ),
    _rule(
        "YGO-TURN-PLAYER",
        "What only the turn player does",
        "Only the turn player summons, Sets, changes positions, attacks, activates Normal Spells and moves "
        "to the next phase; the opponent can only respond with Quick-Play Spells and Traps.",
        REGLEMENT,
        "le joueur ne peut jouer ses cartes magiques normales uniquement durant son tour, et non pendant le "
        "tour de l'adversaire",
        "the player can play their Normal Spell cards only during their own turn, and not during the "
        "opponent's turn",
    ),
    _rule(
        "YGO-DRAW",
        "The draw of the Draw Phase",
        "The turn player draws exactly one card on entering their Draw Phase; it is mandatory.",
        REGLEMENT,
        "On tire toujours 1 et seulement 1 carte pendant sa draw phase.",
        "You always draw 1 and only 1 card during your Draw Phase.",
    ),
    _rule(
        "YGO-DRAW-FIRST-TURN-SKIP",
        "No draw on the first turn",
        "The player who goes first skips the draw of the first turn of the duel.",
        NOTES,
        "Turn 1: the first player has no Battle Phase and skips the draw (Master Rule 3: OCG March 2014, "
        "TCG July 2014).",
        rulesets=("current",),
    ),
    _rule(
        "YGO-DRAW-FIRST-TURN-CLASSIC",
        "The first player draws on turn 1",
        "Under the older rulebook the first player draws on the first turn too, starting with six cards.",
        REGLEMENT,
        "Le joueur doit tirer une carte c'est obligatoire, donc au 1er tour on commence avec 6 cartes dans "
        "les mains, 5 du début + 1 de la draw phase.",
        "The player must draw a card, it is mandatory, so on the 1st turn you start with 6 cards in your "
        "hand: the 5 from the start + 1 from the Draw Phase.",
        rulesets=("classic",),
    ),
    _rule(
        "YGO-DECK-OUT",
        "Losing by deck-out",
        "A player loses when they must draw (Draw Phase or a card effect) and their deck has no card left. "
        "An empty deck alone is not a loss: only the required draw is.",
        REGLEMENT,
        "Un joueur perd la partie si il n'a plus de cartes à tirer et qu'il est obligé de tirer des cartes "
        "(à la Draw Phase, effet d'une carte, etc..).",
        "A player loses the game if they have no cards left to draw and they are required to draw cards (in "
        "the Draw Phase, by a card's effect, etc.).",
    ),
    _rule(
        "YGO-NS-ONCE",
        "One Normal Summon or Set per turn",
        "Each turn a player may Normal Summon or Set one monster, not both; Tribute Summons and Sets count "
        "as that one summon.",
        REGLEMENT,
        "Vous ne pouvez faire qu'1 seule invocation ou set par tour.",
        "You can make only 1 Summon or Set per turn.",
    ),
    _rule(
        "YGO-NS-MAIN-PHASE",
        "Normal Summons and Sets in the Main Phases",
        "A monster is Normal Summoned or Set only during its controller's Main Phase 1 or 2, with an open "
        "Monster Zone and no chain in progress.",
        REGLEMENT,
        "Faire un normal summon est l'action de poser un monstre en mode attaque face vers le haut durant "
        "la main phase 1 ou 2.",
        "A Normal Summon is the act of placing a monster face-up in Attack Position during Main Phase 1 or "
        "2.",
    ),
    _rule(
        "YGO-NS-POSITIONS",
        "Positions of Normal Summons and Sets",
        "A Normal Summon puts the monster face-up in Attack Position; a Set puts it face-down in Defense "
        "Position.",
        REGLEMENT,
        "Faire un set est l'action de poser un monstre en mode défense face cachée durant la main phase 1 "
        "ou 2.",
        "A Set is the act of placing a monster face-down in Defense Position during Main Phase 1 or 2.",
    ),
    _rule(
        "YGO-TRIBUTE-COUNT",
        "How many Tributes",
        "A monster of Level 4 or lower needs no Tribute; Level 5 or 6 needs one; Level 7 or more needs two "
        "(counted in monsters). The Tribute is required for a Set as well as a Summon.",
        REGLEMENT,
        "(Sacrifier 1 ou 2 monstres pour en appeller un plus puissant). […] Si un monstre est supérieur au "
        "level 4, vous devez faire une invocation sacrifice obligatoirement.",
        "(Tribute 1 or 2 monsters to call a more powerful one). […] If a monster is above Level 4, you must "
        "make a Tribute Summon.",
        interpretation="The French text only says a monster above Level 4 needs a Tribute; the counts come "
        "from the official notes.",
    ),
    _rule(
        "YGO-TRIBUTE-OWN",
        "What can be Tributed",
        "Tributes are monsters you control, chosen among your occupied Monster Zones; they go to the "
        "Graveyard.",
        REGLEMENT,
        "Vous ne pouvez sacrifier que vos monstres ou ceux que vous contrôlez […] Les monstres sacrifiés "
        "sont détruits et vont au cimmetière.",
        "You can Tribute only your own monsters or the ones you control […] Tributed monsters are destroyed "
        "and go to the Graveyard.",
    ),
    _rule(
        "YGO-FLIP-SUMMON",
        "Flip Summon",
        "In a Main Phase the turn player may turn a face-down Defense Position monster face-up in Attack "
        "Position. It does not use the turn's Normal Summon.",
        REGLEMENT,
        "L'invocation flip ou invocation par retournement est l'action de passer un monstre posé en "
        "défense face cachée en mode attaque face vers le haut. […] L'invocation flip ne compte pas dans "
        "votre seule invocation ou set par tour.",
        "A Flip Summon is the act of changing a monster Set face-down in Defense Position to face-up Attack "
        "Position. […] A Flip Summon does not count as your one Summon or Set per turn.",
    ),
    _rule(
        "YGO-FLIP-SUMMON-NOT-SET-TURN",
        "No Flip Summon on the turn of the Set",
        "A monster cannot be Flip Summoned during the turn it was Set.",
        REGLEMENT,
        "Un monstre qui a été set (posé face cachée) ne peux pas être retourné durant le tour ou il a été "
        "posé.",
        "A monster that was Set (placed face-down) cannot be flipped during the turn it was placed.",
    ),
    _rule(
        "YGO-FLIP-BY-ATTACK",
        "A face-down monster that is attacked",
        "A face-down monster that is attacked is turned face-up in Defense Position before damage "
        "calculation, and stays face-up if it survives. This flip is not a summon.",
        REGLEMENT,
        "Lorsque un monstre face cachée est attaqué, il se retourne en mode défense face visible, et s'il "
        "survit à l'attaque il reste face visible en mode défense",
        "When a face-down monster is attacked, it is turned face-up in Defense Position, and if it survives "
        "the attack it stays face-up in Defense Position",
    ),
    _rule(
        "YGO-SPECIAL-SUMMON",
        "Special Summons",
        "A Special Summon (by an effect) does not use the Normal Summon, needs no Tribute unless the card "
        "says so, puts the monster face-up in Attack or Defense Position, and needs an open Monster Zone. "
        "The monster may attack that turn.",
        REGLEMENT,
        "Le spécial summon ne compte pas pour la seul invocation ou set par tour […] Un monstre invoqué "
        "spécialement est toujours face vers le haut, au choix en attaque ou en défense.",
        "A Special Summon does not count as the one Summon or Set per turn […] A Special Summoned monster "
        "is always face-up, in Attack or Defense Position as you choose.",
    ),
    _rule(
        "YGO-FUSION-SUMMON",
        "Fusion Summon with Polymerization",
        "Activating Polymerization sends the Fusion Materials from the hand and/or the field to the "
        "Graveyard and Special Summons the Fusion Monster from the Extra Deck. A card listing "
        '"materials" needs exactly those monsters; otherwise any two or more monsters.',
        REGLEMENT,
        "pour pouvoir fusionner un monstre il vous faut : Les monstres à fusionner. La carte "
        "polymerisation. Les cartes pour la fusion peuvent être : Toutes dans votre main. Une partie sur le "
        "terrain et l'autre dans votre main. Toutes sur le terrain.",
        "to Fusion Summon a monster you need: The monsters to be fused. The Polymerization card. The cards "
        "for the Fusion can be: All in your hand. Some on the field and the rest in your hand. All on the "
        "field.",
    ),
    _rule(
        "YGO-FUSION-EXTRA-DECK",
        "Fusion Monsters live in the Extra Deck",
        "A Fusion Monster is never in the hand: it cannot be Normal Summoned or Set, and it comes to the "
        "field only by a Fusion Summon from the Extra Deck.",
        REGLEMENT,
        "Les cartes monstre fusion (violettes) ne sont JAMAIS dans la main du joueur.",
        "Fusion Monster cards (purple) are NEVER in the player's hand.",
    ),
    _rule(
        "YGO-MONSTER-ZONES",
        "Five Monster Zones",
        "A player has five Monster Zones; a monster can be summoned or Set only into an empty one.",
        NOTES,
        "Setup: 8000 LP; lose at 0 (LP never below 0)",
        interpretation="The five zones are the board of every rulebook; the spec's state lists them.",
    ),
    _rule(
        "YGO-POSITION-ONCE",
        "One position change per turn",
        "The turn player may change a monster's battle position manually once per turn, in a Main Phase.",
        REGLEMENT,
        "Un monstre ne peut changer qu'1 seule fois par tour de position de combat (défense ou attaque) "
        "sauf si ce changement est dû à l'effet d'une carte.",
        "A monster can change its battle position (Defense or Attack) only once per turn, unless the change "
        "is due to a card's effect.",
    ),
    _rule(
        "YGO-POSITION-NOT-ARRIVAL-TURN",
        "No position change on the turn it arrived",
        "A monster cannot change position on the turn it was Normal, Flip or Special Summoned or Set.",
        REGLEMENT,
        "Un monstre ne peut pas changer de position le tour ou il a été, Invoqué, Invoqué par Flip, Posé "
        "ou Invoqué Spécialement.",
        "A monster cannot change its position on the turn it was Summoned, Flip Summoned, Set or Special "
        "Summoned.",
    ),
    _rule(
        "YGO-POSITION-NOT-AFTER-ATTACK",
        "No position change after attacking",
        "A monster that attacked this turn cannot change position afterwards.",
        REGLEMENT,
        "Une fois qu'un monstre a attaqué, il ne peut plus changer de position",
        "Once a monster has attacked, it can no longer change its position",
    ),
    _rule(
        "YGO-POSITION-FACE-DOWN",
        "Face-down monsters are turned up only by a Flip Summon",
        "A manual position change only switches a face-up monster between Attack and Defense; a face-down "
        "monster can only be Flip Summoned.",
        REGLEMENT,
        "Un monstre qui est posé face cachée ne peut jamais être retourné en mode défense par le joueur. "
        "Quand on retourne un de ses monstres pendant son tour, c'est toujours en mode attaque.",
        "A monster that is Set face-down can never be flipped into Defense Position by the player. When you "
        "flip one of your monsters during your turn, it is always into Attack Position.",
    ),
    _rule(
        "YGO-BP-NOT-FIRST-TURN",
        "No Battle Phase on the first turn",
        "The player who goes first has no Battle Phase on the first turn of the duel: from Main Phase 1 "
        "they go to the End Phase.",
        BATAILLE,
        "Une phase de combat peut être menée à chaque tour (sauf pour le premier tour du duel) après que le "
        "joueur du tour a terminé sa phase principale 1.",
        "A Battle Phase can be conducted every turn (except the first turn of the Duel) after the turn "
        "player has finished their Main Phase 1.",
    ),
    _rule(
        "YGO-BP-SKIP",
        "Skipping the Battle Phase",
        "Entering the Battle Phase is optional; a player who does not enter it goes from Main Phase 1 "
        "straight to the End Phase, without Main Phase 2.",
        BATAILLE,
        "Si vous choisissez de ne pas entrer dans votre phase de combat après la fin de votre phase "
        "principale 1, vous devez passer immédiatement à la phase finale sans entrer dans votre phase "
        "principale 2.",
        "If you choose not to enter your Battle Phase after the end of your Main Phase 1, you must go "
        "immediately to the End Phase without entering your Main Phase 2.",
    ),
    _rule(
        "YGO-BP-MULTIPLE",
        "More than one Battle Phase in a turn",
        "Only a card effect grants another Battle Phase in a turn (the operation extra_battle_phase, in its "
        "controller's own turn): it comes after Main Phase 2, each monster may attack once in it, and Main "
        "Phase 2 follows it again before the End Phase.",
        BATAILLE,
        "sont les seules cartes pouvant accorder plusieurs phases de bataille en un tour.",
        "are the only cards that can grant several Battle Phases in one turn.",
        interpretation=(
            "The text only says that cards grant several Battle Phases. Where the other one comes (after "
            "Main Phase 2, then Main Phase 2 again) and that attacks are counted per Battle Phase are the "
            "official rulings of those cards, which we follow."
        ),
    ),
    _rule(
        "YGO-SKIP-PHASE",
        "A phase skipped by a card effect",
        "A phase a card effect skips is not entered: the turn moves on to the next one; when Main Phase 1 "
        "is skipped the turn player goes from the Standby Phase to the Battle Phase, or chooses the End "
        "Phase instead. An effect can skip a phase later in the turn or in a player's next turn: it applies "
        "when that player's turn reaches the phase.",
        BATAILLE,
        'Si un effet de carte ignore votre phase principale 1, telle que celle de "Timeater", vous ne devez '
        "pas entrer dans votre phase de bataille à partir de votre phase de veille, vous pouvez choisir de "
        "saisir votre phase finale à la place.",
        'If a card effect skips your Main Phase 1, such as that of "Timeater", you do not have to enter '
        "your Battle Phase from your Standby Phase: you can choose to enter your End Phase instead.",
        interpretation=(
            "Which turn a skip applies to is the card's wording (\u201cyour next Battle Phase\u201d, "
            "\u201cyour opponent's next Main Phase 1\u201d): skip_phase names the player whose next such "
            "phase is skipped; without a player, the turn player's, now or later in this turn."
        ),
    ),
    _rule(
        "YGO-SKIP-MAIN-AND-BATTLE",
        "Main Phase 1 and the Battle Phase both skipped",
        "When card effects skip both Main Phase 1 and the Battle Phase of a turn, there is no Main Phase 2: "
        "the turn goes straight to the End Phase.",
        BATAILLE,
        "si Card Effects ignore votre phase principale et votre phase de combat pendant le même tour, vous "
        "ne pouvez pas entrer dans votre phase principale 2 et vous devez au contraire passer immédiatement "
        "à votre phase finale.",
        "if card effects skip your Main Phase and your Battle Phase in the same turn, you cannot enter your "
        "Main Phase 2 and must instead go immediately to your End Phase.",
    ),
    _rule(
        "YGO-ATTACK-BATTLE-PHASE",
        "Attacks happen in the Battle Phase",
        "The turn player declares attacks only during their Battle Phase, with no chain in progress.",
        BATAILLE,
        "La phase de bataille est la phase dans laquelle les batailles sont menées.",
        "The Battle Phase is the phase in which battles are conducted.",
    ),
    _rule(
        "YGO-ATTACK-POSITION",
        "Only Attack Position monsters attack",
        "Only a face-up Attack Position monster can declare an attack.",
        REGLEMENT,
        "pour chaque monstre en position d'attaque, le joueur designe une cible et attaque.",
        "for each monster in Attack Position, the player chooses a target and attacks.",
    ),
    _rule(
        "YGO-ATTACK-ONCE",
        "One attack per monster",
        "Each monster can attack once per turn, on its own; monsters cannot join their attacks.",
        REGLEMENT,
        "Les monstres attaquent 1 par 1 individuellement, il est impossbile de regrouper les monstres afin "
        "de porter une attaque plus puissante.",
        "Monsters attack 1 by 1, individually; it is impossible to group monsters together to make a more "
        "powerful attack.",
    ),
    _rule(
        "YGO-ATTACK-DIRECT",
        "Direct attacks",
        "A monster can attack the opponent directly only when the opponent controls no monster; the "
        "opponent then takes damage equal to the attacker's ATK. While the opponent controls a monster, "
        "an attack must target one of them.",
        REGLEMENT,
        "si un joueur attaque et qu'il n'y a pas de monstre en face, c'est ce qu'on appelle une attaque "
        "directe […] le joueur receveur de l'attaque reçoit directement l'ATK du monstre en points de "
        "dégats.",
        "if a player attacks and there is no monster facing it, this is what is called a direct attack […] "
        "the player receiving the attack takes the monster's ATK directly as damage.",
    ),
    _rule(
        "YGO-BATTLE-ATK-VS-ATK",
        "Attack Position against Attack Position",
        "When two Attack Position monsters battle, the one with lower ATK is destroyed and its controller "
        "takes the difference as battle damage.",
        REGLEMENT,
        "Celui qui a l'ATK la plus faible est détruit et le joueur vaincu reçoit la différence des deux ATK "
        "comme points de dégats.",
        "The one with the lower ATK is destroyed and the defeated player takes the difference between the "
        "two ATKs as damage.",
    ),
    _rule(
        "YGO-BATTLE-ATK-TIE",
        "Equal ATK",
        "Two Attack Position monsters with the same ATK destroy each other and nobody takes damage.",
        REGLEMENT,
        "Si les deux monstres ont la même ATK les deux monstres sont détruits et aucun point de dégat n'est "
        "reçu par les joueurs.",
        "If both monsters have the same ATK, both monsters are destroyed and neither player takes any "
        "damage.",
    ),
    _rule(
        "YGO-BATTLE-ZERO-ATK",
        "Two monsters with 0 ATK",
        "When two Attack Position monsters with 0 ATK battle: under the current rules neither is "
        "destroyed; under the classic rulebook they destroy each other like any ATK tie. No damage either "
        "way.",
        NOTES,
        "YGO 0 ATK vs 0 ATK: the old TCG reading destroyed both; now neither is destroyed (EDOPro too): a "
        "rule-set flag.",
    ),
    _rule(
        "YGO-BATTLE-ATK-VS-DEF-HIGHER",
        "ATK above the DEF of a Defense Position monster",
        "When the attacker's ATK is higher than the DEF of a Defense Position monster, that monster is "
        "destroyed and nobody takes damage.",
        REGLEMENT,
        "Si l'ATK du monstre attaquant est supérieure à la DEF du défenseur, le monstre en défense est "
        "détruit, et aucun point de dégat n'est reçu par les joueurs.",
        "If the attacking monster's ATK is higher than the defender's DEF, the monster in Defense Position "
        "is destroyed, and neither player takes any damage.",
    ),
    _rule(
        "YGO-BATTLE-ATK-VS-DEF-EQUAL",
        "ATK equal to DEF",
        "When the attacker's ATK equals the DEF of a Defense Position monster, nothing happens: both stay "
        "and nobody takes damage.",
        REGLEMENT,
        "Si l'ATK est égale à la DEF, il ne se passe rien.",
        "If the ATK equals the DEF, nothing happens.",
    ),
    _rule(
        "YGO-BATTLE-ATK-VS-DEF-LOWER",
        "ATK below DEF",
        "When the attacker's ATK is lower than the DEF of a Defense Position monster, the attacker's "
        "controller takes the difference and no monster is destroyed.",
        REGLEMENT,
        "Si l'ATK du monstre attaquant est inférieure à la DEF du défenseur, on calcule la différence entre "
        "les deux et le joueur qui attaque reçoit les points de dégats. Aucun monstre n'est alors détruit.",
        "If the attacking monster's ATK is lower than the defender's DEF, the difference between the two is "
        "calculated and the attacking player takes it as damage. No monster is destroyed.",
    ),
    _rule(
        "YGO-LP-ZERO",
        "Losing at 0 LP",
        "Life Points never go below 0; a player whose LP reach 0 loses the duel.",
        NOTES,
        "Setup: 8000 LP; lose at 0 (LP never below 0); both at 0 together → draw.",
    ),
    _rule(
        "YGO-LP-BOTH-ZERO",
        "Both players at 0",
        "When both players' LP reach 0 at the same time, the duel is a draw.",
        NOTES,
        "Setup: 8000 LP; lose at 0 (LP never below 0); both at 0 together → draw.",
    ),
    _rule(
        "YGO-GAME-OVER",
        "After the end of the duel",
        "Once the duel is over (a loss or a draw), no further action can be taken.",
        NOTES,
        "Setup: 8000 LP; lose at 0 (LP never below 0); both at 0 together → draw.",
    ),
    _rule(
        "YGO-SPELL-TRAP-ZONES",
        "Five Spell & Trap Zones",
        "Spells (other than Field Spells) and Traps are activated or Set into one of the player's five "
        "Spell & Trap Zones; with no empty zone, none can be activated from the hand or Set. A spell "
        "always takes a zone on its owner's side, even when it equips an opponent's monster.",
        REGLEMENT,
        "Vous n'avez pas le droit de jouer une carte magique si vous n'avez pas un emplacement Magic/trap "
        "de libre.",
        "You may not play a Spell card if you do not have a free Spell/Trap Zone.",
    ),
    _rule(
        "YGO-SPELL-NORMAL",
        "Normal, Continuous, Equip and Field Spells",
        "Spell Speed 1 Spells (Normal, Continuous, Equip, Field, Ritual) are activated only in the "
        "activating player's own Main Phase, as the first link of a chain.",
        REGLEMENT,
        "les cartes magiques normales peuvent être jouées uniquement durant votre propre tour.",
        "Normal Spell cards can be played only during your own turn.",
    ),
    _rule(
        "YGO-SPELL-QUICK-PLAY",
        "Quick-Play Spells",
        "A Quick-Play Spell is activated from the hand during its owner's turn in any phase, or, once "
        "Set, during either player's turn from the next turn on.",
        REGLEMENT,
        "Excepté quand elles ont un icône Quick play […] les cartes magiques ne peuvent pas être jouées "
        "pendant "
        "le tour de votre adversaire",
        "Except when they have a Quick-Play icon […] Spell cards cannot be played during your opponent's "
        "turn",
        interpretation="Current official rule: from the hand only on one's own turn; a Set Quick-Play "
        "cannot be activated the turn it was Set.",
    ),
    _rule(
        "YGO-SPELL-RESOLVED",
        "Where a Spell or Trap goes after resolving",
        "Normal and Quick-Play Spells and Normal and Counter Traps go to the Graveyard once resolved; "
        "Continuous, Equip and Field cards stay on the field.",
        REGLEMENT,
        "Quand l'effet est résolu, la carte va directement au cimmetière.",
        "When the effect has resolved, the card goes straight to the Graveyard.",
    ),
    _rule(
        "YGO-EQUIP-FACE-UP",
        "Equip only a face-up monster",
        "An Equip Spell targets a face-up monster on the field (yours or your opponent's); it can never "
        "equip a face-down monster.",
        REGLEMENT,
        "Une carte équipement ne peut jamais être attachée à un monstre face cachée.",
        "An Equip card can never be attached to a face-down monster.",
    ),
    _rule(
        "YGO-EQUIP-LEAVES",
        "An Equip Spell follows its monster",
        "When the equipped monster leaves the field, each Equip Spell equipped to it is sent to the "
        "Graveyard.",
        REGLEMENT,
        "Si le monstre quitte le jeu (détruit, il retourne dans la main, il est sorti du jeu) alors toutes "
        "les cartes d'équipement attachées à ce monstre sont détruites.",
        "If the monster leaves play (destroyed, returned to the hand, removed from play), then all the "
        "Equip cards attached to that monster are destroyed.",
    ),
    _rule(
        "YGO-EQUIP-MODIFIERS",
        "ATK and DEF changes of an Equip Spell",
        "While equipped, an Equip Spell's atk_modifier and def_modifier are added to the monster's ATK and "
        "DEF (never below 0); several Equip Spells add up.",
        REGLEMENT,
        "Il est possible d'attacher plusieurs cartes équipement à un même monstre tant que vous avez un "
        "emplacement de libre (5 max).",
        "Several Equip cards can be attached to the same monster as long as you have a free zone (5 max).",
    ),
    _rule(
        "YGO-FIELD-SPELL-OWN-ZONE",
        "One Field Zone per player",
        "Each player has their own Field Zone; activating a new Field Spell sends that player's previous "
        "one to the Graveyard and leaves the opponent's in place.",
        NOTES,
        "YGO Field Spells: before MR3 there was one for the whole field (a new one destroyed either "
        "player's). Now each player has their own zone.",
        rulesets=("current",),
    ),
    _rule(
        "YGO-FIELD-SPELL-GLOBAL",
        "One Field Spell for the whole field",
        "Under the classic rulebook only one Field Spell can be active on the whole field: a new one, "
        "whoever plays it, destroys the one already there.",
        REGLEMENT,
        "Il ne doit y avoir qu'1 seule carte magique terrain active sur le terrain global […] Si vous ou "
        "votre opposant jouez une carte magique terrain et qu'il y en a déjà une active, celle-ci est "
        "détruite et la nouvelle prend sa place.",
        "There must be only 1 active Field Spell card on the whole field […] If you or your opponent plays "
        "a Field Spell card while one is already active, that one is destroyed and the new one takes its "
        "place.",
        rulesets=("classic",),
    ),
    _rule(
        "YGO-TRAP-SET-FIRST",
        "Traps are Set first",
        "A Trap can never be activated from the hand: it must be Set first.",
        REGLEMENT,
        "Les cartes pièges ne peuvent jamais être jouées directement de votre main.",
        "Trap cards can never be played directly from your hand.",
    ),
    _rule(
        "YGO-TRAP-NOT-SET-TURN",
        "Not on the turn it was Set",
        "A Trap (and a Set Quick-Play Spell) cannot be activated during the turn it was Set.",
        REGLEMENT,
        "Vous pouvez jouer une carte piège pendant votre tour, à condition que ce ne soit pas le tour ou "
        "elle a été posée.",
        "You can play a Trap card during your turn, provided it is not the turn in which it was Set.",
    ),
    _rule(
        "YGO-SET-SPELL-TRAP",
        "Setting a Spell or Trap",
        "During their Main Phase the turn player may Set Spells and Traps face-down into empty Spell & "
        "Trap Zones, as many as there are zones (a Field Spell is Set in the Field Zone).",
        REGLEMENT,
        "Une carte magique peut être set ( posée face cachée ) sur le terrain",
        "A Spell card can be Set (placed face-down) on the field",
    ),
    _rule(
        "YGO-CHAIN-SPEED-1",
        "Spell Speed 1 starts a chain",
        "Spell Speed 1 cards (Normal, Continuous, Equip, Field and Ritual Spells, monster effects) can "
        "only be Chain Link 1: nothing can be activated in response with them.",
        NOTES,
        "SS1 (Normal/Equip/Field/Continuous/Ritual Spells, Ignition and Trigger effects) can only be Chain "
        "Link 1.",
    ),
    _rule(
        "YGO-CHAIN-RESPONSE",
        "Who may respond to what",
        "A response must have a Spell Speed of at least 2 and at least that of the link it answers: Spell "
        "Speed 2 (Quick-Play Spells, Normal and Continuous Traps) answers Spell Speed 1 or 2; only Spell "
        "Speed 3 (Counter Traps) answers a Counter Trap.",
        REGLEMENT,
        "On ne peut contrer une carte de Vitesse I qu'avec une vitesse II ou III et une vitesse II qu'avec "
        "une vitesse III. La seule exception et que les counter traps (Vitesse III) ne peuvent être "
        "contrées qu'avec une counter trap.",
        "A Speed I card can be countered only with a Speed II or III, and a Speed II only with a Speed III. "
        "The only exception is that Counter Traps (Speed III) can be countered only with a Counter Trap.",
        interpretation="The official rules (notes) also let Spell Speed 2 answer Spell Speed 2; we follow "
        "them in both rule sets.",
    ),
    _rule(
        "YGO-CHAIN-LAST-LINK",
        "Respond to the last link",
        "A new chain link answers the last link of the chain in progress; while a chain is open, only "
        "responses to it can be made.",
        NOTES,
        "SS2 (Quick-Play, Normal/Continuous Traps, Quick Effects) answers SS1 or SS2.",
    ),
    _rule(
        "YGO-CHAIN-RESOLVE",
        "Chains resolve last in, first out",
        "When no player adds a link, the chain resolves from the last link to the first.",
        NOTES,
        "Chains resolve last in, first out.",
    ),
    _rule(
        "YGO-HAND-LIMIT",
        "Hand limit at the End Phase",
        "At the end of their turn, the turn player with more than 6 cards in hand discards down to 6 — no "
        "more. The turn cannot end before that discard.",
        NOTES,
        "End Phase: the turn player discards down to 6.",
        rulesets=("current",),
    ),
    _rule(
        "YGO-HAND-LIMIT-ANY-PLAYER",
        "Hand limit for any player (classic)",
        "Under the classic rulebook, any player holding more than 6 cards at the end of a turn discards "
        "down to 6 before the turn ends.",
        REGLEMENT,
        "Si vous avez plus de 6 cartes à la fin de votre tour (end phase), vous devez choisir et envoyer au "
        "cimmetière le nombre nécéssaire de cartes pour que vous n'en ayez plus que 6, mais ne pas en "
        "envoyer davantage.",
        "If you have more than 6 cards at the end of your turn (End Phase), you must choose and send to the "
        "Graveyard as many cards as needed so that you have only 6 left, but send no more than that.",
        rulesets=("classic",),
        interpretation="The French text says 'votre tour'; the notes report that rulebook v8.0 applied the "
        "limit to any player, which is the reading the classic rule set keeps.",
    ),
    _rule(
        "YGO-NO-VOLUNTARY-DISCARD",
        "No discarding without a reason",
        "A player cannot send a card from the hand or the field to the Graveyard for no reason; the only "
        "discard the rules ask for is the hand-limit discard of the End Phase.",
        REGLEMENT,
        "IL est interdit de jeter une carte de la main au cimmetière volontairement sans aucune raison.",
        "It is forbidden to send a card from the hand to the Graveyard voluntarily, for no reason.",
    ),
    _rule(
        "YGO-EFFECT-DAMAGE",
        "Damage and Life Points from effects",
        "An effect that inflicts damage lowers LP (never below 0); damage to both players is simultaneous, "
        "so both reaching 0 is a draw. Gaining LP raises them.",
        NOTES,
        "Setup: 8000 LP; lose at 0 (LP never below 0); both at 0 together → draw.",
    ),
    _rule(
        "YGO-EFFECT-MOVE",
        "Cards moved by effects",
        "Effects the judge models (destroy, send to the Graveyard, draw, mill) move cards between zones; a "
        "destroyed monster goes to the Graveyard, a draw from an empty deck is a deck-out.",
        REGLEMENT,
        "Si un monstre fusion est détruit, il va au cimmetière.",
        "If a Fusion Monster is destroyed, it goes to the Graveyard.",
    ),
    # --- the Battle Phase step by step, effects, chains and triggers (issue 16) ---
    _rule(
        "YGO-BP-STEPS",
        "The four steps of the Battle Phase",
        'With step-by-step battle ("battle_steps": true) the Battle Phase has a Start Step, a Battle Step '
        "(attack declarations and the window to respond to them), a Damage Step for each attack that goes "
        "on, and an "
        "End Step; both players pass to move from one to the next.",
        BATAILLE,
        "La Battle Phase est divisée en quatre étapes [...] Les étapes de début, de bataille et de fin ont "
        "toujours "
        "lieu pendant chaque phase de bataille",
        "The Battle Phase is divided into four steps [...] The Start, Battle and End Steps always take "
        "place in every Battle Phase",
    ),
    _rule(
        "YGO-PASS",
        "Both players pass",
        "The game moves on only when both players pass: an open chain resolves, waiting triggers go on a "
        "chain, "
        "or the battle goes to its next step. Passing with nothing to resolve outside step-by-step battle is "
        "next_phase.",
        BATAILLE,
        "jusqu'à ce que les deux joueurs acceptent de quitter l'étape de bataille.",
        "until both players agree to leave the Battle Step.",
    ),
    _rule(
        "YGO-DS-STEPS",
        "The timings of the Damage Step",
        "The Damage Step happens only for an attack that goes on; it runs start of the Damage Step, before "
        "damage "
        "calculation, damage calculation, after damage calculation, end of the Damage Step, then back to the "
        "Battle Step.",
        BATAILLE,
        "L'étape de dégâts ne se produit que si l'attaque d'un monstre est réussie",
        "The Damage Step happens only if a monster's attack is successful",
        interpretation="The text names the Damage Step and its damage calculation; its five timings are the "
        "official rules'.",
    ),
    _rule(
        "YGO-DS-DAMAGE-CALCULATION",
        "Damage calculation",
        "Damage calculation is part of the Damage Step: a face-down target is flipped, the battle is "
        "calculated and "
        "the monsters it destroys go to the Graveyard; nothing is activated during the calculation itself.",
        BATAILLE,
        "Étape de dommages (y compris le calcul des dommages)",
        "Damage Step (including damage calculation)",
    ),
    _rule(
        "YGO-BP-REPLAY",
        "Replay",
        "If the number of monsters the defending player controls changes between the attack declaration and "
        "the "
        "Damage Step, the attack is replayed: the attacker may attack again, choose another target, or not "
        "attack. If the attacker leaves the field or its Attack Position, the attack ends.",
        BATAILLE,
        "L'étape de dégâts ne se produit que si l'attaque d'un monstre est réussie",
        "The Damage Step happens only if a monster's attack is successful",
        interpretation=(
            "The replay is the official rule; the text only says the Damage Step follows a successful "
            "attack. A target that left the field while the count stayed the same ends the attack too."
        ),
    ),
    _rule(
        "YGO-BP-END-BY-EFFECT",
        "An effect that ends the Battle Phase",
        "An effect that ends the Battle Phase (end_battle_phase) moves the game at once to the End Step; "
        "the attack "
        "in progress ends.",
        BATAILLE,
        'Si un effet de carte termine la phase de bataille (tel que "Battle Fader"), il devient '
        "immédiatement "
        "l'étape de fin",
        'If a card effect ends the Battle Phase (such as "Battle Fader"), it immediately becomes the End '
        "Step",
    ),
    _rule(
        "YGO-DS-ACTIVATION",
        "What may be activated in the Damage Step",
        "During the Damage Step only these can be activated: effects of Spell Speed 2 or more that change "
        "ATK or "
        "DEF, mandatory effects, Counter Traps, effects that negate an activation, and triggers on a card "
        "moving, "
        "flipping or changing position.",
        BATAILLE,
        "Au cours de la phase de dommage, seules les cartes avec les effets suivants peuvent être activées",
        "During the Damage Step, only cards with the following effects can be activated",
    ),
    _rule(
        "YGO-DS-ATK-DEF",
        "Damage Step: ATK/DEF changes",
        "A Spell Speed 2 or 3 effect that changes ATK or DEF can be activated in the Damage Step.",
        BATAILLE,
        "Spell Speed 2 Effets qui modifient ATK ou DEF",
        "Spell Speed 2 effects that modify ATK or DEF",
    ),
    _rule(
        "YGO-DS-MANDATORY",
        "Damage Step: mandatory effects",
        "A mandatory effect (a mandatory trigger, a flip effect) activates in the Damage Step.",
        BATAILLE,
        "Effets obligatoires",
        "Mandatory effects",
    ),
    _rule(
        "YGO-DS-COUNTER-TRAP",
        "Damage Step: Counter Traps",
        "A Counter Trap can be activated in the Damage Step.",
        BATAILLE,
        "Contrer les cartes pièges",
        "Counter Trap cards",
    ),
    _rule(
        "YGO-DS-NEGATION",
        "Damage Step: negations",
        "An effect that negates the activation of a card or effect can be activated in the Damage Step.",
        BATAILLE,
        "Effets de monstres et de pièges qui annulent l'activation d'une carte ou d'un effet.",
        "Monster and Trap effects that negate the activation of a card or effect.",
    ),
    _rule(
        "YGO-DS-MOVE-TRIGGER",
        "Damage Step: triggers on a card moving, flipping or changing position",
        "A trigger effect that answers a card moving to another place, being flipped (flip effects "
        "included) or "
        "changing its battle position can be activated in the Damage Step.",
        BATAILLE,
        "si cet effet s'active en réponse au déplacement de la carte vers un autre emplacement, au "
        "retournement "
        "(y compris les effets de retournement) ou à la modification de la position de combat.",
        "if that effect activates in response to the card being moved to another place, being flipped "
        "(including Flip effects) or having its battle position changed.",
    ),
    _rule(
        "YGO-EFFECT-OPS",
        "What an effect does",
        "An effect does what its operations say, from a closed list (destroy, negate, banish, return, change "
        "position or control, modify ATK/DEF, draw, damage, gain LP, special summon, discard, end the Battle "
        "Phase, skip a phase), in order, when its chain link resolves; an operand no longer there does "
        "nothing.",
        REGLEMENT,
        "Vitesse I : Les effets des cartes monstres.",
        "Speed I: the effects of monster cards.",
        interpretation="The vocabulary is ours: a judge describes a card text with these operations.",
    ),
    _rule(
        "YGO-EFFECT-IGNITION",
        "Ignition effects",
        "An ignition effect is Spell Speed 1: its controller activates it in their Main Phase, from a "
        "face-up "
        "card, as Chain Link 1 only.",
        NOTES,
        "SS1 (Normal/Equip/Field/Continuous/Ritual Spells, Ignition and Trigger effects) can only be Chain "
        "Link 1.",
    ),
    _rule(
        "YGO-EFFECT-QUICK",
        "Quick effects",
        "A quick effect is Spell Speed 2: it can be activated in either player's turn and in response to a "
        "Spell "
        "Speed 1 or 2 link.",
        NOTES,
        "SS2 (Quick-Play, Normal/Continuous Traps, Quick Effects) answers SS1 or SS2.",
    ),
    _rule(
        "YGO-EFFECT-CONTINUOUS",
        "Continuous effects are not activated",
        "A continuous effect applies while its card is face-up on the field and stops when the card leaves "
        "it or is face-down; it is never activated and never starts a chain. Its ATK/DEF changes count in "
        "damage calculation.",
        NOTES,
        "SS1 (Normal/Equip/Field/Continuous/Ritual Spells, Ignition and Trigger effects) can only be Chain "
        "Link 1.",
        interpretation=(
            "The notes list the Spell Speeds of what is activated; continuous effects are not in the "
            "list because they are not activated (official rules)."
        ),
    ),
    _rule(
        "YGO-EFFECT-COST",
        "Costs",
        "A cost (paying LP, discarding) is paid when the effect is activated, before anyone responds; an "
        "effect whose "
        "cost cannot be paid cannot be activated.",
        NOTES,
        "SS1 (Normal/Equip/Field/Continuous/Ritual Spells, Ignition and Trigger effects) can only be Chain "
        "Link 1.",
        interpretation="Costs are the official rules'; the texts do not describe them.",
    ),
    _rule(
        "YGO-TRIGGER-EFFECT",
        "Trigger effects",
        "A trigger effect activates when its event happens (a summon, a card destroyed or sent to the "
        "Graveyard, an "
        "attack declaration...), at Spell Speed 1: a mandatory one must be activated, an optional one ('you "
        "can') "
        "may be.",
        NOTES,
        "SS1 (Normal/Equip/Field/Continuous/Ritual Spells, Ignition and Trigger effects) can only be Chain "
        "Link 1.",
    ),
    _rule(
        "YGO-TRIGGER-SEGOC",
        "Simultaneous triggers (SEGOC)",
        "Triggers of the same event go on one chain in this order: the turn player's mandatory ones, the "
        "opponent's mandatory ones, the turn player's optional ones, the opponent's optional ones; then the "
        "chain "
        "resolves last in, first out.",
        NOTES,
        "Chains resolve last in, first out.",
        rulesets=("current",),
        interpretation=(
            "The order (SEGOC, Simultaneous Effects Go On Chain) is today's official rule; the texts "
            "only give the resolution order."
        ),
    ),
    _rule(
        "YGO-TRIGGER-CLASSIC-ORDER",
        "Triggers in the classic rulebook",
        "The classic rulebook has no order for simultaneous triggers: they go on the chain in the order "
        "their "
        "events happened, and every monster effect is Spell Speed 1.",
        REGLEMENT,
        "Vitesse I : Les effets des cartes monstres.",
        "Speed I: the effects of monster cards.",
        rulesets=("classic",),
        interpretation="No SEGOC in the old text: we keep the order in which the events happened.",
    ),
    _rule(
        "YGO-CLASSIC-MONSTER-SPEED-1",
        "Monster effects are Spell Speed 1 (classic)",
        "Under the classic rulebook every monster effect is Spell Speed 1: a monster's quick effect can only "
        "start a chain, never answer a link.",
        REGLEMENT,
        "Vitesse I : Les effets des cartes monstres.",
        "Speed I: the effects of monster cards.",
        rulesets=("classic",),
        interpretation="Today's rules give quick effects Spell Speed 2 (current rule set); the old text puts "
        "every monster effect at Spell Speed 1.",
    ),
    _rule(
        "YGO-MISS-TIMING",
        "Missing the timing",
        "An optional trigger worded 'when … you can' is activated only if its event was the last thing to "
        "happen; "
        "if something else happened after it (a later link of the chain resolving, a later step of the same "
        "effect), it misses the timing. 'If … you can' and mandatory triggers never miss it.",
        NOTES,
        "Chains resolve last in, first out.",
        interpretation=(
            "Missing the timing is today's official rule; the texts do not describe it. We apply it in "
            "both rule sets. What happened last is read from the action or chain that caused the event; a "
            "spent card going to the Graveyard after it resolves does not count, and consecutive "
            "operations of the same kind in one effect (destroy A and B) happen at the same time."
        ),
    ),
    _rule(
        "YGO-FLIP-EFFECT",
        "Flip effects",
        "A flip effect activates whenever the monster is turned face-up (Flip Summon, attack, effect) and is "
        "mandatory unless it says 'you can'; when the monster was flipped by an attack, the effect resolves "
        "after "
        "damage calculation, even if the monster was destroyed.",
        REGLEMENT,
        "Si un monstre est Flip parcequ'il est attaqué pendant la battle phase, on resoud l'effet après le "
        "calcul "
        "des dégats, même si le monstre est détruit, on applique toujours l'effet.",
        "If a monster is flipped because it is attacked during the Battle Phase, its effect is resolved "
        "after damage calculation; even if the monster is destroyed, the effect is still applied.",
    ),
    _rule(
        "YGO-NEGATE",
        "Negating an activation or an effect",
        "An effect that negates answers the link before it: that link does not resolve. A negated "
        "activation of a "
        "Spell or Trap sends the card to the Graveyard.",
        REGLEMENT,
        "on ne peut donc contrer une carte qu'avec une autre carte d'une vitesse supérieure.",
        "so a card can be countered only with another card of a higher speed.",
    ),
    _rule(
        "YGO-NEGATE-SUMMON",
        "Negating a summon",
        "A summon can be negated only right after it, while the monster is being summoned and before "
        "anything else "
        "is done; the negated monster goes to the Graveyard and its summon triggers do not activate.",
        REGLEMENT,
        "On définit un summon par un des événements suivants.",
        "A Summon is defined as one of the following events.",
        interpretation="The summon negation window is the official rules'; the text defines the summons.",
    ),
    _rule(
        "YGO-FUSION-RETURNS-EXTRA",
        "A Fusion Monster returns to the Extra Deck",
        "A Fusion Monster that an effect would return to the hand goes back to the Extra Deck instead.",
        REGLEMENT,
        "Si sous l'effet d'une carte, le monstre fusion doit retourner dans la main du joueur, il va, à la "
        "place "
        "sur le tas de cartes fusion sur le terrain.",
        "If, under a card's effect, the Fusion Monster must return to the player's hand, it goes instead to "
        "the pile of Fusion cards on the field.",
    ),
]

CATALOGUE: dict[str, Rule] = {rule.id: rule for rule in _RULES}
