# ruff: noqa: E501  (one rule per line: its id, its French title and summary)
"""The rules catalogues in French: rule id → (title, summary).

The ``passage`` of a rule is already the French quote of its source; only our own words (title and
summary) need translating. ``tests/rulings/engine/test_i18n.py`` checks that every rule of every game
is here, and nothing else.
"""

from __future__ import annotations

CATALOGUE: dict[str, tuple[str, str]] = {
    # --- Yu-Gi-Oh! ---
    "YGO-TURN-PHASES": (
        "Les phases d'un tour",
        "Un tour passe par la Draw Phase, la Standby Phase, la Main Phase 1, la Battle Phase, la Main Phase 2 et l'End Phase, dans cet ordre ; le joueur du tour passe de l'une à la suivante, et après l'End Phase commence le tour de l'adversaire.",
    ),
    "YGO-TURN-PLAYER": (
        "Ce que seul le joueur du tour fait",
        "Seul le joueur du tour invoque, Pose, change des positions, attaque, active des Magies Normales et passe à la phase suivante ; l'adversaire ne peut que répondre avec des Magies Jeu-Rapide et des Pièges.",
    ),
    "YGO-DRAW": (
        "La pioche de la Draw Phase",
        "Le joueur du tour pioche exactement une carte en entrant dans sa Draw Phase ; c'est obligatoire.",
    ),
    "YGO-DRAW-FIRST-TURN-SKIP": (
        "Pas de pioche au premier tour",
        "Le joueur qui commence ne pioche pas au premier tour du duel.",
    ),
    "YGO-DRAW-FIRST-TURN-CLASSIC": (
        "Le premier joueur pioche au tour 1",
        "Selon l'ancien livret de règles, le premier joueur pioche aussi au premier tour et commence donc avec six cartes.",
    ),
    "YGO-DECK-OUT": (
        "Défaite par deck vide",
        "Un joueur perd quand il doit piocher (Draw Phase ou effet de carte) et que son deck n'a plus de carte. Un deck vide à lui seul ne fait pas perdre : seule la pioche exigée fait perdre.",
    ),
    "YGO-NS-ONCE": (
        "Une Invocation Normale ou une Pose par tour",
        "À chaque tour, un joueur peut Invoquer Normalement ou Poser un monstre, pas les deux ; les Invocations Sacrifice et les Poses avec Sacrifice comptent comme cette invocation.",
    ),
    "YGO-NS-MAIN-PHASE": (
        "Invocations Normales et Poses en Main Phase",
        "Un monstre n'est Invoqué Normalement ou Posé que pendant la Main Phase 1 ou 2 de son contrôleur, avec une Zone Monstre libre et aucune Chaîne en cours.",
    ),
    "YGO-NS-POSITIONS": (
        "Positions des Invocations Normales et des Poses",
        "Une Invocation Normale place le monstre face recto en Position d'Attaque ; une Pose le place face verso en Position de Défense.",
    ),
    "YGO-TRIBUTE-COUNT": (
        "Combien de Sacrifices",
        "Un monstre de Niveau 4 ou moins ne demande aucun Sacrifice ; un Niveau 5 ou 6 en demande un ; un Niveau 7 ou plus en demande deux (comptés en monstres). Le Sacrifice est exigé pour une Pose comme pour une Invocation.",
    ),
    "YGO-TRIBUTE-OWN": (
        "Ce qui peut être Sacrifié",
        "Les Sacrifices sont des monstres que vous contrôlez, choisis parmi vos Zones Monstre occupées ; ils vont au Cimetière.",
    ),
    "YGO-FLIP-SUMMON": (
        "Invocation par Flip",
        "En Main Phase, le joueur du tour peut mettre face recto en Position d'Attaque un monstre face verso en Position de Défense. Cela n'utilise pas l'Invocation Normale du tour.",
    ),
    "YGO-FLIP-SUMMON-NOT-SET-TURN": (
        "Pas d'Invocation par Flip le tour de la Pose",
        "Un monstre ne peut pas être Invoqué par Flip pendant le tour où il a été Posé.",
    ),
    "YGO-FLIP-BY-ATTACK": (
        "Un monstre face verso attaqué",
        "Un monstre face verso attaqué est retourné face recto en Position de Défense avant le calcul des dégâts, et reste face recto s'il survit. Ce retournement n'est pas une invocation.",
    ),
    "YGO-SPECIAL-SUMMON": (
        "Invocations Spéciales",
        "Une Invocation Spéciale (par un effet) n'utilise pas l'Invocation Normale, ne demande aucun Sacrifice sauf si la carte le dit, place le monstre face recto en Position d'Attaque ou de Défense et demande une Zone Monstre libre. Le monstre peut attaquer ce tour-là.",
    ),
    "YGO-FUSION-SUMMON": (
        "Invocation Fusion avec Polymérisation",
        "Activer Polymérisation envoie les Matériels de Fusion de la main et/ou du Terrain au Cimetière et Invoque Spécialement le Monstre de Fusion depuis l'Extra Deck. Une carte qui liste ses « materials » demande exactement ces monstres ; sinon, deux monstres ou plus, quels qu'ils soient.",
    ),
    "YGO-FUSION-EXTRA-DECK": (
        "Les Monstres de Fusion sont dans l'Extra Deck",
        "Un Monstre de Fusion n'est jamais dans la main : il ne peut être ni Invoqué Normalement ni Posé, et il n'arrive sur le Terrain que par une Invocation Fusion depuis l'Extra Deck.",
    ),
    "YGO-MONSTER-ZONES": (
        "Cinq Zones Monstre",
        "Un joueur a cinq Zones Monstre ; un monstre ne peut être invoqué ou Posé que dans une zone libre.",
    ),
    "YGO-POSITION-ONCE": (
        "Un changement de position par tour",
        "Le joueur du tour peut changer manuellement la position de combat d'un monstre une fois par tour, en Main Phase.",
    ),
    "YGO-POSITION-NOT-ARRIVAL-TURN": (
        "Pas de changement de position le tour de son arrivée",
        "Un monstre ne peut pas changer de position pendant le tour où il a été Invoqué Normalement, par Flip ou Spécialement, ou Posé.",
    ),
    "YGO-POSITION-NOT-AFTER-ATTACK": (
        "Pas de changement de position après une attaque",
        "Un monstre qui a attaqué ce tour-ci ne peut plus changer de position ensuite.",
    ),
    "YGO-POSITION-FACE-DOWN": (
        "Un monstre face verso ne se retourne que par une Invocation par Flip",
        "Un changement de position manuel fait seulement passer un monstre face recto de l'Attaque à la Défense ou inversement ; un monstre face verso ne peut être qu'Invoqué par Flip.",
    ),
    "YGO-BP-NOT-FIRST-TURN": (
        "Pas de Battle Phase au premier tour",
        "Le joueur qui commence n'a pas de Battle Phase au premier tour du duel : de la Main Phase 1, il passe à l'End Phase.",
    ),
    "YGO-BP-SKIP": (
        "Sauter la Battle Phase",
        "Entrer en Battle Phase est facultatif ; un joueur qui n'y entre pas passe directement de la Main Phase 1 à l'End Phase, sans Main Phase 2.",
    ),
    "YGO-ATTACK-BATTLE-PHASE": (
        "Les attaques ont lieu en Battle Phase",
        "Le joueur du tour ne déclare des attaques que pendant sa Battle Phase, sans Chaîne en cours.",
    ),
    "YGO-ATTACK-POSITION": (
        "Seuls les monstres en Position d'Attaque attaquent",
        "Seul un monstre face recto en Position d'Attaque peut déclarer une attaque.",
    ),
    "YGO-ATTACK-ONCE": (
        "Une attaque par monstre",
        "Chaque monstre peut attaquer une fois par tour, seul ; les monstres ne peuvent pas réunir leurs attaques.",
    ),
    "YGO-ATTACK-DIRECT": (
        "Attaques directes",
        "Un monstre ne peut attaquer directement l'adversaire que si celui-ci ne contrôle aucun monstre ; l'adversaire subit alors des dégâts égaux à l'ATK de l'attaquant. Tant que l'adversaire contrôle un monstre, une attaque doit cibler l'un d'eux.",
    ),
    "YGO-BATTLE-ATK-VS-ATK": (
        "Position d'Attaque contre Position d'Attaque",
        "Quand deux monstres en Position d'Attaque combattent, celui qui a la plus faible ATK est détruit et son contrôleur subit la différence en dégâts de combat.",
    ),
    "YGO-BATTLE-ATK-TIE": (
        "ATK égales",
        "Deux monstres en Position d'Attaque de même ATK se détruisent mutuellement et personne ne subit de dégâts.",
    ),
    "YGO-BATTLE-ZERO-ATK": (
        "Deux monstres à 0 ATK",
        "Quand deux monstres en Position d'Attaque à 0 ATK combattent : selon les règles actuelles aucun n'est détruit ; selon l'ancien livret ils se détruisent comme pour toute égalité d'ATK. Aucun dégât dans les deux cas.",
    ),
    "YGO-BATTLE-ATK-VS-DEF-HIGHER": (
        "ATK supérieure à la DEF d'un monstre en Position de Défense",
        "Quand l'ATK de l'attaquant dépasse la DEF d'un monstre en Position de Défense, ce monstre est détruit et personne ne subit de dégâts.",
    ),
    "YGO-BATTLE-ATK-VS-DEF-EQUAL": (
        "ATK égale à la DEF",
        "Quand l'ATK de l'attaquant égale la DEF d'un monstre en Position de Défense, il ne se passe rien : les deux restent et personne ne subit de dégâts.",
    ),
    "YGO-BATTLE-ATK-VS-DEF-LOWER": (
        "ATK inférieure à la DEF",
        "Quand l'ATK de l'attaquant est inférieure à la DEF d'un monstre en Position de Défense, le contrôleur de l'attaquant subit la différence et aucun monstre n'est détruit.",
    ),
    "YGO-LP-ZERO": (
        "Défaite à 0 LP",
        "Les Points de Vie (LP) ne descendent jamais sous 0 ; un joueur dont les LP tombent à 0 perd le duel.",
    ),
    "YGO-LP-BOTH-ZERO": (
        "Les deux joueurs à 0",
        "Quand les LP des deux joueurs tombent à 0 en même temps, le duel est un match nul.",
    ),
    "YGO-GAME-OVER": (
        "Après la fin du duel",
        "Une fois le duel terminé (défaite ou match nul), plus aucune action n'est possible.",
    ),
    "YGO-SPELL-TRAP-ZONES": (
        "Cinq Zones Magie & Piège",
        "Les Magies (hors Magies de Terrain) et les Pièges sont activés ou Posés dans l'une des cinq Zones Magie & Piège du joueur ; sans zone libre, aucun ne peut être activé depuis la main ni Posé. Une Magie occupe toujours une zone du côté de son propriétaire, même quand elle équipe un monstre adverse.",
    ),
    "YGO-SPELL-NORMAL": (
        "Magies Normales, Continues, d'Équipement et de Terrain",
        "Les Magies de Vitesse de Sort 1 (Normales, Continues, d'Équipement, de Terrain, Rituelles) ne s'activent que dans la Main Phase du joueur qui les active, comme premier maillon d'une Chaîne.",
    ),
    "YGO-SPELL-QUICK-PLAY": (
        "Magies Jeu-Rapide",
        "Une Magie Jeu-Rapide s'active depuis la main pendant le tour de son propriétaire, dans n'importe quelle phase, ou, une fois Posée, pendant le tour de l'un ou l'autre joueur à partir du tour suivant.",
    ),
    "YGO-SPELL-RESOLVED": (
        "Où va une Magie ou un Piège après sa résolution",
        "Les Magies Normales et Jeu-Rapide et les Pièges Normaux et Contre-Pièges vont au Cimetière une fois résolus ; les cartes Continues, d'Équipement et de Terrain restent sur le Terrain.",
    ),
    "YGO-EQUIP-FACE-UP": (
        "On n'équipe qu'un monstre face recto",
        "Une Magie d'Équipement cible un monstre face recto sur le Terrain (le vôtre ou celui de l'adversaire) ; elle ne peut jamais équiper un monstre face verso.",
    ),
    "YGO-EQUIP-LEAVES": (
        "Une Magie d'Équipement suit son monstre",
        "Quand le monstre équipé quitte le Terrain, chaque Magie d'Équipement qui l'équipe est envoyée au Cimetière.",
    ),
    "YGO-EQUIP-MODIFIERS": (
        "Modifications d'ATK et de DEF d'une Magie d'Équipement",
        "Tant qu'elle équipe un monstre, les atk_modifier et def_modifier d'une Magie d'Équipement s'ajoutent à l'ATK et à la DEF du monstre (jamais sous 0) ; plusieurs Magies d'Équipement s'additionnent.",
    ),
    "YGO-FIELD-SPELL-OWN-ZONE": (
        "Une Zone Terrain par joueur",
        "Chaque joueur a sa propre Zone Terrain ; activer une nouvelle Magie de Terrain envoie la précédente de ce joueur au Cimetière et laisse celle de l'adversaire en place.",
    ),
    "YGO-FIELD-SPELL-GLOBAL": (
        "Une seule Magie de Terrain pour tout le Terrain",
        "Selon l'ancien livret, une seule Magie de Terrain peut être active sur tout le Terrain : une nouvelle, quel que soit le joueur qui la joue, détruit celle qui s'y trouve.",
    ),
    "YGO-TRAP-SET-FIRST": (
        "Les Pièges sont d'abord Posés",
        "Un Piège ne peut jamais être activé depuis la main : il doit d'abord être Posé.",
    ),
    "YGO-TRAP-NOT-SET-TURN": (
        "Pas le tour de sa Pose",
        "Un Piège (et une Magie Jeu-Rapide Posée) ne peut pas être activé pendant le tour où il a été Posé.",
    ),
    "YGO-SET-SPELL-TRAP": (
        "Poser une Magie ou un Piège",
        "Pendant sa Main Phase, le joueur du tour peut Poser face verso des Magies et des Pièges dans les Zones Magie & Piège libres, autant qu'il y a de zones (une Magie de Terrain se Pose dans la Zone Terrain).",
    ),
    "YGO-CHAIN-SPEED-1": (
        "La Vitesse de Sort 1 commence une Chaîne",
        "Les cartes de Vitesse de Sort 1 (Magies Normales, Continues, d'Équipement, de Terrain et Rituelles, effets de monstre) ne peuvent être que le Maillon de Chaîne 1 : rien ne peut être activé en réponse avec elles.",
    ),
    "YGO-CHAIN-RESPONSE": (
        "Qui peut répondre à quoi",
        "Une réponse doit avoir une Vitesse de Sort d'au moins 2 et au moins égale à celle du maillon auquel elle répond : la Vitesse de Sort 2 (Magies Jeu-Rapide, Pièges Normaux et Continus) répond à la Vitesse 1 ou 2 ; seule la Vitesse de Sort 3 (Contre-Pièges) répond à un Contre-Piège.",
    ),
    "YGO-CHAIN-LAST-LINK": (
        "Répondre au dernier maillon",
        "Un nouveau Maillon de Chaîne répond au dernier maillon de la Chaîne en cours ; tant qu'une Chaîne est ouverte, seules des réponses à celle-ci sont possibles.",
    ),
    "YGO-CHAIN-RESOLVE": (
        "Les Chaînes se résolvent du dernier au premier",
        "Quand aucun joueur n'ajoute de maillon, la Chaîne se résout du dernier maillon au premier.",
    ),
    "YGO-HAND-LIMIT": (
        "Limite de cartes en main en End Phase",
        "À la fin de son tour, le joueur du tour qui a plus de 6 cartes en main en défausse jusqu'à 6 — pas davantage. Le tour ne peut pas se terminer avant cette défausse.",
    ),
    "YGO-HAND-LIMIT-ANY-PLAYER": (
        "Limite de cartes en main pour tout joueur (ancien livret)",
        "Selon l'ancien livret, tout joueur qui a plus de 6 cartes en main à la fin d'un tour en défausse jusqu'à 6 avant la fin du tour.",
    ),
    "YGO-NO-VOLUNTARY-DISCARD": (
        "Pas de défausse sans raison",
        "Un joueur ne peut pas envoyer une carte de sa main ou du Terrain au Cimetière sans raison ; la seule défausse que demandent les règles est celle de la limite de cartes en main en End Phase.",
    ),
    "YGO-EFFECT-DAMAGE": (
        "Dégâts et Points de Vie dus aux effets",
        "Un effet qui inflige des dégâts baisse les LP (jamais sous 0) ; des dégâts aux deux joueurs sont simultanés, donc tomber tous deux à 0 est un match nul. Gagner des LP les augmente.",
    ),
    "YGO-EFFECT-MOVE": (
        "Cartes déplacées par des effets",
        "Les effets que le juge modélise (détruire, envoyer au Cimetière, piocher, meuler) déplacent des cartes entre les zones ; un monstre détruit va au Cimetière, une pioche dans un deck vide fait perdre.",
    ),
    # --- Cardfight!! Vanguard ---
    "VG-SETUP-VANGUARD": (
        "Vanguard de départ",
        "Chaque joueur commence avec une unité de grade 0 de son deck sur le cercle du Vanguard.",
    ),
    "VG-SETUP-MULLIGAN": (
        "Main de départ et mulligan",
        "Chaque joueur pioche cinq cartes et peut en repiocher une fois : les cartes rendues retournent dans le deck et on en pioche autant. La partie commence quand les deux joueurs ont décidé.",
    ),
    "VG-TURN-PHASES": (
        "Les phases d'un tour",
        "Un tour a six phases dans l'ordre : Stand Phase, Draw Phase, Ride Phase, Main Phase, Battle Phase, End Phase. Seul le joueur du tour agit, et chaque action appartient à sa phase.",
    ),
    "VG-STAND-PHASE": ("Stand Phase", "Au début de son tour, le joueur du tour redresse toutes ses unités."),
    "VG-DRAW-PHASE": ("Draw Phase", "Le joueur du tour pioche une carte."),
    "VG-RIDE-GRADE": (
        "Ride : le grade",
        "Une carte de la main peut faire un Ride sur le Vanguard si son grade est égal à celui du Vanguard ou supérieur d'un.",
    ),
    "VG-RIDE-ONCE": (
        "Ride : une fois par tour, en Ride Phase",
        "Un joueur fait au plus un Ride par tour, pendant sa Ride Phase.",
    ),
    "VG-RIDE-SOUL": (
        "Ride : l'ancien Vanguard devient l'âme",
        "La carte qui était le Vanguard passe sous le nouveau, dans l'âme.",
    ),
    "VG-CALL": (
        "Appeler des Arrière-gardes",
        "En Main Phase, le joueur du tour peut appeler autant d'unités qu'il veut de sa main sur les cercles d'Arrière-garde, chacune d'un grade inférieur ou égal à celui du Vanguard. Une unité appelée sur un cercle occupé retire l'unité qui s'y trouve.",
    ),
    "VG-MOVE": (
        "Déplacer les Arrière-gardes",
        "En Main Phase, une Arrière-garde peut se déplacer entre le cercle avant et le cercle arrière de sa colonne ; une unité déjà présente échange sa place avec elle.",
    ),
    "VG-ATTACK": (
        "Attaque",
        "En Battle Phase, une unité redressée de la première ligne du joueur du tour attaque une unité de la première ligne adverse et passe au repos.",
    ),
    "VG-BOOST": (
        "Boost",
        "Une unité redressée de grade 0 ou 1 placée juste derrière l'attaquant peut le booster : elle passe au repos et sa puissance s'ajoute à celle de l'attaquant pour ce combat. Les unités de grade 2 et 3 ne peuvent pas booster.",
    ),
    "VG-GUARD": (
        "Garde depuis la main",
        "Pendant une attaque, le défenseur peut poser des cartes de sa main sur le cercle de gardien ; chacune ajoute son bouclier à l'unité attaquée. Le grade d'un gardien ne doit pas dépasser celui du Vanguard du défenseur ; les cartes de grade 3 ne peuvent pas garder.",
    ),
    "VG-INTERCEPT": (
        "Intercepter",
        "Une Arrière-garde de grade 2 de la première ligne du défenseur, autre que l'unité attaquée, peut passer sur le cercle de gardien et ajouter son bouclier.",
    ),
    "VG-DRIVE-CHECK": (
        "Drive Check",
        "Après l'étape de Garde, un Vanguard qui attaque révèle la carte du dessus de son deck (deux pour un Vanguard de grade 3) ; un Trigger se résout, puis la carte va dans la main. Les Arrière-gardes ne font pas de Drive Check.",
    ),
    "VG-HIT": (
        "Toucher",
        "L'attaque touche quand la puissance d'attaque (avec le boost) est au moins égale à la puissance de l'unité attaquée plus le bouclier de chaque gardien.",
    ),
    "VG-HIT-REARGUARD": (
        "Une Arrière-garde touchée est retirée",
        "Une Arrière-garde touchée va dans la Drop Zone.",
    ),
    "VG-DAMAGE-CHECK": (
        "Damage Check",
        "Le joueur dont le Vanguard est touché fait un Damage Check par point de Critique de l'attaquant, un à la fois : il révèle la carte du dessus, résout son Trigger, puis la place dans la zone de dégâts.",
    ),
    "VG-GUARDIANS-RETIRED": (
        "Les gardiens sont retirés",
        "Après le combat, chaque gardien (venu de la main ou ayant intercepté) va dans la Drop Zone, que l'attaque ait touché ou non.",
    ),
    "VG-TRIGGER-CLAN": (
        "Condition d'un Trigger : le clan",
        "Un Trigger révélé n'a d'effet que si son clan correspond à une unité sur le terrain du joueur qui l'a révélé.",
    ),
    "VG-TRIGGER-CHOICE": (
        "Choix d'un Trigger",
        "Le joueur qui a révélé un Trigger effectif choisit, avec `assign_trigger`, l'unité qui reçoit la puissance (`power_to`) et, selon le Trigger, celle qui reçoit le Critique (`critical_to`) ou l'Arrière-garde à redresser (`stand_to`). Rien d'autre ne se passe avant ce choix.",
    ),
    "VG-TRIGGER-POWER": (
        "Puissance d'un Trigger",
        "Tout Trigger effectif donne +5000 de puissance (règles d'origine) ou +10000 (standard) à une unité jusqu'à l'End Phase.",
    ),
    "VG-TRIGGER-CRITICAL": (
        "Critical Trigger",
        "Un Critical Trigger donne aussi +1 Critique à une unité jusqu'à l'End Phase.",
    ),
    "VG-TRIGGER-DRAW": ("Draw Trigger", "Un Draw Trigger fait aussi piocher une carte."),
    "VG-TRIGGER-STAND": (
        "Stand Trigger",
        "Un Stand Trigger redresse aussi une des Arrière-gardes au repos du joueur.",
    ),
    "VG-TRIGGER-HEAL": (
        "Heal Trigger",
        "Un Heal Trigger fait aussi passer une carte de la zone de dégâts à la Drop Zone si les dégâts de ce joueur sont au moins égaux à ceux de l'adversaire.",
    ),
    "VG-TRIGGER-FRONT": (
        "Front Trigger (standard)",
        "Un Front Trigger donne +10000 de puissance à chaque unité de la première ligne de ce joueur ; aucun choix à faire.",
    ),
    "VG-TRIGGER-OVER": (
        "Over Trigger (standard)",
        "Un Over Trigger est retiré du jeu, fait piocher une carte et donne +100 000 000 de puissance à une unité.",
    ),
    "VG-FIRST-TURN-NO-BATTLE": (
        "Pas de combat au premier tour du premier joueur",
        "Le joueur qui commence saute la Battle Phase de son premier tour (tour 1) : de la Main Phase, le tour passe directement à l'End Phase, et aucune unité ne peut attaquer.",
    ),
    "VG-END-PHASE": (
        "End Phase et tour suivant",
        "Les bonus des Triggers prennent fin au début de l'End Phase ; puis commence le tour de l'autre joueur.",
    ),
    "VG-WIN-DAMAGE": (
        "Défaite à six dégâts",
        "Un joueur qui a six cartes ou plus dans sa zone de dégâts perd la partie.",
    ),
    "VG-WIN-DECK": (
        "Défaite avec un deck vide",
        "Un joueur dont le deck est vide perd aussitôt, même sans devoir piocher.",
    ),
    "VG-HIDDEN-CARD": (
        "Cartes inconnues",
        "Une carte piochée dans un deck donné par son nombre de cartes est inconnue ; elle ne peut servir ni pour un Ride, ni pour un appel, ni pour une Garde tant que le juge ne la décrit pas dans l'état.",
    ),
    # --- RaymanTCG ---
    "RAY-TINGS-START": (
        "Les Tings commencent à 0",
        "Les deux joueurs commencent avec 0 Ting ; les Tings sont le score de la partie et ne descendent jamais sous 0.",
    ),
    "RAY-WIN-TINGS": ("5000 Tings pour gagner", "Le premier joueur qui a 5000 Tings ou plus gagne aussitôt."),
    "RAY-WIN-NO-CREATURES": (
        "Plus aucune Créature nulle part",
        "Un joueur qui n'a plus de Créature ni dans son deck, ni dans sa main, ni dans sa zone de Créatures, alors que personne n'a 5000 Tings, perd : l'adversaire gagne.",
    ),
    "RAY-COMBAT-DAMAGE": (
        "L'attaque l'emporte sur la défense",
        "Quand l'ATK de la Créature qui attaque dépasse la DEF de la Créature attaquée, celle-ci perd ATK − DEF points de vie.",
    ),
    "RAY-COMBAT-COUNTER": (
        "La défense l'emporte sur l'attaque",
        "Quand la DEF de la Créature attaquée dépasse l'ATK de l'attaquant, l'attaquant perd DEF − ATK points de vie. À valeurs égales, aucun dégât dans un sens ni dans l'autre.",
    ),
    "RAY-HP-DESTROYED": (
        "Points de vie et destruction",
        "Les dégâts baissent les points de vie d'une Créature et la perte reste d'une attaque à l'autre ; une Créature à 0 point de vie ou moins est détruite et va au cimetière de son propriétaire.",
    ),
    "RAY-TINGS-OVERKILL": (
        "Des Tings pour une Créature détruite",
        "Détruire une Créature adverse au combat rapporte autant de Tings que de points de vie passés sous 0 après le coup fatal (0 Ting quand elle finit à exactement 0).",
    ),
    "RAY-DIRECT-ATTACK": (
        "Attaquer le joueur",
        "Une Créature ne peut attaquer le joueur adverse que s'il n'a aucune Créature dans sa zone de Créatures ; son contrôleur gagne alors autant de Tings que l'ATK de l'attaquant.",
    ),
    "RAY-ABILITY-DAMAGE": (
        "Les dégâts d'aptitude ignorent la défense",
        "Les dégâts infligés par l'aptitude d'une Créature à une autre Créature sont retirés en entier de ses points de vie, quelle que soit sa DEF.",
    ),
    "RAY-NO-TINGS-FROM-EFFECTS": (
        "Pas de Tings pour les aptitudes ni la Magie",
        "Une Créature détruite par une aptitude ou une carte Magie ne rapporte de Tings à personne.",
    ),
    "RAY-TINGS-CARDS": (
        "Cartes qui donnent ou retirent des Tings",
        "Certaines cartes font gagner ou perdre des Tings à un joueur ; un joueur n'a jamais moins de 0 Ting.",
    ),
    "RAY-COST-TERRAINS": (
        "Les Terrains paient le coût",
        "Une Créature ou une carte Magie coûte un nombre de Terrains : le joueur doit avoir autant de Terrains libres, qui restent en jeu. L'action de jeu nomme exactement les Terrains qui paient.",
    ),
    "RAY-TERRAIN-OCCUPIED": (
        "Une carte par Terrain et par tour",
        "Un Terrain paie pour une carte par tour et est ensuite occupé ; tous les Terrains redeviennent libres au début d'un nouveau tour.",
    ),
    "RAY-COST-COLOURED": (
        "Coûts colorés et incolores",
        "Un coût peut demander des Terrains d'un type donné (Terre, Air, Eau, Bon, Feu, Mauvais), payés seulement par des Terrains de ce type, et des Terrains incolores ('any'), payés par des Terrains de n'importe quel type.",
    ),
    "RAY-PLAY-TERRAIN": (
        "Les Terrains depuis la main",
        "Pendant sa phase principale, le joueur du tour peut poser autant de Terrains qu'il veut de sa main dans la zone des Terrains ; un nouveau Terrain est libre.",
    ),
    "RAY-ONE-CREATURE": (
        "Une Créature par tour",
        "Le joueur du tour peut jouer une seule Créature par tour, s'il a les Terrains qu'elle demande.",
    ),
    "RAY-ONE-MAGIC": (
        "Une carte Magie par tour",
        "Le joueur du tour peut jouer une seule carte Magie par tour, s'il a les Terrains qu'elle demande.",
    ),
    "RAY-ONE-ATTACK": (
        "Une attaque par tour",
        "À chaque tour, le joueur peut ordonner à une Créature de faire une attaque, contre une Créature ou le joueur.",
    ),
    "RAY-FIRST-TURN": (
        "Pas d'attaque au premier tour d'un joueur",
        "Aucun joueur ne peut attaquer, ni ordonner à une Créature d'utiliser une aptitude avant d'attaquer, pendant son propre premier tour.",
    ),
    "RAY-ABILITY-BEFORE-ATTACK": (
        "Les aptitudes avant l'attaque",
        "Le joueur du tour ordonne d'abord les aptitudes, puis l'attaque : une fois qu'il a attaqué ce tour-ci, ses Créatures n'utilisent plus d'aptitude.",
    ),
    "RAY-POWERS": (
        "Les pouvoirs sont obligatoires",
        "Un pouvoir (=>) s'applique toujours ; son contrôleur ne peut pas le refuser. Le moteur applique de lui-même les pouvoirs qu'il modélise (l'avantage).",
    ),
    "RAY-ADVANTAGE": (
        "Avantage entre égaux",
        "Une Créature qui a le pouvoir d'avantage et rencontre au combat une Créature du même pouvoir l'emporte : elle lui inflige 100 dégâts quand elle l'attaque, et l'attaquant s'inflige 100 dégâts quand il attaque la Créature qui a l'avantage.",
    ),
    "RAY-ABILITY-ONCE": (
        "Les aptitudes sont facultatives, une fois par tour",
        "Une aptitude (Capacité >) ne s'utilise que si son contrôleur le veut, au plus une fois par tour et par Créature ; une aptitude marquée (U) ne s'utilise qu'une fois dans la partie.",
    ),
    "RAY-STATS-FLOOR": (
        "ATK et DEF jamais sous 0",
        "Aucun effet ne peut faire passer l'ATK ou la DEF d'une Créature sous 0 : une baisse qui le ferait la laisse à 0.",
    ),
    "RAY-MAGIC": (
        "Les cartes Magie",
        "Les cartes Magie coûtent des Terrains comme les Créatures mais ne combattent jamais. Une carte Magie éphémère se résout aussitôt et va au cimetière ; une permanente reste dans la zone Magie tant que son contrôleur le veut, et son effet prend fin dès qu'elle quitte cette zone.",
    ),
    "RAY-TURN": (
        "Le tour",
        "Seul le joueur du tour agit. Un tour enchaîne pioche, phase principale (Terrains, une Créature, une carte Magie), attaque (aptitudes, puis une attaque) et fin ; finir son tour le passe à l'adversaire.",
    ),
    "RAY-DRAW": (
        "Piocher une carte",
        "Au début de chacun de ses tours, premier compris, le joueur pioche la carte du dessus de son deck.",
    ),
    "RAY-DECK-OUT": (
        "Piocher dans un deck vide",
        "Un joueur qui doit piocher dans un deck vide perd la partie.",
    ),
    "RAY-OPENING-HAND": (
        "Main de départ de sept cartes",
        "Chaque joueur commence la partie en piochant sept cartes ; un tirage à pile ou face décide qui commence.",
    ),
    "RAY-DECK-SIZE": ("Deck de 60 cartes", "Un deck compte 60 cartes."),
    "RAY-DECK-COPIES": (
        "Quatre exemplaires, un seul pour Boss, Unique et Invocation",
        "Un deck contient au plus quatre exemplaires d'une même carte, et un seul exemplaire d'une carte Boss, Unique ou Invocation.",
    ),
    "RAY-DECK-PREMIUM-TERRAINS": (
        "Terrains premium sans limite",
        "Les six Terrains premium peuvent être inclus en nombre quelconque, dans les 60 cartes ; les autres Terrains suivent la limite de quatre exemplaires.",
    ),
    "RAY-GAME-OVER": (
        "La partie est terminée",
        "Une fois qu'un joueur a gagné (ou que la partie est nulle), plus aucune action n'est possible.",
    ),
    # --- Arrows ---
    "ARR-LINES": (
        "Lignes d'Attaquant et de Défenseur",
        "Les Monstres de chaque joueur se placent sur deux lignes, les Attaquants devant et les Défenseurs derrière, chacune avec un nombre fixe d'emplacements. Un Monstre se pose depuis la main sur un emplacement libre de l'une ou l'autre ligne et peut ensuite passer à l'autre ligne.",
    ),
    "ARR-ATTACK-PHASE": (
        "Le combat en phase d'attaque",
        "Les Monstres combattent pendant la phase d'attaque du tour de leur contrôleur.",
    ),
    "ARR-NO-ATTACK-PLACED": (
        "Pas d'attaque le tour de la pose",
        "Un Monstre ne peut pas attaquer le tour où il a été posé, sauf si une carte dit le contraire.",
    ),
    "ARR-NO-ATTACK-SUMMONED": (
        "Pas d'attaque le tour de l'invocation",
        "Un Monstre invoqué (normalement ou spécialement) depuis la main ou le cimetière ne peut pas attaquer ce tour-là, sauf si une carte dit le contraire.",
    ),
    "ARR-ATTACKER-LINE": (
        "Les attaques partent de la ligne d'Attaquant",
        "Seul un Monstre de la ligne d'Attaquant peut attaquer.",
    ),
    "ARR-FULL-ATTACKER-LINE": (
        "Les Défenseurs attaquent une ligne d'Attaquant pleine",
        "Quand les Monstres adverses occupent tous les emplacements de leur ligne d'Attaquant, les Défenseurs peuvent aussi attaquer, mais seulement les Monstres attaquants de l'adversaire.",
    ),
    "ARR-DESTROYED-GRAVEYARD": (
        "Les Monstres détruits vont au cimetière",
        "Un Monstre détruit va au cimetière de son propriétaire, sauf si une carte dit le contraire.",
    ),
    "ARR-EFFECTS-BEFORE-ARROWS": (
        "Les effets d'ATK et de DEF avant les flèches",
        "Quand un Monstre est posé, ses propres effets d'ATK et de DEF s'appliquent d'abord, puis son effet RET, et seulement ensuite ses flèches agissent.",
    ),
    "ARR-EFFECTS-ONCE": (
        "Chaque effet se déclenche une fois",
        "L'effet ATK, l'effet DEF et l'effet RET d'une carte ne peuvent chacun être déclenchés qu'une fois.",
    ),
    "ARR-RET-STACK": (
        "Les effets RET se cumulent",
        "Les effets RET reçus par un Monstre s'additionnent ; pas les effets ATK et DEF : un Monstre porte un seul effet ATK et un seul effet DEF à la fois, un nouveau remplaçant le précédent.",
    ),
    "ARR-FLIP": (
        "Les flèches retournent les Monstres",
        "Quand un joueur pose ou déplace un Monstre sur sa ligne d'Attaquant, celui-ci fait face au Monstre du même emplacement de la ligne d'Attaquant adverse ; si ses flèches sont supérieures, ce Monstre est retourné : il change de camp.",
    ),
    "ARR-FLIP-OWN-TURN": (
        "Seules les flèches du joueur qui agit retournent",
        "Seul le Monstre posé ou déplacé, pendant le tour de son contrôleur, retourne avec ses flèches : un Monstre qui se place face à une flèche supérieure n'est pas retourné, ni plus tard, puisque seule une pose ou un déplacement retourne.",
    ),
    "ARR-ONE-ATTACK": (
        "Une attaque par Monstre",
        "Chaque Monstre attaque une fois par tour, sauf si une carte dit le contraire.",
    ),
    "ARR-DEFENDER-MOVED": (
        "Un Défenseur passé en ligne d'Attaquant peut attaquer",
        "Un Défenseur qui passe sur la ligne d'Attaquant peut attaquer ce tour-là, un Monstre ou le joueur selon la situation.",
    ),
    "ARR-DIRECT-ATTACK": (
        "Attaquer le joueur",
        "Un Monstre ne peut attaquer les Points de Vie adverses que si l'adversaire n'a aucun Monstre sur sa ligne de Défenseur ; le joueur perd autant de Points de Vie que l'ATK de l'attaquant.",
    ),
    "ARR-COMBAT-DAMAGE": (
        "Le combat blesse les joueurs",
        "Quand un Monstre attaque un Monstre, le joueur dont le Monstre est battu perd la différence : quand l'ATK de l'attaquant dépasse la DEF de la cible, le contrôleur de la cible perd ATK − DEF Points de Vie.",
    ),
    "ARR-DEF-HIGHER": (
        "La défense au-dessus de l'attaque",
        "Quand la DEF de la cible dépasse l'ATK de l'attaquant, le Monstre attaquant est détruit et son contrôleur perd DEF − ATK Points de Vie.",
    ),
    "ARR-EQUAL": (
        "Attaque et défense égales",
        "Quand l'ATK de l'attaquant égale la DEF de la cible, aucun Monstre n'est détruit et aucun joueur ne subit de dégâts.",
    ),
    "ARR-DAMAGE-ACCUMULATES": (
        "Les dégâts sur un Monstre s'accumulent",
        "Un Monstre attaqué subit l'ATK de l'attaquant en dégâts, qui s'ajoutent à ceux qu'il a déjà subis ; il n'est détruit que lorsque ce total dépasse sa DEF.",
    ),
    "ARR-TURN-EFFECTS": (
        "Les effets de tour à la toute fin",
        "Les effets qui ont lieu « à la fin du tour » se résolvent à la toute fin de la phase de fin, au moment où le tour est passé.",
    ),
    "ARR-MONSTER-PRIORITY": (
        "Les effets de Monstre avant la Magie",
        "Quand des effets de Monstre et des effets de cartes Magie sont dus en même temps, les effets de Monstre se résolvent d'abord.",
    ),
    "ARR-HALVE-ROUND-UP": (
        "Diviser les Points de Vie arrondit au supérieur",
        "Un effet qui divise par deux les Points de Vie d'un joueur (ou lui en retire la moitié) laisse la moitié supérieure : 15 devient 8. Les Points de Vie sont toujours entiers.",
    ),
    "ARR-STOLEN-RESET": (
        "Un Monstre pris perd ses effets d'ATK et de DEF",
        "Quand un Monstre est pris et change de camp, les effets d'ATK et de DEF qu'il porte sont annulés : son ATK et sa DEF reviennent à leurs valeurs sans eux.",
    ),
    "ARR-LIFE-POINTS": (
        "Points de Vie",
        "Les dégâts sont retirés des Points de Vie d'un joueur, qui ne descendent jamais sous 0 ; un joueur à 0 perd, et deux joueurs qui tombent à 0 ensemble font match nul.",
    ),
    "ARR-TURN": (
        "Le tour",
        "Seul le joueur du tour agit. Un tour enchaîne pioche, phase principale (poser et déplacer des Monstres), attaque et fin ; finir le tour efface les marques du tour et le passe à l'adversaire.",
    ),
    "ARR-DECK-OUT": (
        "Piocher dans un deck vide",
        "Un joueur qui doit piocher dans un deck vide perd la partie.",
    ),
    "ARR-GAME-OVER": (
        "La partie est terminée",
        "Une fois qu'un joueur a perdu, plus aucune action n'est possible.",
    ),
}
