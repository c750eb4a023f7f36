import type { ContentStatus, ManagedContent } from '@acpg/contracts/content-documents';

/**
 * The state of one content document's editor, kept apart from React so it can be tested: what the server holds
 * (revision, status, draft), what the form shows, what a save or publish is doing, and what went wrong.
 */
export type EditorAction = 'save' | 'publish' | 'unpublish' | 'restore';

export interface EditorState<B> {
  /** The server's document as last read or answered; null before the first read. */
  server: ManagedContent | null;
  /** The body the form shows. */
  form: B;
  /** The body the server holds as draft (or the empty body of a new document): the form differs from it when dirty. */
  saved: B;
  busy: EditorAction | null;
  /** A stale revision (409): someone else changed the document since it was read. */
  conflict: boolean;
  /** Field errors by dotted path (`hero.heading`, `items.2.question`). */
  fieldErrors: Record<string, string>;
  /** What went wrong that is not a field (a failed request). */
  error: string | null;
  /** What the sanitizer removed from the last saved draft. */
  removed: string[];
}

export type EditorEvent<B> =
  | { type: 'loaded'; doc: ManagedContent; empty: B }
  | { type: 'edit'; form: B }
  | { type: 'start'; action: EditorAction }
  | { type: 'refused'; fieldErrors: Record<string, string> }
  | { type: 'done'; action: EditorAction; doc: ManagedContent; removed?: string[]; empty: B }
  | { type: 'failed'; status: number | null; message: string; fieldErrors?: Record<string, string> };

export const REVISION_CONFLICT_MESSAGE = 'Someone else changed this; reload to see their version.';

export const initialEditor = <B,>(empty: B): EditorState<B> => ({
  server: null,
  form: empty,
  saved: empty,
  busy: null,
  conflict: false,
  fieldErrors: {},
  error: null,
  removed: [],
});

/** The draft the server holds, or `empty` for a document nobody saved yet. */
const draftOf = <B,>(doc: ManagedContent, empty: B): B => (doc.draft ?? empty) as B;

export function editorReducer<B>(state: EditorState<B>, event: EditorEvent<B>): EditorState<B> {
  switch (event.type) {
    case 'loaded': {
      const draft = draftOf(event.doc, event.empty);
      // A read (first, reload, or after another admin's change) replaces the form only where nothing was edited.
      const keepEdits = state.server !== null && isDirty(state);
      return { ...state, server: event.doc, saved: draft, form: keepEdits ? state.form : draft, conflict: false, error: null };
    }
    case 'edit':
      return { ...state, form: event.form };
    case 'start':
      return { ...state, busy: event.action, error: null, conflict: false, ...(event.action === 'save' ? { fieldErrors: {}, removed: [] } : {}) };
    case 'refused':
      return { ...state, busy: null, fieldErrors: event.fieldErrors };
    case 'done': {
      const draft = draftOf(event.doc, event.empty);
      // The form shows the draft as the server keeps it (trimmed, sanitized).
      return { ...state, busy: null, server: event.doc, saved: draft, form: draft, fieldErrors: {}, error: null, removed: event.removed ?? state.removed };
    }
    case 'failed':
      if (event.status === 409) return { ...state, busy: null, conflict: true, error: REVISION_CONFLICT_MESSAGE };
      return { ...state, busy: null, error: event.message, fieldErrors: event.fieldErrors ?? {} };
  }
}

/** Deep equality of two JSON values (form bodies), key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The form holds edits not saved as the draft. */
export const isDirty = <B,>(state: EditorState<B>): boolean => !sameJson(state.form, state.saved);

/** The revision sent back with every change (0 for a document nobody saved yet). */
export const revisionOf = <B,>(state: EditorState<B>): number => state.server?.revision ?? 0;

/** Another admin changed the document since this editor read it (a push announced a higher revision). */
export const changedElsewhere = <B,>(state: EditorState<B>, announced: number): boolean => state.server !== null && announced > state.server.revision;

export interface StatusBadge {
  label: string;
  color: 'informative' | 'success' | 'warning' | 'subtle';
}

const BADGES: Record<ContentStatus, StatusBadge> = {
  draft: { label: 'Draft', color: 'informative' },
  published: { label: 'Published', color: 'success' },
  changed: { label: 'Unpublished changes', color: 'warning' },
  unpublished: { label: 'Unpublished', color: 'subtle' },
};
export const statusBadge = (status: ContentStatus): StatusBadge => BADGES[status];

/** Which actions the document allows now (the server decides too). */
export function allowedActions<B>(state: EditorState<B>): { save: boolean; publish: boolean; unpublish: boolean; preview: boolean } {
  const status = state.server?.status ?? 'draft';
  const exists = (state.server?.revision ?? 0) > 0;
  const dirty = isDirty(state);
  return {
    save: dirty,
    // Publishing with edits saves them first; a published document with nothing new has nothing to publish.
    publish: dirty || (exists && status !== 'published'),
    unpublish: status === 'published' || status === 'changed',
    preview: exists,
  };
}

/**
 * The server's field errors (`{ path, message }`, paths of the save body, `body.hero.heading`) by the form's paths
 * (`hero.heading`); the first message of a path wins.
 */
export function fieldErrorsFrom(answer: unknown): Record<string, string> {
  const errors = (answer as { errors?: unknown } | null)?.errors;
  const out: Record<string, string> = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors as { path?: unknown; message?: unknown }[]) {
    if (typeof e.path !== 'string' || typeof e.message !== 'string') continue;
    const path = e.path.replace(/^body[./]/, '').replace(/\//g, '.');
    out[path] ??= e.message;
  }
  return out;
}

/** Zod issues of the client-side check by the same paths. */
export const fieldErrorsOfIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> =>
  fieldErrorsFrom({ errors: issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) });

/** The public page a document is shown on (its preview adds `?preview=draft`). */
export function publicPathOf(key: string): string {
  if (key.startsWith('blog.')) return `/blogs/${key.slice('blog.'.length)}`;
  const paths: Record<string, string> = {
    home: '/',
    site: '/',
    'about-us': '/about-us',
    services: '/services-page',
    faq: '/faq',
    contact: '/contact-us',
    'privacy-policy': '/privacy-policy',
    'terms-of-service': '/terms-of-service',
    'additional-information': '/additional-information',
  };
  return paths[key] ?? '/';
}
export const previewUrlOf = (key: string): string => `${publicPathOf(key)}?preview=draft`;

/** Moves item `from` one place up (-1) or down (+1); out of range: the same list. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
