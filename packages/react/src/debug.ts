/**
 * The Ruleloom debug panel (`@ruleloom/react/debug`): state and views of any seat, legal
 * actions as buttons, the log with time travel, save and restore. A development tool: import
 * it behind a development check (`import.meta.env.DEV`) so production bundles leave it out.
 *
 * @packageDocumentation
 */
export { DebugPanel, DEBUG_PANEL_MARKER } from './debug/debug-panel.js';
export type {
  DebugCandidate,
  DebugClient,
  DebugPanelProps,
  ExplainRequest,
} from './debug/debug-panel.js';
export { viewAtVersion } from './debug/time-travel.js';
export type { VersionSnapshot } from './debug/time-travel.js';
