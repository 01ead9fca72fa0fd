import { actionTraitsOf, type ActionBase, type ActionForm, type GameView } from '@ruleloom/core';
import { paint, presentContext } from '../games/cli-game-of.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import { askActionForm } from './action-form-prompt.js';
import type { Choice, Decision } from './controller.js';
import { parseBidAnswer } from './parse-amount.js';
import type { Prompter } from './prompter.js';

const QUIT: Choice = { type: 'quit' };

function action(value: unknown): Choice {
  return { type: 'action', action: value };
}

/** A line typed as JSON is an action as it stands (the rules check it). */
function jsonAction(text: string): Choice | string | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    return action(JSON.parse(text) as unknown);
  } catch {
    return `'${text.slice(0, 40)}' is not valid JSON`;
  }
}

/** The menu label of an action: the presenter's wording, else the engine's description. */
function label(cliGame: CliGame, a: ActionBase, view: GameView, ctx: NarrationContext): string {
  return cliGame.describeChoice?.(a, view, ctx) ?? ctx.engine.describeAction(a);
}

/**
 * The amounts a decision offers, read from its legal actions and the game's declared traits
 * (as the web app reads them): the action type, its field, step, and the lowest and highest
 * listed amounts. Undefined when no legal action declares an amount.
 * @public
 */
export interface AmountChoice {
  readonly type: string;
  readonly field: string;
  readonly step: number;
  readonly lowest: ActionBase;
  readonly lowestAmount: number;
  readonly highestAmount: number;
}

/**
 * Reads the {@link AmountChoice} of a decision from its legal actions (never from the rules'
 * options: the lowest legal amount is the lowest listed).
 * @public
 */
export function amountChoiceOf(
  decision: Pick<Decision, 'legalActions'>,
  traits: ReturnType<typeof actionTraitsOf>,
): AmountChoice | undefined {
  let found: AmountChoice | undefined;
  for (const a of decision.legalActions) {
    const amount = traits.amountOf(a);
    const trait = traits.amountTrait(a.type);
    if (amount === undefined || trait === undefined) continue;
    if (found === undefined || found.type !== a.type) {
      if (found !== undefined) continue; // one amount type per prompt: the first listed
      found = {
        type: a.type,
        field: trait.field,
        step: trait.step ?? 1,
        lowest: a,
        lowestAmount: amount,
        highestAmount: amount,
      };
      continue;
    }
    if (amount < found.lowestAmount) found = { ...found, lowest: a, lowestAmount: amount };
    if (amount > found.highestAmount) found = { ...found, highestAmount: amount };
  }
  return found;
}

/**
 * Asks for an amount (a bid, a stake) when the legal actions list amounts: the lowest legal
 * one is shown in the game's own words, `+N` raises by steps over the current lowest, and a
 * pass (a declared pass action) is typed as `pass`. Enter alone asks again: an explicit
 * choice is required.
 */
async function askAmount(
  decision: Decision,
  amount: AmountChoice,
  pass: ActionBase | undefined,
  prompter: Prompter,
  cliGame: CliGame,
  ctx: NarrationContext,
): Promise<Choice> {
  const c = ctx.palette;
  const lowestText = label(cliGame, amount.lowest, decision.view, ctx);
  prompter.say(
    `Lowest: ${c.yellow(lowestText)}${pass === undefined ? '' : ` · or ${label(cliGame, pass, decision.view, ctx)}`}`,
  );
  const hint = `Your ${amount.type} (an amount, +1${pass === undefined ? '' : ', or pass'})`;
  for (;;) {
    const text = await prompter.text(hint);
    if (text === null) return QUIT;
    const json = jsonAction(text);
    if (typeof json === 'object') return json;
    if (typeof json === 'string') {
      prompter.say(`${c.red('✗')} ${json}`);
      continue;
    }
    const answer = parseBidAnswer(text, {
      minimum: amount.lowestAmount,
      highBid: null,
      step: amount.step,
    });
    if (answer.type === 'pass') {
      if (pass !== undefined) return action(pass);
      prompter.say(`${c.red('✗')} there is no pass now: type an amount`);
      continue;
    }
    if (answer.type === 'bid') return action({ ...amount.lowest, [amount.field]: answer.amount });
    prompter.say(`${c.red('✗')} ${answer.message}`);
  }
}

/**
 * Answers a request from another seat (a trade offer): the legal actions as rows, the
 * declared decline first (the cursor starts on it, so Enter never accepts).
 */
