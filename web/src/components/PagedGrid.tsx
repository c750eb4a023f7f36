import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { Order } from '../lib/paged-list.ts';
import type { ExportKind } from '../lib/export.ts';
import { notify } from '../lib/notify.ts';
import { countOf, type Noun } from '../lib/plural.ts';
import { EmptyState, ErrorState, LoadingBlock } from './PageState.tsx';
import { Pagination } from './Pagination.tsx';
import { DataTable, type GridColumn } from './DataTable.tsx';

export type { GridColumn };

export interface PagedGridProps<T> {
  /** Accessible name of the table, e.g. "User interactions". */
  label: string;
  /** Accessible name of the pager; `<label> pages` when absent. */
  pagerLabel?: string;
  /**
   * What a row is, for the count and messages: `{ one: 'interaction', other: 'interactions' }`. A plain string is the
   * plural alone, still taken from callers not moved over yet; pass both forms.
   */
  noun: Noun;
  columns: readonly GridColumn<T>[];
  getRowId: (item: T) => string;
  /** The page's rows; null until the first read lands. */
  items: readonly T[] | null;
  total: number;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  sort: string;
  order: Order;
  onSort: (columnId: string) => void;
  /** Shown instead of an empty table. */
  empty: ReactNode;
  /** Exports every row of the filtered list (not just this page); resolves to the number of rows written. */
  onExport?: (kind: ExportKind, signal: AbortSignal) => Promise<number>;
  /** Something to show above the table, beside the count and the export (e.g. a "show newest" button). */
  toolbar?: ReactNode;
  /** The table's scrolling region (focusable), e.g. to move focus there when a toolbar button goes away. */
  tableRef?: Ref<HTMLDivElement>;
}

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', paddingBlockEnd: tokens.spacingVerticalS },
  grow: { flexGrow: 1 },
});

/**
 * One server-paged, server-sorted list: sortable column headers (click, Enter or Space; the arrow and aria-sort
 * follow), paging, loading, error with retry, an empty state instead of an empty table, and export of the filtered list.
 */
export function PagedGrid<T>({ tableRef, ...p }: PagedGridProps<T>) {
  const s = useStyles();
  const noun = p.noun;
  const [exporting, setExporting] = useState(false);
  // An export reads many pages: leaving the screen stops it.
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);

  const runExport = async (kind: ExportKind) => {
    if (!p.onExport || exportAbort.current) return;
    const ctl = new AbortController();
    exportAbort.current = ctl;
    setExporting(true);
    try {
      const count = await p.onExport(kind, ctl.signal);
      if (count > 0) notify.success(`Exported ${countOf(count, noun)}.`);
      else notify.warning('There is nothing to export for these filters.');
    } catch (err) {
      if (!ctl.signal.aborted) notify.error(err instanceof Error ? err.message : 'The export failed.');
    } finally {
      exportAbort.current = null;
      if (!ctl.signal.aborted) setExporting(false);
    }
  };

  const items = p.items;
  return (
    <>
      <div className={s.bar}>
        {items && (
          <Text weight="semibold" aria-live="polite">
            {countOf(p.total, noun)}
          </Text>
        )}
        {p.toolbar}
        <span className={s.grow} />
        {p.onExport && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<ArrowDownloadRegular />} disabledFocusable={exporting || p.total === 0}>
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
        )}
      </div>
      {p.status === 'error' && <ErrorState title={`The ${noun.other} could not be loaded`} message={p.error ?? 'Request failed'} onRetry={p.onRetry} />}
      {!items && p.status === 'loading' && <LoadingBlock label={`Loading ${noun.other}`} />}
      {items && items.length === 0 && p.status !== 'error' && <EmptyState>{p.empty}</EmptyState>}
      {items && items.length > 0 && (
        <DataTable<T>
          label={p.label}
          columns={p.columns}
          items={items}
          getRowId={p.getRowId}
          sort={{ field: p.sort, order: p.order, onSort: p.onSort }}
          busy={p.status === 'loading'}
          {...(tableRef ? { scrollerRef: tableRef } : {})}
        />
      )}
      {items && items.length > 0 && <Pagination label={p.pagerLabel ?? `${p.label} pages`} page={p.page} pageSize={p.pageSize} total={p.total} onPage={p.onPage} />}
    </>
  );
}
