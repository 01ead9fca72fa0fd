import type { RichText } from '@ruleloom/core';

/**
 * A presenter's rich text as React nodes: plain text as is, each styled piece a span with the
 * class `rt-<style>` (the colours are in `styles.css`).
 */
export function RichTextView({ text }: { text: RichText }) {
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
