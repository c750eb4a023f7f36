import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { JobSummary } from '@acpg/contracts/operations';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { actOnDeadJob, useJob, type DeadJobAction } from '../api/operations.ts';

const useStyles = makeStyles({
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '40vh',
    overflowY: 'auto',
  },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** A dead (or any) job with its error and its data (secrets redacted by the server). */
export function JobDetailDialog({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const s = useStyles();
  const detail = useJob(job.queue, job.id);
  return (
    <SimpleDialog title={`Job ${job.name}`} onDismiss={onClose} closable actions={<Button onClick={onClose}>Close</Button>}>
      {detail.status === 'error' ? (
        <ErrorState title="The job could not be loaded" message={detail.error} onRetry={detail.reload} />
      ) : !detail.data ? (
        <LoadingBlock label="Loading the job" />
      ) : (
        <>
          <dl className={s.facts}>
            <dt className={s.term}>Id</dt>
            <dd className={s.value}>{detail.data.id}</dd>
            <dt className={s.term}>Queue</dt>
            <dd className={s.value}>{detail.data.queue}</dd>
            <dt className={s.term}>State</dt>
            <dd className={s.value}>{detail.data.state}</dd>
            <dt className={s.term}>Attempts</dt>
            <dd className={s.value}>{detail.data.attempts_made}</dd>
            <dt className={s.term}>Enqueued</dt>
            <dd className={s.value}>{formatDateTime12(detail.data.created_at)}</dd>
            {detail.data.failed_at && (
              <>
                <dt className={s.term}>Failed</dt>
                <dd className={s.value}>{formatDateTime12(detail.data.failed_at)}</dd>
              </>
            )}
          </dl>
          <Text weight="semibold">Error</Text>
          <pre className={s.pre}>{detail.data.error ?? 'None'}</pre>
          <Text weight="semibold">Data</Text>
          <pre className={s.pre} tabIndex={0} aria-label="Job data">
            {JSON.stringify(detail.data.data, null, 2)}
          </pre>
        </>
      )}
    </SimpleDialog>
  );
}

const COPY: Record<DeadJobAction, { title: string; submit: string; done: string; text: string }> = {
  retry: { title: 'Retry this job?', submit: 'Retry', done: 'Job sent back to the queue.', text: 'It goes back to the queue with its attempts reset.' },
  discard: { title: 'Discard this job?', submit: 'Discard', done: 'Job discarded.', text: 'It is dropped for good with its data; this cannot be undone.' },
};

/** Asks why (3 to 500 characters), then retries or discards the dead job; the reason is kept with your name. */
export function DeadJobActionDialog({ job, action, onClose, onDone }: { job: JobSummary; action: DeadJobAction; onClose: () => void; onDone: (outcome: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = COPY[action];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (trimmed.length < 3 || trimmed.length > 500) {
      setError('Say why in 3 to 500 characters.');
      field.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await actOnDeadJob(job.queue, job.id, action, trimmed);
      notify.success(answer.message ?? copy.done);
      onDone(`${job.name} ${job.id}: ${answer.message ?? copy.done}`);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'The action failed; try again.');
      setBusy(false);
    }
  };

  return (
    <FormDialog title={copy.title} busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} submitLabel={copy.submit} cancelFirst>
      <Text>
        {job.name} ({job.id}). {copy.text} The reason is kept with your name.
      </Text>
      <Field label="Reason" required validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Textarea ref={field} value={reason} maxLength={500} onChange={(_, d) => setReason(d.value)} resize="vertical" />
      </Field>
      <AlertBar>{failure}</AlertBar>
    </FormDialog>
  );
}
