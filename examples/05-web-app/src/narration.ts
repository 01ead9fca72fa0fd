/*
 * The app's narration: one sentence per game event, for the log of the game screen and the
 * replay viewer. All of it lives in this one file so that it can be swapped for each game's
 * own `present` entry (issue #19) when that lands.
 */
import { FLORIDA_MAP } from '@ruleloom/colonial-florida';
import type { ActionBase, GameEvent, LogEntry } from '@ruleloom/core';
import { actionLabel } from './action-label.js';
import {
  describeStAugustineAction,
  formatMoney,
  STREET_NAMES,
  stAugustineCards,
} from '@ruleloom/st-augustine';

/** The display name of a seat (`Seat 1`); games with named seats override it. */
export function seatLabel(game: string | null, seat: number): string {
  if (game === 'colonial-florida')
    return ['Spanish', 'British', 'French'][seat] ?? `Seat ${String(seat)}`;
  return `Seat ${String(seat)}`;
}

const saCards = new Map<string, string>(stAugustineCards.map((c) => [c.id, c.name]));

/** A St. Augustine card's name (`Pub (King Street)`), or the id when unknown. */
export function stAugustineCardName(id: string): string {
  const card = stAugustineCards.find((c) => c.id === id);
  if (card === undefined) return id;
  if (card.kind === 'shop') return `${card.name} (${STREET_NAMES[card.street]})`;
  return card.name;
}

/** A Colonial Florida space's name (`St Augustine (3)`). */
export function spaceName(space: unknown): string {
  const n = Number(space);
  const s = FLORIDA_MAP.spaces[n - 1];
  return s === undefined ? `space ${String(space)}` : `${s.name} (${String(n)})`;
}

