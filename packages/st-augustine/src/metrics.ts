import type { CardDefinition, GameMetricsExtension, GameTrace } from '@ruleloom/core';
import type { StAugustineCard } from './cards/card.js';
import type { StAugustineState } from './state.js';

function shopTypeCounts(trace: GameTrace, seat: number): Map<string, number> {
  const state = trace.finalState as StAugustineState;
  const counts = new Map<string, number>();
  for (const id of state.players[seat]?.shops ?? []) {
    const card = trace.rules.card(id) as unknown as StAugustineCard;
    if (card.kind === 'shop') counts.set(card.shopType, (counts.get(card.shopType) ?? 0) + 1);
  }
  return counts;
}

/** Seats that end the game with at least `n` shops of one type. */
function seatsWithMonopoly(trace: GameTrace, n: number): number[] {
  const seats: number[] = [];
  for (let seat = 0; seat < trace.players; seat++)
    if ([...shopTypeCounts(trace, seat).values()].some((c) => c >= n)) seats.push(seat);
  return seats;
}

function leaderBefore(trace: GameTrace, stepIndex: number): number | null {
  const scores = stepIndex === 0 ? undefined : trace.steps[stepIndex - 1]?.scores;
  if (scores === undefined) return null;
  const best = Math.max(...scores);
  const leaders = scores.flatMap((s, i) => (s === best ? [i] : []));
  return leaders.length === 1 ? (leaders[0] as number) : null;
}

function incomeTotal(trace: GameTrace, type?: string): number {
  let total = 0;
  for (const step of trace.steps)
    for (const e of step.events as readonly { type: string; amount?: unknown; seat?: unknown }[])
      if (
        typeof e.amount === 'number' &&
        typeof e.seat === 'number' &&
        e.type !== 'auctionWon' &&
        (type === undefined || e.type === type)
      )
        total += e.amount;
  return total;
}

/**
 * St. Augustine's own metrics for `ruleloom analyze` (monopolies, trades), how its cards group
 * (by shop type and street) and which cards a seat acquired (the auctions it won).
 * @public
 */
export const stAugustineMetrics: GameMetricsExtension = {
  metrics: [
    {
      id: 'fiveStoreMonopoly',
      description: 'Some seat ended the game with 5 shops of one type (a full monopoly).',
      kind: 'rate',
      measure: (t) => (seatsWithMonopoly(t, 5).length > 0 ? 1 : 0),
    },
    {
      id: 'fiveStoreOwnerWins',
      description: 'Of games with a 5-store monopoly: a seat holding one won.',
      kind: 'rate',
      measure: (t) => {
        const owners = seatsWithMonopoly(t, 5);
        if (owners.length === 0 || t.result === null) return null;
        return owners.some((s) => t.result?.winners.includes(s) === true) ? 1 : 0;
      },
    },
    {
      id: 'monopoliesFormed',
      description: 'Seat-and-type pairs with 3 or more shops of one type at the end.',
      kind: 'value',
      measure: (t) => {
        let n = 0;
        for (let seat = 0; seat < t.players; seat++)
          for (const c of shopTypeCounts(t, seat).values()) if (c >= 3) n++;
        return n;
      },
    },
    {
      id: 'monopolyIncomeShare',
      description: 'Share of all income the bank paid that came from monopoly bonuses.',
      kind: 'value',
      measure: (t) => {
        const all = incomeTotal(t);
        return all === 0 ? null : incomeTotal(t, 'monopolyBonus') / all;
      },
    },
    {
      id: 'tradesAccepted',
      description: 'Trades proposed and accepted.',
      kind: 'value',
      measure: (t) =>
        t.steps.reduce((n, s) => n + s.events.filter((e) => e.type === 'tradeAccepted').length, 0),
    },
    {
      id: 'tradesWithLeader',
      description: 'Of accepted trades: the money leader at the time was one of the two sides.',
      kind: 'value',
      measure: (t) => {
        let trades = 0;
        let withLeader = 0;
        t.steps.forEach((step, i) => {
          for (const e of step.events as readonly { type: string; from?: number; to?: number }[]) {
            if (e.type !== 'tradeAccepted') continue;
            trades++;
            const leader = leaderBefore(t, i);
            if (leader !== null && (e.from === leader || e.to === leader)) withLeader++;
          }
        });
        return trades === 0 ? null : withLeader / trades;
      },
    },
  ],
  cardGroups: (card: CardDefinition) => {
    const c = card as unknown as StAugustineCard;
    return c.kind === 'shop' ? [`type ${c.shopType}`, `street ${c.street}`] : [];
  },
  acquisitions: (t) => {
    const out: { seat: number; card: string }[] = [];
    for (const step of t.steps)
      for (const e of step.events as readonly { type: string; seat?: number; card?: string }[])
        if (e.type === 'auctionWon' && e.seat !== undefined && e.card !== undefined)
          out.push({ seat: e.seat, card: e.card });
    return out;
  },
};
