/**
 * The Ruleloom engine bridge: hosts many games at once for another process (Python's
 * `ruleloom` package) over a batched binary protocol on stdin/stdout, as
 * `ruleloom engine --stdio` runs it.
 * @packageDocumentation
 */
export type { EngineGame, EngineHost, EngineRenderContext } from './host.js';
export {
  CHANCE_SEAT,
  createBatch,
  EngineRequestError,
  GameGroup,
  type BatchOut,
  type ChanceRecord,
  type GroupSetup,
} from './game-group.js';
export { callGroup, createHostedGroup, type HostedGroup } from './group-host.js';
export {
  DEFAULT_MAX_FRAME,
  DEFAULT_MAX_GAMES,
  ENGINE_GREETING_BYTES,
  ENGINE_MAGIC,
  ENGINE_OPS,
  ENV_FLAGS,
  MASK_MODES,
} from './protocol.js';
export {
  ENGINE_PROTOCOL_VERSION,
  EngineFrameError,
  engineGreeting,
  openStdioFds,
  serveEngine,
  serveEngineOnFds,
  type EngineFds,
  type EngineLimits,
} from './stdio-engine.js';
export { runEngineWorker } from './worker.js';
