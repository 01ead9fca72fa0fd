import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer-token.js';
import type { CreateDecision, CreateRequestInfo } from './game-server-options.js';

/**
 * Settings of {@link apiKeyAuthorizer}.
 * @public
 */
export interface ApiKeyAuthorizerOptions {
  /** The creator API keys (at least 16 characters each); each key is its own creator. */
  readonly keys: readonly string[];
  /** Whether a request without a key may still create (its creator is its address). */
  readonly allowAnonymous: boolean;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * An `authorizeCreate` that asks for a creator API key in `Authorization: Bearer <key>` on
 * `POST /matches`. A known key creates as the creator `key:<first 12 hex of its SHA-256>`
 * (so the per-creator caps count per key); a missing key creates as the client address only
 * with `allowAnonymous`; a wrong key is refused (401 `create_refused`).
 * @public
 */
export function apiKeyAuthorizer(
  options: ApiKeyAuthorizerOptions,
): (request: CreateRequestInfo) => CreateDecision {
  for (const k of options.keys)
    if (k.length < 16) throw new RangeError('a creator API key must be at least 16 characters');
  const known = options.keys.map((k) => ({
    digest: digest(k),
    id: `key:${digest(k).toString('hex').slice(0, 12)}`,
  }));
  return (request) => {
    const auth = request.headers.authorization;
    const given = bearerToken(auth);
    if (given === undefined || given === '')
      return options.allowAnonymous
        ? { ok: true }
        : {
            ok: false,
            status: 401,
            message:
              'this server creates matches only with a creator API key (Authorization: Bearer <key>)',
          };
    const d = digest(given);
    // Compare with every key (constant time each), so timing tells nothing about which.
    let found: string | undefined;
    for (const k of known) if (timingSafeEqual(k.digest, d)) found = k.id;
    return found === undefined
      ? { ok: false, status: 401, message: 'unknown creator API key' }
      : { ok: true, creator: found };
  };
}
