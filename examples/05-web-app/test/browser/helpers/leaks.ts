import type { StoredTruth } from './ruleloom-serve.js';

/** Adds every string found anywhere in `value` (nested arrays and objects) to `out`. */
export function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * What a seat may know at each version: every string of its views and of its redacted log
 * up to that version. Everything else in the full states (the deck order's cards, other
 * seats' hidden cards, the generator) is hidden from it.
 */
export function hiddenFrom(
  truth: StoredTruth,
  seat: number | 'spectator',
): (version: number) => Set<string> {
  const log = truth.match.logFor(seat);
  const known = new Set<string>();
  const hidden: Set<string>[] = [];
  return (version: number) => {
    const v = Math.max(0, Math.min(version, truth.states.length - 1));
    if (hidden[v] !== undefined) return hidden[v];
    known.clear();
    for (let k = 0; k <= v; k++) strings(truth.known[k]?.get(seat), known);
    for (const e of log.slice(0, v + 1)) strings(e, known);
    const all = new Set<string>();
    for (let k = 0; k <= v; k++) strings(truth.states[k], all);
    hidden[v] = new Set([...all].filter((x) => !known.has(x)));
    return hidden[v];
  };
}

/**
 * The hidden information a received frame gives away (empty when none): the seed, the
 * generator state, a `deck` field, or any string of the full state that the seat could not
 * know at the frame's version (a card still in the deck, another seat's hidden card).
 */
export function leaksIn(
  frame: string,
  truth: StoredTruth,
  hidden: (version: number) => Set<string>,
): string[] {
  const found: string[] = [];
  if (frame.includes(truth.seed)) found.push('the seed');
  if (/"(rng|deck|seed)"\s*:/.test(frame)) found.push('an rng, deck or seed field');
  const parsed = JSON.parse(frame) as { type?: string; version?: unknown };
  if (typeof parsed.version !== 'number') return found;
  const frameStrings = strings(parsed, new Set());
  for (const s of hidden(parsed.version))
    if (frameStrings.has(s))
      found.push(`hidden ${JSON.stringify(s)} at version ${String(parsed.version)}`);
  return found;
}
