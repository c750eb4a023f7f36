import { useState } from 'react';
import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { useTrackClick } from '../../../lib/track.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';

const PIN = /^\d{4,6}$/;

/** /sign-up/pin: the security PIN (4 to 6 digits, hashed on the server), asked again before high-risk actions. */
export default function PinPage() {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const track = useTrackClick();
  const error = SignUpActor.useSelector((st) => st.context.error);
  const busy = SignUpActor.useSelector((st) => st.matches('saving') || st.matches('advancing'));
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const pinError = !pin ? 'Choose a PIN' : !PIN.test(pin) ? 'Use 4 to 6 digits' : null;
  const confirmError = !confirm ? 'Enter the PIN again' : confirm !== pin ? 'The PINs do not match' : null;
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

  return (
    <StepFrame screen="Security PIN" title="Choose your security PIN" intro="We ask for it before changes such as your beneficiaries or payouts." error={error}>
      <form
        className={s.form}
        aria-label="Security PIN"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          track('Save PIN');
          if (!pinError && !confirmError) actor.send({ type: 'SAVE', save: { step: 'pin', body: { pin } } });
        }}
      >
        <Field label="PIN" required hint="4 to 6 digits" validationMessage={touched ? pinError : null}>
          <Input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(_, d) => setPin(digits(d.value))} />
        </Field>
        <Field label="Confirm PIN" required validationMessage={touched ? confirmError : null}>
          <Input type="password" inputMode="numeric" autoComplete="off" value={confirm} onChange={(_, d) => setConfirm(digits(d.value))} />
        </Field>
        <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? 'Finishing…' : 'Finish sign-up'}
        </Button>
      </form>
    </StepFrame>
  );
}
