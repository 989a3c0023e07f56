# ruff: noqa: E501  (one entry per line: its key and its French text)
"""The rest of the engine's own words in French: rule sets and readings.

``RULESETS`` gives, for each ``(game, rule-set key)``, the French ``(title, description)``;
``INTERPRETATIONS`` gives, for each rule id whose ``interpretation`` is set, its French (shown as
"Notre lecture"). Field, action and flag names (`drawn`, `next_phase`, `trigger_needs_clan`…) are
those of the JSON documents and stay as they are. ``tests/rulings/engine/test_i18n.py`` checks that
every rule set and every interpretation is here, and nothing else.
"""

from __future__ import annotations

RULESETS: dict[tuple[str, str], tuple[str, str]] = {
    ("yugioh", "current"): (
        "Règles TCG actuelles",
        "Les règles officielles TCG d'aujourd'hui (à partir de la Master Rule 3) : le premier joueur ne pioche pas au tour 1, chaque joueur a sa propre Zone Terrain, seul le joueur du tour se défausse jusqu'à 6 cartes pendant son End Phase, et deux monstres à 0 ATK qui s'affrontent ne sont pas détruits.",
    ),
    ("yugioh", "classic"): (
        "Ancien livret de règles",
        "L'ancien livret de règles de yugioh-reglement.txt : le premier joueur pioche au tour 1, une seule Magie de Terrain pour tout le terrain, la limite de cartes en main s'applique à tout joueur qui a plus de 6 cartes à la fin d'un tour, et deux monstres à 0 ATK en Position d'Attaque se détruisent mutuellement comme pour toute égalité d'ATK.",
    ),
    ("vanguard", "original"): (
        "Original (le texte français tel qu'il est écrit, 2011–2017)",
        "Les Triggers donnent +5000 de puissance ; seulement des Critical, Draw, Stand et Heal Triggers.",
    ),
    ("vanguard", "standard"): (
        "Standard (les règles officielles d'aujourd'hui)",
        "Les Triggers donnent +10000 de puissance ; les Front et Over Triggers existent ; un deck compte au plus un Over Trigger et au plus quatre Sentinelles ; le joueur qui commence passe la Battle Phase de son premier tour.",
    ),
    ("rayman", "standard"): (
        "Règles de RaymanTCG (raymind.raymanpc.com)",
        "La page de règles de la RaymanTCG Team : 0 Ting au départ, 5000 pour gagner, une main de départ de sept cartes, une Créature, une carte Magie et une attaque par tour, pas d'attaque au premier tour de chaque joueur.",
    ),
    ("arrows", "standard"): (
        "Règles des combats de monstres d'Arrows",
        "Le texte « Règles des Combats de Monstres » : lignes d'Attaquant et de Défenseur, flèches qui retournent les Monstres quand ils sont posés ou déplacés, effets ATK/DEF/RET, dégâts aux joueurs, Points de Vie divisés par deux arrondis au supérieur, effets de tour à la toute fin de la phase de fin.",
    ),
}

