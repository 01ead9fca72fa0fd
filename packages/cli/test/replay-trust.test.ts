import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-replay-trust-'));

/** A real save of a few actions, with the given seed. */
function aSave(seed: string | number): Record<string, unknown> {
  const m = createMatch(stAugustine, { seed, players: 2, options: { trading: 'off' } });
  for (let i = 0; i < 6 && !m.isOver; i++) {
    const seat = m.toAct[0]!;
    m.apply(seat, m.legalActions(seat)[0]!);
  }
  return m.toJSON() as unknown as Record<string, unknown>;
}

/** Whether any of `chars` appears raw in `text`. */
function raw(text: string, chars: string): boolean {
  return Array.from(chars).some((c) => text.includes(c));
}

/** The same save in the legacy format: version 1, actions without their chain values. */
function asLegacy(save: Record<string, unknown>): Record<string, unknown> {
  return {
    ...save,
    format: 'ruleloom.match/1',
    actions: (save.actions as { seat: number; action: unknown }[]).map(({ seat, action }) => ({
      seat,
      action,
    })),
  };
}

function write(name: string, save: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(save));
  return file;
}

describe('ruleloom replay: what it vouches for, and what it prints', () => {
  it('a current save says verified; the same save in the legacy format (no chain) says unverified, never verified', async () => {
    const save = aSave(7);
    const ok = await runCli(['replay', write('current.json', save)]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/✓ .* verified:/);
    const legacy = asLegacy(save);
    const file = write('legacy.json', legacy);
    const r = await runCli(['replay', file]);
    expect(r.out).toMatch(/unverified: a legacy save without a hash chain/);
    expect(r.out).not.toMatch(/✓|\bverified:/);
    // It cannot be verified, so the command fails (a script checking saves must see it), and
    // says why on standard error.
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `error: '${file}' could not be verified: it is a legacy save without a hash chain, so nothing shows its actions were not edited (its replay is shown above, unverified)\n`,
    );
  });

  it('a legacy save stepped through and quit early also exits with 1', async () => {
    const save = aSave(9);
    const legacy = asLegacy(save);
    const r = await runCli(['replay', write('legacy-step.json', legacy), '--step'], {
      stdin: 'q\n',
    });
    expect(r.out).toMatch(/Stopped at step 1/);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/could not be verified: it is a legacy save without a hash chain/);
  });

  it('a legacy save is refused by play --resume (no opt-in there)', async () => {
    const save = aSave(8);
    const legacy = asLegacy(save);
    const r = await runCli(['play', '--resume', write('legacy2.json', legacy)], { stdin: '' });
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/legacy format/);
  });

  it('control characters from a save (seed, options, game id) are printed escaped, never raw', async () => {
    const seed = 'evil\u001b]0;owned\u0007\u001b[2J\u009b31m\u202e';
    const r = await runCli(['replay', write('seed.json', aSave(seed))]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('evil\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{9b}31m\\u{202e}');
    expect(raw(r.out + r.err, '\u001b\u0007\u009b\u202e')).toBe(false);
    const unknown = await runCli([
      'replay',
      write('game.json', { ...aSave(1), game: 'x\u001b[31my' }),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain('x\\u{1b}[31my');
    expect(raw(unknown.out + unknown.err, '\u001b')).toBe(false);
  });
});
