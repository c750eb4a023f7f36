import { describe, expect, it } from 'vitest';
import type { ManagedContent } from '@acpg/contracts/content-documents';
import {
  allowedActions,
  changedElsewhere,
  editorReducer,
  fieldErrorsFrom,
  initialEditor,
  isDirty,
  moveItem,
  previewUrlOf,
  REVISION_CONFLICT_MESSAGE,
  revisionOf,
  statusBadge,
  type EditorState,
} from './editor-state.ts';

interface Body {
  heading: string;
  items: string[];
}
const EMPTY: Body = { heading: '', items: [] };
const doc = (over: Partial<ManagedContent> = {}): ManagedContent => ({
  key: 'home',
  status: 'published',
  draft: { heading: 'Hello', items: ['a'] },
  published: null,
  revision: 3,
  updated_at: '2026-11-28T10:00:00.000Z',
  updated_by: 'Sam Admin',
  ...over,
});
const loaded = (d = doc()): EditorState<Body> => editorReducer(initialEditor(EMPTY), { type: 'loaded', doc: d, empty: EMPTY });

describe('content editor state', () => {
  it('a document nobody saved starts from the empty body at revision 0, with nothing to save, preview or unpublish', () => {
    const s = loaded(doc({ draft: null, revision: 0, status: 'draft' }));
    expect(s.form).toEqual(EMPTY);
    expect(revisionOf(s)).toBe(0);
    expect(allowedActions(s)).toEqual({ save: false, publish: false, unpublish: false, preview: false });
  });

  it('an edit makes the form dirty; saving it back to what the server holds makes it clean', () => {
    const s = loaded();
    expect(isDirty(s)).toBe(false);
    const edited = editorReducer(s, { type: 'edit', form: { heading: 'Hi', items: ['a'] } });
    expect(isDirty(edited)).toBe(true);
    expect(allowedActions(edited)).toMatchObject({ save: true, publish: true });
    expect(isDirty(editorReducer(edited, { type: 'edit', form: { items: ['a'], heading: 'Hello' } }))).toBe(false);
  });

  it('a saved draft takes the new revision and status, and keeps what the sanitizer removed', () => {
    const edited = editorReducer(loaded(), { type: 'edit', form: { heading: 'Hi <script>', items: ['a'] } });
    const saving = editorReducer(edited, { type: 'start', action: 'save' });
    expect(saving.busy).toBe('save');
    const saved = editorReducer(saving, {
      type: 'done',
      action: 'save',
      doc: doc({ draft: { heading: 'Hi', items: ['a'] }, revision: 4, status: 'changed' }),
      removed: ['<script> in heading'],
      empty: EMPTY,
    });
    expect(saved.busy).toBeNull();
    expect(revisionOf(saved)).toBe(4);
    expect(saved.form.heading).toBe('Hi');
    expect(saved.removed).toEqual(['<script> in heading']);
    expect(isDirty(saved)).toBe(false);
    expect(statusBadge(saved.server!.status).label).toBe('Unpublished changes');
    expect(allowedActions(saved)).toEqual({ save: false, publish: true, unpublish: true, preview: true });
  });

  it('a 409 is a conflict with its message; the edits stay', () => {
    const edited = editorReducer(loaded(), { type: 'edit', form: { heading: 'Mine', items: [] } });
    const failed = editorReducer(editorReducer(edited, { type: 'start', action: 'save' }), { type: 'failed', status: 409, message: 'stale' });
    expect(failed.conflict).toBe(true);
    expect(failed.error).toBe(REVISION_CONFLICT_MESSAGE);
    expect(failed.form.heading).toBe('Mine');
    // Reading again clears the conflict but keeps the edits (the user decides).
    const reread = editorReducer(failed, { type: 'loaded', doc: doc({ revision: 5 }), empty: EMPTY });
    expect(reread.conflict).toBe(false);
    expect(reread.form.heading).toBe('Mine');
    expect(revisionOf(reread)).toBe(5);
  });

  it('a 400 shows the server field errors at their fields', () => {
    const failed = editorReducer(loaded(), {
      type: 'failed',
      status: 400,
      message: 'Check the fields',
      fieldErrors: fieldErrorsFrom({ errors: [{ path: 'body.hero.heading', message: 'Enter the headline' }, { path: 'body/items/2/question', message: 'Enter the question' }] }),
    });
    expect(failed.fieldErrors).toEqual({ 'hero.heading': 'Enter the headline', 'items.2.question': 'Enter the question' });
    expect(failed.conflict).toBe(false);
  });

  it('a push of a higher revision means another admin changed it; a read of that revision settles it', () => {
    const s = loaded();
    expect(changedElsewhere(s, 3)).toBe(false);
    expect(changedElsewhere(s, 4)).toBe(true);
    expect(changedElsewhere(editorReducer(s, { type: 'loaded', doc: doc({ revision: 4, draft: { heading: 'Theirs', items: [] } }), empty: EMPTY }), 4)).toBe(false);
  });

  it('a clean form takes the new read; unpublish is offered only while something is live', () => {
    const s = editorReducer(loaded(), { type: 'loaded', doc: doc({ revision: 4, status: 'unpublished', draft: { heading: 'Theirs', items: [] } }), empty: EMPTY });
    expect(s.form.heading).toBe('Theirs');
    expect(allowedActions(s)).toEqual({ save: false, publish: true, unpublish: false, preview: true });
  });

  it('badges, preview URLs and moves', () => {
    expect(['draft', 'published', 'changed', 'unpublished'].map((st) => statusBadge(st as 'draft').label)).toEqual(['Draft', 'Published', 'Unpublished changes', 'Unpublished']);
    expect(previewUrlOf('home')).toBe('/?preview=draft');
    expect(previewUrlOf('blog.my-post')).toBe('/blogs/my-post?preview=draft');
    expect(previewUrlOf('terms-of-service')).toBe('/terms-of-service?preview=draft');
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
