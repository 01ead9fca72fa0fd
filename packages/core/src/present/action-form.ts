import type { CardDefinition } from '../cards/cards.js';
import type { ActionBase } from '../model/action.js';
import type { GameView } from '../view/view.js';
import type { PresentContext } from './present-context.js';
import type { RichText } from './rich-text.js';

/**
 * A value one row of a form's menu answers: a JSON primitive (a seat number, a card id).
 * @public
 */
export type FormValue = string | number;

/**
 * What one step of an {@link ActionForm} answers: a chosen value (choose one), the chosen
 * values (choose several), a number (an amount) or a yes (confirm).
 * @public
 */
export type FormAnswer = FormValue | boolean | readonly FormValue[];

/**
 * One row of a form's menu: the words people read and the value it answers.
 * @typeParam TValue - the value the row answers
 * @public
 */
export interface FormChoice<TValue extends FormValue = FormValue> {
  /** The row's label (`'Seat 2 ($14,000, 3 shops)'`). */
  readonly label: RichText;
  /** What choosing the row answers. */
  readonly value: TValue;
}

/**
 * What a form's handlers read: the deciding seat's view and legal actions, the answers given
 * so far (the earlier steps'), and the presenter's context (seat names, the match's rules).
 * @public
 */
export interface ActionFormContext<
  TAction extends ActionBase = ActionBase,
  TAnswers = Readonly<Record<string, FormAnswer>>,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
  TView extends GameView = GameView,
> {
  /** The deciding seat. */
  readonly seat: number;
  /** That seat's view (typed as the game's view: see `GameViewOf`). */
  readonly view: TView;
  /** The seat's legal actions of the form's type. */
  readonly legalActions: readonly TAction[];
  /** The answers of the steps asked so far, by step id. */
  readonly answers: Partial<TAnswers>;
  /** Seat names and the match's rules, as every presenter function gets them. */
  readonly present: PresentContext<TOptions, TCard>;
}

/**
 * A step's question text: fixed, or computed from the answers so far (the shops
 * to get from the partner chosen before).
 *
 * @remarks
 * Typed as a method's signature rather than a function type, so a form of one action type
 * fits a presenter of the whole action union.
 * @public
 */
export type FormText<TContext> = RichText | { text(ctx: TContext): RichText }['text'];

/**
 * What every form step declares: the answer's key and the question.
 * @public
 */
export interface FormStepBase<TId extends string, TContext> {
  /** The key of this step's answer in the answers `build` gets. */
  readonly id: TId;
  /** The question. */
  readonly message: FormText<TContext>;
  /**
   * Whether to ask this step now (asked always when absent); a step not asked leaves its
   * answer undefined.
   */
  when?(ctx: TContext): boolean;
}

/**
 * Choose one row of a menu (a trade partner). With `cancel`, a last row that leaves the form.
 * @public
 */
export interface ChooseOneStep<
  TId extends string,
  TValue extends FormValue,
  TContext,
> extends FormStepBase<TId, TContext> {
  readonly type: 'chooseOne';
  /** The rows, from the view, the legal actions and the answers so far. */
  choices(ctx: TContext): readonly FormChoice<TValue>[];
  /** The label of a last row that cancels the form (`'Cancel'`); none when absent. */
  readonly cancel?: RichText;
}

/**
 * Choose any number of rows, none included (the shops to give).
 * @public
 */
export interface ChooseManyStep<
  TId extends string,
  TValue extends FormValue,
  TContext,
> extends FormStepBase<TId, TContext> {
  readonly type: 'chooseMany';
  /** The rows, from the view, the legal actions and the answers so far. */
  choices(ctx: TContext): readonly FormChoice<TValue>[];
}

/**
 * The lowest and highest amount a step accepts (both included; open where absent).
 * @public
 */
export interface AmountBounds {
  readonly min?: number;
  readonly max?: number;
}

