/**
 * The stable codes of {@link Problem}s, by what is wrong:
 *
 * - Setups (`SetupError`, `validateSetup`): `invalid_setup` (not an object, too big),
 *   `invalid_seed`, `invalid_players`, `unknown_setup_field`, `unknown_option`,
 *   `invalid_option`, `invalid_card` (a card override).
 * - Definitions (`GameDefinitionError`): `invalid_definition` (a top-level field),
 *   `invalid_phase`, `invalid_reference` (a phase, step, card or transition names an effect,
 *   condition or phase that does not exist), `invalid_params` (an effect's or condition's
 *   params), `invalid_card`, `invalid_option`.
 * @public
 */
export type ProblemCode =
  | 'invalid_setup'
  | 'invalid_seed'
  | 'invalid_players'
  | 'unknown_setup_field'
  | 'unknown_option'
  | 'invalid_option'
  | 'invalid_card'
  | 'invalid_definition'
  | 'invalid_phase'
  | 'invalid_reference'
  | 'invalid_params';

/**
 * One problem found while checking a definition or a setup.
 *
 * @remarks
 * `code` is set on every problem that core reports (`GameDefinitionError.problems`,
 * `SetupError.problems`, `validateSetup`'s `errors`). It is not enumerable, so a problem's
 * JSON stays `{ path, message }` as the public contract says: read it as `problem.code`.
 * A game's own checks (`checkSetup`) may leave it out; core then sets it from the path.
 * @public
 */
export interface Problem {
  /** Where the problem is, as a dotted path (`phases[2].steps[0].type`, `options.turns`). */
  readonly path: string;
  /** What is wrong, and where possible how to fix it. */
  readonly message: string;
  /** What kind of problem it is: stable, for code to switch on. */
  readonly code?: ProblemCode;
}

/** Formats a list of problems one per line. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n');
}

/** A problem with its code (not enumerable: the JSON of a problem is `{ path, message }`). */
export function codedProblem(path: string, message: string, code: ProblemCode): Problem {
  return Object.defineProperty({ path, message }, 'code', { value: code, enumerable: false });
}

/** Copies of `problems` that all have a code: their own, else `classify(path)`. */
export function withCodes(
  problems: readonly Problem[],
  classify: (path: string) => ProblemCode,
): readonly Problem[] {
  return problems.map((p) =>
    p.code !== undefined && Object.getOwnPropertyDescriptor(p, 'code')?.enumerable === false
      ? p
      : codedProblem(p.path, p.message, p.code ?? classify(p.path)),
  );
}

/** The code of a setup problem, from its path. */
export function setupProblemCode(path: string): ProblemCode {
  if (path === 'seed') return 'invalid_seed';
  if (path === 'players') return 'invalid_players';
  if (path === 'setup') return 'invalid_setup';
  if (
    path === 'options.cards' ||
    path.startsWith('options.cards.') ||
    path.startsWith('options.cards[')
  )
    return 'invalid_card';
  if (path === 'options' || path.startsWith('options.')) return 'invalid_option';
  return 'unknown_setup_field';
}

/** The code of a definition problem, from its path. */
export function definitionProblemCode(path: string): ProblemCode {
  if (/\.params(?:$|[.[])/.test(path)) return 'invalid_params';
  if (/(?:^|\.)(?:type|to)$/.test(path) && /(?:steps|next|skipIf|when|effect)/.test(path))
    return 'invalid_reference';
  if (path.startsWith('cards') || path.includes('.cards')) return 'invalid_card';
  if (path.startsWith('phases')) return 'invalid_phase';
  if (path.startsWith('options')) return 'invalid_option';
  return 'invalid_definition';
}
