import { HttpError } from '../../../lib/http.ts';

/** The words of a failed request. */
export const messageOfError = (err: unknown): string => (err instanceof HttpError || err instanceof Error ? err.message : 'Request failed');
