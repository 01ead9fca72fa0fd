import { defineProject } from 'vitest/config';

export default defineProject({
  // JSX with React's automatic runtime, as the app's build uses.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: '@ruleloom/example-05-web-app',
    include: ['test/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
