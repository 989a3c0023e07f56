"""The words the judge's tablet shows for the engine's keys: phases, action types, their fields, card
kinds and choices, a player's numbers and flags, the answers' labels (msgctxt ``"tablet word"``).

The documents keep the keys (``"normal_summon_used"``); people read ``word(key, language)``.
"""

from __future__ import annotations

import re

from .i18n import label
from .messages import terms

__all__ = ["PHRASES", "WORDS", "phrase", "word"]

WORDS = terms(
    "tablet word",
    {
        # phases
        "setup": "Setup", "draw": "Draw", "standby": "Standby", "main": "Main", "main1": "Main Phase 1",
        "main2": "Main Phase 2", "battle": "Battle", "end": "End", "stand": "Stand", "ride": "Ride",
        "attack": "Attack",
        # actions
        "ability_damage": "Ability damage", "activate": "Activate", "assign_trigger": "Assign the trigger",
        "call": "Call", "change_position": "Change position", "destroy": "Destroy", "discard": "Discard",
        "end_turn": "End the turn", "flip_summon": "Flip Summon", "fusion_summon": "Fusion Summon",
        "gain_lp": "Gain LP", "guard": "Guard", "halve_lp": "Halve LP", "inflict_damage": "Inflict damage",
        "intercept": "Intercept", "mill": "Mill", "move": "Move", "mulligan": "Mulligan",
        "next_phase": "Next phase", "normal_summon": "Normal Summon", "place": "Place",
        "play_creature": "Play a creature", "play_magic": "Play a magic card",
        "play_terrain": "Play a terrain",
        "send_to_graveyard": "Send to the Graveyard", "set_monster": "Set a monster",
        "set_spell_trap": "Set a Spell/Trap", "special_summon": "Special Summon", "pass": "Pass",
        "resolve_skill": "Resolve the skill", "chain_triggers": "Chain the triggered effects",
        "gain_tings": "Gain tings", "lose_tings": "Lose tings", "modify_stats": "Modify the stats",
        "damage_monster": "Damage a monster", "steal": "Steal", "trigger_effect": "Trigger an effect",
        "optional": "Optional effects", "pay": "Pay the cost", "ret": "Return",
        # an action's or a question's fields
        "amount": "Amount", "attacker": "Attacker", "booster": "Booster", "card": "Card", "cards": "Cards",
        "circle": "Circle", "count": "Count", "critical_to": "Critical to", "damage_checks": "Damage checks",
        "drawn": "Drawn cards", "drive_checks": "Drive checks", "fusion": "Fusion", "guardians": "Guardians",
        "heal": "Heal", "in_response_to": "In response to", "interceptors": "Interceptors", "line": "Line",
        "materials": "Materials", "of": "Of", "player": "Player", "position": "Position",
        "equipped_to": "Equipped to",
        "power_to": "Power to", "spell": "Spell", "stand_to": "Stand to", "target": "Target",
        "terrains": "Terrains", "to": "To", "tributes": "Tributes",
        # card kinds and choices
        "none": "no trigger", "critical": "Critical", "front": "Front", "over": "Over",
        "creature": "Creature", "magic": "Magic", "terrain": "Terrain", "monster": "Monster",
        "trap": "Trap", "continuous": "Continuous", "counter": "Counter", "effect": "Effect",
        "equip": "Equip",
        "field": "Field", "normal": "Normal", "quick-play": "Quick-Play", "ritual": "Ritual",
        "defense": "Defense", "yes": "yes", "no": "no",
        # one slot of a zone of slots, in a reference ("Player A's Monster Zone 1: …")
        "monster_zone": "Monster Zone", "spell_trap_zone": "Spell & Trap Zone",
        # a card's numbers
        "level": "Level", "grade": "Grade", "atk": "ATK", "def": "DEF", "power": "power", "shield": "shield",
        "hp": "HP", "max_hp": "max HP", "arrows": "arrows", "clan": "clan", "trigger": "trigger",
        "monster_type": "monster type", "spell_type": "Spell type", "trap_type": "Trap type",
        "magic_type": "magic type", "damage_taken": "damage taken",
        # a player's numbers and flags, the board's header
        "lp": "LP", "deck": "Deck", "tings": "Tings", "turn": "Turn", "phase": "Phase",
        "turn_player": "Turn player", "attacked_this_turn": "attacked this turn",
        "creature_played_this_turn": "creature played this turn", "draw_done": "draw done",
        "line_spaces": "line spaces", "magic_played_this_turn": "magic played this turn",
        "mulligan_done": "mulligan done", "normal_summon_used": "Normal Summon used",
        "rode_this_turn": "rode this turn",
        # the questions and the answers' labels
        "damage": "Damage", "deck_out": "Deck-out", "hand_limit": "Hand limit",
        "legal_actions": "Legal actions", "legal_summons": "Legal summons", "actions": "Actions",
        "assumed_no_trigger": "Assumed without a trigger", "attack_power": "Attacking power",
        "attacked": "Attacked", "auto_order": "Order of the AUTO skills", "boost": "Boost",
        "can_activate": "Can be activated", "chain": "Chain", "chooses_order": "Chooses the order",
        "cost": "Cost", "damage_after": "Damage after", "damage_to_attacker": "Damage to the attacker",
        "damage_to_target": "Damage to the target", "deck_size": "Deck size",
        "defense_power": "Defending power", "destroyed": "Destroyed", "effects": "Effects",
        "explanation": "Explanation", "flipped": "Flipped", "guardians_retired": "Guardians retired",
        "hand": "Hand", "hit": "Hits", "kind": "Kind", "legal": "Legal", "limit": "Limit", "link": "Link",
        "links": "Links", "loses": "Loses", "lp_after": "LP after", "mandatory": "Mandatory",
        "max_copies": "Most copies", "missed": "Missed", "missed_timing": "Missed the timing",
        "monsters": "Monsters", "must_discard": "Must discard", "name": "Name", "not_legal": "Not legal",
        "not_triggering": "Not triggering", "opening_hand": "Opening hand", "order": "Order",
        "passage": "Passage", "placed": "Placed", "reason": "Reason", "resolution": "Resolution",
        "retired": "Retired", "rule": "Rule", "rules": "Rules", "single_copy_types": "Single-copy types",
        "skill": "Skill", "skills": "Skills", "starting_tings": "Starting tings", "steps": "Steps",
        "summons": "Summons", "timing": "Timing", "tings_after": "Tings after",
        "tings_gained": "Tings gained", "tings_to_win": "Tings to win",
        "tributes_needed": "Tributes needed", "triggers": "Triggers", "type": "Type",
        "unlimited_copies": "Unlimited copies", "waits": "Waits", "when": "When", "winner": "Winner",
        # the effects' questions and the step-by-step battle
        "battle_end": "End of the battle", "battle_steps": "Step-by-step Battle Phase",
        # what happened, as the answers about effects list it (a chain's resolution, a skill's)
        "resolve": "Resolves", "triggered": "Triggered", "no_effect": "No effect", "negated": "Negated",
        "summon_negated": "Summon negated", "pay_lp": "LP paid", "modify_atk": "ATK changed",
        "modify_def": "DEF changed", "banish": "Banished", "return_to_hand": "Returned to the hand",
        "return_to_deck": "Returned to the Deck", "return_to_extra_deck": "Returned to the Extra Deck",
        "change_control": "Control changed", "end_battle_phase": "Battle Phase ended", "declined": "Declined",
        "cannot_activate": "Cannot be activated", "effect_damage": "Effect damage",
        "sent_to_graveyard": "Sent to the Graveyard", "to_graveyard": "To the Graveyard", "step": "Step",
        "battle_step": "Battle step", "attack_declared": "Attack declared", "replay": "Replay",
        "attack_ends": "The attack ends", "flip": "Flipped face-up", "battle_damage": "Battle damage",
        "skill_triggered": "Skill triggered", "skill_resolves": "Skill resolves",
        "skill_waits": "Skill waits",
        "skill_declined": "Skill declined", "counter_blast": "Counter blast", "soul_blast": "Soul blast",
        "soul_charge": "Soul charge", "counter_charge": "Counter charge", "rest": "Rested", "unit": "Unit",
        # a card's true/false flags, shown as toggles on the board
        "face_up": "Face-up", "summoned_this_turn": "Summoned this turn", "set_this_turn": "Set this turn",
        "changed_position_this_turn": "Position changed this turn", "placed_this_turn": "Placed this turn",
        "ability_used_this_turn": "Ability used this turn", "advantage": "Advantage",
        "unique_ability": "Unique ability", "unique_ability_used": "Unique ability used",
    },
)  # fmt: skip


