import * as v from 'valibot';

/**
 * The longest chat line, in characters (Unicode code points), after trimming.
 * @public
 */
export const MAX_CHAT_LENGTH = 280;

/**
 * The codes {@link checkChatText} refuses a line with (also in `SERVER_ERROR_CODES`).
 * @public
 */
export type ChatTextProblem = 'chat_empty' | 'chat_too_long' | 'chat_invalid_text';

/**
 * Control, format (bidirectional overrides, invisible characters), private-use and surrogate
 * code points and line or paragraph separators: refused in a chat line. Zero-width joiners
 * (U+200C, U+200D) and emoji tag characters (U+E0020..U+E007F, subdivision flags) are allowed:
 * emoji sequences and several scripts need them. Tabs and line breaks never get here (they
 * become spaces first).
 */
const FORBIDDEN = /[\p{Cc}\p{Co}\p{Cs}\p{Zl}\p{Zp}]|(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/u;

/** Tabs and line breaks: one line of chat, so each becomes a space. */
const BREAKS = /\r\n|[\t\n\r]/g;

/**
 * Checks a chat line as a client sent it: the text (tabs and line breaks turned into spaces,
 * Unicode NFC, trimmed), or why it is refused with a stable code: `chat_empty` (nothing but
 * spaces), `chat_too_long` (more than {@link MAX_CHAT_LENGTH} characters) or
 * `chat_invalid_text` (not a string, or holding a control or invisible format character).
 * The text stays plain text: nothing in it is interpreted (no HTML, no markup); showing it
 * escaped is the page's job (React does it).
 * @public
 */
export function checkChatText(
  raw: unknown,
):
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: ChatTextProblem; readonly message: string } {
  if (typeof raw !== 'string')
    return { ok: false, code: 'chat_invalid_text', message: 'a chat line must be a string' };
  const tooLong = {
    ok: false,
    code: 'chat_too_long',
    message: `a chat line has at most ${String(MAX_CHAT_LENGTH)} characters`,
  } as const;
  // Bounded before any work on it: a huge string is refused without normalizing it.
  if (raw.length > MAX_CHAT_LENGTH * 4) return tooLong;
  const spaced = raw.replace(BREAKS, ' ');
  if (FORBIDDEN.test(spaced))
    return {
      ok: false,
      code: 'chat_invalid_text',
      message: 'a chat line may not hold control or invisible characters',
    };
  const text = spaced.normalize('NFC').trim();
  if (text.length === 0)
    return { ok: false, code: 'chat_empty', message: 'a chat line may not be empty' };
  // Code points: a surrogate pair (never lone here, see FORBIDDEN) counts once.
  if (text.length - (text.match(/[\uD800-\uDBFF]/g)?.length ?? 0) > MAX_CHAT_LENGTH) return tooLong;
  return { ok: true, text };
}

const int = v.pipe(v.number(), v.safeInteger());

/**
 * The runtime schema (valibot) of {@link ChatMessage}.
 * @public
 */
export const chatMessageSchema = v.object({
  type: v.literal('chat'),
  // Client sequence number: the answer (a `chat` message carrying the line, or an `error`)
  // names it in `replyTo`. Chat lines are never resent: a seq is not kept for them.
  // /
  seq: v.pipe(int, v.minValue(1)),
  // The line (checked by `checkChatText`: at most MAX_CHAT_LENGTH characters, not empty).
  text: v.string(),
});

/**
 * `chat`: a seat says one line to everyone in its match (spectators only read). Answered with
 * the `chat` message that carries the stored line (with `replyTo`), or an `error`:
 * `spectator_cannot_chat`, `chat_empty`, `chat_too_long`, `chat_invalid_text`,
 * `chat_rate_limited`, `chat_unavailable`. (Inferred from {@link chatMessageSchema}.)
 * @public
 */
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>;

/**
 * The runtime schema (valibot) of {@link ChatLine}.
 * @public
 */
export const chatLineSchema = v.object({
  // The line's number in its match: 1, 2, 3, ... in the order the server stored them.
  seq: v.pipe(int, v.minValue(1)),
  // The seat that said it.
  seat: v.pipe(int, v.minValue(0)),
  // The seat's display name when it said it (null: none given).
  name: v.nullable(v.pipe(v.string(), v.maxLength(128))),
  // The text: plain text, never markup (at most MAX_CHAT_LENGTH code points).
  text: v.pipe(v.string(), v.maxLength(MAX_CHAT_LENGTH * 2)),
  // When the server stored it (Unix ms, from the server's clock).
  at: v.number(),
});

/**
 * One line of a match's chat, as stored with the match and sent to its connections.
 * (Inferred from {@link chatLineSchema}.)
 * @public
 */
export type ChatLine = v.InferOutput<typeof chatLineSchema>;

/**
 * The runtime schema (valibot) of {@link ChatLinesMessage}.
 * @public
 */
export const chatLinesMessageSchema = v.object({
  type: v.literal('chat'),
  // The match id.
  match: v.string(),
  // New lines, in `seq` order (usually one).
  lines: v.pipe(v.array(chatLineSchema), v.readonly()),
  // On the sender's connection only: the `seq` of its `chat` message. The frame's last line is
  // then the sender's line (lines stored after it come in the next frame).
  // /
  replyTo: v.optional(int),
});

/**
 * `chat` (from the server): new chat lines of the match, sent to every connection of it,
 * seats and spectators, as soon as they are stored. A (re)joining connection gets the kept
 * lines in its `welcome` (`chat`). (Inferred from {@link chatLinesMessageSchema}.)
 * @public
 */
export type ChatLinesMessage = v.InferOutput<typeof chatLinesMessageSchema>;
