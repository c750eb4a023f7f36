/**
 * The one guard against spreadsheet formula injection, for every CSV the platform writes (the web's list exports,
 * the `events export --format csv` command). Zod-free, so the web's export chunk stays small.
 *
 * A cell whose text starts with `=`, `+`, `-` or `@` is read as a formula by Excel, LibreOffice and Google Sheets; a
 * leading tab or carriage return is skipped by some of them, so `\t=cmd` runs as well. Such a cell is prefixed with a
 * single quote, which spreadsheets show as text (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet shows it without running it: prefixed with `'` when it could start a formula. */
export const inertCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
