import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandPrefix } from './command-prefix.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ruleloom-prefix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder holding a `ruleloom` file with the given mode. */
function folderWithRuleloom(name: string, mode: number): string {
  const folder = path.join(dir, name);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'ruleloom'), '#!/bin/sh\n');
  chmodSync(path.join(folder, 'ruleloom'), mode);
  return folder;
}

describe('the command the demo suggests', () => {
  const empty = path.join(dir, 'empty');
  mkdirSync(empty);

  it('is `ruleloom` when an executable ruleloom is on PATH (a global install)', () => {
    const bin = folderWithRuleloom('bin', 0o755);
    expect(commandPrefix([empty, bin].join(path.delimiter), 'linux')).toBe('ruleloom');
  });

  it('is `npx ruleloom` when no ruleloom is on PATH (a clone, a project)', () => {
    expect(commandPrefix(empty, 'linux')).toBe('npx ruleloom');
  });

  it('does not count node_modules/.bin, which only package runners put on PATH', () => {
    const bin = path.join(dir, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'ruleloom'), '#!/bin/sh\n');
    chmodSync(path.join(bin, 'ruleloom'), 0o755);
    expect(commandPrefix(bin, 'linux')).toBe('npx ruleloom');
  });

  it('ignores a ruleloom file that is not executable', () => {
    expect(commandPrefix(folderWithRuleloom('plain', 0o644), 'linux')).toBe('npx ruleloom');
  });
});
