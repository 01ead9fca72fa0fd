import { randomBot } from '@ruleloom/bots';
import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { createMatch, defineActionForm, type GameKit } from '@ruleloom/core';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PresenterBoard } from '../src/index.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

/**
 * Stone Pile: a kit written only against the public SDK in a plain ES module (the web app's
 * served-kit fixture), whose presenter has a board, narration, action words and a form for
 * taking stones (an amount, then a confirmation after the form's explanation).
 */
const STONE_PILE = pathToFileURL(
  new URL('../../../examples/05-web-app/test/browser/fixtures/stone-pile-kit.mjs', import.meta.url)
    .pathname,
).href;
const kit = ((await import(STONE_PILE)) as { default: GameKit }).default;
const setup = { players: 2, options: { pile: 9 } } as const;

function localClient(): LocalClient {
  return createClient({
    type: 'local',
    game: kit.game,
    setup: { seed: 4, ...setup },
    bots: { 1: 'random' },
    // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
    botSeed: 'presenter-board-test',
    botRunner: createInlineBotRunner({ games: [kit.game], bots: { random: randomBot() } }),
  }) as LocalClient;
}

/** Types `text` into an input as a person would (React tracks the native setter). */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

let mounted: Mounted | null = null;
let client: LocalClient | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
  client?.close();
  client = null;
});

describe('PresenterBoard: a kit shown by its presenter', () => {
  it('renders the presenter’s board and plays a move through its form, step by step', async () => {
    client = localClient();
    await client.whenIdle();
    mounted = await mount(
      <PresenterBoard
        client={client}
        game={kit.game}
        presenter={kit.presenter!}
        setup={setup}
        names={['Ada']}
      />,
    );
    const root = mounted.container;
    // The presenter's board text: a line with a styled span, and a table.
    const board = root.querySelector('.board-text')!;
    expect(board.querySelector('.rt-strong')?.textContent).toBe('Pile: 9 stones left');
    expect([...board.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Gatherer',
      'Stones taken',
    ]);
    // Names: the one given, else the presenter's seat label.
    expect([...board.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Ada',
      '0',
      'Gatherer 2',
      '0',
    ]);
    expect(root.querySelector('.view-json')).toBeNull();
    expect(root.querySelector('[data-testid="prompt"]')?.textContent).toBe(
      'Your decision, Ada: 3 legal moves.',
    );
    // The kit's form for `take` replaces one button per action.
    expect(root.textContent).not.toContain('Gather 1 stone');
    await settle(() => button(root, 'Gather stones…').click());

    // Step 1, a bounded amount: an amount out of bounds says why and stays on the step.
    const field = root.querySelector<HTMLInputElement>('input[inputmode="numeric"]')!;
    expect(root.querySelector(`label[for="${field.id}"]`)?.textContent).toBe(
      'How many stones of the 9?',
    );
    expect(root.querySelector(`#${CSS.escape(field.id)}-bounds`)?.textContent).toBe('From 1 to 3.');
    await settle(() => typeInto(field, '5'));
    await settle(() => button(root, 'Next').click());
    expect(root.querySelector(`#${CSS.escape(field.id)}-bounds`)?.textContent).toBe(
      '5 is above the highest, 3.',
    );
    await settle(() => typeInto(field, '2'));
    await settle(() => button(root, 'Next').click());

    // Step 2, confirm: the form's explanation, then its own accept and reject words.
    expect(root.querySelector('.form-explain')?.textContent).toBe('The pile goes from 9 to 7.');
    expect(button(root, 'Not now').disabled).toBe(false);
    await settle(() => button(root, 'Gather').click());
    await settle(() => client!.whenIdle());

    // The move was played for the seat, and the bot answered.
    const snapshot = client.getSnapshot();
    expect(snapshot.log[0]).toMatchObject({ seat: 0, action: { type: 'take', stones: 2 } });
    expect(snapshot.log[1]?.seat).toBe(1);
    const replay = createMatch(kit.game, { seed: 4, ...setup });
    for (const e of snapshot.log) expect(replay.apply(e.seat!, e.action!).ok).toBe(true);
    const left = (replay.view(0) as unknown as { pile: number }).pile;
    expect(root.querySelector('.rt-strong')?.textContent).toBe(`Pile: ${String(left)} stones left`);
    // The narration of the latest moves, newest first, in the presenter's words.
    const latest = [...root.querySelectorAll('.latest li')].map((li) => li.textContent);
    expect(latest.at(-1)).toBe('Ada: takes 2Ada gathers 2 stones; 7 left on the pile.');
    expect(latest[0]).toMatch(/^Gatherer 2: takes [123]Gatherer 2 gathers [123] stones?; \d left/);
  });

  it('an action the rules refuse (a form that built one) is said, and the match is unchanged', async () => {
    client = localClient();
    await client.whenIdle();
    // The kit's presenter with a careless form: any amount, no bounds.
    const careless = defineActionForm({
      title: 'Grab stones…',
      steps: [{ id: 'stones', type: 'amount', message: 'How many?', parse: 'integer' }],
      build: (answers: { stones: number }) => ({ type: 'take', stones: answers.stones }),
    });
    const presenter = { ...kit.presenter!, forms: { take: careless } } as typeof kit.presenter;
    mounted = await mount(
      <PresenterBoard client={client} game={kit.game} presenter={presenter!} setup={setup} />,
    );
    const root = mounted.container;
    expect(root.querySelector('[role="alert"]')).toBeNull();
    await settle(() => button(root, 'Grab stones…').click());
    await settle(() =>
      typeInto(root.querySelector<HTMLInputElement>('input[inputmode="numeric"]')!, '5'),
    );
    await settle(() => button(root, 'Next').click());
    expect(client.getSnapshot().version).toBe(0);
    expect(root.querySelector('p.refusal[role="alert"]')?.textContent).toBe(
      'Not played: take 1 to 3 stones, not 5',
    );
    // The seat decides again, from the legal actions.
    expect(button(root, 'Grab stones…').disabled).toBe(false);
  });

  it('a setup the rules refuse: generic words and the view as JSON, no crash', async () => {
    client = localClient();
    mounted = await mount(
      <PresenterBoard
        client={client}
        game={kit.game}
        presenter={kit.presenter!}
        // A setup the rules refuse (too many players): generic words, no crash.
        setup={{ players: 9 }}
      />,
    );
    await settle(() => client!.whenIdle());
    const root = mounted.container;
    expect(root.querySelector('.view-json')).not.toBeNull();
    expect(root.querySelector('[data-testid="prompt"]')?.textContent).toBe(
      'Your decision, Gatherer 1: 3 legal moves.',
    );
    // Labels fall back to the action's fields; the form needs the context, so none is offered.
    expect(button(root, 'Take: stones 1').disabled).toBe(false);
    expect(root.textContent).not.toContain('Gather stones…');
  });
});
