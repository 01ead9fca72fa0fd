import type { OptionsOf, RulesSetup } from '@ruleloom/core';
import { sessionLaws } from '@ruleloom/core/testing';
import { describe, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';

const setups: RulesSetup<OptionsOf<typeof colonialFlorida>>[] = [
  { players: 2, options: { maxTurns: 30 } },
  { players: 3, options: { maxTurns: 30 } },
];

describe('Colonial Florida in a match session', () => {
  for (const law of sessionLaws({ game: colonialFlorida, setups, numRuns: 6 }))
    it(law.name, law.run, 60_000);
});
