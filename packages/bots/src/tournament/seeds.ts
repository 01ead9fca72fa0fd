import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Seed } from '@ruleloom/core';

/** The tournament seed as an HMAC key: its type is part of it, as `42` and `'42'` differ. */
function seedKey(seed: Seed): Uint8Array {
  return utf8ToBytes(`${typeof seed}:${String(seed)}`);
}

/** HMAC-SHA-256 of a domain label under the tournament seed, as hex. */
function derive(seed: Seed, label: string): string {
  return bytesToHex(hmac(sha256, seedKey(seed), utf8ToBytes(label)));
}

/**
 * The seed of a deal: HMAC-SHA-256 of `ruleloom/deal/<deal>` under the tournament seed. Every
 * rotation of the deal shares it (paired games). One-way: a game seed reveals neither the
 * tournament seed nor any other deal.
 */
export function dealSeed(seed: Seed, deal: number): string {
  return derive(seed, `ruleloom/deal/${String(deal)}`);
}

/**
 * The seed of a seat's bot stream in a deal: HMAC-SHA-256 of `ruleloom/bot/<deal>/<seat>`
 * under the tournament seed, a domain separate from {@link dealSeed}. It is not a function
 * of the game seed, so a bot's `rng.state()` tells it nothing about the deck or the dice.
 */
export function botSeed(seed: Seed, deal: number, seat: number): string {
  return derive(seed, `ruleloom/bot/${String(deal)}/${String(seat)}`);
}

/**
 * A fresh, high-entropy tournament seed (256 bits from `crypto.getRandomValues`, as hex), for
 * tournaments started without one. It is recorded in the results for reproduction.
 */
export function freshSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}
