import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { RenderedTemplate, TemplateChannel, TemplatePart } from '@acpg/contracts/email-templates';
import { HttpError } from '../../../lib/http.ts';
import { previewTemplate } from '../api/email-templates.ts';
import { partErrorsOf, partsToSend, type Draft } from '../template-form.ts';

/** How long the editor waits after the last keystroke before it asks the server for a preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface LivePreview {
  status: 'loading' | 'ready' | 'error';
  rendered: RenderedTemplate | null;
  /** The server's refusal by part (unknown variable, bad syntax, unsafe HTML). */
  errors: Partial<Record<TemplatePart, string>>;
  message: string | null;
}

/** The draft rendered by the server with the sample data, asked again (debounced) after each change. */
export function useLivePreview(key: string, channel: TemplateChannel, draft: Draft): LivePreview {
  const body = JSON.stringify(partsToSend(channel, draft));
  // The answer remembers which draft it is for: a newer draft reads as loading until its own answer comes.
  const [answer, setAnswer] = useState<LivePreview & { for: string | null }>({ for: null, status: 'loading', rendered: null, errors: {}, message: null });
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      previewTemplate(key, JSON.parse(body) as Record<string, string>)
        .then((res) => {
          if (!cancelled) setAnswer({ for: body, status: 'ready', rendered: res.data, errors: {}, message: null });
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          const errors = error instanceof HttpError ? partErrorsOf(error.body) : {};
          setAnswer((p) => ({ for: body, status: 'error', rendered: p.rendered, errors, message: error instanceof Error ? error.message : 'The preview failed.' }));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, body]);
  const { for: answered, ...preview } = answer;
  return answered === body ? preview : { ...preview, status: 'loading' };
}

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  subject: { padding: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflowWrap: 'anywhere' },
  // The email as a mail reader shows it: its own document, nothing in it runs (sandbox="").
  frame: { width: '100%', height: '560px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: '#ffffff' },
  text: {
    margin: 0,
    padding: tokens.spacingVerticalS,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  stale: { opacity: 0.6 },
});

export function TemplatePreview({ preview }: { preview: LivePreview }) {
  const s = useStyles();
  const { rendered } = preview;
  return (
    <div className={s.box}>
      {preview.status === 'error' && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>This version cannot be sent</MessageBarTitle>
            {preview.message}
          </MessageBarBody>
        </MessageBar>
      )}
      {rendered && (
        <div className={preview.status === 'error' ? s.stale : undefined}>
          {rendered.subject !== null && (
            <>
              <Text weight="semibold" as="h3" block>
                Subject
              </Text>
              <div className={s.subject} data-testid="preview-subject">
                {rendered.subject}
              </div>
            </>
          )}
          {rendered.html !== null && (
            <>
              <Text weight="semibold" as="h3" block>
                HTML
              </Text>
              <iframe className={s.frame} title="Email preview" sandbox="" srcDoc={rendered.html} />
            </>
          )}
          <Text weight="semibold" as="h3" block>
            {rendered.channel === 'email' ? 'Text' : 'Text message'}
          </Text>
          <pre className={s.text} data-testid="preview-text">
            {rendered.text}
          </pre>
        </div>
      )}
    </div>
  );
}
