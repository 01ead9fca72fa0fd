import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    // The release rehearsal and the README runs spawn real processes: give them time.
    testTimeout: 120_000,
  },
});
