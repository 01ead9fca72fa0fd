/**
 * Testing kit for Ruleloom games: the laws every game must pass, fast-check arbitraries that
 * walk legal actions and mix in junk input, scripted randomness, and the Pig reference game.
 *
 * @packageDocumentation
 */
export { gameLaws, lawSeed } from './laws.js';
export type { GameLawsOptions, Law } from './laws.js';
export type { HostileReport, BotInputOf } from './trust-laws.js';
export { walkArbitrary, junkInputArbitrary, playWalk } from './walk.js';
export type { Walk, WalkStep, JunkInput } from './walk.js';
export { scriptRandom } from './script-random.js';
export type { ScriptTarget, ScriptableEngine } from './script-random.js';
export { pig, pigOptions } from './pig.js';
export type { PigState, PigAction, PigOptions } from './pig.js';
export { drawAndPlay, drawAndPlayOptions } from './draw-and-play.js';
export type { DrawState, DrawAction, DrawCard, DrawOptions } from './draw-and-play.js';
