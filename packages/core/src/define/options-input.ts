import type { CardDefinition, CardOverrides } from '../cards/cards.js';

/**
 * The options a setup may give for a game with option values `TOptions`: any of them (missing
 * ones take their defaults), each with its own type, plus `cards` (card overrides, checked at
 * run time by the game's `checkCard`: a card may use data the game's card type does not name,
 * such as a new street). For a game whose options are not known at compile time (`unknown`),
 * any record.
 *
 * @example
 * ```ts
 * createMatch(stAugustine, { seed: 1, players: 3, options: { turns: 9 } }); // ok
 * createMatch(stAugustine, { seed: 1, players: 3, options: { turns: 'ten' } }); // type error
 * ```
 * @public
 */
export type OptionsInput<
  TOptions,
  TCard extends CardDefinition = CardDefinition,
> = unknown extends TOptions
  ? Readonly<Record<string, unknown>>
  : { readonly [K in keyof TOptions]?: TOptions[K] } & {
      readonly cards?: CardOverrides<TCard>;
    };
