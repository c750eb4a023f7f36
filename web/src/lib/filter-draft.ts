import { useState, type FormEvent } from 'react';
import type { FilterCheck, Filters } from './paged-list.ts';

/**
 * A list's filter form: fields are typed into a draft; Apply (the form's submit) checks the filled ones and hands them
 * on, or keeps a message on the field to fix; Clear empties the fields and the message itself (the form is not
 * remounted when nothing was applied).
 */
export function useFilterDraft<F extends string>(applied: Filters<F>, onApply: (filters: Filters<F>) => void, onClear: () => void, check?: (filters: Filters<F>) => FilterCheck<F>) {
  const [draft, setDraft] = useState<Filters<F>>(applied);
  const [error, setError] = useState<{ field: F; message: string } | null>(null);
  // Filters applied from elsewhere (Clear, the URL, back) show in the form: state adjusted during render, so a list need
  // not remount its filter form (which would drop the focus of the Apply button or search box just used to <body>).
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  if (appliedKey !== shown) {
    setShown(appliedKey);
    setDraft(applied);
  }
  const set = (key: F, value: string) => setDraft((f) => ({ ...f, [key]: value || undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const filled = Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as Filters<F>;
    const result = check?.(filled) ?? { ok: true };
    if (!result.ok) return setError({ field: result.field, message: result.message });
    setError(null);
    onApply(filled);
  };
  const clear = () => {
    setDraft({});
    setError(null);
    onClear();
  };
  const messageFor = (field: F) => (error?.field === field ? error.message : null);
  return { draft, set, submit, clear, messageFor };
}
