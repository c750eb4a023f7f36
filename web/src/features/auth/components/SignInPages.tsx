import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import {
  Button, Card, Field, Input, Link, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Spinner, Text, Title2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useTrackClick } from '../../../lib/track.ts';
import { rearmSessionExpiry } from '../../../lib/http.ts';
import { liveCode, resendAtOf } from '../machines/sign-in.machine.ts';
import { clock, useSecondsUntil, waitInWords } from '../../../lib/countdown.ts';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { rememberEmailForReset } from '../stores/password-reset.ts';
import { AUTH_MODE_PATH, CREDENTIAL_PATHS, SignInActor } from './SignInFlow.tsx';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
  card: { width: '100%', maxWidth: '440px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
});

/** Each step moves focus to its first field (or its heading), so it does not fall to the body between steps. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

function CredentialsForm({ expired }: { expired: boolean }) {
  const s = useStyles();
  const actor = SignInActor.useActorRef();
  const busy = SignInActor.useSelector((st) => st.matches('checkingPassword'));
  const serverError = SignInActor.useSelector((st) => (st.matches('credentials') ? st.context.error : null));
  const track = useTrackClick();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailRef = useFocusOnMount<HTMLInputElement>();

  // /login is showing: a later loss of the session (Back to a protected page) is handled again (spec section 8).
  useEffect(() => {
    if (expired) rearmSessionExpiry();
  }, [expired]);

  // Coming back here (browser Back) starts the flow again. Checked once, on arrival: while this form is shown the
  // machine moves on to choosing a channel, and restarting then would bounce the user back here.
  useEffect(() => {
    const st = actor.getSnapshot();
    if (st.status === 'active' && !st.matches('credentials') && !st.matches('checkingPassword')) actor.send({ type: 'RESTART' });
  }, [actor]);

  const emailError = !email.trim() ? 'Enter your email address' : !EMAIL.test(email.trim()) ? 'Enter a valid email address' : null;
  const passwordError = !password ? 'Enter your password' : password.length > 128 ? 'The password is at most 128 characters' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    track('Sign In');
    if (emailError || passwordError) return;
    actor.send({ type: 'SUBMIT', email: email.trim().toLowerCase(), password });
  };

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1">{expired ? 'Sign in again' : 'Sign in'}</Title2>
        {expired && (
          <MessageBar intent="warning">
            <MessageBarBody>
              <MessageBarTitle>Your session has expired.</MessageBarTitle>
              Sign in again to go back to where you were.
            </MessageBarBody>
          </MessageBar>
        )}
        <ServerError message={serverError} />
        <form className={s.form} onSubmit={submit} noValidate aria-label="Sign in">
          <Field label="Email" required validationMessage={touched ? emailError : null}>
            <Input ref={emailRef} type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
          <Field label="Password" required validationMessage={touched ? passwordError : null}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <RouteLink to="/authentication/forgot-password" onClick={() => rememberEmailForReset(email)}>
            Forgot password?
          </RouteLink>
          <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

export const SignInPage = () => <CredentialsForm expired={false} />;
/** /login: the session-expired entry (DECISIONS.md); returns to the saved path after signing in. */
export const SessionExpiredSignInPage = () => <CredentialsForm expired />;

const AUTH_MODE_HEADING = 'auth-mode-heading';

export function AuthModePage() {
  const s = useStyles();
  const actor = SignInActor.useActorRef();
  const track = useTrackClick();
  const ctx = SignInActor.useSelector((st) => st.context);
  const { challenge, error, channel: chosen } = ctx;
  const sending = SignInActor.useSelector((st) => st.matches('sendingCode'));
  const [channel, setChannel] = useState<'email' | 'phone'>(chosen ?? 'email');
  // The real wait the server stated for this channel; a code still valid there is reused without a send, so no wait.
  const waitIn = useSecondsUntil(liveCode(ctx, channel) ? 0 : resendAtOf(ctx, channel));
  // The step's question: focused on arrival (tabIndex -1) so screen readers start here, not at the body.
  useEffect(() => document.getElementById(AUTH_MODE_HEADING)?.focus(), []);

  // Coming back here from the code screen (browser Back) lets the user pick again; the code already sent is kept, and
  // picking its channel again goes straight back to it. Checked once, on arrival: while this page is shown the machine
  // moves on to the code step, and going back then would undo the choice.
  useEffect(() => {
    if (actor.getSnapshot().matches('enteringCode')) actor.send({ type: 'CHANGE_CHANNEL' });
  }, [actor]);

  if (!challenge) return <Navigate to={CREDENTIAL_PATHS[0]!} replace />;
  const channels = challenge.channels.filter((c) => c !== 'phone' || challenge.masked.phone);

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1" id={AUTH_MODE_HEADING} tabIndex={-1}>
          Where should we send your code?
        </Title2>
        <Text as="p">We send a one-time code to confirm it is you.</Text>
        <ServerError message={error} />
        <form
          className={s.form}
          aria-label="Choose how to get your code"
          onSubmit={(e) => {
            e.preventDefault();
            track(`Send code by ${channel}`);
            actor.send({ type: 'CHOOSE', channel });
          }}
        >
          <Field label="Send the code to">
            <RadioGroup value={channel} onChange={(_, d) => setChannel(d.value as 'email' | 'phone')}>
              {channels.includes('email') && <Radio value="email" label={`Email: ${challenge.masked.email}`} />}
              {channels.includes('phone') && <Radio value="phone" label={`Phone: ${challenge.masked.phone ?? ''}`} />}
            </RadioGroup>
          </Field>
          <div className={s.row}>
            <Button
              type="submit"
              appearance="primary"
              disabledFocusable={sending || waitIn > 0}
              aria-describedby={waitIn > 0 ? 'send-code-wait' : undefined}
              icon={sending ? <Spinner size="tiny" /> : undefined}
            >
              {sending ? 'Sending…' : waitIn > 0 ? `Send code in ${clock(waitIn)}` : 'Send code'}
            </Button>
            <Link as="button" type="button" onClick={() => actor.send({ type: 'RESTART' })}>
              Use a different account
            </Link>
          </div>
          {waitIn > 0 && (
            <Text id="send-code-wait" size={200}>
              A new code can be sent to your {channel} in {waitInWords(waitIn)}.
            </Text>
          )}
        </form>
      </Card>
    </div>
  );
}

