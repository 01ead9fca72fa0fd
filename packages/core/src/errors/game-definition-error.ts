import {
  definitionProblemCode,
  formatProblems,
  setupProblemCode,
  withCodes,
  type Problem,
} from './problem.js';

/**
 * Thrown when a game definition (or a variant) is wrong: every problem is listed with its path.
 *
 * @remarks
 * Definition mistakes are programmer errors, so they throw at `defineGame` / `defineVariant`
 * time rather than surfacing during play.
 * @public
 */
export class GameDefinitionError extends Error {
  /** Every problem found, with its path and code. */
  readonly problems: readonly Problem[];

  constructor(gameId: string, problems: readonly Problem[]) {
    super(
      `game definition '${gameId}' has ${String(problems.length)} problem${problems.length === 1 ? '' : 's'}:\n${formatProblems(problems)}`,
    );
    this.name = 'GameDefinitionError';
    this.problems = withCodes(problems, definitionProblemCode);
  }
}

/**
 * Thrown by {@link createMatch} when a setup is invalid (unknown option, wrong type, out of
 * range, bad player count). Use {@link validateSetup} to check a setup without throwing.
 * @public
 */
export class SetupError extends Error {
  /** Every problem found, with its path (`options.turns`, `players`) and code. */
  readonly problems: readonly Problem[];

  constructor(gameId: string, problems: readonly Problem[]) {
    super(
      `invalid setup for '${gameId}' (${String(problems.length)} problem${problems.length === 1 ? '' : 's'}):\n${formatProblems(problems)}`,
    );
    this.name = 'SetupError';
    this.problems = withCodes(problems, setupProblemCode);
  }
}

/**
 * Thrown when the engine detects a broken invariant at run time (for example a phase cycle
 * that never reaches a decision). This is a bug in a game definition, never a player mistake.
 * @public
 */
export class EngineInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineInvariantError';
  }
}
