import type { Rejection } from '../result.js';
import { rejection } from '../result.js';
import type { ZoneDeclaration } from '../zones/zone.js';

/**
 * The kind of draw a {@link ChanceNode} stands for: one die of a roll (`roll`), a uniform
 * integer (`randomInt`), a pick from a list (`pick`), or one card of a shuffle (`deal`: a
 * shuffle of `n` items is `n - 1` deals, which of the `n`, then `n - 1`, ... remaining items
 * goes to the next place; the last, forced deal is no node).
 * @public
 */
export type ChanceNodeKind = 'roll' | 'randomInt' | 'pick' | 'deal';

/**
 * One outcome of a {@link ChanceNode}: its index (what `applyWithChance` takes), its exact
 * probability, and the value the draw gives with it (a die's face, the integer, the picked
 * item, the dealt item).
 * @public
 */
export interface ChanceNodeOutcome {
  /** The outcome's index in its node (what `applyWithChance` takes). */
  readonly outcome: number;
  /** Its exact probability (the node's probabilities sum to 1). */
  readonly probability: number;
  /** The value the draw gives with it: a die's face, the integer, the picked or dealt item. */
  readonly value: unknown;
}

/**
 * A draw a step (or setup) stopped at because no outcome was chosen for it (see
 * {@link Engine.applyWithChance}): its kind, every outcome with its probability (uniform over
 * faces, integers, items, or the items left to deal; they sum to 1), and who may see the
 * outcome once drawn (`'everyone'`, or a list of seats: the draw's declared `audience`, or
 * for a deal the visibility of the shuffled zone: nobody for a hidden deck, the owner for an
 * `owner` zone).
 * @public
 */
export interface ChanceNode {
  /** What kind of draw it is. */
  readonly kind: ChanceNodeKind;
  /** How many chance outcomes of this step come before this one (the length of the chosen prefix). */
  readonly draw: number;
  /** Every outcome, in the order of their indexes, with its probability and value. */
  readonly outcomes: readonly ChanceNodeOutcome[];
  /** Who may see the outcome once drawn: `'everyone'`, or these seats (`[]`: nobody). */
  readonly audience: readonly number[] | 'everyone';
  /** The dice expression of a `roll` (`d6`; a `3d6` roll is three `d6` nodes). */
  readonly dice?: string;
  /** The draw's reason, when it gave one. */
  readonly reason?: string;
  /** The zone name a `deal`'s shuffle was logged with. */
  readonly zone?: string;
}

/**
 * What {@link Engine.applyWithChance} and {@link Engine.initialStateWithChance} give: the
 * step completed with the chosen outcomes (`done: true`, its state and events), or it reached a
 * draw past them (`done: false`, the pending {@link ChanceNode}; nothing was changed), or a
 * rejection (a bad action, or `invalid_chance_outcome`; nothing was changed).
 * @public
 */
export type ChanceResult<TDone> =
  | ({ readonly ok: true; readonly done: true } & TDone)
  | { readonly ok: true; readonly done: false; readonly node: ChanceNode }
  | { readonly ok: false; readonly error: Rejection };

/** The chosen outcomes of one run and how many of them it used (internal). */
export interface ChanceCursor {
  readonly chosen: readonly number[];
  position: number;
}

/**
 * Thrown through the rules when a draw has no chosen outcome; caught by the engine (internal).
 * Not an `Error`: a control-flow signal that never reaches a caller, so it captures no stack
 * trace, which was more than half of what running a step again to a chance node cost
 * (bench/chance-rerun.ts).
 */
export class ChancePending {
  readonly name = 'ChancePending';
  constructor(readonly node: ChanceNode) {}
}

/** Thrown through the rules when a chosen outcome is not one of its node's (internal). */
export class ChanceOutcomeRejected extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
    this.name = 'ChanceOutcomeRejected';
  }
}

/** Checks the list of chosen outcomes before a run: whole numbers >= 0 (each is checked against its node during the run). */
export function checkChosen(chosen: unknown): Rejection | undefined {
  if (!Array.isArray(chosen))
    return rejection('invalid_chance_outcome', 'chance outcomes must be a list of whole numbers');
  for (let i = 0; i < chosen.length; i++) {
    const o: unknown = chosen[i];
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0)
      return rejection(
        'invalid_chance_outcome',
        `chance outcome ${String(i)} must be a whole number >= 0 (an index into its node's outcomes), got ${JSON.stringify(o) ?? String(o)}`,
      );
  }
  return undefined;
}

/** The rejection for an outcome past its node's outcomes. */
export function outcomeOutOfRange(draw: number, outcome: number, count: number): Rejection {
  return rejection(
    'invalid_chance_outcome',
    `chance outcome ${String(draw)} is ${String(outcome)}, but that draw has ${String(count)} outcomes (0..${String(count - 1)})`,
  );
}

/** The rejection for more chosen outcomes than the run drew. */
export function tooManyOutcomes(drawn: number, given: number): Rejection {
  return rejection(
    'invalid_chance_outcome',
    `${String(given)} chance outcomes were given, but the step drew ${String(drawn)} time${drawn === 1 ? '' : 's'}`,
  );
}

/**
 * Who may see the order a shuffle made of a zone, from the game's zone declarations: a zone
 * named by a path (`deck`, `players.1.hand`) that matches a declaration (`players.*.hand`) has its
 * visibility (`owner`: the seat at the `*`); an undeclared zone: nobody.
 */
export function shuffleAudience(
  zone: string,
  zones: readonly ZoneDeclaration[],
): readonly number[] | 'everyone' {
  const parts = zone.split('.');
  for (const declared of zones) {
    const pattern = declared.path.split('.');
    if (pattern.length !== parts.length) continue;
    let owner: number | undefined;
    let match = true;
    for (let i = 0; i < pattern.length; i++) {
      if (pattern[i] === '*') {
        const n = Number(parts[i]);
        if (Number.isInteger(n) && n >= 0) owner = n;
        continue;
      }
      if (pattern[i] !== parts[i]) {
        match = false;
        break;
      }
    }
    if (!match) continue;
    if (declared.visibility === 'everyone') return 'everyone';
    if (declared.visibility === 'owner' && owner !== undefined) return [owner];
    return [];
  }
  return [];
}
