import { randomBot } from '@ruleloom/bots';
import { createClient, createInlineBotRunner } from '@ruleloom/client';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEBUG_PANEL_MARKER, DebugPanel, viewAtVersion } from '../src/debug.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

const runner = () =>
  createInlineBotRunner({ games: [stAugustine, colonialFlorida], bots: { random: randomBot() } });

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

function text(c: HTMLElement, testId: string): string {
  return c.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
}

async function choose(select: HTMLSelectElement | HTMLInputElement, value: string) {
  await act(async () => {
    // React tracks the value through the native setter; then an input/change event.
    const proto = select instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(
      new Event(select instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
    await Promise.resolve();
  });
}

describe('the debug panel over a real local client', () => {
  it('travels to any version: the view shown is the one replayed from the setup', async () => {
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 3, players: 3, options: { turns: 2, trading: 'off' } },
      bots: { 1: 'random', 2: 'random' },
      // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
      botSeed: 'debug-panel-test',
      botRunner: runner(),
    });
    mounted = await mount(<DebugPanel client={client} game={stAugustine} defaultOpen />);
    const c = mounted.container;
    expect(c.querySelector(`[data-ruleloom-debug="${DEBUG_PANEL_MARKER}"]`)).not.toBeNull();
    // Play a few decisions through the panel's legal-action buttons (seat 0), bots between.
    for (let i = 0; i < 4; i++) {
      await settle(() => client.whenIdle());
      const s = client.getSnapshot();
      if (s.isOver || s.legalActions.length === 0) break;
      const first = [
        ...c.querySelectorAll('[aria-label="debug legal actions"] button'),
      ][0] as HTMLButtonElement;
      await settle(() => first.click());
    }
    await settle(() => client.whenIdle());
    const save = client.save();
    expect(save.actions.length).toBeGreaterThan(3);
    const live = JSON.parse(text(c, 'debug-view')) as unknown;
    expect(live).toEqual(client.getSnapshot().view);

    // Version 2 from the log, as seat 2: the engine's own replay of the first 2 actions.
    await choose(c.querySelector('select[aria-label="debug seat"]')!, '2');
    await settle(() => button(c, 'v2:', true).click());
    const replay = createMatch(stAugustine, save.setup);
    for (const a of save.actions.slice(0, 2)) replay.apply(a.seat, a.action);
    expect(JSON.parse(text(c, 'debug-view'))).toEqual(replay.view(2));
    expect(JSON.parse(text(c, 'debug-state'))).toEqual(replay.state);
    expect(c.textContent).toContain(`Debug · version 2 of ${String(save.actions.length)} · seat 2`);

    // Version 0 (the setup) and back to live.
    await settle(() => button(c, 'v0: setup').click());
    expect(JSON.parse(text(c, 'debug-view'))).toEqual(createMatch(stAugustine, save.setup).view(2));
    await settle(() => button(c, 'Back to live').click());
    expect(c.textContent).toContain('(live)');
  });

  it('sends any action and shows the refusal as a value; restores only a save that verifies', async () => {
    const client = createClient({
      type: 'local',
      game: colonialFlorida,
      setup: { seed: 5, players: 3, options: { maxTurns: 3 } },
    });
    const restored: SavedMatch[] = [];
    mounted = await mount(
      <DebugPanel client={client} game={colonialFlorida} onRestore={(s) => restored.push(s)} />,
    );
    const c = mounted.container;
    const draft = c.querySelector<HTMLTextAreaElement>('textarea[aria-label="debug action JSON"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
        draft,
        '{"type":"fly"}',
      );
      draft.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve();
    });
    await settle(() => button(c, 'Send').click());
    expect(c.querySelector('output[aria-label="debug answer"]')?.textContent).toMatch(/^[a-z_]+: /);
    expect(client.getSnapshot().version).toBe(0);

    await settle(() => button(c, 'Show the save').click());
    const saveBox = c.querySelector<HTMLTextAreaElement>('textarea[aria-label="debug save JSON"]')!;
    const good = saveBox.value;
    expect(JSON.parse(good)).toEqual(client.save());
    const tampered = JSON.stringify({ ...JSON.parse(good), hash: '0'.repeat(64) });
    for (const [value, ok] of [
      [tampered, false],
      [good, true],
    ] as const) {
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
          saveBox,
          value,
        );
        saveBox.dispatchEvent(new Event('input', { bubbles: true }));
        await Promise.resolve();
      });
      await settle(() => button(c, 'Restore this save').click());
      expect(c.querySelector('[role="alert"]') === null).toBe(ok);
    }
    expect(restored).toEqual([client.save()]);
  });

  it('viewAtVersion refuses a version out of range and a bad save as values', () => {
    const m = createMatch(stAugustine, { seed: 1, players: 2 });
    const save = m.toJSON();
    expect(viewAtVersion(stAugustine, save, 1, 0)).toMatchObject({
      ok: false,
      error: { code: 'invalid_version' },
    });
    expect(viewAtVersion(stAugustine, { nope: true }, 0, 0)).toMatchObject({ ok: false });
    expect(viewAtVersion(stAugustine, save, 0, 'spectator')).toMatchObject({ ok: true });
  });
});
