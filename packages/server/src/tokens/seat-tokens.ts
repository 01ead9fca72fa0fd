import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a valid seat token says: the match, the seat, and when it expires (Unix ms).
 * @public
 */
export interface SeatClaim {
  readonly match: string;
  readonly seat: number;
  readonly expiresAt: number;
}

/** An issued token, its storage hash, and its claim. */
export interface IssuedToken extends SeatClaim {
  readonly token: string;
  readonly hash: string;
}

/** The SHA-256 of a token, the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const PREFIX = 'rl1';

/**
 * Signs and checks seat tokens: `rl1.<payload>.<HMAC-SHA-256>` in base64url, where the
 * payload holds the match id, the seat, the expiry and a random nonce.
 */
export class SeatTokens {
  private readonly key: Buffer;

  constructor(secret: string | Uint8Array) {
    const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
    if (key.length < 16) throw new RangeError('the server secret must be at least 16 bytes');
    this.key = key;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`${PREFIX}.${payload}`).digest('base64url');
  }

  /** A fresh token for a seat, valid for `ttlMs` from `now`. */
  issue(match: string, seat: number, ttlMs: number, now: number): IssuedToken {
    const expiresAt = now + ttlMs;
    const payload = Buffer.from(
      JSON.stringify({ m: match, s: seat, e: expiresAt, n: randomBytes(12).toString('base64url') }),
    ).toString('base64url');
    const token = `${PREFIX}.${payload}.${this.sign(payload)}`;
    return { token, hash: hashToken(token), match, seat, expiresAt };
  }

  /** Checks signature, shape and expiry (revocation is the storage's part). */
  verify(
    token: unknown,
    now: number,
  ):
    | { readonly ok: true; readonly claim: SeatClaim; readonly hash: string }
    | {
        readonly ok: false;
        readonly code: 'unauthorized' | 'token_expired';
        readonly message: string;
      } {
    const bad = {
      ok: false,
      code: 'unauthorized',
      message: 'the seat token is not valid',
    } as const;
    if (typeof token !== 'string' || token.length > 1024) return bad;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== PREFIX) return bad;
    const payload = parts[1] ?? '';
    const given = Buffer.from(parts[2] ?? '', 'base64url');
    const expected = Buffer.from(this.sign(payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad;
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return bad;
    }
    const d = data as { m?: unknown; s?: unknown; e?: unknown };
    if (
      typeof d !== 'object' ||
      d === null ||
      typeof d.m !== 'string' ||
      !Number.isSafeInteger(d.s) ||
      typeof d.e !== 'number'
    )
      return bad;
    if (d.e <= now)
      return { ok: false, code: 'token_expired', message: 'the seat token has expired' };
    return {
      ok: true,
      claim: { match: d.m, seat: d.s as number, expiresAt: d.e },
      hash: hashToken(token),
    };
  }
}
