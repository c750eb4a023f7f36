/** Reads the server's error envelope (`{ success: false, message, code, retry_after_seconds?, ... }`) off an HttpError. */
function bodyOf(error: unknown): Record<string, unknown> | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

export const errorMessage = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback);

export function errorCode(error: unknown): string | null {
  const code = bodyOf(error)?.code;
  return typeof code === 'string' ? code : null;
}

/** The real wait the server states on a 429 about codes (the resend delay or the hourly cap, whichever binds). */
export function retryAfterSeconds(error: unknown): number | null {
  const body = bodyOf(error);
  const direct = body?.retry_after_seconds;
  if (typeof direct === 'number' && direct >= 0) return direct;
  const nested = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, unknown>).retry_after_seconds : undefined;
  return typeof nested === 'number' && nested >= 0 ? nested : null;
}

/** Tries left on a code, when the server says (field `tries_left`, or "N tries left" in the message). */
export function triesLeftOf(error: unknown): number | null {
  const body = bodyOf(error);
  for (const value of [body?.tries_left, body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, unknown>).tries_left : undefined]) {
    if (typeof value === 'number' && value >= 0) return value;
  }
  const match = /(\d+)\s+(?:more\s+)?(?:tries|try|attempts?)\s+left/i.exec(errorMessage(error, ''));
  return match ? Number(match[1]) : null;
}

/** The envelope's field errors (`errors: [{ path, message }]`) for the given fields, e.g. PHONE_COUNTRY_NOT_ALLOWED on `phone`. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const errors = bodyOf(error)?.errors;
  if (!Array.isArray(errors)) return {};
  const found: Partial<Record<F, string>> = {};
  for (const item of errors as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const field = fields.find((f) => f === path);
    if (field && typeof message === 'string' && found[field] === undefined) found[field] = message;
  }
  return found;
}
