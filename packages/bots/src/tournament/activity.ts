import type { GameRecord, TournamentActivity } from './tournament-types.js';

/** How often activity is reported, at most (ms). */
const EVERY_MS = 200;

/** Tracks decisions of unfinished games and reports them, throttled. */
export class ActivityTracker {
  private readonly running = new Map<number, number>();
  private finishedDecisions = 0;
  private completed = 0;
  private last = -Infinity;

  constructor(
    private readonly total: number,
    private readonly report: ((activity: TournamentActivity) => void) | undefined,
  ) {}

  /** A game's decision count so far. */
  decision(index: number, decisions: number): void {
    if (this.report === undefined) return;
    this.running.set(index, decisions);
    const now = performance.now();
    if (now - this.last >= EVERY_MS) {
      this.last = now;
      this.emit();
    }
  }

  /** A game finished. */
  finished(record: GameRecord): void {
    this.running.delete(record.index);
    this.completed++;
    this.finishedDecisions += record.decisions;
  }

  private emit(): void {
    let inProgress = 0;
    for (const d of this.running.values()) inProgress += d;
    this.report?.({
      completed: this.completed,
      total: this.total,
      decisionsInProgress: inProgress,
      meanDecisionsPerGame: this.completed === 0 ? 0 : this.finishedDecisions / this.completed,
    });
  }
}
