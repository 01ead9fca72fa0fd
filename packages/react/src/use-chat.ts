import type { ChatLine, ChatResult, ConnectionStatus } from '@ruleloom/client';
import type { Rejection } from '@ruleloom/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MatchStore } from './client-types.js';
import { useMatchSelector } from './use-match.js';

/**
 * What {@link useChat} reads of a snapshot (the fields of `ClientSnapshot` it needs).
 * @public
 */
export interface ChatSnapshot {
  /** The match's chat lines the client holds, oldest first. */
  readonly chat: readonly ChatLine[];
  /** The seat whose view this is; null for a spectator. */
  readonly seat: number | null;
  /** The connection status (`'open'` when a line can be sent). */
  readonly status: ConnectionStatus;
}

/**
 * A client whose match has a chat: a {@link MatchStore} of {@link ChatSnapshot}s plus
 * `sendChat`, as every `@ruleloom/client` client has (a local client's chat is always empty).
 * @public
 */
export interface ChatClient extends MatchStore<ChatSnapshot> {
  /** Says one line in the match's chat; a refusal is a value. */
  sendChat(text: string): Promise<ChatResult>;
}

/**
 * The chat of a match as React state: {@link useChat}'s answer.
 * @public
 */
export interface ChatState {
  /**
   * The lines, oldest first, each with its seat, the seat's name then, its text and the
   * server's time. Plain text: render it as a text child (React escapes it), never as HTML.
   */
  readonly lines: readonly ChatLine[];
  /**
   * Whether this client may write now: a seat (spectators read only) of a remote match whose
   * connection is open. A local match has no chat.
   */
  readonly canSend: boolean;
  /** Whether a line was sent and its answer has not come yet. */
  readonly sending: boolean;
  /**
   * Why the last line was refused (`chat_rate_limited`, `chat_too_long`, ...), as a value;
   * null after a line was accepted.
   */
  readonly error: Rejection | null;
  /**
   * Sends a line (see `RulesClient.sendChat`); resolves with the result, never rejects. A
   * stable function (safe to destructure and to pass down).
   */
  readonly send: (text: string) => Promise<ChatResult>;
}

/**
 * A match's chat for a component: its lines (re-rendering only when they, or whether this
 * client may write, change), and `send`, which keeps the last refusal in `error`.
 * @example
 * ```tsx
 * function Chat({ client }: { client: RulesClient }) {
 *   const { lines, canSend, send, error } = useChat(client);
 *   const [text, setText] = useState('');
 *   return (
 *     <form onSubmit={(e) => { e.preventDefault(); void send(text).then((r) => r.ok && setText('')); }}>
 *       <ol>{lines.map((l) => <li key={l.seq}>{l.name ?? `Seat ${l.seat + 1}`}: {l.text}</li>)}</ol>
 *       <input value={text} onChange={(e) => setText(e.target.value)} disabled={!canSend} />
 *       {error !== null && <p role="alert">{error.message}</p>}
 *     </form>
 *   );
 * }
 * ```
 * @public
 */
export function useChat(client: ChatClient): ChatState {
  const lines = useMatchSelector(client, (s) => s.chat);
  const canSend = useMatchSelector(client, (s) => s.seat !== null && s.status === 'open');
  const [sending, setSending] = useState(0);
  const [error, setError] = useState<Rejection | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const send = useCallback(
    async (text: string): Promise<ChatResult> => {
      setSending((n) => n + 1);
      const result = await client.sendChat(text);
      if (mounted.current) {
        setSending((n) => n - 1);
        setError(result.ok ? null : result.error);
      }
      return result;
    },
    [client],
  );
  return { lines, canSend, sending: sending > 0, error, send };
}
