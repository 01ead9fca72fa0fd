import type { ActionBase } from '../model/action.js';
import type { GameView } from '../view/view.js';

/**
 * A fixed numbering of a game's decisions, for learning: every action a seat may be offered
 * has one index in `0 .. size - 1`, read against the seat's view (an index may mean "the
 * second eligible card" or "a bid one step above the lowest one").
 *
 * @remarks
 * The laws in `@ruleloom/core/testing` check that every legal action has an index, that no
 * two legal actions share one, and that `actionAt(indexOf(a))` gives `a` back.
 * @typeParam TAction - the game's action union
 * @typeParam TView - the game's view type (see `GameViewOf`)
 * @public
 */
export interface ActionSpace<
  TAction extends ActionBase = ActionBase,
  TView extends GameView = GameView,
> {
  /** How many indices there are (a whole number above 0, the same for every position). */
  readonly size: number;
  /** The index of an action the seat may take in this view, or undefined when it has none. */
  indexOf(action: TAction, view: TView, seat: number): number | undefined;
  /** The action an index stands for in this view, or undefined when it means nothing here. */
  actionAt(index: number, view: TView, seat: number): TAction | undefined;
}

/**
 * A named part of an observation encoding: `size` consecutive entries (`pawn`, 3 × 36 entries).
 * @public
 */
export interface ObservationPart {
  /** The part's name (camelCase: `shopOwner`, `dice`). */
  readonly name: string;
  /** How many entries it has (a whole number above 0). */
  readonly size: number;
}

/**
 * The optional observation features of a game: a fixed-length numeric encoding of a seat's
 * VIEW (never the state, so it holds nothing the seat may not see) and a fixed action index
 * space with which a learning bot reads a legal-action mask.
 *
 * @remarks
 * `encode` must write every entry `0 .. size - 1` of `into` (which may hold an earlier
 * encoding) with finite numbers, and read nothing but `view` and `seat`. Declare it on the
 * game as `observation`; process bots that ask for features receive it with each decision.
 * Declared inline on a game (`defineGame<S, A, C, View>()({ ..., observation: { ... } })`),
 * `encode`, `reward` and the action space read the game's view type, so a misspelled view
 * field fails to compile; a declaration of its own is typed `GameObservation<A, View>`.
 *
 * @example
 * ```ts
 * const observation: GameObservation<PigAction, PigView> = {
 *   size: 2,
 *   encode: (view, seat, into) => {
 *     into[0] = (view.scores[seat] ?? 0) / 100;
 *     into[1] = view.turnTotal / 100;
 *   },
 *   actions: {
 *     size: 2,
 *     indexOf: (action) => (action.type === 'roll' ? 0 : 1),
 *     actionAt: (index) => (index === 0 ? { type: 'roll' } : index === 1 ? { type: 'hold' } : undefined),
 *   },
 * };
 * ```
 * @typeParam TAction - the game's action union
 * @typeParam TView - the game's view type (see `GameViewOf`)
 * @public
 */
export interface GameObservation<
  TAction extends ActionBase = ActionBase,
  TView extends GameView = GameView,
> {
  /** Length of the encoding (a whole number above 0, the same for every view). */
  readonly size: number;
  /** Writes the encoding of `seat`'s view into `into[0 .. size - 1]`. */
  encode(view: TView, seat: number, into: Float32Array): void;
  /** The action index space and its meaning. */
  readonly actions: ActionSpace<TAction, TView>;
  /**
   * The encoding's parts in order, when the game names them (their sizes add up to `size`):
   * what {@link observationNames} reads.
   */
  readonly layout?: readonly ObservationPart[];
  /**
   * Optional per-step rewards, for learning: the reward `seat` has earned so far as its view
   * shows it (its score, its gold), a finite number read from nothing but `view` and `seat`.
   * The Python environments reward each seat at every reply with the change of this number
   * since the previous reply (so a game's per-step rewards add up to its last value), on top
   * of the final reward (+1 for a winner, -1 for the others) when the game ends. Games that
   * declare none are rewarded at the end only.
   *
   * @example
   * ```ts
   * reward: (view, seat) => (view.scores[seat] ?? 0) / 100,
   * ```
   */
  reward?(this: void, view: TView, seat: number): number;
}

/**
 * Problems with an observation declaration (sizes that are not whole numbers above 0,
 * missing functions), as messages; empty when it is sound.
 * @public
 */
