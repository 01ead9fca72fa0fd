/**
 * Two small reference games built with the SDK, safe to load at run time (no test-only
 * dependencies): Pig, the dice game, and Draw and Play, a card game with a hidden deck. The
 * command line plays Pig; the laws in `@ruleloom/core/testing` are tested against both.
 *
 * @packageDocumentation
 */
export { pig, pigOptions, pigObservation } from './pig.js';
export type { PigState, PigAction, PigOptions } from './pig.js';
export { drawAndPlay, drawAndPlayOptions } from './draw-and-play.js';
export type { DrawState, DrawAction, DrawCard, DrawOptions } from './draw-and-play.js';
export { pigPresenter } from './pig-present.js';
