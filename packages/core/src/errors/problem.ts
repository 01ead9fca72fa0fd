/**
 * One problem found while checking a definition or a setup.
 * @public
 */
export interface Problem {
  /** Where the problem is, as a dotted path (`phases[2].steps[0].type`, `options.turns`). */
  readonly path: string;
  /** What is wrong, and where possible how to fix it. */
  readonly message: string;
}

/** Formats a list of problems one per line. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n');
}
