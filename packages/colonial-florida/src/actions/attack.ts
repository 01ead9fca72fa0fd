import { rejection } from '@ruleloom/core';
import { resolvePlayerAttack } from '../battle/player-attack.js';
import type { Action } from '../context.js';
import { findCard } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import type { AttackAction } from './action.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';
import { attackInput } from './parse.js';

/**
 * Up to this many eligible combatants, every non-empty subset is listed as a legal action.
 * @public
 */
export const MAX_LISTED_CANDIDATES = 8;

/** The commits `legalActions` lists: every non-empty subset up to 8 candidates, else each single one and all of them. */
export function listCommits(eligible: readonly string[]): string[][] {
  const n = eligible.length;
  if (n > MAX_LISTED_CANDIDATES) return [...eligible.map((id) => [id]), [...eligible]];
  const out: string[][] = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    const commit: string[] = [];
    for (let i = 0; i < n; i++) if ((mask & (1 << i)) !== 0) commit.push(eligible[i] as string);
    out.push(commit);
  }
  return out;
}

/** `{ type: 'attack', commit }`: attack the settlement landed on with these combatants (at least one). */
export const attack: Action<'attack'> = {
  traits: { fields: { commit: 'cards' } },
  description: 'Attack the opposing settlement landed on, committing eligible combatants.',
  parse: attackInput,
  validate(state, seat, action, rules) {
    const p = pendingOf(state, seat, 'attack', 'attack');
    if ('code' in p) return p;
    if (action.commit.length === 0)
      return rejection('empty_commit', 'commit at least one combatant, or decline the attack');
    const seen = new Set<string>();
    for (const id of action.commit) {
      if (seen.has(id)) return rejection('duplicate_card', `'${id}' is committed twice`);
      seen.add(id);
      if (p.eligible.includes(id)) continue;
      const info =
        rules.cards.byInstance.has(id) && id.includes('#') ? cardInfo(rules, id) : undefined;
      if (info === undefined) return rejection('unknown_card', `there is no card '${id}'`);
      if (!info.combatant) return rejection('not_a_combatant', `'${id}' is not a combatant`);
      if (!info.canAttack)
        return rejection(
          'fortress_cannot_attack',
          `'${id}' is a Fortress: Fortresses defend but never attack`,
        );
      return rejection(
        'not_adjacent',
        `'${id}' is not on a settlement you control next to space ${p.target} (${findCard(state, id) < 0 ? 'it is not on the board' : 'it is elsewhere'}); eligible: ${p.eligible.join(', ')}`,
      );
    }
    return undefined;
  },
  resolve(ctx, seat, action) {
    const p = pendingFor(ctx.state, seat, 'attack');
    if (p === undefined) return;
    ctx.state.pending = null;
    resolvePlayerAttack(ctx, seat, p.target, action.commit);
  },
  enumerate(state, seat): readonly AttackAction[] {
    const p = pendingFor(state, seat, 'attack');
    return p === undefined
      ? NO_ACTIONS
      : listCommits(p.eligible).map((commit) => ({ type: 'attack', commit }));
  },
  count(state, seat) {
    const p = pendingFor(state, seat, 'attack');
    if (p === undefined) return 0;
    const n = p.eligible.length;
    return n > MAX_LISTED_CANDIDATES ? n + 1 : (1 << n) - 1;
  },
};