def word(key: object, language: str) -> str:
    """The tablet's word for a key, in ``language``; an unknown key with its underscores as spaces."""
    term = WORDS.get(str(key))
    if term is None:
        return str(key).replace("_", " ")
    return label("tablet word", term.id, language)


# Sentences the answers carry in English because the situation contract fixes them ("when": "draw phase of
# turn 6"): the tablet reads them in the page's language (msgctxt "tablet phrase"); the JSON keeps them.
PHRASES = terms(
    "tablet phrase",
    {
        "draw_turn": "Draw Phase of turn {turn}",
        "draw_turn_last_card": "Draw Phase of turn {turn}, when the last card is drawn (sooner if checks "
        "or effects take cards from the deck)",
    },
)  # fmt: skip
_PHRASE_PATTERNS = (
    (re.compile(r"draw phase of turn (?P<turn>\d+)"), "draw_turn"),
    (
        re.compile(
            r"draw phase of turn (?P<turn>\d+), when the last card is drawn \(sooner if checks or effects "
            r"take cards from the deck\)"
        ),
        "draw_turn_last_card",
    ),
)


def phrase(text: str, language: str) -> str | None:
    """One of the answers' fixed English sentences in ``language``, or None when ``text`` is not one."""
    for pattern, key in _PHRASE_PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            return label("tablet phrase", PHRASES[key].id, language).format(**found.groupdict())
    return None
