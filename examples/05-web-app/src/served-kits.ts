/*
 * Kits the app did not ship with, served beside it by `ruleloom serve --game ./my-game.mjs
 * --web`: each kit is one self-contained ES module whose default export is the kit. The
 * server adds a script tag to the page that runs its boot module (`served-kits.js`) before
 * the app: it imports every kit and leaves them, with their ids and URLs, under
 * `globalThis[Symbol.for('ruleloom.web-app.served-kits')]`, which `kits.ts` reads as it
 * loads. The bot worker gets the same URLs in its first message and imports them before its
 * game list (`bots.worker.ts`). Without that tag (`vite dev`, any static server) the app has
 * its own kits only.
 */
import { isGameKit, type GameKit } from '@ruleloom/core';

/** The message that gives the bot worker the served kits' URLs (before any other message). */
export const SERVED_KITS_MESSAGE = 'ruleloom.web-app.served-kits';

/** A kit of the served list: its game id and the absolute URL of its module. */
export interface ServedKitEntry {
  readonly id: string;
  readonly url: string;
}

/** The message to the bot worker: the kits the page loaded. */
export interface ServedKitsMessage {
  readonly type: typeof SERVED_KITS_MESSAGE;
  readonly kits: readonly ServedKitEntry[];
}

/** The served kits, read once: from the page's global, or in the worker by {@link loadServedKits}. */
let loaded: readonly { readonly entry: ServedKitEntry; readonly kit: GameKit }[] = [];
/** A sentence for each served kit that could not be loaded. */
let problems: readonly string[] = [];
/** Whether the page's global (or the worker's list) has been read. */
let pageRead = false;

/** The served kits this page (or worker) has, in the server's order. */
export function servedKits(): readonly GameKit[] {
  readPageKits();
  return loaded.map((k) => k.kit);
}

/** The served kits' entries, for the bot worker. */
export function servedKitEntries(): readonly ServedKitEntry[] {
  readPageKits();
  return loaded.map((k) => k.entry);
}

/** Why served kits could not be loaded, one sentence each (empty when all loaded). */
export function servedKitProblems(): readonly string[] {
  readPageKits();
  return problems;
}

/** Whether a value is the served-kits message of the page. */
export function isServedKitsMessage(value: unknown): value is ServedKitsMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === SERVED_KITS_MESSAGE &&
    Array.isArray((value as { kits?: unknown }).kits)
  );
}

/** Whether a text is a plain game id (what a kit's id may be; shown in messages). */
function plainId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(id);
}

/** The global key the server's boot module leaves the kits under (a `Symbol.for` name). */
export const SERVED_KITS_GLOBAL = 'ruleloom.web-app.served-kits';

/** What a kit module gave: the kit of the listed game, or a sentence saying why not. */
function checkKit(
  id: string,
  kit: unknown,
): { ok: true; kit: GameKit } | { ok: false; problem: string } {
  if (!isGameKit(kit))
    return {
      ok: false,
      problem: `The served game '${id}' is not a game kit: its module's default export must be a kit made by defineKit.`,
    };
  if (kit.game.id !== id)
    return {
      ok: false,
      problem: `The served game '${id}' is a kit of another game ('${kit.game.id.slice(0, 64)}').`,
    };
  return { ok: true, kit };
}

/**
 * Reads, once, the kits the server's boot module left for the page (see the top of this
 * file): keeps each entry that is a kit of its listed game, and a sentence for every other
 * one. A page whose boot script is there but left nothing (a kit module threw) says so.
 */
function readPageKits(): void {
  if (pageRead) return;
  pageRead = true;
  const list = (globalThis as Record<symbol, unknown>)[Symbol.for(SERVED_KITS_GLOBAL)];
  const booted =
    typeof document !== 'undefined' &&
    document.querySelector('script[data-ruleloom-served-kits]') !== null;
  if (!Array.isArray(list)) {
    if (booted)
      problems = [
        'The games served beside this app could not be loaded (the browser console says why): only the built-in games are here.',
      ];
    return;
  }
  const found: { entry: ServedKitEntry; kit: GameKit }[] = [];
  const bad: string[] = [];
  for (const item of list as unknown[]) {
    const { id, url, kit } = (item ?? {}) as { id?: unknown; url?: unknown; kit?: unknown };
    if (!plainId(id) || typeof url !== 'string') {
      bad.push('A served game has no plain id or module URL.');
      continue;
    }
    const checked = checkKit(id, kit);
    if (checked.ok) found.push({ entry: { id, url }, kit: checked.kit });
    else bad.push(checked.problem);
  }
  pageRead = true;
  loaded = found;
  problems = bad;
}

/**
 * In the bot worker: imports each served kit module and keeps those whose default export is
 * a kit of the listed game id (core's `isGameKit`); every other one becomes a sentence of
 * {@link servedKitProblems}. Run once, before the worker's modules read the kit list.
 */
export async function loadServedKits(
  entries: readonly ServedKitEntry[],
  earlier: readonly string[] = [],
): Promise<void> {
  const found: { entry: ServedKitEntry; kit: GameKit }[] = [];
  const bad = [...earlier];
  for (const entry of entries) {
    let mod: { default?: unknown };
    try {
      mod = (await import(/* @vite-ignore */ entry.url)) as { default?: unknown };
    } catch (error) {
      bad.push(
        `The served game '${entry.id}' could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    const checked = checkKit(entry.id, mod.default);
    if (checked.ok) found.push({ entry, kit: checked.kit });
    else bad.push(checked.problem);
  }
  pageRead = true;
  loaded = found;
  problems = bad;
}
