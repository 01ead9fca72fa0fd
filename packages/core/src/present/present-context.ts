import type { CardDefinition } from '../cards/cards.js';
import type { RulesContext } from '../define/types.js';

/**
 * What a presenter knows about a match: the display name of each seat and the match's rules
 * (options, player count, card table). A `Match`'s `engine` is such a rules context.
 * @public
 */
export interface PresentContext<TOptions = unknown, TCard extends CardDefinition = CardDefinition> {
  /** A display name per seat (`'Spanish (you)'`, `'Seat 2 (mcts)'`). */
  readonly names: readonly string[];
  /** The match's rules. */
  readonly rules: RulesContext<TOptions, TCard>;
}
