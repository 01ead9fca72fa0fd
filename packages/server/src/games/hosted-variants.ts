import { variantFromData, type VariantData } from '@ruleloom/core';
import type { ModuleRef } from '@ruleloom/bots';
import type { MatchConfig, StoredMatch } from '../storage/game-storage.js';
import type { ResolvedGame } from './hosted-game.js';

/**
 * A variant the operator allows (`ruleloom serve --variant cheap-monopolies.yaml`): clients
 * create a match with it by name (`{ "game": "st-augustine", "variant": "cheap-monopolies" }`),
 * and every match created with it embeds the variant's data, so it replays from its own record.
 * @public
 */
export interface HostedVariant {
  /** The hosted game it changes (`st-augustine`). */
  readonly game: string;
  /** The name clients create matches with (default: the data's `id`); kebab-case. */
  readonly name?: string;
  /** The variant as data (a variant file's contents, see `variantFromData`). */
  readonly data: VariantData;
  /**
   * Where bot worker threads import the variant (a game, or a kit of it) from. Without it,
   * matches of this variant have no bots.
   */
  readonly module?: ModuleRef;
}

/** An allowed variant with its rules built: a hosted game of its own, under its base game's id. */
export interface ResolvedVariant {
  readonly name: string;
  readonly data: VariantData;
  readonly hosted: ResolvedGame;
}

/** The allowed variants, by `<game>/<name>`. */
export type VariantTable = ReadonlyMap<string, ResolvedVariant>;

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

function built(base: ResolvedGame, data: VariantData, module?: ModuleRef): ResolvedGame | string {
  const result = variantFromData(base.game, data);
  if (!result.ok)
    return result.problems.map((p) => `${p.path || '(variant)'}: ${p.message}`).join('; ');
  const { module: _baseModule, heuristic: _baseHeuristic, ...rest } = base;
  return { ...rest, game: result.variant, ...(module === undefined ? {} : { module }) };
}

/**
 * Builds the allow-list: each variant's rules from its data on its hosted base game. Throws a
 * RangeError naming the variant when it varies a game the server does not host, has a bad
 * name, repeats a name, or its data is not a valid variant of that game.
 */
export function resolveVariants(
  games: ReadonlyMap<string, ResolvedGame>,
  variants: readonly HostedVariant[],
): VariantTable {
  const table = new Map<string, ResolvedVariant>();
  for (const v of variants) {
    const name = v.name ?? v.data.id ?? '';
    if (!NAME.test(name))
      throw new RangeError(`hosted variant name '${name.slice(0, 64)}' must be kebab-case`);
    const base = games.get(v.game);
    if (base === undefined)
      throw new RangeError(`variant '${name}' changes '${v.game}', which the server does not host`);
    const key = `${v.game}/${name}`;
    if (table.has(key))
      throw new RangeError(`two hosted variants of '${v.game}' are named '${name}'`);
    const hosted = built(base, v.data, v.module);
    if (typeof hosted === 'string')
      throw new RangeError(`variant '${name}' is not a valid variant of '${v.game}': ${hosted}`);
    table.set(key, { name, data: v.data, hosted });
  }
  return table;
}

/** The names of a hosted game's allowed variants. */
export function variantNames(table: VariantTable, game: string): string[] {
  return [...table.values()].filter((v) => v.hosted.id === game).map((v) => v.name);
}

/**
 * The rules a new match is created with: the hosted game itself, or the allowed variant the
 * client named, with what the match record embeds (`config.variant`). An unknown name is the
 * `unknown_variant` error, with the names allowed.
 */
export function pickVariant(
  table: VariantTable,
  base: ResolvedGame,
  name: string | undefined,
):
  | { readonly ok: true; readonly hosted: ResolvedGame; readonly config: Partial<MatchConfig> }
  | { readonly ok: false; readonly code: 'unknown_variant'; readonly message: string } {
  if (name === undefined) return { ok: true, hosted: base, config: {} };
  const found = table.get(`${base.id}/${name}`);
  if (found === undefined) {
    const names = variantNames(table, base.id);
    return {
      ok: false,
      code: 'unknown_variant',
      message: `'${name.slice(0, 64)}' is not a variant this server allows for '${base.id}' (${names.length === 0 ? 'it allows none' : `allowed: ${names.join(', ')}`})`,
    };
  }
  return {
    ok: true,
    hosted: found.hosted,
    config: { variant: { name: found.name, data: found.data } },
  };
}

/**
 * The rules a stored match replays with: its hosted game, or the variant its record embeds,
 * rebuilt from the embedded data (so a match outlives a change of the allow-list; it keeps
 * the allowed variant's bots only while the allowed data is the same). Undefined when the
 * server does not host its game or the embedded data no longer builds.
 */
export function hostedForStored(
  games: ReadonlyMap<string, ResolvedGame>,
  table: VariantTable,
  stored: StoredMatch,
): ResolvedGame | undefined {
  const base = games.get(stored.game);
  const embedded = stored.config.variant;
  if (base === undefined || embedded === undefined) return base;
  const allowed = table.get(`${stored.game}/${embedded.name}`);
  if (allowed !== undefined && JSON.stringify(allowed.data) === JSON.stringify(embedded.data))
    return allowed.hosted;
  const hosted = built(base, embedded.data);
  return typeof hosted === 'string' ? undefined : hosted;
}
