import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Lobby, lobbyErrorSentence, useLobby } from '../src/index.js';
import { nodeFetch } from './live-server.js';
import { mount, settle, type Mounted } from './setup-dom.js';

/** A plain web server that is not a Ruleloom server: every path answers 404 (a static site). */
let site: Server;
let siteUrl: string;
/** An address where nothing listens (a server that was listening there is closed). */
let deadUrl: string;
beforeAll(async () => {
  site = createServer((_, res) => res.writeHead(404).end('not found'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}`;
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${String((gone.address() as AddressInfo).port)}`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

describe('the lobby without a Ruleloom server', () => {
  it.each([
    ['a site that answers 404', () => siteUrl],
    ['an address where nothing listens', () => deadUrl],
  ])('shows one friendly sentence for %s: no status, no code, no empty list', async (_, url) => {
    const server = url();
    function Page() {
      const lobby = useLobby({ server, fetch: nodeFetch });
      return <Lobby lobby={lobby} onJoin={() => undefined} />;
    }
    mounted = await mount(<Page />);
    for (let i = 0; i < 50 && mounted.container.querySelector('[role="status"]') === null; i++)
      await settle(() => new Promise((r) => setTimeout(r, 20)));
    // The address holds a random port (it may contain 404 or any digits): the exact sentence
    // below checks it; the rest of the page is checked without it.
    const text = mounted.container.textContent.replaceAll(server, '<server>');
    expect(mounted.container.querySelector('[role="status"]')?.textContent).toBe(
      `Online play needs a Ruleloom server, and none answers at ${server}.`,
    );
    expect(mounted.container.querySelector('[role="alert"]')).toBeNull();
    expect(text).not.toContain('No matches yet');
    expect(text).not.toMatch(/404|answered|network_error|http_/);
  });
});

describe('lobbyErrorSentence', () => {
  const at = 'https://games.example';
  it('turns every kind of refusal into a sentence without codes or statuses', () => {
    const cases: [string, string, string][] = [
      ['http_404', 'the server answered 404', 'none answers at https://games.example'],
      ['network_error', 'no answer from https://games.example', 'needs a Ruleloom server'],
      ['bad_answer', 'the server’s answer is not a match list', 'needs a Ruleloom server'],
      ['http_500', 'the server answered 500', 'The server had a problem'],
      ['http_403', 'the server answered 403', 'refused the request'],
      ['rate_limited', 'too many requests', 'wait a moment'],
      ['token_revoked', 'token_revoked: the token was revoked', 'This seat was left'],
      [
        'invalid_setup',
        'options.turns: must be at most 40',
        'The server refused these settings. Options.turns: must be at most 40.',
      ],
      ['something_new', 'something_new: the server said no', 'The server said no.'],
      ['something_new', '', 'That did not work.'],
    ];
    for (const [code, message, expected] of cases) {
      const s = lobbyErrorSentence({ code, message }, at);
      expect(s).toContain(expected);
      expect(s).toMatch(/^[A-Z].*[.!?]$/);
      expect(s).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[45]\d\d\b/);
    }
  });
});
