"""The Arrows rules catalogue: stable ``ARR-…`` ids, our own words, and the passage of
``arrows-combats-de-monstres.txt`` each rule comes from.

The text covers monster combat only; what it leaves open (the board's geometry, what an arrow is,
life points, the draw) is decided here, each reading written in its rule's ``interpretation`` and
the number it needs kept as a rule-set flag.
"""

from __future__ import annotations

from ..base import Rule, RuleSet
from ..common.catalogue import rule_maker

SOURCE = "arrows-combats-de-monstres.txt"

RULESETS: dict[str, RuleSet] = {
    "standard": RuleSet(
        key="standard",
        title="Arrows monster-combat rules",
        description=(
            "The 'Règles des Combats de Monstres' text: attacker and defender lines, arrows that flip "
            "monsters on placement or move, ATK/DEF/RET effects, damage to players, life points halved "
            "rounding up, turn effects at the very end of the end phase."
        ),
        flags={
            "line_spaces": 3,
            "attack_on_placement_turn": False,
            "empty_deck_draw_loses": True,
            "draws_per_turn": 1,
        },
    )
}
DEFAULT_RULESET = "standard"


_rule = rule_maker(SOURCE)


RULES: tuple[Rule, ...] = (
    _rule(
        "ARR-LINES",
        "Attacker and defender lines",
        "Each player's monsters stand in two lines, attackers in front and defenders behind, each with a "
        "fixed number of spaces. A monster is placed from the hand into a free space of either line and "
        "may later move to the other line.",
        "Un Monstre ne peut attaquer que depuis la ligne d'Attaquant.",
        passage_en="A Monster can attack only from the Attacker line.",
        interpretation="Each line has `line_spaces` spaces: as the state says, else as many as its longest "
        "line lists, and at least 3 (flag line_spaces); a line is listed space by space, an empty space "
        "being null. Placing and moving take the first free space unless the action names a `space`. "
        "Monsters are placed and moved in the main phase, in any number.",
    ),
    _rule(
        "ARR-ATTACK-PHASE",
        "Combat in the attack phase",
        "Monsters fight during the attack phase of their controller's turn.",
        "Lors de la Phase d'Attaque, les combats de Monstres sont déclenchés.",
        passage_en="During the Attack Phase, Monster combats are triggered.",
    ),
    _rule(
        "ARR-NO-ATTACK-PLACED",
        "No attack on the turn a monster is placed",
        "A monster cannot attack on the turn it was placed, unless a card says otherwise.",
        "Un ou plusieurs Monstres joués ne peuvent pas attaquer le tour où ils sont posés (sauf précision "
        "dans l'effet ou sur la carte).",
        passage_en="One or more Monsters played cannot attack on the turn they are placed (unless stated "
        "otherwise in the effect or on the card).",
        interpretation="placed_this_turn marks it; it clears when the turn ends.",
    ),
    _rule(
        "ARR-NO-ATTACK-SUMMONED",
        "No attack on the turn a monster is summoned",
        "A monster summoned (normally or specially) from the hand or the graveyard cannot attack that turn, "
        "unless a card says otherwise.",
        "Un Monstre invoqué (Normalement ou Spécialement) depuis la Main ou le Cimetière ne peut pas "
        "attaquer le tour de son invocation (sauf précision dans l'effet ou sur la carte).",
        passage_en="A Monster summoned (Normally or Specially) from the Hand or the Graveyard cannot attack "
        "on the turn it is summoned (unless stated otherwise in the effect or on the card).",
        interpretation="`place` accepts a card from the hand or from the graveyard (a special summon by an "
        "effect); both mark the monster placed_this_turn. So does a monster arriving by a flip or a steal.",
    ),
    _rule(
        "ARR-ATTACKER-LINE",
        "Attacks come from the attacker line",
        "Only a monster in the attacker line can attack.",
        "Un Monstre ne peut attaquer que depuis la ligne d'Attaquant.",
        passage_en="A Monster can attack only from the Attacker line.",
        interpretation="An attacker may target any monster of the opponent (either line), or the player "
        "under ARR-DIRECT-ATTACK.",
    ),
    _rule(
        "ARR-FULL-ATTACKER-LINE",
        "Defenders attack a full attacker line",
        "When the opponent's monsters occupy every space of their attacker line, defenders may attack too, "
        "but only the opponent's attacking monsters.",
        "Si l'adversaire possède tous les espaces d'Attaquant du Plateau, alors exceptionnellement les "
        "monstres Défenseurs pourront attaquer les Monstres Attaquants adverses.",
        passage_en="If the opponent holds all the Attacker spaces of the Board, then, exceptionally, "
        "Defender monsters may attack the opposing Attacker Monsters.",
    ),
    _rule(
        "ARR-DESTROYED-GRAVEYARD",
        "Destroyed monsters go to the graveyard",
        "A destroyed monster goes to its owner's graveyard, unless a card says otherwise.",
        "Un Monstre détruit est envoyé au cimetière (sauf effet de carte).",
        passage_en="A destroyed Monster is sent to the graveyard (unless a card effect says otherwise).",
        interpretation="In the graveyard it keeps no damage, no effect bonus and no turn marks.",
    ),
    _rule(
        "ARR-EFFECTS-BEFORE-ARROWS",
        "ATK and DEF effects before arrows",
        "When a monster is placed, its own ATK and DEF effects apply first, then its RET effect, and only "
        "then do its arrows act.",
        "Les effets ATK et DEF se déclenchent avant l'activation des flèches.",
        passage_en="ATK and DEF effects trigger before the arrows are activated.",
        interpretation='A monster card may carry `effects` ({"atk": n, "def": n, "ret": n}) that '
        "apply to itself when it is placed.",
    ),
    _rule(
        "ARR-EFFECTS-ONCE",
        "Each effect triggers once",
        "A card's ATK effect, DEF effect and RET effect can each be triggered only once.",
        "Les effets de carte (ATK , DEF , RET ) ne peuvent être déclenché qu'une seule fois chacun.",
        passage_en="Card effects (ATK, DEF, RET) can each be triggered only once.",
        interpretation="Tracked on the card whose effect it is (`effects_used`); a card effect given "
        "without a source card (a magic card, which leaves play) is not tracked.",
    ),
    _rule(
        "ARR-RET-STACK",
        "RET effects stack",
        "RET effects received by a monster add up; ATK and DEF effects do not: a monster carries one ATK "
        "effect and one DEF effect at a time, a new one replacing the previous.",
        "Les effets RET sont cumulables.",
        passage_en="RET effects stack.",
        interpretation="Saying that RET effects stack is read as setting them apart from ATK and DEF "
        "effects, which therefore replace each other (atk_bonus, def_bonus) while RET effects add up "
        "(ret_bonus). A RET effect strengthens the monster's arrows.",
    ),
    _rule(
        "ARR-FLIP",
        "Arrows flip monsters",
        "When a player places a monster in, or moves a monster to, their attacker line, it faces the "
        "opponent's monster in the same space of the opponent's attacker line; if its arrows are stronger, "
        "that monster is flipped: it changes side.",
        "Pour qu'un Monstre soit retourné par une flèche (pose de la main ou déplacement d'une ligne à "
        "l'autre), il faut que ce soit son tour de jeu.",
        passage_en="For a Monster to be flipped by an arrow (placed from the hand or moved from one line to "
        "the other), it must be its own turn of play.",
        interpretation="The text does not describe the board. Our model: `arrows` is a number, the strength "
        "of the arrows a monster points at the monster facing it (a list of arrow directions counts one per "
        "arrow), plus its ret_bonus; the two attacker lines face each other space by space; defenders face "
        "nothing. A flipped monster is taken by the flipping player (a steal, ARR-STOLEN-RESET) into the "
        "first free space of their defender line, else of their attacker line; with no free space it is not "
        "flipped. Equal arrows flip nothing.",
    ),
    _rule(
        "ARR-FLIP-OWN-TURN",
        "Only the acting player's arrows flip",
        "Only the monster placed or moved, during its controller's turn, flips with its arrows: a monster "
        "that moves in front of a stronger arrow is not flipped, and it is not flipped later either, since "
        "only a placement or a move flips.",
        "Par exemple : Le joueur déplace un Monstre de sa ligne de Défenseur à sa ligne d'Attaquant et fait "
        "face à une flèche supérieure, le Monstre n'est pas retourné. Il n'est pas non plus retourné lorsque "
        "viendra le tour de l'adversaire car il faut une action de pose ou de déplacement si l'on veut "
        "retourner une carte.",
        passage_en="For example: The player moves a Monster from their Defender line to their Attacker line "
        "and it faces a higher arrow: the Monster is not flipped. Nor is it flipped when the opponent's "
        "turn comes, because a placing or moving action is needed to flip a card.",
    ),
    _rule(
        "ARR-ONE-ATTACK",
        "One attack per monster",
        "Each monster attacks once per turn, unless a card says otherwise.",
        "Les attaques de Monstres sont limitées (Chaque Monstre attaque une seule fois sauf effet de "
        "cartes).",
        passage_en="Monster attacks are limited (each Monster attacks only once unless a card effect says "
        "otherwise).",
    ),
    _rule(
        "ARR-DEFENDER-MOVED",
        "A defender moved to the attacker line may attack",
        "A defender that moves to the attacker line may attack that turn, a monster or the player as the "
        "situation allows.",
        "Un Monstre Défenseur qui passe en Attaquant peut attaquer directement un Monstre ou le joueur "
        "adverse (selon la situation)",
        passage_en="A Defender Monster that becomes an Attacker can directly attack a Monster or the "
        "opposing player (depending on the situation)",
        interpretation="A move is not a placement: it leaves placed_this_turn unchanged.",
    ),
    _rule(
        "ARR-DIRECT-ATTACK",
        "Attacking the player",
        "A monster may attack the opponent's life points only when the opponent has no monster in their "
        "defender line; the player loses life points equal to the attacker's ATK.",
        "Pour attaquer les points de vie du joueur, l'adversaire ne doit pas avoir de Monstres en Défenseur.",
        passage_en="To attack the player's life points, the opponent must have no Monsters as Defenders.",
    ),
    _rule(
        "ARR-COMBAT-DAMAGE",
        "Combat damages the players",
        "When a monster attacks a monster, the player whose monster is beaten loses the difference: when "
        "the attacker's ATK is above the target's DEF, the target's controller loses ATK − DEF life points.",
        "Les attaques de Monstres entre eux inflige des dommages aux joueurs (cf : Structure du tour-phase "
        "d'attaque).",
        passage_en="Attacks between Monsters deal damage to the players (see: Turn structure – attack "
        "phase).",
        interpretation="The section it points to is not in our text; we read it symmetrically with the "
        "stated case of a higher DEF (ARR-DEF-HIGHER).",
    ),
    _rule(
        "ARR-DEF-HIGHER",
        "Defence above attack",
        "When the target's DEF is above the attacker's ATK, the attacking monster is destroyed and its "
        "controller loses DEF − ATK life points.",
        "Si un Monstre attaque un Monstre dont la défense est supérieure à l'attaque : Détruit le Monstre "
        "attaquant et inflige la différence aux points de vie du joueur.",
        passage_en="If a Monster attacks a Monster whose defence is higher than the attack: the attacking "
        "Monster is destroyed and the difference is dealt to the player's life points.",
    ),
    _rule(
        "ARR-EQUAL",
        "Equal attack and defence",
        "When the attacker's ATK equals the target's DEF, neither monster is destroyed and no player takes "
        "damage.",
        "Deux Monstres dont l'attaque et la défense serait égal ne se détruisent pas et n'infligent pas de "
        "dégâts aux joueurs",
        passage_en="Two Monsters whose attack and defence are equal do not destroy each other and deal no "
        "damage to the players",
    ),
    _rule(
        "ARR-DAMAGE-ACCUMULATES",
        "Damage to a monster accumulates",
        "A monster that is attacked takes the attacker's ATK as damage, added to the damage it already took; "
        "it is destroyed only when that total is above its DEF.",
        "Un monstre prenant des dégâts est détruit uniquement si la somme des dégâts infligés est supérieure "
        "à ses points de défense, sinon rien ne se passe.",
        passage_en="A monster taking damage is destroyed only if the total damage dealt to it is higher "
        "than its defence points; otherwise nothing happens.",
        interpretation="damage_taken keeps the total from one turn to the next while the monster stays in "
        "play; effects add to it with damage_monster.",
    ),
    _rule(
        "ARR-TURN-EFFECTS",
        "Turn effects at the very end",
        "Effects that happen 'at the end of the turn' resolve at the very end of the end phase, as the turn "
        "is handed over.",
        "Les effets de tour s'activent à la fin de la phase de fin de tour.",
        passage_en="Turn effects activate at the end of the end-of-turn phase.",
        interpretation="They wait in the state's `turn_effects` (added by inflict_damage or halve_lp with "
        "at_end_of_turn: true) and resolve in order when the turn ends.",
    ),
    _rule(
        "ARR-MONSTER-PRIORITY",
        "Monster effects before magic",
        "When monster effects and magic-card effects are due together, the monster effects resolve first.",
        "Les effets de Monstres sont prioritaires sur les cartes Magies.",
        passage_en="Monster effects take priority over Magic cards.",
        interpretation="Applied to the turn effects waiting for the end of the turn: those of monsters "
        "resolve before those of magic cards, each group in the order it was added.",
    ),
    _rule(
        "ARR-HALVE-ROUND-UP",
        "Halving life points rounds up",
        "An effect that halves a player's life points (or takes half of them) leaves the higher half: "
        "15 becomes 8. Life points are always whole.",
        "Les effets de division de points de vie se font toujours à moyenne haute de +1. Par exemple, les "
        "points de vie du joueur sont de 15 et se déclenche un effet lui retirant la moitié de ses points de "
        "vie (ou les divise par 2), le joueur n'aura pas 7.5 points de vie mais 8.",
        passage_en="Effects that divide life points always round up (+1). For example, the player's life "
        "points are 15 and an effect triggers that takes away half of their life points (or divides them by "
        "2): the player will not have 7.5 life points but 8.",
    ),
    _rule(
        "ARR-STOLEN-RESET",
        "A stolen monster loses its ATK and DEF effects",
        "When a monster is stolen and changes side, the ATK and DEF effects on it are cancelled: its ATK and "
        "DEF return to their values without them.",
        "Lorsqu'un monstre est volé et change de camp ses effets d'attaque et de défense sont réinitialisés.",
        passage_en="When a monster is stolen and changes sides, its attack and defence effects are reset.",
        interpretation="Its RET bonus, its damage and the record of effects it already triggered stay; it "
        "arrives on its new side as a monster placed this turn.",
    ),
    _rule(
        "ARR-LIFE-POINTS",
        "Life points",
        "Damage is taken from a player's life points, which never go below 0; a player at 0 loses, and two "
        "players reaching 0 together draw.",
        "Si un Monstre attaque un Monstre dont la défense est supérieure à l'attaque : Détruit le Monstre "
        "attaquant et inflige la différence aux points de vie du joueur.",
        passage_en="If a Monster attacks a Monster whose defence is higher than the attack: the attacking "
        "Monster is destroyed and the difference is dealt to the player's life points.",
        interpretation="The text does not state the loss at 0 life points; we follow the reading common to "
        "card games.",
    ),
    _rule(
        "ARR-TURN",
        "The turn",
        "Only the turn player acts. A turn runs draw, main (place and move monsters), attack and end; "
        "ending the turn clears the turn marks and hands the turn over.",
        "Lors de la Phase d'Attaque, les combats de Monstres sont déclenchés.",
        passage_en="During the Attack Phase, Monster combats are triggered.",
        interpretation="Our text only names the attack phase; the others follow the situation contract. "
        "Entering the draw phase draws a card at once (draw_done) and the turn waits there until next_phase.",
    ),
    _rule(
        "ARR-DECK-OUT",
        "Drawing from an empty deck",
        "A player who must draw from an empty deck loses the game.",
        "Lors de la Phase d'Attaque, les combats de Monstres sont déclenchés.",
        passage_en="During the Attack Phase, Monster combats are triggered.",
        interpretation="Our text says nothing about the draw or the deck; we follow the situation contract "
        "(entering the draw phase draws, or loses on an empty deck). Flag empty_deck_draw_loses.",
    ),
    _rule(
        "ARR-GAME-OVER",
        "The game is over",
        "Once a player has lost, no further action is possible.",
        "Un Monstre détruit est envoyé au cimetière (sauf effet de carte).",
        passage_en="A destroyed Monster is sent to the graveyard (unless a card effect says otherwise).",
        interpretation="The text does not describe the end of the game; see ARR-LIFE-POINTS and "
        "ARR-DECK-OUT.",
    ),
)

CATALOGUE: dict[str, Rule] = {rule.id: rule for rule in RULES}
