import type { Rejection } from '@ruleloom/core';

/** What a player reads for a refusal code (the rules' message adds the details). */
const SENTENCES: Readonly<Record<string, string>> = {
  not_your_turn: 'It is not your turn.',
  game_over: 'The game is over.',
  illegal_action: 'That move is not allowed now.',
  malformed_action: 'That move was not understood.',
  unknown_action: 'That move was not understood.',
  invalid_seat: 'That seat is not in this game.',
  bid_not_multiple: 'Bids go in steps of $1,000.',
  bid_too_low: 'That bid is below the minimum.',
  bid_not_higher: 'A bid must be higher than the current high bid.',
  insufficient_funds: 'You do not have that much money.',
  no_auction: 'There is no auction now.',
  nothing_to_pass: 'There is nothing to pass now.',
  not_trade_phase: 'Trades are proposed in the trade phase only.',
  trade_pending: 'A trade offer is already waiting for an answer.',
  proposal_limit_reached: 'You have made all the trade proposals allowed this turn.',
  cannot_trade_with_self: 'You cannot trade with yourself.',
  unknown_player: 'That player is not in this game.',
  empty_trade: 'A trade must give or ask for something.',
  invalid_amount: 'Amounts must be whole dollars, zero or more.',
  amount_not_multiple: 'Amounts go in steps of $1,000.',
  duplicate_shop: 'A shop is listed twice.',
  unknown_card: 'That card is not in this game.',
  not_owned: 'That shop is not owned by that player.',
  no_pending_trade: 'There is no trade offer to answer.',
  bot_failed: 'A bot stopped playing.',
  client_closed: 'The game was closed.',
  stale_version: 'The game moved on before your move arrived: look again and retry.',
  nothing_to_undo: 'There is no move of yours to take back.',
  not_undoable: 'That move cannot be taken back.',
  revealed: 'That move cannot be taken back: something hidden has been shown since.',
};

/**
 * Codes whose rules message names the move by its action type (`'proposeTrade' cannot be
 * taken back`), for developers: a player reads the sentence alone.
 */
const SENTENCE_ONLY: ReadonlySet<string> = new Set(['not_undoable']);

/**
 * What a player reads for a refusal of the server or of the connection: shown instead of its
 * message, which is for developers (`the server closed the connection (4004: …)`).
 */
const CONNECTION_SENTENCES: Readonly<Record<string, string>> = {
  unauthorized: 'The server no longer accepts this seat’s link.',
  token_expired: 'This seat’s link has expired.',
  token_revoked: 'This seat was left: its link no longer works.',
  match_not_found: 'The server does not know this match.',
  match_quarantined: 'This match can no longer be played: its stored history is damaged.',
  replaced: 'This seat was opened in another tab or window.',
  protocol_error: 'The server did not understand this page: reload it.',
  unsupported_protocol: 'This page and the server speak different versions: reload the page.',
  malformed_message: 'The server did not understand that move.',
  too_deep: 'The server did not understand that move.',
  not_joined: 'The connection is not ready yet: try again in a moment.',
  already_joined: 'This page is already connected to the match.',
  spectator_cannot_act: 'Spectators watch: they cannot play.',
  stale_seq: 'That move was already sent: look again and retry.',
  version_conflict: 'Another move was played first: look again and retry.',
  rate_limited: 'Too many moves at once: wait a moment and try again.',
  too_many_connections: 'Too many connections to this match: close another tab and reload.',
  server_full: 'The server is full: try again later.',
  internal_error: 'The server had a problem: try again.',
  reconnect_failed: 'The connection to the server was lost: reload the page to try again.',
  network_error: 'The server did not answer: check the address or try again later.',
  closed_by_client: 'The game was closed.',
  too_many_legal_actions: 'This match has too many possible moves for the server to send.',
  bot_budget_exceeded: 'The server’s bots are busy: try again later.',
  invalid_log_page: 'The server sent earlier moves that do not fit: reload the page.',
};

/** A rules message as a sentence: capital letter, full stop, no `(code: …)` inside. */
function asSentence(message: string): string {
  const text = message
    .replace(/\(([a-z]+_[a-z_]+): /g, '(')
    .replace(/\b[a-z]+_[a-z_]+:\s*/g, '')
    .trim();
  if (text === '') return '';
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** A refusal as sentences for players, never a raw code (`bid_not_multiple`). */
export function errorSentence(rejection: Rejection): string {
  const connection = CONNECTION_SENTENCES[rejection.code];
  if (connection !== undefined) return connection;
  const lead = SENTENCES[rejection.code];
  if (lead !== undefined && SENTENCE_ONLY.has(rejection.code)) return lead;
  const detail = asSentence(rejection.message);
  if (lead === undefined) return detail === '' ? 'That did not work.' : detail;
  return detail === '' || detail.toLowerCase() === lead.toLowerCase() ? lead : `${lead} ${detail}`;
}
