import type { GameView } from '@ruleloom/core';
import { settlementModel, type SettlementModel } from './heuristics-model.js';

/** What the evaluations read of a player in a view (views are plain data: fields may be bad). */
export interface ViewPlayer {
  readonly gold?: unknown;
  readonly pawn?: unknown;
  readonly markersLeft?: unknown;
}

/** A finite number, else `fallback`. */
export function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Whether seat `j`'s pawn stays where it is until the next Income phase: it has moved this
 * turn already (or the board phases are under way, before any action of the turn).
 */
export function settledPawn(view: GameView, j: number): boolean {
  const acting = view.actionSeat;
  if (typeof acting !== 'number') return true;
  if (j < acting) return true;
  if (j > acting) return false;
  const pending = view.pending as { readonly type?: unknown } | null | undefined;
  return pending?.type !== 'move';
}

/** The dice of `seat`'s pending move (it has rolled and not chosen yet), else undefined. */
export function pendingDice(view: GameView, seat: number): readonly [number, number] | undefined {
  const p = view.pending as { type?: unknown; seat?: unknown; dice?: unknown } | null | undefined;
  if (p?.type !== 'move' || p.seat !== seat || !Array.isArray(p.dice)) return undefined;
  const [a, b] = p.dice as unknown[];
  return typeof a === 'number' && typeof b === 'number' ? [a, b] : undefined;
}

/** What the evaluations read of the board in a view: the goal, the markers and the settlements. */
export interface ViewBoard {
  /** Gold to win (50 when the view's is missing or not positive). */
  readonly goal: number;
  /** The hazard markers' spaces by name (fields may be bad). */
  readonly markers: Readonly<Record<string, unknown>>;
  /** The settlements, read by the game's formulas (malformed ones left out). */
  readonly settlements: readonly SettlementModel[];
}

/** Reads the board of a view defensively (views are plain data). */
export function boardOf(view: GameView): ViewBoard {
  const goal = num(view.goldToWin, 50) > 0 ? num(view.goldToWin, 50) : 50;
  const markers = (
    typeof view.markers === 'object' && view.markers !== null ? view.markers : {}
  ) as Readonly<Record<string, unknown>>;
  const settlements: SettlementModel[] = [];
  for (const s of Array.isArray(view.settlements) ? (view.settlements as unknown[]) : []) {
    const model = settlementModel(s);
    if (model !== undefined) settlements.push(model);
  }
  return { goal, markers, settlements };
}
