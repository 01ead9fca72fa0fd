import {
  createEngine,
  createMatch,
  defineActionForm,
  type ActionBase,
  type CardDefinition,
  type GameKit,
  type GamePresenter,
  type PresentContext,
} from '@ruleloom/core';
import { renderToString } from 'react-dom/server';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  amountBounds,
  answered,
  builtAction,
  currentStep,
  explanation,
  FORM_START,
  formContext,
  formOf,
  formTypes,
  readAmount,
  stepText,
  type FormDecision,
  type Step,
} from '../src/presenter/presenter-forms.js';

/** Liar's Dice, the example kit (a game this package does not depend on), loaded by its path. */
const LIARS_DICE = pathToFileURL(
  new URL('../../../examples/06-liars-dice/src/kit.ts', import.meta.url).pathname,
).href;
const liarsDiceKit = ((await import(LIARS_DICE)) as { default: GameKit }).default;

type Bid = { readonly type: 'bid'; readonly quantity: number; readonly face: number };

/** Liar's Dice's bid as a form (the one of docs/guides/write-a-game.md), with a skipped step. */
const bidForm = defineActionForm<
  Bid,
  unknown,
  CardDefinition,
  { face: number; quantity: number; note: string; sure: boolean }
>({
  title: 'Make a bid…',
  steps: [
    {
      id: 'face',
      type: 'chooseOne',
      message: 'Which face',
      choices: (ctx) =>
        [...new Set(ctx.legalActions.map((a) => a.face))]
          .sort((a, b) => a - b)
          .map((face) => ({ label: `${String(face)}s`, value: face })),
      cancel: 'Back',
    },
    {
      id: 'quantity',
      type: 'amount',
      message: (ctx) => `How many ${String(ctx.answers.face)}s`,
      parse: 'integer',
      bounds: (ctx) => {
        const q = ctx.legalActions
          .filter((a) => a.face === ctx.answers.face)
          .map((a) => a.quantity);
        return { min: Math.min(...q), max: Math.max(...q) };
      },
    },
    // Never asked: its `when` says no.
    {
      id: 'note',
      type: 'chooseOne',
      message: 'Never asked',
      when: () => false,
      choices: () => [{ label: 'x', value: 'x' }],
    },
    { id: 'sure', type: 'confirm', message: 'Bid it?', accept: 'Bid', reject: 'Back' },
  ],
  build: (answers) => ({ type: 'bid', quantity: answers.quantity, face: answers.face }),
  explain: (action) => [
    `You claim at least ${String(action.quantity)} dice showing ${String(action.face)}.`,
  ],
});

const game = liarsDiceKit.game;
const presenter = {
  ...(liarsDiceKit.presenter as unknown as GamePresenter),
  forms: { bid: bidForm },
} as GamePresenter;

/** The first decision of a three-seat game, as the generic board hands it to a form. */
function firstDecision(): FormDecision {
  const match = createMatch(game, { seed: 3, players: 3, options: { dice: 3 } });
  const seat = match.toAct[0]!;
  const present: PresentContext = {
    names: ['Player 1', 'Player 2', 'Player 3'],
    rules: createEngine(game, { players: 3, options: { dice: 3 } }),
  };
  return {
    seat,
    view: match.view(seat),
    legalActions: match.legalActions(seat) as readonly ActionBase[],
    present,
  };
}

