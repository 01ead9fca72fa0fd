import type { GameView } from '../view/view.js';
import { hiddenFrom } from '../view/view.js';
import type { ZoneDeclaration } from '../zones/zone.js';
import type { FieldCodec } from './packed-codecs.js';

/** Builds a view of a packed state (see `PackedLayout.view`). */
export type PackedView = (
  f: readonly number[],
  phase: string,
  viewer: number | 'spectator',
  ids: readonly string[],
) => GameView;

/** Whether a zone of this kind can live in a field of this codec. */
function fits(zone: ZoneDeclaration, codec: FieldCodec | undefined): codec is FieldCodec {
  if (codec === undefined) return false;
  return zone.kind === 'slot' ? codec.kind === 'card' : codec.kind === 'cards';
}

/** The card count of a zone's field, as the engine's view counts it. */
function countAt(codec: FieldCodec, f: readonly number[], at: number): number {
  if (codec.kind === 'card') return (f[at] as number) >= 0 ? 1 : 0;
  return (f[at + 1] as number) - (f[at] as number);
}

/** One field of a view: shown (read), replaced by its count (`countAs`), or left out. */
interface Part {
  readonly codec: FieldCodec;
  /** Its slot (absolute at the top level, relative to the entry inside a per-seat field). */
  readonly at: number;
  /** `show`, `count` (into `key`) or `omit`. */
  readonly how: 'show' | 'count' | 'omit';
  readonly key: string;
  /** A per-seat field with zones inside: how each entry is shown. */
  readonly entries?: SeatPlans;
}

/** A view's object: its parts in the view's key order, and an object of that shape to copy. */
interface Plan {
  readonly parts: readonly Part[];
  readonly template: Readonly<Record<string, unknown>>;
}

function planOf(parts: Part[], first?: string): Plan {
  const template: Record<string, unknown> = {};
  if (first !== undefined) template[first] = 0;
  for (const part of parts) if (part.how !== 'omit') template[part.key] = 0;
  return { parts, template };
}

/** A per-seat field's entry as its own seat sees it, and as the others do. */
interface SeatPlans {
  readonly stride: number;
  readonly players: number;
  readonly own: Record<'seat' | 'spectator' | 'other', Plan>;
}

/**
 * The parts of a per-seat entry for a viewer relation. Hidden card fields are removed and
 * their counts put last, as the engine's `redactState` does for nested zones.
 */
function entryPlan(
  codecs: readonly FieldCodec[],
  hidden: ReadonlyMap<string, ZoneDeclaration>,
  viewer: 'seat' | 'spectator' | 'other',
): Plan {
  const parts: Part[] = [];
  const counts: Part[] = [];
  for (const codec of codecs) {
    if (!codec.stored) continue;
    const zone = hidden.get(codec.name);
    // A seat's own entry: owner 0 viewed by 0; another's: owner 0 viewed by 1.
    const hide =
      zone !== undefined &&
      hiddenFrom(zone, 0, viewer === 'seat' ? 0 : viewer === 'spectator' ? 'spectator' : 1);
    if (!hide) parts.push({ codec, at: codec.rel, how: 'show', key: codec.name });
    else if (zone.countAs !== undefined)
      counts.push({ codec, at: codec.rel, how: 'count', key: zone.countAs });
  }
  return planOf([...parts, ...counts]);
}

/**
 * The view of packed states for a game's zones, or undefined when a zone is not a top-level
 * card field or a card field of a per-seat field (`players.*.hand`): then views go through
 * the engine. Same fields, same order and same count fields as the engine's `redactState`.
 */
export function packedViewOf(
  zones: readonly ZoneDeclaration[],
  codecs: readonly FieldCodec[],
  header: number,
): PackedView | undefined {
  const top = new Map<string, ZoneDeclaration>();
  const nested = new Map<string, Map<string, ZoneDeclaration>>();
  for (const zone of zones) {
    const parts = zone.path.split('.');
    if (parts.length === 1) {
      if (
        !fits(
          zone,
          codecs.find((c) => c.name === parts[0]),
        )
      )
        return undefined;
      top.set(parts[0] as string, zone);
      continue;
    }
    const holder = codecs.find((c) => c.name === parts[0] && c.kind === 'perSeat');
    const inner = holder?.block?.codecs.find((c) => c.name === parts[2]);
    if (parts.length !== 3 || parts[1] !== '*' || !fits(zone, inner)) return undefined;
    const byField = nested.get(parts[0] as string) ?? new Map<string, ZoneDeclaration>();
    byField.set(parts[2] as string, zone);
    nested.set(parts[0] as string, byField);
  }
  // A top-level zone has no owner: whether it is hidden does not depend on the viewer
  // (`owner` and `nobody` zones are hidden from everyone), except for spectators alike.
  const parts: Part[] = [];
  for (const codec of codecs) {
    if (!codec.stored) continue;
    const zone = top.get(codec.name);
    if (zone !== undefined && hiddenFrom(zone, null, 'spectator')) {
      if (zone.countAs !== undefined)
        parts.push({ codec, at: header + codec.rel, how: 'count', key: zone.countAs });
      continue;
    }
    const hidden = nested.get(codec.name);
    const at = header + codec.rel;
    if (hidden === undefined || codec.block === undefined) {
      parts.push({ codec, at, how: 'show', key: codec.name });
      continue;
    }
    const { stride, players, codecs: inner } = codec.block;
    const own = {
      seat: entryPlan(inner, hidden, 'seat'),
      spectator: entryPlan(inner, hidden, 'spectator'),
      other: entryPlan(inner, hidden, 'other'),
    };
    parts.push({ codec, at, how: 'show', key: codec.name, entries: { stride, players, own } });
  }
  const plan = planOf(parts, 'phase');
  return (f, phase, viewer, ids) => {
    const out: Record<string, unknown> = { ...plan.template };
    out.phase = phase;
    for (const part of plan.parts)
      out[part.key] =
        part.entries === undefined
          ? read(part, f, part.at, ids)
          : entriesOf(part.entries, f, part.at, viewer, ids);
    return out as GameView;
  };
}

function read(part: Part, f: readonly number[], at: number, ids: readonly string[]): unknown {
  return part.how === 'count' ? countAt(part.codec, f, at) : part.codec.read(f, at, ids);
}

/** A per-seat field's entries as `viewer` sees them. */
function entriesOf(
  plans: SeatPlans,
  f: readonly number[],
  at: number,
  viewer: number | 'spectator',
  ids: readonly string[],
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let seat = 0; seat < plans.players; seat++) {
    const plan =
      viewer === 'spectator'
        ? plans.own.spectator
        : viewer === seat
          ? plans.own.seat
          : plans.own.other;
    const base = at + seat * plans.stride;
    const entry: Record<string, unknown> = { ...plan.template };
    for (const part of plan.parts) entry[part.key] = read(part, f, base + part.at, ids);
    out.push(entry);
  }
  return out;
}
