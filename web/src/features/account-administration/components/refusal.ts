import { HttpError } from '../../../lib/http.ts';

export interface Refusal {
  /** The server's sentence for the whole form. */
  form: string;
  /** Messages by field (`roles`, `reason`), from the error envelope's `errors`. */
  fields: Partial<Record<'roles' | 'reason', string>>;
}

/** A refused command as the dialog shows it: the field errors on their fields, the sentence above the buttons. */
export const refusalOf = (error: unknown, fallback: string): Refusal => {
  if (!(error instanceof HttpError)) return { form: error instanceof Error ? error.message : fallback, fields: {} };
  const body = error.body as { errors?: { path?: string; message?: string }[] } | null;
  const fields: Refusal['fields'] = {};
  for (const e of body?.errors ?? []) {
    const key = e.path?.split('.')[0];
    if ((key === 'roles' || key === 'reason') && e.message && !fields[key]) fields[key] = e.message;
  }
  return { form: error.message || fallback, fields };
};
