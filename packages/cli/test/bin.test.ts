import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** picocolors colours output whenever CI is set: these tests read plain text. */
const plainEnv = { ...process.env, NO_COLOR: '1' };

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe('the built ruleloom executable (run `pnpm run build` first)', () => {
  it('prints its help and exits with 0', () => {
    const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', env: plainEnv });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: ruleloom');
  });

  it('reports an unknown game on one line with exit code 2', () => {
    const r = spawnSync(process.execPath, [bin, 'play', 'chess'], {
      encoding: 'utf8',
      env: plainEnv,
    });
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
        env: plainEnv,
        input: 'roll\nhold\n'.repeat(100),
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Game over:');
  });
});
