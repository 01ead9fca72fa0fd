import { defineProject } from 'vitest/config';

export default defineProject({
  // JSX with React's automatic runtime, as the app's build uses.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: '@ruleloom/example-05-web-app',
    include: ['test/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // expect.poll waits for what the page will show (a frame, a bot's move); its deadline is a
    // safety net against a hang, not a measurement: vitest's 1 s default is shorter than a bot
    // move plus a render on a loaded 2-core machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
