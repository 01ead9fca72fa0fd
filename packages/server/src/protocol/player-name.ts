import * as v from 'valibot';

/**
 * The longest display name a seat may carry, in characters (Unicode code points).
 * @public
 */
export const MAX_PLAYER_NAME_LENGTH = 32;

/**
 * Control, format (bidirectional overrides, zero-width), private-use, unassigned and
 * surrogate code points, and line or paragraph separators: none may appear in a name.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * Checks a seat's display name as a client sent it: the name trimmed and in Unicode NFC, or
 * why it is refused (not a string, empty, longer than {@link MAX_PLAYER_NAME_LENGTH}
 * characters, or holding a control or invisible format character).
 * @public
 */
export function checkPlayerName(
  raw: unknown,
): { readonly ok: true; readonly name: string } | { readonly ok: false; readonly message: string } {
  if (typeof raw !== 'string') return { ok: false, message: 'a name must be a string' };
  // Bounded before any work on it: a huge string is refused without normalizing it.
  if (raw.length > MAX_PLAYER_NAME_LENGTH * 4)
    return {
      ok: false,
      message: `a name has at most ${String(MAX_PLAYER_NAME_LENGTH)} characters`,
    };
  if (FORBIDDEN.test(raw))
    return { ok: false, message: 'a name may not hold control or invisible characters' };
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) return { ok: false, message: 'a name may not be empty' };
  // Code points: a surrogate pair (never lone here, see FORBIDDEN) counts once.
  if (name.length - (name.match(/[\uD800-\uDBFF]/g)?.length ?? 0) > MAX_PLAYER_NAME_LENGTH)
    return {
      ok: false,
      message: `a name has at most ${String(MAX_PLAYER_NAME_LENGTH)} characters`,
    };
  return { ok: true, name };
}

/** The valibot schema of a name: checked and normalized by {@link checkPlayerName}. */
export const playerNameSchema = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const r = checkPlayerName(dataset.value);
    if (r.ok) return r.name;
    addIssue({ message: r.message });
    return NEVER;
  }),
);
