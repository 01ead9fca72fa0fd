"""Cost of a clone per call from Python: ``env.clone()``, ``clone()`` + one step, and
``clone_many(n)`` + one batched step (per clone), and ``step`` + ``undo()`` where the game takes
the move back, beside ``copy.deepcopy`` of PettingZoo's connect_four_v3 (when
``pettingzoo[classic]`` is installed). Not a timed test: a report of the median of a few rounds
(the machine may be shared).

    python packages/python/bench_clone.py [--game liars-dice] [--calls 2000] [--rounds 3] [--depth 4]
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import time

import numpy as np


def per_call(fn, calls: int, rounds: int) -> float:
    """Median over rounds of the microseconds per call."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="liars-dice")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--depth", type=int, default=4, help="moves played before the position measured")
    args = parser.parse_args()

    import ruleloom
    from ruleloom.pettingzoo import env as make_env

    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs, game {args.game}")
    e = make_env(args.game, seed=1)
    e.reset()
    for k in range(args.depth):  # a few moves in: a position with some history
        legal = np.flatnonzero(e.last()[0]["action_mask"])
        e.step(int(legal[k % len(legal)]))
    action = int(np.flatnonzero(e.last()[0]["action_mask"])[0])

    def clone() -> None:
        e.clone().close()

    def clone_step() -> None:
        c = e.clone()
        c.step(action)
        c.close()

    n = args.batch
    actions = np.full(n, action, np.int32)

    def clone_many_step() -> None:
        with e.clone_many(n) as copies:
            copies.step(actions)

    def step_undo() -> None:
        e.step(action)
        e.undo()

    rows = [
        ("clone() (and close)", per_call(clone, args.calls, args.rounds)),
        ("clone() + step (and close)", per_call(clone_step, args.calls, args.rounds)),
        (
            f"clone_many({n}) + one batched step, per clone",
            per_call(clone_many_step, max(1, args.calls // n), args.rounds) / n,
        ),
    ]
    try:
        step_undo()  # where the game takes it back (the undo replays the moves kept)
        rows.append((f"step + undo() after {args.depth} moves", per_call(step_undo, args.calls, args.rounds)))
    except ruleloom.UndoError as refused:
        print(f"(no undo row: {args.game} refuses to take that move back: {refused.code})")
    try:
        from pettingzoo.classic import connect_four_v3

        c4 = connect_four_v3.raw_env()  # deepcopy of the wrapped env recurses in the wrappers
        c4.reset(seed=1)
        for _ in range(4):
            c4.step(int(np.flatnonzero(c4.last()[0]["action_mask"])[0]))
        # copy.deepcopy(c4) itself goes through EzPickle's __reduce__: it builds a fresh, un-reset
        # env from the constructor's arguments, not a copy of the game. A state copy is a deep
        # copy of the env's __dict__ into a new instance.
        fresh = copy.deepcopy(c4)
        assert not hasattr(fresh, "agent_selection")

        def deep() -> object:
            c = object.__new__(type(c4))
            c.__dict__ = copy.deepcopy(c4.__dict__)
            return c

        rows.append(("deepcopy of a connect_four_v3 raw_env's state", per_call(deep, args.calls, args.rounds)))

        def deep_step() -> None:
            c = deep()
            c.step(int(np.flatnonzero(c.last()[0]["action_mask"])[0]))  # type: ignore[attr-defined]

        rows.append(("deepcopy of its state + step", per_call(deep_step, args.calls, args.rounds)))
    except ImportError as error:
        print(f"(connect_four_v3 not available: {error}; OpenSpiel's docs give ~5 µs for a C++ state clone)")
    width = max(len(name) for name, _ in rows)
    for name, us in rows:
        print(f"{name:<{width}}  {us:9.1f} µs")
    e.close()
    ruleloom.shared_engine().close()


if __name__ == "__main__":
    main()
