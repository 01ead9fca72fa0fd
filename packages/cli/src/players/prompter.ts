import type { CliIo } from '../io.js';
import type { Palette } from '../output/palette.js';
import { LineReader } from './line-reader.js';
import { fitText, terminalColumns } from '../output/width.js';

/**
 * One row of a {@link Prompter} menu.
 * @public
 */
export interface PromptChoice<T> {
  /** The row's label. */
  readonly name: string;
  /** What choosing the row answers. */
  readonly value: T;
}

/**
 * How a human is asked things, the same way at a terminal (arrow-key prompts) and through a
 * pipe (one line per question). Every question answers `null` when the human quits (`q`,
 * Ctrl+C, or the end of the input).
 * @public
 */
export interface Prompter {
  /** Whether standard input is a terminal (arrow-key menus) rather than a pipe. */
  readonly interactive: boolean;
  /** Writes a line (the caller adds no line break). */
  say(text: string): void;
  /** One line of free text (trimmed). Piped: `q` quits. */
  text(message: string): Promise<string | null>;
  /**
   * One row of a menu. At a terminal the cursor starts on `defaultValue` (the first row when
   * absent) and Enter picks the row under it; through a pipe a line must name a row (Enter
   * alone asks again, with a hint).
   */
  select<T>(
    message: string,
    choices: readonly PromptChoice<T>[],
    defaultValue?: T,
  ): Promise<T | null>;
  /** Any number of rows (none is an answer). Piped: numbers separated by commas or spaces. */
  checkbox<T>(message: string, choices: readonly PromptChoice<T>[]): Promise<T[] | null>;
}

/** Whether an error is inquirer's "the prompt was closed" (Ctrl+C, or the input ended). */
export function isExitPrompt(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')
  );
}

function isQuit(text: string): boolean {
  return text === 'q' || text === 'quit' || text === 'exit';
}

/** The only row whose label starts with the typed word (`pass`, `accept`), if exactly one does. */
function byPrefix<T>(
  choices: readonly PromptChoice<T>[],
  text: string,
): PromptChoice<T> | undefined {
  const t = text.toLowerCase();
  const found = choices.filter((ch) => ch.name.toLowerCase().startsWith(t));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Parses a piped checkbox answer: menu numbers from 1 separated by commas or spaces, or
 * nothing. Returns the zero-based indices, or a message.
 * @public
 */
export function parseIndexList(text: string, size: number): number[] | string {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  const out: number[] = [];
  for (const part of parts) {
    const n = /^\d+$/.test(part) ? Number(part) : NaN;
    if (!(n >= 1 && n <= size)) {
      return `choose numbers from 1 to ${String(size)} separated by commas, or nothing (got '${part.slice(0, 20)}')`;
    }
    if (!out.includes(n - 1)) out.push(n - 1);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Settings of {@link createPrompter}.
 * @public
 */
export interface PrompterParams {
  readonly io: CliIo;
  readonly palette: Palette;
}

/**
 * The {@link Prompter} and its line reader: {@link PrompterHandle.close} lets the process
 * exit without waiting for a pipe to close.
 * @public
 */
export interface PrompterHandle {
  readonly prompter: Prompter;
  /** Stops reading standard input. */
  close(): void;
}

/**
 * A prompter on the CLI's streams: inquirer prompts when standard input is a terminal, else
 * one line of standard input per question (echoed, so a transcript reads like a session).
 * @public
 */
export function createPrompter(params: PrompterParams): PrompterHandle {
  const { io, palette: c } = params;
  let reader: LineReader | undefined;
  const readLine = async (message: string): Promise<string | null> => {
    io.out(message === '' ? '> ' : `${message} > `);
    reader ??= new LineReader(io.stdin);
    const line = await reader.next();
    if (line === null) {
      io.out('\n');
      return null;
    }
    io.out(`${line}\n`);
    const text = line.trim();
    return isQuit(text) ? null : text;
  };
  const tty = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (isExitPrompt(error)) return null;
      throw error;
    }
  };
  const context = { input: io.stdin, output: process.stdout };
  const prompter: Prompter = {
    interactive: io.stdinIsTTY,
    say: (text) => io.out(`${fitText(text, terminalColumns())}\n`),
    async text(message) {
      if (!io.stdinIsTTY) return readLine(message);
      const { input } = await import('@inquirer/prompts');
      const answer = await tty(() => input({ message }, context));
      return answer === null || isQuit(answer.trim()) ? null : answer.trim();
    },
    async select(message, choices, defaultValue) {
      if (io.stdinIsTTY) {
        const { select } = await import('@inquirer/prompts');
        const index = await tty(() =>
          select(
            {
              message,
              choices: choices.map((ch, value) => ({ name: ch.name, value })),
              default: Math.max(
                0,
                choices.findIndex((ch) => ch.value === defaultValue),
              ),
              pageSize: 15,
              loop: false,
            },
            context,
          ),
        );
        return index === null ? null : (choices[index]?.value ?? null);
      }
      choices.forEach((ch, i) => io.out(`  ${c.cyan(String(i + 1).padStart(3))}) ${ch.name}\n`));
      for (;;) {
        const text = await readLine(message);
        if (text === null) return null;
        if (text === '') {
          io.out(
            `${c.dim(`Enter alone chooses nothing: type a number from 1 to ${String(choices.length)} (or the first word of a row)`)}\n`,
          );
          continue;
        }
        const n = /^\d+$/.test(text) ? Number(text) : NaN;
        const chosen = choices[n - 1] ?? byPrefix(choices, text);
        if (chosen !== undefined) return chosen.value;
        io.out(
          `${c.red('✗')} choose a number from 1 to ${String(choices.length)} (or the first word of a row)\n`,
        );
      }
    },
    async checkbox(message, choices) {
      if (choices.length === 0) return [];
      if (io.stdinIsTTY) {
        const { checkbox } = await import('@inquirer/prompts');
        const picked = await tty(() =>
          checkbox(
            {
              message,
              choices: choices.map((ch, value) => ({ name: ch.name, value })),
              pageSize: 15,
              loop: false,
            },
            context,
          ),
        );
        return picked === null
          ? null
          : picked.map((i) => choices[i]?.value as (typeof choices)[number]['value']);
      }
      choices.forEach((ch, i) => io.out(`  ${c.cyan(String(i + 1).padStart(3))}) ${ch.name}\n`));
      for (;;) {
        const text = await readLine(`${message} (numbers, e.g. 1,3; Enter for none)`);
        if (text === null) return null;
        const indices = parseIndexList(text, choices.length);
        if (typeof indices !== 'string')
          return indices.map((i) => choices[i]?.value as (typeof choices)[number]['value']);
        io.out(`${c.red('✗')} ${indices}\n`);
      }
    },
  };
  return {
    prompter,
    close() {
      reader?.close();
    },
  };
}
