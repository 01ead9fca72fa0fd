import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { parseJsonWithLimits } from '../limits/parse-json.js';
import { RateLimiter } from '../limits/rate-limiter.js';
import type { ServerLimits } from '../limits/server-limits.js';
import type { LiveMatch, MatchSession } from '../match/live-match.js';
import { parseClientMessage, type ClientMessage } from '../protocol/client-messages.js';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../protocol/protocol-constants.js';
import type { ErrorMessage } from '../protocol/server-messages.js';
import type { SeatClaim } from '../tokens/seat-tokens.js';

/** What a session asks of the server. */
export interface SessionHost {
  readonly limits: ServerLimits;
  readonly log: FastifyBaseLogger;
  now(): number;
  /** Checks a token (signature, expiry, revocation) for a match. */
  authorize(
    token: unknown,
    match: string,
  ): Promise<
    | { ok: true; claim: SeatClaim; hash: string }
    | { ok: false; code: string; message: string; close: number }
  >;
  /** Whether a token hash is still live in the storage. */
  isTokenLive(hash: string): Promise<boolean>;
  /** Whether other processes share the storage (then revocations are checked per act). */
  readonly shared: boolean;
  /** The live match, loading it; or why it cannot be played. */
  open(
    match: string,
  ): Promise<
    { ok: true; live: LiveMatch } | { ok: false; code: string; message: string; close: number }
  >;
  /** Marks a joined seat of a listed match taken (see `takeJoinedSeat`). */
  seatJoined?(stored: LiveMatch['stored'], seat: number): Promise<void>;
  /** Registers a joined seat's token hash (so revoking it closes the connection). */
  track(session: SocketSession, hash: string | null): void;
  release(session: SocketSession): void;
}

