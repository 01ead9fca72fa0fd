/**
 * Where a seat's last sequence number lives. The server keeps the last `seq` of each seat
 * across all its connections, so a page that reloads must continue above it: keep it in
 * `localStorage` (or any store), per match and seat.
 * @example
 * ```ts
 * const key = `ruleloom-seq:${matchId}`;
 * const seqStore: SeqStore = {
 *   load: () => Number(localStorage.getItem(key) ?? 0),
 *   save: (seq) => localStorage.setItem(key, String(seq)),
 * };
 * ```
 * @public
 */
export interface SeqStore {
  /** The last sequence number used (0 when none). */
  load(): number;
  /** Records the last sequence number used. */
  save(seq: number): void;
}

/** A store in memory, starting at 0. */
export function memorySeqStore(): SeqStore {
  let last = 0;
  return {
    load: () => last,
    save: (seq) => {
      last = seq;
    },
  };
}
