import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch, Rng, type LogEntry } from '@ruleloom/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lastBattle } from '../src/games/colonial-florida/battle.js';
import { BattleView } from '../src/games/colonial-florida/battle-view.js';
import { seatLabel } from '../src/presenters.js';

/** A Colonial Florida match played by random choices until the log holds `battles` battles. */
function logWithBattles(seed: number, battles: number): LogEntry[] {
  const match = createMatch(colonialFlorida, { seed, players: 3, options: { maxTurns: 60 } });
  const rng = Rng.fromSeed(seed);
  let found = 0;
  while (!match.isOver && found < battles) {
    const [seat] = match.toAct;
    const legal = match.legalActions(seat!);
    // Attack whenever possible (with everything), so battles come soon.
    const attack = legal.filter((a) => a.type === 'attack').at(-1);
    expect(match.apply(seat!, attack ?? legal[rng.int(0, legal.length - 1)]!).ok).toBe(true);
    found = match.logFor(0).filter((e) => e.events.some((x) => x.type === 'battle')).length;
  }
  return match.logFor(0);
}

describe('Colonial Florida’s battle view', () => {
  it('reads the latest battle from the log: sides, dice faces that sum to the totals, winner', () => {
    for (const seed of [1, 2, 3]) {
      const log = logWithBattles(seed, 2);
      const battle = lastBattle(log)!;
      expect(battle).toBeDefined();
      const entry = log.find((e) => e.seq === battle.seq)!;
      const event = entry.events.filter((e) => e.type === 'battle').at(-1)!;
      expect(battle.space).toBe(event.space);
      expect(battle.attacker.who).toBe(event.attacker);
      expect(battle.defender.who).toBe(event.defender);
      expect(battle.winner).toBe(event.winner);
      expect(battle.winner === 'attacker').toBe(battle.attacker.total > battle.defender.total);
      // The faces shown are the deciding roll's: they add up to the event's totals.
      for (const side of [battle.attacker, battle.defender]) {
        expect(side.faces.length).toBe(Number(side.dice.split('d')[0]));
        expect(side.faces.reduce((x, y) => x + y, 0)).toBe(side.total);
      }
      // No later entry has a battle.
      expect(
        log
          .filter((e) => e.seq > battle.seq)
          .some((e) => e.events.some((x) => x.type === 'battle')),
      ).toBe(false);

      const html = renderToString(<BattleView log={log} />);
      expect(html).toContain('aria-label="battle"');
      if (typeof battle.attacker.who === 'number')
        expect(html).toContain(seatLabel('colonial-florida', battle.attacker.who));
      expect(html).toContain(
        `data-testid="battle-attacker-total">${String(battle.attacker.total)}<`,
      );
      expect(html).toContain(
        `data-testid="battle-defender-total">${String(battle.defender.total)}<`,
      );
      expect(html).toMatch(/battle-side battle-won[^]*· wins/);
    }
  });

  it('shows nothing before the first battle', () => {
    expect(lastBattle([])).toBeUndefined();
    expect(renderToString(<BattleView log={[]} />)).toBe('');
  });
});
