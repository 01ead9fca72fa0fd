/**
 * The meaning of a piece of presented text, not its colour: a command line maps each style to
 * a terminal colour, a web page to a CSS class.
 * @public
 */
export type TextStyle =
  /** Emphasis: a headline, the acting player, a winner. */
  | 'strong'
  /** Less important: a hint, a hidden event. */
  | 'muted'
  /** A card's name. */
  | 'card'
  /** An amount paid or bid. */
  | 'money'
  /** Something gained (income, a payment received). */
  | 'gain'
  /** Something lost or dangerous (a raze, a 1 rolled). */
  | 'alert'
  /** A moving marker or token (a hurricane, pirates). */
  | 'marker'
  /** Something that waits for a decision. */
  | 'notice';

/**
 * One piece of text with a {@link TextStyle}.
 * @public
 */
export interface StyledText {
  readonly text: string;
  readonly style: TextStyle;
}

/**
 * Presented text: a plain string, a styled piece, or a list of them (nested lists read in
 * order). Browser-safe plain data: no colours, no markup.
 * @public
 */
export type RichText = string | StyledText | readonly RichText[];

/**
 * A styled piece of text: `styled('card', 'Pub (King Street)')`.
 * @public
 */
export function styled(style: TextStyle, text: string): StyledText {
  return { text, style };
}

/**
 * Renders rich text to a string, styling each styled piece with `style` (for example a
 * terminal palette); without `style` the text is plain.
 * @public
 */
export function renderRichText(
  text: RichText,
  style: (text: string, style: TextStyle) => string = (t) => t,
): string {
  if (typeof text === 'string') return text;
  if (isStyled(text)) return style(text.text, text.style);
  let out = '';
  for (const part of text) out += renderRichText(part, style);
  return out;
}

/**
 * Rich text without its styles.
 * @public
 */
export function plainText(text: RichText): string {
  return renderRichText(text);
}

function isStyled(text: StyledText | readonly RichText[]): text is StyledText {
  return !Array.isArray(text);
}
