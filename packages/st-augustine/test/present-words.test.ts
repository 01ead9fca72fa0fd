import { plainText, type GameEvent, type RichText } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  narrateStAugustineEvent,
  renderStAugustineBoard,
  stAugustineTradeForm,
  type StAugustinePresentContext,
} from '../src/present/index.js';
import { countOf, phaseName, pluralOf } from '../src/present/names.js';
import { actor, auction, game, newMatch, play, type StAugustineMatch } from './helpers.js';

const present = (match: StAugustineMatch): StAugustinePresentContext => ({
  names: ['Ann', 'Bob', 'Cy'],
  rules: match.engine as unknown as StAugustinePresentContext['rules'],
});

/** The text of an event's narration. */
function narrated(match: StAugustineMatch, event: GameEvent): string {
  const n = narrateStAugustineEvent(event, present(match), []);
  if (n === undefined || n === null) throw new Error(`no narration of ${event.type}`);
  return plainText((typeof n === 'object' && 'text' in n ? n.text : n) as RichText);
}

describe('St. Augustine in words: names from the card table, plurals, phases', () => {
  it('plurals: art galleries, cafés, pubs; a count of one is singular', () => {
    expect(pluralOf('art gallery')).toBe('art galleries');
    expect(pluralOf('café')).toBe('cafés');
    expect(pluralOf('bed and breakfast')).toBe('bed and breakfasts');
    expect(pluralOf('box')).toBe('boxes');
    expect(pluralOf('day')).toBe('days');
    expect(countOf(1, 'shop')).toBe('1 shop');
    expect(countOf(0, 'shop')).toBe('0 shops');
  });

  it('a monopoly bonus names the shop type as the card table does, in the plural', () => {
    const match = newMatch(3, [], {});
    const bonus = (shopType: string) =>
      narrated(match, { type: 'monopolyBonus', seat: 1, amount: 3000, shopType });
    expect(bonus('art-gallery')).toContain('monopoly of art galleries');
    expect(bonus('cafe')).toContain('monopoly of cafés');
    expect(bonus('bed-and-breakfast')).toContain('monopoly of bed & breakfasts');
  });

  it('the board names the phase in words, never by its id', () => {
    const match = newMatch(3, [], {});
    const first = renderStAugustineBoard(match.view(0), present(match))[0];
    if (first?.type !== 'line') throw new Error('the board starts with a line');
    const line = plainText(first.text);
    expect(line).toMatch(/ · phase: auction · /);
    expect(line).not.toMatch(/phase bid/);
    expect(phaseName('gameOver')).toBe('game over');
    expect(phaseName('streetBonus')).toBe('street bonuses');
    expect(phaseName('someNewPhase')).toBe('some new phase');
  });

  it('the trade partners read "1 shop", not "1 shops"', () => {
    const match = newMatch(3, ['pub-g', 'cafe-k'], { trading: 'on' });
    auction(match, 0);
    while (game(match).tradeRound !== null) play(match, actor(match), { type: 'pass' });
    auction(match, 1);
    const to = stAugustineTradeForm.steps.find((s) => s.id === 'to');
    if (to?.type !== 'chooseOne') throw new Error('to is a choice');
    const labels = to
      .choices({
        seat: 1,
        view: match.view(1),
        legalActions: match.legalActions(1).filter((a) => a.type === 'proposeTrade'),
        answers: {},
        present: present(match),
      })
      .map((c) => plainText(c.label as never));
    expect(labels.some((l) => l.endsWith(', 1 shop)'))).toBe(true);
    expect(labels.join(' ')).not.toMatch(/\b1 shops\b/);
  });
});