INTERPRETATIONS: dict[str, str] = {
    # --- Yu-Gi-Oh! ---
    "YGO-TURN-PHASES": "Le texte compte le calcul des dommages comme une phase ; nous le traitons comme une partie de la Battle Phase, comme le fait le texte actuel de la Battle Phase.",
    "YGO-TRIBUTE-COUNT": "Le texte français dit seulement qu'un monstre de Niveau supérieur à 4 demande un Sacrifice ; les nombres viennent des notes officielles.",
    "YGO-MONSTER-ZONES": "Les cinq zones sont le terrain de tous les livrets de règles ; l'état de la spécification les énumère.",
    "YGO-SPELL-QUICK-PLAY": "Règle officielle actuelle : depuis la main seulement pendant son propre tour ; une Magie Jeu-Rapide Posée ne peut pas être activée le tour où elle a été Posée.",
    "YGO-CHAIN-RESPONSE": "Les règles officielles (notes) permettent aussi à la Vitesse de Sort 2 de répondre à la Vitesse de Sort 2 ; nous les suivons dans les deux jeux de règles.",
    "YGO-HAND-LIMIT-ANY-PLAYER": "Le texte français dit « votre tour » ; les notes rapportent que le livret de règles v8.0 appliquait la limite à tout joueur, et c'est la lecture que garde le jeu de règles classique.",
    # --- Cardfight!! Vanguard ---
    "VG-SETUP-VANGUARD": "Un état en phase de mise en place dont le Vanguard n'est pas de grade 0 est un document mal formé.",
    "VG-SETUP-MULLIGAN": "Le vrai deck est mélangé ensuite ; le replay pioche les remplaçantes sur le dessus et place les cartes rendues en dessous, pour que le résultat soit reproductible. Avec un deck donné par son nombre de cartes, les cartes piochées sont données dans `drawn` ou restent cachées.",
    "VG-TURN-PHASES": "La Stand Phase ne demande aucun choix : elle passe d'elle-même à la Draw Phase, dont la pioche se fait en y entrant (`draw_done`) ; `next_phase` mène ensuite à la Ride Phase. `next_phase` et `end_turn` sont refusés tant qu'un combat attend encore un choix.",
    "VG-DRAW-PHASE": 'D\'un deck donné par son nombre de cartes, la carte piochée est inconnue : elle entre dans la main comme {"hidden": true} et ne peut pas être utilisée avant que le juge la décrive.',
    "VG-RIDE-GRADE": "Le texte ne nomme que le grade suivant ; les juges permettent aussi un Ride du même grade (règles officielles), les deux sont donc légaux.",
    "VG-RIDE-ONCE": "Le texte donne au Ride sa propre phase ; la limite d'un Ride par tour est la règle officielle.",
    "VG-RIDE-SOUL": "Le nouveau Vanguard garde l'état redressé ou au repos de l'ancien ; les bonus ne sont pas conservés.",
    "VG-CALL": "Appeler sur un cercle occupé retire l'ancienne Arrière-garde (règle officielle).",
    "VG-MOVE": "Seulement dans une colonne (FL↔BL, FR↔BR) ; le centre arrière reste derrière le Vanguard. Un déplacement garde l'état redressé ou au repos de l'unité.",
    "VG-BOOST": "L'unité qui booste passe au repos (règle officielle), et sa puissance compte telle qu'elle est au moment où l'on décide si l'attaque touche : un bonus de Trigger qui lui est donné compte donc.",
    "VG-GUARD": "La limite de grade est la règle officielle ; une carte sans bouclier (null) ne peut pas garder. La garde peut se faire en plusieurs actions `guard` ; `guard` avec `\"cards\": []` termine l'étape de Garde, comme toute autre action (le replay la clôt avant la prochaine action qui n'est pas une garde ou une interception du défenseur).",
    "VG-INTERCEPT": "Redressée ou au repos, peu importe (le texte ne pose aucune condition ; une unité qui a attaqué pendant son propre tour reste au repos et intercepte quand même). Le bouclier de sa carte s'ajoute (5000, comme le dit le texte pour les unités de grade 2).",
    "VG-DRIVE-CHECK": "Un grade 3 ou plus donne deux checks. Avec un deck donné par son nombre de cartes, l'attaque porte les cartes révélées dans `drive_checks` ; s'il en manque une, le document est mal formé. Un check sur un deck vide n'a pas lieu.",
    "VG-HIT-REARGUARD": "Le « cimetière » du texte est la Drop Zone.",
    "VG-DAMAGE-CHECK": "Le critique est lu après les Drive Checks : un Critical Trigger donné à l'attaquant compte donc. Avec un deck donné par son nombre de cartes, l'attaque porte les cartes révélées dans `damage_checks`.",
    "VG-TRIGGER-CLAN": "« Le joueur actif » est le joueur qui fait le check (pour un Damage Check, le défenseur). Le terrain, ce sont les cercles du Vanguard et des Arrière-gardes. Un clan laissé à null ne correspond qu'aux unités dont le clan est aussi null (une situation qui ne modélise pas les clans). Gardé dans les deux jeux de règles (indicateur `trigger_needs_clan`).",
    "VG-TRIGGER-CHOICE": "Toute autre action pendant qu'un choix attend est illégale et nomme les champs manquants. `stand_to` peut être omis quand une seule Arrière-garde est au repos ; `heal` (la carte de dégâts à soigner) vaut par défaut la dernière carte de la zone de dégâts, l'identité des cartes de dégâts ne changeant ici aucune règle.",
    "VG-TRIGGER-POWER": "Les bonus prennent fin au début de l'End Phase. Standard : +10000 depuis 2018.",
    "VG-TRIGGER-STAND": "Le texte dit « unité » ; le texte de la carte Trigger dit Arrière-garde, et un juge suit la carte : le Vanguard ne peut donc pas être redressé.",
    "VG-TRIGGER-HEAL": "Comparé quand le Trigger se résout, avant que la carte révélée soit placée dans la zone de dégâts : un Heal Trigger révélé comme sixième dégât sauve donc le joueur.",
    "VG-TRIGGER-FRONT": "Absent du texte français (ère D, règles officielles) ; la carte est ensuite placée comme toute carte révélée.",
    "VG-TRIGGER-OVER": "Absent du texte français (ère D, règles officielles) ; la capacité supplémentaire propre à la carte n'est pas modélisée. La carte retirée va dans la zone `removed` du joueur.",
    "VG-FIRST-TURN-NO-BATTLE": "Le texte français ne dit rien du premier tour : lu tel qu'il est écrit (`original`), le premier joueur peut attaquer au tour 1. La règle officielle d'aujourd'hui (`standard`, indicateur `first_turn_no_battle`) saute la Battle Phase du premier tour de la partie (`turn` 1, celui du premier joueur) : `next_phase` depuis la Main Phase entre dans l'End Phase, et une attaque est illégale même dans un état donné en Battle Phase du tour 1. `legal_actions` ne liste alors aucune attaque.",
    "VG-WIN-DAMAGE": "Le texte vérifie après le combat ; les règles officielles, à chaque moment de vérification. Un Heal retire sa carte avant que la carte révélée n'arrive : une zone de dégâts qui a atteint six pendant un combat ne repasse donc jamais sous six, et les deux lectures donnent le même gagnant. Le moteur vérifie après chaque action ; si les deux joueurs perdent en même temps, la partie est nulle.",
    "VG-WIN-DECK": "Vérifié après chaque action, y compris au milieu d'un combat.",
    "VG-HIDDEN-CARD": "Convention du moteur, pas une règle du jeu : le replay ne devine jamais une carte.",
    # --- RaymanTCG ---
    "RAY-TINGS-START": "Le texte ne montre jamais un score négatif ; une carte qui fait perdre des Tings à un joueur s'arrête à 0.",
    "RAY-WIN-NO-CREATURES": "Vérifié dès que la situation se produit, quoi qu'ait retiré la dernière Créature. Un deck donné par un nombre de cartes supérieur à 0 a un contenu inconnu et est réputé contenir encore des Créatures ; de même pour une carte qui y est piochée. Si les deux joueurs n'en ont plus en même temps, la partie est nulle.",
    "RAY-COMBAT-COUNTER": "Une Créature détruite par ces dégâts compte comme détruite par la Créature attaquée : son contrôleur gagne les Tings (RAY-TINGS-OVERKILL).",
    "RAY-HP-DESTROYED": "Une carte au cimetière est listée avec ses Points de Vie revenus à leur maximum.",
    "RAY-DIRECT-ATTACK": "La requête de dégâts donne comme dégâts d'une attaque directe à la cible l'ATK de l'attaquant.",
    "RAY-TINGS-CARDS": "Modélisé par les étapes génériques gain_tings et lose_tings ; la perte s'arrête à 0 (RAY-TINGS-START).",
    "RAY-COST-TERRAINS": "Nommer plus de Terrains que le coût est refusé plutôt que de les occuper pour rien, et le moteur ne choisit jamais les Terrains à la place du joueur.",
    "RAY-ONE-CREATURE": "Une Créature peut attaquer le tour où elle est jouée : le texte ne pose aucune restriction de ce genre.",
    "RAY-FIRST-TURN": "`turn` compte les tours des deux joueurs à partir de 1 : les tours 1 et 2 sont les premiers tours du premier et du second joueur. L'exception couvre tout l'ordre (aptitude, puis attaque) ; Créatures, cartes Magie et Terrains peuvent être joués pendant un premier tour. Des dégâts d'aptitude donnés sans Créature `source` sont un effet de carte et ne sont pas restreints.",
    "RAY-ABILITY-BEFORE-ATTACK": "Lu comme l'ordre de tout le tour (« d'abord ... ensuite »), pas seulement de la Créature qui attaque. Il s'impose aux aptitudes données avec une Créature `source` ; des dégâts d'aptitude sans source sont un effet de carte et ne sont pas restreints.",
    "RAY-ADVANTAGE": "« Même pouvoir » est lu comme un combat à égalité : l'ATK de l'attaquant égale la DEF de la Créature attaquée. Les dégâts d'avantage sont fixés à 100 (le chiffre de l'exemple ; indicateur advantage_damage), pas une part des valeurs. Quand les deux Créatures ont l'avantage, ils s'annulent.",
    "RAY-ABILITY-ONCE": "Suivi sur la Créature qui l'utilise (la `source` de ability_damage) : ability_used_this_turn, et unique_ability_used quand son aptitude est marquée (U) (unique_ability). Une Créature qui quitte le terrain perd les deux marques.",
    "RAY-MAGIC": "Une carte Magie porte un magic_type ephemeral ou permanent ; l'effet lui-même est modélisé par les étapes génériques qui la suivent (ability_damage, destroy, modify_stats, gain_tings, lose_tings).",
    "RAY-TURN": "Terrains, Créatures et cartes Magie se jouent en phase principale, les attaques en phase d'attaque, les aptitudes dans l'une ou l'autre. Entrer dans la phase de pioche fait piocher aussitôt (draw_done) et le tour y attend jusqu'à next_phase, comme dans les autres jeux du site.",
    "RAY-DECK-OUT": "Le texte ne dit pas ce qui se passe quand le deck est vide. Nous suivons la lecture commune des jeux de cartes (et du contrat des situations) : la pioche est obligatoire, et un joueur qui ne peut pas piocher perd. Indicateur empty_deck_draw_loses.",
    "RAY-DECK-SIZE": "Lu comme exactement 60 (indicateur deck_size).",
    "RAY-DECK-COPIES": "Des cartes sont identiques quand elles portent le même nom (indicateurs max_copies, single_copy_types).",
    "RAY-DECK-PREMIUM-TERRAINS": "L'indicateur unlimited_copies liste les noms des six Terrains premium.",
    # --- Arrows ---
    "ARR-LINES": "Chaque ligne a `line_spaces` emplacements : ce que dit l'état, sinon autant qu'en liste sa plus longue ligne, et au moins 3 (indicateur line_spaces) ; une ligne est listée emplacement par emplacement, un emplacement vide valant null. Poser et déplacer prennent le premier emplacement libre, sauf si l'action nomme un `space`. Les Monstres se posent et se déplacent en phase principale, en nombre quelconque.",
    "ARR-NO-ATTACK-PLACED": "placed_this_turn le marque ; la marque s'efface à la fin du tour.",
    "ARR-NO-ATTACK-SUMMONED": "`place` accepte une carte de la main ou du Cimetière (une invocation spéciale par un effet) ; les deux marquent le Monstre placed_this_turn. De même pour un Monstre qui arrive par un retournement ou un vol.",
    "ARR-ATTACKER-LINE": "Un Attaquant peut cibler n'importe quel Monstre de l'adversaire (sur l'une ou l'autre ligne), ou le joueur selon ARR-DIRECT-ATTACK.",
    "ARR-DESTROYED-GRAVEYARD": "Au Cimetière, il ne garde ni dégâts, ni bonus d'effet, ni marques du tour.",
    "ARR-EFFECTS-BEFORE-ARROWS": 'Une carte Monstre peut porter des `effects` ({"atk": n, "def": n, "ret": n}) qui s\'appliquent à elle-même quand elle est posée.',
    "ARR-EFFECTS-ONCE": "Suivi sur la carte dont c'est l'effet (`effects_used`) ; un effet de carte donné sans carte source (une carte Magie, qui quitte le jeu) n'est pas suivi.",
    "ARR-RET-STACK": "Dire que les effets RET se cumulent est lu comme les distinguer des effets ATK et DEF, qui se remplacent donc (atk_bonus, def_bonus), tandis que les effets RET s'additionnent (ret_bonus). Un effet RET renforce les flèches du Monstre.",
    "ARR-FLIP": "Le texte ne décrit pas le plateau. Notre modèle : `arrows` est un nombre, la force des flèches qu'un Monstre pointe sur le Monstre qui lui fait face (une liste de directions de flèches compte une par flèche), plus son ret_bonus ; les deux lignes d'Attaquant se font face emplacement par emplacement ; les Défenseurs ne font face à rien. Un Monstre retourné est pris par le joueur qui le retourne (un vol, ARR-STOLEN-RESET) sur le premier emplacement libre de sa ligne de Défenseur, sinon de sa ligne d'Attaquant ; sans emplacement libre, il n'est pas retourné. Des flèches égales ne retournent rien.",
    "ARR-DEFENDER-MOVED": "Un déplacement n'est pas une pose : il laisse placed_this_turn inchangé.",
    "ARR-COMBAT-DAMAGE": "La section à laquelle il renvoie n'est pas dans notre texte ; nous le lisons symétriquement au cas énoncé d'une DEF plus élevée (ARR-DEF-HIGHER).",
    "ARR-DAMAGE-ACCUMULATES": "damage_taken garde le total d'un tour à l'autre tant que le Monstre reste en jeu ; les effets s'y ajoutent avec damage_monster.",
    "ARR-TURN-EFFECTS": "Ils attendent dans les `turn_effects` de l'état (ajoutés par inflict_damage ou halve_lp avec at_end_of_turn: true) et se résolvent dans l'ordre quand le tour se termine.",
    "ARR-MONSTER-PRIORITY": "Appliqué aux effets de tour qui attendent la fin du tour : ceux des Monstres se résolvent avant ceux des cartes Magie, chaque groupe dans l'ordre où il a été ajouté.",
    "ARR-STOLEN-RESET": "Son bonus RET, ses dégâts et la trace des effets qu'il a déjà déclenchés restent ; il arrive dans son nouveau camp comme un Monstre posé ce tour-ci.",
    "ARR-LIFE-POINTS": "Le texte ne dit pas qu'un joueur à 0 Point de Vie perd ; nous suivons la lecture commune aux jeux de cartes.",
    "ARR-TURN": "Notre texte ne nomme que la phase d'attaque ; les autres suivent le contrat des situations. Entrer dans la phase de pioche fait piocher une carte aussitôt (draw_done) et le tour y attend jusqu'à next_phase.",
    "ARR-DECK-OUT": "Notre texte ne dit rien de la pioche ni du deck ; nous suivons le contrat des situations (entrer dans la phase de pioche fait piocher, ou perdre si le deck est vide). Indicateur empty_deck_draw_loses.",
    "ARR-GAME-OVER": "Le texte ne décrit pas la fin de la partie ; voir ARR-LIFE-POINTS et ARR-DECK-OUT.",
}
