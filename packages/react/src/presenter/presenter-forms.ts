/*
 * A game's declared action forms (its presenter's `forms`, see `ActionForm` in
 * `@ruleloom/core`), asked step by step on the generic board, for any game: the steps in
 * order (skipping those whose `when` says no), each a menu, a set of checkboxes, a bounded
 * amount or a confirmation after the form's `explain`, then the action `build` makes (the
 * rules still check it). This file is the flow, as plain functions a test can drive; the
 * controls are `presenter-form.tsx`.
 */
import type {
  ActionBase,
  ActionForm,
  ActionFormContext,
  AmountBounds,
  AnyFormStep,
  FormAnswer,
  FormChoice,
  FormText,
  GamePresenter,
  GameView,
  PresentContext,
  RichText,
} from '@ruleloom/core';

/** The answers given so far, by step id. */
export type FormAnswers = Readonly<Record<string, FormAnswer>>;

/** What a form's handlers read (see `ActionFormContext`). */
export type FormContext = ActionFormContext<ActionBase, FormAnswers>;

/** A step of a form, as the board asks it. */
export type Step = AnyFormStep<FormContext>;

/** The presenter's form for an action type, if it declares one. */
export function formOf(presenter: GamePresenter | undefined, type: string): ActionForm | undefined {
  const forms = presenter?.forms;
  return forms === undefined || !Object.hasOwn(forms, type) ? undefined : forms[type];
}

/** The action types among the legal actions that the presenter has a form for, in order. */
export function formTypes(
  presenter: GamePresenter | undefined,
  actions: readonly ActionBase[],
): string[] {
  return [...new Set(actions.map((a) => a.type))].filter(
    (type) => formOf(presenter, type) !== undefined,
  );
}

/** Where a form is: the answers so far and the index of the step asked next (from there on). */
export interface FormProgress {
  readonly answers: FormAnswers;
  readonly from: number;
}

/** A form that has not been answered yet. */
export const FORM_START: FormProgress = { answers: {}, from: 0 };

/** What the seat sees of the decision: its seat, view, legal actions and the present context. */
export interface FormDecision {
  readonly seat: number;
  readonly view: GameView;
  readonly legalActions: readonly ActionBase[];
  readonly present: PresentContext;
}

/** The context a form's handlers get: only the legal actions of the form's type. */
export function formContext(
  decision: FormDecision,
  type: string,
  answers: FormAnswers,
): FormContext {
  return {
    seat: decision.seat,
    view: decision.view,
    legalActions: decision.legalActions.filter((a) => a.type === type),
    answers,
    present: decision.present,
  };
}

/** The step to ask now: the first from `progress.from` whose `when` holds; none when done. */
export function currentStep(
  form: ActionForm,
  ctx: FormContext,
  progress: FormProgress,
): { readonly index: number; readonly step: Step } | undefined {
  const steps = form.steps as readonly Step[];
  for (let index = progress.from; index < steps.length; index++) {
    const step = steps[index]!;
    if (step.when === undefined || step.when(ctx)) return { index, step };
  }
  return undefined;
}

/** The progress after answering the step at `index`. */
export function answered(
  index: number,
  id: string,
  answer: FormAnswer,
  progress: FormProgress,
): FormProgress {
  return { answers: { ...progress.answers, [id]: answer }, from: index + 1 };
}

/** A step's text: fixed, or computed from the answers so far. */
export function stepText(text: FormText<FormContext>, ctx: FormContext): RichText {
  return typeof text === 'function' ? text(ctx) : text;
}

/** The bounds an amount step accepts now (open where absent). */
export function amountBounds(step: Step, ctx: FormContext): AmountBounds {
  return step.type === 'amount' ? (step.bounds?.(ctx) ?? {}) : {};
}

/**
 * Reads what was typed at an amount step: the answer, or a sentence saying why not (not a
 * whole number, out of the bounds). An empty field answers the step's `empty` when it has one.
 * With the `'money'` hint, `$3,000` and `3k` read 3000, and a number below the step's `unit`
 * (of 1,000 or more) counts in units, as the command line reads them.
 */
export function readAmount(
  step: Step,
  bounds: AmountBounds,
  typed: string,
): { readonly answer: number } | { readonly problem: string } {
  if (step.type !== 'amount') return { problem: 'This step is not an amount.' };
  const money = step.parse === 'money';
  let text = typed.trim().replace(money ? /[,$\s]/g : /[,\s]/g, '');
  if (text === '')
    return step.empty === undefined ? { problem: 'Type an amount.' } : { answer: step.empty };
  const { min, max } = bounds;
  const negative = min === undefined || min < 0;
  const thousands = money && /k$/i.test(text);
  if (thousands) text = text.slice(0, -1);
  if (!(negative ? /^-?\d+$/ : /^\d+$/).test(text))
    return { problem: `Type a whole number${negative ? '' : ' of 0 or more'}.` };
  const unit = step.unit ?? 1;
  let n = Number(text) * (thousands ? 1000 : 1);
  if (money && !thousands && unit >= 1000 && n !== 0 && Math.abs(n) < unit) n *= unit;
  if (min !== undefined && n < min)
    return { problem: `${String(n)} is below the lowest, ${String(min)}.` };
  if (max !== undefined && n > max)
    return { problem: `${String(n)} is above the highest, ${String(max)}.` };
  return { answer: n };
}

/** The action a form's answers make (the rules still check it). */
export function builtAction(form: ActionForm, ctx: FormContext, answers: FormAnswers): ActionBase {
  return form.build(answers, ctx);
}

/** What a confirm step shows first: the form's explanation of the action built so far. */
export function explanation(
  form: ActionForm,
  ctx: FormContext,
  answers: FormAnswers,
): readonly RichText[] {
  return form.explain?.(form.build(answers, ctx), ctx) ?? [];
}

/** What the controls of a step show, computed once by the game's handlers (which may throw). */
export interface PreparedStep {
  /** The rows of a choose-one or choose-several step (none for the others). */
  readonly choices: readonly FormChoice[];
  /** The bounds of an amount step (open for the others). */
  readonly bounds: AmountBounds;
  /** The explanation a confirm step shows first (none for the others). */
  readonly lines: readonly RichText[];
}

/**
 * Runs a step's handlers for its controls: its rows, its bounds, or the form's explanation of
 * the action the answers make. Throws what a handler throws (the form says so).
 */
export function prepareStep(
  form: ActionForm,
  step: Step,
  ctx: FormContext,
  answers: FormAnswers,
): PreparedStep {
  return {
    choices: step.type === 'chooseOne' || step.type === 'chooseMany' ? step.choices(ctx) : [],
    bounds: amountBounds(step, ctx),
    lines: step.type === 'confirm' ? explanation(form, ctx, answers) : [],
  };
}
