"""Swiss pairing as a lexicographic minimum-cost perfect matching.

A round minimises, in order: rematches, repeat byes, cost = sum of squared point differences (the bye is a
pair with a virtual 0-point player); the seed decides among equal rounds. See docs/pairing.md for the
algorithm and the argument why the fast path is exact.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import rustworkx

# Small events are solved by one blossom on the complete graph: cheap and exact with no argument needed.
COMPLETE_GRAPH_LIMIT = 256
# The block decomposition solves chunks of this many line pairs independently.
BLOCK_PAIRS = 32
# When the certificate fails everywhere, a complete graph up to this size is still affordable (seconds).
GLOBAL_EXACT_LIMIT = 1024
# A failing block is merged with its neighbours until this size; beyond it the cut relaxation decides.
MAX_REGION = 320
# Beyond it, the last resort links each player to this many neighbours on each side in standings order.
FALLBACK_WINDOW = 96
# Seeded tie-break noise per edge is drawn below this bound; it can never outweigh one point of cost.
_NOISE_BOUND = 1 << 10


@dataclass(frozen=True)
class PlayerState:
    id: str
    points: int
    opponents: frozenset[str] = frozenset()
    byes: int = 0
    dropped: bool = False
    rank: int | None = None
    fixed_table: int | None = None


@dataclass(frozen=True)
class Pairing:
    table: int
    a: str
    b: str


@dataclass
class SwissRound:
    pairings: list[Pairing]
    bye: str | None
    rematches: int
    cost: int
    # How the round was solved: "complete", "blocks" (certified), "regions", "exact-fallback", "window".
    method: str = field(default="complete", compare=False)

    def to_dict(self) -> dict:
        return {
            "pairings": [{"table": p.table, "a": p.a, "b": p.b} for p in self.pairings],
            "bye": self.bye,
            "rematches": self.rematches,
            "cost": self.cost,
        }


def met_relation(players: Iterable[PlayerState]) -> dict[str, set[str]]:
    """Two players have met when either lists the other; the relation is made symmetric here."""
    met: dict[str, set[str]] = {}
    for player in players:
        met.setdefault(player.id, set())
        for opponent in player.opponents:
            met[player.id].add(opponent)
            met.setdefault(opponent, set()).add(player.id)
    return met


def round_score(
    *, pairs: Sequence[tuple[str, str]], bye: str | None, players: Sequence[PlayerState]
) -> tuple[int, int, int]:
    """(rematches, repeat byes, cost) of a round, the quantities the spec minimises in that order."""
    by_id = {p.id: p for p in players}
    met = met_relation(players)
    rematches = sum(1 for a, b in pairs if b in met.get(a, ()))
    cost = sum((by_id[a].points - by_id[b].points) ** 2 for a, b in pairs)
    repeat_byes = 0
    if bye is not None:
        cost += by_id[bye].points ** 2
        repeat_byes = 1 if by_id[bye].byes > 0 else 0
    return rematches, repeat_byes, cost


class _Problem:
    """Active players in a fixed seeded order, with the met relation as index sets."""

    def __init__(self, players: Sequence[PlayerState], seed: int | str) -> None:
        self.rng = random.Random(seed)
        active = sorted((p for p in players if not p.dropped), key=lambda p: p.id)
        # A seeded shuffle inside each score group: the order among equals is where the seed decides.
        shuffle_keys = {p.id: self.rng.random() for p in active}
        active.sort(key=lambda p: (-p.points, shuffle_keys[p.id]))
        self.players = active
        self.points = [p.points for p in active]
        self.had_bye = [p.byes > 0 for p in active]
        index = {p.id: i for i, p in enumerate(active)}
        met = met_relation(players)
        self.met = [{index[o] for o in met.get(p.id, ()) if o in index} for p in active]
        self.n = len(active)

    def pair_cost(self, i: int, j: int) -> int:
        return (self.points[i] - self.points[j]) ** 2

    def score(self, pairs: Sequence[tuple[int, int]], bye: int | None) -> tuple[int, int, int]:
        rematches = sum(1 for i, j in pairs if j in self.met[i])
        cost = sum(self.pair_cost(i, j) for i, j in pairs)
        repeat = 0
        if bye is not None:
            cost += self.points[bye] ** 2
            repeat = 1 if self.had_bye[bye] else 0
        return rematches, repeat, cost


def _line_cost(points: Sequence[int], order: Sequence[int]) -> int:
    return sum((points[order[k]] - points[order[k + 1]]) ** 2 for k in range(0, len(order) - 1, 2))


def _best_line_bye(problem: _Problem) -> tuple[int, int]:
    """The bye recipient minimising the cost lower bound, and that bound.

    Without the rematch rule, the optimum of a convex cost on a line pairs neighbours in sorted order; with
    a bye, the recipient b is removed and the rest is paired as neighbours. Prefix/suffix sums give every
    candidate in O(n). Players without a bye are the only candidates unless everyone already had one.
    """
    n, pts = problem.n, problem.points
    prefix = [0] * (n + 1)  # prefix[k]: neighbours pairing of positions [0, k) for even k
    for k in range(2, n + 1, 2):
        prefix[k] = prefix[k - 2] + (pts[k - 2] - pts[k - 1]) ** 2
    suffix = [0] * (n + 2)  # suffix[k]: neighbours pairing of positions [k, n) when n - k is even
    for k in range(n - 2, -1, -1):
        if (n - k) % 2 == 0:
            suffix[k] = suffix[k + 2] + (pts[k] - pts[k + 1]) ** 2
    eligible = [i for i in range(n) if not problem.had_bye[i]] or list(range(n))
    best: tuple[int, int] | None = None
    for b in eligible:
        if b % 2 == 0:
            bound = prefix[b] + suffix[b + 1]
        else:
            bound = prefix[b - 1] + (pts[b - 1] - pts[b + 1]) ** 2 + suffix[b + 2]
        bound += pts[b] ** 2
        # "<=" keeps the lowest-placed recipient among equals; the in-group order already came from the seed.
        if best is None or bound <= best[1]:
            best = (b, bound)
    assert best is not None
    return best


def _matching(
    problem: _Problem,
    nodes: Sequence[int],
    *,
    with_bye: bool,
    edges: Iterable[tuple[int, int]] | None = None,
) -> tuple[list[tuple[int, int]], int | None]:
    """Max-weight perfect matching with the lexicographic objective folded into one integer weight.

    nodes are problem indices; edges (as positions into nodes) default to the complete graph. The virtual
    bye player, when present, is linked to every node.
    """
    count = len(nodes)
    pairs_total = (count + (1 if with_bye else 0)) // 2
    max_points = max((problem.points[i] for i in nodes), default=0)
    max_edge_cost = max_points**2
    # Each level outweighs the whole sum of every level below it over a matching. Below the cost, and
    # above the seeded noise, equal rounds prefer the lowest-scoring bye recipient.
    w_bye_points = pairs_total * _NOISE_BOUND + 1
    w_cost = w_bye_points * (max_points + 1)
    w_repeat_bye = w_cost * (pairs_total * max_edge_cost + 1)
    w_rematch = w_repeat_bye * 2
    ceiling = w_rematch + w_cost * max_edge_cost + w_bye_points * max_points + _NOISE_BOUND + 1
    rng = problem.rng

    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(count + (1 if with_bye else 0)))
    if edges is None:
        edges = ((x, y) for x in range(count) for y in range(x + 1, count))
    weighted = []
    points, met = problem.points, problem.met
    for x, y in edges:
        i, j = nodes[x], nodes[y]
        penalty = (points[i] - points[j]) ** 2 * w_cost + rng.getrandbits(10)
        if j in met[i]:
            penalty += w_rematch
        weighted.append((x, y, ceiling - penalty))
    if with_bye:
        for x in range(count):
            i = nodes[x]
            penalty = points[i] ** 2 * w_cost + points[i] * w_bye_points + rng.getrandbits(10)
            if problem.had_bye[i]:
                penalty += w_repeat_bye
            weighted.append((x, count, ceiling - penalty))
    graph.add_edges_from(weighted)
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs: list[tuple[int, int]] = []
    bye = None
    for x, y in matched:
        if with_bye and count in (x, y):
            bye = nodes[x if y == count else y]
        else:
            pairs.append((nodes[x], nodes[y]))
    if len(pairs) * 2 + (1 if bye is not None else 0) != count:
        raise RuntimeError("blossom returned an imperfect matching on a graph that has a perfect one")
    return pairs, bye


def _repair_rematches(problem: _Problem, pairs: list[tuple[int, int]]) -> bool:
    """Swap equal-point players between pairs of a block to remove rematches without changing the cost."""
    met, pts = problem.met, problem.points
    for k in range(len(pairs)):
        a, b = pairs[k]
        if b not in met[a]:
            continue
        fixed = False
        for m in range(len(pairs)):
            if m == k:
                continue
            c, d = pairs[m]
            # Replace b by whichever of c/d has b's points; the displaced player takes b's old partner slot.
            for moved, stays in ((c, d), (d, c)):
                if pts[moved] == pts[b] and moved not in met[a] and b not in met[stays]:
                    pairs[k] = (a, moved)
                    pairs[m] = (stays, b)
                    fixed = True
                    break
            if fixed:
                break
        if not fixed:
            return False
    return True


def _solve_block(problem: _Problem, order: Sequence[int]) -> tuple[list[tuple[int, int]], bool]:
    """Pairs of one block and whether they reach the block's line bound with no rematch."""
    line_pairs = [(order[k], order[k + 1]) for k in range(0, len(order), 2)]
    if _repair_rematches(problem, line_pairs):
        return line_pairs, True
    pairs, _ = _matching(problem, order, with_bye=False)
    rematches, _, cost = problem.score(pairs, None)
    return pairs, rematches == 0 and cost == _line_cost(problem.points, order)


