import { createMatch, type ActionBase, type Match } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  askDecision,
  createPalette,
  resolveCliGame,
  type CliGame,
  type Decision,
  type NarrationContext,
  type PromptChoice,
  type Prompter,
} from '../src/index.js';
import { runCli } from './run-cli.js';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;

/** A prompter that answers from a script: a row's name, a list of row names, or a line. */
function scriptedPrompter(script: (string | string[])[]): {
  prompter: Prompter;
  transcript: string[];
} {
  const transcript: string[] = [];
  const next = (): string | string[] => {
    const answer = script.shift();
    if (answer === undefined)
      throw new Error(`the script ended; transcript:\n${transcript.join('\n')}`);
    return answer;
  };
  const row = <T>(choices: readonly PromptChoice<T>[], name: string): PromptChoice<T> => {
    const found = choices.find((ch) => ch.name === name);
    if (found === undefined)
      throw new Error(`no row '${name}' in ${choices.map((ch) => ch.name).join(' | ')}`);
    return found;
  };
  const prompter: Prompter = {
    interactive: false,
    say: (text) => transcript.push(`say: ${text}`),
    text: (message) => {
      const answer = next();
      transcript.push(`text: ${message} > ${String(answer)}`);
      return Promise.resolve(typeof answer === 'string' ? answer : null);
    },
    select: (message, choices) => {
      const answer = next();
      transcript.push(
        `select: ${message} [${choices.map((ch) => ch.name).join(' | ')}] > ${String(answer)}`,
      );
      return Promise.resolve(row(choices, String(answer)).value);
    },
    checkbox: (message, choices) => {
      const answer = next();
      transcript.push(`checkbox: ${message} > ${String(answer)}`);
      return Promise.resolve((answer as string[]).map((name) => row(choices, name).value));
    },
  };
  return { prompter, transcript };
}

async function liarsDiceWithForm(): Promise<{ cliGame: CliGame; match: Match }> {
  const cliGame = await resolveCliGame('./liars-dice-form-kit.mjs', { cwd: fixtures });
  const match = createMatch(cliGame.game, { seed: 5, players: 2 });
  return { cliGame, match };
}

function decisionOf(match: Match): Decision {
  const seat = match.toAct[0] ?? 0;
  return { match, seat, view: match.view(seat), legalActions: match.legalActions(seat) };
}

function contextOf(cliGame: CliGame, match: Match): NarrationContext {
  return {
    names: [0, 1].map((s) => cliGame.seatLabel(s)),
    palette: createPalette(false),
    engine: match.engine,
  };
}

describe("a kit's declared action form, asked by the CLI with no code for its game", () => {
  it("asks Liar's Dice's bid form step by step: a face, a quantity within its bounds, the explanation, then the bid", async () => {
    const { cliGame, match } = await liarsDiceWithForm();
    const decision = decisionOf(match);
    const faces = [...new Set(decision.legalActions.map((a) => (a as { face?: number }).face))];
    expect(faces.length).toBeGreaterThan(1);
    const { prompter, transcript } = scriptedPrompter([
      'Make a bid…',
      '4s',
      '99',
      'two',
      '3',
      'Bid',
    ]);
    const ctx = contextOf(cliGame, match);
    const choice = await askDecision({
      decision,
      prompter,
      cliGame,
      ctx,
      memory: { skipping: undefined, never: false },
      menu: () => Promise.reject(new Error('a declared form never falls back to the menu')),
    });
    expect(transcript[0]).toBe(
      'select: Choose an action [Make a bid… | Save and quit] > Make a bid…',
    );
    expect(transcript[1]).toMatch(/^select: Which face \[1s \| 2s \| .*6s \| Back\] > 4s$/);
    expect(transcript).toContain('text: How many 4s > 99');
    const highest = Math.max(
      ...decision.legalActions
        .map((a) => a as { face?: number; quantity?: number })
        .filter((a) => a.face === 4)
        .map((a) => a.quantity ?? 0),
    );
    expect(transcript).toContain(`say: ✗ 99 is above the highest, ${String(highest)}`);
    expect(transcript).toContain("say: ✗ 'two' is not a whole number of 0 or more");
    expect(transcript).toContain('say: You claim at least 3 dice showing 4 among 2 cups.');
    expect(transcript.at(-1)).toBe('select: Bid it? [Bid | Back] > Bid');
    expect(choice).toEqual({ type: 'action', action: { type: 'bid', quantity: 3, face: 4 } });
    // The rules accept what the form built.
    const built = choice?.type === 'action' ? choice.action : undefined;
    expect(match.apply(decision.seat, built as ActionBase).ok).toBe(true);
  });

  it('a cancel row or a no at the confirmation goes back to the choice, and the other legal actions stay rows', async () => {
    const { cliGame, match } = await liarsDiceWithForm();
    const first = decisionOf(match);
    const opening = { type: 'bid', quantity: 1, face: 2 };
    expect(match.apply(first.seat, opening).ok).toBe(true);
    const decision = decisionOf(match);
    const { prompter, transcript } = scriptedPrompter([
      'Make a bid…',
      'Back',
      'Make a bid…',
      '5s',
      '2',
      'Back',
      'challenges',
    ]);
    const choice = await askDecision({
      decision,
      prompter,
      cliGame,
      ctx: contextOf(cliGame, match),
      memory: { skipping: undefined, never: false },
      menu: () => Promise.reject(new Error('unused')),
    });
    expect(transcript[0]).toBe(
      'select: Choose an action [Make a bid… | challenges | Save and quit] > Make a bid…',
    );
    expect(transcript.filter((line) => line.startsWith('select: Choose an action'))).toHaveLength(
      3,
    );
    expect(choice).toEqual({ type: 'action', action: { type: 'challenge' } });
  });

  it('`ruleloom play ./kit.mjs` asks the form through a pipe', async () => {
    const run = await runCli(
      ['play', './liars-dice-form-kit.mjs', '--bots', 'random', '--seed', '5'],
      { cwd: fixtures, stdin: '1\n4\n3\n1\nq\n' },
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('1) Make a bid…');
    expect(run.out).toContain('How many 4s > 3');
    expect(run.out).toContain('You claim at least 3 dice showing 4 among 2 cups.');
    expect(run.out).toMatch(/Seat 0 \(you\) bids 3 × 4\./);
  });
});
