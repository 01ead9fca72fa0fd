import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSystemBinary, inCI, requireSystemBinary } from '../test-utils/system-binary.js';

const root = path.resolve(import.meta.dirname, '..');
/** The test folders of every workspace package (packages/* and examples/*). */
const TEST_DIRS = ['packages', 'examples'].flatMap((group) =>
  readdirSync(path.join(root, group)).map((name) => path.join(group, name, 'test')),
);

describe('the system-binary helper of the service test suites', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('has one copy, in test-utils/, imported by the tests of every package', () => {
    const copies = TEST_DIRS.flatMap((dir) => {
      try {
        return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => path.basename(f) === 'system-binary.ts')
          .map((f) => path.join(dir, f));
      } catch {
        return []; // a package without tests
      }
    });
    expect(copies).toEqual([]);
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
