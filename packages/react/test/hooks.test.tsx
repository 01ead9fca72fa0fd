import { randomBot } from '@ruleloom/bots';
import {
  createClient,
  createInlineBotRunner,
  type LocalClient,
  type RulesClient,
} from '@ruleloom/client';
import type { GameView } from '@ruleloom/core';
import { stAugustine, type StAugustineAction } from '@ruleloom/st-augustine';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RuleloomBoard,
  shareStructure,
  useMatch,
  useMatchSelector,
  type BoardProps,
} from '../src/index.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

function localClient(bots: Record<number, string> = {}): LocalClient<StAugustineAction> {
  return createClient({
    type: 'local',
    game: stAugustine,
    setup: { seed: 7, players: 2, options: { turns: 3, trading: 'off' } },
    bots,
    // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
    botSeed: 'hooks-test',
    botRunner: createInlineBotRunner({ games: [stAugustine], bots: { random: randomBot() } }),
  });
}

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

interface Money {
  readonly players: readonly { readonly money: number }[];
}

describe('useMatch', () => {
  it('shows the current snapshot and follows the match as actions are played', async () => {
    const client = localClient();
    function Version({ c }: { c: RulesClient<StAugustineAction> }) {
      const s = useMatch(c);
      return <p data-testid="v">{`version ${String(s.version)}, seat ${String(s.seat)}`}</p>;
    }
    mounted = await mount(<Version c={client} />);
    expect(mounted.container.textContent).toBe('version 0, seat 0');
    await settle(() => client.act(client.getSnapshot().legalActions[0]!));
    expect(mounted.container.textContent).toBe(
      `version 1, seat ${String(client.getSnapshot().seat)}`,
    );
  });
});

describe('useMatchSelector', () => {
  it('re-renders a component only when its slice changes', async () => {
    const client = localClient();
    let renders = 0;
    const seat1Money = (s: { view: GameView | null }) =>
      (s.view as Money | null)?.players[1]?.money;
    function MoneyOf1({ c }: { c: RulesClient<StAugustineAction> }) {
      renders++;
      const money = useMatchSelector(c, seat1Money);
      return <span>{money}</span>;
    }
    mounted = await mount(<MoneyOf1 c={client} />);
    const first = renders;
    const start = mounted.container.textContent;
    // Play passes and minimum bids until seat 1's money changes; count renders meanwhile.
    let unchangedActions = 0;
    for (let i = 0; i < 200 && mounted.container.textContent === start; i++) {
      const s = client.getSnapshot();
      if (s.isOver) break;
      const before = seat1Money(s);
      await settle(() => client.act(s.legalActions[0]!));
      if (seat1Money(client.getSnapshot()) === before) unchangedActions++;
    }
    expect(unchangedActions).toBeGreaterThan(2);
    // Every action changed the snapshot, but only the money change re-rendered (once).
    expect(mounted.container.textContent).not.toBe(start);
    expect(renders - first).toBe(1);
  });

  it('keeps the identity of an equal selection built anew, and of unchanged branches', () => {
    const a = {
      players: [
        { money: 1, shops: ['x'] },
        { money: 2, shops: [] },
      ],
    };
    expect(shareStructure(a, JSON.parse(JSON.stringify(a)))).toBe(a);
    const b = shareStructure(a, {
      players: [
        { money: 1, shops: ['x'] },
        { money: 3, shops: [] },
      ],
    });
    expect(b).not.toBe(a);
    expect(b.players[0]).toBe(a.players[0]);
    expect(b.players[1]).not.toBe(a.players[1]);
    expect(b.players[1]!.shops).toBe(a.players[1]!.shops);
    expect(shareStructure([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('uses the equality given', async () => {
    const client = localClient();
    let renders = 0;
    function Version({ c }: { c: RulesClient<StAugustineAction> }) {
      renders++;
      const v = useMatchSelector(
        c,
        (s) => s.version,
        (x, y) => Math.floor(x / 100) === Math.floor(y / 100),
      );
      return <span>{v}</span>;
    }
    mounted = await mount(<Version c={client} />);
    const first = renders;
    for (let i = 0; i < 3; i++)
      await settle(() => client.act(client.getSnapshot().legalActions[0]!));
    expect(client.getSnapshot().version).toBe(3);
    expect(mounted.container.textContent).toBe('0');
    expect(renders).toBe(first);
  });
});

describe('RuleloomBoard', () => {
  it('hands the board the view, the legal actions and act, typed from the client', async () => {
    const client = localClient({ 1: 'random' });
    function Board({ legalActions, act, disabled, seat }: BoardProps<StAugustineAction, GameView>) {
      const pass = legalActions.find((a) => a.type === 'pass');
      // @ts-expect-error a misspelled action type does not compile
      const typo = () => act({ type: 'bidd', amount: 5000 });
      expect(typeof typo).toBe('function');
      return (
        <div>
          <p>{`seat ${String(seat)}: ${String(legalActions.length)} actions`}</p>
          {pass !== undefined && (
            <button disabled={disabled} onClick={() => void act(pass)}>
              Pass
            </button>
          )}
        </div>
      );
    }
    mounted = await mount(<RuleloomBoard client={client} board={Board} waiting="…" />);
    expect(mounted.container.textContent).toMatch(/^seat 0: \d+ actions/);
    const before = client.getSnapshot().version;
    await settle(() => button(mounted!.container, 'Pass').click());
    await settle(() => client.whenIdle());
    expect(client.getSnapshot().version).toBeGreaterThan(before);
    expect(client.save().actions[before]).toMatchObject({ seat: 0, action: { type: 'pass' } });
  });
});
