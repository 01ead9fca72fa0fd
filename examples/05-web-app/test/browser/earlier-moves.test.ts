import { describe, expect, it } from 'vitest';
import { seatLinkUrl } from '../../src/seat-link.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';

// The app and the server's API behind one origin (the site proxies /matches and /play).
const suite = useBrowserSuite({ serve: [] });

/** Moves played before the page joins: more than a welcome carries (200 by default). */
const TARGET = 230;

describe.runIf(HAS_CHROMIUM)('the earlier moves of a long online match', () => {
  it('a seat that joins after 230 moves sees the newest 200, then loads the earlier ones', async () => {
    const created = (await (
      await fetch(`${suite.serve.url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'st-augustine',
          players: 3,
          options: { turns: 40, trading: 'on' },
        }),
      })
    ).json()) as { match: string; seats: { seat: number; token: string }[] };
    const tokens = created.seats.map((s) => s.token);

    // Three seats play over raw WebSockets (in a page: Node 20 has none), paced under the
    // server's message rate.
    const { page: player } = await openPage(suite.browser);
    await player.goto(suite.site.url);
    const played = await player.evaluate(
      async ({ url, match, tokens, target }) => {
        interface Snap {
          version: number;
          toAct: number[];
          legal: { entries: { action: { type: string } }[] };
        }
        interface Seat {
          ws: WebSocket;
          seat: number;
          snap: Snap | null;
          wake: (() => void)[];
          error: string | null;
        }
        const open = (token: string) =>
          new Promise<Seat>((resolve) => {
            const s: Seat = { ws: new WebSocket(url), seat: -1, snap: null, wake: [], error: null };
            s.ws.onmessage = (e) => {
              const m = JSON.parse(e.data as string) as Snap & {
                type: string;
                seat?: number;
                message?: string;
              };
              if (m.type === 'welcome') s.seat = m.seat!;
              if (m.type === 'error') s.error = m.message ?? 'error';
              if (
                (m.type === 'welcome' || m.type === 'update') &&
                m.version > (s.snap?.version ?? -1)
              )
                s.snap = m;
              for (const w of s.wake.splice(0)) w();
            };
            s.ws.onopen = () =>
              s.ws.send(JSON.stringify({ type: 'join', seq: 1, match, token, protocol: 3 }));
            const ready = () => (s.snap !== null ? resolve(s) : s.wake.push(ready));
            s.wake.push(ready);
          });
        const seats = await Promise.all(tokens.map(open));
        const at = (s: Seat, v: number) =>
          new Promise<void>((resolve, reject) => {
            const check = () => {
              if (s.error !== null) reject(new Error(s.error));
              else if ((s.snap?.version ?? 0) >= v) resolve();
              else s.wake.push(check);
            };
            check();
          });
        let seq = 1;
        const version = () => seats[0]!.snap!.version;
        while (version() < target) {
          const s = seats.find(
            (x) => x.snap!.toAct.includes(x.seat) && x.snap!.legal.entries.length > 0,
          );
          if (s === undefined) break;
          const entries = s.snap!.legal.entries;
          const v = s.snap!.version;
          // Mostly the first non-pass move (the lowest bid...), so turns have several moves.
          const moves = entries.filter((e) => e.action.type !== 'pass');
          const pass = entries.find((e) => e.action.type === 'pass');
          const action = (
            v % 4 === 3 && pass !== undefined ? pass : (moves[0] ?? pass ?? entries[0]!)
          ).action;
          s.ws.send(JSON.stringify({ type: 'act', seq: ++seq, action, version: v }));
          await Promise.all(seats.map((x) => at(x, v + 1)));
          await new Promise((r) => setTimeout(r, 60));
        }
        for (const s of seats) s.ws.close();
        return version();
      },
      {
        url: `${suite.site.url.replace(/^http/, 'ws')}/play`,
        match: created.match,
        tokens,
        target: TARGET,
      },
    );
    expect(played).toBe(TARGET);

    // Seat 0 opens its link: the log holds the newest 200 moves, and one button the rest.
    const { page, errors } = await openPage(suite.browser);
    await page.goto(
      seatLinkUrl(suite.site.url, {
        server: suite.site.url,
        match: created.match,
        seat: 0,
        token: tokens[0]!,
      }),
    );
    const log = page.getByRole('list', { name: 'log' });
    await expect.poll(() => log.locator('li').count(), { timeout: 15_000 }).toBe(200);
    const earlier = page.getByRole('button', { name: /Show earlier moves/ });
    expect(await earlier.textContent()).toBe(`Show earlier moves (1–${String(TARGET - 200)})`);
    await earlier.click();
    await expect.poll(() => log.locator('li').count()).toBe(TARGET);
    await expect.poll(() => earlier.count()).toBe(0);
    // Every move once, newest first (each item's number is its seq).
    const values = await log
      .locator('li')
      .evaluateAll((lis) => lis.map((li) => (li as HTMLLIElement).value));
    expect(values).toEqual(Array.from({ length: TARGET }, (_, i) => TARGET - i));
    expect(errors).toEqual([]);
  }, 120_000);
});
