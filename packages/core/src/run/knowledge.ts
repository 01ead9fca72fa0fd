import type { KnownCard, MatchState } from '../model/match-state.js';
import type { ZoneDeclaration } from '../zones/zone.js';

/** A reveal made during a run: the card and who is shown it. */
export interface Reveal {
  readonly card: string;
  readonly to: readonly number[] | 'everyone';
  /** Where the card was when it was shown. */
  readonly zone: string;
  /** How many shuffles the run had made before the reveal. */
  readonly shuffles: number;
}

/** The concrete zone path (`players.1.hand`) of every card in the declared zones. */
export function cardLocations(
  root: unknown,
  zones: readonly ZoneDeclaration[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const zone of zones) {
    const parts = zone.path.split('.');
    const walk = (node: unknown, index: number, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const part = parts[index] as string;
      const last = index === parts.length - 1;
      const keys =
        part === '*' ? (Array.isArray(node) ? node.map((_, i) => String(i)) : []) : [part];
      for (const key of keys) {
        const child = (node as Record<string, unknown>)[key];
        const here = path === '' ? key : `${path}.${key}`;
        if (!last) walk(child, index + 1, here);
        else if (typeof child === 'string') out.set(child, here);
        else if (Array.isArray(child))
          for (const id of child) if (typeof id === 'string') out.set(id, here);
      }
    };
    walk(root, 0, '');
  }
  return out;
}

/**
 * Updates a state's knowledge after a run: entries whose card left its zone, or whose zone
 * was shuffled, are dropped, but for a card the run moved in plain sight (`follows`, from
 * `ctx.follow`), which is known where it ends unless a shuffle of the run touched it; the
 * run's reveals are added where their cards were shown, if they are still there (and that
 * zone was not shuffled since). The `known` field is removed when nothing is known (a game
 * that never reveals keeps its shape).
 */
export function updateKnowledge(
  state: { known?: readonly KnownCard[]; readonly game: unknown },
  zones: readonly ZoneDeclaration[],
  reveals: readonly Reveal[],
  shuffled: readonly string[],
  shuffledItems: readonly (readonly unknown[])[] = [],
  follows: readonly string[] = [],
): void {
  if (reveals.length === 0 && state.known === undefined) return;
  const where = cardLocations(state.game, zones);
  /** Whether `card` went through a shuffle of this run from shuffle `from` on. */
  const wasShuffled = (card: string, from = 0): boolean => {
    for (let i = from; i < shuffledItems.length; i++)
      if ((shuffledItems[i] as readonly unknown[]).includes(card)) return true;
    return false;
  };
  const kept: KnownCard[] = [];
  for (const entry of state.known ?? []) {
    const now = where.get(entry.card);
    if (now === undefined || shuffled.includes(now) || wasShuffled(entry.card)) continue;
    if (now === entry.zone) kept.push(entry);
    else if (follows.includes(entry.card)) kept.push({ ...entry, zone: now });
  }
  for (const reveal of reveals) {
    const zone = where.get(reveal.card);
    // Known where it was shown, while it stays there and neither that zone nor the card itself
    // is shuffled after (a card shuffled into a pool and dealt back is a new draw).
    if (
      zone !== reveal.zone ||
      shuffled.indexOf(zone, reveal.shuffles) >= 0 ||
      wasShuffled(reveal.card, reveal.shuffles)
    )
      continue;
    const at = kept.findIndex((k) => k.card === reveal.card);
    const before = at >= 0 ? (kept[at] as KnownCard) : undefined;
    let seats: readonly number[] | 'everyone';
    if (reveal.to === 'everyone' || before?.seats === 'everyone') seats = 'everyone';
    else {
      const all = new Set([...(before?.seats ?? []), ...reveal.to]);
      seats = [...all].sort((a, b) => a - b);
    }
    const entry: KnownCard = { card: reveal.card, zone, seats };
    if (at >= 0) kept[at] = entry;
    else kept.push(entry);
  }
  if (kept.length === 0) delete state.known;
  else state.known = kept.sort((a, b) => (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
}

/** The cards a viewer knows in a state, as its view carries them (`known`). */
export function knownBy(
  state: MatchState,
  viewer: number | 'spectator',
): { card: string; zone: string }[] | undefined {
  if (state.known === undefined) return undefined;
  const out: { card: string; zone: string }[] = [];
  for (const k of state.known)
    if (k.seats === 'everyone' || (viewer !== 'spectator' && k.seats.includes(viewer)))
      out.push({ card: k.card, zone: k.zone });
  return out.length === 0 ? undefined : out;
}
