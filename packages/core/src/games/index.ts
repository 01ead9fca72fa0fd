/**
 * Four small reference games built with the SDK, safe to load at run time (no test-only
 * dependencies): Pig, the dice game; Draw and Play, a card game with a hidden deck; Liar's
 * Dice, whose per-seat secrets are private dice (a declared private field and private rolls);
 * and Court Letters, a card game with peeks, swaps, private comparisons and guesses (declared
 * reveals and public consequences). The command line plays Pig; the laws in
 * `@ruleloom/core/testing` are tested against all four.
 *
 * @packageDocumentation
 */
export { pig, pigOptions, pigObservation } from './pig.js';
export type { PigState, PigAction, PigOptions, PigView } from './pig.js';
export { drawAndPlay, drawAndPlayOptions } from './draw-and-play.js';
export type { DrawState, DrawAction, DrawCard, DrawOptions } from './draw-and-play.js';
export { courtLetters, courtLettersOptions } from './court-letters.js';
export type { CourtState, CourtAction, CourtCard, CourtOptions } from './court-letters.js';
export { pigPresenter } from './pig-present.js';
export { liarsDice, liarsDiceOptions } from './liars-dice.js';
export type {
  LiarsDiceState,
  LiarsDiceAction,
  LiarsDiceOptions,
  LiarsDicePlayer,
  LiarsDiceBid,
  LiarsDiceChallenge,
  LiarsDiceView,
} from './liars-dice.js';
export { pigKit } from './pig-kit.js';
export { liarsDicePresenter } from './liars-dice-present.js';
export { liarsDiceObservation } from './liars-dice-observation.js';
export { liarsDiceKit } from './liars-dice-kit.js';
