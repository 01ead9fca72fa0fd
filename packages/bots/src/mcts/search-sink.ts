/** What a search reports: its counts and, on request, its root candidates. */

/** One root candidate of a search: its visits and the mean reward of the searching seat. */
export interface RootCandidate<TAction> {
  readonly action: TAction;
  readonly visits: number;
  readonly value: number;
}

/** Where a search adds its counts (and, when `candidates` is set, puts its root candidates). */
export interface SearchSink<TAction> {
  iterations: number;
  ms: number;
  candidates?: RootCandidate<TAction>[];
}
