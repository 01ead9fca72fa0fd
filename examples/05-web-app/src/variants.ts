/*
 * Rules variants uploaded in the lobby: a designer's variant file (JSON or YAML, the same
 * files `ruleloom variant check` reads) checked with core's `variantFromData`, every problem
 * listed with its path. A variant game has its own id (`st-augustine-short`); the app shows it
 * with its base game's board, presenter and bots (`baseGameId`), and the bot worker is told
 * the variant's data before its first decision (`VARIANT_MESSAGE`).
 */
import { variantFromData, type AnyGame, type VariantData } from '@ruleloom/core';

/** The largest variant file the lobby reads (a real one is a few KB). */
export const MAX_VARIANT_BYTES = 256 * 1024;

/** The message that gives the bot worker a variant's data (before any decision of its game). */
export const VARIANT_MESSAGE = 'ruleloom.web-app.variant';

/** A variant the lobby accepted: the variant game, its data and a line for people. */
export interface LoadedVariant {
  readonly game: AnyGame;
  readonly data: VariantData;
  /** Its name (or id), and its description when it has one. */
  readonly label: string;
}

/** What reading a variant file came to: the variant, or every problem as a sentence. */
export type ReadVariant =
  | { readonly ok: true; readonly variant: LoadedVariant }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Variant game id → its base game's id, for every variant started in this page. */
const bases = new Map<string, string>();
/** Variant game id → the variant game. */
const variants = new Map<string, AnyGame>();

/** The id of the game a board, presenter and bots are found by (a variant's base game). */
export function baseGameId(id: string | null): string | null {
  return id === null ? null : (bases.get(id) ?? id);
}

/** The variant game of an id started in this page, if it is one. */
export function variantGame(id: string | null): AnyGame | undefined {
  return id === null ? undefined : variants.get(id);
}

/** Remembers a variant started in this page (its id maps to its base game's). */
export function rememberVariant(variant: LoadedVariant, baseId: string): void {
  bases.set(variant.game.id, baseId);
  variants.set(variant.game.id, variant.game);
}

/**
 * Parses a variant file's text: YAML for `.yaml`/`.yml`, else JSON (or YAML when not JSON).
 * The YAML parser is loaded on first use (its own chunk: most pages never read a variant).
 */
async function parseText(
  fileName: string,
  text: string,
): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const yaml = /\.ya?ml$/i.test(fileName);
  if (!yaml)
    try {
      return { ok: true, data: JSON.parse(text) as unknown };
    } catch {
      // Not JSON: YAML is a superset, try it below.
    }
  const { parse: parseYaml } = await import('yaml');
  try {
    return { ok: true, data: parseYaml(text, { maxAliasCount: 100 }) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads a variant file for `base`: its size, its syntax, then `variantFromData` (an unknown
 * option, a wrong type, an unknown card or effect, a missing phase, params out of range: one
 * sentence per problem, with its path).
 */
export async function readVariant(
  base: AnyGame,
  fileName: string,
  text: string,
): Promise<ReadVariant> {
  if (text.length > MAX_VARIANT_BYTES)
    return {
      ok: false,
      problems: [`the file is larger than ${String(MAX_VARIANT_BYTES / 1024)} KB`],
    };
  const parsed = await parseText(fileName, text);
  if (!parsed.ok)
    return { ok: false, problems: ['the file is neither JSON nor YAML (check its syntax)'] };
  const r = variantFromData(base, parsed.data);
  if (!r.ok)
    return {
      ok: false,
      problems: r.problems.map((p) => (p.path === '' ? p.message : `${p.path}: ${p.message}`)),
    };
  const name = r.data.name ?? r.variant.id;
  return {
    ok: true,
    variant: {
      game: r.variant,
      data: r.data,
      label: r.data.description === undefined ? name : `${name}: ${r.data.description}`,
    },
  };
}

/** Whether a message to the bot worker gives it a variant. */
export function isVariantMessage(
  data: unknown,
): data is { readonly type: typeof VARIANT_MESSAGE; readonly data: VariantData } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === VARIANT_MESSAGE &&
    typeof (data as { data?: unknown }).data === 'object'
  );
}
