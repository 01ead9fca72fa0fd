import { describeValue } from '../util/describe.js';
import type { PackedField } from './packed-fields.js';

/** What writing a field is given: the array, the card numbers, the seats and how to fail. */
export interface PackContext {
  f: number[];
  readonly numbers: ReadonlyMap<string, number>;
  readonly players: number;
  readonly fail: (path: string, message: string) => never;
}

/** One field compiled: where it sits in its record and how it is written and read. */
export interface FieldCodec {
  readonly name: string;
  readonly kind: PackedField['kind'];
  /** Its first slot, counted from the start of its record (or of its seat's block). */
  readonly rel: number;
  readonly size: number;
  /** Whether the field is in the state (scratch slots are not). */
  readonly stored: boolean;
  /** A per-seat field's block layout, for views. */
  readonly block?: {
    readonly stride: number;
    readonly players: number;
    readonly codecs: readonly FieldCodec[];
  };
  /**
   * Writes the field's value at slot `at`. `seat` is the index of the per-seat entry being
   * written (for messages: the field's path has `[#]` in its place), -1 outside one.
   */
  write(value: unknown, at: number, seat: number, ctx: PackContext): void;
  read(f: readonly number[], at: number, ids: readonly string[]): unknown;
}

/** A record's fields compiled, and their offsets (shaped like the fields). */
export interface Codecs {
  readonly codecs: readonly FieldCodec[];
  readonly size: number;
  readonly offsets: Record<string, unknown>;
}

/** A field's path in the state, with the per-seat entry's index in place of `#`. */
export function pathOf(path: string, seat: number): string {
  return seat < 0 ? path : path.replace('#', String(seat));
}

/** The codec of a `ints` field. */
export function ints(name: string, length: number, rel: number, where: string): FieldCodec {
  return {
    name,
    kind: 'ints',
    rel,
    size: length,
    stored: true,
    write(value, at, seat, ctx) {
      if (!Array.isArray(value) || value.length !== length)
        return ctx.fail(
          pathOf(where, seat),
          `is ${describeValue(value)}, not a list of ${String(length)} whole numbers`,
        );
      for (let i = 0; i < length; i++) {
        const v: unknown = value[i];
        if (typeof v !== 'number' || !Number.isSafeInteger(v))
          return ctx.fail(
            `${pathOf(where, seat)}[${String(i)}]`,
            `is ${describeValue(v)}, not a whole number`,
          );
        ctx.f[at + i] = v;
      }
    },
    read(f, at) {
      return f.slice(at, at + length);
    },
  };
}

/** The codec of a `scalar` field. */
export function scalar(
  name: string,
  kind: 'int' | 'seat' | 'card' | 'bool',
  nullable: boolean,
  rel: number,
  where: string,
): FieldCodec {
  return {
    name,
    kind,
    rel,
    size: 1,
    stored: true,
    write(value, at, seat, ctx) {
      if (value === null) {
        if (!nullable) ctx.fail(pathOf(where, seat), 'is null');
        ctx.f[at] = -1;
        return;
      }
      if (kind === 'bool') {
        if (typeof value !== 'boolean')
          return ctx.fail(pathOf(where, seat), `is ${describeValue(value)}, not a boolean`);
        ctx.f[at] = value ? 1 : 0;
        return;
      }
      if (kind === 'card') {
        const n = typeof value === 'string' ? ctx.numbers.get(value) : undefined;
        if (n === undefined)
          return ctx.fail(
            pathOf(where, seat),
            `is ${describeValue(value)}, not a card of the layout`,
          );
        ctx.f[at] = n;
        return;
      }
      const low = kind === 'seat' || nullable ? 0 : Number.MIN_SAFE_INTEGER;
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < low)
        return ctx.fail(
          pathOf(where, seat),
          `is ${describeValue(value)}, not ${kind === 'seat' ? 'a seat' : nullable ? 'a whole number of 0 or more' : 'a whole number'}`,
        );
      if (kind === 'seat' && value >= ctx.players)
        ctx.fail(pathOf(where, seat), `is ${String(value)}, not a seat`);
      ctx.f[at] = value;
    },
    read(f, at, ids) {
      const v = f[at] as number;
      if (nullable && v < 0) return null;
      if (kind === 'bool') return v === 1;
      return kind === 'card' ? ids[v] : v;
    },
  };
}

/** The codec of a `seatSet` field. */
export function seatSet(name: string, rel: number, where: string): FieldCodec {
  return {
    name,
    kind: 'seatSet',
    rel,
    size: 1,
    stored: true,
    write(value, at, seat, ctx) {
      if (!Array.isArray(value))
        ctx.fail(pathOf(where, seat), `is ${describeValue(value)}, not a list of seats`);
      let mask = 0;
      let last = -1;
      for (const member of value as unknown[]) {
        if (
          typeof member !== 'number' ||
          !Number.isInteger(member) ||
          member <= last ||
          member >= ctx.players
        )
          return ctx.fail(pathOf(where, seat), 'is not a list of seats in increasing order');
        mask |= 1 << member;
        last = member;
      }
      ctx.f[at] = mask;
    },
    read(f, at) {
      const mask = f[at] as number;
      const seats: number[] = [];
      for (let seat = 0; mask >> seat !== 0; seat++)
        if ((mask & (1 << seat)) !== 0) seats.push(seat);
      return seats;
    },
  };
}

/** The codec of a `constant` field. */
export function constant(name: string, expected: unknown, rel: number, where: string): FieldCodec {
  return {
    name,
    kind: 'const',
    rel,
    size: 0,
    stored: true,
    write(value, _at, seat, ctx) {
      if (value !== expected)
        ctx.fail(pathOf(where, seat), `is ${describeValue(value)}, not ${describeValue(expected)}`);
    },
    read: () => expected,
  };
}

