import { createMatch, plainText } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';
import {
  renderColonialFloridaBoard,
  type ColonialFloridaPresentContext,
} from '../src/present/index.js';
import { phaseName } from '../src/present/names.js';

describe('Colonial Florida names its phases in words', () => {
  it('the board line says the phase, never its id; every declared phase has a name', () => {
    const match = createMatch(colonialFlorida, { seed: 3, players: 3 });
    const ctx: ColonialFloridaPresentContext = {
      names: ['Ann', 'Bob', 'Cy'],
      rules: match.engine as unknown as ColonialFloridaPresentContext['rules'],
    };
    const view = match.view(0);
    const first = renderColonialFloridaBoard(view, ctx)[0];
    if (first?.type !== 'line') throw new Error('the board starts with a line');
    const line = plainText(first.text);
    expect(line).toContain(` · phase: ${phaseName(view.phase)} · `);
    expect(line).not.toContain(`phase ${view.phase}`);
    for (const { id } of colonialFlorida.phases) {
      expect(phaseName(id)).toMatch(/^[a-z ]+$/);
    }
    expect(phaseName('gameOver')).toBe('game over');
  });
});
