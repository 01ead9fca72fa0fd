/**
 * A dice expression: `count` dice with `sides` sides each (`2d6` is `{ count: 2, sides: 6 }`).
 * @public
 */
export interface DiceSpec {
  readonly count: number;
  readonly sides: number;
}

/**
 * One outcome of a chance step and its probability.
 * @public
 */
export interface ChanceOutcome {
  readonly outcome: number;
  readonly probability: number;
}

const DICE_PATTERN = /^(\d*)d(\d+)$/i;

/**
 * Parses `NdM` (`d6`, `3d6`, `1d3`) into a {@link DiceSpec}; returns `undefined` when the text is
 * not a dice expression (count 1..100, sides 1..1000).
 * @public
 */
export function parseDice(text: string): DiceSpec | undefined {
  const match = DICE_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const count = match[1] === '' || match[1] === undefined ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  if (!Number.isInteger(count) || count < 1 || count > 100) return undefined;
  if (!Number.isInteger(sides) || sides < 1 || sides > 1000) return undefined;
  return { count, sides };
}

/**
 * Formats a {@link DiceSpec} as `NdM`.
 * @public
 */
export function formatDice(spec: DiceSpec): string {
  return `${String(spec.count)}d${String(spec.sides)}`;
}

/**
 * The exact distribution of the sum of a dice roll, lowest total first.
 *
 * @example
 * ```ts
 * diceDistribution({ count: 2, sides: 6 }).find((o) => o.outcome === 7)?.probability; // 1/6
 * ```
 * @public
 */
export function diceDistribution(spec: DiceSpec): readonly ChanceOutcome[] {
  let ways: number[] = [1];
  for (let d = 0; d < spec.count; d++) {
    const next: number[] = new Array<number>(ways.length + spec.sides - 1).fill(0);
    for (let i = 0; i < ways.length; i++) {
      const w = ways[i] ?? 0;
      for (let f = 0; f < spec.sides; f++) next[i + f] = (next[i + f] ?? 0) + w;
    }
    ways = next;
  }
  const total = spec.sides ** spec.count;
  return ways.map((w, i) => ({ outcome: i + spec.count, probability: w / total }));
}
