import type { Bot } from '@ruleloom/bots';

/**
 * A Pig bot in 15 lines: hold once the turn total reaches `holdAt`, otherwise roll.
 * It reads only its view and the legal actions, like every honest bot.
 */
export function holdAtBot(holdAt = 20): Bot {
  return {
    name: `hold-at-${String(holdAt)}`,
    act({ view, legalActions }) {
      const turnTotal = (view as { turnTotal?: number }).turnTotal ?? 0;
      const hold = legalActions.find((a) => a.type === 'hold');
      const roll = legalActions.find((a) => a.type === 'roll');
      return (turnTotal >= holdAt && hold) || roll || legalActions[0]!;
    },
  };
}
