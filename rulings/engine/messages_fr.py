# ruff: noqa: E501  (the English msgids stay whole, one per line, to be found by a search)
"""French of every message the engine says: English template (the msgid) → French template.

The English templates are the engine's own f-strings with their fields numbered in order (``{0}``,
``{1}``…), or named where the engine formats them itself (``{loser}``, ``{winner}``). Each French
template uses exactly the same fields (``tests/rulings/engine/test_i18n.py`` checks it, and that no
template of the engine is missing here). ``VALUES`` translates the English words that reach a field
(a phase, a position, a check, an action named in a refusal…).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- shared (replay, RaymanTCG and Arrows turns) ---
    "The game is already over (a draw). No further action applies.": (
        "La partie est déjà terminée (match nul). Plus aucune action ne s'applique."
    ),
    "The game is already over (player {0} won). No further action applies.": (
        "La partie est déjà terminée (le joueur {0} a gagné). Plus aucune action ne s'applique."
    ),
    "The game is already over.": "La partie est déjà terminée.",
    "It is {0}'s turn, not {1}'s.": "C'est le tour de {0}, pas celui de {1}.",
    "{0} moves to the {1} phase.": "{0} passe à la phase {1:phase}.",
    "The draw is mandatory: it comes before the end of the turn (next_phase draws).": (
        "La pioche est obligatoire : elle précède la fin du tour (next_phase fait piocher)."
    ),
    "The game is already over: no further action applies.": (
        "La partie est déjà terminée : plus aucune action ne s'applique."
    ),
    "It is {0}'s turn: {1} cannot act now.": "C'est le tour de {0} : {1} ne peut pas agir maintenant.",
    "The draw phase comes first: the turn player draws before anything else.": (
        "La phase de pioche vient d'abord : le joueur du tour pioche avant toute autre chose."
    ),
    "{0}'s deck is empty: no draw.": "Le deck de {0} est vide : pas de pioche.",
    "{0} draws a card.": "{0} pioche une carte.",
    "{0} must draw from an empty deck and loses.": "{0} doit piocher dans un deck vide et perd la partie.",
    # --- Arrows ---
    "{0} loses {1} life points ({2}); {3} left.": "{0} perd {1} Points de Vie ({2}) ; il en reste {3}.",
    "Both players are at 0 life points: a draw.": "Les deux joueurs sont à 0 Point de Vie : match nul.",
    "{loser} is at 0 life points: {winner} wins.": "{loser} est à 0 Point de Vie : {winner} gagne.",
    "{0} is destroyed ({1}) and goes to the graveyard.": "{0} est détruit ({1}) et va au cimetière.",
    "its damage is above its DEF": "ses dégâts dépassent sa DEF",
    "it attacked a higher DEF": "il a attaqué une DEF supérieure",
    "a card effect": "un effet de carte",
    "its monster was beaten": "son Monstre a été battu",
    "its monster attacked a higher DEF": "son Monstre a attaqué une DEF supérieure",
    "an effect": "un effet",
    "direct attack by {0}": "attaque directe de {0}",
    "its {0} damage is now above its {1} DEF": "ses {0} dégâts dépassent maintenant sa DEF de {1}",
    "{0} takes {1} damage ({2} in all against {3} DEF): more than its DEF.": (
        "{0} subit {1} dégâts ({2} au total contre {3} DEF) : plus que sa DEF."
    ),
    "{0} takes {1} damage ({2} in all against {3} DEF): not more than its DEF, nothing happens.": (
        "{0} subit {1} dégâts ({2} au total contre {3} DEF) : pas plus que sa DEF, il ne se passe rien."
    ),
    "{0} ({1} ATK) attacks {2} ({3} DEF).": "{0} ({1} ATK) attaque {2} ({3} DEF).",
    "{0}'s arrows ({1}) beat {2}'s ({3}): {4} is flipped to {5}'s side ({6}.{7}.{8}); its ATK and DEF effects reset.": (
        "Les flèches de {0} ({1}) l'emportent sur celles de {2} ({3}) : {4} est retourné du côté de {5} "
        "({6}.{7}.{8}) ; ses effets d'ATK et de DEF sont remis à zéro."
    ),
    "{0}'s life points are halved: {1} → {2} (rounded up).": (
        "Les Points de Vie de {0} sont divisés par deux : {1} → {2} (arrondi au supérieur)."
    ),
    "{0} ends the turn; turn {1} is {2}'s.": "{0} termine son tour ; le tour {1} est celui de {2}.",
    "{0} happens in the {1} phase, not the {2} phase.": "{0} a lieu en phase {1:phase}, pas en phase {2:phase}.",
    "{0} must be a monster in {1} lines; {2}.{3}.{4} is not.": (
        "{0} doit être un Monstre des lignes de {1} ; {2}.{3}.{4} n'en est pas un."
    ),
    "Space {0} of the {1} line is taken.": "L'emplacement {0} de la ligne {1:line} est occupé.",
    "A monster is placed from {0}'s hand or graveyard, not {1}.{2}.{3}.": (
        "Un Monstre se pose depuis la main ou le cimetière de {0}, pas depuis {1}.{2}.{3}."
    ),
    "{0} is not a monster: only monsters stand in the lines.": (
        "{0} n'est pas un Monstre : seuls les Monstres se placent dans les lignes."
    ),
    "{0} places {1} in the {2} line (space {3}); it cannot attack this turn.": (
        "{0} pose {1} dans la ligne {2:line} (emplacement {3}) ; il ne peut pas attaquer ce tour-ci."
    ),
    "{0} is already in the {1} line: a move goes to the other line.": (
        "{0} est déjà dans la ligne {1:line} : un déplacement va vers l'autre ligne."
    ),
    "{0} moves {1} to the {2} line (space {3}).": "{0} déplace {1} vers la ligne {2:line} (emplacement {3}).",
    "{0} was placed this turn: it cannot attack until a later turn.": (
        "{0} a été posé ce tour-ci : il ne peut pas attaquer avant un tour suivant."
    ),
    "{0} has already attacked this turn.": "{0} a déjà attaqué ce tour-ci.",
    "An attack targets a monster of {0} or the player.": "Une attaque vise un Monstre de {0} ou le joueur.",
    "{0}'s {1} effect has already been triggered.": "L'effet {1} de {0} a déjà été déclenché.",
    "{0} has no {1} effect: give its `amount`.": "{0} n'a pas d'effet {1} : indiquez sa valeur (`amount`).",
    "{0}'s {1} effect ({2}) applies to {3} and adds to its other RET effects.": (
        "L'effet {1} de {0} ({2}) s'applique à {3} et s'ajoute à ses autres effets RET."
    ),
    "{0}'s {1} effect ({2}) applies to {3}, replacing any earlier one.": (
        "L'effet {1} de {0} ({2}) s'applique à {3} et remplace tout effet précédent."
    ),
    "{0} has no free space to take {1}.": "{0} n'a pas d'emplacement libre pour prendre {1}.",
    "{0} takes {1}; its ATK and DEF effects reset ({2} ATK, {3} DEF).": (
        "{0} prend {1} ; ses effets d'ATK et de DEF sont remis à zéro ({2} ATK, {3} DEF)."
    ),
    "{0} faces a stronger arrow but is not flipped: only the acting player's arrows do.": (
        "{0} fait face à une flèche supérieure mais n'est pas retourné : seules les flèches du joueur qui agit retournent."
    ),
    "{0} would be flipped, but {1} has no free space to take it.": (
        "{0} serait retourné, mais {1} n'a pas d'emplacement libre pour le prendre."
    ),
    "Every space of the {0} line is taken.": "Tous les emplacements de la ligne {0:line} sont occupés.",
    "{0} is a defender: only attackers can attack.": "{0} est un Défenseur : seuls les Attaquants peuvent attaquer.",
    "{0} fills every attacker space, so {1} may attack, but only one of {2}'s attackers.": (
        "{0} occupe tous les emplacements d'Attaquant : {1} peut attaquer, mais un seul des Attaquants de {2}."
    ),
    "{0} has a monster in the defender line: the player cannot be attacked directly.": (
        "{0} a un Monstre dans la ligne de Défenseur : le joueur ne peut pas être attaqué directement."
    ),
    "The effect waits for the very end of the end phase.": "L'effet attend la toute fin de la phase de fin.",
    "ATK equals DEF: no player takes damage.": "ATK égale à la DEF : aucun joueur ne subit de dégâts.",
    "{0}'s {1} effect ({2}) precedes arrows.": "L'effet {1} de {0} ({2}) s'applique avant les flèches.",
    # --- RaymanTCG ---
    "Both players reached {0} tings: a draw.": "Les deux joueurs ont atteint {0} Tings : match nul.",
    "Neither player has a creature left in deck, hand or play: a draw.": (
        "Aucun joueur n'a plus de Créature dans son deck, sa main ou en jeu : match nul."
    ),
    "{loser} has no creature left in deck, hand or play: {winner} wins.": (
        "{loser} n'a plus de Créature dans son deck, sa main ou en jeu : {winner} gagne."
    ),
    "{0} gains {1} tings ({2}).": "{0} gagne {1} Tings ({2}).",
    "{0} loses {1} hit points ({2} left).": "{0} perd {1} points de vie (il en reste {2}).",
    "{0} is at {1} hit points: destroyed, it goes to the graveyard.": (
        "{0} est à {1} points de vie : détruite, elle va au cimetière."
    ),
    "{0} costs {1} terrain(s); {2} named in `terrains` ({3} free). Name exactly the terrains that pay.": (
        "{0} coûte {1} Terrain(s) ; {2} nommé(s) dans `terrains` ({3} libre(s)). Nommez exactement les Terrains qui paient."
    ),
    "{0} ends the turn; turn {1} is {2}'s; every terrain is free again.": (
        "{0} termine son tour ; le tour {1} est celui de {2} ; tous les Terrains sont de nouveau libres."
    ),
    "{0} must come from {1}'s {2}; {3}.{4}.{5} does not.": "{0} doit venir de la zone {2} de {1} ; {3}.{4}.{5} n'en vient pas.",
    "{0}.{1}.{2} ({3}) is not a {4} card.": "{0}.{1}.{2} ({3}) n'est pas une carte {4}.",
    "A terrain costs nothing: no terrain pays for it.": "Un Terrain ne coûte rien : aucun Terrain ne paie pour lui.",
    "{0} puts {1} ({2}) into play.": "{0} met {1} ({2}) en jeu.",
    "{0} has already played a {1} this turn.": "{0} a déjà joué une carte {1} ce tour-ci.",
    "{0} plays {1}.": "{0} joue {1}.",
    "{0} plays the permanent magic card {1}; it stays in the magic zone.": (
        "{0} joue la carte Magie permanente {1} ; elle reste dans la zone Magie."
    ),
    "{0} plays the ephemeral magic card {1}; it resolves and goes to the graveyard.": (
        "{0} joue la carte Magie éphémère {1} ; elle se résout et va au cimetière."
    ),
    "Turn {0} is {1}'s first turn: no attack.": "Le tour {0} est le premier tour de {1} : pas d'attaque.",
    "{0} has already attacked this turn: one attack by one creature.": (
        "{0} a déjà attaqué ce tour-ci : une seule attaque, par une seule Créature."
    ),
    "Only a creature {0} has in play can attack; {1}.{2}.{3} is not one.": (
        "Seule une Créature que {0} a en jeu peut attaquer ; {1}.{2}.{3} n'en est pas une."
    ),
    "An attack targets a creature of {0} or the player.": "Une attaque vise une Créature de {0} ou le joueur.",
    "Ability damage hits a creature in play; {0}.{1}.{2} is not.": (
        "Les dégâts d'une aptitude touchent une Créature en jeu ; {0}.{1}.{2} n'en est pas une."
    ),
    "Only a creature in play has ATK and DEF to change; not {0}.{1}.{2}.": (
        "Seule une Créature en jeu a une ATK et une DEF à modifier ; pas {0}.{1}.{2}."
    ),
    "{0} is now {1} ATK / {2} DEF (a value that would go below 0 stops at 0).": (
        "{0} a maintenant {1} ATK / {2} DEF (une valeur qui passerait sous 0 s'arrête à 0)."
    ),
    "{0} is now {1} ATK / {2} DEF.": "{0} a maintenant {1} ATK / {2} DEF.",
    "Only a creature or permanent magic card in play can be destroyed, not {0}.{1}.{2}.": (
        "Seule une Créature ou une carte Magie permanente en jeu peut être détruite, pas {0}.{1}.{2}."
    ),
    "{0} is destroyed by a card effect and goes to the graveyard: no tings.": (
        "{0} est détruite par un effet de carte et va au cimetière : pas de Tings."
    ),
    "{0} is destroyed by a card effect and goes to the graveyard; its effect ends.": (
        "{0} est détruite par un effet de carte et va au cimetière ; son effet prend fin."
    ),
    "{0} loses {1} tings ({2}), never below 0.": "{0} perd {1} Tings ({2}), jamais moins de 0.",
    "{0} loses {1} tings ({2}).": "{0} perd {1} Tings ({2}).",
    "{0} reached {1} tings and won.": "{0} a atteint {1} Tings et gagne.",
    "An ability or a magic card destroyed it: nobody gains tings.": (
        "Une aptitude ou une carte Magie l'a détruite : personne ne gagne de Tings."
    ),
    "{0} has no creature: {1} attacks the player directly.": (
        "{0} n'a pas de Créature : {1} attaque directement le joueur."
    ),
    "{0}.{1}.{2} is not one of {3}'s terrains.": "{0}.{1}.{2} n'est pas un des Terrains de {3}.",
    "{0}.terrains.{1} is named twice: a terrain pays once.": (
        "{0}.terrains.{1} est nommé deux fois : un Terrain ne paie qu'une fois."
    ),
    "{0}.terrains.{1} is occupied: it already paid for a card this turn.": (
        "{0}.terrains.{1} est occupé : il a déjà payé pour une carte ce tour-ci."
    ),
    "{0} needs {1} {2} terrain(s); the terrains named give {3}.": (
        "{0} demande {1} Terrain(s) {2} ; les Terrains nommés en donnent {3}."
    ),
    "{0} terrain(s) pay for {1} and are occupied for the turn.": (
        "{0} Terrain(s) paie(nt) pour {1} et sont occupés pour le tour."
    ),
    "{0} has {1} creature(s) in play: attack one of them, not the player.": (
        "{0} a {1} Créature(s) en jeu : attaquez l'une d'elles, pas le joueur."
    ),
    "The ability's source must be a creature {0} has in play.": (
        "La source de l'aptitude doit être une Créature que {0} a en jeu."
    ),
    "Turn {0} is {1}'s first turn: no ability before an attack.": (
        "Le tour {0} est le premier tour de {1} : pas d'aptitude avant une attaque."
    ),
    "{0} has already attacked this turn: abilities are used before the attack.": (
        "{0} a déjà attaqué ce tour-ci : les aptitudes s'utilisent avant l'attaque."
    ),
    "{0}'s (U) ability has already been used this game.": "L'aptitude (U) de {0} a déjà été utilisée dans la partie.",
    "{0} has already used its ability this turn.": "{0} a déjà utilisé son aptitude ce tour-ci.",
    "{0} uses its ability.": "{0} utilise son aptitude.",
    # --- Cardfight!! Vanguard ---
    "{0} attacks with {1} power.": "{0} attaque avec {1} de puissance.",
    "Player {0} draws a card.": "Le joueur {0} pioche une carte.",
    "Player {0} stands all their units.": "Le joueur {0} redresse toutes ses unités.",
    "Turn {0} begins: player {1}'s turn.": "Le tour {0} commence : c'est le tour du joueur {1}.",
    "Front trigger: each unit of player {0}'s front row gets +{1} power.": (
        "Front Trigger : chaque unité de la première ligne du joueur {0} gagne +{1} de puissance."
    ),
    "assign_trigger needs {0}: one of player {1}'s units.": (
        "assign_trigger demande {0} : une des unités du joueur {1}."
    ),
    "{0} must be one of player {1}'s units, not {2}.": "{0} doit être une des unités du joueur {1}, pas {2}.",
    "Player {0} revealed the trigger and makes its choices.": (
        "Le joueur {0} a révélé le Trigger et fait ses choix."
    ),
    "A {0} trigger gives no critical: leave critical_to out.": (
        "Un {0:trigger} Trigger ne donne pas de Critique : omettez critical_to."
    ),
    "A {0} trigger stands nothing: leave stand_to out.": "Un {0:trigger} Trigger ne redresse rien : omettez stand_to.",
    "A {0} trigger heals nothing: leave heal out.": "Un {0:trigger} Trigger ne soigne rien : omettez heal.",
    "{0}: player {1}'s unit on {2} gets +{3} power until the end phase.": (
        "{0} : l'unité du joueur {1} sur {2} gagne +{3} de puissance jusqu'à l'End Phase."
    ),
    "{0} check: player {1} reveals {2} ({3} trigger).": "{0:check} Check : le joueur {1} révèle {2} ({3:trigger} Trigger).",
    "{0} check: player {1} reveals {2}.": "{0:check} Check : le joueur {1} révèle {2}.",
    "The battle ends.": "Le combat prend fin.",
    "Player {0} can only {1} a card from their own hand, not {2}.": (
        "Le joueur {0} ne peut {1} qu'une carte de sa propre main, pas {2}."
    ),
    "{0} is an unknown card (drawn from a deck given as a count): describe it first.": (
        "{0} est une carte inconnue (piochée dans un deck donné par son nombre de cartes) : décrivez-la d'abord."
    ),
    "It is player {0}'s turn: player {1} cannot {2} now.": (
        "C'est le tour du joueur {0} : le joueur {1} ne peut pas {2} maintenant."
    ),
    "Player {0} can {1} only in the {2} phase, and it is the {3} phase.": (
        "Le joueur {0} ne peut {1} qu'en {2:Phase}, et c'est la {3:Phase}."
    ),
    "A mulligan is made only before the game starts (setup phase).": (
        "Un mulligan ne se fait qu'avant le début de la partie (phase de préparation)."
    ),
    "Player {0} has already decided on their hand: one mulligan only.": (
        "Le joueur {0} a déjà décidé de sa main : un seul mulligan."
    ),
    "{0} card(s) returned, so {1} drawn, not {2}.": "{0} carte(s) rendue(s), donc {1} piochée(s), pas {2}.",
    "Player {0} returns {1} card(s) to the deck and draws as many.": (
        "Le joueur {0} remet {1} carte(s) dans le deck et en pioche autant."
    ),
    "Player {0} keeps their hand.": "Le joueur {0} garde sa main.",
    "Player {0} has already ridden this turn.": "Le joueur {0} a déjà fait un Ride ce tour-ci.",
    "{0} is grade {1}; the vanguard is grade {2}: a ride needs grade {3} or {4}.": (
        "{0} est de grade {1} ; le Vanguard est de grade {2} : un Ride demande le grade {3} ou {4}."
    ),
    "Player {0} rides {1} (grade {2}); {3} goes to the soul.": (
        "Le joueur {0} fait un Ride avec {1} (grade {2}) ; {3} va dans l'âme."
    ),
    "Units are called to rear-guard circles (FL, BL, BC, FR, BR), not to V.": (
        "Les unités sont appelées sur les cercles d'Arrière-garde (FL, BL, BC, FR, BR), pas sur V."
    ),
    "{0} is grade {1}, above the vanguard's grade {2}.": "{0} est de grade {1}, au-dessus du grade {2} du Vanguard.",
    "Player {0} calls {1} to {2}.": "Le joueur {0} appelle {1} sur {2}.",
    "Only player {0}'s rear-guards in the FL/BL/FR/BR circles can move.": (
        "Seules les Arrière-gardes du joueur {0} sur les cercles FL/BL/FR/BR peuvent se déplacer."
    ),
    "A rear-guard moves to the other circle of its column: from {0} only to {1}.": (
        "Une Arrière-garde se déplace vers l'autre cercle de sa colonne : de {0} seulement vers {1}."
    ),
    "{0} moves from {1} to {2} (the units swap).": "{0} se déplace de {1} vers {2} (les unités s'échangent).",
    "{0} moves from {1} to {2}.": "{0} se déplace de {1} vers {2}.",
    "Player {0} goes first: there is no battle on the first turn ({1} rules).": (
        "Le joueur {0} commence : pas de combat au premier tour (règles {1})."
    ),
    "The attacker is one of the turn player's front-row units (V, FL, FR).": (
        "L'attaquant est une unité de la première ligne du joueur du tour (V, FL, FR)."
    ),
    "{0} is rested and cannot attack.": "{0} est au repos et ne peut pas attaquer.",
    "The target is a unit of the opponent's front row (V, FL, FR), not the back row.": (
        "La cible est une unité de la première ligne adverse (V, FL, FR), pas de la seconde ligne."
    ),
    "{0} rests and attacks {1}, boosted by {2}: {3} power.": (
        "{0} passe au repos et attaque {1}, boosté par {2} : {3} de puissance."
    ),
    "{0} rests and attacks {1}: {2} power.": "{0} passe au repos et attaque {1} : {2} de puissance.",
    "Guardians are called only in the guard step of an attack.": (
        "Les gardiens ne sont appelés qu'à l'étape de Garde d'une attaque."
    ),
    "Only the attacked player guards.": "Seul le joueur attaqué pose une Garde.",
    "Player {0} guards with {1} (+{2} shield): {3} to beat.": (
        "Le joueur {0} garde avec {1} (+{2} de bouclier) : {3} à battre."
    ),
    "Only the attacked player intercepts, in the guard step of an attack.": (
        "Seul le joueur attaqué intercepte, à l'étape de Garde d'une attaque."
    ),
    "Only a rear-guard of the attacked player's front row (FL, FR) intercepts.": (
        "Seule une Arrière-garde de la première ligne du joueur attaqué (FL, FR) peut Intercepter."
    ),
    "The attacked unit cannot intercept its own attack.": "L'unité attaquée ne peut pas intercepter sa propre attaque.",
    "{0} is grade {1}: only grade 2 units intercept.": "{0} est de grade {1} : seules les unités de grade 2 interceptent.",
    "{0} intercepts from {1} (+{2} shield): {3} to beat.": "{0} intercepte depuis {1} (+{2} de bouclier) : {3} à battre.",
    "The game starts once both players have kept or redrawn their hand.": (
        "La partie commence une fois que les deux joueurs ont gardé ou repioché leur main."
    ),
    "The {0} phase begins.": "La {0:Phase} commence.",
    "Player {0} has {1} damage and loses.": "Le joueur {0} a {1} dégâts et perd la partie.",
    "Player {0}'s deck is empty: player {1} loses.": "Le deck du joueur {0} est vide : le joueur {1} perd la partie.",
    "{0} is removed from the game.": "{0} est retirée du jeu.",
    "heal must be a card of player {0}'s damage zone.": "heal doit être une carte de la zone de dégâts du joueur {0}.",
    "Critical trigger: the unit on {0} gets +1 critical until the end phase.": (
        "Critical Trigger : l'unité sur {0} gagne +1 Critique jusqu'à l'End Phase."
    ),
    "Player {0}'s deck is empty: no {1} check.": "Le deck du joueur {0} est vide : pas de {1:check} Check.",
    "The guardians ({0}) go to the drop zone.": "Les gardiens ({0}) vont dans la Drop Zone.",
    "Player {0} returns cards from their own hand only.": "Le joueur {0} ne rend que des cartes de sa propre main.",
    "The game starts: player {0} takes the first turn.": "La partie commence : le joueur {0} joue le premier tour.",
    "{0} on {1} is retired to make room.": "{0} sur {1} est retirée pour faire de la place.",
    "Only the unit directly behind the attacker ({0}) can boost it.": (
        "Seule l'unité juste derrière l'attaquant ({0}) peut le booster."
    ),
    "{0} is grade {1}: only grade 0 and 1 units can boost.": (
        "{0} est de grade {1} : seules les unités de grade 0 et 1 peuvent booster."
    ),
    "{0} is rested and cannot boost.": "{0} est au repos et ne peut pas booster.",
    "Player {0} calls no more guardians.": "Le joueur {0} n'appelle plus de gardiens.",
    "Guardians come from player {0}'s hand.": "Les gardiens viennent de la main du joueur {0}.",
    "{0} cannot guard: {1}.": "{0} ne peut pas garder : {1}.",
    "Player {0} goes first: the battle phase of the first turn is skipped; the end phase begins.": (
        "Le joueur {0} commence : la Battle Phase du premier tour est sautée ; l'End Phase commence."
    ),
    "Player {0} must first assign the {1} trigger revealed by the {2} check: assign_trigger with {3}.": (
        "Le joueur {0} doit d'abord attribuer le {1:trigger} Trigger révélé par le {2:check} Check : assign_trigger avec {3}."
    ),
    "No trigger is waiting for a choice.": "Aucun Trigger n'attend de choix.",
    "{0} goes to player {1}'s hand.": "{0} va dans la main du joueur {1}.",
    "{0} goes to player {1}'s damage zone ({2} damage).": (
        "{0} va dans la zone de dégâts du joueur {1} ({2} dégâts)."
    ),
    "stand_to must be one of player {0}'s rested rear-guards.": (
        "stand_to doit être une des Arrière-gardes au repos du joueur {0}."
    ),
    "Missing stand_to: choose which rested rear-guard to stand ({0}).": (
        "stand_to manquant : choisissez l'Arrière-garde au repos à redresser ({0})."
    ),
    "Stand trigger: the rear-guard on {0} stands.": "Stand Trigger : l'Arrière-garde sur {0} se redresse.",
    "Stand trigger: no rested rear-guard.": "Stand Trigger : aucune Arrière-garde au repos.",
    "Heal trigger: player {0} has {1} damage, at least player {2}'s {3}: {4} goes from the damage zone to the drop zone.": (
        "Heal Trigger : le joueur {0} a {1} dégâts, au moins autant que les {3} du joueur {2} : "
        "{4} passe de la zone de dégâts à la Drop Zone."
    ),
    "Heal trigger: player {0} has {1} damage, fewer than player {2}'s {3} (or none): no damage is healed.": (
        "Heal Trigger : le joueur {0} a {1} dégâts, moins que les {3} du joueur {2} (ou aucun) : "
        "aucun dégât n'est soigné."
    ),
    "{0}'s clan ({1}) matches no unit of player {2}: the trigger has no effect.": (
        "Le clan de {0} ({1}) ne correspond à aucune unité du joueur {2} : le Trigger n'a pas d'effet."
    ),
    "An attack is still being resolved.": "Une attaque est encore en cours de résolution.",
    "Player {0} must now assign the {1} trigger ({2}).": "Le joueur {0} doit maintenant attribuer le {1:trigger} Trigger ({2}).",
    "{0} power against {1}: the attack does not hit.": "{0} de puissance contre {1} : l'attaque ne touche pas.",
    "{0} power against {1}: the attack hits.": "{0} de puissance contre {1} : l'attaque touche.",
    "The hit rear-guard {0} is retired to the drop zone.": "L'Arrière-garde touchée {0} est retirée dans la Drop Zone.",
    # --- Yu-Gi-Oh! ---
    "{0} needs Polymerization and its Fusion Materials ({1}), available now in a Main Phase of its owner's turn.": (
        "{0} demande Polymérisation et ses Matériels de Fusion ({1}), disponibles maintenant, "
        "en Main Phase du tour de son propriétaire."
    ),
    "{0} needs Polymerization and its Fusion Materials, available now in a Main Phase of its owner's turn.": (
        "{0} demande Polymérisation et ses Matériels de Fusion, disponibles maintenant, "
        "en Main Phase du tour de son propriétaire."
    ),
    "{0} is not a Fusion Monster.": "{0} n'est pas un Monstre de Fusion.",
    "Both players reached 0 LP together: draw.": "Les deux joueurs tombent à 0 LP en même temps : match nul.",
    "Player {0} has 0 LP and loses; player {1} wins.": "Le joueur {0} a 0 LP et perd ; le joueur {1} gagne.",
    "Player {0} draws {1} card{2}.": "Le joueur {0} pioche {1} carte{2}.",
    "{0} ({1}) goes to the Graveyard.": "{0} ({1}) va au Cimetière.",
    "{0} must be one of player {1}'s cards in {2}, not {3}.": (
        "{0} doit être une des cartes du joueur {1} dans : {2}, pas {3}."
    ),
    "Only the turn player ({0}) can {1}.": "Seul le joueur du tour ({0}) peut {1}.",
    "{0} only in Main Phase 1 or 2, not in the {1} phase.": (
        "{0} seulement en Main Phase 1 ou 2, pas en {1:Phase}."
    ),
    "{0} is not a monster.": "{0} n'est pas un monstre.",
    "{0} is a Fusion Monster: it cannot be Normal Summoned or Set.": (
        "{0} est un Monstre de Fusion : il ne peut être ni Invoqué Normalement ni Posé."
    ),
    "Player {0} has already Normal Summoned or Set a monster this turn.": (
        "Le joueur {0} a déjà Invoqué Normalement ou Posé un monstre ce tour-ci."
    ),
    "{0} is Level {1}: it needs {2} Tribute{3}, {4} given.": (
        "{0} est de Niveau {1} : il demande {2} Sacrifice{3} (Invocation Sacrifice), {4} donné(s)."
    ),
    "Player {0}'s five Monster Zones are full.": "Les cinq Zones Monstre du joueur {0} sont pleines.",
    "{0} is Set face-down in Defense Position.": "{0} est Posé face verso en Position de Défense.",
    "{0} is Normal Summoned face-up in Attack Position.": (
        "{0} est Invoqué Normalement face recto en Position d'Attaque."
    ),
    "{0} is already face-up; only a face-down monster is flipped.": (
        "{0} est déjà face recto ; seul un monstre face verso est retourné."
    ),
    "{0} was Set this turn: it cannot be Flip Summoned yet.": (
        "{0} a été Posé ce tour-ci : il ne peut pas encore être Invoqué par Flip."
    ),
    "{0} already changed position this turn.": "{0} a déjà changé de position ce tour-ci.",
    "{0} is Flip Summoned face-up in Attack Position (this does not use the Normal Summon).": (
        "{0} est Invoqué par Flip face recto en Position d'Attaque (cela n'utilise pas l'Invocation Normale)."
    ),
    "{0} is face-down: only a Flip Summon turns it face-up.": (
        "{0} est face verso : seule une Invocation par Flip le met face recto."
    ),
    "{0} came to the field this turn: its position cannot change.": (
        "{0} est arrivé sur le Terrain ce tour-ci : sa position ne peut pas changer."
    ),
    "{0} attacked this turn: its position cannot change.": "{0} a attaqué ce tour-ci : sa position ne peut pas changer.",
    "{0} is already in {1} Position.": "{0} est déjà en Position {1}.",
    "{0} changes to {1} Position.": "{0} passe en Position {1}.",
    "Player {0} Special Summons one of their own cards not on the field.": (
        "Le joueur {0} Invoque Spécialement une de ses propres cartes qui n'est pas sur le Terrain."
    ),
    "{0} leaves the Extra Deck only by a Fusion Summon (fusion_summon).": (
        "{0} ne quitte l'Extra Deck que par une Invocation Fusion (fusion_summon)."
    ),
    "{0} is Special Summoned face-up in {1} Position; this does not use the Normal Summon.": (
        "{0} est Invoqué Spécialement face recto en Position {1} ; cela n'utilise pas l'Invocation Normale."
    ),
    "{0} is not Polymerization.": "{0} n'est pas Polymérisation.",
    "Player {0} has no empty Spell & Trap Zone for Polymerization.": (
        "Le joueur {0} n'a pas de Zone Magie & Piège libre pour Polymérisation."
    ),
    "The Fusion Monster must be a Fusion Monster in the player's Extra Deck.": (
        "Le Monstre de Fusion doit être un Monstre de Fusion de l'Extra Deck du joueur."
    ),
    "Polymerization cannot be its own material.": "Polymérisation ne peut pas être son propre Matériel.",
    "Player {0} activates {1}.": "Le joueur {0} active {1}.",
    "{0} is Fusion Summoned from the Extra Deck (a Special Summon: it may attack this turn); the materials and {1} go to the Graveyard.": (
        "{0} est Invoqué par Fusion depuis l'Extra Deck (une Invocation Spéciale : il peut attaquer ce tour-ci) ; "
        "les Matériels et {1} vont au Cimetière."
    ),
    "{0} is not a Spell or Trap.": "{0} n'est ni une Magie ni un Piège.",
    "{0} is Set face-down.": "{0} est Posé face verso.",
    "Player {0} activates their own cards from the hand or the field.": (
        "Le joueur {0} active ses propres cartes depuis sa main ou le Terrain."
    ),
    "Monster effects are modelled with the generic effect steps.": (
        "Les effets de monstre sont modélisés par les étapes d'effet génériques."
    ),
    "{0} is a Trap: it must be Set before it can be activated.": (
        "{0} est un Piège : il doit être Posé avant de pouvoir être activé."
    ),
    "Player {0} activates {1} as Chain Link {2}.": "Le joueur {0} active {1} en Maillon de Chaîne {2}.",
    "There is no Battle Phase on the first turn of the duel.": "Il n'y a pas de Battle Phase au premier tour du duel.",
    "Attacks are declared in the Battle Phase, not the {0} phase.": (
        "Les attaques se déclarent en Battle Phase, pas en {0:Phase}."
    ),
    "{0} is not in face-up Attack Position: it cannot attack.": (
        "{0} n'est pas en Position d'Attaque face recto : il ne peut pas attaquer."
    ),
    "{0} attacks {1}.": "{0} attaque {1}.",
    "The phases go forward: {0} does not come after {1}.": (
        "Les phases avancent dans l'ordre : {0:Phase} ne vient pas après {1:Phase}."
    ),
    "Main Phase 1 cannot be skipped.": "La Main Phase 1 ne peut pas être sautée.",
    "Without a Battle Phase the turn goes from Main Phase 1 to the End Phase.": (
        "Sans Battle Phase, le tour passe de la Main Phase 1 à l'End Phase."
    ),
    "Player {0} moves to the {1} phase.": "Le joueur {0} passe en {1:Phase}.",
    "Player {0} ends the turn; turn {1} of player {2} begins.": (
        "Le joueur {0} termine son tour ; le tour {1} du joueur {2} commence."
    ),
    "Player {0} has no reason to discard: the only discard of the rules is the hand limit of the End Phase (model card effects with send_to_graveyard).": (
        "Le joueur {0} n'a aucune raison de défausser : la seule défausse des règles est la limite de cartes en main "
        "de l'End Phase (modélisez les effets de carte avec send_to_graveyard)."
    ),
    "Player {0} discards down to {1} only: {2} card(s), not {3}.": (
        "Le joueur {0} ne défausse que jusqu'à {1} : {2} carte(s), pas {3}."
    ),
    "Only a card on the field can be destroyed (use send_to_graveyard).": (
        "Seule une carte sur le Terrain peut être détruite (utilisez send_to_graveyard)."
    ),
    "The card is already in the Graveyard.": "La carte est déjà au Cimetière.",
    "The deck is given as a count: its cards are unknown.": (
        "Le deck est donné par son nombre de cartes : ses cartes sont inconnues."
    ),
    "The top {0} card(s) of player {1}'s deck go to the Graveyard (an empty deck is not a loss until a draw is required).": (
        "Les {0} carte(s) du dessus du deck du joueur {1} vont au Cimetière "
        "(un deck vide ne fait perdre qu'au moment où une pioche est exigée)."
    ),
    "The duel is already over (a draw). No further action applies.": (
        "Le duel est déjà terminé (match nul). Plus aucune action ne s'applique."
    ),
    "The duel is already over (player {0} won). No further action applies.": (
        "Le duel est déjà terminé (le joueur {0} a gagné). Plus aucune action ne s'applique."
    ),
    "Chain Link {0} ({1}) resolves and goes to the Graveyard.": (
        "Le Maillon de Chaîne {0} ({1}) se résout et va au Cimetière."
    ),
    "Chain Link {0} ({1}) resolves.": "Le Maillon de Chaîne {0} ({1}) se résout.",
    "{0} is not a monster and cannot be a Fusion Material.": (
        "{0} n'est pas un monstre et ne peut pas être un Matériel de Fusion."
    ),
    "{0} needs exactly {1} as Fusion Materials.": "{0} demande exactement {1} comme Matériels de Fusion.",
    "A Fusion Summon needs at least two Fusion Materials.": (
        "Une Invocation Fusion demande au moins deux Matériels de Fusion."
    ),
    "Player {0}'s five Spell & Trap Zones are full.": "Les cinq Zones Magie & Piège du joueur {0} sont pleines.",
    "There is no chain in progress to respond to (link {0}).": (
        "Il n'y a pas de Chaîne en cours à laquelle répondre (maillon {0})."
    ),
    "A response answers the last link of the chain (link {0}), not link {1}.": (
        "Une réponse répond au dernier maillon de la Chaîne (maillon {0}), pas au maillon {1}."
    ),
    "{0} is Spell Speed 1: it can only start a chain.": (
        "{0} est de Vitesse de Sort 1 : il ne peut que commencer une Chaîne."
    ),
    "{0} is Spell Speed {1}: it cannot respond to a Spell Speed {2} link (only a Counter Trap answers a Counter Trap).": (
        "{0} est de Vitesse de Sort {1} : il ne peut pas répondre à un maillon de Vitesse de Sort {2} "
        "(seul un Contre-Piège répond à un Contre-Piège)."
    ),
    "{0} is Spell Speed {1}: it cannot respond to a Spell Speed {2} link.": (
        "{0} est de Vitesse de Sort {1} : il ne peut pas répondre à un maillon de Vitesse de Sort {2}."
    ),
    "{0} is already face-up on the field.": "{0} est déjà face recto sur le Terrain.",
    "{0} was Set this turn: it cannot be activated until the next turn.": (
        "{0} a été Posé ce tour-ci : il ne peut pas être activé avant le tour suivant."
    ),
    "{0} is Spell Speed 1: only the turn player ({1}) activates it.": (
        "{0} est de Vitesse de Sort 1 : seul le joueur du tour ({1}) l'active."
    ),
    "A Quick-Play Spell is activated from the hand only during its owner's turn.": (
        "Une Magie Jeu-Rapide ne s'active depuis la main que pendant le tour de son propriétaire."
    ),
    "{0} must target a face-up monster on the field.": "{0} doit cibler un monstre face recto sur le Terrain.",
    "Player {0} controls a monster: a direct attack is not possible.": (
        "Le joueur {0} contrôle un monstre : une attaque directe n'est pas possible."
    ),
    "An attack targets a monster of player {0}, not {1}.": "Une attaque cible un monstre du joueur {0}, pas {1}.",
    "After the End Phase the turn ends (use end_turn).": "Après l'End Phase, le tour se termine (utilisez end_turn).",
    "Player {0} holds {1} cards: in the End Phase they must discard {2} card{3} (discard) before the turn can end.": (
        "Le joueur {0} a {1} cartes en main : en End Phase, il doit défausser {2} carte{3} (discard) "
        "avant que le tour puisse se terminer."
    ),
    "Player {0} takes {1} effect damage (LP {2}).": "Le joueur {0} subit {1} dégâts d'effet (LP {2}).",
    "Player {0} gains {1} LP.": "Le joueur {0} gagne {1} LP.",
    "Player {0} must draw with no card left in the deck and loses the duel.": (
        "Le joueur {0} doit piocher alors qu'il n'a plus de carte dans son deck et perd le duel."
    ),
    "The first player does not draw on the first turn of the duel.": (
        "Le premier joueur ne pioche pas au premier tour du duel."
    ),
    "{0} draws {1}.": "{0} pioche {1}.",
    "(No Battle Phase on the first turn of the duel).": "(Pas de Battle Phase au premier tour du duel).",
    "(No Battle Phase this turn.)": "(Pas de Battle Phase ce tour-ci.)",
    "{0} (Spell Speed 1) can be activated": "{0} (Vitesse de Sort 1) peut être activé",
    "{0} attacks directly: player {1} takes {2} damage (its ATK).": (
        "{0} attaque directement : le joueur {1} subit {2} dégâts (son ATK)."
    ),
    "{0} is attacked face-down: it is flipped face-up in Defense Position first.": (
        "{0} est attaqué face verso : il est d'abord retourné face recto en Position de Défense."
    ),
    "{0} ({1} ATK) exceeds {2}'s {3} DEF: it is destroyed, no damage.": (
        "{0} ({1} ATK) dépasse les {3} DEF de {2} : il est détruit, pas de dégâts."
    ),
    "{0} ({1} ATK) beats {2} ({3} ATK): {4} is destroyed and player {5} takes {6} damage.": (
        "{0} ({1} ATK) bat {2} ({3} ATK) : {4} est détruit et le joueur {5} subit {6} dégâts."
    ),
    "{0}'s {1} ATK equals {2}'s DEF: nothing is destroyed, no damage.": (
        "Les {1} ATK de {0} égalent la DEF de {2} : rien n'est détruit, pas de dégâts."
    ),
    "{0} ({1} ATK) is below {2}'s {3} DEF: player {4} takes {5} damage and nothing is destroyed.": (
        "{0} ({1} ATK) est inférieur aux {3} DEF de {2} : le joueur {4} subit {5} dégâts et rien n'est détruit."
    ),
    "{0} ({1} ATK) loses to {2} ({3} ATK): {4} is destroyed and player {5} takes {6} damage.": (
        "{0} ({1} ATK) perd contre {2} ({3} ATK) : {4} est détruit et le joueur {5} subit {6} dégâts."
    ),
    "Both monsters have {0} ATK: both are destroyed and nobody takes damage.": (
        "Les deux monstres ont {0} ATK : tous deux sont détruits et personne ne subit de dégâts."
    ),
    "Both monsters have 0 ATK: under the classic rules both are destroyed.": (
        "Les deux monstres ont 0 ATK : selon les règles classiques, tous deux sont détruits."
    ),
    "Both monsters have 0 ATK: neither is destroyed and nobody takes damage.": (
        "Les deux monstres ont 0 ATK : aucun n'est détruit et personne ne subit de dégâts."
    ),
}

# English words the engine puts into a field, translated where they stand whole.
VALUES: dict[str, str] = {
    "Drive": "Drive",
    "Damage": "Damage",
    # positions
    "Attack": "d'Attaque",
    # actions named in refusals (Yu-Gi-Oh!: "Only the turn player (A) can {1}.")
    "Flip Summon": "Invoquer par Flip",
    "change a monster's position": "changer la position d'un monstre",
    "activate Polymerization": "activer Polymérisation",
    "Set a Spell or Trap": "Poser une Magie ou un Piège",
    "attack": "attaquer",
    "move to the next phase": "passer à la phase suivante",
    "end the turn": "terminer le tour",
    # Vanguard ("cannot {2} now", "can only {1} a card")
    "ride": "faire un Ride",
    "call": "appeler",
    "move units": "déplacer des unités",
    "change the phase": "changer de phase",
    "Defense": "de Défense",
    # card words
    "a face-down card": "une carte face verso",
    "The card": "La carte",
    "The monster": "Le monstre",
    "A Tribute": "Un Sacrifice",
    "The attacker": "L'attaquant",
    "A Fusion Material": "Un Matériel de Fusion",
    "A discarded card": "Une carte défaussée",
    "Set a monster": "Poser un monstre",
    "Normal Summon": "Invoquer Normalement",
    "A player can Set a monster": "Un joueur peut Poser un monstre",
    "A player can Normal Summon": "Un joueur peut Invoquer Normalement",
    "A Flip Summon happens": "Une Invocation par Flip a lieu",
    "A position changes": "Une position change",
    "Polymerization (a Normal Spell) is activated": "Polymérisation (une Magie Normale) s'active",
    "Spells and Traps are Set": "Les Magies et les Pièges se Posent",
    # Arrows / RaymanTCG actions named in refusals
    "Placing a monster": "La pose d'un Monstre",
    "Moving a monster": "Le déplacement d'un Monstre",
    "An attack": "Une attaque",
    "A card effect": "Un effet de carte",
    "Stealing a monster": "La prise d'un Monstre",
    "Damage to a monster": "Des dégâts à un Monstre",
    "Destroying a monster": "La destruction d'un Monstre",
    "An effect on life points": "Un effet sur les Points de Vie",
    "Playing a terrain": "Jouer un Terrain",
    "Playing a creature": "Jouer une Créature",
    "Playing a magic card": "Jouer une carte Magie",
    "A terrain": "Un Terrain",
    "A creature": "Une Créature",
    "A magic card": "Une carte Magie",
    "creature": "Créature",
    "magic card": "Magie",
    "terrain": "Terrain",
    "magic": "Magie",
    "An ability": "Une aptitude",
    "A change of ATK or DEF": "Un changement d'ATK ou de DEF",
    "A destruction by a card": "Une destruction par une carte",
    "A card giving or taking tings": "Une carte qui donne ou retire des Tings",
}

# Words whose French depends on where they stand: ``{1:phase}`` in a French template.
KINDS: dict[str, dict[str, str]] = {
    # RaymanTCG and Arrows: "la phase {x}"
    "phase": {
        "draw": "de pioche",
        "main": "principale",
        "attack": "d'attaque",
        "end": "de fin",
        "main or attack": "principale ou d'attaque",
        "main or attack or end": "principale, d'attaque ou de fin",
        "attack or end": "d'attaque ou de fin",
    },
    # Yu-Gi-Oh! and Vanguard keep the English phase names of the French rule texts
    "Phase": {
        "draw": "Draw Phase",
        "standby": "Standby Phase",
        "main1": "Main Phase 1",
        "battle": "Battle Phase",
        "main2": "Main Phase 2",
        "end": "End Phase",
        "main": "Main Phase",
        "stand": "Stand Phase",
        "ride": "Ride Phase",
        "setup": "phase de préparation",
    },
    # Vanguard checks and triggers: "Drive Check", "Critical Trigger"
    "check": {"drive": "Drive", "damage": "Damage", "Drive": "Drive", "Damage": "Damage"},
    "trigger": {"critical": "Critical", "draw": "Draw", "heal": "Heal", "stand": "Stand", "front": "Front"},
    # Arrows lines: "la ligne {x}"
    "line": {
        "attackers": "d'Attaquant",
        "defenders": "de Défenseur",
        "attacker": "d'Attaquant",
        "defender": "de Défenseur",
    },
}
