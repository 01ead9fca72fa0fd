import type { CardDefinition } from '../cards/cards.js';
import type { Problem } from '../errors/problem.js';

/**
 * Rewrites the paths of problems found in the merged card table of a setup
 * (`options.cards[12].id`) to where the card was written: `options.cards.add[0].id` or
 * `options.cards.replace[1].effect`, or `cards[3]` for a card of the game's own table.
 * Cards are matched by identity (the merge keeps the override objects).
 */
export function cardOverridePaths(
  problems: readonly Problem[],
  merged: readonly CardDefinition[],
  base: readonly CardDefinition[],
  overrides: unknown,
  path: string,
): Problem[] {
  const origin = new Map<unknown, string>();
  base.forEach((card, i) => origin.set(card, `cards[${String(i)}]`));
  if (typeof overrides === 'object' && overrides !== null) {
    for (const key of ['replace', 'add'] as const) {
      const list = (overrides as Record<string, unknown>)[key];
      if (Array.isArray(list))
        list.forEach((card: unknown, i) => origin.set(card, `${path}.${key}[${String(i)}]`));
    }
  }
  const head = `${path}[`;
  return problems.map((p) => {
    if (!p.path.startsWith(head)) return p;
    const close = p.path.indexOf(']', head.length);
    const at = origin.get(merged[Number(p.path.slice(head.length, close))]);
    return close < 0 || at === undefined ? p : { ...p, path: `${at}${p.path.slice(close + 1)}` };
  });
}
