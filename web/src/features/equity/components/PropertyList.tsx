import type { Page } from '@acpg/contracts/http';
import { NoWrap } from '../../../components/GridCells.tsx';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import type { Result } from '../../../lib/http.ts';
import { useLiveList } from '../../../lib/live-list.ts';
import { providerRoom, useOwnProvider } from '../../../lib/provider-scope.ts';
import type { Versioned } from '../../../lib/live-merge.ts';
import { usePagedList, type Filters, type ListQuery, type PagedList, type PagedListSpec } from '../../../lib/paged-list.ts';
import { searchHintFor, type PropertyRow } from '../property-list.ts';
import { ListFilters } from './ListFilters.tsx';

type Fetch<V, S extends string, F extends string> = (query: ListQuery<S, F>, signal: AbortSignal) => Promise<Result<Page<V>>>;

/**
 * An Equity Protect list of a member's properties (alerts, enrollments), kept live: the member's own (pushed to their
 * account's room) or, for a Super Admin, every member's (pushed by role), with the members' names.
 */
export function usePropertyList<V, R extends PropertyRow & Versioned, S extends string, F extends string>(o: {
  admin: boolean;
  spec: PagedListSpec<S, F>;
  messages: readonly string[];
  fetchMine: Fetch<V, S, F>;
  fetchAll: Fetch<V, S, F>;
  toRow: (view: V) => R;
  created: { sort: S; at: (row: R) => string };
  accepts: (row: R, filters: Filters<F>) => boolean;
}) {
  const { admin } = o;
  const list = usePagedList(o.spec);
  const fetchPage = admin ? o.fetchAll : o.fetchMine;
  // A member's rows come to their account's room; a Provider Admin's users' to its provider's room and its own to its
  // account's room (it follows both); overseers' by role.
  const { providerId } = useOwnProvider();
  const entity = admin ? providerRoom(providerId) : undefined;
  const view = useLiveList({ list, messages: o.messages, mine: !admin || entity !== undefined, entity, fetchPage, toRow: o.toRow, created: o.created, accepts: o.accepts, deps: [admin, providerId] });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(admin ? (rows?.map((r) => r.account_id) ?? []) : []);
  // A Provider Admin's list (its provider's users' rows) says so when empty.
  return { list, view, fetchPage, nameOf, provider: entity !== undefined };
}

/** The first columns of such a list: when (sortable), the member (Super Admin only) and the property. */
export function leadColumns<R extends PropertyRow>(
  admin: boolean,
  nameOf: (id: string) => string | null,
  when: { id: string; header: string; at: (row: R) => string },
): GridColumn<R>[] {
  return [
    { id: when.id, header: when.header, sortable: true, minWidth: '160px', render: (r) => <NoWrap>{formatDateTime12(when.at(r))}</NoWrap> },
    ...(admin ? [{ id: 'member', header: 'Member', render: (r: R) => <PersonName id={r.account_id} name={nameOf(r.account_id)} /> }] : []),
    { id: 'property', header: 'Property', minWidth: '200px', render: (r) => `${r.property.address_line}, ${r.property.city}` },
  ];
}

/** The property's county, sortable. */
export const countyColumn = <R extends PropertyRow>(): GridColumn<R> => ({ id: 'county', header: 'County', sortable: true, minWidth: '120px', render: (r) => r.property.county });

/** The list's filter form, applied to the URL (drawn again when the URL's filters change); `searchHint` as a member reads it. */
export function PropertyListFilters<S extends string, F extends 'q' | 'status' | 'county' | 'from' | 'to' | 'document_type' | 'cases_only'>({
  list,
  spec,
  admin,
  label,
  statuses,
  searchHint,
  dayLabel,
}: {
  list: PagedList<S, F>;
  spec: PagedListSpec<S, F>;
  admin: boolean;
  label: string;
  statuses: readonly { value: string; label: string }[];
  searchHint: string;
  dayLabel: string;
}) {
  return (
    <ListFilters
      key={JSON.stringify(list.filters)}
      label={label}
      spec={spec}
      applied={list.filters}
      statuses={statuses}
      searchHint={searchHintFor(admin, searchHint)}
      dayLabel={dayLabel}
      onApply={(f) => list.applyFilters(f)}
      onClear={list.clearFilters}
    />
  );
}
