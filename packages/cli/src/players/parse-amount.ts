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
 * Reads an amount as people type it, in units of `step` when the step is 1,000 or more (the
 * default): `7` and `7k` are 7,000 (numbers below the step count in steps), `7000`, `$7,000`
 * and `7,000` are 7,000; with a smaller step, numbers are read as typed. A leading minus sign
 * is kept when `allowNegative` is set.
 * @public
 */
export function parseMoney(text: string, allowNegative = false, step = 1000): ParsedAmount {
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
  if (scale === 1 && step >= 1000 && n < step) n *= step;
  return { amount: sign * Math.round(n) };
}

/**
 * What the auction's state says about a bid: the smallest legal bid and the high bid.
 * @public
 */
export interface BidContext {
  /** The smallest amount that is legal now (the lowest among the legal actions). */
  readonly minimum: number;
  /** The high bid so far, or null when nobody has bid. */
  readonly highBid: number | null;
  /** One step of the amount (its declared trait's `step`; 1 when it declares none). */
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
 * Reads a bid typed at the amount prompt: `pass` (or `p`), `+N` (N steps over the high bid;
 * `+1` with no bids yet is the minimum), or an amount as {@link parseMoney} reads it. Nothing
 * (Enter alone) is not an answer: an explicit choice is required. The rules still check the
 * bid (minimum, money, multiples); this only reads what was meant.
 * @public
 */
export function parseBidAnswer(text: string, ctx: BidContext): BidAnswer {
  const t = text.trim().toLowerCase();
  if (t === '')
    return {
      type: 'invalid',
      message: 'type an amount, +1 to raise by one step, or pass (Enter alone does nothing)',
    };
  if (t === 'pass' || t === 'p') return { type: 'pass' };
  const raise = /^\+\s*(\d{1,3})$/.exec(t);
  if (raise !== null) {
    const steps = Number(raise[1]);
    if (steps < 1) return { type: 'invalid', message: 'raise by at least +1' };
    const base = ctx.highBid ?? ctx.minimum - ctx.step;
    return { type: 'bid', amount: base + steps * ctx.step };
  }
  const money = parseMoney(t, false, ctx.step);
  if ('error' in money) return { type: 'invalid', message: money.error };
  return { type: 'bid', amount: money.amount };
}
