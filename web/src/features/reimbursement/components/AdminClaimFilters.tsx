import { useState, type FormEvent } from 'react';
import { CLAIM_STATUSES } from '@acpg/contracts/reimbursement';
import { checkFilters, type Filters } from '../../../lib/paged-list.ts';
import { ADMIN_CLAIM_LIST, type AdminClaimFilter } from '../api/reimbursement.ts';
import { AMOUNT_EXAMPLE, centsToDollars, dollarsToCents, isNegative, statusLabel } from '../claim-text.ts';
import { ChoiceField, CountyField, FilterForm, InputField, SearchField } from '../../../components/FilterForm.tsx';

const STATUS_OPTIONS = CLAIM_STATUSES.map((st) => ({ value: st, label: statusLabel(st) }));

type Draft = { q: string; status: string; from: string; to: string; min: string; max: string; county: string };
type DraftField = keyof Draft;
const draftOf = (f: Filters<AdminClaimFilter>): Draft => ({
  q: f.q ?? '',
  status: f.status ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
  min: f.min_amount_cents ? centsToDollars(Number(f.min_amount_cents)) : '',
  max: f.max_amount_cents ? centsToDollars(Number(f.max_amount_cents)) : '',
  county: f.county ?? '',
});

/** The queue's filters: search (claimant name or email, number, address), status, submitted from/to, amount min/max (typed in dollars, sent in cents) and county. */
export function AdminClaimFilters({ applied, onApply, onClear }: { applied: Filters<AdminClaimFilter>; onApply: (f: Filters<AdminClaimFilter>) => void; onClear: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [error, setError] = useState<{ field: DraftField; message: string } | null>(null);
  const set = (key: DraftField, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const min = draft.min.trim() ? dollarsToCents(draft.min) : null;
    const max = draft.max.trim() ? dollarsToCents(draft.max) : null;
    for (const field of ['min', 'max'] as const) {
      const typed = draft[field].trim();
      if (typed && isNegative(typed)) return setError({ field, message: 'Amounts can’t be negative.' });
      if (typed && (field === 'min' ? min : max) === null) return setError({ field, message: `Enter dollars and cents, for example ${AMOUNT_EXAMPLE}.` });
    }
    if (min !== null && max !== null && min > max) return setError({ field: 'min', message: 'The minimum must not be above the maximum.' });
    const next: Filters<AdminClaimFilter> = {
      ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
      ...(draft.status ? { status: draft.status } : {}),
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
      ...(min !== null ? { min_amount_cents: String(min) } : {}),
      ...(max !== null ? { max_amount_cents: String(max) } : {}),
      ...(draft.county ? { county: draft.county } : {}),
    };
    const check = checkFilters(next, ADMIN_CLAIM_LIST);
    if (!check.ok) return setError({ field: check.field === 'to' ? 'to' : 'from', message: check.message });
    setError(null);
    onApply(next);
  };
  // The form is not remounted when nothing was applied: Clear empties the fields and the message itself.
  const clear = () => {
    setDraft(draftOf({}));
    setError(null);
    onClear();
  };
  const messageFor = (field: DraftField) => (error?.field === field ? error.message : null);
  return (
    <FilterForm label="Filter claims" search onSubmit={submit} onClear={clear}>
      <SearchField hint="Claimant name or email, claim number or address" value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
      <InputField label="Submitted from" type="date" value={draft.from} error={messageFor('from')} onChange={(v) => set('from', v)} />
      <InputField label="Submitted to" type="date" value={draft.to} error={messageFor('to')} onChange={(v) => set('to', v)} />
      <InputField label="Amount from (USD)" inputMode="decimal" contentBefore="$" value={draft.min} error={messageFor('min')} onChange={(v) => set('min', v)} />
      <InputField label="Amount to (USD)" inputMode="decimal" contentBefore="$" value={draft.max} error={messageFor('max')} onChange={(v) => set('max', v)} />
      <CountyField value={draft.county} onChange={(v) => set('county', v)} />
    </FilterForm>
  );
}
