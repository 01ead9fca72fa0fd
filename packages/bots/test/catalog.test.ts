import { createMatch, defineKit, Rng, type Heuristic, type RulesContext } from '@ruleloom/core';
import { pig, pigKit, pigPresenter } from '@ruleloom/core/games';
import { colonialFloridaKit } from '@ruleloom/colonial-florida/kit';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { describe, expect, it } from 'vitest';
import type { Bot } from '../src/bot.js';
import {
  BOT_CATALOG,
  botSettings,
  createCatalogBot,
  findBot,
  listBotNames,
} from '../src/catalog.js';
import { ismctsPreset } from '../src/presets.js';
import { runTournament } from '../src/tournament/run-tournament.js';

const kitModule = new URL('./fixtures/pig-kit.mjs', import.meta.url).href;

describe('the bot catalog', () => {
  it('has one name per bot, and finds the former names as aliases', () => {
    expect(listBotNames()).toEqual([
      'random',
      'policy',
      'greedy',
      'mcts',
      'ismcts',
      'cheating-mcts',
    ]);
    expect(new Set(BOT_CATALOG.map((b) => b.name)).size).toBe(BOT_CATALOG.length);
    expect(findBot('auction-policy')?.name).toBe('policy');
    expect(findBot('auctionPolicy')?.name).toBe('policy');
    expect(findBot('cheatingMcts')?.name).toBe('cheating-mcts');
    expect(findBot(' ISMCTS ')?.name).toBe('ismcts');
    expect(findBot('alphazero')).toBeUndefined();
    expect(() => createCatalogBot('alphazero')).toThrow(
      /unknown bot 'alphazero' \(known bots: random, policy/,
    );
  });

  it("reads a kit's bot settings; a game without them gets generic ones, never another game's", () => {
    expect(botSettings('ismcts', stAugustineKit)).toMatchObject({
      iterations: 100,
      wideActions: 3,
    });
    expect(botSettings('ismcts', colonialFloridaKit)).toMatchObject({
      iterations: 600,
      rolloutDepth: 3,
    });
    const generic = botSettings('ismcts', pigKit);
    expect(generic).toEqual(botSettings('ismcts', undefined));
    expect(generic).not.toHaveProperty('wideActions');
    expect(generic).not.toMatchObject({ rollout: 'lookahead' });
    expect(ismctsPreset('liars-dice')).not.toMatchObject({ rollout: 'lookahead' });
    expect(botSettings('ismcts', stAugustineKit, { iterations: 5 }).iterations).toBe(5);
  });

  it('refuses a bot that needs a heuristic for a kit without one, and plays the others', async () => {
    expect(() => createCatalogBot('greedy', pigKit)).toThrow(
      /'greedy' needs a heuristic, and 'pig' has none/,
    );
    const match = createMatch(pig, { seed: 3, players: 2, options: { target: 20 } });
    for (const name of ['random', 'policy', 'mcts', 'ismcts']) {
      const bot = createCatalogBot(name, pigKit, { iterations: 20 }) as Bot;
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      const action = await bot.act({
        seat,
        view: match.view(seat),
        legalActions: legal,
        rng: Rng.fromSeed(1),
        rules: match.engine as never,
      });
      expect(legal).toContainEqual(action);
    }
  });

  it("builds the kit's heuristic from the rules of each match the bot plays, once per match", async () => {
    const seen: RulesContext<unknown>[] = [];
    const kit = defineKit({
      game: pig,
      presenter: pigPresenter,
      defaultSetup: { players: 2 },
      heuristic: (rules) => {
        seen.push(rules);
        const h: Heuristic = () => 0.5;
        return h;
      },
    });
    const bot = createCatalogBot('greedy', kit) as Bot;
    for (const target of [20, 30]) {
      const match = createMatch(pig, { seed: 1, players: 2, options: { target } });
      for (let i = 0; i < 3; i++) {
        const seat = match.toAct[0] as number;
        await bot.act({
          seat,
          view: match.view(seat),
          legalActions: match.legalActions(seat),
          rng: Rng.fromSeed(i),
          rules: match.engine as never,
        });
      }
    }
    expect(seen.map((r) => (r.options as { target: number }).target)).toEqual([20, 30]);
  });

  it('worker threads load a kit by its module and seat catalog bots with its heuristic', async () => {
    const ref = { module: kitModule, export: 'default' };
    const result = await runTournament({
      game: ref,
      bots: [
        { kind: 'catalog', bot: 'greedy', kit: ref },
        { kind: 'catalog', bot: 'auction-policy', kit: ref },
      ],
      games: 4,
      seed: 1,
      options: { target: 20 },
      workers: 1,
    });
    expect(result.failed).toBe(0);
    expect(result.gamesPlayed).toBe(4);
    expect(result.bots.map((b) => b.name)).toEqual(['greedy', 'policy']);
  });
});
