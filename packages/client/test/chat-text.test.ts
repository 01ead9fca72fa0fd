import { lawSeed } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChatText, MAX_CHAT_LENGTH } from '../src/index.js';

/** Any string: every Unicode code unit (lone surrogates included), controls and all. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 320 }),
  fc.string({
    unit: fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r',
      'a',
      'é',
      'e\u0301',
      '😀',
      '\u202E',
      '\u0000',
      '\u200D',
    ),
    maxLength: 300,
  }),
);

describe('checkChatText (the check the client and the server share)', () => {
  it('accepts only trimmed NFC text of 1..280 code points without control or bidi characters, and is idempotent on what it accepts', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const r = checkChatText(raw);
        if (!r.ok) {
          expect(['chat_empty', 'chat_too_long', 'chat_invalid_text']).toContain(r.code);
          return;
        }
        const t = r.text;
        expect(t).toBe(t.trim());
        expect(t).toBe(t.normalize('NFC'));
        expect(Array.from(t).length).toBeGreaterThanOrEqual(1);
        expect(Array.from(t).length).toBeLessThanOrEqual(MAX_CHAT_LENGTH);
        expect(t).not.toMatch(/[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u);
        expect(checkChatText(t)).toEqual({ ok: true, text: t });
      }),
      { seed: lawSeed(), numRuns: 1_000 },
    );
  });
});