/**
 * A whole number typed by the person (money either way, a quantity).
 *
 * @remarks
 * `parse` is a hint to the host: `'money'` reads `3`, `3k`, `3000` and `$3,000` (numbers below
 * `unit` count in units: `3` is 3 × `unit` when `unit` is 1,000 or more), `'integer'` reads a
 * plain whole number. A negative amount is accepted only when the lowest bound is below zero.
 * The host checks the bounds and asks again with a message when an answer is out of them.
 * @public
 */
export interface AmountStep<TId extends string, TContext> extends FormStepBase<TId, TContext> {
  readonly type: 'amount';
  /** How typed text is read (`'integer'` when absent). */
  readonly parse?: 'money' | 'integer';
  /** The unit a small typed number counts in for `'money'` (1 when absent). */
  readonly unit?: number;
  /** The answer to an empty line; an empty line asks again when absent. */
  readonly empty?: number;
  /** The accepted range, from the view, the legal actions and the answers so far. */
  bounds?(ctx: TContext): AmountBounds;
}

/**
 * Yes or no. Before asking, the host shows the form's `explain` of the action built from the
 * answers so far; answering no cancels the form.
 * @public
 */
export interface ConfirmStep<TId extends string, TContext> extends FormStepBase<TId, TContext> {
  readonly type: 'confirm';
  /** The row that goes on (`'Propose it'`). */
  readonly accept: RichText;
  /** The row that cancels the form (`'Cancel'`). */
  readonly reject: RichText;
}

/**
 * Any step of a form, whatever its answer's key and value.
 * @public
 */
export type AnyFormStep<TContext = ActionFormContext> =
  | ChooseOneStep<string, FormValue, TContext>
  | ChooseManyStep<string, FormValue, TContext>
  | AmountStep<string, TContext>
  | ConfirmStep<string, TContext>;

/**
 * The steps that can answer a value of type `V` under the key `K` (see {@link FormStep}).
 * @public
 */
export type FormStepFor<K extends string, V, TContext> = [V] extends [boolean]
  ? ConfirmStep<K, TContext>
  : [V] extends [readonly (infer E extends FormValue)[]]
    ? ChooseManyStep<K, E, TContext>
    : [V] extends [number]
      ? AmountStep<K, TContext> | ChooseOneStep<K, V, TContext>
      : [V] extends [FormValue]
        ? ChooseOneStep<K, V, TContext>
        : never;

/**
 * The steps of a form whose answers are `TAnswers`: each step's kind matches its answer's type
 * (a boolean is a confirm, a list a choose-several, a number an amount or a choose-one, a
 * string a choose-one).
 * @public
 */
export type FormStep<TAnswers, TContext> = string extends keyof TAnswers
  ? AnyFormStep<TContext>
  : {
      [K in keyof TAnswers & string]-?: FormStepFor<K, NonNullable<TAnswers[K]>, TContext>;
    }[keyof TAnswers & string];

/**
 * An action chosen in several questions asked together (a trade: a partner, the shops either
 * way, money, then a confirmation), declared once in a game's presenter so every host asks it
 * the same way: data for the questions, small typed handlers for what changes.
 *
 * @remarks
 * A host asks the steps in order (skipping those whose `when` says no), then returns
 * `build(answers)`; the rules still check the action. A `confirm` step shows `explain` of the
 * action built from the answers so far. Declare it with {@link defineActionForm} and the
 * answers' type to have each step checked against it:
 *
 * @example
 * ```ts
 * type BidAnswers = { face: number; quantity: number };
 * const bidForm = defineActionForm<Bid, unknown, CardDefinition, BidAnswers>({
 *   title: 'Make a bid…',
 *   steps: [
 *     { id: 'face', type: 'chooseOne', message: 'Face',
 *       choices: (ctx) => [...new Set(ctx.legalActions.map((a) => a.face))]
 *         .map((face) => ({ label: `${String(face)}s`, value: face })) },
 *     { id: 'quantity', type: 'amount', message: 'How many',
 *       bounds: (ctx) => ({ min: Math.min(...ctx.legalActions
 *         .filter((a) => a.face === ctx.answers.face).map((a) => a.quantity)) }) },
 *   ],
 *   build: (answers) => ({ type: 'bid', face: answers.face, quantity: answers.quantity }),
 * });
 * ```
 * @typeParam TAction - the action the form builds (one type of the game's union)
 * @typeParam TOptions - the game's resolved options
 * @typeParam TCard - the game's card definition type
 * @typeParam TAnswers - the answers by step id (any record when not declared)
 * @typeParam TView - the game's view type, as `ctx.view` reads it
 * @public
 */
