/** First letter capitalised (the contact-page warning toast, spec section 8). */
export function capitalizeFirst(text: string): string {
  return text.length ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Axis labels stay on one line: a long page path keeps its end (the distinctive part); tooltips carry the full name. */
export const shortLabel = (label: string, max = 20): string => (label.length > max ? `…${label.slice(-(max - 1))}` : label);
