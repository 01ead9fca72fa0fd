import { createMatch, variantFromData, variantJsonSchema } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../src/index.js';

const monopolyPhase = (table: unknown) => ({
  id: 'monopoly',
  steps: [{ type: 'monopolyBonus', params: { table } }],
  next: [{ to: '$end', when: { type: 'lastTurnPlayed' } }, { to: 'record' }],
});

function problemsOf(data: unknown): { path: string; message: string }[] {
  const r = variantFromData(stAugustine, data);
  if (r.ok) throw new Error('expected the variant to be refused');
  return r.problems.map((p) => ({ path: p.path, message: p.message }));
}

describe('variantFromData (St. Augustine)', () => {
  it('builds a playable variant from options, cards and phases', () => {
    const r = variantFromData(stAugustine, {
      game: 'st-augustine',
      id: 'cheap-monopolies',
      name: 'Cheap monopolies',
      description: 'Monopolies pay half.',
      options: { turns: 8, trading: 'off' },
      cards: { remove: ['city-gates'] },
      phases: { replace: [monopolyPhase([0, 0, 2000, 4000, 8000, 12000])] },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.variant.id).toBe('cheap-monopolies');
    expect(r.variant.name).toBe('Cheap monopolies');
    const match = createMatch(r.variant, { seed: 3, players: 3 });
    expect(match.state.game.deck).not.toContain('city-gates');
    expect(r.variant.cards.some((c) => c.id === 'city-gates')).toBe(false);
  });

  it('refuses an unknown option, with its path and a suggestion', () => {
    const problems = problemsOf({ game: 'st-augustine', options: { turnz: 30 } });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('options.turnz');
    expect(problems[0]?.message).toMatch(/no option 'turnz'.*turns/);
  });

  it('refuses an option of the wrong type', () => {
    const problems = problemsOf({ game: 'st-augustine', options: { trading: true } });
    expect(problems).toEqual([
      { path: 'options.trading', message: expect.stringMatching(/expected one of 'on', 'off'/) },
    ]);
  });

  it('refuses an option out of range', () => {
    const problems = problemsOf({ game: 'st-augustine', options: { turns: 0 } });
    expect(problems.map((p) => p.path)).toEqual(['options.turns']);
  });

  it('refuses an unknown card', () => {
    const problems = problemsOf({ game: 'st-augustine', cards: { remove: ['city-gate'] } });
    expect(problems).toEqual([
      {
        path: 'cards.remove[0]',
        message: expect.stringMatching(/no card 'city-gate'.*city-gates/),
      },
    ]);
  });

  it('refuses an unknown effect, at the step that names it', () => {
    const problems = problemsOf({
      game: 'st-augustine',
      phases: {
        replace: [{ id: 'revenue', steps: [{ type: 'payRevenu', params: { perShop: 1000 } }] }],
      },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('phases.replace[0].steps[0].type');
    expect(problems[0]?.message).toMatch(/payRevenue/);
  });

  it('refuses a card whose effect is unknown', () => {
    const problems = problemsOf({
      game: 'st-augustine',
      cards: {
        replace: [
          {
            id: 'city-gates',
            kind: 'attraction',
            name: 'City Gates',
            effect: { type: 'streetIncom', params: { street: 'g', amount: 1000 } },
          },
        ],
      },
    });
    expect(problems.map((p) => p.path)).toContain('cards.replace[0].effect.type');
  });

  it('refuses a phase id that does not exist (remove, replace, insert next to)', () => {
    const problems = problemsOf({
      game: 'st-augustine',
      phases: {
        remove: ['auction'],
        replace: [{ id: 'income', steps: [] }],
        insert: [{ after: 'revenu', phase: { id: 'extra', steps: [] } }],
      },
    });
    expect(problems.map((p) => p.path)).toEqual([
      'phases.remove[0]',
      'phases.replace[0].id',
      'phases.insert[0]',
    ]);
    expect(problems[0]?.message).toMatch(/no phase 'auction'/);
  });

  it('refuses params out of range, at the path in the file', () => {
    const problems = problemsOf({
      game: 'st-augustine',
      phases: {
        replace: [{ id: 'revenue', steps: [{ type: 'payRevenue', params: { perShop: 1500 } }] }],
      },
    });
    expect(problems).toEqual([
      {
        path: 'phases.replace[0].steps[0].params',
        message: expect.stringMatching(
          /^payRevenue: perShop must be a non-negative multiple of 1000, got 1500$/,
        ),
      },
    ]);
  });

  it('lists every problem at once, one per problem', () => {
    const problems = problemsOf({
      game: 'st-augustine',
      options: { turnz: 3, trading: 1 },
      cards: { remove: ['nope'] },
    });
    expect(problems.map((p) => p.path)).toEqual([
      'cards.remove[0]',
      'options.turnz',
      'options.trading',
    ]);
  });

  it('refuses a variant of another game and unknown fields', () => {
    const problems = problemsOf({ game: 'colonial-florida', option: {} });
    expect(problems.map((p) => p.path).sort()).toEqual(['game', 'option']);
  });

  it('never throws on junk', () => {
    for (const junk of [
      null,
      3,
      'x',
      [],
      { game: 'st-augustine', phases: 5 },
      { game: 'st-augustine', cards: { add: [null] } },
      { game: 'st-augustine', phases: { replace: [null], insert: [3] } },
    ])
      expect(variantFromData(stAugustine, junk).ok).toBe(false);
  });
});

describe('variantJsonSchema (St. Augustine)', () => {
  const schema = variantJsonSchema(stAugustine) as {
    properties: {
      options: { properties: Record<string, Record<string, unknown>> };
      phases: { properties: { remove: { items: { enum: string[] } } } };
    };
    $defs: {
      effect: {
        properties: { type: { enum: string[] } };
        allOf: { then: { properties: { params: { required?: string[] } } } }[];
      };
    };
  };
  it('describes the declared options with their types and ranges', () => {
    expect(schema.properties.options.properties.turns).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    expect(schema.properties.options.properties.trading).toMatchObject({ enum: ['on', 'off'] });
  });
  it('names the phases and effects, with the params declared by checkParamFields', () => {
    expect(schema.properties.phases.properties.remove.items.enum).toContain('monopoly');
    expect(schema.$defs.effect.properties.type.enum).toContain('payRevenue');
    const required = schema.$defs.effect.allOf.map((a) => a.then.properties.params.required ?? []);
    expect(required).toContainEqual(['perShop']);
  });
});