def _solve_by_blocks(problem: _Problem) -> tuple[list[tuple[int, int]], int | None, str]:
    n = problem.n
    bye: int | None = None
    sequence = list(range(n))
    if n % 2 == 1:
        bye, _ = _best_line_bye(problem)
        sequence.remove(bye)
    block_size = BLOCK_PAIRS * 2
    regions = [sequence[k : k + block_size] for k in range(0, len(sequence), block_size)]
    solved = [_solve_block(problem, region) for region in regions]
    method = "blocks"
    while True:
        bad = next((k for k, (_, good) in enumerate(solved) if not good), None)
        if bad is None:
            # Every region reached its line bound with no rematch, so the round reaches the global lower
            # bound (line optimum with the best admissible bye) and is lexicographically optimal.
            pairs = [pair for region_pairs, _ in solved for pair in region_pairs]
            return pairs, bye, method
        growable = next(
            (k for k, (_, good) in enumerate(solved) if not good and len(regions[k]) < MAX_REGION),
            None,
        )
        if growable is None or len(regions) == 1:
            break
        method = "regions"
        low, high = max(growable - 1, 0), min(growable + 2, len(regions))
        merged = [i for region in regions[low:high] for i in region]
        regions[low:high] = [merged]
        pairs, _ = _matching(problem, merged, with_bye=False)
        rematches, _, cost = problem.score(pairs, None)
        solved[low:high] = [(pairs, rematches == 0 and cost == _line_cost(problem.points, merged))]

    # Some region costs more than its line bound (a small score group whose members already met, say).
    # The cut relaxation gives a sharper lower bound; reaching it still proves the round optimal.
    pairs = [pair for region_pairs, _ in solved for pair in region_pairs]
    rematches, repeat_byes, cost = problem.score(pairs, bye)
    forced_repeat = 1 if n % 2 == 1 and all(problem.had_bye) else 0
    if rematches == 0 and repeat_byes == forced_repeat and cost == _cut_relaxation_bound(problem):
        return pairs, bye, "regions-certified"

    # Rematches (or a costlier arrangement than both bounds) are unavoidable: solve the round at once.
    everyone = list(range(n))
    if n <= GLOBAL_EXACT_LIMIT:
        pairs, bye = _matching(problem, everyone, with_bye=n % 2 == 1)
        return pairs, bye, "exact-fallback"
    window_edges = [(x, y) for x in range(n) for y in range(x + 1, min(n, x + 1 + FALLBACK_WINDOW))]
    pairs, bye = _matching(problem, everyone, with_bye=n % 2 == 1, edges=window_edges)
    return pairs, bye, "window"


