import { parseDice, type DiceSpec } from '@ruleloom/core';
import type { Ctx } from '../context.js';

/**
 * Every roll of the rules goes through these helpers, which give its total as a small
 * integer (`| 0`, a no-op on the value). Why: while V8 still runs the generator unoptimized,
 * its draws come back as boxed numbers; one such value stored in a state field (a Raze count,
 * a marker's space, a die of the pending move) switches that field to a "double"
 * representation for the rest of the process, so every later read unboxes it and every copy
 * of a state allocates a box per field. Kept small integers, the fields stay unboxed.
 */

/** One six-sided die, parsed once. */
const D6: DiceSpec = Object.freeze({ count: 1, sides: 6 });
/** One three-sided die, parsed once. */
const D3: DiceSpec = Object.freeze({ count: 1, sides: 3 });

/**
 * One six-sided die (the rules' most common roll). Without recording it is the very draw
 * `rollTotal('d6')` makes (one integer from 1 to 6), taken without looking the dice up; while
 * recording it is that roll, with its event. `reason` is only read while recording.
 */
export function rollD6(ctx: Ctx, reason: string | undefined): number {
  return ctx.recording ? ctx.random.rollTotal(D6, reason) | 0 : ctx.random.int(1, 6) | 0;
}

/** One three-sided die (a raid's raiders), as {@link rollD6}. */
export function rollD3(ctx: Ctx, reason: string | undefined): number {
  return ctx.recording ? ctx.random.rollTotal(D3, reason) | 0 : ctx.random.int(1, 3) | 0;
}

/**
 * The total of a roll of dice (parsed ones: see {@link diceOf}). While recording it is the
 * engine's `rollTotal`, with its event. Otherwise the same draws, one `int(1, sides)` per die
 * in order, with the six- and three-sided dice asked for with literal bounds: V8 then divides
 * by a constant (a multiplication) instead of calling its floating-point remainder, about
 * 15 ns a die, and the rules roll about 200 dice a game.
 */
export function rollTotal(ctx: Ctx, dice: DiceSpec | string, reason: string | undefined): number {
  if (ctx.recording || typeof dice === 'string') return ctx.random.rollTotal(dice, reason) | 0;
  const count = dice.count;
  const random = ctx.random;
  let total = 0;
  if (dice.sides === 6) for (let i = 0; i < count; i++) total += random.int(1, 6);
  else if (dice.sides === 3) for (let i = 0; i < count; i++) total += random.int(1, 3);
  else for (let i = 0; i < count; i++) total += random.int(1, dice.sides);
  return total | 0;
}

/** Dice expressions met so far and their parsed form, side by side (a game has a handful). */
const texts: string[] = [];
const specs: DiceSpec[] = [];
/** At most this many are kept; past it, a new one takes the place of the oldest. */
const KEPT = 32;
let oldest = 0;

/**
 * The parsed form of a dice expression of the rules' data (a phase step's `dice` param,
 * already checked by its `checkParams`), parsed on first use and kept: rolling a parsed
 * spec skips the engine's look-up of the text. A handful of expressions, compared by
 * identity first (the data's strings), so a linear search beats a `Map`. Text that does not
 * parse is given back as it is (rolling it, the engine reports it).
 */
export function diceOf(text: string): DiceSpec | string {
  for (let i = 0; i < texts.length; i++) if (texts[i] === text) return specs[i] as DiceSpec;
  const spec = parseDice(text);
  if (spec === undefined) return text;
  const parsed: DiceSpec = Object.freeze({ count: spec.count, sides: spec.sides });
  if (texts.length < KEPT) {
    texts.push(text);
    specs.push(parsed);
  } else {
    texts[oldest] = text;
    specs[oldest] = parsed;
    oldest = (oldest + 1) % KEPT;
  }
  return parsed;
}
