import fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import { actionTraitsOf } from '../define/action-traits.js';
import type { Game } from '../define/game.js';
import type { MatchSetup } from '../match/match.js';
import type { ActionBase } from '../model/action.js';
import type { RulesSetup } from '../run/engine.js';
import { createSession, restoreSession } from '../session/session.js';
import type { MatchSession } from '../session/session.js';
import { redactLog } from '../log/log.js';
import { canonicalJson } from '../util/canonical-json.js';
import { describeValue } from '../util/describe.js';
import { firstDifference } from './difference.js';
import {
  assertProperty,
  DETERMINISM,
  lawFailure,
  lawSeed,
  PLAIN_JSON,
  shown,
  type Law,
} from './law.js';
import { junkFor, playWalk, walkArbitrary, type Walk } from './walk.js';

/**
 * Settings for {@link sessionLaws}.
 * @public
 */
export interface SessionLawsOptions<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> {
  /** The game under test. */
  readonly game: Game<TState, TAction, TOptions, TCard>;
  /** Setups to draw from (player counts, options). */
  readonly setups: readonly RulesSetup<NoInfer<TOptions>>[] | fc.Arbitrary<RulesSetup>;
  /** Random games per law (default 15). */
  readonly numRuns?: number;
  /** Decisions after which a game counts as not ending (default 20,000). */
  readonly maxActions?: number;
  /** fast-check seed (default: the `FC_SEED` environment variable, else 42). */
  readonly seed?: number;
}

/**
 * What a designer can change when a session disagrees with its match: the session is core's,
 * so a game's hooks that read something besides the state are the usual cause.
 */
const SESSION_FIX =
  "compute the game's view, legal actions and toAct from the state alone (no module variables, caches or object identity) and keep the state plain JSON; if they are, this is the session, not your rules: report it with the seed below";

/**
 * Throws when two values differ: `what`, the first field at which they differ with both
 * values (`names` say whose they are: the session's and the match's unless told), the fix.
 */
function same(
  a: unknown,
  b: unknown,
  what: string,
  names: readonly [string, string] = ['the session', 'the match'],
  fix: string = SESSION_FIX,
): void {
  if (canonicalJson(a) === canonicalJson(b)) return;
  const diff = firstDifference(a, b);
  const at =
    diff === undefined
      ? ''
      : ` at '${diff.path === '' ? '(the whole value)' : diff.path}': ${names[0]} has ${shown(diff.a)}, ${names[1]} ${shown(diff.b)}`;
  throw lawFailure(`${what}${at}`, fix);
}

/**
 * Throws when a restored session's log differs from the original's, naming the entry, the
 * event (with its type) and the field, and the fix: events made from the state and action alone.
 */
function sameLog(restored: readonly unknown[], original: readonly unknown[], what: string): void {
  if (canonicalJson(restored) === canonicalJson(original)) return;
  const diff = firstDifference(restored, original);
  const m = /^(\d+)(?:\.events\.(\d+))?(?:\.(.+))?$/.exec(diff?.path ?? '');
  let at = '';
  if (diff !== undefined && m !== null) {
    const entry = original[Number(m[1])] as { events?: readonly { type?: unknown }[] } | undefined;
    const type = m[2] === undefined ? undefined : entry?.events?.[Number(m[2])]?.type;
    at = ` at log entry ${m[1] ?? ''}${m[2] === undefined ? '' : `, event ${m[2]}${typeof type === 'string' ? ` ('${type}')` : ''}`}${m[3] === undefined ? '' : `, field '${m[3]}'`}: the restored session has ${shown(diff.a)}, the original ${shown(diff.b)}`;
  }
  throw lawFailure(
    `${what}${at}`,
    `make every event from the state and the action alone (what ctx.emit records): ${DETERMINISM}`,
  );
}

/** The fix when a restored session is not the session it was saved from. */
const RESTORE_FIX = `${PLAIN_JSON}; and ${DETERMINISM}, so that replaying the saved actions gives the same game`;

