import {
  actionTraitsOf,
  createEngine,
  createMatch,
  plainText,
  type ActionBase,
} from '@ruleloom/core';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { describe, expect, it } from 'vitest';
import { describeLoggedAction, whyNotLegal } from '../src/index.js';

const { game, presenter } = stAugustineKit;
const setup = { players: 3, options: {} };

describe('whyNotLegal: why a control is disabled, in the presenter’s words', () => {
  it('says the legal range of the kind (ordered by the declared amount), or that none is legal', () => {
    const match = createMatch(game, { seed: 2, ...setup });
    const seat = match.toAct[0]!;
    const legal = match.legalActions(seat) as readonly ActionBase[];
    const amount = actionTraitsOf(game).amountTrait('bid')!;
    const bids = legal
      .filter((a) => a.type === 'bid')
      .sort((x, y) => actionTraitsOf(game).amountOf(x)! - actionTraitsOf(game).amountOf(y)!);
    expect(bids.length).toBeGreaterThan(1);
    const context = {
      names: ['Ana', 'Ben', 'Cy'],
      rules: createEngine(game, setup),
    };
    const shown = presenter as unknown as Parameters<typeof describeLoggedAction>[0];
    const words = { presenter: shown, context, game };
    const say = (a: ActionBase) => plainText(describeLoggedAction(shown, context, a));
    expect(whyNotLegal(bids[0]!, legal, words)).toBeNull();
    // A bid between two legal amounts (off the declared step) is not legal.
    const field = amount.field;
    const first = (bids[0] as unknown as Record<string, number>)[field]!;
    const odd = { ...bids[0]!, [field]: first + 1 };
    expect(whyNotLegal(odd, legal, words)).toBe(
      `Not allowed now: ${say(odd)}. Allowed: ${say(bids[0]!)} up to ${say(bids.at(-1)!)} (${String(bids.length)} choices).`,
    );
    // The presenter's words, not the action's fields.
    expect(whyNotLegal(odd, legal, words)).not.toContain(field);
    // A kind of action the game has but that is not legal now: none of it is allowed.
    const later = createMatch(game, { seed: 2, ...setup });
    const other = (() => {
      for (let i = 0; i < 200 && !later.isOver; i++) {
        const s = later.toAct[0]!;
        const found = later.legalActions(s).find((a) => !legal.some((l) => l.type === a.type));
        if (found !== undefined) return found as ActionBase;
        expect(later.apply(s, later.legalActions(s)[0]!).ok).toBe(true);
      }
      return undefined;
    })();
    expect(other).toBeDefined();
    expect(whyNotLegal(other!, legal, words)).toBe(
      `Not allowed now: ${say(other!)}. Nothing of this kind is allowed now.`,
    );
  });
});
