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

/** The path of a zone declaration, when it is a literal. */
type PathOf<Z> = Z extends { readonly path: infer P extends string } ? P : never;

/** Zones hidden from at least one viewer. */
type HiddenZone<TZones extends readonly ZoneDeclaration[]> = Extract<
  TZones[number],
  { readonly visibility: 'nobody' | 'owner' }
>;

/** Top-level fields that a view leaves out (a top-level zone is hidden unless `everyone`). */
type HiddenTopFields<TZones extends readonly ZoneDeclaration[]> = Exclude<
  PathOf<HiddenZone<TZones>>,
  `${string}.${string}`
>;

/** The count fields that replace hidden top-level zones. */
type TopCounts<TZones extends readonly ZoneDeclaration[]> =
  HiddenZone<TZones> extends infer Z
    ? Z extends { readonly path: infer P extends string; readonly countAs: infer C extends string }
      ? P extends `${string}.${string}`
        ? never
        : C
      : never
    : never;

/** The field names `F` of zones `<key>.*.<F>` with the given visibility. */
type ElementFields<TZones extends readonly ZoneDeclaration[], TKey extends string, TVisibility> =
  Extract<TZones[number], { readonly visibility: TVisibility }> extends infer Z
    ? Z extends { readonly path: `${TKey}.*.${infer F extends string}` }
      ? F extends `${string}.${string}`
        ? never
        : F
      : never
    : never;

/** The count fields of zones `<key>.*.<F>` with the given visibility. */
type ElementCounts<TZones extends readonly ZoneDeclaration[], TKey extends string, TVisibility> =
  Extract<TZones[number], { readonly visibility: TVisibility }> extends infer Z
    ? Z extends { readonly path: `${TKey}.*.${string}`; readonly countAs: infer C extends string }
      ? C
      : never
    : never;

/** Flattens an intersection into one object type (for readable hovers). */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** One element of an array whose elements hold zones (`players.*.hand`). */
type ElementView<E, TZones extends readonly ZoneDeclaration[], TKey extends string> = Flat<
  {
    readonly [F in Exclude<keyof E, ElementFields<TZones, TKey, 'nobody' | 'owner'>>]: ReadonlyJson<
      E[F]
    >;
  } & {
    readonly [F in Extract<keyof E, ElementFields<TZones, TKey, 'owner'>>]?: ReadonlyJson<E[F]>;
  } & { readonly [C in ElementCounts<TZones, TKey, 'nobody'>]: number } & {
    readonly [C in ElementCounts<TZones, TKey, 'owner'>]?: number;
  }
>;

/** A top-level field of the view. */
type FieldView<TValue, TZones extends readonly ZoneDeclaration[], TKey extends string> = [
  ElementFields<TZones, TKey, 'nobody' | 'owner'>,
] extends [never]
  ? ReadonlyJson<TValue>
  : TValue extends readonly (infer E)[]
    ? readonly ElementView<E, TZones, TKey>[]
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
export type ViewOf<TState, TZones extends readonly ZoneDeclaration[]> = Flat<
  { readonly phase: string } & {
    readonly [K in Exclude<keyof TState & string, HiddenTopFields<TZones>>]: FieldView<
      TState[K],
      TZones,
      K
    >;
  } & { readonly [C in TopCounts<TZones>]: number }
>;
