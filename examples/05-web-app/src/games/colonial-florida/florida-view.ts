import type { GameView } from '@ruleloom/core';

/** What the board reads of a Colonial Florida view (see the game's view contract). */
export interface FloridaView {
  readonly turn: number;
  readonly phase: string;
  readonly deckSize: number;
  readonly goldToWin?: number;
  readonly markers: {
    readonly hurricane: number;
    readonly pirate: number;
    readonly raid: number;
    readonly disease: number;
  };
  readonly players: readonly {
    readonly nation: string;
    readonly gold: number;
    readonly pawn: number;
    readonly markersLeft: number;
  }[];
  readonly settlements: readonly {
    readonly space: number;
    readonly name: string;
    readonly controller: number | null;
    readonly raze: number;
    readonly cards: readonly string[];
  }[];
  readonly pending:
    | ({ readonly type: string; readonly seat: number } & {
        readonly dice?: readonly [number, number];
        readonly target?: number;
        readonly eligible?: readonly string[];
        readonly candidates?: readonly string[];
      })
    | null;
}

/** Reads a core view of a Colonial Florida match as {@link FloridaView}. */
export function asFloridaView(view: GameView): FloridaView {
  return view as unknown as FloridaView;
}
