import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../util/canonical-json.js';

/** Hex digits of a chain value: the first 128 bits of a SHA-256. */
const CHAIN_HEX = 32;

function digest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, CHAIN_HEX);
}

/**
 * The chain value before any action: a hash of the game id, its rules version and the setup,
 * so that a changed setup breaks the chain at the first action.
 * @public
 */
export function chainOrigin(game: string, rulesVersion: number, setup: unknown): string {
  return digest(`ruleloom.chain/1\n${canonicalJson({ game, rulesVersion, setup })}`);
}

/**
 * The next chain value: a hash of the previous value, the seat, the action (canonical JSON)
 * and the hash of the state the action led to. Editing, removing or reordering any action or
 * seat changes the value at that index and at every later one.
 * @public
 */
export function chainLink(
  previous: string,
  seat: number,
  action: unknown,
  stateHash: string,
): string {
  return digest(`${previous}\n${String(seat)}\n${canonicalJson(action)}\n${stateHash}`);
}

/**
 * A key for signing saves: text (UTF-8) or bytes.
 * @public
 */
export type SaveKey = string | Uint8Array;

/** The HMAC-SHA-256 of a text under a key, as 64 hex digits. */
export function hmacHex(key: SaveKey, text: string): string {
  const k = typeof key === 'string' ? utf8ToBytes(key) : key;
  return bytesToHex(hmac(sha256, k, utf8ToBytes(text)));
}

/** Compares two hex strings in time that depends only on their length. */
export function equalHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
