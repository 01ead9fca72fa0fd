import type { DiceSpec } from '@ruleloom/core';
import type { Ctx } from '../context.js';
import { rollTotal } from '../rules/roll.js';
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

/** Dice expressions `NdM` by count of six-sided dice, built once each (for the events). */
const D6: string[] = [];

function d6(count: number): string {
  return (D6[count] ??= `${String(count)}d6`);
}

/** Parsed dice by count of six-sided dice, built once each (rolled without parsing text). */
const D6_SPECS: DiceSpec[] = [];

function d6Spec(count: number): DiceSpec {
  return (D6_SPECS[count] ??= Object.freeze({ count, sides: 6 }));
}

/**
 * Rolls a battle: the attacker (1 + X)D6 against the defender (2 + Y)D6, both rerolled on
 * a tie. Records a `battle` event and returns whether the attacker won.
 */
export function rollBattle(ctx: Ctx, sides: BattleSides): boolean {
  const dice = battleDice(sides.attackers, sides.defenders);
  const attackDice = d6Spec(dice.attack);
  const defenceDice = d6Spec(dice.defence);
  let rerolls = 0;
  for (;;) {
    const a = rollTotal(ctx, attackDice, 'attack');
    const d = rollTotal(ctx, defenceDice, 'defence');
    if (a === d) {
      rerolls++;
      continue;
    }
    const attackerWon = a > d;
    if (!ctx.recording) return attackerWon;
    ctx.emit({
      type: 'battle',
      space: sides.space,
      attacker: sides.attacker,
      defender: sides.defender,
      attackDice: d6(dice.attack),
      defenceDice: d6(dice.defence),
      attackTotal: a,
      defenceTotal: d,
      rerolls,
      winner: attackerWon ? 'attacker' : 'defender',
    });
    return attackerWon;
  }
}
