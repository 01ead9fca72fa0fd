import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ruleloom/engine-bridge',
  },
});
