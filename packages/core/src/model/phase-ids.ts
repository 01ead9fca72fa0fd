/**
 * The phase of a finished match (`state.phase` once `result` is set); games may not use it.
 * @public
 */
export const GAME_OVER_PHASE = 'gameOver';

/**
 * The phase of a match while the game's `setup` runs, before the first phase is entered.
 * @internal
 */
export const SETUP_PHASE = '$setup';
