import type { ClientSnapshot, LocalClient, RulesClient } from '@ruleloom/client';
import {
  actionTraitsOf,
  type ActionBase,
  type AnyGame,
  type GameView,
  type Rejection,
  type SavedMatch,
} from '@ruleloom/core';
import { RuleloomBoard, useMatch, type BoardProps as SlotProps } from '@ruleloom/react';
import { lazy, Suspense } from 'react';
import { BOARDS } from './boards.js';
import { baseGameId } from './variants.js';
import { EndScreen } from './end-screen.js';
import { errorSentence } from './error-sentence.js';
import { EarlierMoves, GameLog } from './game-log.js';
import { GenericBoard } from './generic/generic-board.js';
import { ChatPanel } from './chat-panel.js';
import { botShortLabel, findGame } from './games.js';
import { HowToPlay } from './how-to-play.js';
import { seatLabel } from './presenters.js';
import { SaveButton } from './save-button.js';
import { SeatNames } from './seat-names.js';

export { actionLabel } from '@ruleloom/react';

// The debug panel, in development builds only: in a production build `import.meta.env.DEV`
// is false, so the bundler drops this import and the panel's code with it (the browser tests
// check the built files for its marker).
const DebugPanel = import.meta.env.DEV
  ? lazy(() => import('./debug-tools.js').then((m) => ({ default: m.DevDebugPanel })))
  : null;

/** Who plays each seat of a local game (`'human'` or a bot kind), when the page knows. */
export type SeatKinds = readonly string[];

/**
 * A seat's name: the player's name when the match has one (`Ana (Player 1)`), else the game's
 * label; with `(you)` or the bot that plays it.
 */
export function seatName(
  game: string | null,
  seat: number,
  seats: SeatKinds | undefined,
  mySeat: number | null,
  names: readonly (string | null)[] = [],
): string {
  const given = names[seat];
  const base =
    given === null || given === undefined
      ? seatLabel(game, seat)
      : `${given} (${seatLabel(game, seat)})`;
  if (seats === undefined) return seat === mySeat ? `${base} (you)` : base;
  const kind = seats[seat];
  if (kind === undefined || kind === 'human')
    return seats.filter((k) => k === 'human').length === 1 ? `${base} (you)` : base;
  return `${base} · ${botShortLabel(kind)}`;
}

/** The status line: who is to play, who is thinking, the connection, the result. */
function statusText(s: ClientSnapshot, nameOf: (seat: number) => string): string {
  if (s.isOver) {
    const winners = (s.result?.winners ?? []).map(nameOf);
    return `Game over: ${winners.length === 0 ? 'nobody' : winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'win'}`;
  }
  if (s.status === 'connecting') return 'Connecting…';
  if (s.status === 'reconnecting') return 'Reconnecting…';
  if (s.status === 'closed')
    return `Closed: ${errorSentence(s.closeReason ?? { code: 'client_closed', message: '' })}`;
  if (s.thinking.length > 0) return `${nameOf(s.thinking[0]!)} is thinking…`;
  if (s.seat !== null && s.toAct.includes(s.seat))
    return `${s.names[s.seat] ?? seatLabel(s.game, s.seat)} to play`;
  return `Waiting for ${s.toAct.map((t) => nameOf(t)).join(', ')}`;
}

/** The player count of a snapshot, when the client's snapshot carries it. */
function playersOf(snapshot: object): number | null {
  const players = (snapshot as { readonly players?: unknown }).players;
  return typeof players === 'number' ? players : null;
}

/** The players' names of a snapshot, when the client's snapshot carries them. */
function namesOf(snapshot: object): readonly (string | null)[] {
  const names = (snapshot as { readonly names?: unknown }).names;
  return Array.isArray(names) ? (names as (string | null)[]) : [];
}

/**
 * The board slot of `@ruleloom/react`, handing each game's board (by id) what it reads; a game
 * without a board of its own gets the generic board, drawn from its kit.
 */
function GameBoard({
  view,
  seat,
  legalActions,
  toAct,
  disabled,
  act,
  snapshot,
}: SlotProps<ActionBase, GameView>) {
  const base = baseGameId(snapshot.game);
  const Board = base === null ? undefined : BOARDS[base];
  const play = (a: ActionBase) => void act(a);
  if (Board === undefined)
    return (
      <GenericBoard
        game={snapshot.game}
        players={playersOf(snapshot)}
        names={namesOf(snapshot)}
        view={view}
        seat={seat}
        legalActions={legalActions}
        toAct={toAct}
        log={snapshot.log}
        disabled={disabled}
        act={play}
      />
    );
  return (
    <Suspense fallback={<p className="loading">Loading the board…</p>}>
      <Board
        view={view}
        seat={seat}
        legalActions={legalActions}
        toAct={toAct}
        log={snapshot.log}
        disabled={disabled}
        act={play}
      />
    </Suspense>
  );
}

