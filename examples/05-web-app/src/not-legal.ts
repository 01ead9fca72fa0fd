/*
 * Why a control that would play an action is disabled, for the app's games: `@ruleloom/react`'s
 * `whyNotLegal` with the game's presenter, present context and definition.
 */
import type { ActionBase } from '@ruleloom/core';
import { whyNotLegal as whyNotLegalFor } from '@ruleloom/react';
import { findGame } from './games.js';
import { presentContext, presenterOf } from './presenters.js';

/**
 * Why `action` cannot be played now, as a sentence from the legal actions (null when it is
 * legal), in the game presenter's words: `Not allowed now: bids $5,500. Allowed: bids $5,000
 * up to bids $20,000 (16 choices).`
 */
export function whyNotLegal(
  game: string | null,
  action: ActionBase,
  legalActions: readonly ActionBase[],
): string | null {
  return whyNotLegalFor(action, legalActions, {
    presenter: presenterOf(game),
    context: presentContext(game),
    game: findGame(game)?.game,
  });
}
