import {
  defineActionForm,
  seatName,
  styled,
  type ActionForm,
  type ActionFormContext,
  type FormAnswer,
  type RichText,
} from '@ruleloom/core';
import type { ProposeTradeAction } from '../actions/actions.js';
import type { StAugustineCard } from '../cards/card.js';
import { incomePerTurn } from '../heuristics.js';
import { formatMoney, MONEY_UNIT } from '../money.js';
import type { StAugustineOptions } from '../options.js';
import { incomeParams } from '../rules/formulas.js';
import type { TradeOffer } from '../state.js';
import type { StAugustinePlayerView, StAugustineView } from '../view.js';
import { cardName, countOf, offerText, type StAugustinePresentContext } from './names.js';

/**
 * The answers of St. Augustine's trade form: the partner, the shops to give and to get, the
 * money paid (negative: the partner pays), and the confirmation.
 * @public
 */
export type StAugustineTradeAnswers = {
  readonly to: number;
  readonly give: readonly string[];
  readonly get: readonly string[];
  readonly money: number;
  readonly send: boolean;
};

type TradeContext = ActionFormContext<
  ProposeTradeAction,
  StAugustineTradeAnswers,
  StAugustineOptions,
  StAugustineCard,
  StAugustineView
>;

function afterTrade(
  players: readonly StAugustinePlayerView[],
  from: number,
  to: number,
  give: TradeOffer,
  receive: TradeOffer,
): StAugustinePlayerView[] {
  return players.map((p, seat) => {
    if (seat !== from && seat !== to) return p;
    const out = seat === from ? give : receive;
    const into = seat === from ? receive : give;
    return {
      money: p.money - out.money + into.money,
      shops: [...p.shops.filter((id) => !out.shops.includes(id)), ...into.shops],
    };
  });
}

/** The income a seat would earn per turn, by the match's own income phases and card table. */
function incomeOf(
  ctx: StAugustinePresentContext,
): (players: readonly StAugustinePlayerView[], seat: number) => number {
  const game = (ctx.rules as { readonly game?: { readonly phases?: unknown } }).game;
  const params = Array.isArray(game?.phases)
    ? incomeParams(game.phases as readonly { readonly steps?: readonly unknown[] }[])
    : undefined;
  return (players, seat) => incomePerTurn(players, seat, params, ctx.rules.cards);
}

/**
 * What a trade does to both sides, one line each: money, shops and income per turn (revenue,
 * street bonuses and monopolies as the shops would stand, by the match's rules), before →
 * after.
 * @public
 */
export function tradeImpact(
  view: StAugustineView,
  from: number,
  to: number,
  give: TradeOffer,
  receive: TradeOffer,
  ctx: StAugustinePresentContext,
): string[] {
  const players = view.players;
  const after = afterTrade(players, from, to, give, receive);
  const income = incomeOf(ctx);
  return [from, to].map((seat) => {
    const b = players[seat];
    const a = after[seat];
    if (b === undefined || a === undefined) return '';
    const money = `money ${formatMoney(b.money)} → ${formatMoney(a.money)}`;
    const shops = `shops ${String(b.shops.length)} → ${String(a.shops.length)}`;
    const perTurn = `income per turn ${formatMoney(income(players, seat))} → ${formatMoney(income(after, seat))}`;
    return `  ${seatName(ctx, seat)}: ${money} · ${shops} · ${perTurn}`;
  });
}

/**
 * St. Augustine's trade proposal as a form (see `ActionForm` in `@ruleloom/core`): a partner
 * (only the seats some legal proposal goes to), the shops to give and to get, money either
 * way (`3` or `$3,000`; `-2` asks the partner to pay $2,000; Enter for none), then what the
 * trade does to both sides before it is sent.
 * @public
 */
export const stAugustineTradeForm: ActionForm<
  ProposeTradeAction,
  StAugustineOptions,
  StAugustineCard,
  Readonly<Record<string, FormAnswer>>,
  StAugustineView
> = defineActionForm<
  ProposeTradeAction,
  StAugustineOptions,
  StAugustineCard,
  StAugustineTradeAnswers,
  StAugustineView
>({
  title: 'Make an offer…',
  steps: [
    {
      id: 'to',
      type: 'chooseOne',
      message: 'Trade with',
      choices(ctx: TradeContext) {
        const open = new Set(ctx.legalActions.map((a) => a.to));
        return ctx.view.players.flatMap((p, seat) =>
          seat === ctx.seat || !open.has(seat)
            ? []
            : [
                {
                  label: `${seatName(ctx.present, seat)} (${formatMoney(p.money)}, ${countOf(p.shops.length, 'shop')})`,
                  value: seat,
                },
              ],
        );
      },
      cancel: 'Cancel',
    },
    {
      id: 'give',
      type: 'chooseMany',
      message: 'Shops you give',
      choices: (ctx: TradeContext) =>
        (ctx.view.players[ctx.seat]?.shops ?? []).map((id) => ({
          label: cardName(ctx.present, id),
          value: id,
        })),
    },
    {
      id: 'get',
      type: 'chooseMany',
      message: (ctx: TradeContext) => `Shops you get from ${seatName(ctx.present, ctx.answers.to)}`,
      choices: (ctx: TradeContext) =>
        (ctx.view.players[ctx.answers.to ?? -1]?.shops ?? []).map((id) => ({
          label: cardName(ctx.present, id),
          value: id,
        })),
    },
    {
      id: 'money',
      type: 'amount',
      message: 'Money you pay (3 or $3,000; -2 asks them to pay you $2,000; Enter for none)',
      parse: 'money',
      unit: MONEY_UNIT,
      empty: 0,
      bounds(ctx: TradeContext) {
        const players = ctx.view.players;
        return {
          min: -(players[ctx.answers.to ?? -1]?.money ?? 0),
          max: players[ctx.seat]?.money ?? 0,
        };
      },
    },
    {
      id: 'send',
      type: 'confirm',
      message: 'Send this proposal?',
      accept: 'Propose it',
      reject: 'Cancel',
    },
  ],
  build: (answers) => ({
    type: 'proposeTrade',
    to: answers.to,
    give: { money: Math.max(0, answers.money), shops: [...answers.give] },
    receive: { money: Math.max(0, -answers.money), shops: [...answers.get] },
  }),
  explain(action, ctx) {
    const present = ctx.present;
    return [
      `You offer ${seatName(present, action.to)} ${offerText(present, action.give)} for ${offerText(present, action.receive)}. What it does:`,
      ...tradeImpact(ctx.view, ctx.seat, action.to, action.give, action.receive, present),
    ];
  },
});

/**
 * What a trade offered to the seat would do to both sides, shown before they answer; nothing
 * when no trade is pending for them.
 * @public
 */
export function explainStAugustineTrade(
  view: StAugustineView,
  seat: number,
  ctx: StAugustinePresentContext,
): RichText[] {
  const trade = view.trade;
  if (trade === null || trade.to !== seat) return [];
  return [
    [
      styled('strong', seatName(ctx, trade.from)),
      ` offers you ${offerText(ctx, trade.give)} for ${offerText(ctx, trade.receive)}. What it does:`,
    ],
    ...tradeImpact(view, trade.from, trade.to, trade.give, trade.receive, ctx),
  ];
}
