import { useState } from 'react';
import { Card, CardHeader, Subtitle1, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { INTERACTION_RECORDED_MESSAGE, type Interaction } from '@acpg/contracts/insights';
import { formatDateIso, formatDateTime12, startOfDay, startOfWeek } from '../../../lib/dates.ts';
import { useLiveList } from '../../../lib/live-list.ts';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { fetchInteractionSummary, useAccountsSummary, fetchInteractions, type SortField } from '../api/interactions.ts';
import { liveSummary, type LiveSummary } from '../api/live-interactions.ts';
import { countSummary } from '../live-counts.ts';
import { ByDayChart } from './InteractionCharts.tsx';
import { LiveBadge } from '../../../components/LiveBadge.tsx';
import { useLiveDashboard } from '../api/dashboard.ts';
import { DashboardRangePicker, useDashboardRange } from './DashboardRange.tsx';
import { DashboardTiles } from './DashboardTiles.tsx';

const NEWEST = 10;
const MESSAGES = [INTERACTION_RECORDED_MESSAGE];
/** The newest rows: page 1 of the interactions, newest first, unfiltered. */
const NEWEST_LIST: PagedListState<SortField, never> = { page: 1, pageSize: NEWEST, sort: 'created_at', order: 'desc', filters: {} };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  tiles: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))' },
  wide: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))' },
  number: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero800 },
});

function Tile({ title, value, loading, error }: { title: string; value: number | undefined; loading: boolean; error: string | null }) {
  const s = useStyles();
  return (
    <Card>
      <CardHeader header={<Subtitle1 as="h2">{title}</Subtitle1>} />
      {error ? <Text>{error}</Text> : loading ? <LoadingBlock label={`Loading ${title}`} lines={1} /> : <Text className={s.number}>{value ?? 0}</Text>}
    </Card>
  );
}

export default function AdminDashboardPage() {
  const s = useStyles();
  // The day boundaries are fixed when the screen opens; live events add to the counts from then on.
  const [range] = useState(() => {
    const now = new Date();
    return { today: startOfDay(now).toISOString(), week: startOfWeek(now).toISOString(), weekDay: formatDateIso(startOfWeek(now)), weekEnd: formatDateIso(new Date(startOfWeek(now).getTime() + 6 * 24 * 60 * 60 * 1000)) };
  });
  const accounts = useAccountsSummary();
  // Every module's tiles over the range in the URL, read again when a module's read model changes.
  const picked = useDashboardRange();
  const modules = useLiveDashboard(picked.range, { interactions: true });
  // The totals first (`along`): the newest rows read after them hold at least what they counted.
  const view = useLiveList<Interaction, Interaction, SortField, never, { today: LiveSummary; week: LiveSummary }>({
    list: NEWEST_LIST,
    messages: MESSAGES,
    fetchPage: (query, signal) => fetchInteractions(query, signal),
    toRow: (i) => i,
    created: { sort: 'created_at', at: (i) => i.created_at },
    along: {
      read: async (_filters, signal) => {
        const [today, week] = await Promise.all([fetchInteractionSummary({ from: range.today }, signal), fetchInteractionSummary({ from: range.week }, signal)]);
        if (!today.success) return today;
        if (!week.success) return week;
        return { success: true, data: { today: liveSummary(today.data), week: liveSummary(week.data) } };
      },
      count: (totals, push) => {
        const at = Date.parse(push.created_at);
        const today = at >= Date.parse(range.today) ? countSummary(totals.today, push) : { along: totals.today, counted: false };
        const week = at >= Date.parse(range.week) ? countSummary(totals.week, push) : { along: totals.week, counted: false };
        return today.counted || week.counted ? { along: { today: today.along, week: week.along }, counted: true } : { along: totals, counted: false };
      },
    },
  });
  const data = view.data;
  const rows = data?.items ?? [];
  const nameOf = useAccountNames(rows.map((r) => r.user_id));
  const loading = !data && view.status === 'loading';
  const failed = !data && view.status === 'error' ? view.error : null;

  return (
    <section className={s.root} aria-labelledby="dashboard-title">
      <div className={s.head}>
        <Title1 as="h1" id="dashboard-title">
          Dashboard
        </Title1>
        <LiveBadge live={view.live && modules.live} />
      </div>

      <DashboardRangePicker value={picked.id} onPick={picked.pick} />
      <DashboardTiles
        audience="admin"
        range={picked.range}
        days={picked.days}
        tiles={modules.data?.tiles ?? null}
        loading={modules.status === 'loading' && !modules.data}
        error={modules.status === 'error' ? modules.error : null}
        onRetry={modules.reload}
      />

      <Subtitle1 as="h2">Activity</Subtitle1>

      <div className={s.tiles}>
        <Tile title="Interactions today" value={data?.along.today.summary.total} loading={loading} error={failed} />
        <Tile title="Interactions this week" value={data?.along.week.summary.total} loading={loading} error={failed} />
        <Tile title="Accounts" value={accounts.data?.total} loading={accounts.status === 'loading'} error={accounts.status === 'error' ? accounts.error : null} />
      </div>

      <div className={s.wide}>
        <Card>
          {failed ? (
            <ErrorState title="The trend could not be loaded" message={failed} onRetry={view.reload} />
          ) : data ? (
            <ByDayChart data={data.along.week.summary.by_day} title="This week, by day" from={range.weekDay} to={range.weekEnd} future />
          ) : (
            <LoadingBlock label="Loading the trend" />
          )}
        </Card>
        <Card>
          <Subtitle1 as="h2">Accounts by role</Subtitle1>
          {accounts.status === 'error' && <ErrorState message={accounts.error} onRetry={accounts.reload} />}
          {accounts.status === 'loading' && <LoadingBlock label="Loading accounts" lines={3} />}
          {accounts.data && accounts.data.by_role.length === 0 && <EmptyState>No accounts yet.</EmptyState>}
          {accounts.data && accounts.data.by_role.length > 0 && (
            <DataTable
              label="Accounts by role"
              size="small"
              columns={[
                { id: 'role', header: 'Role', render: (r) => r.role },
                { id: 'count', header: 'Accounts', render: (r) => r.count },
              ]}
              items={accounts.data.by_role}
              getRowId={(r) => r.role}
            />
          )}
        </Card>
      </div>

      <Card>
        <Subtitle1 as="h2">Newest interactions</Subtitle1>
        {failed && <ErrorState message={failed} onRetry={view.reload} />}
        {loading && <LoadingBlock label="Loading the newest interactions" lines={3} />}
        {data && rows.length === 0 && <EmptyState>No interactions yet.</EmptyState>}
        {rows.length > 0 && (
          <DataTable
            label="Newest interactions"
            size="small"
            politeRows
            columns={[
              { id: 'created_at', header: 'Date', render: (i) => <NoWrap>{formatDateTime12(i.created_at)}</NoWrap> },
              { id: 'page_name', header: 'Page', render: (i) => i.page_name },
              { id: 'button_name', header: 'Button', render: (i) => i.button_name },
              { id: 'user', header: 'User', render: (i) => <PersonName id={i.user_id} name={i.user_id ? nameOf(i.user_id) : null} /> },
            ]}
            items={rows}
            getRowId={(i) => i.id}
          />
        )}
      </Card>
    </section>
  );
}
