import { canonicalJson } from '../util/canonical-json.js';
import type { ActionBase } from '../model/action.js';
import { hmacHex, type SaveKey } from './chain.js';
import type { SavedMatch } from './save.js';

/** The canonical text a signature covers: every field of the save but the signature. */
export function canonicalSave(save: Readonly<Record<string, unknown>>): string {
  const { signature: _signature, ...rest } = save;
  return canonicalJson(rest);
}

/**
 * The save with an HMAC-SHA-256 signature over all of it (format, game, rules version,
 * setup, every action with its chain value, the final hash). `restoreMatch(game, save, { key })`
 * refuses a save whose signature is missing or wrong with code `bad_signature`.
 *
 * @remarks
 * The key is a secret of whoever vouches for saves (a server, a tournament organiser): text
 * is taken as UTF-8. Use at least 32 random bytes. Works in Node and in browsers.
 * @example
 * ```ts
 * const signed = signSave(match.toJSON(), process.env.SAVE_KEY!);
 * restoreMatch(stAugustine, signed, { key: process.env.SAVE_KEY! }); // ok
 * ```
 * @public
 */
export function signSave<TAction extends ActionBase>(
  save: SavedMatch<TAction>,
  key: SaveKey,
): SavedMatch<TAction> {
  if (typeof key === 'string' ? key.length === 0 : key.length === 0)
    throw new TypeError('signSave needs a non-empty key');
  const unsigned = { ...save };
  delete (unsigned as { signature?: string }).signature;
  return {
    ...unsigned,
    signature: hmacHex(key, canonicalSave(unsigned)),
  };
}
