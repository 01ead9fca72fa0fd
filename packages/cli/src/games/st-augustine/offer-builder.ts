import {
  formatMoney,
  incomePerTurn,
  MONEY_UNIT,
  type StAugustinePlayerView,
  type StAugustineView,
  type TradeOffer,
} from '@ruleloom/st-augustine';
import { seatName } from '../../narration/narrate.js';
import type { Choice, Decision } from '../../players/controller.js';
import { parseMoney } from '../../players/parse-amount.js';
import type { Prompter } from '../../players/prompter.js';
import type { NarrationContext } from '../cli-game.js';
import { cardName, offerText } from './names.js';

const QUIT: Choice = { type: 'quit' };

function action(value: unknown): Choice {
  return { type: 'action', action: value };
}

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

/**
 * What a trade does to both sides: money, shops and income per turn (revenue, street
 * bonuses and monopolies as the shops would stand), before → after.
 * @public
 */
export function tradeImpact(
  view: StAugustineView,
  from: number,
  to: number,
  give: TradeOffer,
  receive: TradeOffer,
  ctx: NarrationContext,
): string[] {
  const after = afterTrade(view.players, from, to, give, receive);
  return [from, to].map((seat) => {
    const b = view.players[seat];
    const a = after[seat];
    if (b === undefined || a === undefined) return '';
    const money = `money ${formatMoney(b.money)} → ${formatMoney(a.money)}`;
    const shops = `shops ${String(b.shops.length)} → ${String(a.shops.length)}`;
    const income = `income per turn ${formatMoney(incomePerTurn(view.players, seat))} → ${formatMoney(incomePerTurn(after, seat))}`;
    return `  ${seatName(ctx, seat)}: ${money} · ${shops} · ${income}`;
  });
}

/**
 * St. Augustine's offer builder for the command line: a partner, the shops to give and to
 * get, money either way, then what the trade does to both sides before it is sent. The CLI
 * asks it only when the human chose to make an offer and a proposal is legal.
 * @public
 */
export async function buildStAugustineOffer(
  decision: Decision,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice | 'cancel'> {
  const view = decision.view as StAugustineView;
  const c = ctx.palette;
  const me = decision.seat;
  // Only the seats some legal proposal goes to.
  const open = new Set(
    decision.legalActions.flatMap((a) =>
      a.type === 'proposeTrade' ? [(a as { to?: unknown }).to] : [],
    ),
  );
  const partners = view.players.flatMap((p, seat) =>
    seat === me || !open.has(seat)
      ? []
      : [
          {
            name: `${seatName(ctx, seat)} (${formatMoney(p.money)}, ${String(p.shops.length)} shops)`,
            value: seat,
          },
        ],
  );
  const to = await prompter.select('Trade with', [...partners, { name: 'Cancel', value: -1 }]);
  if (to === null) return QUIT;
  if (to < 0) return 'cancel';
  const mine = view.players[me]?.shops ?? [];
  const theirs = view.players[to]?.shops ?? [];
  const giveShops = await prompter.checkbox(
    'Shops you give',
    mine.map((id) => ({ name: cardName(ctx, id), value: id })),
  );
  if (giveShops === null) return QUIT;
  const getShops = await prompter.checkbox(
    `Shops you get from ${seatName(ctx, to)}`,
    theirs.map((id) => ({ name: cardName(ctx, id), value: id })),
  );
  if (getShops === null) return QUIT;
  let money = 0;
  for (;;) {
    const text = await prompter.text(
      'Money you pay (3 or $3,000; -2 asks them to pay you $2,000; Enter for none)',
    );
    if (text === null) return QUIT;
    if (text === '' || text === '0') break;
    const parsed = parseMoney(text, true, MONEY_UNIT);
    if ('amount' in parsed) {
      money = parsed.amount;
      break;
    }
    prompter.say(`${c.red('✗')} ${parsed.error}`);
  }
  const give: TradeOffer = { money: Math.max(0, money), shops: giveShops };
  const receive: TradeOffer = { money: Math.max(0, -money), shops: getShops };
  prompter.say(
    `You offer ${seatName(ctx, to)} ${offerText(ctx, give)} for ${offerText(ctx, receive)}. What it does:`,
  );
  for (const line of tradeImpact(view, me, to, give, receive, ctx)) prompter.say(line);
  const go = await prompter.select(
    'Send this proposal?',
    [
      { name: 'Propose it', value: true },
      { name: 'Cancel', value: false },
    ],
    true,
  );
  if (go === null) return QUIT;
  return go ? action({ type: 'proposeTrade', to, give, receive }) : 'cancel';
}

/**
 * What a trade offered to the human does to both sides, shown before they answer.
 * @public
 */
export function explainStAugustineOffer(decision: Decision, ctx: NarrationContext): string[] {
  const view = decision.view as StAugustineView;
  const trade = view.trade;
  if (trade === null) return [];
  return [
    `${ctx.palette.bold(seatName(ctx, trade.from))} offers you ${offerText(ctx, trade.give)} for ${offerText(ctx, trade.receive)}. What it does:`,
    ...tradeImpact(view, trade.from, trade.to, trade.give, trade.receive, ctx),
  ];
}
