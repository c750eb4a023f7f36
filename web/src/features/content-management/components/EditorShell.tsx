import { useCallback, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { Badge, Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { EyeRegular, HistoryRegular, SaveRegular, SendRegular, CloudOffRegular } from '@fluentui/react-icons';
import type { ContentKey, ManagedContent } from '@acpg/contracts/content-documents';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { publish, restore, saveDraft, unpublish, useManagedContent } from '../api/content-admin.ts';
import {
  allowedActions,
  changedElsewhere,
  editorReducer,
  fieldErrorsFrom,
  fieldErrorsOfIssues,
  initialEditor,
  isDirty,
  previewUrlOf,
  revisionOf,
  statusBadge,
  type EditorAction,
} from '../editor-state.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import type { FormProps } from './fields.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground2 },
  removed: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

export interface EditorShellProps<B> {
  contentKey: ContentKey;
  /** The screen's h1. */
  title: string;
  /** What a document nobody saved yet starts as. */
  empty: B;
  schema: z.ZodType<B>;
  form: (props: FormProps<B>) => ReactNode;
  /** Shown above the form (a blog post's link back to the list). */
  before?: ReactNode;
  /** Without its own h1 (a tab of a screen that has one). */
  embedded?: boolean;
}

const DONE: Record<EditorAction, string> = { save: 'Draft saved', publish: 'Published', unpublish: 'Unpublished', restore: 'Version restored into the draft' };

/**
 * The one editor of every content document: status, Save draft, Preview, Publish, Unpublish, History; the form of the
 * document inside. Live: another admin's change shows (and, with nothing edited here, loads) at once.
 */
export function EditorShell<B>({ contentKey, title, empty, schema, form, before, embedded = false }: EditorShellProps<B>) {
  const s = useStyles();
  const live = useManagedContent(contentKey);
  const [state, dispatch] = useReducer(editorReducer<B>, empty, initialEditor);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const headingId = `${contentKey.replace(/\W/g, '-')}-heading`;

  // Every read (first, reload, another admin's change) comes to the editor.
  const read = live.data?.doc ?? null;
  useEffect(() => {
    if (read) dispatch({ type: 'loaded', doc: read, empty });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new read, not a new empty body, is what loads
  }, [read]);

  const dirty = isDirty(state);
  const announced = live.data?.announced ?? 0;
  const elsewhere = changedElsewhere(state, announced);
  // Another admin's change with nothing edited here: read it at once.
  const { reload } = live;
  useEffect(() => {
    if (elsewhere && !dirty && state.busy === null) reload();
  }, [elsewhere, dirty, state.busy, reload]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && state.busy === null && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const fail = useCallback(
    (err: unknown) => {
      if (err instanceof HttpError) {
        const fieldErrors = err.status === 400 ? fieldErrorsFrom(err.body) : {};
        dispatch({ type: 'failed', status: err.status, message: err.message, fieldErrors });
        if (Object.keys(fieldErrors).length > 0) focusFirstInvalid();
      } else dispatch({ type: 'failed', status: null, message: err instanceof Error ? err.message : 'Request failed' });
    },
    [focusFirstInvalid],
  );

  /** Saves the form as the draft; the document the server answered, or null when refused. */
  const save = async (): Promise<ManagedContent | null> => {
    const checked = schema.safeParse(state.form);
    if (!checked.success) {
      dispatch({ type: 'refused', fieldErrors: fieldErrorsOfIssues(checked.error.issues) });
      focusFirstInvalid();
      return null;
    }
    dispatch({ type: 'start', action: 'save' });
    try {
      const answer = await saveDraft(contentKey, checked.data, revisionOf(state));
      dispatch({ type: 'done', action: 'save', doc: answer, removed: answer.removed, empty });
      return answer;
    } catch (err) {
      fail(err);
      return null;
    }
  };

  const run = async (action: Exclude<EditorAction, 'save'>, call: (revision: number) => Promise<ManagedContent>, revision = revisionOf(state)) => {
    dispatch({ type: 'start', action });
    try {
      const doc = await call(revision);
      dispatch({ type: 'done', action, doc, empty });
      notify.success(DONE[action]);
    } catch (err) {
      fail(err);
    }
  };

  const onSave = async () => {
    if (await save()) notify.success(DONE.save);
  };
  const onPublish = async () => {
    let revision = revisionOf(state);
    if (dirty) {
      const saved = await save();
      if (!saved) return;
      revision = saved.revision;
    }
    await run('publish', (r) => publish(contentKey, r), revision);
  };

  if (live.status === 'error' && !live.data) {
    return (
      <div className={s.root}>
        {!embedded && <ScreenHeading id={headingId} title={title} />}
        <ErrorState title="The page could not be loaded" message={live.error ?? 'Request failed'} onRetry={live.reload} />
      </div>
    );
  }
  if (!state.server) {
    return (
      <div className={s.root}>
        {!embedded && <ScreenHeading id={headingId} title={title} />}
        <LoadingBlock label={`Loading ${title}`} />
      </div>
    );
  }

  const allowed = allowedActions(state);
  const badge = statusBadge(state.server.status);
  const busy = state.busy !== null;
  const badgeRow = (
    <>
      <Badge appearance="tint" color={badge.color} size="large">
        {badge.label}
      </Badge>
      {dirty && <Text className={s.meta}>Unsaved changes</Text>}
    </>
  );

  return (
    <section className={s.root} aria-labelledby={embedded ? undefined : headingId} aria-label={embedded ? title : undefined}>
      {embedded ? <div className={s.actions}>{badgeRow}</div> : <ScreenHeading id={headingId} title={title}>{badgeRow}</ScreenHeading>}
      {before}
      <div className={s.actions} role="toolbar" aria-label={`${title} actions`}>
        <Button appearance="primary" icon={<SaveRegular />} disabledFocusable={!allowed.save || busy} onClick={() => void onSave()}>
          {state.busy === 'save' ? 'Saving…' : 'Save draft'}
        </Button>
        <Button
          as="a"
          icon={<EyeRegular />}
          href={previewUrlOf(contentKey)}
          target="_blank"
          rel="noopener"
          disabledFocusable={!allowed.preview}
          aria-label={`Preview ${title} (opens in a new tab)`}
        >
          Preview
        </Button>
        <Button icon={<SendRegular />} disabledFocusable={!allowed.publish || busy} onClick={() => void onPublish()}>
          {state.busy === 'publish' ? 'Publishing…' : 'Publish'}
        </Button>
        <Button icon={<CloudOffRegular />} disabledFocusable={!allowed.unpublish || busy} onClick={() => setConfirmUnpublish(true)}>
          Unpublish
        </Button>
        <Button icon={<HistoryRegular />} onClick={() => setHistoryOpen(true)}>
          History
        </Button>
      </div>
      <Text className={s.meta}>
        {state.server.updated_at ? `Last changed ${formatDateTime12(state.server.updated_at)}${state.server.updated_by ? ` by ${state.server.updated_by}` : ''}.` : 'Nothing saved yet: fill in the page and save a draft.'}
        {state.server.published ? ` Live version ${state.server.published.version}, published ${formatDateTime12(state.server.published.published_at)}.` : ' Not live.'}
      </Text>

      {state.conflict && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Not saved</MessageBarTitle>
            {state.error}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={live.reload}>Reload</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {elsewhere && dirty && !state.conflict && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Changed by someone else</MessageBarTitle>
            Another admin changed this while you were editing. Reload to see their version (your edits here are kept until you save or leave).
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={live.reload}>Reload</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.error && !state.conflict && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Not done</MessageBarTitle>
            {state.error}
          </MessageBarBody>
        </MessageBar>
      )}
      {state.removed.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Some content was removed when the draft was saved</MessageBarTitle>
            Only safe formatting is kept. Removed:
            <ul className={s.removed}>
              {state.removed.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}

      <form
        ref={formRef}
        aria-label={`Edit ${title}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {form({ value: state.form, onChange: (next) => dispatch({ type: 'edit', form: next }), errors: state.fieldErrors })}
      </form>

      {confirmUnpublish && (
        <SimpleDialog
          alert
          title={`Unpublish ${title}?`}
          onDismiss={() => setConfirmUnpublish(false)}
          actions={
            <>
              <Button onClick={() => setConfirmUnpublish(false)}>Keep it live</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  setConfirmUnpublish(false);
                  void run('unpublish', (r) => unpublish(contentKey, r));
                }}
              >
                Unpublish
              </Button>
            </>
          }
        >
          Visitors no longer see this content; the draft and the history are kept, and you can publish it again.
        </SimpleDialog>
      )}
      {historyOpen && (
        <HistoryDialog
          contentKey={contentKey}
          title={title}
          revision={state.server.revision}
          onDismiss={() => setHistoryOpen(false)}
          onRestore={(version) => {
            setHistoryOpen(false);
            void run('restore', (r) => restore(contentKey, version, r));
          }}
        />
      )}
      {blocker.state === 'blocked' && (
        <SimpleDialog
          alert
          title="Leave without saving?"
          onDismiss={() => blocker.reset()}
          actions={
            <>
              <Button appearance="primary" onClick={() => blocker.reset()}>
                Stay
              </Button>
              <Button onClick={() => blocker.proceed()}>Leave</Button>
            </>
          }
        >
          Your changes to {title} are not saved yet.
        </SimpleDialog>
      )}
    </section>
  );
}
