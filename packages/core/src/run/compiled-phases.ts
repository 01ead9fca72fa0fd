import type { HandlerRef } from '../cards/cards.js';
import { EngineInvariantError } from '../errors/game-definition-error.js';
import type { PhaseDefinition } from '../define/types.js';

/** A handler reference resolved to its function once, when the rules are built. */
export interface BoundRef<TFn> {
  readonly fn: TFn;
  readonly params: unknown;
}

/** A phase with its handlers resolved and its transitions turned into phase numbers. */
export interface CompiledPhase<TEffect, TCondition> {
  readonly id: string;
  readonly index: number;
  readonly skipIf: BoundRef<TCondition> | undefined;
  readonly steps: readonly BoundRef<TEffect>[];
  /** Transitions in order; `to` is a phase number, or -1 for the end of the game. */
  readonly next: readonly {
    readonly to: number;
    readonly when: BoundRef<TCondition> | undefined;
  }[];
  /** Where the pipeline goes when no transition applies (the next phase in the list). */
  readonly fallthrough: number;
}

/**
 * Resolves every handler name of a phase pipeline to its function and every transition
 * target to a phase number, so that running a phase costs no name lookups. The game's
 * definition check has already reported unknown names; meeting one here is a bug.
 */
export function compilePhases<TEffect, TCondition>(
  phases: readonly PhaseDefinition[],
  effects: Readonly<Record<string, TEffect>>,
  conditions: Readonly<Record<string, TCondition>>,
): CompiledPhase<TEffect, TCondition>[] {
  const indexOf = new Map(phases.map((p, i) => [p.id, i]));
  const bind = <T>(table: Readonly<Record<string, T>>, ref: HandlerRef, what: string) => {
    const fn = Object.prototype.hasOwnProperty.call(table, ref.type) ? table[ref.type] : undefined;
    if (fn === undefined) throw new EngineInvariantError(`unknown ${what} '${ref.type}'`);
    return { fn, params: ref.params };
  };
  return phases.map((phase, index) => {
    const fallthrough = (index + 1) % phases.length;
    return {
      id: phase.id,
      index,
      skipIf: phase.skipIf === undefined ? undefined : bind(conditions, phase.skipIf, 'condition'),
      steps: (phase.steps ?? []).map((step) => bind(effects, step, 'effect')),
      next: (phase.next ?? []).map((t) => {
        const to = t.to === '$end' ? -1 : t.to === '$next' ? fallthrough : indexOf.get(t.to);
        if (to === undefined) throw new EngineInvariantError(`unknown phase '${t.to}'`);
        return {
          to,
          when: t.when === undefined ? undefined : bind(conditions, t.when, 'condition'),
        };
      }),
      fallthrough,
    };
  });
}
