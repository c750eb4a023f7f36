import type { ReactNode } from 'react';
import type { Page } from '@acpg/contracts/http';
import type { Result } from '../../../lib/http.ts';
import type { ExportKind } from '../../../lib/export.ts';
import type { Versioned } from '../../../lib/live-merge.ts';
import { useLiveList, type LiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters, type ListQuery, type PagedList, type PagedListSpec } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { StatusBadge } from '../../../components/GridCells.tsx';
import { BillingFilters, type Choice } from './BillingFilters.tsx';
import type { StatusLook } from '../payment-rows.ts';

type Row = Versioned & { account_id: string };

/**
 * An admin billing list's data (payments, memberships): its paging state in the URL, the page kept live by role (new
 * rows on top of the newest-first page 1 when the filters take them; a searched list reads again), and people's names.
 */
export function useBillingList<V, R extends Row, S extends string, F extends string>(o: {
  spec: PagedListSpec<S, F>;
  messages: readonly string[];
  fetchPage: (query: ListQuery<S, F>, signal: AbortSignal) => Promise<Result<Page<V>>>;
  toRow: (view: V) => R;
  created: { sort: S; at: (row: R) => string };
  accepts: (row: R, filters: Filters<F>) => boolean;
}) {
  const list = usePagedList(o.spec);
  const view = useLiveList({ list, messages: o.messages, fetchPage: o.fetchPage, toRow: o.toRow, created: o.created, accepts: o.accepts });
  const nameOf = useAccountNames(view.data?.items.map((r) => r.account_id) ?? []);
  return { list, view, nameOf };
}

/** The status filter's choice from a status table (its text, as the badges show it). */
export const statusChoice = (looks: Readonly<Record<string, StatusLook>>): Choice => ({
  key: 'status',
  label: 'Status',
  options: Object.entries(looks).map(([value, { text }]) => ({ value, label: text })),
});
export const StatusCell = ({ look }: { look: StatusLook }) => <StatusBadge color={look.color}>{look.text}</StatusBadge>;

/** An admin billing list's screen: its h1 with the live badge, the filters (search, choices, days), the grid and export. */
export function BillingList<R extends Row, S extends string, F extends string>(p: {
  titleId: string;
  title: string;
  noun: { one: string; other: string };
  list: PagedList<S, F>;
  view: LiveList<R>;
  search: { key: F; hint: string };
  choices: readonly Choice[];
  text?: { key: F; label: string };
  columns: GridColumn<R>[];
  onExport: (kind: ExportKind, signal: AbortSignal) => Promise<number>;
  children?: ReactNode;
}) {
  const { list, view, noun } = p;
  const one = noun.one.charAt(0).toUpperCase() + noun.one.slice(1);
  return (
    <ListScreen titleId={p.titleId} title={p.title} live={view.live}>
      <ListGrid
        list={list}
        view={view}
        filters={
          <BillingFilters
            key={JSON.stringify(list.filters)}
            label={`Filter ${noun.other}`}
            applied={list.filters}
            search={p.search}
            choices={p.choices}
            {...(p.text ? { text: p.text } : {})}
            onApply={(f) => list.applyFilters(f)}
            onClear={list.clearFilters}
          />
        }
        label={p.title}
        pagerLabel={`${one} pages`}
        noun={noun}
        columns={p.columns}
        getRowId={(r) => r.id}
        noMatch={`No ${noun.other} match these filters.`}
        empty={`No ${noun.other} yet.`}
        onExport={p.onExport}
      />
      {p.children}
    </ListScreen>
  );
}
