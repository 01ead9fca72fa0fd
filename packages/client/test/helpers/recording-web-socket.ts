import { WebSocket } from 'ws';

/** Every frame a client received, and the sockets it opened (so a test can kill one). */
export interface Recorder {
  readonly frames: string[];
  readonly sent: string[];
  readonly sockets: WebSocket[];
}

/**
 * Holds a frame the client sends until the promise it returns settles (undefined: sent at
 * once). Called with the frame and the index of its socket in {@link Recorder.sockets}.
 */
export type SendGate = (data: string, socket: number) => Promise<void> | undefined;

/**
 * A real `ws` WebSocket that records every text frame it receives and sends: the
 * constructor a test passes as `createClient({ WebSocket })`. A `gate` lets a test decide
 * when a frame goes out (the frames of a socket keep their order).
 */
export function recordingWebSocket(recorder: Recorder, gate?: SendGate): typeof WebSocket {
  return class RecordingWebSocket extends WebSocket {
    /** This socket's index in the recorder's list. */
    readonly index: number;
    /** The frames held by the gate, in order. */
    sending: Promise<void> = Promise.resolve();

    constructor(url: string) {
      super(url);
      this.index = recorder.sockets.push(this) - 1;
      this.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) recorder.frames.push(data.toString('utf8'));
      });
    }

    override send(data: string): void {
      recorder.sent.push(data);
      const held = gate?.(data, this.index);
      if (held === undefined) {
        super.send(data);
        return;
      }
      this.sending = this.sending.then(() => held).then(() => super.send(data));
    }
  } as unknown as typeof WebSocket;
}

export function newRecorder(): Recorder {
  return { frames: [], sent: [], sockets: [] };
}