/** Whether a game declares any action that can be taken back (`undoable`). */
function declaresUndoable(game: AnyGame): boolean {
  const traits = actionTraitsOf(game);
  return Object.keys(game.actions).some((type) => traits.isUndoable({ type }));
}

/**
 * A button that, when the client refuses what it does now, is disabled and says why: the
 * refusal as a sentence beside it (its `aria-describedby`) and as its title.
 */
export function ReasonedButton({
  id,
  label,
  refusal,
  onClick,
}: {
  id: string;
  label: string;
  refusal: Rejection | null;
  onClick: () => void;
}) {
  const why = refusal === null ? null : errorSentence(refusal);
  return (
    <span className="reasoned">
      <button
        onClick={onClick}
        disabled={why !== null}
        {...(why === null ? {} : { title: why, 'aria-describedby': id })}
      >
        {label}
      </button>
      {why !== null && (
        <span id={id} className="hint why">
          {why}
        </span>
      )}
    </span>
  );
}

/**
 * Take back and redo (local games of a game that declares undoable actions): the client's
 * `undo` and `redo`, each disabled with the client's reason when it would be refused.
 */
function TakeBackAndRedo({ client }: { client: LocalClient }) {
  return (
    <div className="row" aria-label="take back and redo" role="group">
      <ReasonedButton
        id="undo-why"
        label="Take back my move"
        refusal={client.undoRefusal()}
        onClick={() => client.undo()}
      />
      <ReasonedButton
        id="redo-why"
        label="Redo"
        refusal={client.redoRefusal()}
        onClick={() => client.redo()}
      />
    </div>
  );
}

/** One match, for any game: status, the game's board (or the generic board), log, save, end screen. */
export function GameScreen({
  client,
  onLeave,
  seats,
  onPlayAgain,
  game,
  onRestore,
}: {
  client: RulesClient;
  onLeave?: () => void;
  /** Who plays each seat (local games), for names. */
  seats?: SeatKinds;
  /** Starts the same game again (local games). */
  onPlayAgain?: () => void;
  /** The game played (local games): the debug panel replays its save. */
  game?: AnyGame;
  /** Development builds: the debug panel's restore (a verified save) starts this game. */
  onRestore?: ((save: SavedMatch) => void) | undefined;
}) {
  const s = useMatch(client);
  const nameOf = (seat: number) => seatName(s.game, seat, seats, s.seat, s.names);
  const local = 'save' in client ? (client as LocalClient) : null;
  const title = findGame(s.game)?.name ?? s.game ?? 'Ruleloom';
  return (
    <SeatNames.Provider value={nameOf}>
      <main className="game">
        <header className="row game-header">
          {onLeave !== undefined && <button onClick={onLeave}>← Lobby</button>}
          <h1>{title}</h1>
          <p aria-live="polite" data-testid="status" className="status">
            {statusText(s, nameOf)}
          </p>
        </header>
        {s.lastRejection !== null && (
          <p role="alert" className="error">
            {errorSentence(s.lastRejection)}
          </p>
        )}
        {s.isOver && s.result !== null && (
          <EndScreen
            game={s.game}
            result={s.result}
            nameOf={nameOf}
            onPlayAgain={onPlayAgain}
            onLeave={onLeave}
          />
        )}
        <div className="columns">
          <section aria-label="board" className="board">
            <RuleloomBoard client={client} board={GameBoard} waiting={<p>Joining the game…</p>} />
          </section>
          <section aria-label="history" className="history">
            <h2>Log</h2>
            <GameLog
              game={s.game}
              log={s.log}
              setup={{ players: s.players, names: s.names }}
              nameOf={nameOf}
            />
            {/* A long online match: the server sent the newest moves; these load the rest. */}
            <EarlierMoves client={client} logStart={s.logStart} />
            <div className="row">{local !== null && <SaveButton client={local} />}</div>
            {local !== null && !s.isOver && game !== undefined && declaresUndoable(game) && (
              // Offered in games that declare undoable actions; each says why when it cannot
              // act now (nothing to take back, something hidden came out, a bot is thinking).
              <TakeBackAndRedo client={local} />
            )}
            {/* Online games: the table's chat (a local game has none). */}
            {local === null && <ChatPanel client={client} nameOf={nameOf} />}
            {s.game !== null && <HowToPlay game={s.game} />}
          </section>
        </div>
        {DebugPanel !== null && (
          <Suspense fallback={null}>
            <DebugPanel client={client} game={game} onRestore={onRestore} />
          </Suspense>
        )}
      </main>
    </SeatNames.Provider>
  );
}
