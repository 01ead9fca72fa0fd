import type { ZoneDeclaration } from '../zones/zone.js';

/**
 * A JSON value as a view shows it: read-only all the way down.
 * @public
 */
export type ReadonlyJson<T> = T extends readonly (infer E)[]
  ? readonly ReadonlyJson<E>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyJson<T[K]> }
    : T;

/**
 * The top-level fields of a state that a view leaves out: the paths of top-level zones that
 * are not `everyone`'s (see {@link ViewOf}).
 * @public
 */
export type HiddenViewFields<TZones extends readonly ZoneDeclaration[]> = Exclude<
  Extract<TZones[number], { readonly visibility: 'nobody' | 'owner' }>['path'],
  `${string}.${string}`
>;

/**
 * The count fields (`countAs`) that replace hidden top-level zones in a view.
 * @public
 */
export type ViewCounts<TZones extends readonly ZoneDeclaration[]> = Exclude<
  Extract<TZones[number], { readonly visibility: 'nobody' | 'owner'; readonly countAs: string }>,
  { readonly path: `${string}.${string}` }
>['countAs'];

/**
 * The field names `F` of zones `<key>.*.<F>` with the given visibility (see {@link ViewElement}).
 * @public
 */
export type ViewElementFields<
  TZones extends readonly ZoneDeclaration[],
  TKey extends string,
  TVisibility,
> =
  Extract<TZones[number], { readonly visibility: TVisibility }> extends infer Z
    ? Z extends { readonly path: `${TKey}.*.${infer F extends string}` }
      ? F extends `${string}.${string}`
        ? never
        : F
      : never
    : never;

/**
 * The count fields of zones `<key>.*.<F>` with the given visibility (see {@link ViewElement}).
 * @public
 */
export type ViewElementCounts<
  TZones extends readonly ZoneDeclaration[],
  TKey extends string,
  TVisibility,
> =
  Extract<TZones[number], { readonly visibility: TVisibility }> extends infer Z
    ? Z extends { readonly path: `${TKey}.*.${string}`; readonly countAs: infer C extends string }
      ? C
      : never
    : never;

/**
 * One element of a list whose elements hold zones (`players.*.hand`), as a view shows it: a
 * zone hidden from everyone is left out, one seen by its owner only is optional, and their
 * `countAs` fields are added.
 * @public
 */
export type ViewElement<E, TZones extends readonly ZoneDeclaration[], TKey extends string> = {
  readonly [
    F in Exclude<keyof E, ViewElementFields<TZones, TKey, 'nobody' | 'owner'>>
  ]: ReadonlyJson<E[F]>;
} & {
  readonly [F in Extract<keyof E, ViewElementFields<TZones, TKey, 'owner'>>]?: ReadonlyJson<E[F]>;
} & { readonly [C in ViewElementCounts<TZones, TKey, 'nobody'>]: number } & {
  readonly [C in ViewElementCounts<TZones, TKey, 'owner'>]?: number;
} extends infer T
  ? { [P in keyof T]: T[P] }
  : never;

/**
 * A top-level field `TKey` of a view: its value read-only, with the zones of its elements
 * redacted as {@link ViewElement} says.
 * @public
 */
export type ViewField<TValue, TZones extends readonly ZoneDeclaration[], TKey extends string> = [
  ViewElementFields<TZones, TKey, 'nobody' | 'owner'>,
] extends [never]
  ? ReadonlyJson<TValue>
  : TValue extends readonly (infer E)[]
    ? readonly ViewElement<E, TZones, TKey>[]
    : ReadonlyJson<TValue>;

/**
 * The view of a game state, typed from the state and the game's zone declarations: what
 * `match.view(seat)` returns for that game, so games need no hand-written view type.
 *
 * @remarks
 * Declare the zones `as const` (`[...] as const satisfies readonly ZoneDeclaration[]`) so
 * their paths are literals. A top-level zone that is not `everyone`'s is left out and its
 * `countAs` field (a number) is added; a zone `<list>.*.<field>` hidden from everyone is left
 * out of each element, one seen by its `owner` only becomes optional, and their `countAs`
 * fields are added (optional for `owner`). Deeper zone paths keep their field's type. The
 * view also has the current `phase`, and is read-only throughout.
 * @example
 * ```ts
 * const zones = [{ path: 'deck', visibility: 'nobody', countAs: 'deckSize' }] as const;
 * type View = ViewOf<{ deck: string[]; turn: number }, typeof zones>;
 * // { readonly phase: string; readonly turn: number; readonly deckSize: number }
 * ```
 * @public
 */
export type ViewOf<TState, TZones extends readonly ZoneDeclaration[]> = {
  readonly phase: string;
} & {
  readonly [K in Exclude<keyof TState & string, HiddenViewFields<TZones>>]: ViewField<
    TState[K],
    TZones,
    K
  >;
} & { readonly [C in ViewCounts<TZones>]: number } extends infer T
  ? { [P in keyof T]: T[P] }
  : never;