/** A Colonial Florida card instance's name: `fortress#2` → `Fortress #2`. */
export function floridaCardName(id: string): string {
  const [base = id, copy] = id.split('#');
  const name = base.replace(/-and-/g, ' & ').replace(/-/g, ' ');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${copy === undefined ? '' : ` #${copy}`}`;
}

function payReason(reason: unknown): string {
  if (typeof reason !== 'string') return '';
  if (reason === 'revenue') return 'revenue';
  if (reason.startsWith('streetBonus:'))
    return `street bonus, ${STREET_NAMES[reason.slice(12) as keyof typeof STREET_NAMES] ?? reason.slice(12)}`;
  if (reason.startsWith('monopoly:')) return `monopoly of ${reason.slice(9).replace(/-/g, ' ')}s`;
  return saCards.has(reason) ? stAugustineCardName(reason) : reason;
}

function offerText(o: unknown): string {
  const offer = o as { money?: number; shops?: readonly string[] } | null;
  const parts = [
    ...(offer?.money ? [formatMoney(offer.money)] : []),
    ...(offer?.shops ?? []).map(stAugustineCardName),
  ];
  return parts.length === 0 ? 'nothing' : parts.join(' + ');
}

function stAugustineEvent(e: GameEvent): string | null | undefined {
  const who = seatLabel('st-augustine', Number(e.seat));
  switch (e.type) {
    case 'turnStarted':
      return `Turn ${String(e.turn)}: ${who}`;
    case 'cardFlipped':
      return `Flipped: ${stAugustineCardName(String(e.card))}`;
    case 'bankPaid':
      return `${who} earns ${formatMoney(Number(e.amount))} (${payReason(e.reason)})`;
    case 'attractionResolved':
      return `${stAugustineCardName(String(e.card))} is resolved`;
    case 'auctionWon':
      return `${who} buys ${stAugustineCardName(String(e.card))} for ${formatMoney(Number(e.amount))}`;
    case 'shopDiscarded':
      return `Nobody bought ${stAugustineCardName(String(e.card))}: it is discarded`;
    case 'tradeAccepted':
      return `Trade done: ${seatLabel('st-augustine', Number(e.from))} gives ${offerText(e.give)} for ${offerText(e.receive)} from ${seatLabel('st-augustine', Number(e.to))}`;
    case 'tradeRejected':
      return 'The trade is rejected';
    case 'deckReshuffled':
      return `The discard pile becomes a new deck (${String(e.size)} cards)`;
    case 'gameEnding':
      return e.reason === 'noShopsLeft' ? 'No shops are left: the game ends' : 'The game ends';
    case 'auctionPassed':
    case 'tradePhaseEnded':
      return null;
    default:
      return undefined;
  }
}

function floridaEvent(e: GameEvent): string | null | undefined {
  const who = seatLabel('colonial-florida', Number(e.seat));
  switch (e.type) {
    case 'turnStarted':
      return `Turn ${String(e.turn)}`;
    case 'markerMoved':
      return `The ${String(e.marker)} marker moves ${String(e.spaces)} to ${spaceName(e.to)}`;
    case 'raid':
      return `The ${String(e.marker)} strikes ${spaceName(e.space)} with ${String(e.raiders)} raiders`;
    case 'battle':
      return `Battle at ${spaceName(e.space)}: ${String(e.attackTotal)} against ${String(e.defenceTotal)}, the ${String(e.winner)} wins`;
    case 'razed':
      return `${spaceName(e.space)} gets ${String(e.added)} raze marker(s) (${String(e.cause)}; now ${String(e.raze)})`;
    case 'razeRemoved':
    case 'repaired':
      return `${spaceName(e.space)} rebuilds: now ${String(e.raze)} raze marker(s)`;
    case 'cardDestroyed':
      return `Casualty: ${floridaCardName(String(e.card))} at ${spaceName(e.space)} is lost (${String(e.cause)})`;
    case 'income':
      return `${who} collects ${String(e.amount)} gold from ${spaceName(e.space)} (now ${String(e.gold)})`;
    case 'noIncome':
      return `${spaceName(e.space)} pays ${who} nothing (${String(e.reason)})`;
    case 'pawnMoved':
      return `${who} moves ${String(e.spaces)} to ${spaceName(e.to)}`;
    case 'cardDrawn':
      return `${who} draws ${floridaCardName(String(e.card))} for ${spaceName(e.space)}`;
    case 'founded':
      return `${who} founds ${spaceName(e.space)}`;
    case 'conquered':
      return `${who} conquers ${spaceName(e.space)}`;
    case 'combatantMoved':
    case 'transferred':
      return `${who} moves ${floridaCardName(String(e.card))} to ${spaceName(e.to)}`;
    case 'actionSkipped':
      return `${who} loses the action: a hazard marker stands on ${spaceName(e.space)}`;
    case 'actionEnded':
    case 'attackDeclined':
      return null;
    default:
      return undefined;
  }
}

/** The events every game shares (from the core). */
function coreEvent(game: string | null, e: GameEvent): string | null | undefined {
  switch (e.type) {
    case 'roll':
      return `Rolled ${String(e.dice)}: ${(Array.isArray(e.values) ? (e.values as number[]) : []).join(' + ')}`;
    case 'shuffle':
      return `The ${String(e.zone)} is shuffled`;
    case 'forcedAction':
      return `${seatLabel(game, Number(e.seat))} had only one move`;
    case 'gameOver':
      return `Game over: ${(Array.isArray(e.winners) ? (e.winners as number[]) : []).map((s) => seatLabel(game, s)).join(' and ')} win(s)`;
    default:
      return undefined;
  }
}

/** One sentence per event of a log entry (hidden events say so; unknown ones give their type). */
export function narrateEntry(game: string | null, entry: LogEntry): string[] {
  const out: string[] = [];
  for (const e of entry.events) {
    if (e.hidden === true) {
      out.push(`(a hidden ${e.type})`);
      continue;
    }
    const own =
      game === 'st-augustine'
        ? stAugustineEvent(e)
        : game === 'colonial-florida'
          ? floridaEvent(e)
          : undefined;
    const line = own !== undefined ? own : coreEvent(game, e);
    if (line === null) continue;
    out.push(line ?? e.type);
  }
  return out;
}

/** An action in words (`bids $5,000`), as the log shows it. */
export function describeAction(game: string | null, action: ActionBase): string {
  const a = action as ActionBase & {
    die?: number;
    commit?: readonly string[];
    card?: string;
    to?: number;
  };
  if (game === 'st-augustine') {
    if (a.type === 'proposeTrade') {
      const t = action as unknown as { to: number; give: unknown; receive: unknown };
      return `offers ${seatLabel(game, t.to)} ${offerText(t.give)} for ${offerText(t.receive)}`;
    }
    return describeStAugustineAction(action as never);
  }
  if (game === 'colonial-florida') {
    switch (a.type) {
      case 'move':
        return `moves by die ${String((a.die ?? 0) + 1)}`;
      case 'attack':
        return `attacks with ${(a.commit ?? []).map(floridaCardName).join(', ')}`;
      case 'declineAttack':
        return 'declines the attack';
      case 'chooseCasualty':
        return `loses ${floridaCardName(String(a.card))}`;
      case 'endAction':
        return 'ends the action';
      default:
        return actionLabel(action);
    }
  }
  return actionLabel(action);
}
