import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { Filters } from '../../../lib/paged-list.ts';

const useStyles = makeStyles({
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))', alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1' },
  input: { minWidth: 0, width: '100%' },
});

export interface Choice {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** The filters of an admin billing list: a few choices, an optional text field, and a started from/to day range. */
export function BillingFilters<F extends string>({
  label,
  applied,
  choices,
  text,
  onApply,
  onClear,
}: {
  label: string;
  applied: Filters<F>;
  choices: readonly Choice[];
  text?: { key: F; label: string };
  onApply: (filters: Filters<F>) => void;
  onClear: () => void;
}): ReactNode {
  const s = useStyles();
  const [draft, setDraft] = useState<Record<string, string | undefined>>(applied);
  const [error, setError] = useState<string | null>(null);
  const set = (key: string, value: string) => setDraft((f) => ({ ...f, [key]: value || undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) return setError('From must not be after To.');
    setError(null);
    onApply(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as Filters<F>);
  };
  // The form is not remounted when nothing was applied: Clear empties the fields and the message itself.
  const clear = () => {
    setDraft({});
    setError(null);
    onClear();
  };
  return (
    <form className={s.filters} onSubmit={submit} aria-label={label} noValidate>
      {choices.map((c) => (
        <Field key={c.key} label={c.label}>
          <Select value={draft[c.key] ?? ''} onChange={(_, d) => set(c.key, d.value)}>
            <option value="">Any</option>
            {c.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
      ))}
      {text && (
        <Field label={text.label}>
          <Input className={s.input} value={draft[text.key] ?? ''} onChange={(_, d) => set(text.key, d.value.toUpperCase())} />
        </Field>
      )}
      <Field label="Started from" validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.from ?? ''} onChange={(_, d) => set('from', d.value)} />
      </Field>
      <Field label="Started to">
        <Input className={s.input} type="date" value={draft.to ?? ''} onChange={(_, d) => set('to', d.value)} />
      </Field>
      <div className={s.actions}>
        <Button type="submit" appearance="primary">
          Apply filters
        </Button>
        <Button appearance="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
