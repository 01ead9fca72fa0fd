/**
 * The bots a match creator may put in a seat, by name: `random` (uniform among the legal
 * actions), `auction-policy` (a cheap rule of thumb for auctions, random elsewhere),
 * `greedy` (one-ply lookahead with the game's heuristic) and `mcts` (information-set Monte
 * Carlo tree search within the decision budget).
 * @public
 */
export const SERVER_BOT_KINDS = ['random', 'auction-policy', 'greedy', 'mcts'] as const;

/**
 * One of {@link SERVER_BOT_KINDS}.
 * @public
 */
export type ServerBotKind = (typeof SERVER_BOT_KINDS)[number];

/** Whether a value names a server bot. */
export function isServerBotKind(value: unknown): value is ServerBotKind {
  return (SERVER_BOT_KINDS as readonly unknown[]).includes(value);
}
