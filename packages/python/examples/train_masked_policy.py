"""Train a small masked policy on Colonial Florida against random bots (PyTorch, CPU).

A masked actor-critic: a two-layer MLP reads the 1,194 observation features; a policy head
scores the 2,874 action indexes (illegal indexes are masked out before the softmax, so the
policy only ever samples legal actions; zero-initialised, so the untrained policy is uniform
over the legal actions) and a value head estimates each decision's return, the baseline.
Rewards: the game's outcome (+1 win, -1 loss) at the learner's last decision, plus a
potential-based shaping term (the change of the learner's Gold lead between its decisions;
``--shaping 0`` turns it off). Advantages are generalised advantage estimates (GAE), normalised
per update; each batch of finished games is learned from with PPO's clipped objective over a
few epochs. Games run in a ``ruleloom.vector_env`` (seat 0 learns, the other seats are the
engine's random bots), which the training loop reads only through Gymnasium's
``gymnasium.vector.VectorEnv`` interface: ``num_envs``, ``single_observation_space``,
``single_action_space``, ``reset``/``step`` with batched arrays, the legal-action masks in
``info["action_mask"]``, and the documented same-step autoreset (an ended game's ``step``
returns its final reward and already the first observation of the next game).

Before and after training, the policy plays the same fixed seeds against random bots (games
``--eval-seed`` ... ``--eval-seed + --eval-games - 1``; the greedy policy: the most probable
legal action), and the win rates are printed and drawn with the learning curve as a PNG.

    pip install "./packages/python[torch]"      # torch (CPU) and matplotlib
    python packages/python/examples/train_masked_policy.py --minutes 8 --eval-games 400 --out learning-curve.png

Each update prints the games and environment steps so far (one step: one decision of one
game), the sampled policy's win rate over the update's games and the value loss.

Not part of CI: it needs torch, and it takes minutes.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium
import numpy as np
import torch
from gymnasium.vector import AutoresetMode, VectorEnv
from torch import nn

import ruleloom


class MaskedActorCritic(nn.Module):
    def __init__(self, obs_size: int, action_size: int, hidden: int = 128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, action_size)
        self.value = nn.Linear(hidden, 1)
        nn.init.zeros_(self.policy.weight)  # start uniform over the legal actions: a random player
        nn.init.zeros_(self.policy.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.policy(h).masked_fill(mask == 0, -1e9)  # only legal actions keep a probability
        return logits, self.value(h).squeeze(-1)


def gold_lead(obs: np.ndarray) -> np.ndarray:
    """The learner's Gold minus the best opponent's, / 50 (the observation's ``players`` part:
    per seat, viewer first, ``present, gold / goldToWin, gold / 50, markers left / 12``)."""
    seats = obs[..., :12].reshape(*obs.shape[:-1], 3, 4)
    return seats[..., 0, 2] - seats[..., 1:, 2].max(axis=-1)


def advantages_and_returns(
    batch: list[tuple[list[tuple[np.ndarray, np.ndarray, int, float]], float]], values: np.ndarray, args: argparse.Namespace
) -> tuple[np.ndarray, np.ndarray]:
    """Generalised advantage estimates (GAE) per decision, game by game: the reward is the
    game's outcome at its last decision, plus (with ``--shaping``) the change of the learner's
    Gold lead between its decisions (a potential-based shaping term: it sums to the lead's
    change over the game, so it guides without changing which policy is best)."""
    advantages = np.zeros(len(values), np.float32)
    at = 0
    for trajectory, outcome in batch:
        n = len(trajectory)
        v = values[at : at + n]
        rewards = np.zeros(n, np.float32)
        rewards[-1] = outcome
        if args.shaping > 0 and n > 1:
            lead = gold_lead(np.stack([step[0] for step in trajectory]))
            rewards[:-1] += args.shaping * (args.gamma * lead[1:] - lead[:-1])
        gae = 0.0
        for t in range(n - 1, -1, -1):
            next_value = v[t + 1] if t + 1 < n else 0.0
            delta = rewards[t] + args.gamma * next_value - v[t]
            gae = delta + args.gamma * args.lam * gae
            advantages[at + t] = gae
        at += n
    return advantages, advantages + values


def evaluate(policy: MaskedActorCritic, games: int, seed: int, players: int) -> float:
    """The greedy policy's win rate against random bots on games ``seed`` ... ``seed + games - 1``."""
    env = ruleloom.vector_env(
        "colonial-florida", games, seat=0, opponents=["random"], players=players, seed=seed
    )
    obs, info = env.reset(seed=seed)
    result = np.full(games, np.nan)
    with torch.no_grad():
        while np.isnan(result).any():
            mask = torch.from_numpy(info["action_mask"])
            logits, _v = policy(torch.from_numpy(obs), mask)
            actions = logits.argmax(dim=1).numpy().astype(np.int32)
            obs, rewards, terminated, _t, info = env.step(actions)
            first = terminated & np.isnan(result)  # count each game's first episode only
            result[first] = rewards[first]
    env.close()
    return float((result > 0).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training time budget")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--batch-games", type=int, default=64, help="finished games per update")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--gamma", type=float, default=0.99, help="discount per decision")
    parser.add_argument("--lam", type=float, default=0.95, help="GAE lambda")
    parser.add_argument("--shaping", type=float, default=1.0, help="weight of the Gold-lead shaping (0: outcome only)")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each batch (PPO)")
    parser.add_argument("--minibatches", type=int, default=4, help="minibatches per pass")
    parser.add_argument("--clip", type=float, default=0.2, help="PPO's ratio clip")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus weight")
    parser.add_argument("--eval-games", type=int, default=500, help="fixed-seed games before and after")
    parser.add_argument("--eval-seed", type=int, default=1_000_000, help="first seed of the evaluation games")
    parser.add_argument("--out", default="learning-curve.png")
    parser.add_argument("--json", default=None, help="also write the curve's numbers here")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env: VectorEnv = ruleloom.vector_env(
        "colonial-florida", args.envs, seat=0, opponents=["random"], players=args.players, seed=args.seed
    )
    # From here on only Gymnasium's VectorEnv interface is used.
    assert isinstance(env, VectorEnv) and isinstance(env.single_action_space, gymnasium.spaces.Discrete)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP, "the loop below assumes same-step autoreset"
    num_envs = env.num_envs
    policy = MaskedActorCritic(env.single_observation_space.shape[0], int(env.single_action_space.n))
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)

    before = evaluate(policy, args.eval_games, args.eval_seed, args.players)
    print(f"before training: greedy win rate {before:.3f} on {args.eval_games} fixed-seed games", flush=True)

    obs, info = env.reset(seed=args.seed)
    mask = info["action_mask"]
    Step = tuple[np.ndarray, np.ndarray, int, float]
    trajectories: list[list[Step]] = [[] for _ in range(num_envs)]
    finished: list[tuple[list[Step], float]] = []
    curve: list[dict[str, float]] = []
    games = 0
    env_steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.minutes * 60:
        with torch.no_grad():
            logits, _v = policy(torch.from_numpy(obs), torch.from_numpy(mask))
            dist = torch.distributions.Categorical(logits=logits)
            sampled = dist.sample()
            logp = dist.log_prob(sampled).numpy()
            actions = sampled.numpy().astype(np.int32)
        for i in range(num_envs):
            trajectories[i].append((obs[i].copy(), mask[i].copy(), int(actions[i]), float(logp[i])))
        obs, rewards, terminated, truncated, info = env.step(actions)
        env_steps += num_envs
        mask = info["action_mask"]
        for i in np.flatnonzero(terminated | truncated):
            finished.append((trajectories[i], float(rewards[i])))
            trajectories[i] = []
        if len(finished) < args.batch_games:
            continue
        # Actor-critic updates on every decision of the finished games: PPO's clipped objective,
        # a few epochs of minibatches per batch (more learning per game played).
        batch, finished = finished[: args.batch_games], finished[args.batch_games :]
        outcomes = np.array([r for _t, r in batch], np.float32)
        steps = [s for t, _r in batch for s in t]
        o = torch.from_numpy(np.stack([s[0] for s in steps]))
        m = torch.from_numpy(np.stack([s[1] for s in steps]))
        a = torch.tensor([s[2] for s in steps])
        logp_old = torch.tensor([s[3] for s in steps])
        with torch.no_grad():
            _logits, values = policy(o, m)
        advantages, returns = advantages_and_returns(batch, values.numpy(), args)
        adv_all = torch.from_numpy(advantages)
        adv_all = (adv_all - adv_all.mean()) / (adv_all.std() + 1e-8)  # normalised per update
        ret_all = torch.from_numpy(returns)
        for _epoch in range(args.epochs):
            for idx in torch.randperm(len(steps)).chunk(args.minibatches):
                logits, v = policy(o[idx], m[idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(dist.log_prob(a[idx]) - logp_old[idx])
                adv = adv_all[idx]
                policy_loss = -torch.min(ratio * adv, ratio.clamp(1 - args.clip, 1 + args.clip) * adv).mean()
                value_loss = 0.5 * ((v - ret_all[idx]) ** 2).mean()
                loss = policy_loss + value_loss - args.entropy * dist.entropy().mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
                optimizer.step()
        games += len(batch)
        point = {
            "games": games,
            "steps": env_steps,
            "win_rate": float((outcomes > 0).mean()),
            "value_loss": value_loss.item(),
            "seconds": time.perf_counter() - start,
        }
        curve.append(point)
        print(
            f"{games:6d} games {env_steps:8d} steps  win rate {point['win_rate']:.2f}"
            f"  value loss {point['value_loss']:.3f}"
            f"  ({point['seconds']:.0f} s)",
            flush=True,
        )
    env.close()
    seconds = time.perf_counter() - start

    after = evaluate(policy, args.eval_games, args.eval_seed, args.players)
    print(
        f"after training ({games} games, {env_steps} steps, {seconds:.0f} s): greedy win rate {after:.3f}"
        " on the same games"
    )

    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "players": args.players,
                    "envs": args.envs,
                    "batch_games": args.batch_games,
                    "lr": args.lr,
                    "eval_games": args.eval_games,
                    "eval_seed": args.eval_seed,
                    "before": before,
                    "after": after,
                    "curve": curve,
                },
                f,
            )
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [p["games"] for p in curve]
    y = [p["win_rate"] for p in curve]
    window = max(1, len(y) // 10)
    smooth = np.convolve(y, np.ones(window) / window, mode="valid") if len(y) >= window else np.array(y)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, y, alpha=0.3, label=f"training win rate per {args.batch_games} games (sampled policy)")
    ax.plot(x[window - 1 :], smooth, label=f"moving average ({window} updates)")
    ax.scatter(
        [0, games], [before, after], color="black", zorder=3, label=f"greedy policy on {args.eval_games} fixed seeds"
    )
    ax.annotate(f"{before:.2f}", (0, before), textcoords="offset points", xytext=(6, -12))
    ax.annotate(f"{after:.2f}", (games, after), textcoords="offset points", xytext=(-30, 8))
    ax.axhline(1 / args.players, color="gray", linestyle="--", label=f"1/{args.players} (an even share)")
    ax.set_xlabel("games played by the learner")
    ax.set_ylabel("win rate against random bots")
    ax.set_title(f"Colonial Florida, {args.players} players: masked actor-critic vs random bots")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
