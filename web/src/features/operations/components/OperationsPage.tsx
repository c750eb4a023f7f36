import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { JOB_STATES, type ConsumerLag, type JobState, type OperatorAction, type ProjectionLag, type QueueCounts } from '@acpg/contracts/operations';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useActions, useOverview } from '../api/operations.ts';
import { ageOf, usePollTick } from '../poll.ts';
import { QueueJobs } from './QueueJobs.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyle: 'none', margin: 0, padding: 0 },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
});

const behindText = (lag: { behind: number; capped: boolean }) => `${lag.behind.toLocaleString('en-US')}${lag.capped ? '+' : ''}`;

/** `/operations` (Super Admin): queues and their jobs, dead jobs retried or discarded with a reason, lag, readiness; read again every 5 s while visible. */
export default function OperationsPage() {
  const s = useStyles();
  const headingId = useId();
  const [tick, refresh] = usePollTick();
  const overview = useOverview(tick);
  const [params, setParams] = useSearchParams();
  const [historyPage, setHistoryPage] = useState(1);
  const actions = useActions(historyPage, tick);
  const data = overview.data;
  const now = data ? Date.parse(data.checked_at) : 0; // ages are drawn only with an answer

  const queue = params.get('queue') ?? '';
  const stateParam = params.get('state') ?? 'dead';
  const state: JobState = (JOB_STATES as readonly string[]).includes(stateParam) ? (stateParam as JobState) : 'dead';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setView = (next: { queue?: string; state?: JobState; page?: number }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next.queue !== undefined) p.set('queue', next.queue);
        if (next.state !== undefined) p.set('state', next.state);
        p.set('page', String(next.page ?? 1));
        return p;
      },
      { replace: true },
    );

  const queueColumns: GridColumn<QueueCounts>[] = [
    { id: 'queue', header: 'Queue', minWidth: '12rem', render: (q) => <span className={s.mono}>{q.queue}</span> },
    { id: 'waiting', header: 'Waiting', render: (q) => q.waiting },
    { id: 'delayed', header: 'Delayed', render: (q) => q.delayed },
    { id: 'active', header: 'Running', render: (q) => q.active },
    { id: 'dead', header: 'Dead', render: (q) => (q.dead > 0 ? <Badge color="danger">{q.dead}</Badge> : 0) },
    {
      id: 'actions',
      header: 'Actions',
      action: true,
      render: (q) => (
        <Button size="small" appearance={q.queue === queue ? 'primary' : 'secondary'} aria-pressed={q.queue === queue} aria-label={`Show jobs of ${q.queue}`} onClick={() => setView({ queue: q.queue, state: q.dead > 0 ? 'dead' : state })}>
          Show jobs
        </Button>
      ),
    },
  ];
  const projectionColumns: GridColumn<ProjectionLag>[] = [
    { id: 'name', header: 'Projection', minWidth: '14rem', render: (p) => <span className={s.mono}>{p.name}</span> },
    { id: 'position', header: 'Position', render: (p) => p.position.toLocaleString('en-US') },
    { id: 'behind', header: 'Events behind', render: (p) => (p.behind > 0 ? <Badge color="warning">{behindText(p)}</Badge> : 0) },
    { id: 'oldest', header: 'Oldest unprocessed', render: (p) => ageOf(p.oldest_at, now) },
  ];
  const consumerColumns: GridColumn<ConsumerLag>[] = [
    { id: 'name', header: 'Consumer', minWidth: '14rem', render: (c) => <span className={s.mono}>{c.name}</span> },
    { id: 'behind', header: 'Events behind', render: (c) => (!c.known ? 'Unknown' : c.behind > 0 ? <Badge color="warning">{behindText(c)}</Badge> : 0) },
    { id: 'oldest', header: 'Oldest unprocessed', render: (c) => (c.known ? ageOf(c.oldest_at, now) : '—') },
  ];
  const actionColumns: GridColumn<OperatorAction>[] = [
    { id: 'at', header: 'When', render: (a) => formatDateTime12(a.at) },
    { id: 'action', header: 'Action', render: (a) => (a.action === 'retried' ? 'Retried' : 'Discarded') },
    {
      id: 'job',
      header: 'Job',
      minWidth: '12rem',
      render: (a) => (
        <span>
          {a.job_name} <span className={s.mono}>{a.job_id}</span> in <span className={s.mono}>{a.queue}</span>
        </span>
      ),
    },
    { id: 'by', header: 'By', render: (a) => a.by_name ?? a.by },
    { id: 'reason', header: 'Reason', minWidth: '12rem', render: (a) => a.reason },
  ];

  return (
    <section className={s.page} aria-labelledby={headingId}>
      <ScreenHeading id={headingId} title="Operations">
        <div className={s.head}>
          <Text className={s.muted} aria-live="polite">
            {data ? `Last updated ${formatDateTime12(data.checked_at)}` : 'Loading…'}
          </Text>
          <Button icon={<ArrowClockwiseRegular />} onClick={refresh}>
            Refresh
          </Button>
        </div>
      </ScreenHeading>
      {overview.status === 'error' && !data ? (
        <ErrorState title="The operations overview could not be loaded" message={overview.error} onRetry={overview.reload} />
      ) : !data ? (
        <LoadingBlock label="Loading the operations overview" />
      ) : (
        <>
          {overview.status === 'error' && <Text role="status">Could not refresh: {overview.error}. Showing the last answer.</Text>}
          <section className={s.section} aria-labelledby={`${headingId}-deps`}>
            <h2 id={`${headingId}-deps`} className={s.h2}>
              Dependencies
            </h2>
            <ul className={s.badges}>
              {data.dependencies.map((d) => (
                <li key={d.name}>
                  <Badge appearance="tint" color={d.ok ? 'success' : 'danger'} title={d.error ?? undefined}>
                    {d.name}: {d.ok ? 'ready' : `not ready${d.error ? ` (${d.error})` : ''}`}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
          <section className={s.section} aria-labelledby={`${headingId}-queues`}>
            <h2 id={`${headingId}-queues`} className={s.h2}>
              Queues
            </h2>
            {data.queues.length === 0 ? <EmptyState>No queues</EmptyState> : <DataTable label="Queues" columns={queueColumns} items={data.queues} getRowId={(q) => q.queue} />}
          </section>
          {queue && data.queues.some((q) => q.queue === queue) && (
            <section className={s.section} aria-labelledby={`${headingId}-jobs`}>
              <h2 id={`${headingId}-jobs`} className={s.h2}>
                Jobs of <span className={s.mono}>{queue}</span>
              </h2>
              <QueueJobs
                queue={queue}
                state={state}
                page={page}
                tick={tick}
                onState={(next) => setView({ state: next })}
                onPage={(next) => setView({ page: next })}
                onChanged={refresh}
              />
            </section>
          )}
          <section className={s.section} aria-labelledby={`${headingId}-history`}>
            <h2 id={`${headingId}-history`} className={s.h2}>
              Operator actions
            </h2>
            {actions.status === 'error' && !actions.data ? (
              <ErrorState title="The history could not be loaded" message={actions.error} onRetry={actions.reload} />
            ) : !actions.data ? (
              <LoadingBlock label="Loading the history" />
            ) : actions.data.items.length === 0 ? (
              <EmptyState>No dead job was retried or discarded yet</EmptyState>
            ) : (
              <>
                <DataTable label="Operator actions" columns={actionColumns} items={actions.data.items} getRowId={(a) => a.id} />
                <Pagination page={historyPage} pageSize={actions.data.page_size} total={actions.data.total} onPage={setHistoryPage} label="Pages of operator actions" />
              </>
            )}
          </section>
          <section className={s.section} aria-labelledby={`${headingId}-projections`}>
            <h2 id={`${headingId}-projections`} className={s.h2}>
              Projections
            </h2>
            <DataTable label="Projections" columns={projectionColumns} items={data.projections} getRowId={(p) => p.name} />
          </section>
          <section className={s.section} aria-labelledby={`${headingId}-consumers`}>
            <h2 id={`${headingId}-consumers`} className={s.h2}>
              Consumers
            </h2>
            {data.consumers.length === 0 ? <EmptyState>No consumers</EmptyState> : <DataTable label="Consumers" columns={consumerColumns} items={data.consumers} getRowId={(c) => c.name} />}
          </section>
        </>
      )}
    </section>
  );
}
