/**
 * The match session: one actor that hosts a match for any host (a page, a server, a
 * terminal, a tournament). It queues actions, asks decision ports for the awaited seats, runs
 * turn clocks on an injected clock, and gives every viewer a feed.
 *
 * @packageDocumentation
 */
export { createSession, sessionOf, restoreSession } from './session.js';
export type {
  MatchSession,
  SessionOptions,
  SessionSnapshot,
  SessionFeed,
  SessionFeedSnapshot,
  SessionFailure,
  SessionActResult,
} from './session.js';
export {
  inlinePort,
  messagePort,
  serveDecisions,
  DECISION_REQUEST,
  DECISION_REPLY,
} from './decision-port.js';
export type {
  DecisionPort,
  DecisionRequest,
  DecisionReply,
  DecisionEndpoint,
  LocalDecisionContext,
} from './decision-port.js';
export { createManualClock } from './clock.js';
export type { SessionClock, ManualClock } from './clock.js';
