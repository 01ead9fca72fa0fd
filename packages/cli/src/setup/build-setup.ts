import { randomInt } from 'node:crypto';
import { validateSetup, type MatchSetup } from '@ruleloom/core';
import { usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { parseOptionPairs, parseSeed } from './parse-options.js';

/**
 * The setup flags shared by `play`, `tournament` and `demo`.
 * @public
 */
export interface SetupFlags {
  /** `--seed`; a fresh random seed when absent (printed, so the game can be replayed). */
  readonly seed?: string;
  /** Repeated `--option key=value`. */
  readonly option?: readonly string[];
}

/**
 * A fresh random seed for a match the user did not seed.
 * @public
 */
export function randomSeed(): number {
  return randomInt(1, 2 ** 31 - 1);
}

/**
 * Builds and validates a match setup from command-line flags. Throws a usage error (exit 2)
 * listing every problem, one per line, when the setup is invalid.
 * @public
 */
export function buildSetup(cliGame: CliGame, players: number, flags: SetupFlags): MatchSetup {
  const options = parseOptionPairs(flags.option ?? []);
  const setup: MatchSetup = {
    seed: flags.seed === undefined ? randomSeed() : parseSeed(flags.seed),
    players,
    options,
  };
  checkSetup(cliGame, setup);
  return setup;
}

/**
 * Validates a setup with the core's `validateSetup`; throws a usage error whose lines are
 * every problem (`options.turns: must be at least 1`).
 * @public
 */
export function checkSetup(cliGame: CliGame, setup: MatchSetup): void {
  const checked = validateSetup(cliGame.game, setup);
  if (checked.ok) return;
  const lines = checked.errors.map(
    (p) =>
      `${p.path === 'players' ? '--players' : p.path.replace(/^options\./, '--option ')}: ${p.message}`,
  );
  throw usageError(lines[0] ?? `invalid setup for '${cliGame.id}'`, lines.slice(1));
}
