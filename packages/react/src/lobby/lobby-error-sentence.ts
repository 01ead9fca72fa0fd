import type { LobbyError } from './lobby-api.js';

/** Sentences for refusals whose message is for developers, not players (shown instead of it). */
const REPLACED: Readonly<Record<string, string>> = {
  unauthorized: 'The server no longer accepts this seat’s link.',
  token_expired: 'This seat’s link has expired.',
  token_revoked: 'This seat was left: its link no longer works.',
  match_not_found: 'The server does not know this match.',
  match_quarantined: 'This match can no longer be played: its stored history is damaged.',
  rate_limited: 'Too many requests at once: wait a moment and try again.',
  too_many_connections: 'Too many connections from here: close a game and try again.',
  too_many_matches: 'You have as many matches on this server as it allows: finish one first.',
  server_full: 'The server is full: try again later.',
  internal_error: 'The server had a problem: try again later.',
  not_held: 'This lobby does not hold that seat.',
  not_created_here: 'This lobby did not create that match, so it cannot start it again.',
};

/** Codes of a refusal whose message tells the player what to change (shown after the lead). */
const LEADS: Readonly<Record<string, string>> = {
  create_refused: 'The server does not let you create matches.',
  invalid_setup: 'The server refused these settings.',
  option_not_allowed: 'The server does not allow that option.',
  unknown_game: 'The server does not host this game.',
  unknown_variant: 'The server does not host this variant.',
  bots_unavailable: 'The server does not play that bot.',
  bot_budget_exceeded: 'The server’s bots are busy: ask for fewer bots or try again later.',
};

/** A message as a sentence: a capital letter, a full stop, no snake_case code in front. */
function asSentence(message: string): string {
  const text = message.replace(/^[a-z]+(?:_[a-z0-9]+)+:\s*/, '').trim();
  if (text === '') return '';
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * Whether a lobby refusal means that no Ruleloom server answers at the lobby's address (no
 * answer at all, an HTTP error without a Ruleloom error body, or an answer that is not one):
 * a page that plays locally only, with online play unavailable.
 * @public
 */
export function isNoServerError(error: LobbyError): boolean {
  return (
    error.code === 'network_error' ||
    error.code === 'bad_answer' ||
    /^http_(404|405|501|502|503|504)$/.test(error.code)
  );
}

/**
 * A lobby refusal (from {@link createLobbyApi} or {@link useLobby}) as a sentence for
 * players: never a raw status or code. `server` is the address the lobby talks to.
 * @example
 * ```ts
 * lobbyErrorSentence({ code: 'http_404', message: 'the server answered 404' }, 'https://example.org');
 * // 'Online play needs a Ruleloom server, and none answers at https://example.org.'
 * ```
 * @public
 */
export function lobbyErrorSentence(error: LobbyError, server: string): string {
  const where = server.replace(/\/+$/, '').slice(0, 100);
  if (isNoServerError(error))
    return `Online play needs a Ruleloom server, and none answers at ${where}.`;
  const replaced = REPLACED[error.code];
  if (replaced !== undefined) return replaced;
  if (/^http_5\d\d$/.test(error.code)) return 'The server had a problem: try again later.';
  if (/^http_\d+$/.test(error.code)) return `The server at ${where} refused the request.`;
  const detail = asSentence(error.message);
  const lead = LEADS[error.code];
  if (lead === undefined) return detail === '' ? 'That did not work.' : detail;
  return detail === '' ? lead : `${lead} ${detail}`;
}
