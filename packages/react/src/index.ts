/**
 * React bindings for Ruleloom: {@link useMatch} and {@link useMatchSelector} over any
 * `@ruleloom/client` client (local or remote), {@link useChat} for a match's chat, and the typed board slot
 * {@link RuleloomBoard}, and {@link PresenterBoard}: any game's board from its kit's presenter (its text
 * board, narration, action words and forms). The debug panel is a separate entry, `@ruleloom/react/debug`, meant
 * to be imported only in development builds.
 *
 * @packageDocumentation
 */
export { useMatch, useMatchSelector } from './use-match.js';
export { useChat } from './use-chat.js';
export type { ChatClient, ChatSnapshot, ChatState } from './use-chat.js';
export { shareStructure } from './share-structure.js';
export { RuleloomBoard } from './ruleloom-board.js';
export type { BoardProps, RuleloomBoardProps } from './ruleloom-board.js';
export type { BoardClient, BoardSnapshot, MatchStore, SnapshotOf } from './client-types.js';
export { PresenterBoard, PresenterView } from './presenter/presenter-board.js';
export type {
  PresenterBoardProps,
  PresenterSetup,
  PresenterViewProps,
} from './presenter/presenter-board.js';
export { BoardText } from './presenter/board-text.js';
export type { BoardTextProps } from './presenter/board-text.js';
export { RichTextView } from './presenter/rich-text-view.js';
export type { RichTextViewProps } from './presenter/rich-text-view.js';
export { LogEntryText } from './presenter/log-entry-text.js';
export type { LogEntryTextProps } from './presenter/log-entry-text.js';
export { describeLoggedAction, narrateLogEntry } from './presenter/narration.js';
export { actionLabel } from './presenter/action-label.js';
export { whyNotLegal } from './presenter/not-legal.js';
export type { NotLegalWords } from './presenter/not-legal.js';
export { createLobbyApi } from './lobby/lobby-api.js';
export type {
  ListedMatch,
  LobbyApi,
  LobbyApiOptions,
  LobbyCreateRequest,
  LobbyError,
  LobbyResult,
  LobbySeat,
} from './lobby/lobby-api.js';
export { memoryLobbyMemory, storageLobbyMemory } from './lobby/lobby-memory.js';
export type { LobbyMemory, RememberedMatch } from './lobby/lobby-memory.js';
export { useLobby } from './lobby/use-lobby.js';
export type { LobbyMatch, LobbyState, UseLobbyOptions } from './lobby/use-lobby.js';
export { Lobby } from './lobby/lobby.js';
export { isNoServerError, lobbyErrorSentence } from './lobby/lobby-error-sentence.js';
export type { LobbyProps } from './lobby/lobby.js';
export { useOpenMatches } from './lobby/use-open-matches.js';
export type { OpenMatchesState, UseOpenMatchesOptions } from './lobby/use-open-matches.js';
export { OpenMatches, openMatchesErrorSentence } from './lobby/open-matches.js';
export type { OpenMatchesProps } from './lobby/open-matches.js';
