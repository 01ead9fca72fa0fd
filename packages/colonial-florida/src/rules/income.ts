import { INCOME_TYPES } from '../cards/card.js';
import type { Rules } from '../context.js';
import { cardInfo, type CardInfo } from './card-info.js';

/** Counts per income type, reused by every call (one call runs at a time, and never nests). */
const PER_TYPE = new Int32Array(INCOME_TYPES.length);

/**
 * The Gold a settlement's attached cards earn (before the razed and occupied checks):
 * 1 + income cards (a Provincial Capitol counts 2) + 1 for a Labor card with a non-Labor
 * income card + 1 per pair of income cards sharing a type - 1 per Cutthroats &amp; Thieves;
 * never below 0.
 */
export function settlementIncome(rules: Rules, cards: readonly string[]): number {
  const infos = INFOS;
  infos.length = 0;
  for (let c = 0; c < cards.length; c++) infos.push(cardInfo(rules, cards[c] as string));
  return incomeOfCards(infos);
}

/** The attached cards' infos, reused by every call (one call runs at a time, and never nests). */
const INFOS: CardInfo[] = [];

/**
 * The income formula itself, over the {@link CardInfo} of the attached cards: the one source
 * of the formula for the Income phase and for the heuristic (`colonialFloridaHeuristic`).
 */
export function incomeOfCards(infos: readonly CardInfo[]): number {
  let count = 0;
  let labor = false;
  let nonLabor = false;
  let penalty = 0;
  const perType = PER_TYPE.fill(0);
  for (let c = 0; c < infos.length; c++) {
    const info = infos[c] as CardInfo;
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
