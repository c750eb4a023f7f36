import { ORDER_STATUSES, type ReportType } from '@acpg/contracts/nhd';
import { checkFilters, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { ORDER_LIST, type OrderFilter } from '../api/nhd.ts';
import { statusLabel } from '../order-text.ts';
import { ChoiceField, CountyField, FilterForm, InputField, SearchField } from '../../../components/FilterForm.tsx';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** Search, status, report type, county and the placed from/to days of an orders list; applied to the URL. */
export function OrderFilters({
  applied,
  reportTypes,
  onApply,
  onClear,
  admin = false,
}: {
  applied: Filters<OrderFilter>;
  reportTypes: readonly ReportType[];
  onApply: (f: Filters<OrderFilter>) => void;
  onClear: () => void;
  /** Every customer's orders: the search also finds the customer by name or email. */
  admin?: boolean;
}) {
  const { draft, set, submit, clear, messageFor } = useFilterDraft(applied, onApply, onClear, (filled) => checkFilters(filled, ORDER_LIST));
  return (
    <FilterForm label="Filter orders" search onSubmit={submit} onClear={clear}>
      <SearchField hint={admin ? 'Customer name or email, order number, address, APN or recipient' : 'Address, APN, recipient email or order number'} value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
      <ChoiceField label="Report type" value={draft.report_type} options={reportTypes.map((t) => ({ value: String(t.code), label: t.name }))} onChange={(v) => set('report_type', v)} />
      <CountyField value={draft.county} onChange={(v) => set('county', v)} />
      <InputField label="Placed from" type="date" value={draft.from} error={messageFor('from')} onChange={(v) => set('from', v)} />
      <InputField label="Placed to" type="date" value={draft.to} error={messageFor('to')} onChange={(v) => set('to', v)} />
    </FilterForm>
  );
}
