import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_REJECTION_CODE_LIST } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  COLONIAL_FLORIDA_ERROR_CODES,
  COLONIAL_FLORIDA_REJECTION_CODES,
} from './rejection-codes.js';

/** Every rejection code written in the game's source (`rejection('code', ...)`). */
function codesInSource(): Set<string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.includes('.test'),
  );
  const codes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/rejection\(\s*'([a-z_]+)'/g)) codes.add(m[1] as string);
  }
  return codes;
}

describe('the Colonial Florida rejection codes', () => {
  const inSource = codesInSource();

  it('list every code the rules produce, and no code they never produce', () => {
    const ours = [...inSource].filter((c) => !(CORE_REJECTION_CODE_LIST as string[]).includes(c));
    expect(new Set(COLONIAL_FLORIDA_REJECTION_CODES)).toEqual(new Set(ours));
  });

  it('are snake_case, unique, and include core codes in the full list', () => {
    for (const code of COLONIAL_FLORIDA_ERROR_CODES) expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    expect(new Set(COLONIAL_FLORIDA_ERROR_CODES).size).toBe(COLONIAL_FLORIDA_ERROR_CODES.length);
    expect(COLONIAL_FLORIDA_ERROR_CODES).toEqual(
      expect.arrayContaining([...CORE_REJECTION_CODE_LIST]),
    );
  });
});
