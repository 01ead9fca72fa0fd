/**
 * A corpus of hostile inputs, as a client on a socket could send them: deep nesting,
 * prototype names, objects with their own `toString`, `-0`, huge strings, numbers and arrays,
 * values JSON does not have, and wrong seats. Built deterministically from a legal action.
 */

/** One hostile input: who it claims to be from, what it sends, and a label for failures. */
export interface HostileInput {
  readonly label: string;
  readonly seat: unknown;
  readonly input: unknown;
}

const DEPTH = 5_000;

function deepArray(depth: number): unknown {
  return JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
}

function deepObject(depth: number): unknown {
  return JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) as unknown;
}

const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];

/** Values that are bad wherever a field expects something else. */
function hostileValues(): { label: string; value: unknown }[] {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const throwing = Object.defineProperty({}, 'type', {
    enumerable: true,
    get() {
      throw new Error('a getter that throws');
    },
  });
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const proxy = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('a proxy that throws');
      },
      get() {
        throw new Error('a proxy that throws');
      },
    },
  );
  return [
    { label: 'deep array', value: deepArray(DEPTH) },
    { label: 'deep object', value: deepObject(DEPTH) },
    { label: '{"toString":1}', value: JSON.parse('{"toString":1}') },
    { label: '{"valueOf":1,"toString":1}', value: JSON.parse('{"valueOf":1,"toString":1}') },
    { label: '{"__proto__":{"x":1}}', value: JSON.parse('{"__proto__":{"x":1}}') },
    { label: '[{"toString":1}]', value: [JSON.parse('{"toString":1}')] },
    { label: '-0', value: -0 },
    { label: '[-0]', value: [-0] },
    { label: 'a 1 MB string', value: 'x'.repeat(1_000_000) },
    { label: 'an array of 200,000', value: new Array<number>(200_000).fill(0) },
    { label: '1e308', value: 1e308 },
    { label: '-1e308', value: -1e308 },
    { label: '2^53 + 2', value: 2 ** 53 + 2 },
    { label: '5e-324', value: 5e-324 },
    { label: 'NaN', value: NaN },
    { label: 'Infinity', value: Infinity },
    { label: 'a bigint', value: 10n },
    { label: 'a function', value: () => 1 },
    { label: 'a symbol', value: Symbol('s') },
    { label: 'a cycle', value: cyclic },
    { label: 'a throwing getter', value: throwing },
    { label: 'a throwing proxy', value: proxy },
    { label: 'a Map', value: new Map([['type', 'x']]) },
    { label: 'a Date', value: new Date(0) },
    { label: 'a sparse array', value: sparse },
    ...PROTOTYPE_NAMES.map((name) => ({ label: `'${name}'`, value: name })),
  ];
}

/** Seats no match has, or that only look like one. */
function hostileSeats(players: number): { label: string; seat: unknown }[] {
  return [
    { label: 'seat -1', seat: -1 },
    { label: 'seat = players', seat: players },
    { label: 'seat 1.5', seat: 1.5 },
    { label: "seat '0'", seat: '0' },
    { label: 'seat null', seat: null },
    { label: 'seat NaN', seat: NaN },
    { label: 'seat 2^53', seat: 2 ** 53 },
    { label: 'seat {"toString":1}', seat: JSON.parse('{"toString":1}') },
    { label: 'seat {"valueOf":0}', seat: JSON.parse('{"valueOf":0}') },
    { label: 'seat a bigint', seat: 0n },
    { label: 'seat deep', seat: deepArray(DEPTH) },
  ];
}

/**
 * Hostile inputs built around a legal action of `seat`: the action itself sent from wrong
 * seats, each of its fields (and `type`) replaced by each hostile value, extra fields with
 * prototype names, and hostile values sent as whole actions.
 */
export function hostileInputs(legal: unknown, seat: number, players: number): HostileInput[] {
  const out: HostileInput[] = [];
  const values = hostileValues();
  for (const { label, seat: s } of hostileSeats(players))
    out.push({ label, seat: s, input: legal });
  out.push({ label: 'seat -0', seat: -0, input: legal });
  for (const { label, value } of values) out.push({ label: `action ${label}`, seat, input: value });
  const base =
    typeof legal === 'object' && legal !== null ? (legal as Record<string, unknown>) : {};
  const fields = Object.keys(base);
  for (const field of fields) {
    for (const { label, value } of values) {
      out.push({ label: `${field}: ${label}`, seat, input: { ...base, [field]: value } });
    }
  }
  for (const name of PROTOTYPE_NAMES) {
    const withName = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    Object.defineProperty(withName, name, {
      value: { type: 'x' },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    out.push({ label: `extra field '${name}'`, seat, input: withName });
    out.push({ label: `type '${name}'`, seat, input: { ...base, type: name } });
  }
  out.push({
    label: 'a 1 MB field name',
    seat,
    input: { ...base, ['k'.repeat(1_000_000)]: 1 },
  });
  // Inputs with -0 may be accepted (where 0 is legal), which moves the match on: they go last.
  return [
    ...out.filter((h) => !h.label.includes('-0')),
    ...out.filter((h) => h.label.includes('-0')),
  ];
}

/**
 * One hostile setup: a label for failures, the setup, and what of the game's it aims at: an
 * option (by name) or the card overrides (`options.cards`), when it aims at one.
 */
export interface HostileSetup {
  readonly label: string;
  readonly setup: unknown;
  readonly option?: string;
  readonly cards?: true;
}

/** Hostile setups: structure, prototype names, hostile option values and card overrides. */
export function hostileSetups(players: number, optionNames: readonly string[]): HostileSetup[] {
  const out: HostileSetup[] = [];
  const values = hostileValues();
  for (const { label, value } of values) {
    out.push({ label: `setup ${label}`, setup: value });
    out.push({ label: `options ${label}`, setup: { seed: 1, players, options: value } });
    out.push({ label: `seed ${label}`, setup: { seed: value, players } });
    out.push({ label: `players ${label}`, setup: { seed: 1, players: value } });
    for (const name of optionNames)
      out.push({
        label: `${name}: ${label}`,
        setup: { seed: 1, players, options: { [name]: value } },
        option: name,
      });
    for (const kind of ['add', 'remove', 'replace'])
      out.push({
        label: `cards.${kind}: [${label}]`,
        setup: { seed: 1, players, options: { cards: { [kind]: [value] } } },
        cards: true,
      });
  }
  for (const name of PROTOTYPE_NAMES) {
    const options = {};
    Object.defineProperty(options, name, { value: 1, enumerable: true, configurable: true });
    out.push({ label: `option named '${name}'`, setup: { seed: 1, players, options } });
  }
  out.push({
    label: 'a card with a billion copies',
    setup: { seed: 1, players, options: { cards: { add: [{ id: 'zz-hostile', copies: 1e9 }] } } },
    cards: true,
  });
  out.push({
    label: '2,000 cards of 1,000 copies',
    cards: true,
    setup: {
      seed: 1,
      players,
      options: {
        cards: {
          add: Array.from({ length: 2000 }, (_, i) => ({ id: `h-${String(i)}`, copies: 1000 })),
        },
      },
    },
  });
  return out;
}
