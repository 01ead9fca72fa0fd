import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdMatchSchema,
  createMatchRequestSchema,
  healthAnswerSchema,
  httpErrorBodySchema,
  matchStatusAnswerSchema,
  serverGamesSchema,
  type CreateMatchRequest,
} from '../src/protocol/index.js';
import { post, startServer, type Started } from './helpers/start-server.js';

let started: Started;
beforeAll(async () => {
  started = await startServer();
});
afterAll(async () => {
  await started.stop();
});

const get = async (path: string): Promise<unknown> => (await fetch(`${started.url}${path}`)).json();

describe('the HTTP bodies are what @ruleloom/server/protocol says', () => {
  it('every answer parses with its published schema', async () => {
    const request: CreateMatchRequest = {
      game: 'st-augustine',
      players: 2,
      bots: [{ seat: 1, bot: 'random' }],
    };
    expect(v.safeParse(createMatchRequestSchema, request).success).toBe(true);
    const created = await post(started.url, '/matches', request);
    expect(created.status).toBe(201);
    const body = v.parse(createdMatchSchema, created.body);
    expect(body.bots).toEqual([1]);
    expect(v.parse(matchStatusAnswerSchema, await get(`/matches/${body.match}`))).toMatchObject({
      status: 'active',
      players: 2,
    });
    expect(v.parse(serverGamesSchema, await get('/games')).games.map((g) => g.id)).toContain(
      'st-augustine',
    );
    expect(v.parse(healthAnswerSchema, await get('/health')).ok).toBe(true);
    const refused = await post(started.url, '/matches', { game: 'nope', players: 2 });
    expect(v.parse(httpErrorBodySchema, refused.body).error.code).toBe('unknown_game');
    expect(v.parse(httpErrorBodySchema, await get('/matches/unknown-id')).error.code).toBe(
      'match_not_found',
    );
  });

  it('a create body the schema refuses is refused by the server the same way', async () => {
    const bad = { game: 'st-augustine', players: 0 };
    expect(v.safeParse(createMatchRequestSchema, bad).success).toBe(false);
    const r = await post(started.url, '/matches', bad);
    expect(r.status).toBe(400);
    expect(v.parse(httpErrorBodySchema, r.body).error.code).toBe('malformed_message');
  });
});
