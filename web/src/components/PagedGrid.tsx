import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { Order } from '../lib/paged-list.ts';
import type { ExportKind } from '../lib/export.ts';
import { notify } from '../lib/notify.ts';
import { countOf, type Noun } from '../lib/plural.ts';
import { EmptyState, ErrorState, LoadingBlock } from './PageState.tsx';
import { Pagination } from './Pagination.tsx';

export interface GridColumn<T> {
  id: string;
  header: string;
  /** The server sorts by this column (its id is the sort field). */
  sortable?: boolean;
  render: (item: T) => ReactNode;
  /** Minimum width, e.g. '160px'. */
  minWidth?: string;
}

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
  // Many columns do not fit a phone: the table keeps a readable width and scrolls sideways inside its card.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  // Columns take the width their content needs (Fluent's default is equal, fixed columns), within a readable minimum.
  table: { minWidth: '720px', tableLayout: 'auto' },
  cell: { overflowWrap: 'anywhere', verticalAlign: 'top', paddingBlock: tokens.spacingVerticalS },
});

const ariaOrder = (order: Order) => (order === 'asc' ? 'ascending' : 'descending');


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
        <div className={s.scroller} role="region" aria-label={`${p.label} table`} tabIndex={0} ref={tableRef}>
          <Table className={s.table} aria-label={p.label} sortable aria-busy={p.status === 'loading'}>
            <TableHeader>
              <TableRow>
                {p.columns.map((c) => (
                  <TableHeaderCell
                    key={c.id}
                    style={c.minWidth ? { minWidth: c.minWidth } : undefined}
                    sortable={c.sortable === true}
                    {...(c.sortable ? { sortDirection: p.sort === c.id ? ariaOrder(p.order) : undefined, onClick: () => p.onSort(c.id) } : {})}
                  >
                    {c.header}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={p.getRowId(item)}>
                  {p.columns.map((c) => (
                    <TableCell key={c.id} className={s.cell}>
                      {c.render(item)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {items && items.length > 0 && <Pagination label={p.pagerLabel ?? `${p.label} pages`} page={p.page} pageSize={p.pageSize} total={p.total} onPage={p.onPage} />}
    </>
  );
}
