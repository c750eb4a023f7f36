import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Text } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { useSectionStyles, messageOf } from './form-styles.ts';

/** What one profile field's card needs: its words, its limit, how it is saved, and where the saved value is read. */
export type OneField = {
  /** The card's heading, also the form's name. */
  title: string;
  /** A line under the heading, if the field needs explaining. */
  intro?: string;
  label: string;
  autoComplete: string;
  max: number;
  /** Said when the field is left empty. */
  emptyMessage: string;
  /** Said when saving fails without a message from the server. */
  failMessage: string;
  buttonText: string;
  valueOf: (profile: Profile) => string;
  save: (clean: string) => Promise<{ profile: Profile; message: string }>;
};

/** A card with one profile text field (spaces tidied, required, at most `max` characters) and its Save button. */
export function OneFieldForm({ field, profile, onSaved }: { field: OneField; profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const [value, setValue] = useState(field.valueOf(profile));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clean = value.trim().replace(/\s+/g, ' ');
  const problem = !clean ? field.emptyMessage : clean.length > field.max ? `Use at most ${field.max} characters` : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { profile: saved, message } = await field.save(clean);
      setValue(field.valueOf(saved));
      onSaved(saved, message);
    } catch (err) {
      setError(messageOf(err, field.failMessage));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        {field.title}
      </Text>
      {field.intro && <Text>{field.intro}</Text>}
      <form className={s.form} onSubmit={submit} noValidate aria-label={field.title}>
        <Field label={field.label} required validationMessage={error}>
          <Input autoComplete={field.autoComplete} value={value} maxLength={field.max + 20} onChange={(_, d) => setValue(d.value)} />
        </Field>
        <div className={s.row}>
          <Button type="submit" appearance="primary" disabledFocusable={busy || clean === field.valueOf(profile)} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Saving…' : field.buttonText}
          </Button>
        </div>
      </form>
    </Card>
  );
}
