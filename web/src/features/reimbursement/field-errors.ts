/** One message per form field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The server's (or a zod schema's) errors on the form's fields: `documents.2.data` belongs to `documents`, a path the
 * form names otherwise is renamed (`amount_cents` → `amount`); the first message of each field wins.
 */
export function fieldErrorsOf<F extends string>(errors: readonly { path: string; message: string }[], rename: Record<string, F> = {}): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const e of errors) {
    const head = e.path.split('.')[0] ?? '';
    const field = (rename[head] ?? head) as F;
    if (field && out[field] === undefined) out[field] = e.message;
  }
  return out;
}
