import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { pinProblem } from '@acpg/contracts/pin-rules';
import { StepPage, useStepForm } from './StepPage.tsx';

/** /sign-up/pin: the security PIN (4 to 6 digits, hashed on the server), asked again before high-risk actions. */
export default function PinPage() {
  const form = useStepForm();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const pinError = !pin ? 'Choose a PIN' : pinProblem(pin);
  const confirmError = !confirm ? 'Enter the PIN again' : confirm !== pin ? 'The PINs do not match' : null;
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

  return (
    <StepPage
      screen="Security PIN"
      title="Choose your security PIN"
      intro="We ask for it before changes such as your beneficiaries or payouts."
      trackAs="Save PIN"
      form={form}
      save={() => (!pinError && !confirmError ? { step: 'pin', body: { pin } } : null)}
      submitLabel="Finish sign-up"
      busyLabel="Finishing…"
    >
      <Field label="PIN" required hint="4 to 6 digits, not easy to guess (no 1234 or 0000)" validationMessage={form.touched ? pinError : null}>
        <Input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(_, d) => setPin(digits(d.value))} />
      </Field>
      <Field label="Confirm PIN" required validationMessage={form.touched ? confirmError : null}>
        <Input type="password" inputMode="numeric" autoComplete="off" value={confirm} onChange={(_, d) => setConfirm(digits(d.value))} />
      </Field>
    </StepPage>
  );
}
