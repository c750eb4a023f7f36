import { useMemo, useRef } from 'react';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { INTERACTION_RECORDED_MESSAGE, type Interaction } from '@acpg/contracts/insights';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { exportTable } from '../../../lib/export.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { INTERACTION_LIST, fetchAllInteractions, fetchInteractionSummary, fetchInteractions, matchesFilters, toQueryFilters, useInteractionChoices } from '../api/interactions.ts';
import { liveSummary } from '../api/live-interactions.ts';
import { countSummary } from '../live-counts.ts';
import { EXPORT_HEADER, exportRow } from '../api/export-rows.ts';
import { InteractionFilterForm } from './InteractionFilterForm.tsx';
import { ByDayChart, ByPageChart } from './InteractionCharts.tsx';

const MESSAGES = [INTERACTION_RECORDED_MESSAGE];

const useStyles = makeStyles({
  charts: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))' },
});

export default function UserInteractionsPage() {
  const s = useStyles();
  const track = useTrackClick();
  const list = usePagedList(INTERACTION_LIST);
  const filters = useMemo(() => toQueryFilters(list.filters), [list.filters]);

  // The summary first (`along`): the list read after it holds at least what the summary counted.
  const view = useLiveList({
    list,
    messages: MESSAGES,
    fetchPage: ({ page, page_size, sort, order, ...urlFilters }, signal) => fetchInteractions({ ...toQueryFilters(urlFilters), page, page_size, sort, order }, signal),
    toRow: (i: Interaction) => i,
    created: { sort: 'created_at', at: (i) => i.created_at },
    accepts: (i, urlFilters) => matchesFilters(i, toQueryFilters(urlFilters)),
    along: {
      read: async (urlFilters, signal) => {
        const summary = await fetchInteractionSummary(toQueryFilters(urlFilters), signal);
        return summary.success ? { success: true, data: liveSummary(summary.data) } : summary;
      },
      count: countSummary,
    },
  });
  const choices = useInteractionChoices();
  const summary = view.data?.along.summary;
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.user_id) ?? []);

  const columns: GridColumn<Interaction>[] = [
    { id: 'created_at', header: 'Date', sortable: true, minWidth: '170px', render: (i) => <NoWrap>{formatDateTime12(i.created_at)}</NoWrap> },
    { id: 'page_name', header: 'Page', sortable: true, render: (i) => i.page_name },
    { id: 'button_name', header: 'Button', sortable: true, render: (i) => i.button_name },
    { id: 'interaction_type', header: 'Type', sortable: true, render: (i) => i.interaction_type },
    { id: 'user_id', header: 'User', sortable: true, render: (i) => <PersonName id={i.user_id} name={i.user_id ? nameOf(i.user_id) : null} /> },
    {
      id: 'location',
      header: 'Location',
      render: (i) => (i.location ? `${i.location.latitude.toFixed(3)}, ${i.location.longitude.toFixed(3)}` : 'Not shared'),
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    // The list as it stands now; a row already on screen counts even if this device's clock runs behind the server's.
    const shown = (rows ?? []).map((r) => Date.parse(r.created_at));
    const asOf = new Date(Math.max(Date.now(), ...shown));
    const all = await fetchAllInteractions(filters, list.sort, list.order, { signal, asOf });
    const ok = await exportTable(kind, { header: EXPORT_HEADER, rows: all.map(exportRow), fileBase: 'user-interactions' });
    return ok ? all.length : 0;
  };

  const missed = view.data?.missed ?? 0;
  // "Show newest" goes away once the newest rows load: focus moves on to the table (or the heading).
  const tableRef = useRef<HTMLDivElement>(null);
  const showNewest = () => {
    list.showFirst();
    (tableRef.current ?? document.getElementById('interactions-title'))?.focus();
  };
  return (
    <ListScreen titleId="interactions-title" title="User Interactions" live={view.live}>

      <Card>
        <InteractionFilterForm
          key={JSON.stringify(list.filters)}
          applied={list.filters}
          pages={choices.data?.by_page.map((p) => p.page_name) ?? []}
          buttons={choices.data?.by_button.map((b) => b.button_name) ?? []}
          onApply={(f) => {
            track('Apply filters');
            return list.applyFilters(f);
          }}
          onClear={() => {
            track('Clear filters');
            list.clearFilters();
          }}
        />
      </Card>

      {/* Charts only when there is something to draw: an empty result shows one empty state, in the list below. */}
      {(!summary || summary.total > 0) && (
        <Card>
          {view.status === 'error' && !summary ? (
            <ErrorState title="The summary could not be loaded" message={view.error ?? 'Request failed'} onRetry={view.reload} />
          ) : !summary ? (
            <LoadingBlock label="Loading the summary" lines={3} />
          ) : (
            <>
              <Text weight="semibold">{summary.total} interactions match these filters</Text>
              <div className={s.charts}>
                <ByPageChart data={summary.by_page} />
                <ByDayChart data={summary.by_day} {...(list.filters.from ? { from: list.filters.from } : {})} {...(list.filters.to ? { to: list.filters.to } : {})} />
              </div>
            </>
          )}
        </Card>
      )}

      <ListGrid
        list={list}
        view={view}
        label="User interactions"
        pagerLabel="Interaction pages"
        noun={{ one: 'interaction', other: 'interactions' }}
        columns={columns}
        getRowId={(i) => i.id}
        noMatch="No interactions match these filters."
        offerClear
        empty="No interactions recorded yet."
        onExport={onExport}
        tableRef={tableRef}
        toolbar={
          missed > 0 && (
            <Button appearance="secondary" onClick={showNewest}>
              {missed} new interactions: show newest
            </Button>
          )
        }
      />
    </ListScreen>
  );
}
