import { identifierWords, type PresentContext } from '@ruleloom/core';
import type { ColonialFloridaCard } from '../cards/card.js';
import { FLORIDA_MAP, type RingMap } from '../map/map.js';
import type { ColonialFloridaOptions } from '../options.js';

/**
 * What Colonial Florida's presentation reads: seat names and the match's rules.
 * @public
 */
export type ColonialFloridaPresentContext = PresentContext<
  ColonialFloridaOptions,
  ColonialFloridaCard
>;

const MARKER_LABELS: Readonly<Record<string, string>> = {
  hurricane: 'Hurricane',
  pirate: 'Pirates',
  raid: 'Indian Raid',
  disease: 'Disease',
};

/**
 * `Hurricane`, `Pirates`, `Indian Raid`, `Disease`.
 * @public
 */
export function markerLabel(marker: string): string {
  return MARKER_LABELS[marker] ?? marker;
}

/** Whether a marker's name takes a plural verb ("Pirates move"). */
export function markerIsPlural(marker: string): boolean {
  return marker === 'pirate';
}

/** A subject and its verb: `Pirates move`, `Spanish moves`. */
export function verb(name: string, singular: string, plural: string, isPlural: boolean): string {
  return `${name} ${isPlural ? plural : singular}`;
}

/** The map of the match (the `map` option, else the sheet's). */
export function mapOf(ctx: ColonialFloridaPresentContext): RingMap {
  const options = ctx.rules.options as Partial<ColonialFloridaOptions> | null;
  return options?.map ?? FLORIDA_MAP;
}

/**
 * `St Augustine (3)` for a space number.
 * @public
 */
export function spaceName(ctx: ColonialFloridaPresentContext, space: number | null): string {
  const name = space === null ? undefined : mapOf(ctx).spaces[space - 1]?.name;
  return name === undefined ? `space ${String(space)}` : `${name} (${String(space)})`;
}

/**
 * A card instance's name (`Fortress`), the id when unknown.
 * @public
 */
export function cardName(ctx: ColonialFloridaPresentContext, id: string): string {
  return ctx.rules.cards.byInstance.get(id)?.name ?? id;
}

/** Card names joined by commas, `-` for none. */
export function cardList(ctx: ColonialFloridaPresentContext, ids: readonly string[]): string {
  return ids.length === 0 ? '-' : ids.map((id) => cardName(ctx, id)).join(', ');
}

/** `1 raider`, `3 raiders`. */
export function plural(n: number, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** The phases' names (a variant's own phase reads as its id made readable). */
const PHASE_NAMES: Readonly<Record<string, string>> = {
  rebuild: 'rebuilding',
  hurricane: 'hurricane',
  pirate: 'pirates',
  raid: 'raids',
  disease: 'disease',
  income: 'income',
  action: 'actions',
  gameOver: 'game over',
};

/** A phase id as words: `action` → `actions`, `gameOver` → `game over`. */
export function phaseName(phase: string): string {
  return PHASE_NAMES[phase] ?? identifierWords(phase);
}
