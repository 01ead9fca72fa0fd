import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/colonial-florida',
    // Type tests (*.test-d.ts) run through tsc: they fail when a public type loosens.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
