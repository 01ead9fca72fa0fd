import { createMatch } from '@ruleloom/core';
import { pig } from '@ruleloom/core/games';
import { createSession } from '@ruleloom/core/session';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { botPort, greedyBot, randomBot } from '../src/index.js';

describe('bots as decision ports of a match session', () => {
  it('plays a whole game; the same seeds give the same game', async () => {
    const play = async () => {
      const session = createSession(
        stAugustine,
        { seed: 5, players: 3, options: { turns: 4 } },
        {
          ports: {
            0: botPort(randomBot(), stAugustine),
            1: botPort(greedyBot({ heuristic: stAugustineHeuristic, samples: 2 }), stAugustine),
            2: botPort(randomBot(), stAugustine),
          },
        },
      );
      await session.whenIdle();
      expect(session.getSnapshot()).toMatchObject({ isOver: true, failure: null });
      return session.toJSON();
    };
    const a = await play();
    expect(await play()).toEqual(a);
    // The save replays on a plain match: every bot answer was a legal action.
    const replay = createMatch(stAugustine, a.setup);
    for (const { seat, action } of a.actions) expect(replay.apply(seat, action).ok).toBe(true);
  });

  it('refuses a request for another game as a failure, not a crash', async () => {
    const session = createSession(
      pig,
      { seed: 1, players: 2 },
      { ports: { 0: botPort(randomBot(), stAugustine) } },
    );
    await session.whenIdle();
    expect(session.getSnapshot().failure).toMatchObject({
      seat: 0,
      code: 'port_failed',
      message: "this port plays 'st-augustine', not 'pig'",
    });
  });
});
