import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { FULL_NAME_MAX, type Profile } from '@acpg/contracts/account';
import { saveName } from '../api/profile.ts';
import { useSectionStyles, messageOf } from './form-styles.ts';

export function NameForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const [name, setName] = useState(profile.full_name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clean = name.trim().replace(/\s+/g, ' ');
  const problem = !clean ? 'Enter your full name' : clean.length > FULL_NAME_MAX ? `Use at most ${FULL_NAME_MAX} characters` : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { profile: saved, message } = await saveName(clean);
      setName(saved.full_name);
      onSaved(saved, message);
    } catch (err) {
      setError(messageOf(err, 'Your name could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Full name
      </Text>
      <form className={s.form} onSubmit={submit} noValidate aria-label="Full name">
        <Field label="Full name" required validationMessage={error}>
          <Input autoComplete="name" value={name} maxLength={FULL_NAME_MAX + 20} onChange={(_, d) => setName(d.value)} />
        </Field>
        <div className={s.row}>
          <Button type="submit" appearance="primary" disabledFocusable={busy || clean === profile.full_name} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
