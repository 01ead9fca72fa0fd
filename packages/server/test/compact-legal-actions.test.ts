import { afterEach, describe, expect, it } from 'vitest';
import {
  createdMatchSchema,
  expandLegalActions,
  parseHttpBody,
  type WelcomeMessage,
} from '../src/index.js';
import { post, startServer, type Started } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

/** Creates a 4-seat St. Augustine match with these options; joins the seat to act. */
async function welcomeOfSeatToAct(
  s: Started,
  options: Record<string, unknown>,
): Promise<{ client: TestClient; welcome: WelcomeMessage; bytes: number }> {
  const r = await post(s.url, '/matches', { game: 'st-augustine', players: 4, options });
  expect(r.status).toBe(201);
  const created = parseHttpBody(createdMatchSchema, r.body);
  if (created === null) throw new Error('not a created match');
  const status = (await (await fetch(`${s.url}/matches/${created.match}`)).json()) as {
    toAct: number[];
  };
  const seat = status.toAct[0] as number;
  const client = await TestClient.connect(s.url, created.seats[seat]?.token);
  const seq = client.send({ type: 'join', match: created.match });
  const welcome = (await client.reply(seq)) as WelcomeMessage;
  expect(welcome.type).toBe('welcome');
  return { client, welcome, bytes: client.frameBytes[client.messages.indexOf(welcome)] ?? -1 };
}

describe('legal actions travel compactly', () => {
  it('a frame no longer grows with the money: 10,001 bids cost the same bytes as a few', async () => {
    started = await startServer();
    const sizes: number[] = [];
    for (const startingMoney of [20_000, 1_000_000, 10_000_000]) {
      const { client, welcome, bytes } = await welcomeOfSeatToAct(started, {
        startingMoney,
        minimumBid: 1000,
      });
      const plain = expandLegalActions(welcome.legal);
      expect(plain.length).toBe(welcome.legal.count);
      // Every bid from $1,000 to the seat's money (about its starting money), then the pass:
      // one range and one action.
      const bids = plain.filter((a) => a.type === 'bid');
      expect(bids.length).toBeGreaterThan(startingMoney / 1000 - 50);
      expect(welcome.legal.entries.map((e) => e.type)).toEqual(['range', 'action']);
      sizes.push(bytes);
      if (startingMoney === 10_000_000) {
        const before = JSON.stringify(plain).length;
        console.info(
          `welcome with startingMoney 10,000,000 and minimumBid 1,000: ${String(bytes)} bytes (the plain list alone: ${String(before)} bytes)`,
        );
        expect(before).toBeGreaterThan(300_000);
        // The highest bid of the plain list is accepted as it is.
        const top = plain.filter((a) => a.type === 'bid').at(-1);
        const seq = client.send({ type: 'act', action: top, version: welcome.version });
        expect((await client.reply(seq)).type).toBe('ack');
      }
      client.close();
    }
    // Only the digits of the amounts grow (money in the view, the range's bounds, the count).
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(128);
    expect(Math.max(...sizes)).toBeLessThan(8 * 1024);
  });

  it('options that still make too many legal actions are refused at create with a clear code', async () => {
    started = await startServer({ limits: { maxLegalActions: 5_000 } });
    const refused = await post(started.url, '/matches', {
      game: 'st-augustine',
      players: 4,
      options: { startingMoney: 10_000_000, minimumBid: 1000 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'too_many_legal_actions',
      message: expect.stringMatching(
        /legal actions at the first decision \(at most 5000\)/,
      ) as string,
    });
    const fine = await post(started.url, '/matches', {
      game: 'st-augustine',
      players: 4,
      options: { startingMoney: 1_000_000, minimumBid: 1000 },
    });
    expect(fine.status).toBe(201);
  });

  it('legal actions that do not compact below maxLegalEntries are refused at create', async () => {
    started = await startServer({ limits: { maxLegalEntries: 1 } });
    const refused = await post(started.url, '/matches', { game: 'st-augustine', players: 4 });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { code: string }).code).toBe('too_many_legal_actions');
    expect((refused.body.error as { message: string }).message).toMatch(
      /entries even in compact form \(at most 1\)/,
    );
  });
});
