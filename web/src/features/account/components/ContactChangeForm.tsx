import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Card, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { requestContactChange, verifyContactChange, type ContactChannel } from '../api/profile.ts';
import { contactChangeMachine } from '../machines/contact-change.machine.ts';
import { toE164 } from '../phone.ts';
import { useSectionStyles } from './form-styles.ts';
import { useSecondsUntil } from './use-seconds-until.ts';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WORDS = {
  email: { title: 'Email', field: 'New email', send: 'Send code to new email', type: 'email', autoComplete: 'email' },
  phone: { title: 'Phone', field: 'New phone number', send: 'Send code to new phone', type: 'tel', autoComplete: 'tel' },
} as const;

/** Email or phone: the new one gets a code; the profile changes once the code comes back. */
export function ContactChangeForm({ channel, profile, onSaved }: { channel: ContactChannel; profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const words = WORDS[channel];
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [machine] = useState(() =>
    contactChangeMachine.provide({
      actors: {
        requestChange: fromPromise(({ input }) => requestContactChange(channel, input.destination, input.current_password)),
        verifyChange: fromPromise(async ({ input }) => {
          const done = await verifyContactChange(channel, input);
          setValue('');
          setPassword('');
          setCode('');
          setTouched(false);
          onSaved(done.profile, done.message);
          return done;
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const ctx = state.context;
  const resendIn = useSecondsUntil(ctx.resendAt);
  const expiresIn = useSecondsUntil(ctx.expiresAt);
  const enteringCode = state.matches('enteringCode') || state.matches('verifying') || state.matches('resending');

  const destination = channel === 'email' ? value.trim().toLowerCase() : toE164(value);
  const problem = !value.trim()
    ? `Enter the ${channel === 'email' ? 'new email' : 'new phone number'}`
    : channel === 'email'
      ? EMAIL.test(value.trim()) ? null : 'Enter a valid email address'
      : destination ? null : 'Enter a phone number, e.g. (415) 555-0123 or +44 20 7946 0958';
  const current = channel === 'email' ? profile.email : profile.phone_masked ?? 'None on file';

  const submitDestination = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || !destination) return;
    send({ type: 'SEND', destination, password });
    setPassword('');
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'VERIFY', code });
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        {words.title}
      </Text>
      <Text>
        Current: <strong>{current}</strong>
      </Text>
      {ctx.notice && (
        <MessageBar intent="success">
          <MessageBarBody>{ctx.notice}</MessageBarBody>
        </MessageBar>
      )}
      {!enteringCode ? (
        <form className={s.form} onSubmit={submitDestination} noValidate aria-label={`Change ${channel}`}>
          <Field label={words.field} required validationMessage={(touched ? problem : null) ?? ctx.error}>
            <Input type={words.type} autoComplete={words.autoComplete} value={value} onChange={(_, d) => setValue(d.value)} />
          </Field>
          <Field label="Current password" required hint="To make sure it is you." validationMessage={ctx.passwordError}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <div className={s.row}>
            <Button type="submit" appearance="primary" disabledFocusable={state.matches('sending')} icon={state.matches('sending') ? <Spinner size="tiny" /> : undefined}>
              {state.matches('sending') ? 'Sending…' : words.send}
            </Button>
          </div>
        </form>
      ) : (
        <form className={s.form} onSubmit={submitCode} noValidate aria-label={`Confirm ${channel}`}>
          <Text>
            We sent a 6-digit code to {ctx.change?.masked_destination}.{' '}
            {expiresIn > 0 ? `It expires in ${Math.floor(expiresIn / 60)}:${String(expiresIn % 60).padStart(2, '0')}.` : 'It has expired: ask for a new one.'}
          </Text>
          <Field label="6-digit code" required validationMessage={ctx.error}>
            <OneTimeCodeInput value={code} onChange={setCode} />
          </Field>
          <div className={s.row}>
            <Button type="submit" appearance="primary" disabledFocusable={state.matches('verifying')} icon={state.matches('verifying') ? <Spinner size="tiny" /> : undefined}>
              {state.matches('verifying') ? 'Confirming…' : 'Confirm'}
            </Button>
            <Button
              type="button"
              disabledFocusable={resendIn > 0 || state.matches('resending') || state.matches('verifying')}
              onClick={() => {
                setCode('');
                send({ type: 'RESEND' });
              }}
            >
              {state.matches('resending') ? 'Sending…' : resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
            </Button>
            <Link as="button" type="button" onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Link>
          </div>
        </form>
      )}
    </Card>
  );
}
