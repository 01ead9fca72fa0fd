import {
  createMatch,
  defineVariant,
  restoreMatch,
  signSave,
  validateSetup,
  type SavedMatch,
} from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../src/index.js';

// Each case here was reproduced against the core before the trust-boundary work (issue #13):
// it threw, hung, allocated without end, or accepted what it must refuse.

const deep = (n: number): unknown => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;
const toStringObject = (): unknown => JSON.parse('{"toString":1}') as unknown;

function noThrow<T>(f: () => T): T {
  let out: T | undefined;
  expect(() => {
    out = f();
  }).not.toThrow();
  return out as T;
}

function tradingMatch() {
  return createMatch(stAugustine, { seed: 7, players: 3, options: { trading: 'on' } });
}

describe('hostile input is a value, never a crash (St. Augustine)', () => {
  it('a bid nested 6,000 deep is refused as malformed, with a short message', () => {
    const m = createMatch(stAugustine, { seed: 1, players: 2 });
    const before = m.hash();
    const input = JSON.parse(
      '{"type":"bid","amount":' + '['.repeat(6000) + ']'.repeat(6000) + '}',
    ) as unknown;
    const r = noThrow(() => m.applyInput(m.toAct[0] ?? 0, input));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('malformed_action');
      expect(r.error.message.length).toBeLessThan(300);
    }
    expect(m.hash()).toBe(before);
  });

  it('a deeply nested trade proposal is refused', () => {
    const m = tradingMatch();
    const r = noThrow(() =>
      m.applyInput(0, { type: 'proposeTrade', to: 1, give: deep(6000), receive: deep(6000) }),
    );
    expect(r.ok).toBe(false);
  });

  it('a seat {"toString":1} is refused as invalid_seat', () => {
    const m = tradingMatch();
    const r = noThrow(() => m.apply(toStringObject() as number, { type: 'pass' }));
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_seat' } });
    expect(noThrow(() => m.legalActions(toStringObject() as number))).toEqual([]);
    expect(noThrow(() => m.view(toStringObject() as number))).toEqual(m.view('spectator'));
    expect(noThrow(() => m.logFor(toStringObject() as number))).toEqual(m.logFor('spectator'));
  });

  it('a save whose game or rulesVersion is {"toString":1} is refused', () => {
    const save = createMatch(stAugustine, { seed: 1, players: 2 }).toJSON();
    for (const field of ['game', 'rulesVersion'] as const) {
      const r = noThrow(() => restoreMatch(stAugustine, { ...save, [field]: toStringObject() }));
      expect(r.ok).toBe(false);
    }
  });

  it.each([
    ['cards.add: [null]', { add: [null] }],
    ['cards.remove: [{"toString":1}]', { remove: [toStringObject()] }],
    ['cards.replace: [{"id":{"toString":1}}]', { replace: [{ id: toStringObject() }] }],
    ['cards.replace: [null]', { replace: [null] }],
  ])('card overrides %s are refused with a problem, not an exception', (_what, cards) => {
    const r = noThrow(() =>
      validateSetup(stAugustine, { seed: 1, players: 2, options: { cards } }),
    );
    expect(r.ok).toBe(false);
  });

  it('a deckOrder nested 6,000 deep is refused', () => {
    const r = noThrow(() =>
      validateSetup(stAugustine, { seed: 1, players: 2, options: { deckOrder: deep(6000) } }),
    );
    expect(r.ok).toBe(false);
  });
});

