import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import {
  Badge,
  Button,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Text,
  Textarea,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import type { TemplateDetail, TemplatePart } from '@acpg/contracts/email-templates';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { resetTemplate, saveTemplate, sendTestTemplate, useTemplate } from '../api/email-templates.ts';
import { draftOf, insertAt, isDirty, PART_LABELS, partErrorsOf, partsOfChannel, partsToSend, type Draft } from '../template-form.ts';
import { TemplateHistoryDialog } from './TemplateHistoryDialog.tsx';
import { TemplatePreview, useLivePreview } from './TemplatePreview.tsx';
import { VariablesList } from './VariablesList.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginInlineStart: 'auto' },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXL,
    '@media (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  key: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
});

const ROWS: Record<TemplatePart, number> = { subject: 2, html: 14, text: 8 };

/** The editor of one template: its parts, its variables with Insert, a live preview, save, history, reset, a test. */
export function TemplateEditor({ templateKey }: { templateKey: string }) {
  const loaded = useTemplate(templateKey);
  const [saved, setSaved] = useState<TemplateDetail | null>(null);
  const detail = saved && saved.key === templateKey ? saved : loaded.data;
  if (!detail) {
    return loaded.status === 'error' ? (
      <section>
        <ErrorState title="This template could not be loaded" message={loaded.error} onRetry={loaded.reload} />
        <LinkButton to="/email-templates">Back to templates</LinkButton>
      </section>
    ) : (
      <LoadingBlock label="Loading the template" lines={8} />
    );
  }
  return <Editor key={detail.key} detail={detail} onChanged={setSaved} onReload={() => { setSaved(null); loaded.reload(); }} />;
}

