import type { Problem } from '../errors/problem.js';
import { didYouMean } from '../errors/suggest.js';
import { describeValue, quoteName } from '../util/describe.js';

/**
 * A reference from data to a named handler, with its parameters: `{ type: 'gainMoney', params: { amount: 1000 } }`.
 * @public
 */
export interface HandlerRef {
  /** The handler's registered name. */
  readonly type: string;
  /** Parameters for the handler (JSON data). */
  readonly params?: unknown;
}

/**
 * The fields every card definition has. Games extend it with their own data fields.
 *
 * @remarks
 * A definition with `copies` gives instance ids `<id>#1` .. `<id>#<copies>`; without `copies`
 * the single instance's id is the card id itself.
 * @public
 */
export interface CardDefinition {
  /** The card's kebab-case id (`pub-k`, `fortress`). */
  readonly id: string;
  /** How many copies are in the game; instance ids are numbered when this is set. */
  readonly copies?: number;
  /** What the card does, as a reference to a named effect handler. */
  readonly effect?: HandlerRef;
  /**
   * What the card is, as data the rules read (an income count, a combatant's abilities),
   * for cards that do nothing by themselves: no handler runs for it. The game checks it when
   * it is defined, for every card of its table, variants and overrides (`checkCard`).
   */
  readonly traits?: Readonly<Record<string, unknown>>;
}

/**
 * Card changes a setup or a variant can make: add new cards, replace definitions by id, remove by id.
 * @public
 */
export interface CardOverrides<TCard extends CardDefinition = CardDefinition> {
  /** New card definitions (their ids must be new). */
  readonly add?: readonly TCard[];
  /** Definitions that replace the existing ones with the same id. */
  readonly replace?: readonly TCard[];
  /** Ids of card definitions to remove. */
  readonly remove?: readonly string[];
}

/**
 * A resolved card table: definitions by id and every instance id in table order.
 * @public
 */
export interface CardTable<TCard extends CardDefinition = CardDefinition> {
  /** Every card definition, in table order. */
  readonly definitions: readonly TCard[];
  /** Every instance id, in table order (copies together). */
  readonly instanceIds: readonly string[];
  /** The definition of an instance id (or of a card id); undefined when unknown. */
  readonly byInstance: ReadonlyMap<string, TCard>;
}

/**
 * The instance ids of one definition.
 * @public
 */
export function instanceIdsOf(card: CardDefinition): string[] {
  if (card.copies === undefined) return [card.id];
  const ids: string[] = [];
  for (let i = 1; i <= card.copies; i++) ids.push(`${card.id}#${String(i)}`);
  return ids;
}

/** Builds a card table; assumes definitions have been checked. */
export function buildCardTable<TCard extends CardDefinition>(
  definitions: readonly TCard[],
): CardTable<TCard> {
  const instanceIds: string[] = [];
  const byInstance = new Map<string, TCard>();
  for (const card of definitions) {
    byInstance.set(card.id, card);
    for (const id of instanceIdsOf(card)) {
      instanceIds.push(id);
      byInstance.set(id, card);
    }
  }
  return { definitions, instanceIds, byInstance };
}

/**
 * The most copies of one card definition.
 * @public
 */
export const MAX_COPIES = 1_000;

/**
 * The most card instances a match may have (every definition's copies added up).
 * @public
 */
export const MAX_CARD_INSTANCES = 10_000;

/** Checks a list of card definitions; `checkCard` adds the game's own checks. */
export function checkCards(
  cards: readonly unknown[],
  path: string,
  effectNames: ReadonlySet<string>,
  checkCard: ((card: unknown) => readonly string[]) | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  let instances = 0;
  cards.forEach((raw, i) => {
    const at = `${path}[${String(i)}]`;
    if (typeof raw !== 'object' || raw === null) {
      problems.push({
        path: at,
        message: `expected a card definition object, got ${describeValue(raw)}`,
      });
      return;
    }
    const card = raw as Record<string, unknown>;
    if (typeof card.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(card.id)) {
      problems.push({
        path: `${at}.id`,
        message: `card id must be kebab-case text, got ${describeValue(card.id)}`,
      });
    } else if (seen.has(card.id)) {
      problems.push({ path: `${at}.id`, message: `duplicate card id ${quoteName(card.id)}` });
    } else {
      seen.add(card.id);
    }
    if (
      card.copies !== undefined &&
      (typeof card.copies !== 'number' ||
        !Number.isInteger(card.copies) ||
        card.copies < 1 ||
        card.copies > MAX_COPIES)
    ) {
      problems.push({
        path: `${at}.copies`,
        message: `copies must be a whole number from 1 to ${String(MAX_COPIES)}, got ${describeValue(card.copies)}`,
      });
    } else {
      instances += typeof card.copies === 'number' ? card.copies : 1;
    }
    const effect = card.effect as { type?: unknown } | undefined;
    if (effect !== undefined) {
      if (typeof effect !== 'object' || effect === null || typeof effect.type !== 'string') {
        problems.push({ path: `${at}.effect`, message: 'effect must be { type, params }' });
      } else if (!effectNames.has(effect.type)) {
        problems.push({
          path: `${at}.effect.type`,
          message: `unknown effect ${quoteName(effect.type)}.${didYouMean(effect.type, effectNames)}`,
        });
      }
    }
    if (checkCard) for (const message of checkCard(raw)) problems.push({ path: at, message });
  });
  if (instances > MAX_CARD_INSTANCES)
    problems.push({
      path,
      message: `${String(instances)} card instances in all; a game has at most ${String(MAX_CARD_INSTANCES)}`,
    });
  return problems;
}

