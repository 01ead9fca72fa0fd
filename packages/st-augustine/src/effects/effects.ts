import type {
  BonusParams,
  ShopIncomeParams,
  StreetIncomeParams,
  TypeIncomeParams,
} from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { fewestShopsBonus } from './fewest-shops-bonus.js';
import { flipCard } from './flip-card.js';
import { leastMoneyBonus } from './least-money-bonus.js';
import { monopolyBonus, type MonopolyParams } from './monopoly-bonus.js';
import { openAuction } from './open-auction.js';
import { openTrade } from './open-trade.js';
import { payRevenue, type RevenueParams } from './pay-revenue.js';
import { payStreetBonus, type StreetBonusParams } from './pay-street-bonus.js';
import { recordTurn } from './record-turn.js';
import { resolveAttraction } from './resolve-attraction.js';
import { shopIncome } from './shop-income.js';
import { streetIncome } from './street-income.js';
import { typeIncome } from './type-income.js';

/**
 * The named effects of St. Augustine: the phase steps and the attraction effects the card
 * table refers to.
 * @public
 */
export type StAugustineEffects = {
  readonly recordTurn: StAugustineEffect;
  readonly flipCard: StAugustineEffect;
  readonly resolveAttraction: StAugustineEffect;
  readonly openAuction: StAugustineEffect;
  readonly openTrade: StAugustineEffect;
  readonly payRevenue: StAugustineEffect<RevenueParams>;
  readonly payStreetBonus: StAugustineEffect<StreetBonusParams>;
  readonly monopolyBonus: StAugustineEffect<MonopolyParams>;
  readonly streetIncome: StAugustineEffect<StreetIncomeParams>;
  readonly shopIncome: StAugustineEffect<ShopIncomeParams>;
  readonly typeIncome: StAugustineEffect<TypeIncomeParams>;
  readonly leastMoneyBonus: StAugustineEffect<BonusParams>;
  readonly fewestShopsBonus: StAugustineEffect<BonusParams>;
};

/** Every effect, by name. */
export const stAugustineEffects: StAugustineEffects = {
  recordTurn,
  flipCard,
  resolveAttraction,
  openAuction,
  openTrade,
  payRevenue,
  payStreetBonus,
  monopolyBonus,
  streetIncome,
  shopIncome,
  typeIncome,
  leastMoneyBonus,
  fewestShopsBonus,
};
