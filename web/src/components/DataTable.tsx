import { useLayoutEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens, useMergedRefs } from '@fluentui/react-components';
import type { Order } from '../lib/paged-list.ts';
import { useUpFrom } from '../lib/layout.ts';

export interface GridColumn<T> {
  id: string;
  header: string;
  /** The server sorts by this column (its id is the sort field). */
  sortable?: boolean;
  render: (item: T) => ReactNode;
  /** Minimum width, e.g. '160px'. */
  minWidth?: string;
  /** The row's actions (Manage, Open, Receipt ...): on a card they take the card's foot, without a label. */
  action?: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. "User interactions". */
  label: string;
  /** Accessible name of the scrolling region; `<label> table` when absent. */
  regionLabel?: string;
  columns: readonly GridColumn<T>[];
  items: readonly T[];
  getRowId: (item: T) => string;
  /** Server-side sorting: the sorted column, its order, and what a header's click asks for. */
  sort?: { field: string; order: Order; onSort: (columnId: string) => void };
  busy?: boolean;
  size?: 'small' | 'medium';
  /** New rows are announced (a short live list such as the dashboard's newest interactions). */
  politeRows?: boolean;
  /** The table's scrolling region (focusable), e.g. to move focus there when a toolbar button goes away. */
  scrollerRef?: Ref<HTMLDivElement>;
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  padding: 0,
  margin: '-1px',
  border: 0,
} as const;

const useStyles = makeStyles({
  // A table is drawn only when it fits (else its rows are cards); while that is being measured it never spills out.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  // Columns take the width their content needs (Fluent's default is equal, fixed columns).
  table: { tableLayout: 'auto', width: '100%' },
  // Words wrap between words, never inside one (a column is at least as wide as its longest word).
  cell: { overflowWrap: 'break-word', wordBreak: 'normal', verticalAlign: 'top', paddingBlock: tokens.spacingVerticalS },
  head: { verticalAlign: 'bottom' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },

  // Phones: one card per row, every value under its column's name, the row's actions at the card's foot.
  cards: { display: 'block', width: '100%' },
  cardsHead: { display: 'block' },
  // Only sortable headers stay visible on a phone, as a row of sort buttons; the others are read, not shown.
  sortRow: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, paddingBlockEnd: tokens.spacingVerticalS, borderBottomStyle: 'none' },
  sortChip: {
    display: 'block',
    height: 'auto',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  hidden: visuallyHidden,
  hiddenRow: { ...visuallyHidden, display: 'block' },
  cardsBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // The card's values in one column on a phone, in two or more where the card is wide (a tablet, a narrow window).
  card: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
    columnGap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1 },
    ':active': { backgroundColor: tokens.colorNeutralBackground1 },
  },
  cardCell: {
    display: 'grid',
    gridTemplateColumns: 'minmax(6.5rem, min(38%, 10rem)) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    height: 'auto',
    padding: `${tokens.spacingVerticalXS} 0`,
    overflowWrap: 'break-word',
  },
  cardActions: {
    display: 'block',
    gridColumn: '1 / -1',
    height: 'auto',
    padding: `${tokens.spacingVerticalS} 0 0`,
    marginBlockStart: tokens.spacingVerticalXS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  value: { minWidth: 0 },
});

const ariaOrder = (order: Order) => (order === 'asc' ? 'ascending' : 'descending');

/** Below 900 px (phones, small tablets) a table's rows are always cards. */
export function useCardRows(): boolean {
  return !useUpFrom('md');
}

/**
 * From 900 px, whether the table is too wide for its place (the side menu, a two-column page): its columns at their
 * narrowest (words unbroken) wider than the region. Then its rows are cards too, until the region is again as wide
 * as the table needed. The region's width does not depend on how the rows are drawn, so this never flips back and forth.
 */
function useTooWide(region: RefObject<HTMLDivElement | null>, watch: boolean): boolean {
  const [needed, setNeeded] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = region.current;
    if (!watch || !el) return;
    const check = () => {
      const table = el.querySelector('table');
      if (needed === null) {
        const width = table?.getBoundingClientRect().width ?? 0;
        if (width > el.clientWidth + 1) setNeeded(Math.ceil(width));
      } else if (el.clientWidth >= needed) {
        setNeeded(null);
      }
    };
    check();
    const sizes = new ResizeObserver(check);
    sizes.observe(el);
    const table = el.querySelector('table');
    if (table && needed === null) sizes.observe(table);
    return () => sizes.disconnect();
  }, [region, watch, needed]);
  return watch && needed !== null;
}

export function DataTable<T>({ label, regionLabel, columns, items, getRowId, sort, busy, size, politeRows, scrollerRef }: DataTableProps<T>) {
  const s = useStyles();
  const phone = useCardRows();
  const region = useRef<HTMLDivElement>(null);
  const cards = useTooWide(region, !phone) || phone;
  const regionRef = useMergedRefs(region, scrollerRef);
  const sortable = sort !== undefined && columns.some((c) => c.sortable === true);
  return (
    <div className={cards ? undefined : s.scroller} role="region" aria-label={regionLabel ?? `${label} table`} tabIndex={cards ? -1 : 0} ref={regionRef} data-card-rows={cards ? 'true' : 'false'}>
      <Table className={cards ? s.cards : s.table} aria-label={label} sortable={sortable} aria-busy={busy === true} size={size ?? 'medium'}>
        <TableHeader className={cards ? (sortable ? s.cardsHead : s.hiddenRow) : undefined}>
          <TableRow className={cards && sortable ? s.sortRow : undefined}>
            {columns.map((c) => {
              const sorts = sort !== undefined && c.sortable === true;
              return (
                <TableHeaderCell
                  key={c.id}
                  className={mergeClasses(s.head, cards && (sorts ? s.sortChip : s.hidden))}
                  style={c.minWidth && !cards ? { minWidth: c.minWidth } : undefined}
                  sortable={sorts}
                  {...(sorts ? { sortDirection: sort.field === c.id ? ariaOrder(sort.order) : undefined, onClick: () => sort.onSort(c.id) } : {})}
                >
                  {c.header}
                </TableHeaderCell>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody className={cards ? s.cardsBody : undefined} {...(politeRows ? { 'aria-live': 'polite' as const } : {})}>
          {items.map((item) => (
            <TableRow key={getRowId(item)} className={cards ? s.card : undefined}>
              {columns.map((c) => (
                <TableCell key={c.id} className={cards ? (c.action ? s.cardActions : s.cardCell) : s.cell}>
                  {cards && !c.action ? (
                    <span className={s.label} aria-hidden>
                      {c.header}
                    </span>
                  ) : null}
                  <div className={mergeClasses(s.value, c.action && s.actions)}>{c.render(item)}</div>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
