import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/core',
    // Type tests (*.test-d.ts) run through tsc: they fail when the SDK's inference regresses.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
