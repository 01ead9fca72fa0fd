import { canonicalJson, variantFromData, type ActionBase, type Game } from '@ruleloom/core';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { message } from './play-game.js';
import { resolveGame, type ModuleRef } from './specs.js';

type AnyTournamentGame = Game<unknown, ActionBase, unknown>;

/**
 * The hash of a variant's data (SHA-256 of its canonical JSON, 16 hex digits): equal data gives
 * an equal hash whatever its key order.
 */
export function variantHash(data: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(data)))).slice(0, 16);
}

/** The variant's id as its data says it, for messages (bounded). */
function variantLabel(data: unknown): string {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? `'${id.slice(0, 60)}'` : '(no id)';
}

/**
 * The variant of `base` described by `data` (a parsed variant file). Throws an error that lists
 * every problem with its path when the data does not fit the game.
 */
export function applyVariant(base: AnyTournamentGame, data: unknown): AnyTournamentGame {
  const result = variantFromData(base, data);
  if (result.ok) return result.variant;
  const listed = result.problems.slice(0, 10).map((p) => `${p.path || '(variant)'}: ${p.message}`);
  const more =
    result.problems.length > 10 ? `; and ${String(result.problems.length - 10)} more` : '';
  throw new Error(
    `the variant ${variantLabel(data)} is not a valid variant of '${base.id}': ${listed.join('; ')}${more}`,
  );
}

const loaded = new Map<string, Promise<AnyTournamentGame>>();

/**
 * Loads a game by reference, rebuilt as a variant from `variant` data when given: once per
 * (module, export, variant hash) in this thread, so a worker does not rebuild it for every game.
 * A failure (a module that cannot be imported, data that is not a valid variant) rejects with
 * a readable message, and is kept too: the same job data fails the same way.
 */
export function loadTournamentGame(ref: ModuleRef, variant?: unknown): Promise<AnyTournamentGame> {
  const key = `${ref.module}#${ref.export}${variant === undefined ? '' : `#${variantHash(variant)}`}`;
  let loading = loaded.get(key);
  if (loading === undefined) {
    loading =
      variant === undefined
        ? resolveGame(ref)
        : resolveGame(ref).then(
            (base) => applyVariant(base, variant),
            (error: unknown) => {
              throw new Error(
                `cannot load the game '${ref.export}' of '${ref.module}' for the variant ${variantLabel(variant)}: ${message(error)}`,
              );
            },
          );
    loaded.set(key, loading);
  }
  return loading;
}
