import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeObservation, type GameObservation, type GameView } from '@ruleloom/core';
import { colonialFloridaObservation } from '@ruleloom/colonial-florida';
import { stAugustineObservation } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { runTournament } from '../src/tournament/run-tournament.js';
import type { BotSpec } from '../src/tournament/specs.js';

const misbehave = fileURLToPath(new URL('./fixtures/process/misbehave.js', import.meta.url));
const refs = {
  'st-augustine': { module: '@ruleloom/st-augustine', export: 'stAugustine' },
  'colonial-florida': { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
  pig: { module: '@ruleloom/core/testing', export: 'pig' },
  'draw-and-play': { module: '@ruleloom/core/testing', export: 'drawAndPlay' },
} as const;
const node = (mode: string, ...rest: string[]): BotSpec => ({
  kind: 'process',
  command: [process.execPath, misbehave, mode, ...rest],
  name: mode,
  timeLimitMs: 5000,
});

type Message = Record<string, unknown>;

async function recorded(
  game: keyof typeof refs,
  options: Readonly<Record<string, unknown>>,
): Promise<Message[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-features-'));
  try {
    const file = join(dir, 'messages.jsonl');
    const result = await runTournament({
      game: refs[game],
      bots: [node('features', file), { kind: 'random' }],
      games: 2,
      seed: 'features',
      options,
      workers: 0,
    });
    expect(result.failed).toBe(0);
    return readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('process bots that ask for observation features', () => {
  it.each([
    ['st-augustine', stAugustineObservation as unknown as GameObservation, { turns: 12 }],
    [
      'colonial-florida',
      colonialFloridaObservation as unknown as GameObservation,
      { maxTurns: 20 },
    ],
  ] as const)(
    '%s: each decision carries the encoding of the view it sends and a mask with a one per legal action',
    async (game, observation, options) => {
      const messages = await recorded(game, options);
      const hello = messages.find((m) => m.type === 'hello')!;
      expect(hello.features).toEqual({
        observationSize: observation.size,
        actionSize: observation.actions.size,
      });
      const decisions = messages.filter((m) => m.type === 'decide');
      expect(decisions.length).toBeGreaterThan(10);
      for (const m of decisions) {
        const features = m.observation as number[];
        const mask = m.mask as number[];
        const legal = m.legalActions as { index: number; actionIndex: number | null }[];
        expect(features).toHaveLength(observation.size);
        const expected = encodeObservation(observation, m.view as GameView, m.seat as number);
        expect(Float32Array.from(features)).toEqual(expected);
        expect(mask).toHaveLength(observation.actions.size);
        expect(mask.reduce((a, b) => a + b, 0)).toBe(legal.length);
        for (const entry of legal) expect(mask[entry.actionIndex!]).toBe(1);
      }
    },
    60_000,
  );

  it('a game without features sends none, even when the bot asks', async () => {
    // Draw and Play declares no observation (Pig does).
    const messages = await recorded('draw-and-play', {});
    expect(messages.find((m) => m.type === 'hello')).not.toHaveProperty('features');
    for (const m of messages.filter((x) => x.type === 'decide')) {
      expect(m).not.toHaveProperty('mask');
      expect(m).not.toHaveProperty('observation');
    }
  }, 30_000);

  it('a bot that answers an action index the mask leaves out loses its game with a clear error', async () => {
    const result = await runTournament({
      game: refs['st-augustine'],
      bots: [node('masklie'), { kind: 'random' }],
      games: 2,
      seed: 'masklie',
      options: { turns: 12 },
      workers: 0,
    });
    expect(result.failed).toBe(2);
    for (const g of result.games) {
      expect(g.error!.message).toMatch(
        /process bot 'masklie' chose action index \d+, which the mask does not allow/,
      );
      expect(g.seats[g.error!.seat!]).toBe(0);
    }
  }, 30_000);
});
