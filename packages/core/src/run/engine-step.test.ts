import { describe, expect, it } from 'vitest';
import { pig } from '../games/pig.js';
import { createMatch } from '../match/match.js';
import { restoreMatch } from '../match/restore-match.js';

describe('engine.step refuses the live state of a match', () => {
  it('throws on match.state and leaves the match, its hash and its save intact', () => {
    const match = createMatch(pig, { seed: 3, players: 2 });
    match.apply(0, { type: 'roll' });
    const hash = match.hash();
    expect(() => match.engine.step(match.state, match.toAct[0] ?? 0, { type: 'roll' })).toThrow(
      /belongs to a match \(match\.state\).*engine\.clone\(match\.state\)/,
    );
    expect(() =>
      match.engine.step(match.state, match.toAct[0] ?? 0, { type: 'hold' }, false, true),
    ).toThrow(TypeError);
    expect(match.hash()).toBe(hash);
    const restored = restoreMatch(pig, JSON.parse(JSON.stringify(match.toJSON())));
    expect(restored.ok && restored.match.hash()).toBe(hash);
  });

  it('steps a clone of it in place, as search code does, without touching the match', () => {
    const match = createMatch(pig, { seed: 3, players: 2 });
    const hash = match.hash();
    const copy = match.engine.clone(match.state);
    const r = match.engine.step(copy, match.toAct[0] ?? 0, { type: 'roll' });
    expect(r.ok).toBe(true);
    expect(match.engine.hash(copy)).not.toBe(hash);
    expect(match.hash()).toBe(hash);
    // A state after apply is a new state: still refused once read through match.state.
    match.apply(match.toAct[0] ?? 0, { type: 'roll' });
    expect(() => match.engine.step(match.state, 0, { type: 'roll' })).toThrow(TypeError);
  });
});
