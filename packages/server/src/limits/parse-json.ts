/**
 * Parses untrusted JSON text with a nesting limit checked before `JSON.parse` runs, so a
 * frame of 10,000 open brackets costs one linear scan and nothing else.
 */
export function parseJsonWithLimits(
  text: string,
  maxDepth: number,
):
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly code: 'too_deep' | 'malformed_message';
      readonly message: string;
    } {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth)
        return {
          ok: false,
          code: 'too_deep',
          message: `JSON nested deeper than ${String(maxDepth)} levels`,
        };
    } else if (c === 125 || c === 93) depth--;
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, code: 'malformed_message', message: 'the message is not valid JSON' };
  }
}