describe('a presenter’s form, asked step by step (the generic board’s flow)', () => {
  it('finds the forms the presenter declares for the legal actions’ types', () => {
    const actions = [
      { type: 'bid', quantity: 2, face: 3 },
      { type: 'liar' },
    ] as readonly ActionBase[];
    expect(formTypes(presenter, actions)).toEqual(['bid']);
    expect(formOf(presenter, 'bid')).toBe(bidForm);
    expect(formOf(presenter, 'liar')).toBeUndefined();
    // An inherited name is not a form.
    expect(formOf(presenter, 'toString')).toBeUndefined();
    expect(formTypes(liarsDiceKit.presenter as unknown as GamePresenter, actions)).toEqual([]);
  });

  it('asks each step in order, skips a step whose `when` says no, and builds a legal action', () => {
    const decision = firstDecision();
    let progress = FORM_START;
    let ctx = formContext(decision, 'bid', progress.answers);
    // Only the legal actions of the form's type reach its handlers.
    expect(ctx.legalActions.every((a) => a.type === 'bid')).toBe(true);
    const face = currentStep(bidForm, ctx, progress)!;
    expect([face.index, face.step.type, stepText(face.step.message, ctx)]).toEqual([
      0,
      'chooseOne',
      'Which face',
    ]);
    const faces = (face.step as Extract<Step, { type: 'chooseOne' }>).choices(ctx);
    expect(faces.map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6]);
    progress = answered(face.index, face.step.id, 4, progress);
    ctx = formContext(decision, 'bid', progress.answers);

    const quantity = currentStep(bidForm, ctx, progress)!;
    expect(quantity.step.type).toBe('amount');
    expect(stepText(quantity.step.message, ctx)).toBe('How many 4s');
    const legalQuantities = ctx.legalActions
      .filter((a) => (a as Bid).face === 4)
      .map((a) => (a as Bid).quantity);
    const bounds = amountBounds(quantity.step, ctx);
    expect(bounds).toEqual({
      min: Math.min(...legalQuantities),
      max: Math.max(...legalQuantities),
    });
    expect(readAmount(quantity.step, bounds, '')).toEqual({ problem: 'Type an amount.' });
    expect(readAmount(quantity.step, bounds, 'two')).toEqual({
      problem: 'Type a whole number of 0 or more.',
    });
    expect(readAmount(quantity.step, bounds, String(bounds.max! + 1))).toEqual({
      problem: `${String(bounds.max! + 1)} is above the highest, ${String(bounds.max)}.`,
    });
    expect(readAmount(quantity.step, bounds, ` ${String(bounds.min)} `)).toEqual({
      answer: bounds.min,
    });
    progress = answered(quantity.index, quantity.step.id, bounds.min!, progress);
    ctx = formContext(decision, 'bid', progress.answers);

    // The `note` step (index 2) is skipped: its `when` says no.
    const sure = currentStep(bidForm, ctx, progress)!;
    expect([sure.index, sure.step.type]).toEqual([3, 'confirm']);
    expect(explanation(bidForm, ctx, progress.answers)).toEqual([
      `You claim at least ${String(bounds.min)} dice showing 4.`,
    ]);
    progress = answered(sure.index, sure.step.id, true, progress);
    ctx = formContext(decision, 'bid', progress.answers);
    expect(currentStep(bidForm, ctx, progress)).toBeUndefined();
    const action = builtAction(bidForm, ctx, progress.answers);
    expect(action).toEqual({ type: 'bid', quantity: bounds.min, face: 4 });
    expect(decision.legalActions).toContainEqual(action);
  });

  it('reads money as the command line does: $ and commas, k, and small numbers in units', () => {
    const step = {
      id: 'money',
      type: 'amount',
      message: 'How much',
      parse: 'money',
      unit: 1000,
      empty: 0,
      bounds: () => ({ min: -5000, max: 20000 }),
    } as Step;
    const bounds = amountBounds(step, formContext(firstDecision(), 'bid', {}));
    expect(readAmount(step, bounds, '$2,500')).toEqual({ answer: 2500 });
    expect(readAmount(step, bounds, '3k')).toEqual({ answer: 3000 });
    expect(readAmount(step, bounds, '3')).toEqual({ answer: 3000 });
    expect(readAmount(step, bounds, '-2')).toEqual({ answer: -2000 });
    expect(readAmount(step, bounds, '')).toEqual({ answer: 0 });
    expect(readAmount(step, bounds, '-6k')).toEqual({
      problem: '-6000 is below the lowest, -5000.',
    });
  });
});

describe('the form’s controls', () => {
  it('a choose-one step is a row of buttons (the choices’ labels, then its cancel row)', async () => {
    const { PresenterForm } = await import('../src/presenter/presenter-form.js');
    const html = renderToString(
      <PresenterForm
        form={bidForm}
        type="bid"
        decision={firstDecision()}
        disabled={false}
        act={() => undefined}
        close={() => undefined}
      />,
    );
    expect(html).toMatch(/<fieldset[^>]*aria-label="Make a bid…"/);
    expect(html).toContain('<legend>Make a bid…</legend>');
    expect(html).toContain('Which face');
    const group = /<div role="group" aria-label="Which face"[^>]*>(.*?)<\/div>/.exec(html)?.[1];
    expect([...(group ?? '').matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1])).toEqual([
      '1s',
      '2s',
      '3s',
      '4s',
      '5s',
      '6s',
      'Back',
    ]);
    expect(html).toMatch(/<button[^>]*>Back to the moves<\/button>/);
  });

  it('a choose-several step is a checkbox per choice and a Next button', async () => {
    const { PresenterForm } = await import('../src/presenter/presenter-form.js');
    const pickForm = defineActionForm<Bid, unknown, CardDefinition, { faces: number[] }>({
      title: 'Pick faces…',
      steps: [
        {
          id: 'faces',
          type: 'chooseMany',
          message: 'Which faces',
          choices: () => [
            { label: 'Ones', value: 1 },
            { label: 'Twos', value: 2 },
          ],
        },
      ],
      build: (answers) => ({ type: 'bid', quantity: answers.faces.length, face: 1 }),
    });
    const html = renderToString(
      <PresenterForm
        form={pickForm}
        type="bid"
        decision={firstDecision()}
        disabled={false}
        act={() => undefined}
        close={() => undefined}
      />,
    );
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toMatch(/Ones/);
    expect(html).toMatch(/<button class="primary"[^>]*>Next<\/button>/);
  });

  it('a form whose handler throws says so and offers only the way back', async () => {
    const { PresenterForm } = await import('../src/presenter/presenter-form.js');
    const broken = defineActionForm<Bid>({
      title: 'Broken…',
      steps: [
        {
          id: 'face',
          type: 'chooseOne',
          message: 'Which face',
          choices: () => {
            throw new Error('no faces here');
          },
        },
      ],
      build: () => ({ type: 'bid', quantity: 1, face: 1 }),
    });
    const html = renderToString(
      <PresenterForm
        form={broken}
        type="bid"
        decision={firstDecision()}
        disabled={false}
        act={() => undefined}
        close={() => undefined}
      />,
    );
    expect(html).toContain('This form failed: no faces here');
    expect(html).toMatch(/<button[^>]*>Back to the moves<\/button>/);
  });
});
