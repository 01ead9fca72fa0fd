import { describe, expect, it } from 'vitest';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import { pig } from '../games/pig.js';
import { finishGame } from './define-game.js';

/** A copy of Pig's spec with some fields replaced, checked as a new definition. */
function broken(changes: Record<string, unknown>): unknown {
  try {
    finishGame({ ...pig, ...changes });
    return undefined;
  } catch (e) {
    return e;
  }
}

describe('defineGame checks the whole definition at once', () => {
  it('lists every problem with its path and a did-you-mean hint', () => {
    const error = broken({
      id: 'Bad Id',
      phases: [
        {
          id: 'turn',
          steps: [{ type: 'startTrun' }],
          next: [{ to: 'trun' }, { to: '$end', when: { type: 'decidd' } }],
        },
        { id: 'turn' },
      ],
    });
    expect(error).toBeInstanceOf(GameDefinitionError);
    const problems = (error as GameDefinitionError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: 'id', message: "game id must be kebab-case, got 'Bad Id'" },
        {
          path: 'phases[0].steps[0].type',
          message: "unknown effect 'startTrun'. Did you mean 'startTurn'?",
        },
        expect.objectContaining({
          path: 'phases[0].next[0].to',
          message: expect.stringContaining("Did you mean 'turn'?"),
        }),
        {
          path: 'phases[0].next[1].when.type',
          message: "unknown condition 'decidd'. Did you mean 'decided'?",
        },
        { path: 'phases[1].id', message: "duplicate phase id 'turn'" },
      ]),
    );
    expect((error as Error).message).toContain("game definition 'Bad Id' has 5 problems");
  });

  it('checks effect params with the handler checkParams', () => {
    const effect = Object.assign(() => undefined, {
      checkParams: (p: unknown) => (typeof p === 'number' ? [] : ['expected a number']),
    });
    const error = broken({
      effects: { ...pig.effects, scored: effect },
      phases: [{ id: 'turn', steps: [{ type: 'scored', params: 'x' }] }],
    });
    expect((error as GameDefinitionError).problems).toEqual([
      { path: 'phases[0].steps[0].params', message: 'scored: expected a number' },
    ]);
  });

  it('checks option defaults, zones, cards and handlers', () => {
    const error = broken({
      options: {
        target: { type: 'integer', default: 0, min: 2, description: 'x' },
        cards: { type: 'boolean', default: true, description: 'x' },
      },
      zones: [
        { path: 'deck.*', visibility: 'nobody' },
        { path: 'hand', visibility: 'owner', countAs: 'n' },
      ],
      cards: [{ id: 'a' }, { id: 'a' }, { id: 'B', copies: 0 }],
      actions: { roll: { parse: () => ({ action: { type: 'roll' } }) } },
      toAct: 3,
    });
    const paths = (error as GameDefinitionError).problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'options.target.default',
        'options.cards',
        'zones[0].path',
        'zones[0].countAs',
        'zones[1].visibility',
        'cards[1].id',
        'cards[2].id',
        'cards[2].copies',
        'actions.roll.validate',
        'toAct',
      ]),
    );
  });

  it('accepts a correct definition and freezes it', () => {
    expect(Object.isFrozen(pig)).toBe(true);
  });
});

describe('defineGame checks declared secrets', () => {
  it('a private field needs a path with a field name, a visibility and a determinize hook', () => {
    const error = broken({
      privateFields: [
        { path: 'players.*', visibility: 'owner' },
        { path: 'scores', visibility: 'everyone' },
        { path: 'bag', visibility: 'owner' },
      ],
    });
    expect(error).toBeInstanceOf(GameDefinitionError);
    const paths = (error as GameDefinitionError).problems.map((p) => p.path);
    expect(paths).toEqual([
      'privateFields[0].path',
      'privateFields[1].visibility',
      'privateFields[2].visibility',
      'determinize',
    ]);
  });

  it('refuses copies that can reach an owner zone unless the game declares copyIds', () => {
    const spec = {
      cards: [{ id: 'face', copies: 3 }],
      zones: [
        { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
        { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
      ],
    };
    const error = broken(spec);
    expect(error).toBeInstanceOf(GameDefinitionError);
    expect((error as GameDefinitionError).problems).toEqual([
      expect.objectContaining({
        path: 'zones[1]',
        message: expect.stringMatching(
          /^zone 'players\.\*\.hand' is private to its owner and card 'face' have copies: holding 'face#2' can tell a seat that another seat holds 'face#1'/,
        ) as unknown,
      }),
    ]);
    expect(broken({ ...spec, copyIds: 'shuffled' })).toBeUndefined();
    expect(broken({ ...spec, copyIds: 'yes' })).toBeInstanceOf(GameDefinitionError);
  });
});
