import type { RichText } from '@ruleloom/core';
import type { ReactNode } from 'react';

/**
 * Props of {@link RichTextView}.
 * @public
 */
export interface RichTextViewProps {
  /** The presenter's rich text. */
  readonly text: RichText;
}

/**
 * A presenter's rich text as React nodes: plain text as is, each styled piece a span with the
 * class `rt-<style>` (`rt-strong`, `rt-muted`...; the colours are the app's stylesheet's).
 * @public
 */
export function RichTextView({ text }: RichTextViewProps): ReactNode {
  if (typeof text === 'string') return <>{text}</>;
  if ('style' in text && !Array.isArray(text))
    return <span className={`rt-${text.style}`}>{text.text}</span>;
  return (
    <>
      {(text as readonly RichText[]).map((part, i) => (
        <RichTextView key={i} text={part} />
      ))}
    </>
  );
}
