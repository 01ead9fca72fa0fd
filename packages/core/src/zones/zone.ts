/**
 * Who may see the contents of a zone.
 *
 * - `everyone`: public.
 * - `owner`: only the seat given by the first `*` in the zone's path (`players.*.hand`).
 * - `nobody`: hidden from every seat, including the order of a deck.
 * @public
 */
export type Visibility = 'everyone' | 'owner' | 'nobody';

/**
 * Declares where cards live in a game's state and who may see them.
 *
 * @remarks
 * `path` is a dotted path into the game state where `*` stands for every index of an array:
 * `deck`, `players.*.shops`, `settlements.*.cards`. A `list` zone is an array of card
 * instance ids; a `slot` zone holds one card id or `null`. Core derives views, log redaction,
 * determinization and the card-conservation law from these declarations.
 * @public
 */
export interface ZoneDeclaration {
  /** Dotted path into the game state; `*` iterates an array. */
  readonly path: string;
  /** `list` (array of ids, the default) or `slot` (one id or null). */
  readonly kind?: 'list' | 'slot';
  /** Who may see the zone's contents. */
  readonly visibility: Visibility;
  /**
   * For a zone hidden from a viewer: the name of the field that replaces it in the view,
   * holding its card count (`deckSize`). Required for hidden `list` zones.
   */
  readonly countAs?: string;
}

/**
 * Declares a secret that is not a card zone: a per-seat private field (`players.*.dice`,
 * visibility `owner`) or a value no seat may see (`bonusFace`, visibility `nobody`).
 *
 * @remarks
 * **Undeclared means public**: every field of the game state that no zone or private field
 * declares is shown to every seat and the spectator. A hidden field is left out of the views
 * of those who may not see it (for an array, `countAs` names the view field that holds its
 * length); during the phases listed in `revealIn` everyone sees it (a challenge that shows
 * every cup). A game that declares a private field gives a `determinize` hook that redraws it
 * (see `GameSpec.determinize`).
 * @public
 */
export interface PrivateFieldDeclaration {
  /** Dotted path into the game state; `*` iterates an array and the first `*` is the owner seat. */
  readonly path: string;
  /** Who may see the value: its `owner` seat only, or `nobody`. */
  readonly visibility: 'owner' | 'nobody';
  /**
   * For an array value: the name of the field that replaces it in the views of those who may
   * not see it, holding its length (`diceCount`).
   */
  readonly countAs?: string;
  /** Phases during which every seat and the spectator see the value (`['reveal']`). */
  readonly revealIn?: readonly string[];
}

/**
 * Calls `visit` with the parent object, the key and the owner seat of every occurrence of a
 * zone (and, when `visit` takes a fourth parameter, its concrete path: `players.1.hand`).
 */
export function forEachZoneHolder(
  root: unknown,
  path: string,
  visit: (holder: Record<string, unknown>, key: string, owner: number | null, at: string) => void,
): void {
  const parts = path.split('.');
  const withPath = visit.length > 3;
  const walk = (node: unknown, index: number, owner: number | null, at: string): void => {
    if (typeof node !== 'object' || node === null) return;
    const part = parts[index] as string;
    const last = index === parts.length - 1;
    if (part === '*') {
      if (!Array.isArray(node)) return;
      for (let i = 0; i < node.length; i++) {
        const here = withPath ? (at === '' ? String(i) : `${at}.${String(i)}`) : '';
        if (last) visit(node as unknown as Record<string, unknown>, String(i), owner ?? i, here);
        else walk(node[i], index + 1, owner ?? i, here);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const here = withPath ? (at === '' ? part : `${at}.${part}`) : '';
    if (last) visit(record, part, owner, here);
    else walk(record[part], index + 1, owner, here);
  };
  walk(root, 0, null, '');
}

/** Every card id held in the zones of a state, zone by zone. */
export function collectZoneCards(root: unknown, zones: readonly ZoneDeclaration[]): string[] {
  const cards: string[] = [];
  for (const zone of zones) {
    forEachZoneHolder(root, zone.path, (holder, key) => {
      const content = holder[key];
      if (zone.kind === 'slot') {
        if (typeof content === 'string') cards.push(content);
      } else if (Array.isArray(content)) {
        for (const id of content) if (typeof id === 'string') cards.push(id);
      }
    });
  }
  return cards;
}

/**
 * Takes the top card (index 0) of a list zone, or `undefined` when it is empty.
 * @public
 */
export function drawTop(zone: string[]): string | undefined {
  return zone.shift();
}

/**
 * Removes one card id from a list zone; returns false when it was not there.
 * @public
 */
export function removeCard(zone: string[], id: string): boolean {
  const at = zone.indexOf(id);
  if (at < 0) return false;
  zone.splice(at, 1);
  return true;
}

/**
 * Moves one card id from one list zone to the end of another; returns false when it was not in `from`.
 * @public
 */
export function moveCard(from: string[], to: string[], id: string): boolean {
  if (!removeCard(from, id)) return false;
  to.push(id);
  return true;
}

/**
 * A list zone with `id` added at the end, as a new list: the given one is left as it is.
 * For games whose `cloneForStep` shares lists between states, where the rules replace a list
 * instead of changing it (`s.discard = withCard(s.discard, id)`).
 * @public
 */
export function withCard(zone: readonly string[], id: string): readonly string[] {
  return [...zone, id];
}

/**
 * A list zone without the first `id` in it, as a new list (the same list when `id` is not in
 * it): the given one is left as it is. The replacing twin of {@link removeCard}.
 * @public
 */
export function withoutCard(zone: readonly string[], id: string): readonly string[] {
  const at = zone.indexOf(id);
  return at < 0 ? zone : [...zone.slice(0, at), ...zone.slice(at + 1)];
}

/**
 * Moves every card of `discard` into `deck` (after the cards already there) and shuffles the
 * deck with the match's generator; the shuffle is logged with the zone name and size only.
 * Returns the number of cards moved.
 *
 * @example
 * ```ts
 * if (ctx.state.deck.length === 0) reshuffleDiscard(ctx.random, ctx.state.deck, ctx.state.discard, 'deck');
 * ```
 * @public
 */
export function reshuffleDiscard(
  random: { shuffle<T>(items: T[], zone: string): void },
  deck: string[],
  discard: string[],
  zone: string,
): number {
  const moved = discard.length;
  for (const id of discard) deck.push(id);
  discard.length = 0;
  random.shuffle(deck, zone);
  return moved;
}
