"""Train a small masked policy on Colonial Florida against random bots (PyTorch, CPU).

REINFORCE with a running-mean baseline: a two-layer MLP reads the 1,194 observation features
and scores the 2,874 action indexes; illegal indexes are masked out before the softmax, so the
policy only ever samples legal actions. Games run in a ``ruleloom.vector_env`` (seat 0 learns,
the other seats are the engine's random bots, games reset themselves), and the learning curve
(the learner's win rate per batch of finished games) is written as a PNG.

    pip install "./packages/python[torch]"      # torch (CPU) and matplotlib
    python packages/python/examples/train_masked_policy.py --minutes 8 --out docs/images/learning-curve.png

Not part of CI: it needs torch, and it takes minutes.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import torch
from torch import nn

import ruleloom


class MaskedPolicy(nn.Module):
    def __init__(self, obs_size: int, action_size: int, hidden: int = 128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, action_size)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.head(self.body(obs))
        logits = logits.masked_fill(mask == 0, float("-inf"))  # only legal actions keep a probability
        return torch.distributions.Categorical(logits=logits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training time budget")
    parser.add_argument("--envs", type=int, default=32, help="games stepped together")
    parser.add_argument("--batch-games", type=int, default=64, help="finished games per update")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--out", default="learning-curve.png")
    parser.add_argument("--json", default=None, help="also write the curve's numbers here")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env = ruleloom.vector_env(
        "colonial-florida", args.envs, seat=0, opponents=["random"], players=args.players, seed=args.seed, mask="dense"
    )
    policy = MaskedPolicy(env.obs_size, env.action_size)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)
    obs, info = env.reset()
    mask = info["action_mask"]
    trajectories: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(args.envs)]
    finished: list[tuple[list[tuple[np.ndarray, np.ndarray, int]], float]] = []
    baseline = 0.0
    curve: list[dict[str, float]] = []
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.minutes * 60:
        with torch.no_grad():
            dist = policy(torch.from_numpy(obs), torch.from_numpy(mask))
            actions = dist.sample().numpy().astype(np.int32)
        for i in range(args.envs):
            trajectories[i].append((obs[i].copy(), mask[i].copy(), int(actions[i])))
        obs, rewards, terminated, _truncated, info = env.step(actions)
        mask = info["action_mask"]
        for i in np.flatnonzero(terminated):
            finished.append((trajectories[i], float(rewards[i])))
            trajectories[i] = []
        if len(finished) < args.batch_games:
            continue
        # One REINFORCE update on every decision of the finished games.
        batch, finished = finished[: args.batch_games], finished[args.batch_games :]
        returns = np.array([r for _t, r in batch], np.float32)
        steps = [(o, m, a, r) for t, r in batch for (o, m, a) in t]
        o = torch.from_numpy(np.stack([s[0] for s in steps]))
        m = torch.from_numpy(np.stack([s[1] for s in steps]))
        a = torch.tensor([s[2] for s in steps])
        advantage = torch.tensor([s[3] for s in steps]) - baseline
        dist = policy(o, m)
        loss = -(dist.log_prob(a) * advantage).mean() - 0.01 * dist.entropy().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        baseline = 0.9 * baseline + 0.1 * float(returns.mean())
        games += len(batch)
        point = {
            "games": games,
            "win_rate": float((returns > 0).mean()),
            "mean_reward": float(returns.mean()),
            "seconds": time.perf_counter() - start,
        }
        curve.append(point)
        print(f"{games:6d} games  win rate {point['win_rate']:.2f}  ({point['seconds']:.0f} s)", flush=True)
    env.close()

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"players": args.players, "envs": args.envs, "batch_games": args.batch_games, "curve": curve}, f)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [p["games"] for p in curve]
    y = [p["win_rate"] for p in curve]
    window = max(1, len(y) // 10)
    smooth = np.convolve(y, np.ones(window) / window, mode="valid") if len(y) >= window else np.array(y)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, y, alpha=0.35, label=f"win rate per {args.batch_games} games")
    ax.plot(x[window - 1 :], smooth, label=f"moving average ({window} updates)")
    ax.axhline(1 / args.players, color="gray", linestyle="--", label=f"1/{args.players} (an even share)")
    ax.set_xlabel("games played by the learner")
    ax.set_ylabel("win rate against random bots")
    ax.set_title(f"Colonial Florida, {args.players} players: masked REINFORCE policy vs random")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
