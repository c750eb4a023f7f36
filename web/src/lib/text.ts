/** First letter capitalised (the contact-page warning toast, spec section 8). */
export function capitalizeFirst(text: string): string {
  return text.length ? text[0]!.toUpperCase() + text.slice(1) : text;
}