describe('setups are bounded', () => {
  it('a card with a billion copies is refused before any table is built', () => {
    const r = validateSetup(stAugustine, {
      seed: 1,
      players: 2,
      options: { cards: { add: [{ id: 'zz', copies: 1e9 }] } },
    });
    expect(r.ok).toBe(false);
    // Refused by the bound on the number itself (what validation decided), not after
    // building a billion-card table: the message names the bound and the value given.
    if (!r.ok)
      expect(r.errors).toContainEqual({
        path: 'options.cards.add[0].copies',
        message: 'copies must be a whole number from 1 to 1000, got 1000000000',
      });
  });

  it('2,000 unknown option names of 20 KB each are refused quickly, with a bounded list', () => {
    const options: Record<string, number> = {};
    for (let i = 0; i < 2000; i++) options[`${String(i)}${'x'.repeat(20_000)}`] = 1;
    const r = validateSetup(stAugustine, { seed: 1, players: 2, options });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(JSON.stringify(r.errors).length).toBeLessThan(20_000);
  });

  it('2,000 removal ids of 1 KB each are listed as at most 51 problems', () => {
    const remove = Array.from({ length: 2000 }, (_, i) => `${String(i)}${'y'.repeat(990)}`);
    const r = validateSetup(stAugustine, { seed: 1, players: 2, options: { cards: { remove } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.length).toBeLessThanOrEqual(51);
  });

  it('a 200-byte save with a billion copies is refused on restore', () => {
    const save = createMatch(stAugustine, { seed: 1, players: 2 }).toJSON();
    const forged = {
      ...save,
      setup: { ...save.setup, options: { cards: { add: [{ id: 'zz', copies: 1e9 }] } } },
    };
    expect(noThrow(() => restoreMatch(stAugustine, forged))).toMatchObject({
      ok: false,
      error: { code: 'invalid_setup' },
    });
  });
});

describe('names from input meet tables as own properties only', () => {
  it.each(['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'])(
    "'%s' is not an option",
    (name) => {
      const options = JSON.parse(`{"${name}": 1}`) as Record<string, unknown>;
      const r = validateSetup(stAugustine, { seed: 1, players: 2, options });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]?.message).toMatch(/unknown option/);
    },
  );

  it('an action type named after an Object method is unknown', () => {
    const m = createMatch(stAugustine, { seed: 1, players: 2 });
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(m.applyInput(m.toAct[0] ?? 0, { type })).toMatchObject({
        ok: false,
        error: { code: 'unknown_action' },
      });
  });
});

describe('every state a match reaches survives its own save', () => {
  it('seat -0 is recorded as 0 and the save restores', () => {
    const m = createMatch(stAugustine, { seed: 3, players: 2, options: { trading: 'off' } });
    const seat = m.toAct[0] ?? 0;
    expect(seat).toBe(0);
    expect(m.apply(-0, { type: 'bid', amount: 5000 }).ok).toBe(true);
    expect(Object.is(m.actions[0]?.seat, 0)).toBe(true);
    const restored = restoreMatch(stAugustine, JSON.parse(JSON.stringify(m.toJSON())));
    expect(restored.ok && restored.match.hash()).toBe(m.hash());
  });

  it('a trade proposal with "money": -0 saves and restores', () => {
    const m = tradingMatch();
    let guard = 0;
    while (m.state.phase !== 'trade' && !m.isOver && guard++ < 500) {
      const seat = m.toAct[0] ?? 0;
      const legal = m.legalActions(seat);
      m.apply(seat, legal.find((a) => a.type === 'bid') ?? legal[0]!);
    }
    const seat = m.toAct[0] ?? 0;
    expect(m.state.phase).toBe('trade');
    const shops = m.state.game.players[seat]?.shops ?? [];
    expect(shops.length).toBeGreaterThan(0);
    const r = m.apply(seat, {
      type: 'proposeTrade',
      to: (seat + 1) % 3,
      give: { money: -0, shops: shops.slice(0, 1) },
      receive: { money: 1000, shops: [] },
    });
    expect(r.ok).toBe(true);
    const restored = restoreMatch(stAugustine, JSON.parse(JSON.stringify(m.toJSON())));
    expect(restored.ok && restored.match.hash()).toBe(m.hash());
  });
});

describe('setups are copied', () => {
  it('changing the options object after createMatch changes neither the match nor its save', () => {
    const options: Record<string, unknown> = { trading: 'off', turns: 5 };
    const m = createMatch(stAugustine, { seed: 1, players: 2, options });
    options.turns = 7;
    options.trading = 'on';
    expect(m.setup.options).toEqual({ trading: 'off', turns: 5 });
    expect(Object.isFrozen(m.setup.options)).toBe(true);
    const seat = m.toAct[0] ?? 0;
    m.apply(seat, m.legalActions(seat)[0]!);
    const restored = restoreMatch(stAugustine, JSON.parse(JSON.stringify(m.toJSON())));
    expect(restored.ok).toBe(true);
    const save = m.toJSON();
    (save.setup.options as Record<string, unknown>).turns = 99;
    expect(m.setup.options).toEqual({ trading: 'off', turns: 5 });
  });
});

describe('what a match returns is frozen or copied', () => {
  it('the actions it returns cannot be changed', () => {
    const m = createMatch(stAugustine, { seed: 2, players: 2, options: { trading: 'off' } });
    expect(m.apply(m.toAct[0] ?? 0, { type: 'bid', amount: 5000 }).ok).toBe(true);
    const hash = m.toJSON();
    const action = m.actions[0]?.action as { amount: number };
    expect(() => {
      action.amount = 99_000;
    }).toThrow(TypeError);
    expect(() => {
      (m.actions[0] as { seat: number }).seat = 1;
    }).toThrow(TypeError);
    expect(m.toJSON()).toEqual(hash);
    expect(restoreMatch(stAugustine, m.toJSON()).ok).toBe(true);
  });
});

