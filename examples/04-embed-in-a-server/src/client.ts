/**
 * A client that plays one seat over the server's WebSocket: it acts on every update where its
 * seat is to act, choosing among the legal actions the server sent, until the match is over.
 */
import type { GameResult } from '@ruleloom/core';
import { WebSocket } from 'ws';
import type { ActionMessage, CreatedMatch, ServerMessage, UpdateMessage } from './protocol.js';

/** Picks one of the legal actions of an update. */
export type Chooser = (update: UpdateMessage) => unknown;

/** What a seat's client saw during a whole match. */
export interface SeatRecord {
  readonly seat: number;
  readonly result: GameResult;
  /** Every message received, as the raw text the server sent. */
  readonly received: readonly string[];
  readonly actionsSent: number;
}

/** Limits that keep a client from running forever. */
export interface PlayLimits {
  readonly timeoutMs: number;
  readonly maxMessages: number;
}

/** Creates a match over HTTP. */
export async function createRemoteMatch(
  url: string,
  body: { readonly game: string; readonly players: number; readonly options?: object },
): Promise<CreatedMatch> {
  const response = await fetch(`${url}/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as CreatedMatch;
}

/** Connects one seat and plays it to the end of the match. */
export function playSeat(
  url: string,
  matchId: string,
  token: string,
  choose: Chooser,
  limits: PlayLimits = { timeoutMs: 15_000, maxMessages: 5_000 },
): Promise<SeatRecord> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/matches/${matchId}/play?token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(wsUrl);
  const received: string[] = [];
  let actionsSent = 0;
  return new Promise<SeatRecord>((resolve, reject) => {
    const fail = (error: Error): void => {
      clearTimeout(timer);
      socket.terminate();
      reject(error);
    };
    const timer = setTimeout(() => {
      fail(new Error(`seat timed out after ${String(limits.timeoutMs)} ms`));
    }, limits.timeoutMs);
    socket.on('error', fail);
    socket.on('close', (code, reason) => {
      fail(new Error(`socket closed (${String(code)} ${reason.toString()})`));
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      received.push(text);
      if (received.length > limits.maxMessages) {
        fail(new Error(`more than ${String(limits.maxMessages)} messages`));
        return;
      }
      const message = JSON.parse(text) as ServerMessage;
      if (message.type === 'rejected') {
        fail(new Error(`action rejected: ${message.error.code}: ${message.error.message}`));
        return;
      }
      if (message.isOver && message.result !== null) {
        clearTimeout(timer);
        socket.removeAllListeners('close');
        socket.close();
        resolve({ seat: message.seat, result: message.result, received, actionsSent });
        return;
      }
      if (message.toAct.includes(message.seat) && message.legalActions.length > 0) {
        const action: ActionMessage = { type: 'action', action: choose(message) };
        actionsSent++;
        socket.send(JSON.stringify(action));
      }
    });
  });
}
