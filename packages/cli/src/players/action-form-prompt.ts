import type {
  ActionBase,
  ActionForm,
  ActionFormContext,
  AmountBounds,
  AmountStep,
  AnyFormStep,
  FormAnswer,
  FormText,
} from '@ruleloom/core';
import { paint, presentContext } from '../games/cli-game-of.js';
import type { NarrationContext } from '../games/cli-game.js';
import type { Choice, Decision } from './controller.js';
import { parseMoney, type ParsedAmount } from './parse-amount.js';
import type { Prompter } from './prompter.js';

type Answers = Record<string, FormAnswer>;
type Context = ActionFormContext<ActionBase, Answers>;

/** Asking one step gives an answer, leaves the form, or stops the game. */
type StepOutcome = { readonly answer: FormAnswer } | 'cancel' | 'quit';

/**
 * Settings of {@link askActionForm}.
 * @public
 */
export interface AskActionFormParams {
  /** The form, from the game's presenter (`presenter.forms[type]`). */
  readonly form: ActionForm;
  /** The decision: the seat, its view, and its legal actions of the form's action type. */
  readonly decision: Decision;
  readonly prompter: Prompter;
  readonly ctx: NarrationContext;
}

function textOf(text: FormText<Context>, context: Context, nctx: NarrationContext): string {
  return paint(typeof text === 'function' ? text(context) : text, nctx.palette);
}

/** `$13,000` or `-$2,000` for money, the number as typed otherwise. */
function amountText(n: number, step: AmountStep<string, Context>): string {
  if (step.parse !== 'money') return String(n);
  return `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US')}`;
}

function parseAmount(
  text: string,
  step: AmountStep<string, Context>,
  bounds: AmountBounds,
): ParsedAmount {
  const negative = bounds.min === undefined || bounds.min < 0;
  if (step.parse === 'money') return parseMoney(text, negative, step.unit ?? 1);
  const t = text.trim().replace(/,/g, '');
  if (!(negative ? /^-?\d+$/ : /^\d+$/).test(t))
    return {
      error: `'${text.trim().slice(0, 24)}' is not a whole number${negative ? '' : ' of 0 or more'}`,
    };
  return { amount: Number(t) };
}

async function askAmount(
  step: AmountStep<string, Context>,
  context: Context,
  prompter: Prompter,
  nctx: NarrationContext,
): Promise<StepOutcome> {
  const bounds = step.bounds?.(context) ?? {};
  const message = textOf(step.message, context, nctx);
  const no = nctx.palette.red('✗');
  for (;;) {
    const text = await prompter.text(message);
    if (text === null) return 'quit';
    if (text === '') {
      if (step.empty !== undefined) return { answer: step.empty };
      prompter.say(`${no} type an amount (Enter alone does nothing)`);
      continue;
    }
    const parsed = parseAmount(text, step, bounds);
    if ('error' in parsed) {
      prompter.say(`${no} ${parsed.error}`);
      continue;
    }
    const n = parsed.amount;
    if (bounds.min !== undefined && n < bounds.min)
      prompter.say(
        `${no} ${amountText(n, step)} is below the lowest, ${amountText(bounds.min, step)}`,
      );
    else if (bounds.max !== undefined && n > bounds.max)
      prompter.say(
        `${no} ${amountText(n, step)} is above the highest, ${amountText(bounds.max, step)}`,
      );
    else return { answer: n };
  }
}

async function askStep(
  step: AnyFormStep<Context>,
  form: ActionForm,
  context: Context,
  prompter: Prompter,
  nctx: NarrationContext,
): Promise<StepOutcome> {
  const message = (): string => textOf(step.message, context, nctx);
  switch (step.type) {
    case 'chooseOne': {
      const choices = step.choices(context);
      if (choices.length === 0) {
        prompter.say(nctx.palette.dim(`${message()}: nothing to choose now.`));
        return 'cancel';
      }
      const rows = choices.map((ch, value) => ({ name: paint(ch.label, nctx.palette), value }));
      if (step.cancel !== undefined)
        rows.push({ name: paint(step.cancel, nctx.palette), value: -1 });
      const index = await prompter.select(message(), rows);
      if (index === null) return 'quit';
      const chosen = choices[index];
      return chosen === undefined ? 'cancel' : { answer: chosen.value };
    }
    case 'chooseMany': {
      const choices = step.choices(context);
      const rows = choices.map((ch, value) => ({ name: paint(ch.label, nctx.palette), value }));
      const picked = await prompter.checkbox(message(), rows);
      if (picked === null) return 'quit';
      return {
        answer: picked.flatMap((i) => (choices[i] === undefined ? [] : [choices[i].value])),
      };
    }
    case 'amount':
      return askAmount(step, context, prompter, nctx);
    case 'confirm': {
      const draft = form.build(context.answers as Answers, context);
      for (const line of form.explain?.(draft, context) ?? [])
        prompter.say(paint(line, nctx.palette));
      const go = await prompter.select(
        message(),
        [
          { name: paint(step.accept, nctx.palette), value: true },
          { name: paint(step.reject, nctx.palette), value: false },
        ],
        true,
      );
      if (go === null) return 'quit';
      return go ? { answer: true } : 'cancel';
    }
  }
}

/**
 * Asks a game's declared action form (see `ActionForm` in `@ruleloom/core`) with the
 * prompter, for any game: each step in order (a menu, a checkbox list, an amount checked
 * against its bounds, a confirmation after the form's explanation), then the action its
 * `build` makes. `'cancel'` when the human left the form (its cancel row, or no at a
 * confirmation; a choose-one step with no rows leaves it too); a quit when they quit. The
 * rules still check the action.
 * @public
 */
export async function askActionForm(params: AskActionFormParams): Promise<Choice | 'cancel'> {
  const { form, decision, prompter, ctx } = params;
  const answers: Answers = {};
  const context: Context = {
    seat: decision.seat,
    view: decision.view,
    legalActions: decision.legalActions,
    answers,
    present: presentContext(ctx),
  };
  for (const step of form.steps as readonly AnyFormStep<Context>[]) {
    if (step.when !== undefined && !step.when(context)) continue;
    const outcome = await askStep(step, form, context, prompter, ctx);
    if (outcome === 'quit') return { type: 'quit' };
    if (outcome === 'cancel') return 'cancel';
    answers[step.id] = outcome.answer;
  }
  return { type: 'action', action: form.build(answers, context) };
}
