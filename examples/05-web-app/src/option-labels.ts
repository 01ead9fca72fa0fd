import { identifierWords } from '@ruleloom/core';
import { COLONIAL_FLORIDA_LABELS } from './games/colonial-florida/labels.js';
import { ST_AUGUSTINE_LABELS } from './games/st-augustine/labels.js';
import type { OptionLabels } from './option-label-table.js';

const LABELS: Readonly<Record<string, OptionLabels>> = {
  'st-augustine': ST_AUGUSTINE_LABELS,
  'colonial-florida': COLONIAL_FLORIDA_LABELS,
};

/** `startingMoney` → `Starting money`: a readable label for any key, never the raw key. */
export function readableKey(key: string): string {
  const words = identifierWords(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of an option of a game (the game's wording, else a readable form of the key). */
export function optionLabel(game: string, key: string): string {
  return LABELS[game]?.options[key] ?? readableKey(key);
}

/** The label of an enum value of an option. */
export function optionValueLabel(game: string, value: string): string {
  return LABELS[game]?.values[value] ?? readableKey(value).toLowerCase();
}

/**
 * An option's description made for players: the declaration's text without the quotes
 * around values and with a capital letter.
 */
export function optionHelp(game: string, description: string | undefined): string {
  if (description === undefined) return '';
  const text = description
    .replace(/'([A-Za-z]+)'/g, (_, value: string) => `“${optionValueLabel(game, value)}”`)
    .replace(/\b([a-z]+[A-Z]\w*)\b/g, (key: string) => `“${optionLabel(game, key).toLowerCase()}”`);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