async function askResponse(
  decision: Decision,
  decline: ActionBase,
  prompter: Prompter,
  cliGame: CliGame,
  ctx: NarrationContext,
): Promise<Choice> {
  const explained = cliGame.present.explainDecision?.(
    decision.view,
    decision.seat,
    presentContext(ctx),
  );
  for (const line of explained ?? []) prompter.say(paint(line, ctx.palette));
  const others = decision.legalActions.filter((a) => a !== decline);
  const rows = [decline, ...others].map((a, i) => ({
    name: label(cliGame, a, decision.view, ctx),
    value: i,
  }));
  const answer = await prompter.select('Your answer', rows, 0);
  if (answer === null) return QUIT;
  return action(answer === 0 ? decline : others[answer - 1]);
}

/**
 * Whether an action is an offer to another seat: its type declares a `seat` field (a trade
 * proposal names its partner).
 */
function isOffer(a: ActionBase, traits: ReturnType<typeof actionTraitsOf>): boolean {
  const fields = traits.fieldsOf(a.type);
  if (fields === undefined) return false;
  return Object.values(fields).some(
    (spec) => spec === 'seat' || (typeof spec === 'object' && spec.kind === 'seat'),
  );
}

/**
 * What a human said about optional offers this game: skip them this turn only (until the
 * game leaves the phase they were skipped in, or the decision changes kind), or never ask
 * again (the only choice that lasts the game).
 * @public
 */
export interface OfferMemory {
  /** The kind of decision skipped this turn (its action types), until the phase ends. */
  skipping: string | undefined;
  /** The phase the offers were skipped in (`GameView.phase`): leaving it ends the skip. */
  skippedPhase?: string | undefined;
  /** Never ask about offers again this game: pass at once. */
  never: boolean;
}

/**
 * Tells the memory which phase the match is in now (after every action of any seat): a skip
 * ("this turn only") ends once the game leaves the phase it was made in, so the next turn's
 * offers are asked about again. "Never" is untouched.
 * @public
 */
export function notePhase(memory: OfferMemory, phase: string): void {
  if (memory.skipping !== undefined && memory.skippedPhase !== phase) {
    memory.skipping = undefined;
    memory.skippedPhase = undefined;
  }
}

/** The kind of a decision: its sorted distinct action types. */
function kindOf(legal: readonly ActionBase[]): string {
  return [...new Set(legal.map((a) => a.type))].sort().join(',');
}

/**
 * The pass a human asked for ahead ("skip this turn", "never ask again this game"), when
 * this decision is one of those offers: the controller plays it without showing anything.
 * @public
 */
export function offerAutoPass(
  decision: Pick<Decision, 'legalActions' | 'view'>,
  ctx: NarrationContext,
  memory: OfferMemory,
): ActionBase | undefined {
  const traits = actionTraitsOf(ctx.engine.game);
  const legal = decision.legalActions;
  const pass = legal.find((a) => traits.isPass(a));
  if (pass === undefined || amountChoiceOf(decision, traits) !== undefined) return undefined;
  if (!legal.some((a) => isOffer(a, traits))) return undefined;
  const kind = kindOf(legal);
  notePhase(memory, decision.view.phase);
  if (memory.skipping !== undefined && memory.skipping !== kind) memory.skipping = undefined;
  return memory.never || memory.skipping === kind ? pass : undefined;
}

/**
 * Settings of {@link askDecision}.
 * @public
 */
export interface AskDecisionParams {
  readonly decision: Decision;
  readonly prompter: Prompter;
  readonly cliGame: CliGame;
  readonly ctx: NarrationContext;
  readonly memory: OfferMemory;
  /** The generic menu of the legal actions (for decisions no prompt here covers). */
  readonly menu: (decision: Decision) => Promise<Choice>;
}

/**
 * Asks a human for a decision from its legal actions and the game's declared traits, with
 * no knowledge of the game: an amount prompt when amounts are listed; an answer (decline
 * first) to another seat's request; for optional offers to other seats (a pass besides
 * actions naming a seat), a question only when an offer is legal, with "skip this turn" and
 * "never ask again this game"; and the game's declared action forms (its presenter's
 * `forms`: a trade proposal, a bid of several fields) asked step by step instead of a menu of
 * every legal action of that type. Returns undefined for the decisions the generic menu
 * handles.
 * @public
 */
