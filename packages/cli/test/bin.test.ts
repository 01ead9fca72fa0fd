import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe.skipIf(!existsSync(bin))('the built ruleloom executable', () => {
  it('prints its help and exits with 0', () => {
    const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: ruleloom');
  });

  it('reports an unknown game on one line with exit code 2', () => {
    const r = spawnSync(process.execPath, [bin, 'play', 'chess'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: unknown game 'chess'/);
  });

  it('plays a scripted game of Pig from a pipe', () => {
    const r = spawnSync(
      process.execPath,
      [bin, 'play', 'pig', '--seed', '5', '--option', 'target=10'],
      {
        encoding: 'utf8',
        input: 'roll\nhold\n'.repeat(100),
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Game over:');
  });
});
