/**
 * One candidate action at the root of a bot's search: how often the search tried it and the
 * mean reward it found for the bot's seat (from 0, a sure loss, to 1, a sure win; a share of
 * the win, or the heuristic at the rollout cut-off).
 * @public
 */
export interface BotCandidate<TAction> {
  readonly action: TAction;
  /** Visits of the candidate (for the flat search: the number of sampled worlds). */
  readonly visits: number;
  /** Mean reward of the bot's seat after the candidate, from 0 to 1. */
  readonly value: number;
}

/**
 * What a search bot reports after a decision (`onSearch` of `mctsBot`): its choice and its
 * root candidates, most visited first. Empty `candidates` when there was nothing to search
 * (one legal action, or one left after pruning).
 * @public
 */
export interface SearchReport<TAction> {
  readonly seat: number;
  /** The action the bot plays. */
  readonly chosen: TAction;
  readonly iterations: number;
  /** Time spent searching, in milliseconds. */
  readonly ms: number;
  readonly candidates: readonly BotCandidate<TAction>[];
}
