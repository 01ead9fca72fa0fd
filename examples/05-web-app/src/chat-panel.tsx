import { MAX_CHAT_LENGTH, type ChatLine, type RulesClient } from '@ruleloom/client';
import type { Rejection } from '@ruleloom/core';
import { useChat, useMatchSelector } from '@ruleloom/react';
import { useEffect, useRef, useState } from 'react';
import './chat-panel.css';

/** What a player reads for a refused chat line (the server's message otherwise). */
const CHAT_SENTENCES: Readonly<Record<string, string>> = {
  chat_empty: 'Type something first.',
  chat_too_long: `A message has at most ${String(MAX_CHAT_LENGTH)} characters.`,
  chat_invalid_text: 'That message holds characters that cannot be sent.',
  chat_rate_limited: 'You are sending messages too fast: wait a few seconds.',
  spectator_cannot_chat: 'Spectators can read the chat but not write in it.',
  chat_unavailable: 'This server keeps no chat.',
  not_connected: 'Not connected right now: send it again once the game reconnects.',
  connection_lost: 'The connection dropped: if your message was stored, it shows above.',
};

function chatSentence(error: Rejection): string {
  return CHAT_SENTENCES[error.code] ?? error.message;
}

/** The time a line was said, as the player's clock shows it (hours and minutes). */
function timeOf(line: ChatLine): string {
  return new Date(line.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * The chat of an online game: every line as plain text (React escapes it: a line holding
 * markup shows the markup), and a box to write one, for seats (spectators read).
 */
export function ChatPanel({
  client,
  nameOf,
}: {
  client: RulesClient;
  /** A seat's name as the game screen shows it. */
  nameOf: (seat: number) => string;
}) {
  const { lines, canSend, sending, error, send } = useChat(client);
  const spectator = useMatchSelector(client, (s) => s.status === 'open' && s.seat === null);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The newest line in sight when one comes.
  useEffect(() => {
    const ol = list.current;
    if (ol !== null) ol.scrollTop = ol.scrollHeight;
  }, [lines.length]);
  const why = spectator
    ? 'Spectators can read the chat but not write in it.'
    : 'The chat opens once the game is connected.';
  return (
    <section aria-label="chat" className="chat">
      <h2>Chat</h2>
      {lines.length === 0 ? (
        <p className="hint">No messages yet.</p>
      ) : (
        <ol className="chat-lines" ref={list} aria-live="polite">
          {lines.map((line) => (
            <li key={line.seq} data-seat={line.seat}>
              <span className="chat-who">{nameOf(line.seat)}</span>{' '}
              <time className="chat-time" dateTime={new Date(line.at).toISOString()}>
                {timeOf(line)}
              </time>
              <span className="chat-text">{line.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send(text).then((r) => {
            if (r.ok) setText('');
          });
        }}
      >
        <input
          aria-label="Chat message"
          placeholder={canSend ? 'Say something to the table' : ''}
          value={text}
          maxLength={MAX_CHAT_LENGTH}
          disabled={!canSend}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={!canSend || sending}>
          Send
        </button>
      </form>
      {!canSend && <p className="hint">{why}</p>}
      {error !== null && (
        <p role="alert" className="error">
          {chatSentence(error)}
        </p>
      )}
    </section>
  );
}
