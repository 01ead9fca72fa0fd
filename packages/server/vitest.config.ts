import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/server',
    // Real servers, sockets, child processes and a PostgreSQL cluster: give them time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
