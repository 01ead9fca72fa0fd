import { describe, expect, it } from 'vitest';
import { loadBullmq, loadOptionalPeer } from './load-optional.js';

describe('the BullMQ backend packages are optional peers, loaded on first use', () => {
  it('says what to install when the package is missing', async () => {
    // The error Node gives for `import('bullmq')` when bullmq is not installed.
    const notFound = Object.assign(
      new Error("Cannot find package 'bullmq' imported from /app/node_modules/@ruleloom/bots"),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );
    await expect(loadOptionalPeer('bullmq', () => Promise.reject(notFound))).rejects.toThrow(
      "the BullMQ tournament backend needs the optional peer dependency 'bullmq', which is not installed: npm install bullmq@6.7.0 ioredis@6.0.0",
    );
  });

  it('passes any other error through unchanged', async () => {
    const other = new Error('syntax error in bullmq');
    await expect(loadOptionalPeer('bullmq', () => Promise.reject(other))).rejects.toBe(other);
  });

  it('loads bullmq when it is installed (here, a dev dependency)', async () => {
    expect(typeof (await loadBullmq()).Queue).toBe('function');
  });
});
