import { mctsBot, type SearchReport } from '@ruleloom/bots';
import { createClient } from '@ruleloom/client';
import { createEngine, Rng, type ActionBase } from '@ruleloom/core';
import { liarsDice } from '@ruleloom/core/games';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DebugPanel,
  type DebugCandidate,
  type DebugPanelProps,
  type ExplainRequest,
} from '../src/debug.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

let mounted: Mounted | null = null;
let closeClient: (() => void) | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
  closeClient?.();
  closeClient = null;
});

describe('the debug panel’s bot candidates', () => {
  it('asks a real MCTS bot about the position and lists its root candidates with visits and values', async () => {
    const setup = { seed: 11, players: 2, options: { turns: 2, trading: 'off' } } as const;
    const client = createClient({ type: 'local', game: stAugustine, setup });
    const rules = createEngine(stAugustine, { players: 2, options: setup.options });
    let report: SearchReport<ActionBase> | undefined;
    const bot = mctsBot({
      iterations: 80,
      heuristic: stAugustineHeuristic,
      onSearch: (r) => (report = r),
    });
    const explain = async (r: ExplainRequest): Promise<readonly DebugCandidate[]> => {
      await bot.act({ ...r, rng: Rng.fromSeed(1), rules: rules as never });
      return report?.candidates ?? [];
    };
    mounted = await mount(
      <DebugPanel client={client} game={stAugustine} explain={explain} defaultOpen />,
    );
    const c = mounted.container;
    await settle(() => button(c, 'Ask the bot about this position').click());
    await settle();
    const table = c.querySelector('table[aria-label="debug bot candidates"]');
    expect(table).not.toBeNull();
    const rows = [...table!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows.length).toBe(Math.min(10, report!.candidates.length));
    expect(rows.length).toBeGreaterThan(1);
    // The rows are the search's candidates, most visited first, values as the search found them.
    for (const [i, cand] of report!.candidates.slice(0, 10).entries()) {
      expect(Number(rows[i]![1])).toBe(cand.visits);
      expect(rows[i]![2]).toBe(cand.value.toFixed(3));
    }
    expect(table!.querySelector('caption')?.textContent).toBe('At version 0, most visited first');
    client.close();
  });
});

/** Mounts the panel on a local Liar's Dice match (hidden rolls) and asks once. */
async function askOnce(explain: NonNullable<DebugPanelProps['explain']>): Promise<HTMLElement> {
  const setup = { seed: 3, players: 3 } as const;
  const client = createClient({ type: 'local', game: liarsDice, setup });
  closeClient = () => client.close();
  mounted = await mount(
    <DebugPanel client={client} game={liarsDice} explain={explain} defaultOpen />,
  );
  const c = mounted.container;
  await settle(() => button(c, 'Ask the bot about this position').click());
  await settle();
  return c;
}

describe('the debug panel’s bot candidates when there is nothing to list (Liar’s Dice)', () => {
  it('says the bot has one choice when the search answers no candidates', async () => {
    const rules = createEngine(liarsDice, { players: 3, options: {} });
    let report: SearchReport<ActionBase> | undefined;
    const bot = mctsBot({ iterations: 20, onSearch: (r) => (report = r) });
    // One legal action: a real search has nothing to compare and reports no candidates.
    const c = await askOnce(async (r) => {
      await bot.act({
        ...r,
        legalActions: r.legalActions.slice(0, 1),
        rng: Rng.fromSeed(1),
        rules: rules as never,
      });
      return report?.candidates ?? [];
    });
    expect(report?.candidates).toEqual([]);
    expect(c.querySelector('table[aria-label="debug bot candidates"]')).toBeNull();
    expect(c.querySelector('[role="status"]')?.textContent).toBe(
      'At version 0: nothing to search, the bot has one choice here.',
    );
  });

  it('shows a failed search as an alert, and the button can ask again', async () => {
    let calls = 0;
    const c = await askOnce(() => {
      calls++;
      throw new Error('no forward model for this variant');
    });
    const alerts = [...c.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toContain('The search failed: no forward model for this variant');
    expect(button(c, 'Ask the bot about this position').disabled).toBe(false);
    await settle(() => button(c, 'Ask the bot about this position').click());
    await settle();
    expect(calls).toBe(2);
  });
});
