import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Card, CardHeader, Subtitle1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import { useResource } from '../../../lib/use-resource.ts';
import { formatDateTime12, startOfDay, startOfWeek } from '../../../lib/dates.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { fetchAccountsSummary, fetchInteractionSummary, fetchInteractions } from '../api/interactions.ts';
import { useLiveInteractions } from '../api/live.ts';
import { addToTally, emptyTally, tallyOf, type Tally } from '../api/live-rows.ts';
import { ByDayChart } from './InteractionCharts.tsx';

const NEWEST = 10;
/** Pushes are added at once; the totals are fetched again this long after the last burst of pushes. */
const SUMMARY_RELOAD_MS = 2000;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  tiles: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))' },
  wide: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))' },
  number: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero800 },
  // Long page paths break inside their own cell instead of running into the next column.
  cell: { overflowWrap: 'anywhere' },
  // The user id column gives way on phones; the interactions page has every column.
  wideOnly: { '@media (max-width: 599px)': { display: 'none' } },
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
    return { today: startOfDay(now).toISOString(), week: startOfWeek(now).toISOString() };
  });
  const today = useResource((signal) => fetchInteractionSummary({ from: range.today }, signal), [range]);
  const week = useResource((signal) => fetchInteractionSummary({ from: range.week }, signal), [range]);
  const accounts = useResource((signal) => fetchAccountsSummary(signal), []);
  const newest = useResource((signal) => fetchInteractions({ page: 1, page_size: NEWEST, sort: 'created_at', order: 'desc' }, signal), []);

  // The table shows the ten newest rows; the tiles count every pushed interaction (by id, no cap) on top of the
  // totals they arrived on. A newer total holds them, so each tile's tally starts again with each total answer.
  const [live, setLive] = useState<Interaction[]>([]);
  const [todayTally, setTodayTally] = useState<Tally<InteractionSummary>>(() => emptyTally<InteractionSummary>(null));
  const [weekTally, setWeekTally] = useState<Tally<InteractionSummary>>(() => emptyTally<InteractionSummary>(null));
  const todayData = today.data;
  const weekData = week.data;
  const reloadToday = today.reload;
  const reloadWeek = week.reload;
  const summaryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (summaryTimer.current) clearTimeout(summaryTimer.current); }, []);
  const onLive = useCallback(
    (i: Interaction) => {
      setLive((rows) => (rows.some((r) => r.id === i.id) ? rows : [i, ...rows].slice(0, NEWEST)));
      if (i.created_at >= range.today) setTodayTally((t) => addToTally(t, todayData, i.id));
      if (i.created_at >= range.week) setWeekTally((t) => addToTally(t, weekData, i.id));
      summaryTimer.current ??= setTimeout(() => {
        summaryTimer.current = null;
        reloadToday();
        reloadWeek();
      }, SUMMARY_RELOAD_MS);
    },
    [range, todayData, weekData, reloadToday, reloadWeek],
  );
  // Back from a gap in live updates: start again from fresh totals (pushes during the gap were not received).
  const { connected } = useLiveInteractions(onLive, () => {
    setLive([]);
    today.reload();
    week.reload();
    newest.reload();
  });

  const rows = useMemo(() => {
    const seen = new Set(live.map((r) => r.id));
    return [...live, ...(newest.data?.items ?? []).filter((r) => !seen.has(r.id))].slice(0, NEWEST);
  }, [live, newest.data]);
  const todayCount = todayData ? todayData.total + tallyOf(todayTally, todayData).ids.length : undefined;
  const weekCount = weekData ? weekData.total + tallyOf(weekTally, weekData).ids.length : undefined;

  return (
    <section className={s.root} aria-labelledby="dashboard-title">
      <div className={s.head}>
        <Title1 as="h1" id="dashboard-title">
          Dashboard
        </Title1>
        <Badge appearance="tint" color={connected ? 'success' : 'informative'}>
          {connected ? 'Live' : 'Live updates off'}
        </Badge>
      </div>

      <div className={s.tiles}>
        <Tile title="Interactions today" value={todayCount} loading={!todayData && today.status === 'loading'} error={today.status === 'error' ? today.error : null} />
        <Tile title="Interactions this week" value={weekCount} loading={!weekData && week.status === 'loading'} error={week.status === 'error' ? week.error : null} />
        <Tile title="Accounts" value={accounts.data?.total} loading={accounts.status === 'loading'} error={accounts.status === 'error' ? accounts.error : null} />
      </div>

      <div className={s.wide}>
        <Card>
          {week.status === 'error' ? (
            <ErrorState title="The trend could not be loaded" message={week.error} onRetry={week.reload} />
          ) : week.data ? (
            <ByDayChart data={week.data.by_day} title="This week, by day" />
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
            <Table aria-label="Accounts by role" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Role</TableHeaderCell>
                  <TableHeaderCell>Accounts</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {accounts.data.by_role.map((r) => (
                  <TableRow key={r.role}>
                    <TableCell>{r.role}</TableCell>
                    <TableCell>{r.count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      </div>

      <Card>
        <Subtitle1 as="h2">Newest interactions</Subtitle1>
        {newest.status === 'error' && <ErrorState message={newest.error} onRetry={newest.reload} />}
        {newest.status === 'loading' && !newest.data && <LoadingBlock label="Loading the newest interactions" lines={3} />}
        {newest.data && rows.length === 0 && <EmptyState>No interactions yet.</EmptyState>}
        {rows.length > 0 && (
          <Table aria-label="Newest interactions" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Date</TableHeaderCell>
                <TableHeaderCell>Page</TableHeaderCell>
                <TableHeaderCell>Button</TableHeaderCell>
                <TableHeaderCell className={s.wideOnly}>User ID</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody aria-live="polite">
              {rows.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{formatDateTime12(i.created_at)}</TableCell>
                  <TableCell className={s.cell}>{i.page_name}</TableCell>
                  <TableCell className={s.cell}>{i.button_name}</TableCell>
                  <TableCell className={`${s.cell} ${s.wideOnly}`}>{i.user_id ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </section>
  );
}
