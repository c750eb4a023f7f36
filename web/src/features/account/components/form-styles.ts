import { makeStyles, tokens } from '@fluentui/react-components';

/** Shared by the profile page's sections. */
export const useSectionStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  flush: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '440px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
});

export const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Messages the server tied to a field (`errors: [{ path, message }]`), by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const list = body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors) ? (body.errors as { path?: unknown; message?: unknown }[]) : [];
  return Object.fromEntries(list.filter((e) => typeof e.path === 'string' && typeof e.message === 'string').map((e) => [e.path as string, e.message as string]));
}
