import type { Rules } from '../context.js';
import { cardInfo, type CardInfo } from './card-info.js';

/** Number of bits set in an 8-bit income-type mask, by mask. */
const BITS = Uint8Array.from({ length: 256 }, (_, m) => {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
});

/**
 * One card's part of the income formula, accumulated without allocating (the pairs are
 * counted by type parity: a card completes a pair in every type it shares with an odd
 * number of earlier cards). Module-level scratch: one sum runs at a time and never nests.
 */
let count = 0;
let penalty = 0;
let pairs = 0;
let odd = 0;
let labor = false;
let nonLabor = false;

function reset(): void {
  count = 0;
  penalty = 0;
  pairs = 0;
  odd = 0;
  labor = false;
  nonLabor = false;
}

function add(info: CardInfo): void {
  penalty += info.penalty;
  if (info.income === 0) return;
  count += info.income;
  if (info.labor) labor = true;
  else nonLabor = true;
  const types = info.incomeTypes;
  pairs += BITS[odd & types] as number;
  odd ^= types;
}

function total(): number {
  const gold = 1 + count + (labor && nonLabor ? 1 : 0) + pairs - penalty;
  return gold > 0 ? gold : 0;
}

/**
 * The Gold a settlement's attached cards earn (before the razed and occupied checks):
 * 1 + income cards (a Provincial Capitol counts 2) + 1 for a Labor card with a non-Labor
 * income card + 1 per pair of income cards sharing a type - 1 per Cutthroats &amp; Thieves;
 * never below 0. Allocates nothing (the Income phase asks it for every settlement, every turn).
 */
export function settlementIncome(rules: Rules, cards: readonly string[]): number {
  const n = cards.length;
  if (n === 0) return 1;
  reset();
  for (let c = 0; c < n; c++) add(cardInfo(rules, cards[c] as string));
  return total();
}

/**
 * The income formula itself, over the {@link CardInfo} of the attached cards: the one source
 * of the formula for the Income phase and for the heuristic (`colonialFloridaHeuristic`).
 */
export function incomeOfCards(infos: readonly CardInfo[]): number {
  reset();
  for (let c = 0; c < infos.length; c++) add(infos[c] as CardInfo);
  return total();
}
