import { WebSocket } from 'ws';

/** Every frame a client received, and the sockets it opened (so a test can kill one). */
export interface Recorder {
  readonly frames: string[];
  readonly sent: string[];
  readonly sockets: WebSocket[];
}

/**
 * A real `ws` WebSocket that records every text frame it receives and sends: the
 * constructor a test passes as `createClient({ WebSocket })`.
 */
export function recordingWebSocket(recorder: Recorder): typeof WebSocket {
  return class RecordingWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      recorder.sockets.push(this);
      this.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) recorder.frames.push(data.toString('utf8'));
      });
    }

    override send(data: string): void {
      recorder.sent.push(data);
      super.send(data);
    }
  } as typeof WebSocket;
}

export function newRecorder(): Recorder {
  return { frames: [], sent: [], sockets: [] };
}
