import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyGame } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The game the write-a-game guide builds, from the guide's own code blocks, verbatim: each
 * block marked `<!-- guide-game: part -->` in docs/guides/write-a-game.md, in this order, is
 * one file that must compile and pass every law of `gameLaws`.
 */
const here = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(join(here, '../../docs/guides/write-a-game.md'), 'utf8');
const PARTS = ['types', 'options', 'effects', 'showdown', 'action', 'definition'] as const;

/** The code block right after `<!-- guide-game: name -->` in the guide. */
function block(name: string): string {
  const marker = `<!-- guide-game: ${name} -->`;
  const at = guide.indexOf(marker);
  if (at < 0) throw new Error(`the write-a-game guide has no block '${name}'`);
  const m = /```ts\n([\s\S]*?)```/.exec(guide.slice(at + marker.length));
  if (m?.[1] === undefined) throw new Error(`no ts code block after '${name}'`);
  return m[1];
}

let dir = '';
let file = '';
beforeAll(() => {
  // Inside the example, so that `@ruleloom/core` resolves as it does for a designer's file.
  dir = mkdtempSync(join(here, '.guide-game-'));
  file = join(dir, 'high-card.ts');
  writeFileSync(file, PARTS.map(block).join('\n'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the write-a-game guide's High Card, assembled from its code blocks verbatim", () => {
  it("every part is in the guide and the file compiles (the example's compiler settings)", () => {
    expect(guide.match(/<!-- guide-game: /g)?.length).toBe(PARTS.length);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.base.json',
        compilerOptions: { noEmit: true, types: [] },
        files: ['high-card.ts'],
      }),
    );
    const tsc = createRequire(join(here, 'package.json')).resolve('typescript/bin/tsc');
    let out = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: unknown }).stdout ?? e);
    }
    expect(out).toBe('');
  }, 120_000);

  it('passes gameLaws', async () => {
    const { highCard } = (await import(pathToFileURL(file).href)) as { highCard: AnyGame };
    const failures: string[] = [];
    for (const law of gameLaws({
      game: highCard,
      setups: [{ players: 2 }, { players: 3, options: { handSize: 1 } }, { players: 4 }],
      numRuns: 10,
    }))
      try {
        law.run();
      } catch (e) {
        failures.push(`${law.name}: ${(e as Error).message.split('\n')[0] ?? ''}`);
      }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the check can fail: the same blocks without `secret: true` on `play` leak the card', async () => {
    const leaky = join(dir, 'high-card-leaky.ts');
    const text = PARTS.map(block).join('\n');
    expect(text).toContain('  secret: true,\n');
    writeFileSync(leaky, text.replace('  secret: true,\n', ''));
    const { highCard } = (await import(pathToFileURL(leaky).href)) as { highCard: AnyGame };
    const failed = gameLaws({ game: highCard, setups: [{ players: 2 }], numRuns: 10 }).some(
      (law) => {
        try {
          law.run();
          return false;
        } catch {
          return true;
        }
      },
    );
    expect(failed).toBe(true);
  }, 300_000);
});
