/**
 * Testing kit for Ruleloom games: the laws every game must pass, fast-check arbitraries that
 * walk legal actions and mix in junk input, and scripted randomness. Needs the
 * `fast-check` peer dependency (`npm install -D fast-check`). The reference games Pig and Draw
 * and Play are re-exported from `@ruleloom/core/games`.
 *
 * @packageDocumentation
 */
export { gameLaws, lawSeed } from './laws.js';
export type { GameLawsOptions, Law } from './laws.js';
export { sessionLaws } from './session-laws.js';
export type { SessionLawsOptions } from './session-laws.js';
export { observationLaws } from './observation-laws.js';
export type { ObservationLawsOptions } from './observation-laws.js';
export type { HostileReport, BotInputOf } from './trust-laws.js';
export { walkArbitrary, junkInputArbitrary, playWalk, DECLARED_FIELD } from './walk.js';
export type { Walk, WalkStep, JunkInput } from './walk.js';
export { scriptRandom } from './script-random.js';
export type { ScriptTarget, ScriptableEngine } from './script-random.js';
// The reference games live in `@ruleloom/core/games` (no fast-check needed there); they are
// re-exported here so test code written against this entry keeps working.
export { pig, pigOptions, drawAndPlay, drawAndPlayOptions } from '../games/index.js';
export type {
  PigState,
  PigAction,
  PigOptions,
  DrawState,
  DrawAction,
  DrawCard,
  DrawOptions,
} from '../games/index.js';
