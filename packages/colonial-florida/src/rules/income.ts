import { INCOME_TYPES } from '../cards/card.js';
import type { Rules } from '../context.js';
import { cardInfo } from './card-info.js';

/** Counts per income type, reused by every call (one call runs at a time, and never nests). */
const PER_TYPE = new Int32Array(INCOME_TYPES.length);

/**
 * The Gold a settlement's attached cards earn (before the razed and occupied checks):
 * 1 + income cards (a Provincial Capitol counts 2) + 1 for a Labor card with a non-Labor
 * income card + 1 per pair of income cards sharing a type - 1 per Cutthroats &amp; Thieves;
 * never below 0.
 */
export function settlementIncome(rules: Rules, cards: readonly string[]): number {
  let count = 0;
  let labor = false;
  let nonLabor = false;
  let penalty = 0;
  const perType = PER_TYPE.fill(0);
  for (let c = 0; c < cards.length; c++) {
    const id = cards[c] as string;
    const info = cardInfo(rules, id);
    penalty += info.penalty;
    if (info.income === 0) continue;
    count += info.income;
    if (info.labor) labor = true;
    else nonLabor = true;
    for (let t = 0; t < INCOME_TYPES.length; t++)
      if ((info.incomeTypes & (1 << t)) !== 0) perType[t] = (perType[t] as number) + 1;
  }
  let pairs = 0;
  for (let t = 0; t < perType.length; t++) pairs += (perType[t] as number) >> 1;
  return Math.max(0, 1 + count + (labor && nonLabor ? 1 : 0) + pairs - penalty);
}
