import {
  ACTION_LIMITS,
  checkJsonLimits,
  expandLegalActions,
  type ActionBase,
  type CompactLegalActions,
  type LogEntry,
  type Rejection,
} from '@ruleloom/core';
// The server's own protocol module (browser-safe), bundled into this package's build.
import {
  DEFAULT_LOG_PAGE,
  httpErrorBodySchema,
  MAX_LOG_PAGE,
  matchLogAnswerSchema,
  parseHttpBody,
  parseServerMessage,
  PROTOCOL_VERSION,
  type ServerMessage,
  type UpdateMessage,
  type WelcomeMessage,
} from '@ruleloom/server/protocol';
import type {
  ActResult,
  ChatResult,
  ClientSnapshot,
  LoadEarlierLogResult,
  RulesClient,
} from '../snapshot/client-snapshot.js';
import { initialSnapshot, SnapshotStore } from '../snapshot/snapshot-store.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { RemoteChat } from './remote-chat.js';
import { memorySeqStore, type SeqStore } from './seq-store.js';
import type {
  CloseEventLike,
  MessageEventLike,
  WebSocketConstructorLike,
  WebSocketLike,
} from './web-socket-like.js';

/**
 * The part of `fetch` the client uses (for `GET /matches/:id/log`): `globalThis.fetch` in
 * browsers and Node 20, or any function with this shape.
 * @public
 */
export type FetchLike = (
  url: string,
  init: { readonly headers: Readonly<Record<string, string>> },
) => Promise<{ readonly status: number; json(): Promise<unknown> }>;

/**
 * Settings of a multiplayer client (`createClient({ type: 'remote', ... })`).
 * @public
 */
export interface RemoteClientOptions {
  /** Selects multiplayer mode. */
  readonly type: 'remote';
  /** The server: its base URL (`https://host`, `ws://host:8080`) or the full `/play` URL. */
  readonly url: string;
  /** The match id (from `POST /matches`). */
  readonly match: string;
  /** The seat token; without one the client watches as a spectator. Sent in `join`, never in the URL. */
  readonly token?: string;
  /**
   * The seat's display name, sent in `join` (at most 32 characters, no control characters:
   * the server refuses the join otherwise); the server keeps it with the match.
   */
  readonly name?: string;
  /** The WebSocket constructor (default: `globalThis.WebSocket`; pass `ws`'s in Node 20). */
  readonly WebSocket?: WebSocketConstructorLike;
  /** Reconnection delays. */
  readonly backoff?: BackoffOptions;
  /** Where the seat's last sequence number is kept (default: in memory). */
  readonly seqStore?: SeqStore;
  /** Called with a short reason for each received frame that failed validation (it is dropped). */
  readonly onInvalidMessage?: (reason: string) => void;
  /** The `fetch` for `loadEarlierLog` (default: `globalThis.fetch`). */
  readonly fetch?: FetchLike;
}

/** Close codes after which a retry cannot help (see the protocol's close codes). */
const FINAL_CLOSES: Readonly<Record<number, string>> = {
  4000: 'protocol_error',
  4001: 'unauthorized',
  4002: 'replaced',
  4004: 'match_not_found',
  4005: 'match_quarantined',
  4011: 'token_revoked',
};

/** What a chat line waiting for its answer learns when the connection goes. */
const LOST: Rejection = {
  code: 'connection_lost',
  message: 'the connection was lost before the server answered (the line shows if it was stored)',
};

/** `join` refusals after which a retry cannot help. */
const FINAL_JOIN_ERRORS = new Set([
  'unauthorized',
  'token_expired',
  'token_revoked',
  'match_not_found',
  'match_quarantined',
  'unsupported_protocol',
  'malformed_message',
]);

interface PendingAct {
  readonly text: string;
  readonly resolve: (result: ActResult) => void;
}

