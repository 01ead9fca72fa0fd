import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/client',
    // Real servers, sockets and worker threads: give them time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