/** One WebSocket connection: first a `join` or `spectate`, then `act`s and `ping`s. */
export class SocketSession implements MatchSession {
  seat: number | null = null;
  private live: LiveMatch | undefined;
  private joining = false;
  private claim: SeatClaim | undefined;
  private tokenHash: string | null = null;
  private readonly limiter: RateLimiter;
  private violations = 0;
  private lastSeen: number;
  private alive = true;
  private closed = false;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private acting = 0;
  private closeAfterActs: { code: number; reason: string } | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
    private readonly headerToken: string | undefined,
    /** The client its address counts as for per-client limits (`clientKey`). */
    readonly client: string,
  ) {
    const now = host.now();
    this.lastSeen = now;
    this.limiter = new RateLimiter(host.limits.messagesPerSecond, host.limits.messageBurst, now);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      this.onFrame(data, isBinary).catch((error: unknown) => this.unexpected(error, null));
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    const first = setTimeout(() => {
      if (this.live === undefined)
        this.close(CLOSE_CODES.protocolError, 'no join or spectate in time');
    }, host.limits.firstMessageTimeoutMs);
    this.timers.push(first);
    this.timers.push(
      setInterval(() => {
        if (!this.alive) {
          this.socket.terminate();
          return;
        }
        this.alive = false;
        this.socket.ping();
      }, host.limits.heartbeatMs),
      setInterval(
        () => {
          if (this.host.now() - this.lastSeen > host.limits.idleTimeoutMs)
            this.close(CLOSE_CODES.idleTimeout, 'idle');
        },
        Math.min(host.limits.idleTimeoutMs, 30_000),
      ),
    );
  }

  send(text: string): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private reply(message: object): void {
    this.send(JSON.stringify(message));
  }

  private error(replyTo: number | null, code: string, message: string, duplicate?: boolean): void {
    const m: ErrorMessage = {
      type: 'error',
      replyTo,
      code,
      message,
      ...(duplicate === true ? { duplicate } : {}),
    };
    this.reply(m);
  }

  /**
   * Closes once the acts in flight are answered: an act stored just before its token was
   * revoked still gets its `ack`.
   */
  closeWhenAnswered(code: number, reason: string): void {
    if (this.acting > 0) this.closeAfterActs = { code, reason };
    else this.close(code, reason);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason.slice(0, 120));
    this.dispose();
  }

  private dispose(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    this.live?.detach(this);
    this.host.release(this);
  }

  private unexpected(error: unknown, replyTo: number | null): void {
    const id = randomUUID();
    this.host.log.error({ err: error, errorId: id }, 'unexpected error in a WebSocket handler');
    this.error(replyTo, 'internal_error', `internal error (id ${id})`);
  }

  /**
   * The `seq` of a frame that is refused before it is handled (`rate_limited`), for its
   * `replyTo`: `null` only when the frame has none (binary, too big, not JSON, no `seq`).
   */
  private seqOf(data: Buffer, isBinary: boolean): number | null {
    if (isBinary || data.length > this.host.limits.maxFrameBytes) return null;
    const parsed = parseJsonWithLimits(data.toString('utf8'), this.host.limits.maxJsonDepth);
    if (!parsed.ok) return null;
    const checked = parseClientMessage(parsed.value);
    return checked.ok ? checked.message.seq : checked.seq;
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    const now = this.host.now();
    this.lastSeen = now;
    if (!this.limiter.take(now)) {
      if (++this.violations > this.host.limits.maxRateViolations) {
        this.close(CLOSE_CODES.rateLimited, 'too many messages');
        return;
      }
      this.error(
        this.seqOf(data, isBinary),
        'rate_limited',
        `more than ${String(this.host.limits.messagesPerSecond)} messages per second`,
      );
      return;
    }
    if (data.length > this.host.limits.maxFrameBytes) {
      // The app may have registered @fastify/websocket with a larger maxPayload.
      this.close(CLOSE_CODES.frameTooBig, 'frame too big');
      return;
    }
    if (isBinary) {
      this.error(null, 'malformed_message', 'messages are JSON text frames');
      return;
    }
    const parsed = parseJsonWithLimits(data.toString('utf8'), this.host.limits.maxJsonDepth);
    if (!parsed.ok) {
      this.error(null, parsed.code, parsed.message);
      return;
    }
    const checked = parseClientMessage(parsed.value);
    if (!checked.ok) {
      this.error(checked.seq, 'malformed_message', checked.message);
      return;
    }
    try {
      await this.dispatch(checked.message);
    } catch (error) {
      this.unexpected(error, checked.message.seq);
    }
  }

  private async dispatch(m: ClientMessage): Promise<void> {
    switch (m.type) {
      case 'ping':
        this.reply({ type: 'pong', replyTo: m.seq });
        return;
      case 'join':
      case 'spectate':
        await this.join(m);
        return;
      case 'chat':
        await this.chat(m);
        return;
      case 'act': {
        if (this.live === undefined) {
          this.error(m.seq, 'not_joined', 'send join or spectate first');
          return;
        }
        if (this.seat === null) {
          this.error(m.seq, 'spectator_cannot_act', 'spectators cannot act');
          return;
        }
        if (this.claim !== undefined && this.claim.expiresAt <= this.host.now()) {
          this.error(m.seq, 'token_expired', 'the seat token has expired');
          this.close(CLOSE_CODES.unauthorized, 'token_expired');
          return;
        }
        // Another process may have revoked the token a moment ago (its notification closes
        // this socket too): with shared storage each act checks it first.
        if (
          this.host.shared &&
          this.tokenHash !== null &&
          !(await this.host.isTokenLive(this.tokenHash))
        ) {
          this.error(m.seq, 'token_revoked', 'the seat token was revoked');
          this.close(CLOSE_CODES.revoked, 'token_revoked');
          return;
        }
        this.acting++;
        try {
          const r = await this.live.act(this.seat, m.action, m.seq, m.version);
          if (r.ok)
            this.reply({ type: 'ack', replyTo: m.seq, version: r.version, duplicate: r.duplicate });
          else this.error(m.seq, r.code, r.message, r.duplicate);
        } finally {
          this.acting--;
          const pending = this.closeAfterActs;
          if (this.acting === 0 && pending !== undefined) this.close(pending.code, pending.reason);
        }
        return;
      }
    }
  }

  private async join(m: ClientMessage & { type: 'join' | 'spectate' }): Promise<void> {
    if (this.live !== undefined || this.joining) {
      this.error(m.seq, 'already_joined', 'this connection already joined a match');
      return;
    }
    if (m.protocol !== undefined && m.protocol !== PROTOCOL_VERSION) {
      this.error(
        m.seq,
        'unsupported_protocol',
        `this server speaks protocol ${String(PROTOCOL_VERSION)}`,
      );
      this.close(CLOSE_CODES.protocolError, 'unsupported_protocol');
      return;
    }
    this.joining = true;
    let seat: number | null = null;
    let hash: string | null = null;
    if (m.type === 'join') {
      const auth = await this.host.authorize(m.token ?? this.headerToken, m.match);
      if (!auth.ok) {
        this.error(m.seq, auth.code, auth.message);
        this.close(auth.close, auth.code);
        return;
      }
      seat = auth.claim.seat;
      hash = auth.hash;
      this.tokenHash = auth.hash;
      this.claim = auth.claim;
    }
    const opened = await this.host.open(m.match);
    if (!opened.ok) {
      this.error(m.seq, opened.code, opened.message);
      this.close(opened.close, opened.code);
      return;
    }
    if (this.closed) return;
    const live = opened.live;
    if (
      live.sessions.size >= this.host.limits.connectionsPerMatch &&
      (seat === null || !live.seats.has(seat))
    ) {
      this.error(m.seq, 'too_many_connections', 'this match has too many connections');
      this.close(CLOSE_CODES.tooManyConnections, 'too many connections to this match');
      return;
    }
    await live.enqueue(async () => {
      await live.refresh();
      if (this.closed) return;
      if (seat !== null && m.type === 'join' && m.name !== undefined)
        await live.rename(seat, m.name);
      if (seat !== null) await this.host.seatJoined?.(live.stored, seat);
      // Made before attaching (it may read older entries from the storage): no frame reaches
      // this connection before its welcome.
      const welcome = await live.welcome(seat, m.seq, m.since);
      if (this.closed) return;
      if (welcome === undefined) {
        // The stored entries it needed break the hash chain: the match is quarantined.
        this.error(
          m.seq,
          'match_quarantined',
          'this match is quarantined: its stored history is damaged',
        );
        this.close(CLOSE_CODES.matchQuarantined, 'match_quarantined');
        return;
      }
      // Attached inside the chat's queue: no chat line falls between the history the welcome
      // carries and the first line sent to this connection.
      await live.chat.enqueue(async () => {
        let chat: Awaited<ReturnType<typeof live.chat.history>>;
        try {
          chat = await live.chat.history(m.chatSince);
        } catch (error) {
          // The game goes on without the history; new lines still come.
          this.host.log.error({ err: error, match: m.match }, 'reading the chat failed');
          chat = undefined;
        }
        if (this.closed) return;
        this.seat = seat;
        this.live = live;
        this.host.track(this, hash);
        live.attach(this);
        this.reply(chat === undefined ? welcome : { ...welcome, chat });
      });
    });
  }

  /** A seat's chat line: checked, rate-limited, stored, sent to the whole match. */
  private async chat(m: ClientMessage & { type: 'chat' }): Promise<void> {
    if (this.live === undefined) {
      this.error(m.seq, 'not_joined', 'send join or spectate first');
      return;
    }
    if (this.seat === null) {
      this.error(m.seq, 'spectator_cannot_chat', 'spectators read the chat but cannot write in it');
      return;
    }
    if (this.claim !== undefined && this.claim.expiresAt <= this.host.now()) {
      this.error(m.seq, 'token_expired', 'the seat token has expired');
      this.close(CLOSE_CODES.unauthorized, 'token_expired');
      return;
    }
    const r = await this.live.chat.post(this, this.seat, m.text, m.seq);
    // An accepted line is answered by the `chat` frame that carries it (with `replyTo`).
    if (!r.ok) this.error(m.seq, r.code, r.message);
  }
}
