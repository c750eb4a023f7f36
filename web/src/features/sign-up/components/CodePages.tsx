import { useEffect, useRef, useState } from 'react';
import { Button, Field, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useTrackClick } from '../../../lib/track.ts';
import { clock, useSecondsUntil, waitInWords } from '../../../lib/countdown.ts';
import type { CodeChannel } from '../api/sign-up.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';

/** The phone code (/authentication/mobile-verification) or the email code (/authentication/email-verification). */
function CodePage({ channel }: { channel: CodeChannel }) {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const track = useTrackClick();
  const ctx = SignUpActor.useSelector((st) => st.context);
  const verifying = SignUpActor.useSelector((st) => st.matches(channel === 'phone' ? 'verifyingPhone' : 'verifyingEmail'));
  const sending = SignUpActor.useSelector((st) => st.matches(channel === 'phone' ? 'sendingPhoneCode' : 'sendingEmailCode'));
  const sent = ctx.codes[channel];
  const [code, setCode] = useState('');
  const resendIn = useSecondsUntil(sent?.resendAt ?? 0);
  const expiresIn = useSecondsUntil(sent?.expiresAt ?? 0);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), [channel]);

  const where = sent?.maskedDestination || (channel === 'phone' ? ctx.details?.phone_masked : ctx.details?.email) || `your ${channel}`;
  const triesLeft = sent?.triesLeft ?? 5;
  const noTries = triesLeft <= 0;

  return (
    <StepFrame
      screen={channel === 'phone' ? 'Phone code' : 'Email code'}
      title={channel === 'phone' ? 'Enter the code sent to your phone' : 'Enter the code sent to your email'}
      intro={sent ? `We sent a 6-digit code to ${where}.` : sending ? `Sending a code to ${where}…` : undefined}
    >
      {sent &&
        (expiresIn === 0 ? (
          <MessageBar intent="warning">
            <MessageBarBody>This code has expired. Ask for a new one.</MessageBarBody>
          </MessageBar>
        ) : (
          <Text size={200}>
            The code expires in {clock(expiresIn)}. {noTries ? 'No tries left on this code.' : `${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`}
          </Text>
        ))}
      <form
        className={s.form}
        aria-label="Verify code"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          track(`Verify ${channel} code`);
          actor.send({ type: 'VERIFY', code });
        }}
      >
        <Field label="6-digit code" required validationMessage={ctx.error} validationState={ctx.error ? 'error' : 'none'}>
          <OneTimeCodeInput ref={codeRef} value={code} onChange={setCode} />
        </Field>
        <Button type="submit" appearance="primary" disabledFocusable={verifying || sending} icon={verifying ? <Spinner size="tiny" /> : undefined}>
          {verifying ? 'Verifying…' : 'Verify'}
        </Button>
        <div className={s.row}>
          {/* Disabled with a live countdown of the real wait the server stated (resend delay or hourly cap). */}
          <Button
            type="button"
            disabledFocusable={resendIn > 0 || sending || verifying}
            aria-describedby={resendIn > 0 ? `${channel}-resend-wait` : undefined}
            onClick={() => {
              track(`Send a new ${channel} code`);
              setCode('');
              actor.send({ type: 'RESEND' });
            }}
          >
            {sending ? 'Sending…' : resendIn > 0 ? `Send a new code in ${clock(resendIn)}` : 'Send a new code'}
          </Button>
          {resendIn > 0 && (
            <Text id={`${channel}-resend-wait`} size={200}>
              You can ask for a new code in {waitInWords(resendIn)}.
            </Text>
          )}
          <Link as="button" type="button" onClick={() => actor.send({ type: 'START_OVER' })}>
            Change my details
          </Link>
        </div>
      </form>
    </StepFrame>
  );
}

export const MobileVerificationPage = () => <CodePage channel="phone" />;
export const EmailVerificationPage = () => <CodePage channel="email" />;
