import type { FormEvent, ReactNode } from 'react';
import { Field, Input, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useCounties } from '../lib/counties.ts';
import { FilterButtons } from './FilterButtons.tsx';
import { FILTER_FORM_ATTRIBUTE } from '../lib/layout.ts';

const useStyles = makeStyles({
  // A field never grows past its cell (a dropdown's longest option would push it over the next field). Fields line up
  // by their tops: a field's hint or error message grows it downwards without lifting its input above its neighbours'.
  grid: { display: 'grid', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`, alignItems: 'start', '& > *': { minWidth: 0, maxWidth: '100%' } },
  narrow: { gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))' },
  wide: { gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))' },
  // In a compact form the buttons sit in the next cell, level with the inputs (the cell's foot), wrapping when narrow.
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignSelf: 'end' },
  // The buttons (and what goes with them) on a row of their own.
  row: { gridColumn: '1 / -1', alignItems: 'center', alignSelf: 'start' },
  search: { gridColumn: 'span 2', '@media (max-width: 480px)': { gridColumn: 'auto' } },
  input: { minWidth: 0, width: '100%' },
});

/**
 * A list's filter form: its fields in a grid, then Apply filters (the submit) and Clear. `compact` (a few choices)
 * puts the buttons in the grid's next cell and lets cells grow from 180px; otherwise they take a row of their own.
 */
export function FilterForm({
  label,
  search,
  compact,
  onSubmit,
  onClear,
  beforeButtons,
  children,
}: {
  label: string;
  /** role="search" (a list with a search box or many filters). */
  search?: boolean;
  compact?: boolean;
  onSubmit: (e: FormEvent) => void;
  onClear: () => void;
  /** Shown before the buttons, in their row (a checkbox). */
  beforeButtons?: ReactNode;
  children: ReactNode;
}) {
  const s = useStyles();
  return (
    <form className={mergeClasses(s.grid, compact ? s.wide : s.narrow)} onSubmit={onSubmit} aria-label={label} {...(search ? { role: 'search' } : {})} {...{ [FILTER_FORM_ATTRIBUTE]: '' }} noValidate>
      {children}
      <div className={mergeClasses(s.actions, !compact && s.row)}>
        {beforeButtons}
        <FilterButtons onClear={onClear} />
      </div>
    </form>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A filter's dropdown: "Any" first, then the options. */
export function ChoiceField({ label, value, options, onChange, className }: { label: string; value: string | undefined; options: readonly ChoiceOption[]; onChange: (value: string) => void; className?: string }) {
  const s = useStyles();
  return (
    <Field label={label} {...(className ? { className } : {})}>
      <Select className={s.input} value={value ?? ''} onChange={(_, d) => onChange(d.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The County dropdown of a filter form (California's counties). */
export function CountyField({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const counties = useCounties();
  return <ChoiceField label="County" value={value} options={(counties.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }))} onChange={onChange} />;
}

/** The Search box of a filter form, two cells wide (one on phones). */
export function SearchField({ hint, value, onChange }: { hint: string; value: string | undefined; onChange: (value: string) => void }) {
  const s = useStyles();
  return (
    <Field className={s.search} label="Search" hint={hint}>
      <Input className={s.input} type="search" value={value ?? ''} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

/** A text or date input of a filter form, with the message that refused it (if any). */
export function InputField({
  label,
  value,
  onChange,
  error,
  type,
  ...input
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | null;
  type?: 'date';
  inputMode?: 'decimal';
  contentBefore?: string;
}) {
  const s = useStyles();
  return (
    <Field label={label} {...(error !== undefined ? { validationMessage: error, validationState: error ? ('error' as const) : ('none' as const) } : {})}>
      <Input className={s.input} {...(type ? { type } : {})} {...input} value={value ?? ''} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}