describe('saves are tamper-evident', () => {
  // The auction of the issue: bids 5000/9000/12000/pass rewritten as 8000/11000/12000/pass.
  function auctionGame(): SavedMatch {
    const m = createMatch(stAugustine, { seed: 11, players: 4, options: { trading: 'off' } });
    for (const amount of [5000, 9000, 12000]) {
      const seat = m.toAct[0] ?? 0;
      expect(m.apply(seat, { type: 'bid', amount }).ok).toBe(true);
    }
    const seat = m.toAct[0] ?? 0;
    expect(m.apply(seat, { type: 'pass' }).ok).toBe(true);
    return JSON.parse(JSON.stringify(m.toJSON())) as SavedMatch;
  }

  it('rewriting losing bids is refused with chain_mismatch at the first edited action', () => {
    const save = auctionGame();
    const edited = structuredClone(save) as unknown as {
      actions: { action: { amount?: number } }[];
    };
    [8000, 11000].forEach((amount, i) => {
      (edited.actions[i] as { action: { amount?: number } }).action.amount = amount;
    });
    const r = restoreMatch(stAugustine, edited);
    expect(r).toMatchObject({ ok: false, error: { code: 'chain_mismatch' } });
    if (!r.ok) expect(r.error.message).toMatch(/^actions\[0\]/);
  });

  it('swapping the order of two actions names the first swapped index', () => {
    const save = auctionGame();
    const actions = [...save.actions];
    const swapped = { ...save, actions: [actions[0], actions[2], actions[1], ...actions.slice(3)] };
    const r = restoreMatch(stAugustine, swapped);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^actions\[1\]/);
  });

  it('a signed save restores with its key; any edit, another key or no signature is bad_signature', () => {
    const key = 'a server secret of at least 32 bytes!!';
    const signed = signSave(auctionGame(), key);
    expect(restoreMatch(stAugustine, signed, { key }).ok).toBe(true);
    expect(restoreMatch(stAugustine, signed, { key: 'another key' })).toMatchObject({
      error: { code: 'bad_signature' },
    });
    const { signature: _s, ...unsigned } = signed;
    expect(restoreMatch(stAugustine, unsigned, { key })).toMatchObject({
      error: { code: 'bad_signature' },
    });
    // A forger who recomputes the whole chain and hash still cannot sign.
    const forged = structuredClone(signed) as { hash: string };
    forged.hash = forged.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(restoreMatch(stAugustine, forged, { key })).toMatchObject({
      error: { code: 'bad_signature' },
    });
  });

  it('a legacy save (format 1, no chain) is refused unless the caller opts in; then it restores with legacy: true', () => {
    const save = auctionGame();
    const legacy = {
      ...save,
      format: 'ruleloom.match/1',
      actions: save.actions.map(({ seat, action }) => ({ seat, action })),
    };
    const refused = restoreMatch(stAugustine, legacy);
    expect(!refused.ok && refused.error.code).toBe('legacy_save');
    const r = restoreMatch(stAugustine, legacy, { allowLegacy: true });
    expect(r.ok && r.legacy).toBe(true);
    if (r.ok) expect(r.match.toJSON().format).toBe('ruleloom.match/2');
  });
});

describe('messages are bounded', () => {
  it('a 1 MB action type gives a message of at most a few hundred characters', () => {
    const m = createMatch(stAugustine, { seed: 1, players: 2 });
    const r = m.applyInput(m.toAct[0] ?? 0, { type: 'x'.repeat(999) });
    expect(!r.ok && r.error.message.length).toBeLessThan(400);
    const huge = m.applyInput(m.toAct[0] ?? 0, { type: 'x'.repeat(1_000_000) });
    expect(!huge.ok && huge.error.message.length).toBeLessThan(400);
  });

  it('a string rulesVersion ("2") is refused as not a number, not as a mismatch of 2 and 2', () => {
    const save = createMatch(stAugustine, { seed: 1, players: 2 }).toJSON();
    const r = restoreMatch(stAugustine, { ...save, rulesVersion: String(save.rulesVersion) });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_save' } });
    if (!r.ok)
      expect(r.error.message).toContain(`must be a number, got '${String(save.rulesVersion)}'`);
  });
});

describe('variants', () => {
  it('a variant may not reuse its base game id', () => {
    expect(() => defineVariant(stAugustine, { id: stAugustine.id })).toThrow(/id of its own/);
  });
});