/** Problems that get a "did you mean" hint; later ones are listed without. */
const HINTED_PROBLEMS = 10;

/** Applies overrides to a card list; lists problems (unknown ids, duplicate adds). */
export function applyCardOverrides<TCard extends CardDefinition>(
  base: readonly TCard[],
  overrides: unknown,
  path: string,
): { cards: TCard[]; problems: Problem[] } {
  const problems: Problem[] = [];
  if (overrides === undefined) return { cards: [...base], problems };
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    return {
      cards: [...base],
      problems: [{ path, message: 'expected { add?, replace?, remove? }' }],
    };
  }
  const o = overrides as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== 'add' && key !== 'replace' && key !== 'remove') {
      problems.push({
        path: `${path}.${key}`,
        message: `unknown card override ${quoteName(key)} (use add, replace or remove)`,
      });
    }
  }
  let cards = [...base];
  const ids = (): string[] => cards.map((c) => c.id);
  const idOf = (card: unknown): unknown =>
    typeof card === 'object' && card !== null ? (card as { id?: unknown }).id : undefined;
  // A hint costs a distance to every card: only the first problems get one (input is bounded,
  // but 4,000 unknown ids would otherwise cost 300,000 distances).
  const notFound = (id: unknown, what: string): string =>
    typeof id === 'string'
      ? `no card ${quoteName(id)} to ${what}.${problems.length < HINTED_PROBLEMS ? didYouMean(id, ids()) : ''}`
      : `expected a card id, got ${describeValue(id)}`;
  if (o.remove !== undefined) {
    if (!Array.isArray(o.remove))
      problems.push({ path: `${path}.remove`, message: 'expected an array of card ids' });
    else {
      const present = new Set(ids());
      const removed = new Set<string>();
      o.remove.forEach((id: unknown, i) => {
        if (typeof id !== 'string' || !present.has(id)) {
          problems.push({ path: `${path}.remove[${String(i)}]`, message: notFound(id, 'remove') });
        } else removed.add(id);
      });
      cards = cards.filter((c) => !removed.has(c.id));
    }
  }
  if (o.replace !== undefined) {
    if (!Array.isArray(o.replace))
      problems.push({ path: `${path}.replace`, message: 'expected an array of card definitions' });
    else {
      const index = new Map(cards.map((c, i) => [c.id, i]));
      o.replace.forEach((card: unknown, i) => {
        const id = idOf(card);
        const at = typeof id === 'string' ? index.get(id) : undefined;
        if (at === undefined) {
          problems.push({
            path: `${path}.replace[${String(i)}]${typeof card === 'object' && card !== null ? '.id' : ''}`,
            message:
              typeof card === 'object' && card !== null
                ? notFound(id, 'replace')
                : `expected a card definition object, got ${describeValue(card)}`,
          });
        } else {
          cards[at] = card as TCard;
        }
      });
    }
  }
  if (o.add !== undefined) {
    if (!Array.isArray(o.add))
      problems.push({ path: `${path}.add`, message: 'expected an array of card definitions' });
    else {
      const present = new Set(ids());
      o.add.forEach((card: unknown, i) => {
        const id = idOf(card);
        if (typeof id === 'string' && present.has(id)) {
          problems.push({
            path: `${path}.add[${String(i)}].id`,
            message: `card ${quoteName(id)} already exists (use replace)`,
          });
        } else {
          // Checked with the rest of the cards (checkCards): objects, ids, copies.
          if (typeof id === 'string') present.add(id);
          cards.push(card as TCard);
        }
      });
    }
  }
  return { cards, problems };
}
