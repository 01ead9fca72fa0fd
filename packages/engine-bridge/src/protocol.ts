/**
 * The engine's wire protocol (`ruleloom engine --stdio`): a greeting, then length-prefixed
 * frames both ways.
 *
 * The engine's first bytes are the greeting: the ASCII magic `RULELOOM` then the protocol
 * version as a little-endian `u32` ({@link ENGINE_MAGIC}). After it, every frame is a
 * little-endian `u32` byte length followed by that many bytes (at most the frame size agreed
 * at `hello`, {@link DEFAULT_MAX_FRAME} unless both sides ask for less); the first byte of a
 * frame is its opcode. JSON frames carry setup, metadata, saves and text; the hot path
 * (reset, step, observe) is binary: actions as `i32` indexes in, observations as `f32`, masks
 * as `u8` (or sparse `i32` index lists) out. Python's `ruleloom` package is the client
 * (packages/python/ruleloom/_engine.py mirrors these numbers).
 * @public
 */
export const ENGINE_OPS = {
  /** Reply: an error, JSON `{ code, message }`. */
  error: 0,
  /** Request/reply: a JSON command `{ cmd, ... }` and its JSON answer. */
  json: 1,
  /** Request: `u8 op, u8 maskMode, u16 0, u32 group, u32 n, i32 actions[n]`; reply: a batch. */
  step: 2,
  /** Request: `u8 op, u8 maskMode, u16 0, u32 group, u32 n, f64 seeds[n]` (NaN: next seed); reply: a batch. */
  reset: 3,
  /** Request: `u8 op, u8 maskMode, u16 0, u32 group, u32 env, i32 seat`; reply: a batch of one for that seat. */
  observe: 4,
} as const;

/**
 * The engine's greeting starts with these 8 ASCII bytes; the protocol version (`u32` LE)
 * follows. A client that reads anything else is not talking to a Ruleloom engine (or its
 * output was corrupted) and must stop.
 * @public
 */
export const ENGINE_MAGIC = 'RULELOOM';

/**
 * Bytes of the engine's greeting: the magic and a `u32` version.
 * @public
 */
export const ENGINE_GREETING_BYTES = 12;

/**
 * The largest frame body (bytes after the length prefix) either side accepts unless `hello`
 * agrees on less: 16 MiB. A length prefix above the agreed size is refused before anything is
 * allocated.
 * @public
 */
export const DEFAULT_MAX_FRAME = 16 * 1024 * 1024;

/**
 * How many games one engine process hosts at most, over all its groups, unless `hello` or
 * `--max-games` says otherwise; a `create` beyond it is answered `too_many_games`.
 * @public
 */
export const DEFAULT_MAX_GAMES = 4096;

/**
 * How a batch reply lists the legal actions: a dense `u8` mask per game, or the sparse list
 * of legal indexes (`i32 counts[n]` then every game's indexes one after another).
 * @public
 */
export const MASK_MODES = { dense: 0, sparse: 1, none: 2 } as const;

/**
 * Bits of a game's flag byte in a batch reply.
 * @public
 */
export const ENV_FLAGS = {
  /** The episode ended on this call: the rewards are its final rewards. */
  ended: 1,
  /** The game was reset after it ended: the observation is the new episode's first. */
  reset: 2,
} as const;

/** Bytes of a batch reply's header: `u8 op, u8 maskMode, u16 0, u32 n, players, obsSize, actionSize`. */
export const BATCH_HEADER = 20;

/** Rounds a byte count up to a multiple of 4 (so the f32/i32 sections stay aligned). */
export function align4(n: number): number {
  return (n + 3) & ~3;
}

/** Bytes of a batch's fixed sections (everything but the sparse index list). */
export function batchFixedBytes(
  n: number,
  players: number,
  obsSize: number,
  actionSize: number,
  maskMode: number,
): number {
  const mask =
    maskMode === MASK_MODES.dense
      ? align4(n * actionSize)
      : maskMode === MASK_MODES.sparse
        ? n * 4
        : 0;
  return BATCH_HEADER + n * 4 + align4(n) + n * players * 4 + n * obsSize * 4 + mask;
}
