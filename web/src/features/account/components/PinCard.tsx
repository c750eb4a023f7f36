import { useState, type FormEvent } from 'react';
import { Card, Field, Input, Text } from '@fluentui/react-components';
import type { MemberData } from '@acpg/contracts/member-data';
import { PIN_PATTERN, pinProblem } from '@acpg/contracts/pin-rules';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { formatDateTime12, formatDateUs } from '../../../lib/dates.ts';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { savePin } from '../api/member-data.ts';
import { fieldErrors, messageOf, useSectionStyles } from './form-styles.ts';

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The security PIN: when it was set, and a change that asks the current one (easy PINs refused before sending). */
export function PinCard({ data, onSaved }: { data: MemberData; onSaved: (next: MemberData, message: string) => void }) {
  const s = useSectionStyles();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const pin = data.pin;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    if (pin && !PIN_PATTERN.test(current)) found.current_pin = 'Enter your current PIN: 4 to 6 digits';
    const problem = pinProblem(next);
    if (problem) found.new_pin = problem;
    else if (confirmation !== next) found.confirmation = 'The PINs do not match';
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    setBusy(true);
    try {
      const saved = await savePin({ ...(pin ? { current_pin: current } : {}), new_pin: next });
      setCurrent('');
      setNext('');
      setConfirmation('');
      onSaved(saved.data, saved.message);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setGeneral(Object.keys(fields).length === 0 ? messageOf(err, 'Your PIN could not be changed. Try again.') : null);
      setCurrent('');
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Security PIN
      </Text>
      <Text>{pin ? `Set on ${formatDateUs(pin.set_at)}. It is asked before your beneficiaries change.` : 'No PIN is set. Choose one: it is asked before your beneficiaries change.'}</Text>
      {pin?.locked_until && <AlertBar>{`Too many wrong PINs: your PIN can be tried again after ${formatDateTime12(pin.locked_until)}.`}</AlertBar>}
      <AlertBar>{general}</AlertBar>
      <form ref={formRef} className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label={pin ? 'Change PIN' : 'Set PIN'}>
        {pin && (
          <Field label="Current PIN" required validationMessage={errors.current_pin}>
            <Input type="password" inputMode="numeric" autoComplete="off" value={current} onChange={(_, d) => setCurrent(digits(d.value))} />
          </Field>
        )}
        <Field label="New PIN" required hint="4 to 6 digits; not 1234, 0000 or another easy one." validationMessage={errors.new_pin}>
          <Input type="password" inputMode="numeric" autoComplete="off" value={next} onChange={(_, d) => setNext(digits(d.value))} />
        </Field>
        <Field label="Confirm new PIN" required validationMessage={errors.confirmation}>
          <Input type="password" inputMode="numeric" autoComplete="off" value={confirmation} onChange={(_, d) => setConfirmation(digits(d.value))} />
        </Field>
        <div className={s.row}>
          <SubmitButton busy={busy}>{busy ? 'Saving…' : pin ? 'Change PIN' : 'Set PIN'}</SubmitButton>
        </div>
      </form>
    </Card>
  );
}
