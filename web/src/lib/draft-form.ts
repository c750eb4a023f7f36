import { useState, type FormEvent } from 'react';
import { fieldState } from './field-state.ts';

/** A form's check: the request body, or the message of each field to fix. */
export type DraftCheck<D, B> = { ok: true; body: B } | { ok: false; errors: Partial<Record<keyof D, string>> };

export interface DraftFormSpec<D, B> {
  initial: () => D;
  check: (draft: D) => DraftCheck<D, B>;
  /** Sends the checked body; a throw shows its message above the fields. */
  save: (body: B) => Promise<void>;
  /** What the form says when a failure has no message of its own. */
  failed: string;
}

/**
 * A form over a draft of strings and choices: `set` changes a field and clears its message, `submit` checks the draft
 * (each refused field shows its message) and saves it once at a time, a failure shows as `failure`.
 */
export function useDraftForm<D extends object, B>({ initial, check, save, failed }: DraftFormSpec<D, B>) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof D>(key: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const result = check(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await save(result.body);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : failed);
    } finally {
      setSaving(false);
    }
  };
  /** A Field's validation props for one of the draft's fields. */
  const field = (key: keyof D) => fieldState(errors[key]);
  return { draft, set, errors, field, failure, saving, submit };
}
