import { createClient, type ChatResult, type RulesClient } from '@ruleloom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChat, type ChatState } from '../src/index.js';
import { eventually, startLiveServer, type LiveServer } from './live-server.js';
import { mount, settle } from './setup-dom.js';

let live: LiveServer;
let url: string;
beforeAll(async () => {
  // The chat buckets refill only when this clock moves: never, in this test.
  live = await startLiveServer('chat', { now: () => 1_800_000_000_000 });
  url = live.url;
});
afterAll(() => live.stop());

/** `POST /matches`: the new match's id and seat tokens. */
async function createMatch(body: unknown): Promise<{ match: string; seats: { token: string }[] }> {
  return (await live.createMatch(body)).json as { match: string; seats: { token: string }[] };
}

/** A chat that renders every line as text, and hands its state out for the test. */
function Chat({ client, out }: { client: RulesClient; out: { state?: ChatState } }) {
  const state = useChat(client);
  out.state = state;
  return (
    <div>
      <ol>
        {state.lines.map((l) => (
          <li key={l.seq}>
            {l.name ?? `Seat ${String(l.seat + 1)}`}: {l.text}
          </li>
        ))}
      </ol>
      <p data-can-send={String(state.canSend)}>{state.error?.code ?? ''}</p>
    </div>
  );
}

describe('useChat over remote clients', () => {
  it('a line shows for the other seat as text (markup is not interpreted); spectators cannot send; a flood’s refusal is the error', async () => {
    const created = await createMatch({ game: 'st-augustine', players: 2, names: ['Ana', 'Ben'] });
    const ana = createClient({
      type: 'remote',
      url,
      match: created.match,
      token: created.seats[0]!.token,
    });
    const ben = createClient({
      type: 'remote',
      url,
      match: created.match,
      token: created.seats[1]!.token,
    });
    const watcher = createClient({ type: 'remote', url, match: created.match });
    const a: { state?: ChatState } = {};
    const b: { state?: ChatState } = {};
    const w: { state?: ChatState } = {};
    const ma = await mount(<Chat client={ana} out={a} />);
    const mb = await mount(<Chat client={ben} out={b} />);
    const mw = await mount(<Chat client={watcher} out={w} />);
    try {
      await eventually(() => a.state?.canSend === true && b.state?.canSend === true);
      await eventually(() => watcher.getSnapshot().status === 'open');
      expect(w.state?.canSend).toBe(false);
      const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
      let result: ChatResult | undefined;
      await settle(async () => {
        result = await a.state!.send(hostile);
      });
      expect(result).toMatchObject({ ok: true, line: { seat: 0, name: 'Ana', text: hostile } });
      await eventually(() => (mb.container.querySelectorAll('li').length ?? 0) === 1);
      for (const m of [mb, mw]) {
        expect(m.container.querySelector('li')?.textContent).toBe(`Ana: ${hostile}`);
        expect(m.container.querySelector('img, script')).toBeNull();
      }
      expect((window as { hacked?: number }).hacked).toBeUndefined();

      // Four more lines fill Ana's burst of 5; the sixth is refused and shown as the error.
      for (let i = 0; i < 5; i++)
        await settle(async () => {
          result = await a.state!.send(`line ${String(i)}`);
        });
      expect(result).toMatchObject({ ok: false, error: { code: 'chat_rate_limited' } });
      expect(a.state?.error?.code).toBe('chat_rate_limited');
      expect(ma.container.querySelector('p')?.textContent).toBe('chat_rate_limited');
      expect(a.state?.sending).toBe(false);
      await eventually(() => mb.container.querySelectorAll('li').length === 5);
      // Ben's own line clears nothing of Ana's, and is accepted.
      await settle(async () => {
        result = await b.state!.send('slow down');
      });
      expect(b.state?.error).toBeNull();
      await eventually(() => ma.container.querySelectorAll('li').length === 6);
      expect(ma.container.querySelectorAll('li')[5]?.textContent).toBe('Ben: slow down');
    } finally {
      for (const m of [ma, mb, mw]) await m.unmount();
      for (const c of [ana, ben, watcher]) c.close();
    }
  });
});
