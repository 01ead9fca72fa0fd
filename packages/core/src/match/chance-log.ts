import type { CardDefinition } from '../cards/cards.js';
import type { Engine } from '../run/engine.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { rejection, type Rejection } from '../result.js';
import type { Seed } from '../rng/seed.js';

/**
 * How a game played with chosen chance outcomes (`Engine.applyWithChance`) is recorded so it
 * replays exactly: the seed, the outcomes chosen during setup, and every action with the
 * outcomes chosen during its step (empty for a step that drew nothing, or whose draws all had
 * one outcome). A match save (`ruleloom.match/2`) records seeded games only: its replay
 * draws every outcome from the seed.
 * @public
 */
export interface ChanceLog {
  /** The match's seed (setup's generator, as `initialState(seed)`). */
  readonly seed: Seed;
  /** The outcome indexes chosen during setup, in order. */
  readonly setup: readonly number[];
  /** Every action in order: its seat, the action, and the outcome indexes chosen in its step. */
  readonly steps: readonly {
    readonly seat: number;
    readonly action: unknown;
    readonly chance: readonly number[];
  }[];
}

/**
 * Replays a {@link ChanceLog} with an engine of the same game and setup: the state it leads to
 * (its hash is the played game's), or a rejection naming the first entry that does not replay
 * (`replay_rejected`: a rejected action, a bad outcome, or outcomes that stop short of the
 * step's draws). Never throws on a bad log.
 * @public
 */
export function replayChanceLog<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  log: ChanceLog,
):
  | { readonly ok: true; readonly state: MatchState<TState> }
  | { readonly ok: false; readonly error: Rejection } {
  const start = engine.initialStateWithChance(log.seed, log.setup);
  if (!start.ok) return { ok: false, error: replayError('setup', start.error.message) };
  if (!start.done) return { ok: false, error: replayError('setup', shortOf(start.node.draw)) };
  let state = start.state;
  for (let i = 0; i < log.steps.length; i++) {
    const step = log.steps[i] as ChanceLog['steps'][number];
    const r = engine.applyWithChance(state, step.seat, step.action, step.chance);
    const at = `steps[${String(i)}]`;
    if (!r.ok) return { ok: false, error: replayError(at, r.error.message) };
    if (!r.done) return { ok: false, error: replayError(at, shortOf(r.node.draw)) };
    state = r.state;
  }
  return { ok: true, state };
}

function shortOf(drawn: number): string {
  return `its outcomes stop after ${String(drawn)} of its draws`;
}

function replayError(at: string, message: string): Rejection {
  return rejection('replay_rejected', `${at} did not replay: ${message}`);
}
