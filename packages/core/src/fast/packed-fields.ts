/**
 * A number slot: an integer (`int`), a seat number (`seat`), a card instance id stored as
 * its number (`card`) or a boolean stored as 1 or 0 (`bool`). With `nullable: true` the value
 * may be `null`, stored as -1 (so a nullable `int` must be 0 or more).
 * @public
 */
export interface PackedScalar {
  readonly kind: 'int' | 'seat' | 'card' | 'bool';
  readonly nullable?: boolean;
}

/**
 * A list of integers of a fixed length (`length`, by default one per seat: scores), stored
 * one a slot.
 * @public
 */
export interface PackedInts {
  readonly kind: 'ints';
  readonly length?: number;
}

/**
 * A list of card instance ids, stored as a window over `capacity` slots: a start slot, an end
 * slot and the cards (`items`), so a model can take from the top (`start + 1`) or add at the
 * end without moving anything. `capacity` defaults to the number of card instances.
 * @public
 */
export interface PackedCards {
  readonly kind: 'cards';
  readonly capacity?: number;
}

/**
 * A list of seats in increasing order (`[0, 2, 3]`), stored as one bit per seat.
 * @public
 */
export interface PackedSeatSet {
  readonly kind: 'seatSet';
}

/**
 * A field the model never changes: not stored, always `value` in the state. A state with
 * another value is outside what the layout covers (`pack` throws).
 * @public
 */
export interface PackedConst {
  readonly kind: 'const';
  readonly value: string | number | boolean | null;
}

/**
 * A nested object with its own fields. With `nullable: true` it may be `null`: a presence slot
 * (1 or 0) comes first.
 * @public
 */
export interface PackedRecord {
  readonly kind: 'record';
  readonly fields: PackedFields;
  readonly nullable?: boolean;
}

/**
 * An array with one object per seat (`players`), each laid out as `fields` in a block of
 * `stride` slots.
 * @public
 */
export interface PackedPerSeat {
  readonly kind: 'perSeat';
  readonly fields: PackedFields;
}

/**
 * Slots of the model's own that are not in the state (running counts the model keeps, for
 * example shops per street): zero after `pack`, never read by `unpack`.
 * @public
 */
export interface PackedScratch {
  readonly kind: 'scratch';
  readonly size: number;
}

/**
 * One field of a packed layout.
 * @public
 */
export type PackedField =
  | PackedScalar
  | PackedInts
  | PackedCards
  | PackedSeatSet
  | PackedConst
  | PackedRecord
  | PackedPerSeat
  | PackedScratch;

/**
 * The fields of a state object, in the state's key order (the order `unpack` writes them in,
 * so that a packed state hashes like the engine's).
 * @public
 */
export interface PackedFields {
  readonly [name: string]: PackedField;
}

/**
 * Where a card list lives in a packed array: the cards are `f[items + f[start]]` up to
 * `f[items + f[end] - 1]`.
 * @public
 */
export interface PackedListOffsets {
  readonly start: number;
  readonly end: number;
  readonly items: number;
  readonly capacity: number;
}

/**
 * Where a model's own slots are: `f[at]` up to `f[at + size - 1]`.
 * @public
 */
export interface PackedScratchOffsets {
  readonly at: number;
  readonly size: number;
}

/**
 * Where the fields of each seat's block are: seat `s`'s field `x` is at
 * `base + s * stride + fields.x`.
 * @public
 */
export interface PackedSeatOffsets<F extends PackedFields> {
  readonly base: number;
  readonly stride: number;
  readonly fields: PackedOffsets<F>;
}

/**
 * The slot numbers of a layout's fields, shaped like the fields (constants have none): a
 * number for a scalar or a seat set, {@link PackedListOffsets} for cards, and so on.
 * @public
 */
export type PackedOffsets<F extends PackedFields> = {
  readonly [K in keyof F as F[K] extends PackedConst ? never : K]: PackedOffsetOf<F[K]>;
};

/**
 * The offsets of one field (see {@link PackedOffsets}). A record's `present` is its presence
 * slot, -1 when it is not nullable.
 * @public
 */
export type PackedOffsetOf<T extends PackedField> = T extends
  PackedScalar | PackedSeatSet | PackedInts
  ? number
  : T extends PackedCards
    ? PackedListOffsets
    : T extends PackedScratch
      ? PackedScratchOffsets
      : T extends { readonly kind: 'record'; readonly fields: infer G extends PackedFields }
        ? PackedOffsets<G> & { readonly present: number }
        : T extends { readonly kind: 'perSeat'; readonly fields: infer G extends PackedFields }
          ? PackedSeatOffsets<G>
          : never;
