import { diceDistribution } from '@ruleloom/core';

const cache = new Map<number, readonly number[]>();

/**
 * The distribution of the sum of `count` dice with `sides` sides as an array indexed by the
 * sum (entry `s` is P(sum = s)): core's exact `diceDistribution`, cached, for the heuristic
 * and the battle odds.
 */
export function diceSumDistribution(count: number, sides: number): readonly number[] {
  const key = count * 1024 + sides;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const dist = new Array<number>(count * sides + 1).fill(0);
  for (const o of diceDistribution({ count, sides })) dist[o.outcome] = o.probability;
  cache.set(key, dist);
  return dist;
}
