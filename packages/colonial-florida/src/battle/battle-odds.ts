import { diceSumDistribution } from '../rules/dice-odds.js';

/**
 * How many six-sided dice each side of a battle rolls: the attacker 1 + X (X combatants
 * committed), the defender 2 + Y (Y combatants attached to the settlement, Fortresses
 * included). The one source of the battle formula for `rollBattle` and for
 * {@link attackWinChance}.
 * @public
 */
export function battleDice(
  attackers: number,
  defenders: number,
): {
  readonly attack: number;
  readonly defence: number;
} {
  return { attack: 1 + attackers, defence: 2 + defenders };
}

const odds = new Map<number, number>();

/**
 * The probability that the attacker wins a battle in which it commits `attackers`
 * combatants against a settlement with `defenders` attached combatants (see
 * {@link battleDice}; both sides reroll on a tie, so it is P(attack sum above defence sum) over
 * P(the sums differ)). Exact, cached; counts above 40 are clamped to 40.
 * @public
 */
export function attackWinChance(attackers: number, defenders: number): number {
  const x = Math.max(0, Math.min(40, Math.floor(attackers)));
  const y = Math.max(0, Math.min(40, Math.floor(defenders)));
  const key = x * 64 + y;
  const known = odds.get(key);
  if (known !== undefined) return known;
  const dice = battleDice(x, y);
  const a = diceSumDistribution(dice.attack, 6);
  const d = diceSumDistribution(dice.defence, 6);
  let win = 0;
  let tie = 0;
  let below = 0; // P(defence sum < s), accumulated as s grows
  for (let s = 0; s < a.length; s++) {
    const pa = a[s] as number;
    if (pa > 0) {
      win += pa * below;
      tie += pa * (d[s] ?? 0);
    }
    below += d[s] ?? 0;
  }
  const chance = tie >= 1 ? 0.5 : win / (1 - tie);
  odds.set(key, chance);
  return chance;
}
