import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/cli',
    testTimeout: 20_000,
  },
});
