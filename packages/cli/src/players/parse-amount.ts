/**
 * What an amount typed by a human means: dollars, or a message saying why it means nothing.
 * @public
 */
export type ParsedAmount = { readonly amount: number } | { readonly error: string };

/** The longest input echoed back in a message. */
const ECHO_LIMIT = 24;

function echo(text: string): string {
  return text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT - 1)}…` : text;
}

/**
 * Reads a money amount as people type it: `7` and `7k` are $7,000 (numbers below 1,000 count
 * in thousands), `7000`, `$7,000` and `7,000` are $7,000, and a leading minus sign is kept
 * when `allowNegative` is set.
 * @public
 */
export function parseMoney(text: string, allowNegative = false): ParsedAmount {
  let t = text.trim().toLowerCase().replace(/\s+/g, '');
  let sign = 1;
  if (t.startsWith('-') && allowNegative) {
    sign = -1;
    t = t.slice(1);
  }
  t = t.replace(/^\$/, '').replace(/,/g, '');
  let scale = 1;
  if (t.endsWith('k')) {
    scale = 1000;
    t = t.slice(0, -1);
  }
  if (!/^\d+(\.\d+)?$/.test(t)) {
    return { error: `'${echo(text.trim())}' is not an amount (try 7, 7000 or $7,000)` };
  }
  let n = Number(t) * scale;
  if (scale === 1 && n < 1000) n *= 1000;
  return { amount: sign * Math.round(n) };
}

/**
 * What the auction's state says about a bid: the smallest legal bid and the high bid.
 * @public
 */
export interface BidContext {
  /** The smallest bid that is legal now (the minimum bid, or $1,000 over the high bid). */
  readonly minimum: number;
  /** The high bid so far, or null when nobody has bid. */
  readonly highBid: number | null;
  /** One step of bidding (St. Augustine: $1,000). */
  readonly step: number;
}

/**
 * An answer to the bid prompt: a bid, a pass, or a message.
 * @public
 */
export type BidAnswer =
  | { readonly type: 'bid'; readonly amount: number }
  | { readonly type: 'pass' }
  | { readonly type: 'invalid'; readonly message: string };

/**
 * Reads a bid typed at the amount prompt: `pass` (or `p`, or nothing: Enter alone takes
 * the safe choice, as in every menu), `+N` (N steps over the high bid;
 * `+1` with no bids yet is the minimum), or an amount as {@link parseMoney} reads it. The
 * rules still check the bid (minimum, money, multiples); this only reads what was meant.
 * @public
 */
export function parseBidAnswer(text: string, ctx: BidContext): BidAnswer {
  const t = text.trim().toLowerCase();
  if (t === 'pass' || t === 'p' || t === '') return { type: 'pass' };
  const raise = /^\+\s*(\d{1,3})$/.exec(t);
  if (raise !== null) {
    const steps = Number(raise[1]);
    if (steps < 1) return { type: 'invalid', message: 'raise by at least +1' };
    const base = ctx.highBid ?? ctx.minimum - ctx.step;
    return { type: 'bid', amount: base + steps * ctx.step };
  }
  const money = parseMoney(t);
  if ('error' in money) return { type: 'invalid', message: money.error };
  return { type: 'bid', amount: money.amount };
}
