import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  findSystemBinary,
  inCI,
  requireSystemBinary,
} from '../packages/server/test/helpers/system-binary.js';

const root = path.resolve(import.meta.dirname, '..');
/** Every copy of the helper (tests may not import across packages, so each has its own). */
const COPIES = [
  'packages/server/test/helpers/system-binary.ts',
  'packages/bots/test/fixtures/system-binary.ts',
  'examples/05-web-app/test/browser/helpers/system-binary.ts',
];

describe('the system-binary helper of the service test suites', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('has identical copies in every package that starts services', () => {
    const [first, ...rest] = COPIES.map((f) => readFileSync(path.join(root, f), 'utf8'));
    for (const [i, text] of rest.entries()) expect(text, COPIES[i + 1]).toBe(first);
  });

  it('finds programs in /usr/sbin and /usr/bin with a PATH that has neither', () => {
    vi.stubEnv('PATH', '/nonexistent');
    // `sh` and `runuser` (util-linux) are on every Debian machine; runuser is in /usr/sbin.
    expect(findSystemBinary('sh')).toMatch(/^\/(usr\/)?bin\/sh$/);
    expect(findSystemBinary('runuser')).toMatch(/^\/(usr\/)?sbin\/runuser$/);
  });

  it('searches the given folders first, and answers undefined for a program nobody has', () => {
    expect(findSystemBinary('node', [path.dirname(process.execPath)])).toBe(process.execPath);
    expect(findSystemBinary('ruleloom-no-such-program')).toBeUndefined();
  });

  it('fails (throws) for a missing program in CI, and only warns outside CI', () => {
    vi.stubEnv('CI', 'true');
    expect(inCI()).toBe(true);
    expect(() => requireSystemBinary('ruleloom-no-such-program', 'install it')).toThrow(
      /ruleloom-no-such-program was not found in \/usr\/sbin:.* and CI is set: install it/,
    );
    vi.stubEnv('CI', 'false');
    expect(inCI()).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(requireSystemBinary('ruleloom-no-such-program', 'install it')).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
