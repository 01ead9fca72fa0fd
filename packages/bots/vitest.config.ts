import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/bots',
    // The barrier is also a type-level property: *.test-d.ts run through tsc.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