/**
 * Checks a viewer's feed against the match it hosts. The log is compared in full when `seen`
 * is undefined, else from entry `seen` on (to keep long games linear).
 */
function checkFeed<TState, TAction extends ActionBase>(
  session: MatchSession<TState, TAction>,
  viewer: number | 'spectator',
  seen?: number,
): void {
  const match = session.match;
  const feed = session.feed(viewer).getSnapshot();
  if (feed !== session.feed(viewer).getSnapshot())
    throw lawFailure('a feed snapshot changed identity without a change', SESSION_FIX);
  const at = `viewer ${String(viewer)} at version ${String(feed.version)}`;
  if (feed.version !== match.logStart + match.log.length - 1)
    throw lawFailure(`${at}: wrong version`, SESSION_FIX);
  same(feed.view, match.view(viewer), `${at}: the view differs`);
  same(
    feed.legalActions,
    viewer === 'spectator' ? [] : match.legalActions(viewer),
    `${at}: the legal actions differ`,
  );
  same(feed.toAct, match.toAct, `${at}: toAct differs`);
  same(feed.result, match.result, `${at}: the result differs`);
  if (seen === undefined) same(feed.log, match.logFor(viewer), `${at}: the log differs`);
  else {
    const isSecret = (a: TAction): boolean => match.engine.isSecretAction(a);
    same(
      feed.log.slice(seen),
      redactLog(match.log.slice(seen), viewer, isSecret),
      `${at}: the log differs from entry ${String(seen)}`,
    );
  }
  const last = feed.log[feed.log.length - 1];
  if (last !== undefined && (!Object.isFrozen(last) || !Object.isFrozen(last.events)))
    throw lawFailure(`${at}: a feed's log entry is not frozen`, SESSION_FIX);
  const own = match.log[match.log.length - 1];
  if (own !== undefined && Object.isFrozen(own))
    throw lawFailure(`${at}: the session froze the match's own log entry`, SESSION_FIX);
}

/**
 * Laws every game must pass when hosted by a match session (`@ruleloom/core/session`): each
 * viewer's feed equals `match.view`, `match.legalActions` and `match.logFor` at every version
 * (also for viewers that catch up after several versions), rejected input is a value that
 * leaves the match untouched, and a session restored from its save has the same hash and feeds.
 * @public
 */
