import { actionTraitsOf, type ActionBase } from '@ruleloom/core';
import {
  formatMoney,
  incomePerTurn,
  MONEY_UNIT,
  type StAugustinePlayerView,
  type StAugustineView,
  type TradeOffer,
} from '@ruleloom/st-augustine';
import type { NarrationContext } from '../games/cli-game.js';
import { cardName, offerText } from '../games/st-augustine-names.js';
import { seatName } from '../narration/narrate.js';
import type { Choice, Decision } from './controller.js';
import { parseBidAnswer, parseMoney } from './parse-amount.js';
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

/** The rules' minimum bid (resolved options always carry it). */
function rulesMinimum(ctx: NarrationContext): number {
  const options = ctx.engine.options as { readonly minimumBid?: unknown } | null;
  return typeof options?.minimumBid === 'number' ? options.minimumBid : 5 * MONEY_UNIT;
}

/**
 * The lowest bid the rules accept now: the lowest declared amount among the legal actions (as
 * the web app reads them), else the rules' own minimum.
 */
function lowestBidOf(decision: Decision, ctx: NarrationContext): number | undefined {
  const traits = actionTraitsOf(ctx.engine.game);
  let lowest: number | undefined;
  for (const a of decision.legalActions) {
    const amount = traits.amountOf(a);
    if (amount !== undefined && (lowest === undefined || amount < lowest)) lowest = amount;
  }
  return lowest;
}

async function askBid(
  decision: Decision,
  view: StAugustineView,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice> {
  const c = ctx.palette;
  const auction = view.auction;
  const highBid = auction?.highBid ?? null;
  const minimum =
    lowestBidOf(decision, ctx) ?? (highBid === null ? rulesMinimum(ctx) : highBid + MONEY_UNIT);
  const money = view.players[decision.seat]?.money ?? 0;
  const high =
    highBid === null || auction?.highBidder === null || auction?.highBidder === undefined
      ? 'no bids yet'
      : `high bid ${formatMoney(highBid)} by ${seatName(ctx, auction.highBidder)}`;
  prompter.say(
    `Bid for ${c.cyan(view.flipped === null ? 'the shop' : cardName(ctx, view.flipped))}: minimum ${c.yellow(formatMoney(minimum))} · you have ${c.green(formatMoney(money))} · ${high}`,
  );
  for (;;) {
    const text = await prompter.text('Your bid (7, 7000, $7,000, +1, or pass; Enter passes)');
    if (text === null) return QUIT;
    const json = jsonAction(text);
    if (typeof json === 'object') return json;
    if (typeof json === 'string') {
      prompter.say(`${c.red('✗')} ${json}`);
      continue;
    }
    const answer = parseBidAnswer(text, { minimum, highBid, step: MONEY_UNIT });
    if (answer.type === 'pass') return action({ type: 'pass' });
    if (answer.type === 'bid') return action({ type: 'bid', amount: answer.amount });
    prompter.say(`${c.red('✗')} ${answer.message}`);
  }
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

function findAction(legal: readonly ActionBase[], type: string): ActionBase {
  return legal.find((a) => a.type === type) ?? { type };
}

async function askResponse(
  decision: Decision,
  view: StAugustineView,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice> {
  const trade = view.trade;
  if (trade === null) return action(findAction(decision.legalActions, 'rejectTrade'));
  prompter.say(
    `${ctx.palette.bold(seatName(ctx, trade.from))} offers you ${offerText(ctx, trade.give)} for ${offerText(ctx, trade.receive)}. What it does:`,
  );
  for (const line of tradeImpact(view, trade.from, trade.to, trade.give, trade.receive, ctx))
    prompter.say(line);
  const answer = await prompter.select(
    'Your answer',
    [
      { name: 'Reject the trade', value: 'rejectTrade' },
      { name: 'Accept the trade', value: 'acceptTrade' },
    ],
    'rejectTrade',
  );
  if (answer === null) return QUIT;
  return action(findAction(decision.legalActions, answer));
}

async function buildProposal(
  decision: Decision,
  view: StAugustineView,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice | 'cancel'> {
  const c = ctx.palette;
  const me = decision.seat;
  const partners = view.players.flatMap((p, seat) =>
    seat === me
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
    const parsed = parseMoney(text, true);
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

async function askTradeTurn(
  decision: Decision,
  view: StAugustineView,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice> {
  for (;;) {
    const choice = await prompter.select(
      'Trade phase: your call',
      [
        { name: 'Pass (propose nothing)', value: 'pass' },
        { name: 'Propose a trade…', value: 'propose' },
        { name: 'Save and quit', value: 'quit' },
      ],
      'pass',
    );
    if (choice === null || choice === 'quit') return QUIT;
    if (choice === 'pass') return action(findAction(decision.legalActions, 'pass'));
    const built = await buildProposal(decision, view, prompter, ctx);
    if (built !== 'cancel') return built;
  }
}

/**
 * Asks a human for a St. Augustine decision the game's own way: an amount prompt in an
 * auction, a proposal builder in the trade phase, and accept/reject (reject by default) for
 * an offer, with what it does to both sides. Undefined for the decisions the generic menu
 * handles (a single forced choice, other phases).
 * @public
 */
export async function askStAugustine(
  decision: Decision,
  prompter: Prompter,
  ctx: NarrationContext,
): Promise<Choice | undefined> {
  const view = decision.view as StAugustineView;
  const types = new Set(decision.legalActions.map((a) => a.type));
  if (types.has('bid')) return askBid(decision, view, prompter, ctx);
  if (types.has('acceptTrade') || types.has('rejectTrade'))
    return askResponse(decision, view, prompter, ctx);
  if (types.has('proposeTrade')) return askTradeTurn(decision, view, prompter, ctx);
  return undefined;
}