function Editor({ detail, onChanged, onReload }: { detail: TemplateDetail; onChanged: (d: TemplateDetail) => void; onReload: () => void }) {
  const s = useStyles();
  const headingId = useId();
  const initial = draftOf(detail);
  const [draft, setDraft] = useState<Draft>(initial);
  const [saveErrors, setSaveErrors] = useState<Partial<Record<TemplatePart, string>>>({});
  const [stale, setStale] = useState(false);
  // A new version (saved, restored, reset) becomes the draft, in place: the focused button keeps the focus.
  const [shown, setShown] = useState(detail);
  if (shown !== detail) {
    setShown(detail);
    setDraft(initial);
    setSaveErrors({});
    setStale(false);
  }
  const restoreFocus = useRestoreFocusTarget();
  const [busy, setBusy] = useState<null | 'save' | 'reset' | 'test'>(null);
  const [dialog, setDialog] = useState<null | 'history' | 'reset'>(null);
  const parts = partsOfChannel(detail.channel);
  const dirty = isDirty(detail.channel, draft, initial);
  const preview = useLivePreview(detail.key, detail.channel, draft);
  const fields = useRef<Partial<Record<TemplatePart, HTMLTextAreaElement | null>>>({});
  const [lastPart, setLastPart] = useState<TemplatePart>(parts[0] ?? 'text');

  // Leaving with unsaved changes asks first (in the app and when the tab closes).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setPart = (part: TemplatePart, value: string) => {
    setDraft((d) => ({ ...d, [part]: value }));
    setSaveErrors((e) => ({ ...e, [part]: undefined }));
  };

  const insert = useCallback((name: string) => {
    const part = lastPart;
    const field = fields.current[part];
    const token = `{{ ${name} }}`;
    setDraft((d) => {
      const start = field?.selectionStart ?? d[part].length;
      const end = field?.selectionEnd ?? start;
      const { text, caret } = insertAt(d[part], start, end, token);
      requestAnimationFrame(() => {
        field?.focus();
        field?.setSelectionRange(caret, caret);
      });
      return { ...d, [part]: text };
    });
  }, [lastPart]);

  const fail = (error: unknown, what: string) => {
    if (error instanceof HttpError && error.status === 409) {
      setStale(true);
      return;
    }
    if (error instanceof HttpError && error.status === 400) {
      const byPart = partErrorsOf(error.body);
      setSaveErrors(byPart);
      const first = parts.find((p) => byPart[p]);
      if (first) fields.current[first]?.focus();
    }
    notify.error(error instanceof Error ? error.message : `${what} failed.`);
  };

  const save = async () => {
    setBusy('save');
    try {
      const res = await saveTemplate(detail.key, { ...partsToSend(detail.channel, draft), expected_version: detail.version });
      notify.success('Template saved. The next message uses it.');
      onChanged(res.data);
    } catch (error) {
      fail(error, 'Saving');
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    setDialog(null);
    setBusy('reset');
    try {
      const res = await resetTemplate(detail.key, detail.version);
      notify.success('Template reset to its default.');
      onChanged(res.data);
    } catch (error) {
      fail(error, 'Resetting');
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy('test');
    try {
      const res = await sendTestTemplate(detail.key);
      notify.success(`A test with the sample data is on its way to ${res.data.to}${dirty ? ' (the saved version: save first to test your changes)' : ''}.`);
    } catch (error) {
      fail(error, 'Sending the test');
    } finally {
      setBusy(null);
    }
  };

  const errorOf = (part: TemplatePart) => saveErrors[part] ?? preview.errors[part];

  return (
    <section className={s.page} aria-labelledby={headingId}>
      <ScreenHeading id={headingId} title={detail.description}>
        <div className={s.actions}>
          <LinkButton to="/email-templates">Back to templates</LinkButton>
          <Button {...restoreFocus} onClick={() => setDialog('history')}>
            History
          </Button>
          <Button {...restoreFocus} onClick={() => setDialog('reset')} disabledFocusable={!detail.edited || busy !== null}>
            Reset to default
          </Button>
          <Button onClick={() => void sendTest()} disabledFocusable={busy !== null}>
            {busy === 'test' ? 'Sending…' : 'Send test to me'}
          </Button>
          <Button appearance="primary" onClick={() => void save()} disabledFocusable={busy !== null || !dirty}>
            {busy === 'save' ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </ScreenHeading>
      <Text>
        <span className={s.key}>{detail.key}</span> · {detail.channel === 'email' ? 'Email' : 'Text message'} ·{' '}
        {detail.edited ? <Badge appearance="tint" color="brand">Edited (version {detail.version})</Badge> : <Badge appearance="outline" color="informative">Default</Badge>}
        {dirty && (
          <>
            {' '}
            <Badge appearance="filled" color="warning">Unsaved changes</Badge>
          </>
        )}
      </Text>
      {stale && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Someone changed this template since you opened it</MessageBarTitle>
            Reload it to see their version, then make your change again (copy your text first if you need it).
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onReload}>Reload</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={s.columns}>
        <div className={s.column}>
          <Subtitle2 as="h2">Edit</Subtitle2>
          {parts.map((part) => (
            <Field
              key={part}
              label={PART_LABELS[part]}
              validationState={errorOf(part) ? 'error' : 'none'}
              validationMessage={errorOf(part)}
              hint={part === 'html' ? 'Only the body: every email comes inside the shared layout. Variables are escaped; scripts, event handlers, frames and forms are refused.' : undefined}
            >
              <Textarea
                ref={(el) => {
                  fields.current[part] = el;
                }}
                textarea={{ className: s.code, spellCheck: part !== 'html' }}
                resize="vertical"
                rows={ROWS[part]}
                value={draft[part]}
                onFocus={() => setLastPart(part)}
                onChange={(_, d) => setPart(part, d.value)}
              />
            </Field>
          ))}
          <VariablesList variables={detail.variables} onInsert={insert} target={PART_LABELS[lastPart]} />
        </div>
        <div className={s.column}>
          <Subtitle2 as="h2">
            Preview with sample data {preview.status === 'loading' && <Spinner size="extra-tiny" aria-label="Updating the preview" />}
          </Subtitle2>
          <TemplatePreview preview={preview} />
        </div>
      </div>
      {dialog === 'history' && <TemplateHistoryDialog detail={detail} dirty={dirty} onDismiss={() => setDialog(null)} onRestored={(d) => { setDialog(null); onChanged(d); }} onStale={() => { setDialog(null); setStale(true); }} />}
      {dialog === 'reset' && (
        <SimpleDialog
          alert
          title="Reset to the default?"
          onDismiss={() => setDialog(null)}
          actions={
            <>
              <Button onClick={() => setDialog(null)}>Keep this version</Button>
              <Button appearance="primary" onClick={() => void reset()}>
                Reset to default
              </Button>
            </>
          }
        >
          The next message uses the text the product shipped with. Your edits stay in the history and can be restored.
        </SimpleDialog>
      )}
      {blocker.state === 'blocked' && (
        <SimpleDialog
          alert
          title="Leave without saving?"
          onDismiss={() => blocker.reset()}
          actions={
            <>
              <Button appearance="primary" onClick={() => blocker.reset()}>
                Stay and keep editing
              </Button>
              <Button onClick={() => blocker.proceed()}>Leave and discard changes</Button>
            </>
          }
        >
          Your changes to this template are not saved.
        </SimpleDialog>
      )}
    </section>
  );
}
