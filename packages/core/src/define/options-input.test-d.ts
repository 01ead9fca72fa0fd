import { describe, expectTypeOf, it } from 'vitest';
import { pig } from '../games/pig.js';
import { gameLaws } from '../testing/laws.js';
import { createMatch, type MatchSetup } from '../match/match.js';
import type { OptionsInput } from './options-input.js';

describe('match options are typed from the game option schema', () => {
  it('createMatch takes the options of the game, each with its type', () => {
    createMatch(pig, { seed: 1, players: 2, options: { target: 30, maxTurns: 50 } });
    createMatch(pig, { seed: 1, players: 2, options: {} });
    createMatch(pig, { seed: 1, players: 2 });
    // @ts-expect-error target is a whole number, not text
    createMatch(pig, { seed: 1, players: 2, options: { target: 'ten' } });
    // @ts-expect-error pig has no option 'turns'
    createMatch(pig, { seed: 1, players: 2, options: { turns: 10 } });
  });

  it('gameLaws setups are typed the same way', () => {
    gameLaws({ game: pig, setups: [{ players: 2, options: { target: 20 } }] });
    // @ts-expect-error target is a whole number, not text
    gameLaws({ game: pig, setups: [{ players: 2, options: { target: 'ten' } }] });
  });

  it('a game whose options are unknown at compile time takes any record', () => {
    expectTypeOf<OptionsInput<unknown>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    const untyped: MatchSetup = { seed: 1, players: 2, options: { anything: 'goes' } };
    expectTypeOf(untyped.options).toEqualTypeOf<Readonly<Record<string, unknown>> | undefined>();
  });
});
