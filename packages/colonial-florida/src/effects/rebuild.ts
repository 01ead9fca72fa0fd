import type { Effect } from '../context.js';

/** Rebuild phase: removes one Raze marker from every settlement that has any. */
export const rebuild: Effect = (ctx) => {
  const settlements = ctx.state.settlements;
  for (let i = 0; i < settlements.length; i++) {
    const s = settlements[i] as (typeof settlements)[number];
    if (s.raze > 0) {
      s.raze -= 1;
      if (ctx.recording)
        ctx.emit({ type: 'razeRemoved', space: s.space, removed: 1, raze: s.raze });
    }
  }
};
