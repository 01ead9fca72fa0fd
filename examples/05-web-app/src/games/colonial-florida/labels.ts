import type { OptionLabels } from '../../option-label-table.js';

/** Colonial Florida's options as the lobby words them (the rest read from their keys). */
export const COLONIAL_FLORIDA_LABELS: OptionLabels = {
  options: {
    goldToWin: 'Gold to win',
    maxTurns: 'Turn limit',
    controlMarkers: 'Control markers per player',
    ownSettlement: 'Landing on your own settlement',
  },
  values: {
    repairOrDraw: 'repair, or draw a card if nothing to repair',
    repairThenDraw: 'repair, then draw if fully repaired',
  },
};
