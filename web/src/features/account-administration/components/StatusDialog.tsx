import { useState, type FormEvent } from 'react';
import { Field, Textarea, makeStyles } from '@fluentui/react-components';
import type { AdminAccountDetail } from '@acpg/contracts/account-administration';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { reactivateAccount, suspendAccount } from '../api/accounts.ts';
import { refusalOf, type Refusal } from './refusal.ts';

const useStyles = makeStyles({ text: { margin: 0 } });

export interface StatusDialogProps {
  accountId: string;
  name: string;
  action: 'suspend' | 'reactivate';
  onClose: () => void;
  onChanged: (detail: AdminAccountDetail, message: string) => void;
}

const WORDS = {
  suspend: {
    title: (name: string) => `Suspend ${name}?`,
    text: 'They are signed out everywhere at once and cannot sign in until the account is reactivated. The reason is kept with your name.',
    submit: 'Suspend account',
    failed: 'The account could not be suspended. Try again.',
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}?`,
    text: 'They may sign in again. The reason is kept with your name.',
    submit: 'Reactivate account',
    failed: 'The account could not be reactivated. Try again.',
  },
} as const;

/** Suspend or reactivate an account, with a required reason (Cancel first: it is where the dialog opens). */
export function StatusDialog({ accountId, name, action, onClose, onChanged }: StatusDialogProps) {
  const s = useStyles();
  const words = WORDS[action];
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (reason.trim() === '') {
      setRefusal({ form: '', fields: { reason: 'Give a reason.' } });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const answer = action === 'suspend' ? await suspendAccount(accountId, reason.trim()) : await reactivateAccount(accountId, reason.trim());
      onChanged(answer.data, answer.message ?? 'Done.');
    } catch (error) {
      setRefusal(refusalOf(error, words.failed));
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={words.title(name)} busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} formRef={formRef} submitLabel={words.submit} cancelFirst>
      <p className={s.text}>{words.text}</p>
      <Field label="Reason" required validationMessage={refusal?.fields.reason} validationState={refusal?.fields.reason ? 'error' : 'none'}>
        <Textarea value={reason} maxLength={500} resize="vertical" onChange={(_, d) => setReason(d.value)} />
      </Field>
      <AlertBar>{refusal?.form}</AlertBar>
    </FormDialog>
  );
}
