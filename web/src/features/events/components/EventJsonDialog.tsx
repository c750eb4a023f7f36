import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchEvent, type TailRow } from '../api/events.ts';

const useStyles = makeStyles({
  json: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    maxHeight: '60vh',
    overflowY: 'auto',
  },
});

/** The event as stored (its data redacted when its type is sensitive), read-only, with a Copy button. */
export function EventJsonDialog({ row, onDismiss }: { row: TailRow; onDismiss: () => void }) {
  const s = useStyles();
  const [copied, setCopied] = useState(false);
  // A pushed row has no data: read the event by its position.
  const full = useResource<TailRow>(async (signal) => ('data' in row ? { success: true as const, data: row } : fetchEvent(row.position, signal)), [row.position]);
  const json = full.data ? JSON.stringify(full.data, null, 2) : null;
  const copy = async () => {
    if (!json) return;
    await navigator.clipboard.writeText(json).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <SimpleDialog
      title={`${row.type} #${row.position}`}
      onDismiss={onDismiss}
      closable
      contentId="event-json"
      actions={
        <>
          <Button appearance="primary" icon={<CopyRegular />} onClick={() => void copy()} disabled={!json}>
            {copied ? 'Copied' : 'Copy JSON'}
          </Button>
          <Button onClick={onDismiss}>Close</Button>
        </>
      }
    >
      {full.status === 'error' ? (
        <ErrorState title="The event could not be loaded" message={full.error} onRetry={full.reload} />
      ) : json === null ? (
        <LoadingBlock label="Loading the event" lines={4} />
      ) : (
        <pre className={s.json} tabIndex={0} aria-label="Event JSON" data-testid="event-json">
          {json}
        </pre>
      )}
    </SimpleDialog>
  );
}
