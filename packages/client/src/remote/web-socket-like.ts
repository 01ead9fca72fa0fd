/**
 * The part of a WebSocket the client uses: the browser's `WebSocket` and the `ws` package's
 * both fit. The client only ever assigns the `on…` handlers (so their parameter is typed
 * `never` here, which any handler type satisfies).
 * @public
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Sends one text frame. */
  send(data: string): void;
  /** Starts the closing handshake. */
  close(code?: number, reason?: string): void;
  /** Called once the connection is open. */
  onopen: ((event: never) => unknown) | null;
  /** Called with each received frame (`event.data`). */
  onmessage: ((event: never) => unknown) | null;
  /** Called once the connection is closed (`event.code`, `event.reason`). */
  onclose: ((event: never) => unknown) | null;
  /** Called on a connection error (a close follows). */
  onerror: ((event: never) => unknown) | null;
}

/**
 * A WebSocket constructor: `WebSocket` in a browser, `WebSocket` from `ws` in Node 20.
 * @public
 */
export type WebSocketConstructorLike = new (url: string) => WebSocketLike;

/** A received frame, as both the browser and `ws` deliver it. */
export interface MessageEventLike {
  readonly data: unknown;
}

/** A close event, as both the browser and `ws` deliver it. */
export interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
}