function CodePage({ channel }: { channel: 'email' | 'phone' }) {
  const actor = SignInActor.useActorRef();
  const ctx = SignInActor.useSelector((st) => st.context);
  const inCodeStep = SignInActor.useSelector((st) => ['enteringCode', 'verifyingCode', 'resendingCode', 'signedIn'].some((v) => st.matches(v as 'enteringCode')));
  const choosing = SignInActor.useSelector((st) => st.matches('choosingChannel'));
  // Forward from the channel page to this code page: its code is still valid, so the step resumes without a send.
  const resumable = choosing && liveCode(ctx, channel) != null;
  useEffect(() => {
    if (resumable) actor.send({ type: 'CHOOSE', channel });
  }, [resumable, actor, channel]);

  if (!ctx.challenge) return <Navigate to={CREDENTIAL_PATHS[0]!} replace />;
  if (resumable) return null;
  if (!inCodeStep || ctx.channel !== channel) return <Navigate to={AUTH_MODE_PATH} replace />;
  return <CodeForm channel={channel} />;
}

function CodeForm({ channel }: { channel: 'email' | 'phone' }) {
  const s = useStyles();
  const actor = SignInActor.useActorRef();
  const track = useTrackClick();
  const ctx = SignInActor.useSelector((st) => st.context);
  const verifying = SignInActor.useSelector((st) => st.matches('verifyingCode') || st.matches('signedIn'));
  const resending = SignInActor.useSelector((st) => st.matches('resendingCode'));
  const [code, setCode] = useState('');
  const resendIn = useSecondsUntil(ctx.resendAt);
  const expiresIn = useSecondsUntil(ctx.expiresAt);
  const codeRef = useFocusOnMount<HTMLInputElement>();
  if (!ctx.challenge) return null;

  const where = ctx.code?.masked_destination ?? (channel === 'phone' ? ctx.challenge.masked.phone : ctx.challenge.masked.email);
  const mm = String(Math.floor(expiresIn / 60)).padStart(2, '0');
  const ss = String(expiresIn % 60).padStart(2, '0');

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1">{channel === 'phone' ? 'Enter the code sent to your phone' : 'Enter the code sent to your email'}</Title2>
        <Text as="p">We sent a 6-digit code to {where}.</Text>
        {expiresIn === 0 ? (
          <MessageBar intent="warning">
            <MessageBarBody>This code has expired. Ask for a new one.</MessageBarBody>
          </MessageBar>
        ) : (
          <Text size={200}>The code expires in {mm}:{ss}.</Text>
        )}
        <form
          className={s.form}
          aria-label="Verify code"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            track('Verify code');
            actor.send({ type: 'VERIFY', code });
          }}
        >
          <Field label="6-digit code" required validationMessage={ctx.error} validationState={ctx.error ? 'error' : 'none'}>
            <OneTimeCodeInput ref={codeRef} value={code} onChange={setCode} />
          </Field>
          <Button type="submit" appearance="primary" disabledFocusable={verifying} icon={verifying ? <Spinner size="tiny" /> : undefined}>
            {verifying ? 'Verifying…' : 'Verify'}
          </Button>
          <div className={s.row}>
            {/* Disabled with a live countdown of the real wait the server stated (the 60 s delay or the hourly cap). */}
            <Button
              type="button"
              disabledFocusable={resendIn > 0 || resending || verifying}
              aria-describedby={resendIn > 0 ? 'resend-code-wait' : undefined}
              onClick={() => {
                track('Resend code');
                setCode('');
                actor.send({ type: 'RESEND' });
              }}
            >
              {resending ? 'Sending…' : resendIn > 0 ? `Resend code in ${clock(resendIn)}` : 'Resend code'}
            </Button>
            <Link as="button" type="button" onClick={() => actor.send({ type: 'CHANGE_CHANNEL' })}>
              Choose another way
            </Link>
          </div>
          {resendIn > 0 && (
            <Text id="resend-code-wait" size={200}>
              You can ask for a new code in {waitInWords(resendIn)}.
            </Text>
          )}
        </form>
      </Card>
    </div>
  );
}

export const PhoneCodePage = () => <CodePage channel="phone" />;
export const EmailCodePage = () => <CodePage channel="email" />;