def _cut_positions(points: Sequence[int]) -> list[int]:
    """Even cut positions about every block, moved inside a score group when one is near.

    A cut at position k separates order[:k] from order[k:]. An even k makes every region even-sized (the
    virtual bye player completes the last one). Inside a score group the cut value is that group's points,
    so leaving across it is free for the group and as dear as possible for everyone else.
    """
    n = len(points)
    step = BLOCK_PAIRS * 2
    cuts: list[int] = []
    for target in range(step, n, step):
        nearby = (k for d in range(0, step // 4, 2) for k in (target - d, target + d) if 0 < k < n)
        chosen = next((k for k in nearby if points[k - 1] == points[k]), target)
        if (not cuts or chosen > cuts[-1]) and chosen < n:
            cuts.append(chosen)
    return cuts


def _cut_relaxation_bound(problem: _Problem) -> int:
    """A lower bound on the cost of any round with no rematch and no avoidable repeat bye.

    Cut the standings order into regions at even positions, with cut values t (players above have >= t
    points, players below <= t). An edge across a cut, x >= t >= y, costs (x - y)^2 >= (x - t)^2 +
    (t - y)^2, and an edge jumping over a whole region [t, b] also pays (t - b)^2 on top. So every round
    splits into per-region perfect matchings in which two players may instead both leave upwards, both
    leave downwards, or one up and one down (then also paying (t - b)^2: the number of players leaving a
    region up and down have the same parity, and odd counts need an edge jumping over the region). The
    sum of the per-region optima bounds the whole round from below. See docs/pairing.md.
    """
    n, pts = problem.n, problem.points
    bounds = [0, *_cut_positions(pts), n]
    has_eligible = not all(problem.had_bye)
    total = 0
    for r in range(len(bounds) - 1):
        start, stop = bounds[r], bounds[r + 1]
        members = list(range(start, stop))
        with_bye_node = stop == n and n % 2 == 1
        if start == 0 and stop == n:
            pairs, bye = _matching(problem, members, with_bye=with_bye_node)
            total += problem.score(pairs, bye)[2]
            continue
        top = pts[start - 1] if start > 0 else None
        bottom = pts[stop - 1] if stop < n else None
        values = [pts[i] for i in members] + ([0] if with_bye_node else [])
        count = len(members)
        infinite = 10**18
        edges = []
        pair_costs = []
        for x in range(len(values)):
            vx = values[x]
            for y in range(x + 1, len(values)):
                vy = values[y]
                options = []
                if y == count:  # the virtual bye player
                    if not (has_eligible and problem.had_bye[members[x]]):
                        options.append(vx**2)
                elif members[y] not in problem.met[members[x]]:
                    options.append((vx - vy) ** 2)
                if top is not None:
                    options.append((top - vx) ** 2 + (top - vy) ** 2)
                if bottom is not None:
                    options.append((vx - bottom) ** 2 + (vy - bottom) ** 2)
                if top is not None and bottom is not None:
                    span = (top - bottom) ** 2
                    options.append((top - vx) ** 2 + (vy - bottom) ** 2 + span)
                    options.append((top - vy) ** 2 + (vx - bottom) ** 2 + span)
                cost = min(options, default=infinite)
                pair_costs.append(cost)
                edges.append((x, y, cost))
        ceiling = max(pair_costs, default=0) + 1
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(range(len(values)))
        graph.add_edges_from([(x, y, ceiling - cost) for x, y, cost in edges if cost < infinite])
        matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(matched) != len(values):
            # No perfect matching in the relaxation means no round at all without rematch: no bound.
            return infinite
        total += sum(ceiling - graph.get_edge_data(x, y) for x, y in matched)
    return total


def _table_order_key(players: dict[str, PlayerState], a: str, b: str) -> tuple:
    pa, pb = players[a], players[b]
    rank_a = pa.rank if pa.rank is not None else math.inf
    rank_b = pb.rank if pb.rank is not None else math.inf
    return (-pa.points, rank_a, -pb.points, rank_b, a, b)


def _better_first(players: dict[str, PlayerState], x: str, y: str) -> tuple[str, str]:
    px, py = players[x], players[y]
    key_x = (-px.points, px.rank if px.rank is not None else math.inf, x)
    key_y = (-py.points, py.rank if py.rank is not None else math.inf, y)
    return (x, y) if key_x <= key_y else (y, x)


def number_tables(pairs: Sequence[tuple[str, str]], players: dict[str, PlayerState]) -> list[Pairing]:
    """Tables 1..n by the better player's points then rank; fixed tables honoured when they exist.

    Fixed requests are served in table order (the better-placed pairing first); two fixed players paired
    together ask for the smaller of their tables first. A request for a missing or already given table
    falls back to the ordinary order.
    """
    ordered = sorted(
        (_better_first(players, a, b) for a, b in pairs), key=lambda ab: _table_order_key(players, *ab)
    )
    table_count = len(ordered)
    assigned: dict[int, tuple[str, str]] = {}
    unplaced: list[tuple[str, str]] = []
    for a, b in ordered:
        wanted = sorted(
            t
            for t in (players[a].fixed_table, players[b].fixed_table)
            if t is not None and 1 <= t <= table_count
        )
        table = next((t for t in wanted if t not in assigned), None)
        if table is None:
            unplaced.append((a, b))
        else:
            assigned[table] = (a, b)
    free_tables = (t for t in range(1, table_count + 1) if t not in assigned)
    for pair, table in zip(unplaced, free_tables, strict=False):
        assigned[table] = pair
    return [Pairing(table=t, a=assigned[t][0], b=assigned[t][1]) for t in sorted(assigned)]


def pair_round(*, round_number: int, seed: int | str, players: Sequence[PlayerState]) -> SwissRound:
    """Pair one Swiss round; the same players and seed always give the same round.

    round_number only documents the call: round 1 is a random draw because every player has 0 points and
    no opponent, so the seeded tie-break alone decides.
    """
    del round_number
    problem = _Problem(players, seed)
    n = problem.n
    if n == 0:
        return SwissRound(pairings=[], bye=None, rematches=0, cost=0)
    if n <= COMPLETE_GRAPH_LIMIT:
        index_pairs, bye_index = _matching(problem, list(range(n)), with_bye=n % 2 == 1)
        method = "complete"
    else:
        index_pairs, bye_index, method = _solve_by_blocks(problem)
    rematches, _, cost = problem.score(index_pairs, bye_index)
    by_id = {p.id: p for p in problem.players}
    id_pairs = [(problem.players[i].id, problem.players[j].id) for i, j in index_pairs]
    return SwissRound(
        pairings=number_tables(id_pairs, by_id),
        bye=problem.players[bye_index].id if bye_index is not None else None,
        rematches=rematches,
        cost=cost,
        method=method,
    )
