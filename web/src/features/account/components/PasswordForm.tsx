import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { NEW_PASSWORD_HINT, newPasswordProblems } from '../../../lib/new-password.ts';
import { changePassword } from '../api/profile.ts';
import { fieldErrors, messageOf, useSectionStyles } from './form-styles.ts';

/** A new password; the current one proves it is the account holder. Other devices are signed out. */
export function PasswordForm({ onSaved }: { onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string } | null>(null);
  const problems = newPasswordProblems(next, confirmation);
  const currentProblem = current ? null : 'Enter your current password';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || currentProblem || problems.password || problems.confirmation) return;
    setBusy(true);
    setServer(null);
    try {
      const { profile, message } = await changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setTouched(false);
      onSaved(profile, message);
    } catch (err) {
      setServer({ fields: fieldErrors(err), message: messageOf(err, 'The password could not be changed. Try again.') });
    } finally {
      setBusy(false);
    }
  };

  const onField = (field: string) => server?.fields[field] ?? null;
  const general = server && Object.keys(server.fields).length === 0 ? server.message : null;

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Password
      </Text>
      {general && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{general}</MessageBarBody>
        </MessageBar>
      )}
      <form className={s.form} onSubmit={submit} noValidate aria-label="Change password">
        <Field label="Current password" required validationMessage={(touched ? currentProblem : null) ?? onField('current_password')}>
          <Input type="password" autoComplete="current-password" value={current} onChange={(_, d) => setCurrent(d.value)} />
        </Field>
        <Field label="New password" required hint={NEW_PASSWORD_HINT} validationMessage={(touched ? problems.password : null) ?? onField('new_password')}>
          <Input type="password" autoComplete="new-password" value={next} onChange={(_, d) => setNext(d.value)} />
        </Field>
        <Field label="Confirm new password" required validationMessage={touched ? problems.confirmation : null}>
          <Input type="password" autoComplete="new-password" value={confirmation} onChange={(_, d) => setConfirmation(d.value)} />
        </Field>
        <div className={s.row}>
          <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