export function sessionLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(options: SessionLawsOptions<TState, TAction, TOptions, TCard>): Law[] {
  const { game } = options;
  const maxActions = options.maxActions ?? 20_000;
  const params = {
    seed: lawSeed(options.seed),
    numRuns: options.numRuns ?? 15,
    endOnFailure: true,
  };
  const walks = walkArbitrary(options.setups);
  const traits = actionTraitsOf(game);
  const law = (name: string, check: (walk: Walk) => void): Law => ({
    name: `${game.id}: ${name}`,
    run: () => {
      assertProperty(walks, check, params, game.id);
    },
  });
  const start = (walk: Walk): MatchSession<TState, TAction> =>
    createSession(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);

  return [
    law('every feed equals the match at every version, and junk is refused untouched', (walk) => {
      const { actions } = playWalk(game, walk, maxActions);
      const session = start(walk);
      const players = walk.setup.players;
      const viewers: (number | 'spectator')[] = [
        'spectator',
        ...Array.from({ length: players }, (_, s) => s),
      ];
      const junkAt = new Map<number, Walk['junk'][number][]>();
      for (const j of walk.junk) junkAt.set(j.at % 50, [...(junkAt.get(j.at % 50) ?? []), j]);
      // Per viewer: the log length it was last checked at (its feed catches up from there).
      const seen = new Map<number | 'spectator', number>();
      let notified = 0;
      session.subscribe(() => notified++);
      actions.forEach(({ seat, action }, i) => {
        for (const j of junkAt.get(i % 50) ?? []) {
          const hash = session.match.hash();
          const version = session.getSnapshot().version;
          const { seat: s, input } = junkFor(
            j,
            session.match.legalActions(seat),
            seat,
            players,
            traits,
          );
          // Junk that happens to be accepted would change the walk: only refused input is sent.
          if (session.match.engine.check(session.match.state, s, input) === undefined) continue;
          void session.submit(s, input);
          if (session.match.hash() !== hash || session.getSnapshot().version !== version)
            throw lawFailure(
              `before action ${String(i)}, seat ${String(s)} submitted ${describeValue(input)}, which was refused but changed the match`,
              'parse and validate must only read the state: change it only in resolve and effects, through ctx.state',
            );
        }
        const before = notified;
        void session.submit(seat, action);
        if (session.getSnapshot().version !== i + 1)
          throw lawFailure(
            `seat ${String(seat)}'s legal action ${String(i)}, ${shown(action)}, was not applied by submit`,
            SESSION_FIX,
          );
        if (notified === before)
          throw lawFailure('subscribers were not told of a new version', SESSION_FIX);
        const c = walk.choices[i] ?? i;
        viewers.forEach((v, k) => {
          if ((c + k) % 3 !== 0) return;
          checkFeed(session, v, seen.get(v) ?? 0);
          seen.set(v, i + 2);
        });
      });
      for (const v of viewers) checkFeed(session, v);
      if (!session.getSnapshot().isOver)
        throw lawFailure('the session does not see the end', SESSION_FIX);
    }),
    law('a session restored from its save has the same hash and feeds', (walk) => {
      const { actions } = playWalk(game, walk, maxActions);
      const session = start(walk);
      const half = Math.floor(actions.length / 2);
      for (const { seat, action } of actions.slice(0, half)) void session.submit(seat, action);
      const saved: unknown = JSON.parse(JSON.stringify(session.toJSON()));
      const after = `the session's save after ${String(half)} actions`;
      const restored = restoreSession(game, saved);
      if (!restored.ok)
        throw lawFailure(
          `${after} (of ${String(actions.length)}) does not restore: ${restored.error.code}: ${restored.error.message}`,
          RESTORE_FIX,
        );
      const again = restored.session;
      const names = ['the restored session', 'the original'] as const;
      if (again.match.hash() !== session.match.hash())
        same(
          again.match.state,
          session.match.state,
          `${after} restores to another state (another hash)`,
          names,
          RESTORE_FIX,
        );
      // Equal as JSON text yet hashed apart: a value JSON does not keep apart (-0, undefined).
      if (again.match.hash() !== session.match.hash())
        throw lawFailure(`${after} restores to another hash`, RESTORE_FIX);
      for (const { seat, action } of actions.slice(half)) {
        void session.submit(seat, action);
        void again.submit(seat, action);
      }
      if (again.match.hash() !== session.match.hash())
        same(
          again.match.state,
          session.match.state,
          `${after}, restored, ends in another state than the original after the same ${String(actions.length - half)} further actions`,
          names,
          RESTORE_FIX,
        );
      if (again.match.hash() !== session.match.hash())
        throw lawFailure(
          `${after}, restored, ends with another hash than the original after the same ${String(actions.length - half)} further actions`,
          RESTORE_FIX,
        );
      for (let v = 0; v < walk.setup.players; v++) {
        const where = `restored after ${String(half)} actions and played to the end`;
        sameLog(
          again.feed(v).getSnapshot().log,
          session.feed(v).getSnapshot().log,
          `seat ${String(v)}'s log differs between the session ${where} and the original`,
        );
        same(
          again.feed(v).getSnapshot().view,
          session.feed(v).getSnapshot().view,
          `seat ${String(v)}'s view differs between the session ${where} and the original`,
          names,
        );
      }
      const bad = restoreSession(game, { ...(saved as object), hash: '0' });
      if (bad.ok)
        throw lawFailure(
          `${after}, with its hash changed to '0', was restored instead of refused`,
          'this is the session checking saves, not your rules: report it with the seed below',
        );
    }),
  ];
}
