import { runEngineWorker } from '@ruleloom/engine-bridge';
import { cliEngineHost } from './resolve-game.js';

// One worker thread of `ruleloom engine`: the engine bridge hosts a slice of a group's games
// here, finding them as the engine thread does (built-in ids, kit packages and kit paths).
runEngineWorker(cliEngineHost);
