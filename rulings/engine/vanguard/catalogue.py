"""Rule sets and the rules catalogue of Cardfight!! Vanguard.

Every ``VG-…`` id points to a passage of ``vanguard-regles.txt`` (the French text in
``/work/shared/rules``). Where that text is silent or ambiguous, the reading a Vanguard judge
applies is written down in the entry's ``interpretation`` — in this file only, so changing a
reading means changing one place (its flag in ``RULESETS`` or the code the entry names).
"""

from __future__ import annotations

from types import MappingProxyType

from ..base import Rule, RuleSet

SOURCE = "vanguard-regles.txt"

# The trigger icons each rule set knows; a card with another icon is a malformed document there.
ORIGINAL_TRIGGERS = ("critical", "draw", "stand", "heal")
STANDARD_TRIGGERS = ("critical", "draw", "stand", "heal", "front", "over")

_COMMON_FLAGS = {
    # Deck construction (read by the deck checks, not by the battle engine).
    "deck_size": 50,
    "trigger_count": 16,
    "max_per_name": 4,
    "max_heal_triggers": 4,
    # Play.
    "opening_hand": 5,
    "mulligans": 1,
    "damage_to_lose": 6,
    "trigger_needs_clan": True,
}

RULESETS: MappingProxyType[str, RuleSet] = MappingProxyType(
    {
        "original": RuleSet(
            key="original",
            title="Original (the French text as written, 2011–2017)",
            description="Triggers give +5000 power; critical, draw, stand and heal triggers only.",
            flags=MappingProxyType(
                {
                    **_COMMON_FLAGS,
                    "trigger_power": 5000,
                    "triggers": ORIGINAL_TRIGGERS,
                    "max_over_triggers": None,
                    "max_sentinels": None,
                    # The text is silent: the first player may attack on the first turn.
                    "first_turn_no_battle": False,
                }
            ),
        ),
        "standard": RuleSet(
            key="standard",
            title="Standard (today's official rules)",
            description=(
                "Triggers give +10000 power; Front and Over triggers exist; a deck holds at most one Over "
                "trigger and at most four Sentinels; the player who goes first skips the battle phase of "
                "their first turn."
            ),
            flags=MappingProxyType(
                {
                    **_COMMON_FLAGS,
                    "trigger_power": 10000,
                    "triggers": STANDARD_TRIGGERS,
                    "over_trigger_power": 100_000_000,
                    "max_over_triggers": 1,
                    "max_sentinels": 4,
                    # VG-FIRST-TURN-NO-BATTLE: the first player skips the battle phase of turn 1.
                    "first_turn_no_battle": True,
                }
            ),
        ),
    }
)
DEFAULT_RULESET = "original"


def _rule(
    id: str,
    title: str,
    summary: str,
    passage: str,
    *,
    passage_en: str,
    rulesets: tuple[str, ...] = (),
    interpretation: str = "",
) -> Rule:
    return Rule(
        id=id,
        title=title,
        summary=summary,
        source=SOURCE,
        passage=passage,
        passage_en=passage_en,
        rulesets=rulesets,
        interpretation=interpretation,
    )


