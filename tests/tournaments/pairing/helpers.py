"""Independent references for the pairing tests: brute force and a plain complete-graph blossom."""

from __future__ import annotations

import random

import rustworkx

from tournaments.pairing.swiss import PlayerState, SwissRound, round_score


def active(players: list[PlayerState]) -> list[PlayerState]:
    return [p for p in players if not p.dropped]


def brute_force_best(players: list[PlayerState]) -> tuple[int, int, int]:
    """Lexicographic minimum (rematches, repeat byes, cost) over every legal round, by enumeration."""
    ids = [p.id for p in active(players)]
    best: tuple[int, int, int] | None = None

    def rounds(remaining: list[str]):
        if not remaining:
            yield []
            return
        first, rest = remaining[0], remaining[1:]
        for k, partner in enumerate(rest):
            for tail in rounds(rest[:k] + rest[k + 1 :]):
                yield [(first, partner), *tail]

    candidates_for_bye = ids if len(ids) % 2 == 1 else [None]
    for bye in candidates_for_bye:
        remaining = [i for i in ids if i != bye]
        for pairs in rounds(remaining):
            score = round_score(pairs=pairs, bye=bye, players=players)
            if best is None or score < best:
                best = score
    assert best is not None
    return best


def complete_matching_best(players: list[PlayerState]) -> tuple[int, int, int]:
    """Optimum from a blossom on the complete graph, lexicographic weights folded into one integer."""
    people = active(players)
    n = len(people)
    if n == 0:
        return (0, 0, 0)
    met = {p.id: set(p.opponents) for p in people}
    for p in players:
        for o in p.opponents:
            met.setdefault(o, set()).add(p.id)
    max_points = max(p.points for p in people)
    pairs_total = (n + 1) // 2
    unit_cost = 1
    unit_bye = unit_cost * (pairs_total * max_points**2 + 1)
    unit_rematch = unit_bye * 2
    top = unit_rematch + unit_cost * max_points**2 + 1
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(n + n % 2))
    edges = []
    for x in range(n):
        for y in range(x + 1, n):
            a, b = people[x], people[y]
            penalty = (a.points - b.points) ** 2 * unit_cost + (unit_rematch if b.id in met[a.id] else 0)
            edges.append((x, y, top - penalty))
        if n % 2:
            a = people[x]
            edges.append((x, n, top - a.points**2 * unit_cost - (unit_bye if a.byes else 0)))
    graph.add_edges_from(edges)
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs, bye = [], None
    for x, y in matching:
        if n in (x, y):
            bye = people[min(x, y)].id
        else:
            pairs.append((people[x].id, people[y].id))
    return round_score(pairs=pairs, bye=bye, players=players)


def produced_score(result: SwissRound, players: list[PlayerState]) -> tuple[int, int, int]:
    pairs = [(p.a, p.b) for p in result.pairings]
    return round_score(pairs=pairs, bye=result.bye, players=players)


def assert_legal_round(result: SwissRound, players: list[PlayerState]) -> None:
    """Rules 1, 2 and 4 of pairing.md, plus the reported rematches and cost."""
    people = active(players)
    seated = [pid for p in result.pairings for pid in (p.a, p.b)]
    placed = seated + ([result.bye] if result.bye is not None else [])
    assert sorted(placed) == sorted(p.id for p in people), "every active player exactly once"
    dropped = {p.id for p in players if p.dropped}
    assert not dropped & set(placed), "dropped players never appear"
    if len(people) % 2 == 0:
        assert result.bye is None
    else:
        assert result.bye is not None
    assert [p.table for p in result.pairings] == list(range(1, len(result.pairings) + 1))
    rematches, _, cost = produced_score(result, players)
    assert result.rematches == rematches
    assert result.cost == cost


def simulate(
    *, count: int, rounds: int, seed: int, draw_rate: float = 0.05, drop_rate: float = 0.02
) -> list[PlayerState]:
    """Players after `rounds` rounds paired by the engine itself, with random results and drops."""
    from tournaments.pairing.swiss import pair_round

    rng = random.Random(seed)
    ids = [f"p{k:05d}" for k in range(count)]
    points = dict.fromkeys(ids, 0)
    opponents: dict[str, list[str]] = {i: [] for i in ids}
    byes = dict.fromkeys(ids, 0)
    dropped: set[str] = set()

    def state() -> list[PlayerState]:
        return [
            PlayerState(
                id=i, points=points[i], opponents=frozenset(opponents[i]), byes=byes[i], dropped=i in dropped
            )
            for i in ids
        ]

    for number in range(1, rounds + 1):
        result = pair_round(round_number=number, seed=seed * 1000 + number, players=state())
        for pairing in result.pairings:
            opponents[pairing.a].append(pairing.b)
            opponents[pairing.b].append(pairing.a)
            roll = rng.random()
            if roll < draw_rate:
                points[pairing.a] += 1
                points[pairing.b] += 1
            else:
                points[pairing.a if roll < (1 + draw_rate) / 2 else pairing.b] += 3
        if result.bye is not None:
            points[result.bye] += 3
            byes[result.bye] += 1
        for i in ids:
            if i not in dropped and rng.random() < drop_rate:
                dropped.add(i)
    return state()
