import { createEngine, createMatch, Rng, type ActionBase, type Engine } from '@ruleloom/core';
import { liarsDice, type LiarsDiceState } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import type { BotRules } from '../src/bot.js';
import { mctsBot } from '../src/mcts-bot.js';
import { createBotInput } from '../src/tournament/bot-input.js';

describe("search on Liar's Dice: hidden dice are redrawn by the game's determinize hook", () => {
  const match = createMatch(liarsDice, { seed: 9, players: 3 });
  match.apply(0, { type: 'bid', quantity: 2, face: 3 });
  const rules = createEngine(liarsDice, { players: 3 }) as unknown as BotRules;

  it('a determinized state gives every hidden cup as many independent dice as it holds', () => {
    const view = match.view(1);
    const sampled = rules.determinize(view, Rng.fromSeed(1), 1).game as LiarsDiceState;
    expect(sampled.players[1]?.dice).toEqual(match.state.game.players[1]?.dice);
    for (const p of sampled.players) {
      expect(p.dice).toHaveLength(p.cup);
      for (const d of p.dice) expect(d >= 1 && d <= 6).toBe(true);
    }
    expect(rules.view(rules.determinize(view, Rng.fromSeed(2), 1), 1)).toEqual(view);
  });

  it('ISMCTS plays a legal action from seat 1, searching through challenges', async () => {
    const engine = match.engine as unknown as Engine<unknown, ActionBase, unknown>;
    const input = createBotInput(engine, match.state, 1, rules, Rng.fromSeed(3));
    const action = await mctsBot({ iterations: 200 }).act(input);
    expect(input.legalActions).toContainEqual(action);
  });
});
