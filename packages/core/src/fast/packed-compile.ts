import type { Problem } from '../errors/problem.js';
import { describeValue } from '../util/describe.js';
import {
  cards,
  constant,
  ints,
  perSeat,
  record,
  scalar,
  scratch,
  seatSet,
  type Codecs,
  type FieldCodec,
} from './packed-codecs.js';
import type { PackedField, PackedFields } from './packed-fields.js';

interface Limits {
  readonly cards: number;
  readonly players: number;
  readonly reserved: ReadonlySet<string>;
}

const KINDS = new Set([
  'int',
  'seat',
  'card',
  'bool',
  'ints',
  'cards',
  'seatSet',
  'const',
  'record',
  'perSeat',
  'scratch',
]);

function isWhole(n: unknown, min: number): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= min;
}

/**
 * Compiles a record's fields from `base` on (the record's first slot): its codecs, its size
 * and the offsets of its fields (absolute when `base` is, relative to a seat's block inside
 * a per-seat field). Problems of the declaration are pushed onto `problems`.
 */
export function compileFields(
  fields: PackedFields,
  path: string,
  problems: Problem[],
  limits: Limits,
  base = 6,
  statePath = 'game',
): Codecs {
  const codecs: FieldCodec[] = [];
  const offsets: Record<string, unknown> = {};
  let size = 0;
  if (typeof fields !== 'object' || fields === null) {
    problems.push({ path, message: 'must be an object of fields' });
    return { codecs, size, offsets };
  }
  for (const name of Object.keys(fields)) {
    const at = `${path}.${name}`;
    if (limits.reserved.has(name)) {
      problems.push({ path: at, message: `'${name}' is reserved and cannot name a field` });
      continue;
    }
    const field = fields[name] as PackedField;
    const made = codecFor(
      name,
      field,
      size,
      at,
      problems,
      limits,
      base + size,
      `${statePath}.${name}`,
    );
    if (made === undefined) continue;
    codecs.push(made.codec);
    if (made.codec.kind !== 'const') offsets[name] = made.offsets;
    size += made.codec.size;
  }
  return { codecs, size, offsets };
}

function codecFor(
  name: string,
  field: PackedField,
  rel: number,
  path: string,
  problems: Problem[],
  limits: Limits,
  abs: number,
  where: string,
): { codec: FieldCodec; offsets: unknown } | undefined {
  if (typeof field !== 'object' || field === null || !KINDS.has(field.kind)) {
    problems.push({
      path: `${path}.kind`,
      message: `must be one of ${[...KINDS].join(', ')}`,
    });
    return undefined;
  }
  switch (field.kind) {
    case 'int':
    case 'seat':
    case 'card':
    case 'bool':
      return { codec: scalar(name, field.kind, field.nullable === true, rel, where), offsets: abs };
    case 'ints': {
      const length = field.length ?? limits.players;
      if (!isWhole(length, 0)) {
        problems.push({
          path: `${path}.length`,
          message: `must be a whole number, got ${describeValue(length)}`,
        });
        return undefined;
      }
      return { codec: ints(name, length, rel, where), offsets: abs };
    }
    case 'seatSet':
      return { codec: seatSet(name, rel, where), offsets: abs };
    case 'const':
      return { codec: constant(name, field.value, rel, where), offsets: undefined };
    case 'scratch': {
      if (!isWhole(field.size, 0)) {
        problems.push({
          path: `${path}.size`,
          message: `must be a whole number, got ${describeValue(field.size)}`,
        });
        return undefined;
      }
      return { codec: scratch(name, field.size, rel), offsets: { at: abs, size: field.size } };
    }
    case 'cards': {
      const capacity = field.capacity ?? limits.cards;
      if (!isWhole(capacity, 1)) {
        problems.push({
          path: `${path}.capacity`,
          message: `must be a positive whole number, got ${describeValue(capacity)}`,
        });
        return undefined;
      }
      return {
        codec: cards(name, capacity, rel, where),
        offsets: { start: abs, end: abs + 1, items: abs + 2, capacity },
      };
    }
    case 'record': {
      const nullable = field.nullable === true;
      const inner = compileFields(
        field.fields,
        `${path}.fields`,
        problems,
        limits,
        abs + (nullable ? 1 : 0),
        where,
      );
      return {
        codec: record(name, inner.codecs, nullable, rel, inner.size + (nullable ? 1 : 0), where),
        offsets: { ...inner.offsets, present: nullable ? abs : -1 },
      };
    }
    case 'perSeat': {
      const inner = compileFields(
        field.fields,
        `${path}.fields`,
        problems,
        limits,
        0,
        `${where}[#]`,
      );
      const stride = inner.size;
      return {
        codec: perSeat(name, inner.codecs, stride, limits.players, rel, where),
        offsets: { base: abs, stride, fields: inner.offsets },
      };
    }
  }
}
