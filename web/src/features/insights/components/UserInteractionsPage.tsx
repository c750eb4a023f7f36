import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Badge, Button, Card, DataGrid, DataGridBody, DataGridCell, DataGridHeader, DataGridHeaderCell, DataGridRow, Field, Input,
  Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, Title1, createTableColumn, makeStyles, tokens,
  type SortDirection, type TableColumnDefinition,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { Interaction } from '@acpg/contracts/insights';
import { useResource } from '../../../lib/use-resource.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { fetchAllInteractions, fetchInteractionSummary, fetchInteractions, matchesFilters, type InteractionFilters, type SortField } from '../api/interactions.ts';
import { useLiveInteractions } from '../api/live.ts';
import { addPushed, freshPushed } from '../api/live-rows.ts';
import { exportCsv, exportXlsx } from '../api/export.ts';
import { ByDayChart, ByPageChart } from './InteractionCharts.tsx';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))', alignItems: 'end' },
  charts: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))' },
  // Six columns do not fit a phone: the grid keeps a readable width and scrolls sideways inside its card.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  grid: { minWidth: '760px' },
  cell: { overflowWrap: 'anywhere' },
});

const columns: TableColumnDefinition<Interaction>[] = [
  createTableColumn<Interaction>({ columnId: 'created_at', compare: () => 0, renderHeaderCell: () => 'Date', renderCell: (i) => formatDateTime12(i.created_at) }),
  createTableColumn<Interaction>({ columnId: 'page_name', compare: () => 0, renderHeaderCell: () => 'Page', renderCell: (i) => i.page_name }),
  createTableColumn<Interaction>({ columnId: 'button_name', compare: () => 0, renderHeaderCell: () => 'Button', renderCell: (i) => i.button_name }),
  createTableColumn<Interaction>({ columnId: 'interaction_type', compare: () => 0, renderHeaderCell: () => 'Type', renderCell: (i) => i.interaction_type }),
  createTableColumn<Interaction>({ columnId: 'user_id', compare: () => 0, renderHeaderCell: () => 'User ID', renderCell: (i) => i.user_id ?? '—' }),
  createTableColumn<Interaction>({
    columnId: 'location',
    renderHeaderCell: () => 'Location',
    renderCell: (i) => (i.location ? `${i.location.latitude.toFixed(3)}, ${i.location.longitude.toFixed(3)}` : 'Not shared'),
  }),
];

const EMPTY_FILTERS: Record<keyof InteractionFilters, string> = { page_name: '', button_name: '', interaction_type: '', user_id: '', from: '', to: '' };

/** Date inputs give calendar days; `to` covers the whole day in the user's time zone. */
function toQueryFilters(draft: typeof EMPTY_FILTERS): InteractionFilters {
  const out: InteractionFilters = {};
  for (const key of ['page_name', 'button_name', 'interaction_type', 'user_id'] as const) if (draft[key].trim()) out[key] = draft[key].trim();
  if (draft.from) out.from = new Date(`${draft.from}T00:00:00`).toISOString();
  if (draft.to) out.to = new Date(`${draft.to}T23:59:59.999`).toISOString();
  return out;
}