export interface ActionForm<
  TAction extends ActionBase = ActionBase,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
  TAnswers = Readonly<Record<string, FormAnswer>>,
  TView extends GameView = GameView,
> {
  /** The menu row that opens the form (`'Make an offer…'`). */
  readonly title: RichText;
  /** The questions, in order. */
  readonly steps: readonly FormStep<
    TAnswers,
    ActionFormContext<TAction, TAnswers, TOptions, TCard, TView>
  >[];
  /**
   * The action the answers make. The answers of steps not asked are undefined, as is a
   * `confirm` step's own answer when the host builds the action to explain it.
   */
  build(
    answers: TAnswers,
    ctx: ActionFormContext<TAction, TAnswers, TOptions, TCard, TView>,
  ): TAction;
  /**
   * What the action would do, one line each, shown before a `confirm` step (money and
   * shops before and after); nothing when absent.
   */
  explain?(
    action: TAction,
    ctx: ActionFormContext<TAction, TAnswers, TOptions, TCard, TView>,
  ): readonly RichText[];
}

/**
 * A presenter's forms, keyed by the action type each builds (`proposeTrade`). A form of one
 * action type is typed with that type (`ActionForm<ProposeTrade, ...>`) and fits here.
 * @typeParam TAction - the game's action union
 * @typeParam TOptions - the game's resolved options
 * @typeParam TCard - the game's card definition type
 * @typeParam TView - the game's view type
 * @public
 */
export type ActionForms<
  TAction extends ActionBase = ActionBase,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
  TView extends GameView = GameView,
> = Readonly<
  Partial<
    Record<
      string,
      ActionForm<TAction, TOptions, TCard, Readonly<Record<string, FormAnswer>>, TView>
    >
  >
>;

/**
 * Declares a form with its answers' type checked against its steps and `build`, and returns it
 * as any presenter's `forms` entry takes it (the answers' type is the form's own business).
 *
 * @example
 * ```ts
 * const bidForm = defineActionForm<Bid, unknown, CardDefinition, { face: number; quantity: number }>({
 *   title: 'Make a bid…',
 *   steps: [...],
 *   build: (answers) => ({ type: 'bid', face: answers.face, quantity: answers.quantity }),
 * });
 * const presenter = { ...liarsDicePresenter, forms: { bid: bidForm } };
 * ```
 * @typeParam TAction - the action the form builds
 * @typeParam TOptions - the game's resolved options
 * @typeParam TCard - the game's card definition type
 * @typeParam TAnswers - the answers by step id
 * @typeParam TView - the game's view type, as `ctx.view` reads it
 * @public
 */
export function defineActionForm<
  TAction extends ActionBase,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
  TAnswers = Readonly<Record<string, FormAnswer>>,
  TView extends GameView = GameView,
>(
  form: ActionForm<TAction, TOptions, TCard, TAnswers, TView>,
): ActionForm<TAction, TOptions, TCard, Readonly<Record<string, FormAnswer>>, TView> {
  return form as unknown as ActionForm<
    TAction,
    TOptions,
    TCard,
    Readonly<Record<string, FormAnswer>>,
    TView
  >;
}
