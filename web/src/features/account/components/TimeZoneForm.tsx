import { useMemo, useState, type FormEvent } from 'react';
import { Button, Card, Combobox, Field, Option, Spinner, Text, makeStyles } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zone.ts';
import { saveTimeZone } from '../api/profile.ts';
import { fieldErrors, messageOf, useSectionStyles } from './form-styles.ts';

const useStyles = makeStyles({
  // Fluent's Combobox has a fixed minimum width; here it fills the form like the inputs.
  combo: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  comboInput: { minWidth: 0, width: '100%' },
});

/** At most this many zones are listed as the person types (the list has about 400). */
const SHOWN = 60;

/**
 * The zone the account's emails, texts and documents are dated in. Sign-in keeps the browser's; here the person may
 * pick another (Fluent Combobox of `Intl.supportedValuesOf('timeZone')`), e.g. when they live elsewhere than they travel.
 */
export function TimeZoneForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const c = useStyles();
  const choices = useMemo(() => timeZoneChoices(profile.time_zone), [profile.time_zone]);
  const [typed, setTyped] = useState(profile.time_zone);
  const [chosen, setChosen] = useState(profile.time_zone);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = typed.trim().toLowerCase().replace(/\s+/g, '_');
  const shown = (query === chosen.toLowerCase() ? choices : choices.filter((zone) => zone.toLowerCase().includes(query))).slice(0, SHOWN);
  const here = browserTimeZone();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!choices.includes(chosen) || typed.trim() !== chosen) return setError('Choose a time zone from the list');
    setBusy(true);
    setError(null);
    try {
      const { profile: saved, message } = await saveTimeZone(chosen);
      onSaved(saved, message);
    } catch (err) {
      setError(fieldErrors(err).time_zone ?? messageOf(err, 'Your time zone could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Time zone
      </Text>
      <Text>The dates in the emails, texts and documents we send you are in this time zone.</Text>
      <form className={s.form} onSubmit={submit} noValidate aria-label="Time zone">
        <Field label="Time zone" required validationMessage={error} hint={here && here !== profile.time_zone ? `This browser is in ${here}.` : undefined}>
          <Combobox
            className={c.combo}
            input={{ className: c.comboInput }}
            freeform
            value={typed}
            autoComplete="off"
            selectedOptions={choices.includes(chosen) ? [chosen] : []}
            open={open && shown.length > 0}
            onOpenChange={(_, d) => setOpen(d.open)}
            onChange={(e) => {
              setTyped(e.target.value);
              setOpen(true);
              setError(null);
            }}
            onOptionSelect={(_, d) => {
              // Typing clears the selection (Fluent calls this without a value then): the list stays open.
              if (!d.optionValue) return;
              setOpen(false);
              setChosen(d.optionValue);
              setTyped(d.optionValue);
              setError(null);
            }}
          >
            {shown.map((zone) => (
              <Option key={zone} value={zone}>
                {zone}
              </Option>
            ))}
          </Combobox>
        </Field>
        <div className={s.row}>
          <Button type="submit" appearance="primary" disabledFocusable={busy || chosen === profile.time_zone} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Saving…' : 'Save time zone'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
