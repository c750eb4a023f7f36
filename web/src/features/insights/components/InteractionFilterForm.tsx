import { useState, type FormEvent } from 'react';
import { Button, Combobox, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { FilterCheck, Filters } from '../../../lib/paged-list.ts';
import type { InteractionFilterKey } from '../api/interactions.ts';

const useStyles = makeStyles({
  // A field never grows past its cell (an input's own minimum width pushed it over the next field at 1440 px).
  form: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(160px, 100%), 1fr))', alignItems: 'start', '& > *': { minWidth: 0 } },
  input: { minWidth: 0, width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', gridColumn: '1 / -1' },
  // Fluent's Combobox has a fixed minimum width; here it fills its grid cell like the inputs.
  combo: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  comboInput: { minWidth: 0, width: '100%' },
});

type Draft = Record<InteractionFilterKey, string>;
const EMPTY: Draft = { page_name: '', button_name: '', interaction_type: '', user_id: '', user: '', from: '', to: '' };

/** A text filter that offers the values seen (by count) and still takes any text. */
function ChoiceField({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (v: string) => void }) {
  const s = useStyles();
  const typed = value.trim().toLowerCase();
  const shown = options.filter((o) => o.toLowerCase().includes(typed)).slice(0, 50);
  return (
    <Field label={label} hint="Pick one or type the exact name">
      <Combobox
        className={s.combo}
        input={{ className: s.comboInput }}
        freeform
        value={value}
        selectedOptions={options.includes(value) ? [value] : []}
        onChange={(e) => onChange(e.target.value)}
        onOptionSelect={(_, d) => onChange(d.optionValue ?? '')}
        placeholder={options.length > 0 ? `${options.length} to choose from` : undefined}
      >
        {shown.map((o) => (
          <Option key={o} value={o}>
            {o}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

export interface InteractionFilterFormProps {
  applied: Filters<InteractionFilterKey>;
  pages: readonly string[];
  buttons: readonly string[];
  onApply: (filters: Filters<InteractionFilterKey>) => FilterCheck<InteractionFilterKey>;
  onClear: () => void;
}

/**
 * The filters of /user-interaction. Checked before anything is sent: a From after To is refused here with one
 * message on From, so the server never sees it. The form starts from the applied filters (the URL); the page gives
 * it a new key when they change (Back, Clear), so it shows them again.
 */
export function InteractionFilterForm({ applied, pages, buttons, onApply, onClear }: InteractionFilterFormProps) {
  const s = useStyles();
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, ...applied });
  const [problem, setProblem] = useState<{ field: InteractionFilterKey; message: string } | null>(null);
  const set = (key: InteractionFilterKey) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (problem?.field === key || (problem && (key === 'from' || key === 'to'))) setProblem(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = onApply(draft);
    setProblem(check.ok ? null : { field: check.field, message: check.message });
  };
  const error = (key: InteractionFilterKey) => (problem?.field === key ? { validationState: 'error' as const, validationMessage: problem.message } : {});
  const text = (key: InteractionFilterKey, label: string, type: 'text' | 'date' = 'text') => (
    <Field label={label} {...error(key)}>
      <Input className={s.input} type={type} value={draft[key]} onChange={(_, d) => set(key)(d.value)} max={type === 'date' ? '9999-12-31' : undefined} />
    </Field>
  );
  return (
    <form className={s.form} onSubmit={submit} aria-label="Filter interactions" noValidate>
      <ChoiceField label="Page" value={draft.page_name} options={pages} onChange={set('page_name')} />
      <ChoiceField label="Button" value={draft.button_name} options={buttons} onChange={set('button_name')} />
      {text('interaction_type', 'Interaction type')}
      {text('user', 'User name or email')}
      {text('from', 'From', 'date')}
      {text('to', 'To', 'date')}
      <div className={s.actions}>
        <Button type="submit" appearance="primary">
          Apply filters
        </Button>
        <Button
          type="button"
          onClick={() => {
            setDraft(EMPTY);
            setProblem(null);
            onClear();
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
