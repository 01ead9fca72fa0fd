import type { BotEntry, ModuleRef } from '@ruleloom/bots';
import { usageError } from '../errors.js';
import { BUILT_IN_KITS } from '../games/load-kit.js';
import { GAMES } from '../games/registry.js';
import { resolveRef } from '../players/bot-kinds.js';

/** Package-relative module names keep working on other machines; file URLs of this one do not. */
function portableModules(): Map<string, string> {
  const map = new Map<string, string>();
  for (const g of GAMES)
    for (const ref of [g.gameRef, g.heuristicRef])
      if (ref !== undefined) map.set(resolveRef(ref).module, ref.module);
  for (const ref of Object.values(BUILT_IN_KITS)) map.set(resolveRef(ref).module, ref.module);
  return map;
}

function mapRefs(value: unknown, map: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, map));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = mapRefs(v, map);
  if (typeof out.module === 'string' && typeof out.export === 'string')
    out.module = map.get(out.module) ?? out.module;
  return out;
}

/**
 * Bot specs and a game reference as workers on other machines can load them: this
 * machine's file URLs of known packages turned back into package names.
 */
export function portable<T extends BotEntry | ModuleRef>(value: T): T {
  return mapRefs(value, portableModules()) as T;
}

/** How a worker resolves a job's package names: from the command line's own dependencies. */
export function resolveForWorker(specifier: string): string {
  return resolveRef({ module: specifier, export: '' }).module;
}

/** Checks `--redis`: a `redis://` or `rediss://` URL. */
export function parseRedisUrl(text: string | undefined, flag = '--redis'): string {
  if (text === undefined) throw usageError(`${flag} is needed: the Redis URL (redis://host:port)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(
      `${flag} must be a URL such as redis://127.0.0.1:6379, got '${text.slice(0, 80)}'`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw usageError(`${flag} must be a redis:// or rediss:// URL, got '${text.slice(0, 80)}'`);
  return text;
}

/** A Redis URL for printing: the password masked. */
export function displayUrl(text: string): string {
  const url = new URL(text);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
