import type { ChatLine } from '../protocol/chat-messages.js';

/**
 * A chat line to store: everything but its `seq`, which the storage gives it (one above the
 * match's newest line).
 * @public
 */
export type NewChatLine = Omit<ChatLine, 'seq'>;

/** A stored chat row as the drivers return it (64-bit integers may come as strings). */
export interface ChatRow {
  readonly seq: number | string;
  readonly seat: number | string;
  readonly name: string | null;
  readonly text: string;
  readonly at: number | string;
}

/** A stored chat row as a {@link ChatLine} (its columns are plain text: nothing to parse). */
export function chatFromRow(row: ChatRow): ChatLine {
  return {
    seq: Number(row.seq),
    seat: Number(row.seat),
    name: row.name,
    text: row.text,
    at: Number(row.at),
  };
}

/**
 * The SQL that reads the newest `limit` lines of a match above a seq, oldest first (`p1`:
 * the match id, `p2`: the seq, `p3`: the limit).
 */
export function listChatSql(p1: string, p2: string, p3: string): string {
  return `SELECT seq, seat, name, text, at FROM (
    SELECT seq, seat, name, text, at FROM ruleloom_chat WHERE match_id = ${p1} AND seq > ${p2}
    ORDER BY seq DESC LIMIT ${p3}
  ) AS newest ORDER BY seq`;
}

/**
 * The SQL that drops the lines of a match up to a seq (`p1`: the match id, `p2`: the seq,
 * {@link chatPruneBelow}).
 */
export function pruneChatSql(p1: string, p2: string): string {
  return `DELETE FROM ruleloom_chat WHERE match_id = ${p1} AND seq <= ${p2}`;
}

/** The highest seq to drop once line `seq` is stored and only the newest `keep` stay. */
export function chatPruneBelow(seq: number, keep: number): number {
  return seq - (Number.isSafeInteger(keep) && keep >= 1 ? keep : 1);
}
