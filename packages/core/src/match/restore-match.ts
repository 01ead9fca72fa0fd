import type { GameView } from '../view/view.js';
import type { CardDefinition } from '../cards/cards.js';
import { canonicalSave } from '../log/sign-save.js';
import { equalHex, hmacHex } from '../log/chain.js';
import { LEGACY_SAVE_FORMAT, SAVE_FORMAT } from '../log/save.js';
import { reject, type Rejection } from '../result.js';
import { describeValue } from '../util/describe.js';
import { checkJsonLimits, SAVE_LIMITS } from '../util/json-limits.js';
import type { Game } from '../define/game.js';
import {
  startMatch,
  validateSetup,
  type Match,
  type MatchSetup,
  type RestoreOptions,
} from './match.js';
import type { ActionBase } from '../model/action.js';

const CHAIN_VALUE = /^[0-9a-f]{32}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Restores a saved match: checks the save's structure, format, game id and rules version (and
 * its signature when `options.key` is given), replays every action checking its hash chain
 * value, and compares the final hash. Never throws on a bad save, whatever its size or shape.
 *
 * @remarks
 * Codes: `invalid_save` (not a save, or past `SAVE_LIMITS`), `wrong_game`,
 * `rules_version_mismatch`, `bad_signature`, `invalid_setup`, `replay_rejected` and
 * `chain_mismatch` (both name the first bad index), `hash_mismatch`, `legacy_save`. A save of
 * the first format (`ruleloom.match/1`, no chain) is refused (`legacy_save`) unless
 * `options.allowLegacy` is set; it then restores with `legacy: true` (unverified: its actions
 * could have been edited), and `match.toJSON()` writes the current format. The chain finds any edit of a save made without recomputing it; anyone can
 * recompute a chain, so only a signature (`signSave`) proves who made a save.
 * @public
 */
export function restoreMatch<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TView extends GameView = GameView,
>(
  game: Game<TState, TAction, TOptions, TCard, TView>,
  saved: unknown,
  options: RestoreOptions = {},
):
  | { readonly ok: true; readonly match: Match<TState, TAction, TView>; readonly legacy: boolean }
  | { readonly ok: false; readonly error: Rejection } {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
    return reject('invalid_save', `a save must be a JSON object, got ${describeValue(saved)}`);
  const tooBig = checkJsonLimits(saved, SAVE_LIMITS);
  if (tooBig !== undefined)
    return reject('invalid_save', `the save is not plain JSON within limits: ${tooBig}`);
  const s = saved as Record<string, unknown>;
  const legacy = s.format === LEGACY_SAVE_FORMAT;
  if (s.format !== SAVE_FORMAT && !legacy)
    return reject(
      'invalid_save',
      `unknown save format ${describeValue(s.format)} (expected '${SAVE_FORMAT}' or '${LEGACY_SAVE_FORMAT}')`,
    );
  if (legacy && options.allowLegacy !== true)
    return reject(
      'legacy_save',
      `this save has the legacy format '${LEGACY_SAVE_FORMAT}' without a hash chain, so nothing shows whether it was edited; restore it only with { allowLegacy: true } and treat it as unverified`,
    );
  if (s.game !== game.id)
    return reject('wrong_game', `this save is for game ${describeValue(s.game)}, not '${game.id}'`);
  if (typeof s.rulesVersion !== 'number')
    return reject(
      'invalid_save',
      `rulesVersion must be a number, got ${describeValue(s.rulesVersion)}`,
    );
  if (s.rulesVersion !== game.rulesVersion) {
    return reject(
      'rules_version_mismatch',
      `this save was made with rules version ${describeValue(s.rulesVersion)}; this build of '${game.id}' has rules version ${String(game.rulesVersion)}`,
    );
  }
  if (!Array.isArray(s.actions)) return reject('invalid_save', "a save needs an 'actions' array");
  if (typeof s.hash !== 'string') return reject('invalid_save', "a save needs a 'hash' string");
  if (
    s.signature !== undefined &&
    (typeof s.signature !== 'string' || !SIGNATURE.test(s.signature))
  )
    return reject('invalid_save', 'a signature must be 64 lowercase hex digits');
  if (options.key !== undefined) {
    if (options.key.length === 0) return reject('bad_signature', 'an empty key verifies nothing');
    if (legacy) return reject('bad_signature', 'a save of the legacy format cannot be signed');
    if (s.signature === undefined) return reject('bad_signature', 'the save is not signed');
    if (!equalHex(hmacHex(options.key, canonicalSave(s)), s.signature))
      return reject(
        'bad_signature',
        'the signature does not match: the save was altered or signed with another key',
      );
  }
  const checked = validateSetup(game, s.setup);
  if (!checked.ok) {
    return reject(
      'invalid_setup',
      `the save's setup is invalid: ${checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  }
  const match = startMatch(game, s.setup as MatchSetup);
  for (let i = 0; i < s.actions.length; i++) {
    const entry: unknown = s.actions[i];
    const bad = checkEntry(entry, legacy);
    if (bad !== undefined) return reject('invalid_save', `actions[${String(i)}] ${bad}`);
    const { seat, action, chain } = entry as { seat: number; action: unknown; chain?: string };
    const r = match.applyInput(seat, action);
    if (!r.ok)
      return reject(
        'replay_rejected',
        `actions[${String(i)}] was rejected on replay (${r.error.code}: ${r.error.message})`,
      );
    if (!legacy && match.actions[i]?.chain !== chain)
      return reject(
        'chain_mismatch',
        `actions[${String(i)}] does not match its chain value: this action, its seat, an earlier action or the setup was changed`,
      );
  }
  const hash = match.hash();
  if (hash !== s.hash)
    return reject(
      'hash_mismatch',
      `the replayed state has hash ${hash}, but the save says ${describeValue(s.hash)}: the save was altered or made by different rules`,
    );
  return { ok: true, match, legacy };
}

function checkEntry(entry: unknown, legacy: boolean): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return `must be { seat, action${legacy ? '' : ', chain'} }`;
  const e = entry as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (key !== 'seat' && key !== 'action' && (legacy || key !== 'chain'))
      return `has an unknown field ${describeValue(key)}`;
  }
  if (typeof e.seat !== 'number' || !Number.isInteger(e.seat))
    return `needs a whole-number seat, got ${describeValue(e.seat)}`;
  if (!legacy && (typeof e.chain !== 'string' || !CHAIN_VALUE.test(e.chain)))
    return 'needs a chain value of 32 lowercase hex digits';
  return undefined;
}