export function checkObservation(observation: unknown): string[] {
  const problems: string[] = [];
  if (typeof observation !== 'object' || observation === null)
    return ['observation must be an object { size, encode, actions }'];
  const o = observation as Record<string, unknown>;
  const whole = (v: unknown): boolean =>
    typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= 1 << 24;
  if (!whole(o.size)) problems.push('observation.size must be a whole number from 1 to 2^24');
  if (typeof o.encode !== 'function') problems.push('observation.encode must be a function');
  if (o.reward !== undefined && typeof o.reward !== 'function')
    problems.push('observation.reward must be a function (view, seat) => number when given');
  if (o.layout !== undefined) {
    const parts = Array.isArray(o.layout) ? (o.layout as unknown[]) : null;
    const sizes = parts?.map((p) =>
      typeof p === 'object' && p !== null && typeof (p as ObservationPart).name === 'string'
        ? (p as ObservationPart).size
        : undefined,
    );
    if (sizes === undefined || sizes.some((n) => !whole(n)))
      problems.push('observation.layout must be a list of { name, size } with whole sizes above 0');
    else if (sizes.reduce((a: number, n) => a + (n as number), 0) !== o.size)
      problems.push('observation.layout sizes must add up to observation.size');
  }
  const a = o.actions as Record<string, unknown> | null | undefined;
  if (typeof a !== 'object' || a === null) {
    problems.push('observation.actions must be an object { size, indexOf, actionAt }');
    return problems;
  }
  if (!whole(a.size))
    problems.push('observation.actions.size must be a whole number from 1 to 2^24');
  if (typeof a.indexOf !== 'function')
    problems.push('observation.actions.indexOf must be a function');
  if (typeof a.actionAt !== 'function')
    problems.push('observation.actions.actionAt must be a function');
  return problems;
}

/**
 * A name for every entry of an observation encoding: `part` for a part of one entry, `part[i]`
 * for the others (from the game's `layout`), or `obs[i]` when the game names no parts.
 *
 * @example
 * ```ts
 * observationNames(pig.observation!); // ['scores[0]', ..., 'turnTotal', 'lastRoll[0]', ...]
 * ```
 * @public
 */
export function observationNames<TAction extends ActionBase>(
  observation: GameObservation<TAction>,
): string[] {
  const layout = observation.layout;
  if (layout === undefined)
    return Array.from({ length: observation.size }, (_, i) => `obs[${String(i)}]`);
  return layout.flatMap((part) =>
    part.size === 1
      ? [part.name]
      : Array.from({ length: part.size }, (_, i) => `${part.name}[${String(i)}]`),
  );
}

/**
 * The encoding of a seat's view as a new `Float32Array` of `observation.size` entries (or
 * written into `into`, which is cleared first and must have at least that many entries).
 *
 * @example
 * ```ts
 * const features = encodeObservation(stAugustine.observation!, match.view(0), 0);
 * ```
 * @public
 */
export function encodeObservation<TAction extends ActionBase>(
  observation: GameObservation<TAction>,
  view: GameView,
  seat: number,
  into?: Float32Array,
): Float32Array {
  const out = into ?? new Float32Array(observation.size);
  if (out.length < observation.size)
    throw new RangeError(
      `the buffer has ${String(out.length)} entries; the encoding needs ${String(observation.size)}`,
    );
  if (into !== undefined) out.fill(0, 0, observation.size);
  observation.encode(view, seat, out);
  return out;
}

/**
 * The index of each legal action in the action space, in the order of `legalActions`
 * (-1 for an action without one, which the laws report as a bug of the game).
 * @public
 */
export function actionIndices<TAction extends ActionBase>(
  actions: ActionSpace<TAction>,
  view: GameView,
  seat: number,
  legalActions: readonly TAction[],
): Int32Array {
  const out = new Int32Array(legalActions.length);
  for (let i = 0; i < legalActions.length; i++) {
    const index = actions.indexOf(legalActions[i] as TAction, view, seat);
    out[i] =
      index !== undefined && Number.isInteger(index) && index >= 0 && index < actions.size
        ? index
        : -1;
  }
  return out;
}

/**
 * The legal-action mask: a `Uint8Array` of `actions.size` entries, 1 at the index of every
 * legal action and 0 elsewhere.
 *
 * @example
 * ```ts
 * const view = match.view(seat);
 * const mask = legalMask(game.observation!.actions, view, seat, match.legalActions(seat));
 * ```
 * @public
 */
export function legalMask<TAction extends ActionBase>(
  actions: ActionSpace<TAction>,
  view: GameView,
  seat: number,
  legalActions: readonly TAction[],
): Uint8Array {
  const mask = new Uint8Array(actions.size);
  const indices = actionIndices(actions, view, seat, legalActions);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i] as number;
    if (index >= 0) mask[index] = 1;
  }
  return mask;
}

/**
 * The observation features a game declares (its `observation`), checked; undefined when it
 * declares none.
 * @public
 */
export function gameObservation<TAction extends ActionBase>(game: {
  readonly id: string;
  readonly observation?: GameObservation<TAction>;
}): GameObservation<TAction> | undefined {
  const observation = game.observation;
  if (observation === undefined) return undefined;
  const problems = checkObservation(observation);
  if (problems.length > 0)
    throw new TypeError(
      `game '${game.id}' declares unusable observation features: ${problems.join('; ')}`,
    );
  return observation;
}
