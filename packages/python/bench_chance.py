"""Cost of chance nodes from Python: a reset, and the first decisions of a game, with the engine
drawing chance from the seed (the default) and with ``chance_nodes=True`` (every outcome applied
from Python, chosen by a seeded generator: one ``apply_chance`` per node). Not a timed test: a
report of the median of a few rounds (the machine may be shared). The engine-side cost alone
(re-running a setup or step from its start for each outcome) is ``bench/chance-rerun.ts``.

    python packages/python/bench_chance.py [--games st-augustine liars-dice] [--rounds 3] [--decisions 40]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np


def play(e, decisions: int, rng: random.Random) -> tuple[int, int]:
    """Reset, then ``decisions`` decisions (first legal action by ``rng``), applying every chance
    node's outcome from ``rng``: (chance nodes, decisions made)."""
    e.reset()
    nodes = made = 0
    while e.current_player() is not None and made < decisions:
        if e.is_chance_node():
            outcomes = e.chance_outcomes()
            e.apply_chance(outcomes[rng.randrange(len(outcomes))][0])
            nodes += 1
            continue
        legal = np.flatnonzero(e.last()[0]["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        made += 1
    return nodes, made


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", nargs="+", default=["st-augustine", "colonial-florida", "liars-dice", "pig"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=40)
    args = parser.parse_args()

    import ruleloom
    from ruleloom.pettingzoo import env as make_env

    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs")
    # Round trips counted on the shared engine (a figure the machine's load does not change).
    engine = ruleloom.shared_engine()
    trips = [0]
    for name in ("exchange", "exchange_prefixed"):
        method = getattr(engine, name)

        def counted(*a, _method=method, **k):
            trips[0] += 1
            return _method(*a, **k)

        setattr(engine, name, counted)
    print("game | chance nodes | decisions | seeded ms | chance_nodes=True ms | per node µs | round trips seeded / chance_nodes")
    for game in args.games:
        row = []
        for chance in (False, True):
            e = make_env(game, seed=5, chance_nodes=chance)
            times, nodes, made = [], 0, 0
            for r in range(args.rounds):
                trips[0] = 0
                start = time.perf_counter()
                nodes, made = play(e, args.decisions, random.Random(r))
                times.append(time.perf_counter() - start)
            e.close()
            row.append((statistics.median(times) * 1000, nodes, made, trips[0]))
        (seeded, _, made, seeded_trips), (through, nodes, _, chance_trips) = row
        per_node = (through - seeded) * 1000 / nodes if nodes else float("nan")
        print(
            f"{game} | {nodes} | {made} | {seeded:.1f} | {through:.1f} | {per_node:.0f} | {seeded_trips} / {chance_trips}"
        )
    ruleloom.shared_engine().close()


if __name__ == "__main__":
    main()
