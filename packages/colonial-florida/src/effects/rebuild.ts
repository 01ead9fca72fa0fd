import type { Effect } from '../context.js';

/** Rebuild phase: removes one Raze marker from every settlement that has any. */
export const rebuild: Effect = (ctx) => {
  for (const s of ctx.state.settlements) {
    if (s.raze > 0) {
      s.raze -= 1;
      ctx.emit({ type: 'razeRemoved', space: s.space, removed: 1, raze: s.raze });
    }
  }
};
