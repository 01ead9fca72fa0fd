import type { ForwardModelSetup, PhaseDefinition } from '@ruleloom/core';
import { acceptTrade } from '../actions/accept-trade.js';
import type { StAugustineAction } from '../actions/actions.js';
import { bid } from '../actions/bid.js';
import { pass } from '../actions/pass.js';
import { proposeTrade } from '../actions/propose-trade.js';
import { rejectTrade } from '../actions/reject-trade.js';
import type { StAugustineCard } from '../cards/card.js';
import { stAugustineConditions } from '../conditions.js';
import { stAugustineEffects } from '../effects/effects.js';
import type { StAugustineOptions } from '../options.js';
import { stAugustinePhases } from '../phases/phases.js';
import { numberOf } from '../rules/holdings.js';
import {
  earnsStreetBonus,
  incomeParams,
  monopolyFor,
  streetBonusFor,
  type IncomeParams,
} from '../rules/formulas.js';
import { scoreStAugustine, stAugustineToAct } from '../seats.js';
import type { StAugustineState } from '../state.js';

/** The rules a fast model is compiled from (what core gives a forward model factory). */
export type StAugustineSetup = ForwardModelSetup<
  StAugustineState,
  StAugustineAction,
  StAugustineOptions,
  StAugustineCard
>;

/** What an attraction does, numbered. */
export const Pays = {
  StreetIncome: 0,
  ShopIncome: 1,
  TypeIncome: 2,
  LeastMoney: 3,
  FewestShops: 4,
} as const;
type Pays = (typeof Pays)[keyof typeof Pays];

/**
 * The rules of one setup as numbers: cards numbered by their place in the card table,
 * streets and shop types numbered in first-seen order, attraction effects and phase params
 * read from the data.
 */
export interface CompiledRules {
  readonly players: number;
  readonly ids: readonly string[];
  readonly number: ReadonlyMap<string, number>;
  /** Street number of a shop, -1 for an attraction. */
  readonly street: Int32Array;
  /** Shop type number of a shop, -1 for an attraction. */
  readonly type: Int32Array;
  /** The attraction effect ({@link Pays}), -1 for a shop. */
  readonly pays: Int32Array;
  /** The street or type number an attraction counts (-1 when no shop has it). */
  readonly target: Int32Array;
  /** Dollars an attraction pays (per shop, or once for the bonuses). */
  readonly amount: Float64Array;
  readonly streets: number;
  readonly types: number;
  readonly totalShops: number;
  readonly minimumBid: number;
  readonly tieRule: StAugustineOptions['tieRule'];
  readonly reshuffle: boolean;
  /** The params of the income phases, as the effects read them. */
  readonly income: IncomeParams;
  /**
   * The street bonus formula as a table: `streetBonus[n * bonusStride + othersBest]` is
   * `streetBonusFor(n, othersBest)`, for up to as many shops as one street has.
   */
  readonly streetBonus: Float64Array;
  readonly bonusStride: number;
  /** `streetMayPay[n]`: whether `n` shops can earn a street bonus at all. */
  readonly streetMayPay: Uint8Array;
  /** The monopoly formula as a table: `monopoly[n]` is `monopolyFor(n)`, for n up to a type's size. */
  readonly monopoly: Float64Array;
}

const ATTRACTIONS: Readonly<Record<string, Pays>> = {
  streetIncome: Pays.StreetIncome,
  shopIncome: Pays.ShopIncome,
  typeIncome: Pays.TypeIncome,
  leastMoneyBonus: Pays.LeastMoney,
  fewestShopsBonus: Pays.FewestShops,
};

/** Phase steps whose params the fast model reads from the data (any valid values). */
const PARAM_STEPS: ReadonlySet<string> = new Set(['payRevenue', 'payStreetBonus', 'monopolyBonus']);

/** A phase as text without its description and the params the model reads. */
function shape(phase: PhaseDefinition): string {
  return JSON.stringify({
    ...phase,
    description: undefined,
    steps: phase.steps?.map((s) => (PARAM_STEPS.has(s.type) ? { type: s.type } : s)),
  });
}

const BASE_SHAPES: readonly string[] = stAugustinePhases.map((p) => shape(p as PhaseDefinition));

