import type { ActionBase } from '../model/action.js';
import type { CompactLegalActions } from '../define/legal-action-entries.js';

// The compact form lives with the handler contract (`enumerateCompact` gives its entries);
// this module adds what reads a match.
export {
  compactLegalActions,
  declaredRangeFields,
  expandLegalActions,
  legalEntryCount,
  normalizeLegalEntries,
} from '../define/legal-action-entries.js';
export type {
  CompactLegalActions,
  CompactLegalActionsOptions,
  LegalActionEntry,
  LegalActionOne,
  LegalActionRange,
} from '../define/legal-action-entries.js';

/**
 * A seat's legal actions now, in compact form: what `match.legalActions(seat)` lists, with
 * each run of actions along a declared amount field (St. Augustine's bids: "bid amount
 * 5,000–10,000,000 step 1,000") written as one range. {@link expandLegalActions} of the
 * result equals `match.legalActions(seat)`, in order.
 *
 * @remarks
 * Where the action handlers of the decision declare `enumerateCompact`, their ranges are taken
 * as they are, without listing the actions, so the work does not grow with the number of
 * amounts; other handlers' lists are compacted (see `Engine.legalActionSet`).
 * @public
 */
export function legalActionSet<TAction extends ActionBase, TMatchState = unknown>(
  match: {
    readonly engine: {
      legalActionSet(state: TMatchState, seat: number): CompactLegalActions<TAction>;
    };
    readonly state: TMatchState;
  },
  seat: number,
): CompactLegalActions<TAction> {
  return match.engine.legalActionSet(match.state, seat);
}
