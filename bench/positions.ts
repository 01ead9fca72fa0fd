/**
 * The positions the information-model benches measure on: every 5th decision of 4 random games
 * (seeds 1–4, at most 400 decisions each), played with the given build's core. Shared by
 * `views-logs.ts` and `info-model.ts`.
 */
import type * as Core from '../packages/core/src/index.js';

/** The parts of a core build the benches use (this repository's or another worktree's). */
export type CoreModule = Pick<typeof Core, 'createEngine' | 'createMatch' | 'redactLog' | 'Rng'>;

/** A game of any state, action and view type. */
export type AnyGame = Core.Game<unknown, Core.ActionBase, unknown>;

/** A position: the state and the log that led to it. */
export interface Position {
  readonly state: Core.MatchState;
  readonly log: readonly Core.LogEntry[];
}

/** Positions of random games (every 5th decision), from fixed seeds. */
export function positions(
  core: CoreModule,
  game: AnyGame,
  players: number,
  options: object,
): Position[] {
  const out: Position[] = [];
  for (let seed = 1; seed <= 4; seed++) {
    const match = core.createMatch(game, { seed, players, options } as never);
    const rng = core.Rng.fromSeed(seed);
    for (let i = 0; !match.isOver && i < 400; i++) {
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      match.apply(seat, legal[rng.int(0, legal.length - 1)] as Core.ActionBase);
      if (i % 5 === 0) out.push({ state: match.state, log: [...match.log] });
    }
  }
  return out;
}
