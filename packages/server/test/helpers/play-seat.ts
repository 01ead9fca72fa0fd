import { expandLegalActions } from '../../src/index.js';
import type {
  MatchSnapshot,
  ServerMessage,
  UpdateMessage,
  WelcomeMessage,
} from '../../src/index.js';
import { TestClient } from './test-client.js';

/** Picks an action from a snapshot (deterministic in the snapshot). */
export type Chooser = (s: MatchSnapshot, seat: number) => unknown;

/** Prefers passing-like actions half the time; otherwise a position picked from the version. */
export const simpleChooser: Chooser = (s, seat) => {
  const legal = expandLegalActions(s.legal) as { type: string }[];
  const pass = legal.find(
    (a) => a.type === 'pass' || a.type === 'endAction' || a.type === 'skipTransfer',
  );
  if (pass !== undefined && (s.version + seat) % 2 === 0) return pass;
  return legal[(s.version * 7 + seat * 3) % legal.length];
};

/** What one seat saw over a whole match. */
export interface SeatRun {
  readonly client: TestClient;
  readonly welcome: WelcomeMessage;
  readonly updates: UpdateMessage[];
  readonly final: MatchSnapshot;
  readonly acked: number[];
}

function isSnapshot(m: ServerMessage): m is WelcomeMessage | UpdateMessage {
  return m.type === 'welcome' || m.type === 'update';
}

/** Joins a seat (token in the first message) and plays it until the match is over. */
export async function playSeat(
  url: string,
  match: string,
  token: string,
  choose: Chooser = simpleChooser,
  timeoutMs = 50_000,
): Promise<SeatRun> {
  const client = await TestClient.connect(url);
  const joinSeq = client.send({ type: 'join', match, token });
  const welcome = (await client.reply(joinSeq)) as WelcomeMessage;
  if (welcome.type !== 'welcome') throw new Error(`join failed: ${JSON.stringify(welcome)}`);
  const seat = welcome.seat as number;
  const updates: UpdateMessage[] = [];
  const acked: number[] = [];
  let latest: MatchSnapshot = welcome;
  let seen = client.messages.indexOf(welcome) + 1;
  let pendingVersion = -1;
  const deadline = Date.now() + timeoutMs;
  while (!latest.isOver) {
    if (expandLegalActions(latest.legal).length > 0 && pendingVersion !== latest.version) {
      pendingVersion = latest.version;
      client.send({ type: 'act', action: choose(latest, seat), version: latest.version });
    }
    const m = await client.waitFor(
      (_x): _x is ServerMessage => true,
      Math.max(1, deadline - Date.now()),
      seen,
    );
    seen = client.messages.indexOf(m, seen) + 1;
    if (m.type === 'update') {
      updates.push(m);
      latest = m;
    } else if (m.type === 'ack') acked.push(m.version);
    else if (m.type === 'error' && m.code !== 'stale_version' && m.code !== 'not_your_turn')
      throw new Error(`seat ${String(seat)} got an error: ${m.code} ${m.message}`);
    else if (isSnapshot(m)) latest = m;
  }
  return { client, welcome, updates, final: latest, acked };
}
