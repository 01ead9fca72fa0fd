/**
 * The BullMQ backend's packages, `bullmq` and `ioredis`, are optional peer dependencies of
 * `@ruleloom/bots`: an app that never runs a distributed tournament (a browser app) does
 * not install them. They are loaded on first use; when missing, the error says what to install.
 */

/** What to install for the BullMQ backend (the versions Ruleloom is tested with). */
export const BULLMQ_INSTALL = 'npm install bullmq@6.7.0 ioredis@6.0.0';

function isMissing(error: unknown, name: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND') &&
    typeof e.message === 'string' &&
    e.message.includes(`'${name}'`)
  );
}

function missing(name: string, error: unknown): Error {
  return new Error(
    `the BullMQ tournament backend needs the optional peer dependency '${name}', which is not installed: ${BULLMQ_INSTALL}`,
    { cause: error },
  );
}

/** Loads an optional peer; when it is not installed, throws an error that says how to install it. */
export async function loadOptionalPeer<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw isMissing(error, name) ? missing(name, error) : error;
  }
}

/** Loads `bullmq`, or throws an error that says how to install it. */
export function loadBullmq(): Promise<typeof import('bullmq')> {
  return loadOptionalPeer('bullmq', () => import('bullmq'));
}

/** Loads `ioredis`, or throws an error that says how to install it. */
export function loadIoredis(): ReturnType<typeof importIoredis> {
  return loadOptionalPeer('ioredis', importIoredis);
}

function importIoredis() {
  return import('ioredis');
}
