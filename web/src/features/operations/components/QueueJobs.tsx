import { useEffect, useRef, useState } from 'react';
import { Button, Field, Select, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { JOB_STATES, type JobState, type JobSummary } from '@acpg/contracts/operations';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { JOBS_PAGE_SIZE, useQueueJobs, type DeadJobAction } from '../api/operations.ts';
import { DeadJobActionDialog, JobDetailDialog } from './DeadJobDialogs.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  error: { overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
});

export const STATE_LABELS: Record<JobState, string> = { waiting: 'Waiting', delayed: 'Delayed', active: 'Running', dead: 'Dead' };
const EMPTY: Record<JobState, string> = { waiting: 'No waiting jobs', delayed: 'No delayed jobs', active: 'No running jobs', dead: 'No dead jobs' };

type Open = { job: JobSummary; kind: 'detail' | DeadJobAction } | null;

/** One queue's jobs in one state, paged; a dead job shows its error, and Retry and Discard ask for a reason. */
export function QueueJobs({
  queue,
  state,
  page,
  tick,
  onState,
  onPage,
  onChanged,
}: {
  queue: string;
  state: JobState;
  page: number;
  tick: number;
  onState: (state: JobState) => void;
  onPage: (page: number) => void;
  onChanged: () => void;
}) {
  const s = useStyles();
  const jobs = useQueueJobs(queue, state, page, tick);
  const [open, setOpen] = useState<Open>(null);
  const restoreFocus = useRestoreFocusTarget();
  // A retry or discard removes the row and its buttons: focus goes to the outcome instead.
  const [outcome, setOutcome] = useState<{ text: string; n: number } | null>(null);
  const outcomeRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const columns: GridColumn<JobSummary>[] = [
    {
      id: 'job',
      header: 'Job',
      minWidth: '14rem',
      render: (j) => (
        <div>
          <Text block weight="semibold">
            {j.name}
          </Text>
          <span className={s.id}>{j.id}</span>
        </div>
      ),
    },
    { id: 'attempts', header: 'Attempts', render: (j) => j.attempts_made },
    {
      id: 'when',
      header: state === 'dead' ? 'Failed' : state === 'delayed' ? 'Due' : 'Enqueued',
      render: (j) => formatDateTime12((state === 'dead' ? j.failed_at : state === 'delayed' ? j.run_at : j.created_at) ?? j.created_at),
    },
    { id: 'error', header: 'Last error', minWidth: '12rem', render: (j) => <span className={s.error}>{j.error ?? '—'}</span> },
    {
      id: 'actions',
      header: 'Actions',
      action: true,
      render: (j) => (
        <div className={s.actions}>
          <Button size="small" {...restoreFocus} onClick={() => setOpen({ job: j, kind: 'detail' })} aria-label={`Details of ${j.name} ${j.id}`}>
            Details
          </Button>
          {j.state === 'dead' && (
            <>
              <Button size="small" appearance="primary" {...restoreFocus} onClick={() => setOpen({ job: j, kind: 'retry' })} aria-label={`Retry ${j.name} ${j.id}`}>
                Retry
              </Button>
              <Button size="small" {...restoreFocus} onClick={() => setOpen({ job: j, kind: 'discard' })} aria-label={`Discard ${j.name} ${j.id}`}>
                Discard
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={s.root}>
      <div className={s.bar}>
        <Field label="State">
          <Select value={state} onChange={(_, d) => onState(d.value as JobState)}>
            {JOB_STATES.map((value) => (
              <option key={value} value={value}>
                {STATE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        {outcome && (
          <Text role="status" tabIndex={-1} ref={outcomeRef}>
            {outcome.text}
          </Text>
        )}
      </div>
      {jobs.status === 'error' && !jobs.data ? (
        <ErrorState title="The jobs could not be loaded" message={jobs.error} onRetry={jobs.reload} />
      ) : !jobs.data ? (
        <LoadingBlock label="Loading jobs" />
      ) : jobs.data.items.length === 0 ? (
        <EmptyState>{EMPTY[state]}</EmptyState>
      ) : (
        <>
          <DataTable label={`${STATE_LABELS[state]} jobs of ${queue}`} columns={columns} items={jobs.data.items} getRowId={(j) => j.id} />
          <Pagination page={page} pageSize={JOBS_PAGE_SIZE} total={jobs.data.total} onPage={onPage} label={`Pages of ${queue} jobs`} />
        </>
      )}
      {open?.kind === 'detail' && <JobDetailDialog job={open.job} onClose={() => setOpen(null)} />}
      {open && open.kind !== 'detail' && (
        <DeadJobActionDialog
          job={open.job}
          action={open.kind}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setOpen(null);
            setOutcome((current) => ({ text, n: (current?.n ?? 0) + 1 }));
            onChanged();
          }}
        />
      )}
    </div>
  );
}
