"""Code the RaymanTCG and Arrows engines share, written once.

``validate`` JSON checks that point at the faulty value; ``state`` slot equality, decks given as
counts, the turn fields; ``actions`` the head of an action and its card references; ``turns`` the
draw, next_phase / end_turn, ``apply``, ``start`` and ``outcome``; ``queries`` the damage, legal_actions
and deck_out queries; ``catalogue`` rules quoting one text. Each game passes its own rule ids. The
Game protocol itself is written once for all four games in ``rulings/engine/skeleton.py``.
"""