/** The codec of a `scratch` field. */
export function scratch(name: string, size: number, rel: number): FieldCodec {
  return { name, kind: 'scratch', rel, size, stored: false, write() {}, read: () => undefined };
}

/** The codec of a `cards` field. */
export function cards(name: string, capacity: number, rel: number, where: string): FieldCodec {
  return {
    name,
    kind: 'cards',
    rel,
    size: 2 + capacity,
    stored: true,
    write(value, at, seat, ctx) {
      if (!Array.isArray(value))
        ctx.fail(pathOf(where, seat), `is ${describeValue(value)}, not a list of cards`);
      const list = value as unknown[];
      if (list.length > capacity)
        ctx.fail(
          pathOf(where, seat),
          `holds ${String(list.length)} cards, more than its capacity ${String(capacity)}`,
        );
      const f = ctx.f;
      f[at] = 0;
      f[at + 1] = list.length;
      for (let i = 0; i < list.length; i++) {
        const id = list[i];
        const n = typeof id === 'string' ? ctx.numbers.get(id) : undefined;
        if (n === undefined)
          return ctx.fail(
            `${pathOf(where, seat)}[${String(i)}]`,
            `is ${describeValue(id)}, not a card of the layout`,
          );
        f[at + 2 + i] = n;
      }
    },
    read(f, at, ids) {
      const out: string[] = [];
      const end = at + 2 + (f[at + 1] as number);
      for (let i = at + 2 + (f[at] as number); i < end; i++)
        out.push(ids[f[i] as number] as string);
      return out;
    },
  };
}

/** Writes a record's fields (the record at `path`, of the entry `seat`: see `write`). */
export function writeFields(
  codecs: readonly FieldCodec[],
  value: unknown,
  at: number,
  path: string,
  seat: number,
  ctx: PackContext,
): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return ctx.fail(pathOf(path, seat), `is ${describeValue(value)}, not an object`);
  const record = value as Record<string, unknown>;
  exactKeys(record, codecs, path, seat, ctx.fail);
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i] as FieldCodec;
    codec.write(record[codec.name], at + codec.rel, seat, ctx);
  }
}

/**
 * An object with a record's stored fields, in their order, all 0: reads copy it (one shape,
 * no property added one by one) and then set the fields.
 */
export function templateOf(codecs: readonly FieldCodec[]): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const codec of codecs) if (codec.stored) out[codec.name] = 0;
  return out;
}

/** Reads a record's fields into a copy of its template. */
export function readFields(
  codecs: readonly FieldCodec[],
  template: Readonly<Record<string, unknown>>,
  f: readonly number[],
  at: number,
  ids: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...template };
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i] as FieldCodec;
    if (codec.stored) out[codec.name] = codec.read(f, at + codec.rel, ids);
  }
  return out;
}

/** Fails unless `record` has exactly the stored fields of `codecs` as its own keys. */
export function exactKeys(
  record: Record<string, unknown>,
  codecs: readonly FieldCodec[],
  path: string,
  seat: number,
  fail: (path: string, message: string) => never,
): void {
  let stored = 0;
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i] as FieldCodec;
    if (!codec.stored) continue;
    stored++;
    if (!Object.hasOwn(record, codec.name))
      fail(`${pathOf(path, seat)}.${codec.name}`, 'is missing');
  }
  let keys = 0;
  for (const key in record) if (Object.hasOwn(record, key)) keys++;
  if (keys !== stored) {
    const known = new Set(codecs.filter((c) => c.stored).map((c) => c.name));
    const extra = Object.keys(record).filter((k) => !known.has(k));
    fail(pathOf(path, seat), `has fields the layout does not declare: ${extra.join(', ')}`);
  }
}

/** The codec of a `record` field. */
export function record(
  name: string,
  codecs: readonly FieldCodec[],
  nullable: boolean,
  rel: number,
  size: number,
  where: string,
): FieldCodec {
  const first = nullable ? 1 : 0;
  const template = templateOf(codecs);
  return {
    name,
    kind: 'record',
    rel,
    size,
    stored: true,
    write(value, at, seat, ctx) {
      if (value === null) {
        if (!nullable) ctx.fail(pathOf(where, seat), 'is null');
        return; // presence 0, fields 0 (the array was cleared)
      }
      if (nullable) ctx.f[at] = 1;
      writeFields(codecs, value, at + first, where, seat, ctx);
    },
    read(f, at, ids) {
      if (nullable && f[at] !== 1) return null;
      return readFields(codecs, template, f, at + first, ids);
    },
  };
}

/** The codec of a `perSeat` field. */
export function perSeat(
  name: string,
  codecs: readonly FieldCodec[],
  stride: number,
  players: number,
  rel: number,
  where: string,
): FieldCodec {
  const template = templateOf(codecs);
  const entry = `${where}[#]`;
  return {
    name,
    kind: 'perSeat',
    rel,
    size: stride * players,
    stored: true,
    block: { stride, players, codecs },
    write(value, at, seat, ctx) {
      if (!Array.isArray(value) || value.length !== ctx.players)
        ctx.fail(
          pathOf(where, seat),
          `is ${describeValue(value)}, not one entry per seat (${String(ctx.players)})`,
        );
      const list = value as unknown[];
      for (let s = 0; s < list.length; s++)
        writeFields(codecs, list[s], at + s * stride, entry, s, ctx);
    },
    read(f, at, ids) {
      const out: Record<string, unknown>[] = [];
      for (let s = 0; s < players; s++)
        out.push(readFields(codecs, template, f, at + s * stride, ids));
      return out;
    },
  };
}
