/*
 * A board for any game from its presenter alone: the turn prompt, the seat's legal actions as
 * controls (the presenter's forms and words), the presenter's text board and the narration of
 * the latest moves. No game is named here.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  createEngine,
  type ActionBase,
  type ActionOf,
  type AnyGame,
  type BoardBlock,
  type GamePresenter,
  type GameView,
  type LogEntry,
  type PresentContext,
  type PresenterOf,
} from '@ruleloom/core';
import type { BoardClient } from '../client-types.js';
import { useMatch } from '../use-match.js';
import { ActionControls, choiceLabel } from './action-controls.js';
import { BoardText } from './board-text.js';
import { LogEntryText } from './log-entry-text.js';
import { describeLoggedAction } from './narration.js';

/** How many of the newest log entries the board narrates under the view, by default. */
const LATEST = 4;

/** The presenter's board for a view, or null when there is no presenter or it fails on it. */
function boardBlocks(
  presenter: GamePresenter | undefined,
  view: GameView,
  ctx: PresentContext | null,
): readonly BoardBlock[] | null {
  if (presenter === undefined || ctx === null) return null;
  try {
    return presenter.renderBoard(view, ctx);
  } catch {
    return null;
  }
}

/**
 * Props of {@link PresenterView}: the presenter and present context, and what a snapshot says
 * now (view, seat, legal actions, seats to act, log).
 * @public
 */
export interface PresenterViewProps {
  /** The game's presenter; undefined: the view as JSON and generic labels. */
  readonly presenter: GamePresenter | undefined;
  /** The match's present context (seat names and rules); null: as without a presenter. */
  readonly context: PresentContext | null;
  /**
   * The game definition, for its declared action traits (field order and choices, the step of
   * an amount) in the controls of many actions of one type; optional.
   */
  readonly game?: AnyGame | undefined;
  /** The view of the seat (or the spectator's). */
  readonly view: GameView;
  /** The seat whose view it is; null for a spectator. */
  readonly seat: number | null;
  /** The seat's legal actions now (empty when it is not to act). */
  readonly legalActions: readonly ActionBase[];
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** The log, redacted for the seat (its newest entries are narrated). */
  readonly log: readonly LogEntry[];
  /** Whether controls are disabled (an answer is awaited, the match is over, a replay). */
  readonly disabled: boolean;
  /** Plays an action; absent: no prompt and no controls (a replay). */
  readonly act?: ((action: ActionBase) => void) | undefined;
  /** A seat's display name (default: the context's names, else the presenter's seat label). */
  readonly nameOf?: ((seat: number) => string) | undefined;
  /** How many of the newest log entries to narrate (default 4; 0: none). */
  readonly latest?: number | undefined;
}

/**
 * A game's board from its presenter alone, from props (see {@link PresenterBoard} for the
 * same over a client). Renders, in a `div.generic-board`:
 *
 * - when `act` is given and a seat is to act, a `div.prompt` region (`your turn`) with the
 *   prompt and, for the seat on screen, the legal actions as controls in a
 *   `div.action-controls` group: an action type the presenter declares a form for (its
 *   `forms`) as one button with the form's title, which asks the form's steps in a
 *   `fieldset.action-form.presenter-form` (choose one: buttons; choose several: checkboxes
 *   and `Next`; an amount: a number field with its bounds; confirm: the form's explanation
 *   then accept and reject), then plays the action the form builds; else a few actions as
 *   one button each, labelled in the presenter's words (`describeChoice`, else
 *   `describeAction`); many actions of one type as a `fieldset.action-form` whose selects
 *   and number fields offer only legal values, its button disabled with a `title` saying why
 *   when the chosen values make no legal action;
 * - the presenter's `renderBoard` as a `div.board-text` (see {@link BoardText}; the view as
 *   JSON in a `pre.view-json` only when there is no presenter or it throws on the view);
 * - the narration of the newest log entries in a `section.latest` (see {@link LogEntryText}).
 *
 * Styled pieces of rich text are `span.rt-<style>`. The package ships no stylesheet: style
 * these classes in the app.
 * @public
 */