export default function UserInteractionsPage() {
  const s = useStyles();
  const track = useTrackClick('user-interaction');
  const [draft, setDraft] = useState(EMPTY_FILTERS);
  const [filters, setFilters] = useState<InteractionFilters>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' }>({ field: 'created_at', order: 'desc' });
  const [exporting, setExporting] = useState(false);

  const list = useResource(
    (signal) => fetchInteractions({ ...filters, page, page_size: PAGE_SIZE, sort: sort.field, order: sort.order }, signal),
    [filters, page, sort],
  );
  const [summaryTick, setSummaryTick] = useState(0);
  const summary = useResource((signal) => fetchInteractionSummary(filters, signal), [filters, summaryTick]);

  // Live rows: prepended when the first page shows newest first; otherwise counted until the user refreshes.
  // Pushed rows outlive the answer they arrived on: each answer takes in the ones it lacks and that are newer than
  // its newest row, so a row pushed while the list reloads is neither lost nor shown twice.
  const listData = list.data;
  const [pushedRows, setPushedRows] = useState<readonly Interaction[]>([]);
  const [missedOn, setMissedOn] = useState<{ base: typeof listData; count: number }>({ base: null, count: 0 });
  const missed = missedOn.base === listData ? missedOn.count : 0;
  const summaryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const showsNewest = page === 1 && sort.field === 'created_at' && sort.order === 'desc';
  const onLive = useCallback(
    (i: Interaction) => {
      if (!matchesFilters(i, filters)) return;
      setPushedRows((rows) => addPushed(rows, i));
      if (!showsNewest) setMissedOn((m) => ({ base: listData, count: (m.base === listData ? m.count : 0) + 1 }));
      summaryTimer.current ??= setTimeout(() => {
        summaryTimer.current = null;
        setSummaryTick((t) => t + 1);
      }, 2000);
    },
    [filters, showsNewest, listData],
  );
  useEffect(() => () => { if (summaryTimer.current) clearTimeout(summaryTimer.current); }, []);
  const { connected } = useLiveInteractions(onLive, () => {
    list.reload();
    summary.reload();
  });

  const fresh = useMemo(
    () => (showsNewest && listData ? freshPushed(pushedRows, listData.items, filters) : []),
    [showsNewest, listData, pushedRows, filters],
  );
  const items = useMemo(() => [...fresh, ...(list.data?.items ?? [])].slice(0, PAGE_SIZE), [list.data, fresh]);
  const total = (list.data?.total ?? 0) + fresh.length;

  // The "show newest" button goes away once the newest rows load: focus moves on to the table (or the heading).
  const tableRef = useRef<HTMLDivElement>(null);
  const showNewest = () => {
    setPage(1);
    setSort({ field: 'created_at', order: 'desc' });
    list.reload();
    (tableRef.current ?? document.getElementById('interactions-title'))?.focus();
  };

  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    track('Apply filters');
    setFilters(toQueryFilters(draft));
    setPage(1);
  };
  const clearFilters = () => {
    track('Clear filters');
    setDraft(EMPTY_FILTERS);
    setFilters({});
    setPage(1);
  };

  // An export reads many pages: leaving the screen stops it.
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  const runExport = async (kind: 'xlsx' | 'csv') => {
    if (exportAbort.current) return;
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    const ctl = new AbortController();
    exportAbort.current = ctl;
    setExporting(true);
    // The list as it stands now; a row already on screen counts even if this device's clock runs behind the server's.
    const shown = [...pushedRows, ...(listData?.items ?? [])].map((r) => Date.parse(r.created_at));
    const asOf = new Date(Math.max(Date.now(), ...shown));
    try {
      const rows = await fetchAllInteractions(filters, sort.field, sort.order, { signal: ctl.signal, asOf });
      const ok = kind === 'xlsx' ? await exportXlsx(rows) : exportCsv(rows);
      if (ok) notify.success(`Exported ${rows.length} interactions.`);
      else notify.warning('There is nothing to export for these filters.');
    } catch (err) {
      if (ctl.signal.aborted) return;
      notify.error(err instanceof Error ? err.message : 'The export failed.');
    } finally {
      exportAbort.current = null;
      if (!ctl.signal.aborted) setExporting(false);
    }
  };

  // Filters match exact values (as the server does); the names seen so far are offered as suggestions.
  const field = (key: keyof typeof EMPTY_FILTERS, label: string, type: 'text' | 'date' = 'text', suggestions: readonly string[] = []) => (
    <Field label={label} hint={suggestions.length > 0 ? 'Exact name; pick one or type it' : undefined}>
      <Input
        type={type}
        value={draft[key]}
        list={suggestions.length > 0 ? `interaction-${key}-options` : undefined}
        onChange={(_, d) => setDraft((f) => ({ ...f, [key]: d.value }))}
      />
      {suggestions.length > 0 && (
        <datalist id={`interaction-${key}-options`}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </Field>
  );
  const pageNames = summary.data?.by_page.map((p) => p.page_name) ?? [];
  const buttonNames = summary.data?.by_button.map((b) => b.button_name) ?? [];

  return (
    <section className={s.root} aria-labelledby="interactions-title">
      <div className={s.head}>
        <Title1 as="h1" id="interactions-title" tabIndex={-1}>
          User Interactions
        </Title1>
        <Badge appearance="tint" color={connected ? 'success' : 'informative'}>
          {connected ? 'Live' : 'Live updates off'}
        </Badge>
        <span className={s.grow} />
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<ArrowDownloadRegular />} disabledFocusable={exporting}>
              {exporting ? 'Exporting…' : 'Export'}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => void runExport('xlsx')}>Spreadsheet (XLSX)</MenuItem>
              <MenuItem onClick={() => void runExport('csv')}>CSV</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>

      <Card>
        <form className={s.filters} onSubmit={applyFilters} aria-label="Filter interactions">
          {field('page_name', 'Page', 'text', pageNames)}
          {field('button_name', 'Button', 'text', buttonNames)}
          {field('interaction_type', 'Interaction type')}
          {field('user_id', 'User ID')}
          {field('from', 'From', 'date')}
          {field('to', 'To', 'date')}
          <Button type="submit" appearance="primary">
            Apply filters
          </Button>
          <Button type="button" onClick={clearFilters}>
            Clear filters
          </Button>
        </form>
      </Card>

      <Card>
        {summary.status === 'error' ? (
          <ErrorState title="The summary could not be loaded" message={summary.error} onRetry={summary.reload} />
        ) : !summary.data ? (
          <LoadingBlock label="Loading the summary" lines={3} />
        ) : (
          <>
            <Text weight="semibold">{summary.data.total} interactions match these filters</Text>
            <div className={s.charts}>
              <ByPageChart data={summary.data.by_page} />
              <ByDayChart data={summary.data.by_day} />
            </div>
          </>
        )}
      </Card>

      {missed > 0 && (
        <Button appearance="secondary" onClick={showNewest}>
          {missed} new interactions: show newest
        </Button>
      )}

      <Card>
        {list.status === 'error' && <ErrorState title="The interactions could not be loaded" message={list.error} onRetry={list.reload} />}
        {list.status === 'loading' && !list.data && <LoadingBlock label="Loading interactions" />}
        {list.data && items.length === 0 && <EmptyState>No interactions match these filters.</EmptyState>}
        {list.data && items.length > 0 && (
          <div className={s.scroller} role="region" aria-label="User interactions table" tabIndex={0} ref={tableRef}>
          <DataGrid
            className={s.grid}
            items={items}
            columns={columns}
            getRowId={(i: Interaction) => i.id}
            sortable
            sortState={{ sortColumn: sort.field, sortDirection: (sort.order === 'asc' ? 'ascending' : 'descending') as SortDirection }}
            onSortChange={(_, next) => {
              if (next.sortColumn === 'location' || !next.sortColumn) return;
              setSort({ field: next.sortColumn as SortField, order: next.sortDirection === 'ascending' ? 'asc' : 'desc' });
              setPage(1);
            }}
            aria-label="User interactions"
          >
            <DataGridHeader>
              <DataGridRow>{({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}</DataGridRow>
            </DataGridHeader>
            <DataGridBody<Interaction>>
              {({ item, rowId }) => <DataGridRow<Interaction> key={rowId}>{({ renderCell }) => <DataGridCell className={s.cell}>{renderCell(item)}</DataGridCell>}</DataGridRow>}
            </DataGridBody>
          </DataGrid>
          </div>
        )}
        {list.data && <Pagination label="Interaction pages" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />}
      </Card>
    </section>
  );
}
