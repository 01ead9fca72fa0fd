import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A React root in happy-dom's document, rendered inside act(). */
export interface Mounted {
  readonly container: HTMLElement;
  render(node: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

export async function mount(node: ReactNode): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const mounted: Mounted = {
    container,
    async render(next) {
      await act(async () => {
        root.render(next);
        await Promise.resolve();
      });
    },
    async unmount() {
      await act(async () => {
        root.unmount();
        await Promise.resolve();
      });
      container.remove();
    },
  };
  await mounted.render(node);
  return mounted;
}

/** Runs `fn` inside act() and lets the client's promises settle. */
export async function settle(fn: () => unknown = () => undefined): Promise<void> {
  await act(async () => {
    await fn();
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

/** The button whose text is exactly `text` (or starts with it when `prefix`). */
export function button(container: HTMLElement, text: string, prefix = false): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) =>
    prefix ? (b.textContent ?? '').startsWith(text) : b.textContent === text,
  );
  if (found === undefined) throw new Error(`no button '${text}'`);
  return found;
}