export function PresenterView({
  presenter,
  context: ctx,
  game,
  view,
  seat,
  legalActions,
  toAct,
  log,
  disabled,
  act,
  nameOf,
  latest: latestCount = LATEST,
}: PresenterViewProps): ReactNode {
  const name =
    nameOf ?? ((s: number) => ctx?.names[s] ?? presenter?.seatLabel(s) ?? `Seat ${String(s + 1)}`);
  const describe = (a: ActionBase) =>
    presenter?.describeChoice !== undefined && ctx !== null
      ? (presenter.describeChoice(a, view, ctx) ?? describeLoggedAction(presenter, ctx, a))
      : describeLoggedAction(presenter, ctx, a);
  const blocks = boardBlocks(presenter, view, ctx);
  const mine = seat !== null && toAct.includes(seat) && legalActions.length > 0;
  const latest = latestCount > 0 ? log.slice(-latestCount).reverse() : [];
  return (
    <div className="generic-board">
      {act !== undefined && toAct.length > 0 && (
        <div className="prompt" role="region" aria-label="your turn">
          <p data-testid="prompt">
            <strong>
              {mine
                ? `Your decision, ${name(seat)}: ${String(legalActions.length)} legal ${legalActions.length === 1 ? 'move' : 'moves'}.`
                : `Waiting for ${toAct.map(name).join(', ')}.`}
            </strong>
          </p>
          {mine && (
            <ActionControls
              // A new set of legal actions (a new decision) starts outside any form; other
              // seats' moves meanwhile (a simultaneous decision) leave an open form as it is.
              key={`${String(legalActions.length)}:${JSON.stringify(legalActions[0])}:${JSON.stringify(legalActions.at(-1))}`}
              game={game}
              presenter={presenter}
              decision={
                ctx === null || seat === null ? null : { seat, view, legalActions, present: ctx }
              }
              actions={legalActions}
              label={choiceLabel(describe)}
              disabled={disabled}
              act={act}
            />
          )}
        </div>
      )}
      {blocks === null ? (
        <pre className="view-json" data-testid="board-text">
          {JSON.stringify(view, null, 2)}
        </pre>
      ) : (
        <BoardText blocks={blocks} />
      )}
      {latest.length > 0 && (
        <section aria-label="latest moves" className="latest">
          <h3>Latest</h3>
          <ul>
            {latest.map((e) => (
              <li key={e.seq}>
                <LogEntryText presenter={presenter} ctx={ctx} entry={e} name={name} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The setup a {@link PresenterBoard} builds its present context from (the match's).
 * @public
 */
export interface PresenterSetup {
  /** The match's player count. */
  readonly players: number;
  /** The match's options (default: the game's defaults). */
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Props of {@link PresenterBoard}.
 * @typeParam TGame - the game presented
 * @public
 */
export interface PresenterBoardProps<TGame extends AnyGame> {
  /** The client of the match (`createClient(...)`, local or remote). */
  readonly client: BoardClient<ActionOf<TGame>, unknown>;
  /** The game (its rules give the present context; its action traits shape the controls). */
  readonly game: TGame;
  /** The game's presenter (a kit's `presenter`). */
  readonly presenter: PresenterOf<TGame>;
  /** The match's player count and options. */
  readonly setup: PresenterSetup;
  /** The players' names by seat, where known (default: the presenter's seat labels). */
  readonly names?: readonly (string | null | undefined)[] | undefined;
  /** Shown until the first view arrives (default: nothing). */
  readonly waiting?: ReactNode;
  /** How many of the newest log entries to narrate (default 4; 0: none). */
  readonly latest?: number | undefined;
}

/**
 * A game's board from its kit's presenter, over a client: the presenter's text board, the
 * narration of the latest moves, and the seat's legal actions in the presenter's words and
 * forms (see {@link PresenterView} for what it renders and its class names). Controls are
 * disabled while an answer is awaited and once the match is over; an action the rules refuse
 * (a form that built one) is said in a `p.refusal` alert above the board (`Not played: ...`)
 * until the match moves on.
 * @example
 * ```tsx
 * import { createClient } from '@ruleloom/client';
 * import { PresenterBoard } from '@ruleloom/react';
 * import kit from './my-game-kit.js';
 *
 * const client = createClient({ type: 'local', game: kit.game, setup: { seed: 1, players: 2 } });
 * <PresenterBoard client={client} game={kit.game} presenter={kit.presenter!} setup={{ players: 2 }} />;
 * ```
 * @public
 */
export function PresenterBoard<TGame extends AnyGame>({
  client,
  game,
  presenter,
  setup,
  names,
  waiting = null,
  latest,
}: PresenterBoardProps<TGame>): ReactNode {
  const snapshot = useMatch(client);
  const shown = presenter as unknown as GamePresenter;
  const nameKey = JSON.stringify(names ?? []);
  const optionsKey = JSON.stringify(setup.options ?? null);
  const context = useMemo((): PresentContext | null => {
    try {
      const rules = createEngine(game, {
        players: setup.players,
        ...(setup.options === undefined ? {} : { options: setup.options }),
      });
      const given = JSON.parse(nameKey) as readonly (string | null)[];
      const seatNames = Array.from(
        { length: setup.players },
        (_, s) => given[s] ?? shown.seatLabel(s),
      );
      return Object.freeze({ names: seatNames, rules });
    } catch {
      // A setup the rules refuse: the board falls back to generic words.
      return null;
    }
    // The options and names by value: a new object of the same setup keeps the context.
  }, [game, shown, setup.players, optionsKey, nameKey]);
  // The rules' refusal of the last action played here, while the match is where it was.
  const [refusal, setRefusal] = useState<{ readonly version: number; readonly text: string }>();
  const act = useCallback(
    (action: ActionBase) => {
      const version = client.getSnapshot().version;
      void client.act(action as ActionOf<TGame>).then((result) => {
        setRefusal(result.ok ? undefined : { version, text: result.error.message });
      });
    },
    [client],
  );
  if (snapshot.view === null) return waiting;
  const refused = refusal !== undefined && refusal.version === snapshot.version;
  return (
    <>
      {refused && (
        <p role="alert" className="refusal">
          {`Not played: ${refusal.text}`}
        </p>
      )}
      <PresenterView
        presenter={shown}
        context={context}
        game={game}
        view={snapshot.view as GameView}
        seat={snapshot.seat}
        legalActions={snapshot.legalActions}
        toAct={snapshot.toAct}
        log={snapshot.log}
        disabled={snapshot.pending || snapshot.isOver}
        act={act}
        latest={latest}
      />
    </>
  );
}
