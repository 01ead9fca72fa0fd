import type { AnyGame } from '@ruleloom/core';
import type { Page } from 'playwright-core';
import { WIDTHS } from './screens.js';

/**
 * The identifiers a game's definition declares that a player must never read as such: its id,
 * its action types, its phase ids, its decision ids and its card ids and card types. The
 * page-text check looks for those written like code (with a `-`, `_` or an inner capital:
 * `art-gallery`, `proposeTrade`, `gameOver`) anywhere, and a plain-word card type whose card
 * is named otherwise (`cafe`, `cafes` beside `Café`); other plain words (`bid`, `pass`) only
 * where they stand raw after "phase".
 */
export function gameIdentifiers(game: AnyGame): { coded: string[]; phases: string[] } {
  const g = game as unknown as {
    readonly id: string;
    readonly actions: object;
    readonly phases?: readonly { readonly id: string }[];
    readonly decisions?: object;
    readonly cards?: readonly Record<string, unknown>[];
  };
  const ids = new Set<string>([g.id, ...Object.keys(g.actions), ...Object.keys(g.decisions ?? {})]);
  const phases = (g.phases ?? []).map((p) => p.id);
  for (const p of phases) ids.add(p);
  ids.add('gameOver');
  // A plain-word type whose card has another name (`cafe` for `Café`): the type and its
  // plural read as raw too.
  const renamed = new Set<string>();
  for (const card of g.cards ?? []) {
    for (const key of ['id', 'kind', 'shopType', 'type'])
      if (typeof card[key] === 'string') ids.add(card[key]);
    const name = typeof card.name === 'string' ? card.name.toLowerCase() : null;
    for (const key of ['id', 'shopType'])
      if (typeof card[key] === 'string' && /^[a-z]+$/.test(card[key]) && name !== null) {
        const word = card[key];
        if (name !== word && !name.startsWith(`${word} `)) renamed.add(word).add(`${word}s`);
      }
  }
  return {
    coded: [...[...ids].filter((id) => /[-_]|[a-z][A-Z]/.test(id)), ...renamed],
    phases: [...phases, 'gameOver'],
  };
}

/** What one audit of the page found wrong (empty when nothing). */
export interface AuditProblem {
  readonly screen: string;
  readonly width: number;
  readonly problem: string;
}

/** The checks run in the page (serialisable: no closure over Node values). */
function inPage({ coded, phases }: { coded: string[]; phases: string[] }): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const debug = document.querySelector('[data-ruleloom-debug]');
  const describe = (e: Element) => {
    const label = e.getAttribute('aria-label') ?? (e.textContent ?? '').trim().replace(/\s+/g, ' ');
    return `<${e.tagName.toLowerCase()}${e.className === '' ? '' : ` .${e.className}`}> "${label.slice(0, 60)}"`;
  };
  // 1. Nothing wider than the screen: the page does not scroll sideways, and no element (nor a
  // card's effect bubble) reaches past either edge, unless a scrolling box holds it.
  if (document.documentElement.scrollWidth > width)
    problems.push(`the page is ${String(document.documentElement.scrollWidth)} px wide`);
  const clipped = (e: Element): boolean => {
    for (let p = e.parentElement; p !== null && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
    }
    return false;
  };
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    if ((r.right > width + 0.5 || r.left < -0.5) && !clipped(e))
      problems.push(
        `off-screen (${String(Math.round(r.left))}..${String(Math.round(r.right))}): ${describe(e)}`,
      );
  }
  // 2. No raw identifier in the text a player reads (the debug panel, for developers, aside),
  // including the effect bubbles of cards and the titles of controls.
  const parts: string[] = [];
  const walk = (e: Element) => {
    if (e === debug) return;
    const bubble = e.getAttribute('data-effect');
    if (bubble !== null) parts.push(bubble);
    const title = e.getAttribute('title');
    if (title !== null) parts.push(title);
    for (const c of e.children) walk(c);
  };
  walk(document.body);
  const debugText = debug instanceof HTMLElement ? debug.innerText : '';
  const bodyText = document.body.innerText;
  const text = [debugText === '' ? bodyText : bodyText.replace(debugText, ''), ...parts].join('\n');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const id of coded) {
    const m = new RegExp(`(^|[^\\w-])${escape(id)}($|[^\\w-])`).exec(text);
    if (m !== null)
      problems.push(
        `raw identifier "${id}" in "${text.slice(Math.max(0, m.index - 30), m.index + id.length + 30).replace(/\s+/g, ' ')}"`,
      );
  }
  for (const id of phases) {
    const m = new RegExp(`\\bphase ${escape(id)}\\b`).exec(text);
    if (m !== null) problems.push(`raw phase "${m[0]}"`);
  }
  const plural = /\b1 (shop|card|turn|settlement|die|player|round|space|attraction|bid)s\b/.exec(
    text,
  );
  if (plural !== null) problems.push(`"${plural[0]}"`);
  const ys = /\b[a-z]+[^aeiou\s]ys\b/i.exec(text);
  if (ys !== null) problems.push(`wrong plural "${ys[0]}"`);
  // 3. Every disabled control says why: a title, or a described-by text that is shown.
  for (const e of document.querySelectorAll('button:disabled, input:disabled, select:disabled')) {
    if (debug?.contains(e) === true) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const title = (e.getAttribute('title') ?? '').trim();
    const said = (e.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id === '' ? null : document.getElementById(id)))
      .some((d) => d instanceof HTMLElement && d.innerText.trim() !== '');
    if (title === '' || !said) problems.push(`disabled without a reason: ${describe(e)}`);
  }
  return problems;
}

/**
 * Audits the page at each width of the screenshots (1280 and 390 px): nothing off-screen, no
 * raw identifier of `ids` in the text, every disabled control with its reason. Puts the page
 * back at its own size. Each card's effect bubble is opened (focused) and checked at 390 px.
 */
export async function auditPage(
  page: Page,
  screen: string,
  ids: { coded: string[]; phases: string[] },
): Promise<AuditProblem[]> {
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  const found: AuditProblem[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const problem of await page.evaluate(inPage, ids)) found.push({ screen, width, problem });
    if (width !== 390) continue;
    // The effect bubbles: each card chip focused in turn, its bubble measured.
    const bubbles = await page.evaluate(() => {
      const out: string[] = [];
      for (const chip of document.querySelectorAll<HTMLElement>('.card-chip')) {
        chip.focus();
        const after = getComputedStyle(chip, '::after');
        const r = chip.getBoundingClientRect();
        const left = r.left + parseFloat(after.left);
        const right =
          left +
          parseFloat(after.width) +
          parseFloat(after.paddingLeft) +
          parseFloat(after.paddingRight);
        if (after.content !== 'none' && (left < 0 || right > window.innerWidth))
          out.push(
            `the effect bubble of "${chip.textContent ?? ''}" spans ${String(Math.round(left))}..${String(Math.round(right))}`,
          );
        chip.blur();
      }
      return out;
    });
    for (const problem of bubbles) found.push({ screen, width, problem });
  }
  await page.setViewportSize(own);
  return found;
}
