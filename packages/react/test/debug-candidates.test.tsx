import { mctsBot, type SearchReport } from '@ruleloom/bots';
import { createClient } from '@ruleloom/client';
import { createEngine, Rng, type ActionBase } from '@ruleloom/core';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { afterEach, describe, expect, it } from 'vitest';
import { DebugPanel, type DebugCandidate, type ExplainRequest } from '../src/debug.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
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

describe('the debug panel’s bot candidates when there is nothing to list', () => {
  it('says the bot has one choice when the search answers no candidates', async () => {
    const setup = { seed: 11, players: 2, options: { turns: 2, trading: 'off' } } as const;
    const client = createClient({ type: 'local', game: stAugustine, setup });
    const rules = createEngine(stAugustine, { players: 2, options: setup.options });
    let report: SearchReport<ActionBase> | undefined;
    const bot = mctsBot({ iterations: 20, onSearch: (r) => (report = r) });
    const explain = async (r: ExplainRequest): Promise<readonly DebugCandidate[]> => {
      // One legal action: a real search has nothing to compare and reports no candidates.
      await bot.act({
        ...r,
        legalActions: r.legalActions.slice(0, 1),
        rng: Rng.fromSeed(1),
        rules: rules as never,
      });
      return report?.candidates ?? [];
    };
    mounted = await mount(
      <DebugPanel client={client} game={stAugustine} explain={explain} defaultOpen />,
    );
    const c = mounted.container;
    await settle(() => button(c, 'Ask the bot about this position').click());
    await settle();
    expect(report?.candidates).toEqual([]);
    expect(c.querySelector('table[aria-label="debug bot candidates"]')).toBeNull();
    expect(c.querySelector('[role="status"]')?.textContent).toBe(
      'At version 0: nothing to search, the bot has one choice here.',
    );
    client.close();
  });

  it('shows a failed search as an alert, and the button can ask again', async () => {
    const setup = { seed: 11, players: 2, options: { turns: 2, trading: 'off' } } as const;
    const client = createClient({ type: 'local', game: stAugustine, setup });
    let calls = 0;
    const explain = (): readonly DebugCandidate[] => {
      calls++;
      throw new Error('no forward model for this variant');
    };
    mounted = await mount(
      <DebugPanel client={client} game={stAugustine} explain={explain} defaultOpen />,
    );
    const c = mounted.container;
    await settle(() => button(c, 'Ask the bot about this position').click());
    await settle();
    const alerts = [...c.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toContain('The search failed: no forward model for this variant');
    expect(button(c, 'Ask the bot about this position').disabled).toBe(false);
    await settle(() => button(c, 'Ask the bot about this position').click());
    await settle();
    expect(calls).toBe(2);
    client.close();
  });
});
