import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { BROKERAGE_NAME_MAX, type Profile } from '@acpg/contracts/account';
import { saveBrokerage } from '../api/profile.ts';
import { useSectionStyles, messageOf } from './form-styles.ts';

/** The roles that work for a brokerage (as `ROLES_WITH_BROKERAGE` at sign-up): they see and change it here. */
const BROKERAGE_ROLES: readonly string[] = ['Agent', 'Broker'];
export const worksForBrokerage = (profile: Profile) => profile.role.some((role) => BROKERAGE_ROLES.includes(role));

/** An Agent's or a Broker's brokerage: shown on the NHD orders they place from now on. */
export function BrokerageForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const [name, setName] = useState(profile.brokerage_name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clean = name.trim().replace(/\s+/g, ' ');
  const problem = !clean ? 'Enter the name of your brokerage' : clean.length > BROKERAGE_NAME_MAX ? `Use at most ${BROKERAGE_NAME_MAX} characters` : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { profile: saved, message } = await saveBrokerage(clean);
      setName(saved.brokerage_name ?? '');
      onSaved(saved, message);
    } catch (err) {
      setError(messageOf(err, 'Your brokerage could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Brokerage
      </Text>
      <Text>The brokerage you work for. It shows on the NHD orders you place from now on.</Text>
      <form className={s.form} onSubmit={submit} noValidate aria-label="Brokerage">
        <Field label="Brokerage name" required validationMessage={error}>
          <Input autoComplete="organization" value={name} maxLength={BROKERAGE_NAME_MAX + 20} onChange={(_, d) => setName(d.value)} />
        </Field>
        <div className={s.row}>
          <Button type="submit" appearance="primary" disabledFocusable={busy || clean === (profile.brokerage_name ?? '')} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Saving…' : 'Save brokerage'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