_RULES = [
    _rule(
        "VG-SETUP-VANGUARD",
        "Starting vanguard",
        "Each player starts with a grade 0 unit from their deck on the vanguard circle.",
        "Etape 1) Choix du Vanguard de Base — Il s'agit d'un Grade 0 depuis le deck",
        passage_en="Step 1) Choosing the starting Vanguard — It is a Grade 0 from the deck",
        interpretation="A state in the setup phase whose vanguard is not a grade 0 is a malformed document.",
    ),
    _rule(
        "VG-SETUP-MULLIGAN",
        "Opening hand and mulligan",
        "Each player draws five cards and may redraw once: the returned cards go back to the deck and "
        "the same number is drawn again. The game starts when both players have decided.",
        "Etape 2) Piocher 5 cartes — Il est possible de pratiquer un Mulligan : c'est à dire, refaire sa "
        "main une seule fois en renvoyant les cartes [...] dans votre deck, avant d'en repiocher le même "
        "nombre que de cartes renvoyées.",
        passage_en="Step 2) Draw 5 cards — You may take a Mulligan: that is, redo your hand once only by "
        "returning the cards [...] to your deck, before drawing again as many cards as you returned.",
        interpretation="The real deck is shuffled afterwards; the replay draws the replacements from the top "
        "and puts the returned cards at the bottom, so the result is reproducible. With a deck given as a "
        "count, the drawn cards are given in `drawn` or stay hidden.",
    ),
    _rule(
        "VG-TURN-PHASES",
        "Phases of a turn",
        "A turn has six phases in order: stand, draw, ride, main, battle, end. Only the turn player acts, "
        "and each action belongs to its phase.",
        "Etape 3) Débuter la partie — Il y a 6 phases pour chaque tour",
        passage_en="Step 3) Starting the game — Each turn has 6 phases",
        interpretation="The stand phase holds no choice: it passes by itself into the draw phase, whose "
        "draw is made on entering it (`draw_done`); `next_phase` then leads to the ride phase. `next_phase` "
        "and `end_turn` are refused while a battle still waits for a choice.",
    ),
    _rule(
        "VG-STAND-PHASE",
        "Stand phase",
        "At the start of their turn, the turn player stands all their units.",
        "Phase A) Stand Phase — Redresse toutes vos unités en format portrait",
        passage_en="Phase A) Stand Phase — Stand all your units upright (portrait)",
    ),
    _rule(
        "VG-DRAW-PHASE",
        "Draw phase",
        "The turn player draws one card.",
        "Phase B) Draw Phase — Piochez 1 carte",
        passage_en="Phase B) Draw Phase — Draw 1 card",
        interpretation="From a deck given as a count, the drawn card is unknown: it enters the hand as "
        '{"hidden": true} and cannot be used until the judge describes it.',
    ),
    _rule(
        "VG-RIDE-GRADE",
        "Ride: grade",
        "A card from the hand may be ridden on the vanguard if its grade is the same as the vanguard's "
        "or one higher.",
        "Phase C) Ride Phase — Chevaucher un grade d'une unité supérieure sur le Vanguard, depuis la main.",
        passage_en="Phase C) Ride Phase — Ride a unit one grade higher onto the Vanguard, from the hand.",
        interpretation="The text names only the next grade; judges also allow a ride of the same grade "
        "(official rules), so both are legal.",
    ),
    _rule(
        "VG-RIDE-ONCE",
        "Ride: once per turn, in the ride phase",
        "A player rides at most once per turn, during their ride phase.",
        "Phase C) Ride Phase — Chevaucher [...] sur le Vanguard, depuis la main.",
        passage_en="Phase C) Ride Phase — Ride [...] onto the Vanguard, from the hand.",
        interpretation="The text gives the ride its own phase; the once-per-turn limit is the official rule.",
    ),
    _rule(
        "VG-RIDE-SOUL",
        "Ride: the old vanguard becomes soul",
        "The card that was the vanguard goes under the new one, into the soul.",
        "Phase C) Ride Phase — La carte du dessous devient le Soul/Esprit.",
        passage_en="Phase C) Ride Phase — The card underneath becomes the Soul.",
        interpretation="The new vanguard keeps the old one's standing or resting state; bonuses do not carry "
        "over.",
    ),
    _rule(
        "VG-CALL",
        "Call rear-guards",
        "In the main phase, the turn player may call any number of units from the hand to rear-guard "
        "circles, each of a grade equal to or lower than the vanguard's. A unit called onto an occupied "
        "circle retires the unit there.",
        "Phase D) Main Phase — invoquer d'autres monstres depuis la main, d'un Grade égal ou inférieur au "
        "Vanguard autant que souhaité.",
        passage_en="Phase D) Main Phase — call other monsters from the hand, of a Grade equal to or lower "
        "than the Vanguard, as many as you wish.",
        interpretation="Calling over an occupied circle retires the old rear-guard (official rule).",
    ),
    _rule(
        "VG-MOVE",
        "Move rear-guards",
        "In the main phase, a rear-guard may move between the front and the back circle of its column; a "
        "unit already there swaps places with it.",
        "Phase D) Main Phase — déplacer des monstres alliés de l'avant à l'arrière et inversement.",
        passage_en="Phase D) Main Phase — move allied monsters from the front to the back and back again.",
        interpretation="Only within a column (FL↔BL, FR↔BR); the back centre stays behind the vanguard. "
        "A move keeps the unit's standing or resting state.",
    ),
    _rule(
        "VG-ATTACK",
        "Attack",
        "In the battle phase, a standing unit of the turn player's front row attacks a unit of the "
        "opponent's front row and is rested.",
        "2/ L'unité avant est engagée format paysage, et déclare l'attaque en choisissant une cible adverse "
        "sur la ligne de front (et pas sur la ligne arrière).",
        passage_en="2/ The front unit is rested (turned landscape) and declares the attack by choosing an "
        "opposing target in the front row (and not in the back row).",
    ),
    _rule(
        "VG-BOOST",
        "Boost",
        "A standing grade 0 or grade 1 unit directly behind the attacker may boost it: it is rested and its "
        "power is added to the attacker's for that battle. Grade 2 and 3 units cannot boost.",
        "1/ L'unité arrière (s'il y en a une) booste l'unité devant elle : on en fait une somme. — Grade 2 : "
        "[...] ne peuvent booster des unités.",
        passage_en="1/ The back unit (if there is one) boosts the unit in front of it: their power is added "
        "together. — Grade 2: [...] cannot boost units.",
        interpretation="The booster is rested (official rule), and its power counts as it is when the hit "
        "is decided, so a trigger bonus given to it counts.",
    ),
    _rule(
        "VG-GUARD",
        "Guard from the hand",
        "During an attack the defender may put cards from the hand on the guardian circle; each adds its "
        "shield to the attacked unit. A guardian's grade must not exceed the defender's vanguard; grade 3 "
        "cards cannot guard.",
        "3/ L'adversaire a le choix ou non de défendre/Guard avec une ou plusieurs cartes depuis sa main. — "
        "Grade 3 : [...] Cependant, elles ne peuvent défendre.",
        passage_en="3/ The opponent may choose whether or not to defend/Guard with one or more cards from "
        "their hand. — Grade 3: [...] However, they cannot defend.",
        interpretation="The grade limit is the official rule; a card with no shield (null) cannot guard. "
        'Guarding may take several `guard` actions; `guard` with `"cards": []` ends the guard step, and so '
        "does any other action (the replay closes it before the next action that is not the defender's "
        "guard or intercept).",
    ),
    _rule(
        "VG-INTERCEPT",
        "Intercept",
        "A grade 2 rear-guard of the defender's front row that is not the attacked unit may move to the "
        "guardian circle and add its shield.",
        "4/ L'adversaire peut ajouter à ses défenses, l'Intercept via ses Grade 2 depuis son terrain (5000). "
        "— Grade 2 : [...] Leur seule aptitude est d'intercepter depuis le terrain pour défendre.",
        passage_en="4/ The opponent can add to their defences an Intercept by their Grade 2s from their "
        "field (5000). — Grade 2: [...] Their only ability is to intercept from the field to defend.",
        interpretation="Standing or rested alike (the text sets no condition; a unit that attacked on its "
        "own turn stays rested and still intercepts). Its card's own shield is added (5000 as the text "
        "says for grade 2 units).",
    ),
    _rule(
        "VG-DRIVE-CHECK",
        "Drive check",
        "After the guard step, an attacking vanguard reveals the top card of its deck (two for a grade 3 "
        "vanguard); a trigger resolves, then the card goes to the hand. Rear-guards make no drive check.",
        "6/ Si c'est un Vanguard qui attaque, le joueur attaquant pratique un Drive Check (2 Drive Check si "
        "le Vanguard est Grade 3). Drive Check : révèle la carte du dessus de son deck. S'il s'agit d'un "
        "Trigger, l'effet est résolu. La carte révélée est ensuite placée dans la main du joueur attaquant.",
        passage_en="6/ If a Vanguard is attacking, the attacking player performs a Drive Check (2 Drive "
        "Checks if the Vanguard is Grade 3). Drive Check: reveal the top card of your deck. If it is a "
        "Trigger, its effect is resolved. The revealed card is then put into the attacking player's hand.",
        interpretation="Grade 3 or more gives two checks. With a deck given as a count, the attack carries "
        "the revealed cards in `drive_checks`; a missing one is a malformed document. A check from an empty "
        "deck does not happen.",
    ),
    _rule(
        "VG-HIT",
        "Hit",
        "The attack hits when the attacking power (with the boost) is at least the attacked unit's power "
        "plus every guardian's shield.",
        "5/ Toutes les défenses s'ajoutent à la puissance de la cible attaquée par une somme. — 7/ Damage "
        "Step : [...] Si la puissance de frappe est égale ou supérieure à la puissance de la cible : "
        "l'attaque touche.",
        passage_en="5/ All the defences are added to the power of the attacked target. — 7/ Damage Step: "
        "[...] If the attacking power is equal to or greater than the target's power: the attack hits.",
    ),
    _rule(
        "VG-HIT-REARGUARD",
        "A hit rear-guard is retired",
        "A rear-guard that is hit goes to the drop zone.",
        "9/ La cible touchée est envoyée dans le cimetière.",
        passage_en="9/ The target that was hit is sent to the graveyard.",
        interpretation="'Cimetière' is the drop zone.",
    ),
    _rule(
        "VG-DAMAGE-CHECK",
        "Damage check",
        "A hit vanguard's player makes one damage check per point of the attacker's critical, one at a time: "
        "reveal the top card, resolve its trigger, then put it in the damage zone.",
        "10/ Le Vanguard est touché, le joueur reçoit donc 1 dommage, il pratique alors un Damage Check pour "
        "chaque point de Critical. Damage Check : révèle la carte du dessus de son deck. S'il s'agit d'un "
        "Trigger, l'effet est résolu. La carte révélée est ensuite placée dans la Zone de Dommages.",
        passage_en="10/ The Vanguard is hit, so the player takes 1 damage; they then perform a Damage Check "
        "for each point of Critical. Damage Check: reveal the top card of your deck. If it is a Trigger, "
        "its effect is resolved. The revealed card is then put into the Damage Zone.",
        interpretation="The critical is read after the drive checks, so a critical trigger given to the "
        "attacker counts. With a deck given as a count, the attack carries the revealed cards in "
        "`damage_checks`.",
    ),
    _rule(
        "VG-GUARDIANS-RETIRED",
        "Guardians are retired",
        "After the battle, every guardian (from the hand or intercepting) goes to the drop zone, whether or "
        "not the attack hit.",
        "11/ Toutes les unités ayant défendu sont envoyées au cimetières.",
        passage_en="11/ All the units that defended are sent to the graveyard.",
    ),
    _rule(
        "VG-TRIGGER-CLAN",
        "Trigger condition: clan",
        "A revealed trigger has an effect only if its clan matches a unit on the field of the player who "
        "revealed it.",
        "l'effet s'applique UNIQUEMENT si la carte Trigger est du même clan qu'une autre unité sur le "
        "terrain du joueur actif.",
        passage_en="the effect applies ONLY if the Trigger card is of the same clan as another unit on the "
        "active player's field.",
        interpretation="'Le joueur actif' is the player making the check (for a damage check, the defender). "
        "The field is the vanguard and rear-guard circles. A clan left null matches only units whose "
        "clan is null too (a situation that does not model clans). Kept in both rule sets (flag "
        "`trigger_needs_clan`).",
    ),
    _rule(
        "VG-TRIGGER-CHOICE",
        "Trigger choices",
        "The player who revealed an effective trigger chooses, with `assign_trigger`, the unit that gets the "
        "power (`power_to`) and, as the trigger needs, the critical (`critical_to`) or the rear-guard to "
        "stand (`stand_to`). Nothing else happens until the choice is made.",
        "ajoutez un bonus de +5000 à une de vos unités jusqu'à la End Phase",
        passage_en="add a +5000 bonus to one of your units until the End Phase",
        interpretation="Any other action while a choice waits is illegal and names the missing fields. "
        "`stand_to` may be left out when one rear-guard only is rested; `heal` (the damage card to "
        "heal) defaults to the last card of the damage zone, as the damage cards' identity changes no rule "
        "here.",
    ),
    _rule(
        "VG-TRIGGER-POWER",
        "Trigger power",
        "Every effective trigger gives +5000 power (original) or +10000 (standard) to one unit until the end "
        "phase.",
        "ajoutez un bonus de +5000 à une de vos unités jusqu'à la End Phase",
        passage_en="add a +5000 bonus to one of your units until the End Phase",
        interpretation="Bonuses end when the end phase begins. Standard: +10000 since 2018.",
    ),
    _rule(
        "VG-TRIGGER-CRITICAL",
        "Critical trigger",
        "A critical trigger also gives +1 critical to one unit until the end phase.",
        "Jaune : CRITICAL Trigger : [...] et ajoutez un bonus de +1 au Critical d'une de vos unités jusqu'à "
        "la End Phase.",
        passage_en="Yellow: CRITICAL Trigger: [...] and add a +1 bonus to the Critical of one of your units "
        "until the End Phase.",
    ),
    _rule(
        "VG-TRIGGER-DRAW",
        "Draw trigger",
        "A draw trigger also draws one card.",
        "Rouge : DRAW Trigger : [...] et piochez une carte.",
        passage_en="Red: DRAW Trigger: [...] and draw a card.",
    ),
    _rule(
        "VG-TRIGGER-STAND",
        "Stand trigger",
        "A stand trigger also stands one of the player's rested rear-guards.",
        "Bleu : STAND Trigger : [...] et redressez une de vos unités engagées.",
        passage_en="Blue: STAND Trigger: [...] and stand one of your rested units.",
        interpretation="The text says 'unit'; the trigger's card text says rear-guard, and a judge follows "
        "the card, so the vanguard cannot be stood.",
    ),
    _rule(
        "VG-TRIGGER-HEAL",
        "Heal trigger",
        "A heal trigger also moves one card from the damage zone to the drop zone if that player's damage is "
        "at least the opponent's.",
        "Vert : HEAL Trigger : [...] et si vos dommages sont égaux ou supérieurs à ceux de votre adversaire, "
        "régénérez d'un point de dommage en envoyant une carte depuis la zone de dommages au cimetière.",
        passage_en="Green: HEAL Trigger: [...] and if your damage is equal to or greater than your "
        "opponent's, heal one point of damage by sending a card from the Damage Zone to the graveyard.",
        interpretation="Compared when the trigger resolves, before the checked card is put in the damage "
        "zone, so a heal revealed as the sixth damage saves the player.",
    ),
    _rule(
        "VG-TRIGGER-FRONT",
        "Front trigger (standard)",
        "A front trigger gives +10000 power to each unit of that player's front row; no choice to make.",
        "Trigger ? Késako ? C'est un icône située en haut à droite de la carte. En fonction de la couleur, "
        "l'effet s'applique [...]",
        passage_en="Trigger? What's that? It is an icon at the top right of the card. Depending on its "
        "colour, the effect applies [...]",
        rulesets=("standard",),
        interpretation="Not in the French text (D era, official rules); the card is then placed as any "
        "checked card.",
    ),
    _rule(
        "VG-TRIGGER-OVER",
        "Over trigger (standard)",
        "An over trigger is removed from the game, draws a card and gives +100,000,000 power to one unit.",
        "S'il s'agit d'un Trigger, l'effet est résolu.",
        passage_en="If it is a Trigger, its effect is resolved.",
        rulesets=("standard",),
        interpretation="Not in the French text (D era, official rules); the card-specific extra ability is "
        "not modelled. The removed card goes to the player's `removed` zone.",
    ),
    _rule(
        "VG-FIRST-TURN-NO-BATTLE",
        "No battle on the first player's first turn",
        "The player who goes first skips the battle phase of their first turn (turn 1): from the main phase "
        "the turn goes straight to the end phase, and no unit can attack.",
        "Phase E) Battle Phase — Cette phase est expliquée plus tard, c'est la phase principale qui "
        "permet de déterminer la victoire.",
        passage_en="Phase E) Battle Phase — This phase is explained later; it is the main phase, the one "
        "that decides victory.",
        rulesets=("standard",),
        interpretation="The French text is silent on the first turn: read as written (`original`), the "
        "first player may attack on turn 1. Today's official rule (`standard`, flag `first_turn_no_battle`) "
        "skips the battle phase of the game's first turn (`turn` 1, the first player's): `next_phase` from "
        "the main phase enters the end phase, and an attack is illegal even in a state given in the battle "
        "phase of turn 1. `legal_actions` lists no attack then.",
    ),
    _rule(
        "VG-END-PHASE",
        "End phase and next turn",
        "Trigger bonuses end when the end phase begins; then the other player's turn starts.",
        "Phase F) End Phase — ajoutez un bonus de +5000 à une de vos unités jusqu'à la End Phase",
        passage_en="Phase F) End Phase — add a +5000 bonus to one of your units until the End Phase",
    ),
    _rule(
        "VG-SKILL-ACT",
        "ACT skills",
        "In their main phase the turn player may activate the ACT skills of their units, as often as the "
        "skills allow: the unit must be on the circle its skill works from (vanguard, rear-guard or any).",
        "Phase D) Main Phase — Il vous est possible d'invoquer d'autres monstres [...]. Activer des skills, "
        "déplacer des monstres alliés de l'avant à l'arrière et inversement.",
        passage_en="Phase D) Main Phase — You may call other monsters [...]. Activate skills, move allied "
        "monsters from the front to the back and back again.",
        interpretation="The text names the step only. Skills are described on the card as data (a closed "
        "vocabulary: `skills` in docs/situations.md), not as card text; `activate` names the unit and the "
        "skill's index. Not during a battle, nor while a trigger or an AUTO skill waits.",
    ),
    _rule(
        "VG-SKILL-COST",
        "Skill costs",
        "A skill's cost is paid in full before its effects: counter blast N turns N face-up damage cards "
        "face down, soul blast N puts N cards of the soul into the drop zone, rest rests the unit. A cost "
        "that cannot be paid in full cannot be paid at all.",
        "Phase D) Main Phase — [...] Activer des skills",
        passage_en="Phase D) Main Phase — [...] Activate skills",
        interpretation="Official rules (the text has no costs). The face-down damage cards are counted "
        "(`damage_face_down`: the first ones listed); the soul blast takes the first cards listed in the "
        "soul, since which ones changes no rule here. An AUTO skill's cost may be declined "
        "(`resolve_skill` with `pay: false`): the skill then does nothing.",
    ),
    _rule(
        "VG-SKILL-ONCE",
        "Once per turn",
        "A skill marked once per turn is used at most once each turn by the same unit.",
        "Phase D) Main Phase — [...] Activer des skills",
        passage_en="Phase D) Main Phase — [...] Activate skills",
        interpretation="Official rules. Counted per unit (`skills_used` on the unit) and reset when the end "
        "phase begins, as the bonuses are.",
    ),
    _rule(
        "VG-SKILL-CONDITION",
        "Skill conditions",
        "A skill with a condition works only while it holds: a vanguard's grade, a number of damage or of "
        "soul cards, whose turn it is, or, for a unit attacking, being boosted or attacking a vanguard.",
        "Phase D) Main Phase — [...] Activer des skills",
        passage_en="Phase D) Main Phase — [...] Activate skills",
        interpretation="The conditions are a closed list (docs/situations.md). An AUTO skill's condition is "
        "read when it triggers; an ACT skill's when it is activated; a CONT skill's whenever its value is "
        "read.",
    ),
    _rule(
        "VG-SKILL-EFFECT",
        "What skills do",
        "A skill's effects happen in order: +power or +critical until the end of the turn (to the unit "
        "itself, the vanguard, the front row, the rear-guards or a chosen unit), draw, soul charge, counter "
        "charge, heal, stand a unit, retire a chosen opponent's rear-guard.",
        "ajoutez un bonus de +5000 à une de vos unités jusqu'à la End Phase",
        passage_en="add a +5000 bonus to one of your units until the End Phase",
        interpretation="The text's own words for bonuses (until the end phase) are used for skills too; "
        "the list of effects is closed. A chosen target is given in the action (`target`).",
    ),
    _rule(
        "VG-SKILL-AUTO",
        "AUTO skills and their timings",
        "An AUTO skill triggers by itself at its timing — when its unit is placed (ridden or called), "
        "attacks, boosts, is attacked, when its attack hits, or at the end of the battle it attacked in — "
        "if its condition holds then, and resolves before the game goes on.",
        "2/ L'unité avant est engagée format paysage, et déclare l'attaque [...] — 8/ La cible est touchée. "
        "— 11/ Toutes les unités ayant défendu sont envoyées au cimetières.",
        passage_en="2/ The front unit is rested (turned landscape) and declares the attack [...] — 8/ The "
        "target is hit. — 11/ All the units that defended are sent to the graveyard.",
        interpretation="Official rules for the timings; the text's battle steps place them: attack and boost "
        "skills resolve before the guard step, hit skills after the damage checks, end-of-battle skills "
        "after the guardians are retired. A skill whose unit has left its circle does nothing. A lone skill "
        "with no cost and no target resolves by itself; otherwise it waits for `resolve_skill`.",
    ),
    _rule(
        "VG-SKILL-AUTO-ORDER",
        "Several AUTO skills at one timing",
        "When several AUTO skills trigger at once, the turn player's resolve first; a player with several "
        "chooses their order, one `resolve_skill` at a time. Nothing else happens until all have resolved.",
        "6/ [...] S'il s'agit d'un Trigger, l'effet est résolu.",
        passage_en="6/ [...] If it is a Trigger, its effect is resolved.",
        interpretation="Official rules (the text resolves one effect at a time and says no more). The "
        "skills still waiting are in `pending_skills`, turn player's first.",
    ),
    _rule(
        "VG-SKILL-CONT",
        "CONT skills",
        "A CONT skill modifies values while its unit is on its circle and its condition holds: power or "
        "critical of units, or the shield of the card on the guardian circle.",
        "Chaque carte a des caractéristiques en fonction de leurs symboles et de leurs icones.",
        passage_en="Each card has characteristics according to its symbols and its icons.",
        interpretation="The modifiers are read when the hit is decided (and by the damage query); they are "
        "never written into a unit's `power` or `critical`, which stay the printed value plus the bonuses "
        "until the end phase.",
    ),
    _rule(
        "VG-WIN-DAMAGE",
        "Loss at six damage",
        "A player with six or more cards in their damage zone loses.",
        "Conditions de victoire : Vous gagnez si [...] il a 6 cartes ou plus dans sa zone de dommages après "
        "résolution du combat.",
        passage_en="Victory conditions: You win if [...] they have 6 or more cards in their Damage Zone "
        "after the battle has resolved.",
        interpretation="The text checks after the battle; the official rules at each check timing. A heal "
        "removes its card before the checked card lands, so a damage zone that reached six during a battle "
        "never drops below six again: both readings give the same winner. The engine checks after every "
        "action; both players losing at once is a draw.",
    ),
    _rule(
        "VG-WIN-DECK",
        "Loss with an empty deck",
        "A player whose deck is empty loses at once, even without having to draw.",
        "Conditions de victoire : Vous gagnez si le deck adverse est vide (même s'il n'a pas eu besoin de "
        "piocher durant l'acte)",
        passage_en="Victory conditions: You win if the opposing deck is empty (even if they have not had to "
        "draw during the act)",
        interpretation="Checked after every action, including in the middle of a battle.",
    ),
    _rule(
        "VG-HIDDEN-CARD",
        "Unknown cards",
        "A card drawn from a deck given as a count is unknown; it cannot be ridden, called or used to guard "
        "until the judge describes it in the state.",
        "Phase B) Draw Phase — Piochez 1 carte",
        passage_en="Phase B) Draw Phase — Draw 1 card",
        interpretation="Engine convention, not a game rule: the replay never guesses a card.",
    ),
]

CATALOGUE: MappingProxyType[str, Rule] = MappingProxyType({rule.id: rule for rule in _RULES})
