import { defineProject } from 'vitest/config';

export default defineProject({
  // JSX with React's automatic runtime, as the package's build uses.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: '@ruleloom/react',
    // A real DOM (happy-dom) for the components; real local clients, no mocks.
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
  },
});
