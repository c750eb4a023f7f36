import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TemplateDetail, TemplateVersion } from '@acpg/contracts/email-templates';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { restoreTemplate, useTemplateHistory } from '../api/email-templates.ts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  subject: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

const what = (v: TemplateVersion) => (v.kind === 'reset' ? 'Reset to the default' : v.kind === 'restored' ? `Restored version ${v.from_version ?? ''}` : 'Edited');

/** Every version of the template, newest first, with who and when; any earlier one can be restored. */
export function TemplateHistoryDialog({ detail, dirty, onDismiss, onRestored, onStale }: { detail: TemplateDetail; dirty: boolean; onDismiss: () => void; onRestored: (d: TemplateDetail) => void; onStale: () => void }) {
  const s = useStyles();
  const history = useTemplateHistory(detail.key, detail.version);
  const items = history.data?.items ?? [];
  const nameOf = useAccountNames(items.map((i) => i.by));
  const [restoring, setRestoring] = useState<number | null>(null);

  const restore = async (version: number) => {
    setRestoring(version);
    try {
      const res = await restoreTemplate(detail.key, version, detail.version);
      notify.success(`Version ${version} restored. The next message uses it.`);
      onRestored(res.data);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) onStale();
      else notify.error(error instanceof Error ? error.message : 'Restoring failed.');
    } finally {
      setRestoring(null);
    }
  };

  return (
    <SimpleDialog title="Version history" onDismiss={onDismiss} closable actions={<Button onClick={onDismiss}>Close</Button>}>
      {dirty && <Text block>Restoring a version replaces your unsaved changes.</Text>}
      {history.status === 'error' && !history.data ? (
        <ErrorState message={history.error} onRetry={history.reload} />
      ) : !history.data ? (
        <LoadingBlock label="Loading the history" lines={3} />
      ) : items.length === 0 ? (
        <EmptyState>Never edited: every message uses the default text.</EmptyState>
      ) : (
        <ol className={s.list} aria-label="Versions, newest first">
          {items.map((v) => (
            <li key={v.version} className={s.item}>
              <div>
                <Text weight="semibold" block>
                  Version {v.version}: {what(v)}
                  {v.version === detail.version ? ' (current)' : ''}
                </Text>
                <Text block size={200}>
                  {formatDateTime12(v.at)} by <PersonName id={v.by} name={v.by ? nameOf(v.by) : null} />
                </Text>
                {v.parts.subject !== undefined && (
                  <Text block size={200} className={s.subject}>
                    Subject: {v.parts.subject}
                  </Text>
                )}
              </div>
              {v.version !== detail.version && (
                <Button size="small" onClick={() => void restore(v.version)} disabledFocusable={restoring !== null} aria-label={`Restore version ${v.version}`}>
                  {restoring === v.version ? 'Restoring…' : 'Restore'}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </SimpleDialog>
  );
}
