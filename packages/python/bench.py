"""Steps per second of the Ruleloom environments, side by side with PettingZoo's connect_four_v3.

Random legal play (uniform over the mask) everywhere; every measurement runs for a fixed time,
in rounds that alternate between the environments, and the median round is reported along
with the load average (the machine may be shared). Not a timed test: a report. Beside the
rates, the CPU time per step of this process and of the engine process (from /proc: the figure
that a loaded machine does not distort much) and how often each slept waiting for the other.

    python packages/python/bench.py [--seconds 3] [--rounds 3] [--warmup 1] [--json out.json] [--only AEC]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far, from /proc (Linux), or NaN."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (OSError, IndexError, ValueError):
        return float("nan")


def sleeps(pid: int) -> int:
    """Voluntary context switches of a process's main thread so far (each a wait that slept), or -1."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("voluntary_ctxt_switches"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return -1


def aec_steps(make, seconds: float, seed: int) -> tuple[int, float]:
    e = make()
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    episode = 0
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed + episode)
        episode += 1
        for agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            if term or trunc:
                e.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    elapsed = time.perf_counter() - start
    e.close()
    return steps, elapsed


def vector_steps(game: str, n: int, seconds: float, seed: int, **kwargs) -> tuple[int, float]:
    import ruleloom

    v = ruleloom.vector_env(game, n, seed=seed, **kwargs)
    rng = np.random.default_rng(seed)
    _obs, info = v.reset()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if "legal_actions" in info:
            actions = np.fromiter((l[rng.integers(len(l))] for l in info["legal_actions"]), np.int32, n)
        else:
            actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        _obs, _r, _t, _tr, info = v.step(actions)
        steps += n
    elapsed = time.perf_counter() - start
    v.close()
    return steps, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", default=None)
    parser.add_argument(
        "--warmup", type=float, default=1.0, help="seconds of untimed play per case first (the engine's JIT)"
    )
    parser.add_argument(
        "--only", nargs="*", default=None, help="run only the cases whose name contains one of these words"
    )
    args = parser.parse_args()

    from pettingzoo.classic import connect_four_v3

    import ruleloom
    from ruleloom.pettingzoo import env

    cases = {
        "PettingZoo connect_four_v3, AEC (reference)": lambda s: aec_steps(lambda: connect_four_v3.env(), s, 1),
        "Ruleloom Colonial Florida, AEC (observation + mask)": lambda s: aec_steps(
            lambda: env("colonial-florida"), s, 1
        ),
        "Ruleloom St. Augustine default game (3 players, trading on), AEC": lambda s: aec_steps(
            lambda: env("st-augustine"), s, 1
        ),
        "Ruleloom St. Augustine, trading off, AEC": lambda s: aec_steps(
            lambda: env("st-augustine", options={"trading": "off"}), s, 1
        ),
        "Ruleloom Colonial Florida, vector 64, self-play, sparse": lambda s: vector_steps(
            "colonial-florida", 64, s, 1, seat=None, mask="sparse"
        ),
        "Ruleloom Colonial Florida, vector 64, self-play, dense": lambda s: vector_steps(
            "colonial-florida", 64, s, 1, seat=None, mask="dense"
        ),
        "Ruleloom Colonial Florida, vector 256, self-play, sparse": lambda s: vector_steps(
            "colonial-florida", 256, s, 1, seat=None, mask="sparse"
        ),
        "Ruleloom Colonial Florida, vector 256, self-play, sparse, 2 worker threads": lambda s: vector_steps(
            "colonial-florida", 256, s, 1, seat=None, mask="sparse", workers=2
        ),
        "Ruleloom Colonial Florida, vector 64, seat 0 vs random bot (learner steps)": lambda s: vector_steps(
            "colonial-florida", 64, s, 1, mask="sparse"
        ),
        "Ruleloom St. Augustine default, vector 64, self-play, sparse": lambda s: vector_steps(
            "st-augustine", 64, s, 1, seat=None, mask="sparse"
        ),
        # Kits loaded by path: the Liar's Dice example's own features (built by `pnpm run
        # build`), and a kit that declares none (the default encoding).
        "Ruleloom Liar's Dice example kit (its features), AEC": lambda s: aec_steps(
            lambda: env(str(ROOT / "examples/06-liars-dice/dist/liars-dice.mjs")), s, 1
        ),
        "Ruleloom Draw and Play kit (default encoding), AEC": lambda s: aec_steps(
            lambda: env(str(HERE / "tests/kits/draw-and-play.mjs")), s, 1
        ),
    }
    engine = ruleloom.shared_engine()  # start the engine before timing
    if args.only:
        cases = {name: run for name, run in cases.items() if any(word in name for word in args.only)}
    if args.warmup > 0:  # untimed: the engine's code is compiled by then, as in any long run
        for run in cases.values():
            run(args.warmup)
    load_before = os.getloadavg()
    rates: dict[str, list[float]] = {name: [] for name in cases}
    # CPU time per step of this process and of the engine process, and how often each slept
    # (blocked waiting for the other), summed over the rounds.
    totals = {name: [0, 0.0, 0.0, 0, 0] for name in cases}
    me, other = os.getpid(), engine.pid
    for _ in range(args.rounds):
        for name, run in cases.items():
            before = (cpu_seconds(me), cpu_seconds(other), sleeps(me), sleeps(other))
            steps, elapsed = run(args.seconds)
            after = (cpu_seconds(me), cpu_seconds(other), sleeps(me), sleeps(other))
            rates[name].append(steps / elapsed)
            t = totals[name]
            t[0] += steps
            t[1] += after[0] - before[0]
            t[2] += after[1] - before[1]
            t[3] += after[2] - before[2]
            t[4] += after[3] - before[3]
    load_after = os.getloadavg()
    cores = os.cpu_count()
    print(f"{platform.python_implementation()} {platform.python_version()}, {cores} cores, "
          f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} (1 min)")
    print(f"| environment | steps/s (median of {args.rounds}) | min | max "
          "| CPU µs/step Python | CPU µs/step engine | sleeps/step Python | sleeps/step engine |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    cpu: dict[str, dict[str, float]] = {}
    for name, values in rates.items():
        steps, py, eng, py_sleeps, eng_sleeps = totals[name]
        reference = "PettingZoo" in name  # the engine takes no part
        cpu[name] = {
            "python_us": 1e6 * py / steps,
            "engine_us": 0.0 if reference else 1e6 * eng / steps,
            "python_sleeps": py_sleeps / steps,
            "engine_sleeps": 0.0 if reference else eng_sleeps / steps,
        }
        c = cpu[name]
        eng_us = "-" if reference else f"{c['engine_us']:.1f}"
        eng_sl = "-" if reference else f"{c['engine_sleeps']:.2f}"
        print(f"| {name} | {statistics.median(values):,.0f} | {min(values):,.0f} | {max(values):,.0f} "
              f"| {c['python_us']:.1f} | {eng_us} | {c['python_sleeps']:.2f} | {eng_sl} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"load": [load_before, load_after], "cores": cores, "rates": rates, "cpu": cpu}, f, indent=2)

if __name__ == "__main__":
    main()