function playUrl(url: string): string {
  const ws = url.replace(/^http(s?):\/\//i, 'ws$1://');
  return /\/play\/?$/.test(ws) ? ws : `${ws.replace(/\/+$/, '')}/play`;
}

/** The server's HTTP base URL (the routes' prefix) from the URL a client was given. */
function httpBase(url: string): string {
  const http = url.replace(/^ws(s?):\/\//i, 'http$1://');
  return http.replace(/\/+$/, '').replace(/\/play$/, '');
}

/** The multiplayer client: one WebSocket, rejoined with `since` after every loss. */
export class RemoteClient<TAction extends ActionBase> implements RulesClient<TAction> {
  private readonly store = new SnapshotStore<TAction>(initialSnapshot<TAction>('connecting'));
  private readonly Ws: WebSocketConstructorLike;
  private readonly seqs: SeqStore;
  private readonly pending = new Map<number, PendingAct>();
  private socket: WebSocketLike | null = null;
  private joinSeq = -1;
  private joined = false;
  private welcomed = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The `loadEarlierLog` in flight (one at a time: a second call shares it). */
  private loadingEarlier: Promise<LoadEarlierLogResult> | null = null;
  private readonly chat = new RemoteChat<TAction>(this.store);

  constructor(private readonly options: RemoteClientOptions) {
    const Ws =
      options.WebSocket ??
      (globalThis as { WebSocket?: WebSocketConstructorLike }).WebSocket ??
      null;
    if (Ws === null)
      throw new TypeError(
        "no WebSocket constructor: pass createClient({ WebSocket }) (in Node 20: import { WebSocket } from 'ws')",
      );
    this.Ws = Ws;
    this.seqs = options.seqStore ?? memorySeqStore();
    this.open();
  }

  subscribe(listener: () => void): () => void {
    return this.store.subscribe(listener);
  }

  getSnapshot(): ClientSnapshot<TAction> {
    return this.store.get();
  }

  isLegal(action: unknown): boolean {
    return this.store.isLegal(action);
  }

  act(action: TAction): Promise<ActResult> {
    if (this.closed) return Promise.resolve(this.refuse(this.closedRejection()));
    const problem = checkJsonLimits(action, ACTION_LIMITS);
    if (problem !== undefined || typeof action !== 'object' || action === null)
      return Promise.resolve(
        this.refuse({
          code: 'malformed_action',
          message: `the action was not sent: ${problem ?? 'an action is an object with a type'}`,
        }),
      );
    const seq = this.nextSeq();
    const text = JSON.stringify({ type: 'act', seq, action, version: this.store.get().version });
    return new Promise((resolve) => {
      this.pending.set(seq, { text, resolve });
      this.store.update({ pending: true });
      if (this.joined) this.socket?.send(text);
    });
  }

  sendChat(text: string): Promise<ChatResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: this.closedRejection() });
    const checked = this.chat.check(text);
    if (!checked.ok) return Promise.resolve(checked.result);
    const socket = this.socket;
    if (!this.joined || socket === null)
      return Promise.resolve({
        ok: false,
        error: {
          code: 'not_connected',
          message: 'not connected to the match right now: send it again once reconnected',
        },
      });
    // Never resent after a reconnect (a line is not idempotent): the answer or `lost` decides.
    const seq = this.nextSeq();
    const answer = this.chat.wait(seq);
    socket.send(JSON.stringify({ type: 'chat', seq, text: checked.text }));
    return answer;
  }

  loadEarlierLog(limit: number = DEFAULT_LOG_PAGE): Promise<LoadEarlierLogResult> {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LOG_PAGE)
      return Promise.resolve({
        ok: false,
        error: {
          code: 'invalid_limit',
          message: `limit must be a whole number from 1 to ${String(MAX_LOG_PAGE)}`,
        },
      });
    if (this.loadingEarlier === null)
      this.loadingEarlier = this.fetchEarlier(limit).finally(() => {
        this.loadingEarlier = null;
      });
    return this.loadingEarlier;
  }

  /** Reads the page before `logStart` and puts it in front of the log. */
  private async fetchEarlier(limit: number): Promise<LoadEarlierLogResult> {
    if (this.closed) return { ok: false, error: this.closedRejection() };
    const asked = this.store.get();
    if (!this.welcomed)
      return {
        ok: false,
        error: { code: 'not_joined', message: 'the client has not joined the match yet' },
      };
    if (asked.logStart <= 1) return { ok: true, added: 0, complete: true };
    const fetchFn =
      this.options.fetch ?? (globalThis as { fetch?: FetchLike }).fetch?.bind(globalThis);
    if (fetchFn === undefined)
      return {
        ok: false,
        error: { code: 'no_fetch', message: 'no fetch function: pass createClient({ fetch })' },
      };
    const { match, token } = this.options;
    const before = asked.logStart;
    const url = `${httpBase(this.options.url)}/matches/${encodeURIComponent(match)}/log?before=${String(before)}&limit=${String(limit)}`;
    let status: number;
    let body: unknown;
    try {
      const response = await fetchFn(url, {
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
      status = response.status;
      body = await response.json();
    } catch (error) {
      return {
        ok: false,
        error: {
          code: 'network_error',
          message: `the earlier log could not be read: ${String(error).slice(0, 200)}`,
        },
      };
    }
    if (status !== 200) {
      const refused = parseHttpBody(httpErrorBodySchema, body);
      return {
        ok: false,
        error:
          refused === null
            ? { code: 'http_error', message: `the server answered HTTP ${String(status)}` }
            : refused.error,
      };
    }
    const page = parseHttpBody(matchLogAnswerSchema, body);
    const entries = (page?.entries ?? []) as readonly LogEntry<TAction>[];
    // The entries right before `before`, contiguous, from seq 1 on.
    const first = before - entries.length;
    if (page === null || first < 1 || entries.some((e, i) => e.seq !== first + i)) {
      const reason = 'a log page whose entries do not lead up to the log the client holds';
      this.store.update({ invalidMessages: this.store.get().invalidMessages + 1 });
      this.options.onInvalidMessage?.(reason);
      return { ok: false, error: { code: 'invalid_log_page', message: reason } };
    }
    // An empty page before version 1 (the server has nothing earlier) ends the loading too.
    const complete = first === 1 || !page.more || entries.length === 0;
    const now = this.store.get();
    // A welcome replaced the log meanwhile (a resync after a long gap): these no longer fit.
    if (now.logStart !== before || this.closed)
      return { ok: true, added: 0, complete: now.logStart <= 1 };
    if (entries.length > 0) this.store.update({ log: [...entries, ...now.log], logStart: first });
    return { ok: true, added: entries.length, complete };
  }

  close(): void {
    if (this.closed) return;
    this.finish({ code: 'closed_by_client', message: 'close() was called' });
  }

  private nextSeq(): number {
    const seq = Math.max(this.seqs.load(), 0) + 1;
    this.seqs.save(seq);
    return seq;
  }

  private closedRejection(): Rejection {
    return (
      this.store.get().closeReason ?? { code: 'client_closed', message: 'the client is closed' }
    );
  }

  private refuse(error: Rejection): ActResult {
    this.store.update({ lastRejection: error });
    return { ok: false, error };
  }

  private open(): void {
    this.joined = false;
    const socket = new this.Ws(playUrl(this.options.url));
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.joinSeq = this.nextSeq();
      const since = this.welcomed ? this.store.get().version : undefined;
      const { match, token } = this.options;
      socket.send(
        JSON.stringify({
          type: token === undefined ? 'spectate' : 'join',
          seq: this.joinSeq,
          match,
          ...(token === undefined ? {} : { token }),
          ...(token === undefined || this.options.name === undefined
            ? {}
            : { name: this.options.name }),
          ...(since === undefined ? {} : { since }),
          ...(since === undefined ? {} : { chatSince: this.chat.lastSeq() }),
          protocol: PROTOCOL_VERSION,
        }),
      );
    };
    socket.onmessage = (event: MessageEventLike) => {
      if (socket !== this.socket) return;
      const parsed = parseServerMessage(event.data);
      if (parsed.ok) this.receive(parsed.message);
      else {
        this.store.update({ invalidMessages: this.store.get().invalidMessages + 1 });
        this.options.onInvalidMessage?.(parsed.reason);
      }
    };
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEventLike) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.joined = false;
      this.chat.lost(LOST);
      if (this.closed) return;
      const final = FINAL_CLOSES[event.code];
      if (final !== undefined)
        this.finish({
          code: final,
          message: `the server closed the connection (${String(event.code)}${event.reason === '' ? '' : `: ${event.reason.slice(0, 120)}`})`,
        });
      else this.retry();
    };
  }

  private retry(): void {
    const max = this.options.backoff?.maxAttempts;
    if (max !== undefined && this.attempt >= max) {
      this.finish({
        code: 'reconnect_failed',
        message: `no connection after ${String(this.attempt)} attempts`,
      });
      return;
    }
    this.store.update({ status: 'reconnecting' });
    const delay = backoffDelay(this.attempt++, this.options.backoff);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.open();
    }, delay);
  }

  /** Drops the connection now and rejoins with `since` (after a gap in the versions). */
  private resync(): void {
    const socket = this.socket;
    this.socket = null;
    this.joined = false;
    this.chat.lost(LOST);
    socket?.close(1000, 'resync');
    if (this.closed) return;
    // At once the first time; through the backoff if the server keeps disagreeing.
    if (this.attempt === 0) {
      this.attempt++;
      this.open();
    } else this.retry();
  }

  private finish(reason: Rejection): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket !== null && socket.readyState <= 1) socket.close(1000, 'closed');
    this.store.update({ status: 'closed', closeReason: reason, pending: false });
    for (const [seq, p] of this.pending) {
      this.pending.delete(seq);
      p.resolve({ ok: false, error: reason });
    }
    this.chat.lost(reason);
  }

  private receive(frame: ServerMessage): void {
    const snap = this.store.get();
    switch (frame.type) {
      case 'welcome': {
        if (frame.replyTo !== this.joinSeq) return;
        const since = this.welcomed ? snap.version : 0;
        const missed = frame.missed as readonly LogEntry<TAction>[];
        // Protocol 3: the entries run from `logStart` to the version; `logStart` is `since + 1`
        // when the gap fit, or later when the server sent only the newest entries.
        const start = frame.logStart;
        const contiguous = missed.every((e, i) => e.seq === start + i);
        if (!contiguous || start <= since || start + missed.length !== frame.version + 1) {
          this.store.update({ invalidMessages: snap.invalidMessages + 1 });
          this.options.onInvalidMessage?.(
            `a welcome whose missed entries do not lead from version ${String(since)} to ${String(frame.version)}`,
          );
          this.resync();
          return;
        }
        // The log continues when the entries follow it; else it starts anew at `logStart`.
        const continues = since > 0 && start === since + 1;
        // A reloaded page starts its counter again: continue above the seat's last seq.
        if (frame.lastSeq !== null && frame.lastSeq > this.seqs.load())
          this.seqs.save(frame.lastSeq);
        this.chat.welcome(frame.chat, !this.welcomed);
        this.welcomed = true;
        this.joined = true;
        this.attempt = 0;
        this.store.update({
          status: 'open',
          game: frame.game,
          seat: frame.seat,
          players: frame.players,
          log: continues ? [...snap.log, ...missed] : missed,
          logStart: continues ? snap.logStart : start,
          ...this.snapshotFields(frame),
        });
        // Resend what was not answered: the same seq, so nothing is applied twice.
        for (const p of this.pending.values()) this.socket?.send(p.text);
        return;
      }
      case 'update': {
        if (!this.joined || frame.version <= snap.version) return;
        if (frame.version !== snap.version + 1 || frame.entry.seq !== frame.version) {
          this.resync();
          return;
        }
        this.store.update({
          log: [...snap.log, frame.entry as LogEntry<TAction>],
          ...this.snapshotFields(frame),
        });
        return;
      }
      case 'ack': {
        const p = this.pending.get(frame.replyTo);
        if (p === undefined) return;
        this.pending.delete(frame.replyTo);
        this.store.update({ pending: this.pending.size > 0, lastRejection: null });
        p.resolve({ ok: true, version: frame.version });
        return;
      }
      case 'error': {
        // A refused chat line answers its sendChat (never the game's lastRejection).
        if (this.chat.refused(frame)) return;
        const error: Rejection = { code: frame.code, message: frame.message };
        if (frame.replyTo !== null && frame.replyTo === this.joinSeq && !this.joined) {
          if (FINAL_JOIN_ERRORS.has(frame.code)) this.finish(error);
          else this.store.update({ lastRejection: error });
          return;
        }
        const p = frame.replyTo === null ? undefined : this.pending.get(frame.replyTo);
        if (p !== undefined && frame.replyTo !== null) {
          this.pending.delete(frame.replyTo);
          this.store.update({ pending: this.pending.size > 0, lastRejection: error });
          p.resolve({ ok: false, error });
          return;
        }
        this.store.update({ lastRejection: error });
        return;
      }
      case 'names': {
        // Another seat joined with a name: the names change without a new version.
        if (!this.joined || frame.match !== this.options.match) return;
        this.store.update({ names: frame.names });
        return;
      }
      case 'chat': {
        if (!this.joined || frame.match !== this.options.match) return;
        this.chat.lines(frame);
        return;
      }
      case 'pong':
        return;
    }
  }

  private snapshotFields(frame: WelcomeMessage | UpdateMessage) {
    return {
      version: frame.version,
      view: frame.view,
      toAct: frame.toAct,
      // The frame carries them compactly (ranges and single actions): the app sees the list.
      legalActions: expandLegalActions(frame.legal as CompactLegalActions<TAction>),
      isOver: frame.isOver,
      result: frame.result,
      deadline: frame.deadline,
      ...(frame.names === undefined ? {} : { names: frame.names }),
    };
  }
}
