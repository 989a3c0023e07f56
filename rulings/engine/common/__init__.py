"""Code the RaymanTCG and Arrows engines share, written once.

``validate`` JSON checks that point at the faulty value; ``state`` slot equality, decks given as
counts, the turn fields; ``actions`` the head of an action and its card references; ``turns`` the
draw, next_phase / end_turn and ``apply``; ``game`` the Game scaffolding (parse, copy, start,
outcome, queries); ``catalogue`` rules quoting one text. Each game passes its own rule ids.
"""
