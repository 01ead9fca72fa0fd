import type { Readable } from 'node:stream';

/** A terminal's standard input: a stream that can be switched to raw mode. */
interface RawInput extends Readable {
  setRawMode?: (raw: boolean) => unknown;
  isTTY?: boolean;
}

/**
 * Reads one key press from a terminal without waiting for Enter (raw mode, restored
 * afterwards). Resolves with `'enter'`, `'ctrl-c'`, the character typed (lower case), or
 * null when the input ended or is not a terminal that can go raw.
 * @public
 */
export function readKey(input: Readable): Promise<string | null> {
  const raw = input as RawInput;
  if (typeof raw.setRawMode !== 'function') return Promise.resolve(null);
  const setRaw = raw.setRawMode.bind(raw);
  return new Promise((resolve) => {
    const finish = (key: string | null): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      setRaw(false);
      input.pause();
      resolve(key);
    };
    const onData = (chunk: Buffer | string): void => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (text === '\u0003') finish('ctrl-c');
      else if (text === '\r' || text === '\n') finish('enter');
      else finish(text.slice(0, 1).toLowerCase());
    };
    const onEnd = (): void => finish(null);
    setRaw(true);
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
