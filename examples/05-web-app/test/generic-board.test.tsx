import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { actionTraitsOf, createMatch, type ActionBase } from '@ruleloom/core';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import liarsDiceKit from '../../06-liars-dice/src/kit.js';
import { BOARDS } from '../src/boards.js';
import { makeBots } from '../src/bots.js';
import { GameScreen } from '../src/game-screen.js';
import { GAMES } from '../src/games.js';
import {
  asButtons,
  chosenAction,
  formControls,
  groupActions,
} from '../src/generic/action-groups.js';
import { KITS } from '../src/kits.js';
import { seatLabel } from '../src/presenters.js';

const game = liarsDiceKit.game;

describe('the games come from kits', () => {
  it('one lobby game per kit, with the kit’s default setup and bots from its presets', () => {
    expect(GAMES.map((g) => g.id)).toEqual(KITS.map((k) => k.kit.game.id));
    expect(GAMES.map((g) => g.id)).toContain('liars-dice');
    const dice = GAMES.find((g) => g.id === 'liars-dice')!;
    expect(dice.game).toBe(game);
    expect(dice.players).toBe(liarsDiceKit.defaultSetup.players);
    expect(dice.name).toBe("Liar's Dice");
    // No heuristic in this kit: no greedy bot; the easy opponent plays at random.
    expect(dice.difficulties).toEqual({
      easy: 'random',
      normal: 'ismcts-fast-liars-dice',
      hard: 'ismcts-liars-dice',
    });
    const bots = makeBots();
    for (const g of GAMES)
      for (const kind of [...g.botKinds, ...Object.values(g.difficulties)])
        expect(bots[kind], `${g.id}: ${kind}`).toBeDefined();
    expect(BOARDS['liars-dice']).toBeUndefined();
  });
});

