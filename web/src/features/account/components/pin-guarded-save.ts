import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { MemberData } from '@acpg/contracts/member-data';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { issuesByPath } from '../member-data-form.ts';
import { fieldErrors, messageOf } from './form-styles.ts';

type Saved = { data: MemberData; message: string };

/**
 * A member-data dialog that asks for the PIN (beneficiaries, payout details): the body checked with its schema first
 * (errors on their fields, focus on the first), then saved; a refusal puts the server's field errors on their fields
 * or says `failMessage`, clears the PIN and moves focus to the first error.
 */
export function usePinGuardedSave<S extends z.ZodType>({ schema, save, failMessage, onSaved }: { schema: S; save: (body: z.output<S>) => Promise<Saved>; failMessage: string; onSaved: (next: MemberData, message: string) => void }) {
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();

  const submit = async (e: FormEvent, body: unknown) => {
    e.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error));
      setGeneral(null);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setGeneral(null);
    setBusy(true);
    try {
      const { data, message } = await save(parsed.data);
      onSaved(data, message);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setGeneral(Object.keys(fields).length === 0 ? messageOf(err, failMessage) : null);
      setPin('');
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return { pin, setPin, busy, errors, general, formRef, submit };
}
