import { useState, type FormEvent } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { CLAIM_STATUSES } from '@acpg/contracts/reimbursement';
import { checkFilters, type Filters } from '../../../lib/paged-list.ts';
import { useCounties } from '../../../lib/counties.ts';
import { ADMIN_CLAIM_LIST, type AdminClaimFilter } from '../api/reimbursement.ts';
import { AMOUNT_EXAMPLE, centsToDollars, dollarsToCents, isNegative, statusLabel } from '../claim-text.ts';
import { FilterButtons } from '../../../components/FilterButtons.tsx';

const useStyles = makeStyles({
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))', alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1', flexWrap: 'wrap' },
  input: { minWidth: 0, width: '100%' },
});

type Draft = { status: string; from: string; to: string; min: string; max: string; county: string };
type DraftField = keyof Draft;
const draftOf = (f: Filters<AdminClaimFilter>): Draft => ({
  status: f.status ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
  min: f.min_amount_cents ? centsToDollars(Number(f.min_amount_cents)) : '',
  max: f.max_amount_cents ? centsToDollars(Number(f.max_amount_cents)) : '',
  county: f.county ?? '',
});

/** The queue's filters: status, submitted from/to, amount min/max (typed in dollars, sent in cents) and county. */
export function AdminClaimFilters({ applied, onApply, onClear }: { applied: Filters<AdminClaimFilter>; onApply: (f: Filters<AdminClaimFilter>) => void; onClear: () => void }) {
  const s = useStyles();
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [error, setError] = useState<{ field: DraftField; message: string } | null>(null);
  const counties = useCounties();
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
  const invalid = (field: DraftField) => (error?.field === field ? { validationMessage: error.message, validationState: 'error' as const } : {});
  return (
    <form className={s.filters} onSubmit={submit} aria-label="Filter claims" role="search" noValidate>
      <Field label="Status">
        <Select value={draft.status} onChange={(_, d) => set('status', d.value)}>
          <option value="">Any</option>
          {CLAIM_STATUSES.map((st) => (
            <option key={st} value={st}>
              {statusLabel(st)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Submitted from" {...invalid('from')}>
        <Input className={s.input} type="date" value={draft.from} onChange={(_, d) => set('from', d.value)} />
      </Field>
      <Field label="Submitted to" {...invalid('to')}>
        <Input className={s.input} type="date" value={draft.to} onChange={(_, d) => set('to', d.value)} />
      </Field>
      <Field label="Amount from (USD)" {...invalid('min')}>
        <Input className={s.input} inputMode="decimal" contentBefore="$" value={draft.min} onChange={(_, d) => set('min', d.value)} />
      </Field>
      <Field label="Amount to (USD)" {...invalid('max')}>
        <Input className={s.input} inputMode="decimal" contentBefore="$" value={draft.max} onChange={(_, d) => set('max', d.value)} />
      </Field>
      <Field label="County">
        <Select value={draft.county} onChange={(_, d) => set('county', d.value)}>
          <option value="">Any</option>
          {(counties.data?.items ?? []).map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className={s.actions}>
        <FilterButtons onClear={clear} />
      </div>
    </form>
  );
}