export async function askDecision(params: AskDecisionParams): Promise<Choice | undefined> {
  const { decision, prompter, cliGame, ctx, memory } = params;
  const traits = actionTraitsOf(ctx.engine.game);
  const legal = decision.legalActions;
  const pass = legal.find((a) => traits.isPass(a));
  const formTypes = [...new Set(legal.map((a) => a.type))].filter(
    (type) => formOf(cliGame, type) !== undefined,
  );
  const amount = amountChoiceOf(decision, traits);
  if (amount !== undefined && !formTypes.includes(amount.type))
    return askAmount(decision, amount, pass, prompter, cliGame, ctx);
  const decline = legal.find((a) => traits.timeoutTypes.includes(a.type) && !traits.isPass(a));
  if (decline !== undefined) return askResponse(decision, decline, prompter, cliGame, ctx);
  const offers = legal.filter((a) => isOffer(a, traits));
  if (pass === undefined || offers.length === 0)
    return formTypes.length === 0 ? undefined : askWithForms(params, formTypes);
  const kind = kindOf(legal);
  const ahead = offerAutoPass(decision, ctx, memory);
  if (ahead !== undefined) return action(ahead);
  const passLabel = label(cliGame, pass, decision.view, ctx);
  for (;;) {
    const choice = await prompter.select(
      `${String(offers.length)} offers are possible now`,
      [
        { name: 'Make an offer…', value: 'offer' },
        { name: `Skip this turn (${passLabel})`, value: 'skip' },
        { name: 'Never ask again this game', value: 'never' },
        { name: 'Save and quit', value: 'quit' },
      ],
      'offer',
    );
    if (choice === null || choice === 'quit') return QUIT;
    if (choice === 'skip') {
      memory.skipping = kind;
      memory.skippedPhase = decision.view.phase;
      return action(pass);
    }
    if (choice === 'never') {
      memory.never = true;
      prompter.say(ctx.palette.dim('No more offer questions this game: you pass them.'));
      return action(pass);
    }
    const built = await askOffer({ ...params, decision: { ...decision, legalActions: offers } });
    if (built !== 'cancel') return built;
  }
}

/** The form a game's presenter declares for an action type, if any. */
function formOf(cliGame: CliGame, type: string): ActionForm | undefined {
  const forms = cliGame.present.forms;
  return forms === undefined || !Object.hasOwn(forms, type) ? undefined : forms[type];
}

/** The same decision with only the legal actions of one type. */
function onlyType(decision: Decision, type: string): Decision {
  return { ...decision, legalActions: decision.legalActions.filter((a) => a.type === type) };
}

/**
 * Asks for an offer: the game's form when its presenter declares one for the offers' type
 * (one type), else the menu of the offers.
 */
async function askOffer(params: AskDecisionParams): Promise<Choice | 'cancel'> {
  const { decision, prompter, cliGame, ctx } = params;
  const types = [...new Set(decision.legalActions.map((a) => a.type))];
  const form = types.length === 1 && types[0] !== undefined ? formOf(cliGame, types[0]) : undefined;
  if (form === undefined || types[0] === undefined) return params.menu(decision);
  return askActionForm({ form, decision: onlyType(decision, types[0]), prompter, ctx });
}

/**
 * A decision some of whose legal actions have a declared form: one row per form (its
 * title), which asks the form's questions, and one row per other legal action.
 */
async function askWithForms(
  params: AskDecisionParams,
  formTypes: readonly string[],
): Promise<Choice> {
  const { decision, prompter, cliGame, ctx } = params;
  const others = decision.legalActions.filter((a) => !formTypes.includes(a.type));
  const rows = [
    ...formTypes.map((type) => ({
      name: paint(formOf(cliGame, type)?.title ?? type, ctx.palette),
      value: `form:${type}`,
    })),
    ...others.map((a, i) => ({
      name: label(cliGame, a, decision.view, ctx),
      value: `action:${String(i)}`,
    })),
    { name: 'Save and quit', value: 'quit' },
  ];
  for (;;) {
    const picked = await prompter.select('Choose an action', rows, rows[0]?.value);
    if (picked === null || picked === 'quit') return QUIT;
    if (picked.startsWith('action:')) return action(others[Number(picked.slice(7))]);
    const type = picked.slice(5);
    const form = formOf(cliGame, type);
    if (form === undefined) continue;
    const built = await askActionForm({ form, decision: onlyType(decision, type), prompter, ctx });
    if (built !== 'cancel') return built;
  }
}
