import { readFileSync } from 'node:fs';

/** A fenced code block of a Markdown file. */
export interface CodeBlock {
  readonly lang: string;
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** Set when the block's first line is `// from <path>`: an excerpt of that file. */
  readonly from?: string;
}

/** The fenced code blocks of a Markdown text, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const from = /^\/\/ from (\S+)\s*$/.exec(body[0] ?? '')?.[1];
    blocks.push({
      lang: open[1]!,
      code: (from === undefined ? body : body.slice(1)).join('\n'),
      line: start + 1,
      ...(from === undefined ? {} : { from }),
    });
  }
  return blocks;
}

/** TypeScript blocks that are meant to run (not excerpts of a file). */
export function runnableBlocks(markdown: string): CodeBlock[] {
  return codeBlocks(markdown).filter((b) => b.lang === 'ts' && b.from === undefined);
}

/**
 * Whether an excerpt appears in a file as consecutive lines (compared without leading and
 * trailing spaces, so Markdown formatting may re-indent it).
 */
export function isExcerptOf(excerpt: string, file: string): boolean {
  const norm = (text: string): string[] => text.split('\n').map((l) => l.trim());
  const want = norm(excerpt).filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  const have = norm(readFileSync(file, 'utf8'));
  if (want.length === 0) return false;
  for (let i = 0; i + want.length <= have.length; i++)
    if (want.every((l, j) => have[i + j] === l)) return true;
  return false;
}

/** The fenced code blocks under a Markdown heading (`## Plain DOM (20 lines)`), up to the next heading. */
export function blocksUnder(markdown: string, heading: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, '') === heading);
  if (start < 0) return [];
  let end = lines.findIndex((l, i) => i > start && /^#{1,6} /.test(l));
  if (end < 0) end = lines.length;
  return codeBlocks(lines.slice(start, end).join('\n')).map((b) => ({
    ...b,
    line: b.line + start,
  }));
}
