import type { GameMetricsExtension } from '@ruleloom/core';

/**
 * Colonial Florida's own metrics for `ruleloom analyze` (conquests, battles, settlements
 * founded); cards acquired are the cards drawn (the generic rule).
 * @public
 */
export const colonialFloridaMetrics: GameMetricsExtension = {
  metrics: [
    {
      id: 'conquests',
      description: 'Settlements conquered in battle.',
      kind: 'value',
      measure: (t) =>
        t.steps.reduce((n, s) => n + s.events.filter((e) => e.type === 'conquered').length, 0),
    },
    {
      id: 'battles',
      description: 'Battles fought.',
      kind: 'value',
      measure: (t) =>
        t.steps.reduce((n, s) => n + s.events.filter((e) => e.type === 'battle').length, 0),
    },
    {
      id: 'founded',
      description: 'Settlements founded.',
      kind: 'value',
      measure: (t) =>
        t.steps.reduce((n, s) => n + s.events.filter((e) => e.type === 'founded').length, 0),
    },
  ],
};
