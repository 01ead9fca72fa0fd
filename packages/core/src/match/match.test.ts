import { describe, expect, it } from 'vitest';
import { SetupError } from '../errors/game-definition-error.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { pig } from '../games/pig.js';
import { createMatch, validateSetup } from './match.js';
import { restoreMatch } from './restore-match.js';

function playSome(seed: number, n: number) {
  const match = createMatch(pig, { seed, players: 2 });
  for (let i = 0; i < n && !match.isOver; i++) {
    const seat = match.toAct[0] ?? 0;
    const legal = match.legalActions(seat);
    match.apply(seat, legal[i % legal.length]!);
  }
  return match;
}

describe('createMatch and validateSetup', () => {
  it('lists every setup problem at once without throwing', () => {
    expect(
      validateSetup(pig, {
        seed: 1.5,
        players: 0,
        options: { target: 1, colour: 'red' },
        extra: true,
      }),
    ).toEqual({
      ok: false,
      errors: [
        { path: 'seed', message: 'expected a seed: a safe integer or a string' },
        { path: 'extra', message: "unknown setup field 'extra' (expected seed, players, options)" },
        { path: 'players', message: 'expected a whole number of players from 1 to 8, got 0' },
        {
          path: 'options.colour',
          message: "unknown option 'colour'. Known options: target, maxTurns.",
        },
        { path: 'options.target', message: 'expected a whole number from 2 to 1000, got 1' },
      ],
    });
    expect(validateSetup(pig, { seed: 'abc', players: 3 })).toEqual({ ok: true });
    expect(validateSetup(pig, null)).toMatchObject({ ok: false });
  });

  it('createMatch throws a SetupError that names the option', () => {
    // @ts-expect-error a wrong option type fails to compile, and is refused at run time too
    expect(() => createMatch(pig, { seed: 1, players: 2, options: { target: 'many' } })).toThrow(
      SetupError,
    );
    // @ts-expect-error a wrong option type fails to compile, and is refused at run time too
    expect(() => createMatch(pig, { seed: 1, players: 2, options: { target: 'many' } })).toThrow(
      /options\.target: expected a whole number/,
    );
  });

  it('the same setup and actions give the same hash; a different seed gives another game', () => {
    expect(playSome(5, 30).hash()).toBe(playSome(5, 30).hash());
    expect(playSome(5, 30).hash()).not.toBe(playSome(6, 30).hash());
  });

  it('a rejected action changes nothing: state, log and hash', () => {
    const match = playSome(9, 5);
    const before = {
      hash: match.hash(),
      log: match.log.length,
      state: JSON.stringify(match.state),
    };
    const other = ((match.toAct[0] ?? 0) + 1) % 2;
    for (const [seat, action] of [
      [other, { type: 'roll' }],
      [match.toAct[0] ?? 0, { type: 'fly' }],
      [match.toAct[0] ?? 0, null],
      [7, { type: 'roll' }],
      [match.toAct[0] ?? 0, { type: 'roll', times: 3 }],
    ] as const) {
      const r = match.applyInput(seat, action);
      expect(r.ok).toBe(false);
    }
    expect({
      hash: match.hash(),
      log: match.log.length,
      state: JSON.stringify(match.state),
    }).toEqual(before);
  });

  it('logs every accepted action with sequence numbers and its events', () => {
    const match = playSome(2, 4);
    expect(match.log.map((e) => e.seq)).toEqual(match.log.map((_, i) => i));
    expect(match.log[0]?.action).toBeNull();
    expect(match.log.slice(1).every((e) => e.seat !== null && e.action !== null)).toBe(true);
    expect(match.log.flatMap((e) => e.events).some((e) => e.type === 'roll')).toBe(true);
  });

  it('stores a fresh copy of each action, not the caller object', () => {
    const match = createMatch(pig, { seed: 1, players: 2 });
    const action = { type: 'roll' as const };
    match.apply(match.toAct[0] ?? 0, action);
    (action as { type: string }).type = 'hold';
    expect(match.actions[0]?.action).toEqual({ type: 'roll' });
  });
});

describe('restoreMatch', () => {
  const saved = () =>
    JSON.parse(JSON.stringify(playSome(11, 25).toJSON())) as Record<string, unknown>;

  it('replays a save to the same hash, and the restored match keeps playing', () => {
    const original = playSome(11, 25);
    const restored = restoreMatch(pig, saved());
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(restored.match.hash()).toBe(original.hash());
    if (!restored.match.isOver) {
      const seat = restored.match.toAct[0] ?? 0;
      expect(restored.match.apply(seat, restored.match.legalActions(seat)[0]!).ok).toBe(true);
    }
  });

  it.each([
    ['not an object', 'invalid_save', 42],
    ['an unknown format', 'invalid_save', { ...saved(), format: 'v0' }],
    ['another game', 'wrong_game', { ...saved(), game: 'chess' }],
    ['another rules version', 'rules_version_mismatch', { ...saved(), rulesVersion: 99 }],
    ['a bad setup', 'invalid_setup', { ...saved(), setup: { seed: 1, players: 99, options: {} } }],
    [
      'an illegal action',
      'replay_rejected',
      { ...saved(), actions: [{ seat: 1, action: { type: 'roll' }, chain: '0'.repeat(32) }] },
    ],
    ['a wrong hash', 'hash_mismatch', { ...saved(), hash: 'ffffffffffffffff' }],
    ['actions that are not a list', 'invalid_save', { ...saved(), actions: 'none' }],
  ])('refuses %s with %s and never throws', (_what, code, data) => {
    const r = restoreMatch(pig, data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('refuses a save of another game even when it is well formed', () => {
    const other = createMatch(drawAndPlay, { seed: 1, players: 2 }).toJSON();
    const r = restoreMatch(pig, other);
    expect(r.ok ? 'ok' : r.error.code).toBe('wrong_game');
  });
});
