import type { Ctx } from '../context.js';
import { battleDice } from './battle-odds.js';

/** Who fought: a seat, or the raiders of a marker. */
export interface BattleSides {
  readonly attacker: number | 'pirate' | 'raid';
  readonly defender: number | null;
  readonly space: number;
  /** Combatants the attacker committed (X). */
  readonly attackers: number;
  /** Combatants attached to the defending settlement, Fortresses included (Y). */
  readonly defenders: number;
}

/**
 * Rolls a battle: the attacker (1 + X)D6 against the defender (2 + Y)D6, both rerolled on
 * a tie. Records a `battle` event and returns whether the attacker won.
 */
export function rollBattle(ctx: Ctx, sides: BattleSides): boolean {
  const dice = battleDice(sides.attackers, sides.defenders);
  const attackDice = `${String(dice.attack)}d6`;
  const defenceDice = `${String(dice.defence)}d6`;
  let rerolls = 0;
  for (;;) {
    const a = ctx.random.roll(attackDice, 'attack').total;
    const d = ctx.random.roll(defenceDice, 'defence').total;
    if (a === d) {
      rerolls++;
      continue;
    }
    const attackerWon = a > d;
    ctx.emit({
      type: 'battle',
      space: sides.space,
      attacker: sides.attacker,
      defender: sides.defender,
      attackDice,
      defenceDice,
      attackTotal: a,
      defenceTotal: d,
      rerolls,
      winner: attackerWon ? 'attacker' : 'defender',
    });
    return attackerWon;
  }
}