describe('legal actions as controls, for any game', () => {
  const match = createMatch(game, { seed: 3, players: 3, options: { dice: 3 } });
  const first = match.legalActions(0) as ActionBase[];

  it('many bids of one type make a form whose every choice is legal; few actions are buttons', () => {
    const groups = groupActions(game, first);
    expect(groups.map((g) => g.type)).toEqual(['bid']);
    const bids = groups[0]!;
    expect(asButtons(bids)).toBe(false);
    expect(bids.fields).toEqual(['quantity', 'face']);
    const { controls, values } = formControls(game, bids, {});
    expect(controls.map((c) => [c.field, c.kind])).toEqual([
      ['quantity', 'select'],
      ['face', 'select'],
    ]);
    expect(controls[0]!.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(chosenAction(bids, values)).toEqual({ type: 'bid', quantity: 1, face: 1 });
    // Every value each select offers, with the values before it, is a legal bid.
    for (const q of controls[0]!.values) {
      const next = formControls(game, bids, { quantity: q });
      for (const f of next.controls[1]!.values)
        expect(first).toContainEqual({ type: 'bid', quantity: q, face: f });
    }
    // After a bid, the faces offered for the same quantity are only the higher ones.
    expect(match.apply(0, { type: 'bid', quantity: 2, face: 4 }).ok).toBe(true);
    const later = groupActions(game, match.legalActions(1));
    expect(later.map((g) => [g.type, asButtons(g)])).toEqual([
      ['bid', false],
      ['liar', true],
    ]);
    const narrowed = formControls(game, later[0]!, { quantity: 2 });
    expect(narrowed.controls[1]!.values).toEqual([5, 6]);
    // A value that is no longer a choice becomes the first legal one.
    expect(formControls(game, later[0]!, { quantity: 1, face: 1 }).values).toEqual({
      quantity: 2,
      face: 5,
    });
  });

  it('a number field with many values is a number input bounded by the legal ones', () => {
    const stakes = Array.from({ length: 20 }, (_, i) => ({ type: 'stake', amount: (i + 1) * 5 }));
    const [group] = groupActions(undefined, stakes);
    expect(asButtons(group!)).toBe(false);
    const { controls, values } = formControls(undefined, group!, {});
    expect(controls).toEqual([
      {
        field: 'amount',
        kind: 'number',
        values: stakes.map((s) => s.amount),
        min: 5,
        max: 100,
        step: 1,
      },
    ]);
    expect(chosenAction(group!, values)).toEqual({ type: 'stake', amount: 5 });
    // A typed amount is kept; one that no legal action has makes no action (the button waits).
    const typed = formControls(undefined, group!, { amount: 7 }).values;
    expect(typed).toEqual({ amount: 7 });
    expect(chosenAction(group!, typed)).toBeUndefined();
    expect(chosenAction(group!, { amount: 35 })).toEqual({ type: 'stake', amount: 35 });
  });

  it('a declared amount is a number input with the declared step (St. Augustine’s bids)', () => {
    const sa = stAugustineKit.game;
    const m = createMatch(sa, {
      seed: 2,
      players: stAugustineKit.defaultSetup.players,
      options: stAugustineKit.defaultSetup.options ?? {},
    });
    const seat = m.toAct[0]!;
    const bids = groupActions(sa, m.legalActions(seat)).find((g) => g.type === 'bid')!;
    const amount = actionTraitsOf(sa).amountTrait('bid')!;
    const { controls } = formControls(sa, bids, {});
    const control = controls.find((c) => c.field === amount.field)!;
    expect(control.kind).toBe('number');
    expect(control).toMatchObject({ step: amount.step ?? 1 });
    expect(amount.step).toBeGreaterThan(1);
  });

  it('an action whose field is not a plain value is offered as a button', () => {
    const plays = [
      { type: 'play', cards: ['a', 'b'] },
      ...Array.from({ length: 9 }, (_, i) => ({ type: 'play', cards: [String(i)] })),
    ];
    const groups = groupActions(undefined, plays);
    expect(groups[0]!.scalar).toBe(false);
    expect(asButtons(groups[0]!)).toBe(true);
  });
});

describe('the generic board of a kit without a board of its own', () => {
  it('shows the presenter’s board, the seat’s own dice only, the controls; plays to the end', async () => {
    const client = createClient({
      type: 'local',
      game,
      setup: { seed: 5, players: 3, options: { dice: 2 } },
      bots: { 1: 'random', 2: 'ismcts-fast-liars-dice' },
      // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
      botSeed: 'generic-board-test',
      botRunner: createInlineBotRunner({ games: [game], bots: makeBots() }),
    }) as LocalClient;
    await client.whenIdle();
    const s = client.getSnapshot();
    const html = renderToString(<GameScreen client={client} />);
    expect(html).toContain(`${seatLabel('liars-dice', 0)} to play`);
    expect(html).toContain('data-testid="board-text"');
    expect(html).toContain('Round 1');
    // The seat's own cup as faces; every other cup hidden.
    const view = s.view as unknown as { players: { cup?: number[] }[] };
    const faces = view.players[0]!.cup!.join(' ');
    expect(html).toContain(`Player 1: 2 dice · cup ${faces}`);
    expect(html).toContain('Player 2: 2 dice · cup 2 hidden');
    expect(html).toContain('Player 3: 2 dice · cup 2 hidden');
    // The bids as a form (quantity and face selects) with the legal bid it makes.
    expect(html).toContain('id="action-bid-quantity"');
    expect(html).toContain('id="action-bid-face"');
    expect(html).toMatch(/<button[^>]*>Bid<\/button>/);
    expect(html).toContain('Bids 1 × 1');
    while (!client.getSnapshot().isOver) {
      await client.whenIdle();
      const now = client.getSnapshot();
      if (!now.isOver) {
        const liar = now.legalActions.find((a) => a.type === 'liar');
        expect((await client.act(liar ?? now.legalActions[0]!)).ok).toBe(true);
      }
    }
    const end = renderToString(<GameScreen client={client} />);
    const save = client.save();
    const replay = createMatch(game, save.setup);
    for (const a of save.actions) replay.applyInput(a.seat, a.action);
    for (const [seat, score] of replay.result!.scores.entries())
      expect(end).toMatch(new RegExp(`data-seat="${String(seat)}" data-score="${String(score)}"`));
    expect(end).toMatch(/\d (die|dice)<\/td>/);
    client.close();
  });
});