/** The most cards that share one number (a street or a type) in a card numbering. */
function most(numbers: Int32Array): number {
  const counts = new Map<number, number>();
  let best = 0;
  for (const k of numbers) {
    if (k < 0) continue;
    const n = (counts.get(k) ?? 0) + 1;
    counts.set(k, n);
    if (n > best) best = n;
  }
  return best;
}

/**
 * Compiles the rules for the fast model, or returns undefined when the setup or the
 * definition is outside what the model implements: trading (the model covers auctions
 * only), a changed phase (other than the revenue, street bonus and monopoly params), a
 * replaced effect, condition or action handler, or an attraction with an effect of its own.
 */
export function compileRules(rules: StAugustineSetup): CompiledRules | undefined {
  const { game, options } = rules;
  if (options.trading !== 'off' && options.maxProposalsPerPlayer !== 0) return undefined;
  if (game.toAct !== stAugustineToAct || game.score !== scoreStAugustine) return undefined;
  if (game.autoResolveForced === false) return undefined;
  const phases = game.phases;
  if (phases.length !== BASE_SHAPES.length) return undefined;
  for (let i = 0; i < phases.length; i++)
    if (shape(phases[i] as PhaseDefinition) !== BASE_SHAPES[i]) return undefined;
  const effects = game.effects;
  for (const [name, fn] of Object.entries(stAugustineEffects))
    if (effects[name] !== fn) return undefined;
  const conditions = game.conditions ?? {};
  for (const [name, fn] of Object.entries(stAugustineConditions))
    if (conditions[name] !== fn) return undefined;
  const actions = game.actions as Readonly<Record<string, unknown>>;
  const expected = { bid, pass, proposeTrade, acceptTrade, rejectTrade };
  const keys = Object.keys(actions);
  if (keys.join() !== Object.keys(expected).join()) return undefined;
  for (const [name, handler] of Object.entries(expected))
    if (actions[name] !== handler) return undefined;

  const ids = rules.cards.instanceIds;
  const n = ids.length;
  const street = new Int32Array(n).fill(-1);
  const type = new Int32Array(n).fill(-1);
  const pays = new Int32Array(n).fill(-1);
  const target = new Int32Array(n).fill(-1);
  const amount = new Float64Array(n);
  const streets: string[] = [];
  const types: string[] = [];
  let totalShops = 0;
  for (let i = 0; i < n; i++) {
    const card = rules.card(ids[i] as string);
    if (card.kind === 'shop') {
      street[i] = numberOf(streets, card.street);
      type[i] = numberOf(types, card.shopType);
      totalShops++;
    }
  }
  for (let i = 0; i < n; i++) {
    const card = rules.card(ids[i] as string);
    if (card.kind !== 'attraction') continue;
    const kind = ATTRACTIONS[card.effect.type];
    if (kind === undefined) return undefined;
    pays[i] = kind;
    const params = card.effect.params as {
      readonly amount: number;
      readonly street?: string;
      readonly shopType?: string;
    };
    amount[i] = params.amount;
    if (kind === Pays.StreetIncome) target[i] = streets.indexOf(params.street as string);
    if (kind === Pays.TypeIncome) target[i] = types.indexOf(params.shopType as string);
  }
  const income = incomeParams(phases);
  const mostOnStreet = most(street);
  const bonusStride = mostOnStreet + 1;
  const streetBonus = new Float64Array(bonusStride * bonusStride);
  const streetMayPay = new Uint8Array(bonusStride);
  for (let mine = 0; mine <= mostOnStreet; mine++) {
    streetMayPay[mine] = earnsStreetBonus(mine, 0, income.streetBonus) ? 1 : 0;
    for (let others = 0; others <= mostOnStreet; others++)
      streetBonus[mine * bonusStride + others] = streetBonusFor(mine, others, income.streetBonus);
  }
  const monopoly = new Float64Array(most(type) + 1);
  for (let k = 0; k < monopoly.length; k++) monopoly[k] = monopolyFor(k, income.monopoly);
  return {
    players: rules.players,
    ids,
    number: new Map(ids.map((id, i) => [id, i])),
    street,
    type,
    pays,
    target,
    amount,
    streets: streets.length,
    types: types.length,
    totalShops,
    minimumBid: options.minimumBid,
    tieRule: options.tieRule,
    reshuffle: options.onDeckExhausted === 'reshuffle',
    income,
    streetBonus,
    bonusStride,
    streetMayPay,
    monopoly,
  };
}
